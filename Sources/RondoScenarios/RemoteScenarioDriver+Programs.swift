import Glibc
import RondoClient
import RondoProtocol
import Spawning

/// Spawned programs on the daemon's real arbiter (SPEC §16 "Scenarios"): each is started
/// with its stream properties, and its session is the foreign session `session.list` shows
/// for its pid or one of its descendants'. A native PipeWire client's stream, seen through
/// pipewire-pulse, carries no pid: then its session is the one that appeared after the
/// program started, with no pid and the role the program's properties give. Every change
/// waits, up to
/// ``programDeadline``, until the daemon shows its effect, so that the events it caused
/// have arrived before the step's are taken.
extension RemoteScenarioDriver {
    /// Seconds a program's stream has to become a session, and an ended one's to go.
    static let programDeadline = 5.0
    /// Seconds a program's session has to activate once listed before it counts as refused
    /// (inactive, its stream muted until it may play).
    static let refusalGrace = 1.0

    mutating func spawn(_ program: ScenarioProgram) throws(ScenarioDriverError) {
        guard sandbox == nil else {
            throw Self.programFailure(
                "\(program.id) is a real program: the daemon adopts its stream on its live arbiter only, "
                    + "never in a scenario's sandbox; run the scenario with --live")
        }
        let info = try call(Methods.DaemonInfoMethod.self, Empty())
        guard info.policy == policy else {
            throw Self.programFailure(
                "the scenario runs under policy \(policy), but the daemon's live arbiter, which adopts "
                    + "\(program.id)'s stream, is under policy \(info.policy); start rondod with --policy \(policy)")
        }
        let before = Set(try call(Methods.SessionList.self, Empty()).filter { $0.foreign != nil }.map(\.session))
        let spawned = try SpawnedProgram(program, server: info.pulse.server)
        programs[program.id] = spawned
        let session = try adoptedSession(of: spawned, notAmong: before)
        ids[program.id] = session
        names[session] = program.id
    }

    mutating func end(_ id: String, killing: Bool) throws(ScenarioDriverError) {
        guard let spawned = programs[id], let session = ids[id] else {
            throw Self.programFailure("no program \(id) runs")
        }
        spawned.end(killing: killing)
        spawned.removeDirectory()
        programs[id] = nil
        ids[id] = nil
        let gone = try waitForSessions { sessions in sessions.contains { $0.session == session } ? nil : true }
        guard gone != nil else {
            throw Self.programFailure(
                "\(id) has ended, but its session \(session) is still listed after \(Self.programDeadline) s")
        }
    }

    mutating func setPaused(_ id: String, _ paused: Bool) throws(ScenarioDriverError) {
        guard let spawned = programs[id], let session = ids[id] else {
            throw Self.programFailure("no program \(id) runs")
        }
        try spawned.send("{\"command\":[\"set_property\",\"pause\",\(paused)]}")
        if paused {
            let stopped = try waitForSessions { sessions in
                sessions.first { $0.session == session }.flatMap { $0.state == .inactive ? true : nil }
            }
            guard stopped != nil else {
                throw Self.programFailure(
                    "\(id) was paused, but its session \(session) did not turn inactive within "
                        + "\(Self.programDeadline) s: does it cork its stream when paused?")
            }
        } else {
            // A refused session stays inactive: give it the grace a new program gets.
            _ = try waitForSessions(upTo: Self.refusalGrace) { sessions in
                sessions.first { $0.session == session }.flatMap { $0.state != .inactive ? true : nil }
            }
        }
    }

    /// Ends every running program, and waits (up to ``programDeadline``) until their
    /// sessions have gone with their streams: what runs next (the next scenario) must not
    /// meet a call that is still ending.
    func endPrograms() {
        for spawned in programs.values {
            spawned.end(killing: false, grace: 1)
            spawned.removeDirectory()
        }
        let sessions = Set(programs.keys.compactMap { ids[$0] })
        guard !sessions.isEmpty else { return }
        _ = try? waitForSessions { listed in listed.contains { sessions.contains($0.session) } ? nil : true }
    }

    /// The daemon's id of the foreign session of `spawned`'s stream, once it is listed and
    /// active (or listed for ``refusalGrace`` without activating).
    /// - Parameters:
    ///   - spawned: the program.
    ///   - before: the foreign sessions listed before it started.
    /// - Throws: ``ScenarioDriverError/programFailed`` when the program exits first or no
    ///   session appears in time.
    private func adoptedSession(of spawned: SpawnedProgram, notAmong before: Set<String>) throws(ScenarioDriverError)
        -> String
    {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(Self.programDeadline * 1000)))
        var listed: (session: String, since: ContinuousClock.Instant)?
        let role = spawned.program.properties["media.role"]?.lowercased()
        while ContinuousClock.now < deadline {
            let sessions = try call(Methods.SessionList.self, Empty()).filter {
                $0.foreign != nil && names[$0.session] == nil
            }
            if !sessions.isEmpty {
                let pids = spawned.pids
                let unnamed = sessions.filter {
                    $0.foreign?.pid == nil && !before.contains($0.session) && $0.foreign?.mediaRole?.lowercased() == role
                }
                let found =
                    sessions.first { $0.foreign?.pid.map(pids.contains) == true } ?? (unnamed.count == 1 ? unnamed.first : nil)
                if let found {
                    let since = listed.flatMap { $0.session == found.session ? $0.since : nil } ?? ContinuousClock.now
                    if found.state != .inactive || ContinuousClock.now - since >= .milliseconds(Int(Self.refusalGrace * 1000)) {
                        return found.session
                    }
                    listed = (found.session, since)
                }
            }
            guard spawned.process.isRunning else {
                let status = spawned.process.wait()
                throw Self.programFailure(
                    "\(spawned.program.id) exited with status \(status) before the daemon adopted its stream"
                        + (spawned.lastErrorLine.map { ": \($0)" } ?? ""))
            }
            usleep(20_000)
        }
        throw Self.programFailure(
            "no session became of \(spawned.program.id)'s stream within \(Self.programDeadline) s: check that it plays "
                + "on the daemon's audio server and that an [[adopt]] rule of policy \(policy) takes its properties"
                + (spawned.lastErrorLine.map { " (it said: \($0))" } ?? ""))
    }

    /// Lists the sessions until `found` gives a value or `seconds` pass.
    /// - Returns: the value, `nil` when time ran out.
    private func waitForSessions<Value>(
        upTo seconds: Double = programDeadline, _ found: ([SessionInfo]) -> Value?
    ) throws(ScenarioDriverError) -> Value? {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
        repeat {
            if let value = found(try call(Methods.SessionList.self, Empty())) { return value }
            usleep(20_000)
        } while ContinuousClock.now < deadline
        return nil
    }

    private static func programFailure(_ message: String) -> ScenarioDriverError {
        ScenarioDriverError(code: ScenarioDriverError.programFailed, message: message)
    }
}
