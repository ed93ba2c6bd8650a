import Focus

/// Carries a scenario's actions out on an arbiter and reports what followed: in process
/// (``InProcessDriver``), or on the daemon in a sandbox under the scenario's policy.
///
/// Sessions are named by the scenario's names; mapping them to the arbiter's identities is
/// the driver's business. Requirements are called from one thread, one at a time, in the
/// order the scenario says. A request the arbiter refuses throws ``ScenarioDriverError`` with
/// its SPEC §9 code; the runner records it as the step's error and carries on. Any other
/// throw (from ``snapshot()`` or ``takeEvents()``, or a transport failure) stops the run.
public protocol ScenarioDriver {
    /// Opens session `name`, inactive, as `request` asks.
    ///
    /// The arbiter validates the combination: an option the category refuses is `badParam`,
    /// a mode it does not support falls back to `default`. A name that is open is `badParam`.
    /// - Parameters:
    ///   - name: the scenario's name for the session.
    ///   - request: its category, mode, options and role.
    /// - Throws: the arbiter's refusal.
    mutating func open(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError)

    /// Gives open session `name` the category, mode and options of `request`; its role stays
    /// (`request.role` is `nil`). An active session is engaged again under the new
    /// configuration at once (``FocusEvent/configure(_:_:)``).
    /// - Parameters:
    ///   - name: the session.
    ///   - request: the new category, mode and options.
    /// - Throws: `noSuchSession`, `badParam`, or a priority refusal.
    mutating func configure(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError)

    /// Activates session `name`; already active is a success that changes nothing.
    /// - Parameter name: the session.
    /// - Throws: `noSuchSession`, or a priority refusal such as `insufficientPriority`.
    mutating func activate(_ name: String) throws(ScenarioDriverError)

    /// Deactivates session `name`, ending the interruptions it caused when `notifyOthers`.
    /// - Parameters:
    ///   - name: the session.
    ///   - notifyOthers: whether the sessions it interrupted are told their interruption ended.
    /// - Throws: `noSuchSession`; `isBusy` when it was still producing sound (it is deactivated anyway).
    mutating func deactivate(_ name: String, notifyOthers: Bool) throws(ScenarioDriverError)

    /// Closes session `name`: deactivates it with notify-others and forgets it. Its name may
    /// be opened again afterwards.
    /// - Parameter name: the session.
    /// - Throws: `noSuchSession`.
    mutating func close(_ name: String) throws(ScenarioDriverError)

    /// Makes the sink the sessions play to disappear.
    /// - Throws: when the arbiter cannot be reached.
    mutating func loseRoute() throws(ScenarioDriverError)

    /// Makes a sink appear.
    /// - Throws: when the arbiter cannot be reached.
    mutating func restoreRoute() throws(ScenarioDriverError)

    /// Lets `seconds` pass on the arbiter's clock, so that advisories due within them are
    /// sent. A driver on a real clock sleeps; nothing happens to the sessions meanwhile.
    /// - Parameter seconds: zero or more.
    /// - Throws: when the arbiter cannot be reached.
    mutating func wait(_ seconds: Double) throws(ScenarioDriverError)

    /// Starts `program`; its stream's session, which the policy's `[[adopt]]` rules give, is
    /// named `program.id` from now on (SPEC §16). The session activates as its stream plays;
    /// a session the arbiter refuses stays inactive, its stream muted, until it may play.
    /// - Parameter program: the program, its stream properties and its tone.
    /// - Throws: ``ScenarioDriverError/programFailed`` when the program cannot start or no
    ///   session becomes of its stream; the run stops.
    mutating func spawn(_ program: ScenarioProgram) throws(ScenarioDriverError)

    /// Ends spawned program `id`, with SIGTERM and a wait for it to exit, or with SIGKILL as
    /// a crash would (`killing`); its session closes, as its stream goes.
    /// - Parameters:
    ///   - id: the program's id.
    ///   - killing: whether it is killed instead of asked to stop.
    /// - Throws: ``ScenarioDriverError/programFailed`` when it does not end or its session stays.
    mutating func end(_ id: String, killing: Bool) throws(ScenarioDriverError)

    /// Makes spawned program `id` pause itself (its stream corks: its session deactivates
    /// with notify-others) or play again (its session activates, or stays inactive and muted
    /// when the arbiter refuses).
    /// - Parameters:
    ///   - id: the program's id.
    ///   - paused: whether it pauses or plays.
    /// - Throws: ``ScenarioDriverError/programFailed`` when it cannot be reached or its session
    ///   does not follow.
    mutating func setPaused(_ id: String, _ paused: Bool) throws(ScenarioDriverError)

    /// Each open session's state and gain, and the prompt style, now.
    /// - Returns: the snapshot, keyed by the scenario's session names.
    /// - Throws: when the arbiter cannot be reached; the run stops.
    mutating func snapshot() throws(ScenarioDriverError) -> ScenarioSnapshot

    /// The events since the last call, in the order they happened, as SPEC §8 lists them:
    /// interruptions beginning and ending, gain changes, prompt-style changes, route changes,
    /// advisories, and sessions deactivated by something other than their own request — every
    /// event the requests made so far have caused, so a driver over a connection must make
    /// sure those have arrived. A request's own activation or deactivation of its session is
    /// not an event; ``ScenarioEvent/activated(_:)`` is the runner's own.
    /// - Returns: the events, oldest first; empty when nothing happened.
    /// - Throws: when the arbiter cannot be reached; the run stops.
    mutating func takeEvents() throws(ScenarioDriverError) -> [ScenarioEvent]
}
