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
    /// Tests whose outcome can differ from one audio server to another: see
    /// ``Testing/Trait/dependsOnAudioServer(_:)``.
    @Tag public static var dependsOnAudioServer: Self
    /// Tests that play through an audio server but whose outcome cannot differ from one to
    /// another: see ``Testing/Trait/sameOnEveryAudioServer(_:)``.
    @Tag public static var sameOnEveryAudioServer: Self
}

extension Trait where Self == Tag.List {
    /// Marks a suite or test whose outcome depends on the audio server it plays through —
    /// stream timing, volumes, device events, restarts, levels heard at the monitor — for
    /// `reason`, one line saying which. `scripts/test.sh` runs these tests a second time on
    /// PipeWire, and at full priority beside the other tests (their ears are timed).
    /// `docs/TESTING.md` lists them with their reasons.
    public static func dependsOnAudioServer(_ reason: String) -> Self { .tags(.dependsOnAudioServer) }

    /// Marks a suite or test that plays through an audio server but whose outcome cannot
    /// differ from one server to another, for `reason` (one line: what it checks instead);
    /// it runs on PulseAudio only. Every suite that touches an audio server carries this
    /// or ``dependsOnAudioServer(_:)`` (`AudioServerLaneTests` holds them to it).
    public static func sameOnEveryAudioServer(_ reason: String) -> Self { .tags(.sameOnEveryAudioServer) }
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite or test only in the full lane, for `reason`; tag it with the same name
    /// (`.tags(.audioServer)`) so reports group it.
    public static func fullLane(_ reason: TestLane.Reason) -> Self {
        .enabled(if: !TestLane.isFast, Comment(rawValue: "full lane only: \(reason.rawValue)"))
    }
}

extension Trait where Self == ParallelizationTrait {
    /// Runs the suite's tests one after another, for `reason`, one line saying why they
    /// cannot overlap. Suites that each start their own private servers run their tests in
    /// parallel otherwise; `scripts/test.sh` runs a serialized suite as one process.
    public static func serialized(_ reason: String) -> Self { .serialized }
}
