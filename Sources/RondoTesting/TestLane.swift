import Foundation
public import Testing

/// The lanes the test suite runs in: `scripts/test.sh` runs every test; `scripts/test.sh
/// --fast` sets `RONDO_TEST_LANE=fast` and runs only the pure and unit suites, leaving out
/// the Integration target (the daemon as a process) and every suite marked
/// ``Testing/Trait/fullLane(_:)``.
public enum TestLane {
    /// Why a suite runs only in the full lane.
    public enum Reason: String, Sendable {
        /// It starts a real audio server (PulseAudio or PipeWire) and plays through it.
        case audioServer = "starts an audio server"
        /// It is a fuzz guard: thousands of hostile inputs, seconds to minutes.
        case fuzz = "a fuzz guard"
    }

    /// Whether this run is the fast lane.
    public static var isFast: Bool { ProcessInfo.processInfo.environment["RONDO_TEST_LANE"] == "fast" }
}

extension Tag {
    /// Suites that start a real audio server.
    @Tag public static var audioServer: Self
    /// Fuzz guards.
    @Tag public static var fuzz: Self
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite or test only in the full lane, for `reason`; tag it with the same name
    /// (`.tags(.audioServer)`) so reports group it.
    public static func fullLane(_ reason: TestLane.Reason) -> Self {
        .enabled(if: !TestLane.isFast, Comment(rawValue: "full lane only: \(reason.rawValue)"))
    }
}
