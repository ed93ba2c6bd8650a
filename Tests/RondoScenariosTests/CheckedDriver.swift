import Focus
import RondoScenarios

/// An ``InProcessDriver`` that checks the arbiter's invariants after every request.
struct CheckedDriver: ScenarioDriver {
    var inner: InProcessDriver

    init(policy: FocusPolicy = .default) { inner = InProcessDriver(policy: policy) }

    mutating func open(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.open(name, request)
    }

    mutating func configure(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.configure(name, request)
    }

    mutating func activate(_ name: String) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.activate(name)
    }

    mutating func deactivate(_ name: String, notifyOthers: Bool) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.deactivate(name, notifyOthers: notifyOthers)
    }

    mutating func close(_ name: String) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.close(name)
    }

    mutating func loseRoute() throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.loseRoute()
    }

    mutating func restoreRoute() throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.restoreRoute()
    }

    mutating func wait(_ seconds: Double) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.wait(seconds)
    }

    mutating func spawn(_ program: ScenarioProgram) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.spawn(program)
    }

    mutating func end(_ id: String, killing: Bool) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.end(id, killing: killing)
    }

    mutating func setPaused(_ id: String, _ paused: Bool) throws(ScenarioDriverError) {
        defer { inner.arbiter._checkInvariants() }
        try inner.setPaused(id, paused)
    }

    func snapshot() -> ScenarioSnapshot { inner.snapshot() }

    mutating func takeEvents() -> [ScenarioEvent] { inner.takeEvents() }
}
