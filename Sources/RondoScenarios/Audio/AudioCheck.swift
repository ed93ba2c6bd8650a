import Focus
import Glibc

/// One session's tone as heard at the sink's monitor after one step, beside the level its
/// state calls for.
///
/// An `active` session is heard at its reference level; a `ducked` one at its reference
/// plus `20·log10(gain)`; an `interrupted` or `inactive` one not at all (below −50 dBFS, as
/// the tones of other sessions leak a little into its band). The reference is the session's
/// level measured the first time it is heard active; until then it is the level the tone is
/// generated at, and that first measurement is only required to be heard.
struct AudioCheck {
    /// How far a level may be from the one expected, in dB.
    static let tolerance = 1.5
    /// The level under which a session counts as silent, in dBFS.
    static let silence = -50.0

    /// The session's name in the scenario.
    let session: String
    /// Its state after the step.
    let state: SessionState
    /// Its tone's frequency in hertz.
    let frequency: Double
    /// The level heard at that frequency, in dBFS.
    let measured: Double
    /// Its reference level, in dBFS; `nil` while this measurement establishes it.
    let reference: Double?
    /// Its gain after the step.
    let gain: Double

    /// The level a `ducked` or `active` session should be heard at, in dBFS; `nil` when the
    /// session should be silent or this measurement establishes the reference.
    var expectedLevel: Double? {
        guard state.isActive, let reference else { return nil }
        return state == .ducked ? reference + 20 * log10(gain) : reference
    }

    /// Whether the session was heard as its state calls for.
    var passed: Bool {
        if !state.isActive { return measured < Self.silence }
        guard let expectedLevel else { return measured >= Self.silence }
        return abs(measured - expectedLevel) <= Self.tolerance
    }

    /// The check as a row of the step's comparison: `music heard = -33.5 dBFS ±1.5`.
    var row: ScenarioComparisonRow {
        let expected: String
        if !state.isActive {
            expected = "\(session) heard < \(Self.decibels(Self.silence)) dBFS (\(state.rawValue))"
        } else if let expectedLevel {
            expected =
                "\(session) heard = \(Self.decibels(expectedLevel)) dBFS ±\(Self.decibels(Self.tolerance))"
                + " (\(state.rawValue))"
        } else {
            expected = "\(session) heard ≥ \(Self.decibels(Self.silence)) dBFS (active)"
        }
        return ScenarioComparisonRow(
            expected: expected, actual: "\(session) heard = \(Self.decibels(measured)) dBFS", matches: passed)
    }

    /// The check as a line under a passing step:
    /// `♪ music 300 Hz ducked: -33.5 dBFS, -10.5 dB from reference -23.0 dBFS (expected -10.5 ±1.5)`.
    var line: String {
        let head = "  ♪ \(session) \(Int(frequency)) Hz \(state.rawValue): \(Self.decibels(measured)) dBFS"
        guard state.isActive else { return head + " (expected < \(Self.decibels(Self.silence)))" }
        guard let reference else { return head + " (reference)" }
        let difference = Self.decibels(measured - reference)
        let wanted = Self.decibels((expectedLevel ?? reference) - reference)
        return head
            + ", \(difference) dB from reference \(Self.decibels(reference)) dBFS"
            + " (expected \(wanted) ±\(Self.decibels(Self.tolerance)))"
    }

    /// `level` in dB with one decimal, as reports write it: `-25.6`.
    private static func decibels(_ level: Double) -> String {
        let tenths = Int((level * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
