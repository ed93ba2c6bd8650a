import Foundation
import MPDProtocol
import RondoTesting
import Testing

/// Seconds print with three decimals, rounded half away from zero; a negative value prints
/// as zero.
struct MPDNumberTests {
    /// The table of values and how they print.
    @Test(arguments: [
        (0.0, "0.000"),
        (1.2345, "1.235"),
        (0.0005, "0.001"),
        (0.0004, "0.000"),
        (59.9995, "60.000"),
        (12.3, "12.300"),
        (12.05, "12.050"),
        (180.0, "180.000"),
        (3_600.007, "3600.007"),
        (1_000_000.0, "1000000.000"),
        (-0.0001, "0.000"),
        (-5.0, "0.000"),
        (-Double.infinity, "0.000"),
        (Double.nan, "0.000"),
    ])
    func seconds(value: Double, printed: String) {
        #expect(MPDNumber.seconds(value) == printed)
    }
}
