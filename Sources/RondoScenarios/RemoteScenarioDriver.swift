import Focus
import FocusWire
import Glibc
import RondoClient
import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a scenario's sessions on the live daemon, over its socket: in a sandbox of the
/// scenario's policy (the user's own playback is untouched), or with `live` on the daemon's
/// real arbiter.
///
/// Events come from the connection's `session` and `route` subscriptions. The daemon writes
/// the events a request causes before the request's reply, so once a call returns, every
/// event it caused is waiting: ``takeEvents()`` reads what is there without waiting.
///
/// Spawned programs (`+Programs`) run only on the real arbiter: the daemon adopts other
/// programs' streams there alone.
struct RemoteScenarioDriver: ScenarioDriver {
    let client: RondoClient
    /// The sandbox, `nil` when running on the real arbiter.
    let sandbox: String?
    /// The scenario's policy.
    let policy: String
    /// The daemon's id of each open session and running program's session, by name.
    var ids: [String: String] = [:]
    /// The name of each daemon id the scenario has used.
    var names: [String: String] = [:]
    /// The running programs, by id.
    var programs: [String: SpawnedProgram] = [:]

    /// Connects, subscribes and opens a sandbox under `policy` (unless `live`).
    /// - Throws: when the daemon cannot be reached or refuses the policy.
    init(socketPath: String, policy: String, live: Bool) throws(ScenarioDriverError) {
        self.policy = policy
        do {
            client = try RondoClient(socketPath: socketPath)
            _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session, .route]))
            sandbox = live ? nil : try client.call(Methods.SandboxOpen.self, SandboxOpenParams(policy: policy)).sandbox
        } catch {
            throw Self.failure(error)
        }
    }

    /// Ends the running programs, then closes the sandbox with its sessions, or on the real
    /// arbiter the scenario's own sessions.
    func finish() {
        endPrograms()
        if let sandbox {
            _ = try? client.call(Methods.SandboxClose.self, SandboxRef(sandbox: sandbox))
        } else {
            for (name, id) in ids where programs[name] == nil {
                _ = try? client.call(Methods.SessionClose.self, SessionRef(session: id))
            }
        }
    }

    mutating func open(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        guard ids[name] == nil else {
            throw ScenarioDriverError(code: ErrorCode.badParam.rawValue, message: "session \(name) is already open")
        }
        let params = SessionOpenParams(
            name: name, category: SessionCategoryName(request.category), mode: request.mode.map(SessionModeName.init),
            options: request.options.map(SessionOptionName.init), role: request.role.map(SessionRoleName.init),
            sandbox: sandbox)
        let id = try call(Methods.SessionOpen.self, params).session
        ids[name] = id
        names[id] = name
    }

    mutating func configure(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        let params = SessionConfigureParams(
            session: try id(of: name), category: SessionCategoryName(request.category),
            mode: request.mode.map(SessionModeName.init), options: request.options.map(SessionOptionName.init))
        _ = try call(Methods.SessionConfigure.self, params)
    }

    mutating func activate(_ name: String) throws(ScenarioDriverError) {
        _ = try call(Methods.SessionActivate.self, SessionRef(session: try id(of: name)))
    }

    mutating func deactivate(_ name: String, notifyOthers: Bool) throws(ScenarioDriverError) {
        _ = try call(
            Methods.SessionDeactivate.self, SessionDeactivateParams(session: try id(of: name), notifyOthers: notifyOthers))
    }

    mutating func close(_ name: String) throws(ScenarioDriverError) {
        let id = try id(of: name)
        _ = try call(Methods.SessionClose.self, SessionRef(session: id))
        ids[name] = nil
    }

    mutating func loseRoute() throws(ScenarioDriverError) {
        try route(.oldDeviceUnavailable)
    }

    mutating func restoreRoute() throws(ScenarioDriverError) {
        try route(.newDeviceAvailable)
    }

    /// Seconds between two reads of the live arbiter's sessions that must agree before a
    /// step's state is taken.
    static let settling = 0.05

    /// In a sandbox, its clock moves on at once; on the real arbiter, real time passes.
    mutating func wait(_ seconds: Double) throws(ScenarioDriverError) {
        if let sandbox {
            _ = try call(Methods.SandboxWait.self, SandboxWaitParams(sandbox: sandbox, seconds: seconds))
            return
        }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// The state after a step. On the live arbiter, what a step set off may still be under
    /// way when its own wait ends (the daemon plays a program's stream again just after the
    /// interruption's end that lets it): the list is read until two reads ``settling``
    /// seconds apart agree, for up to a second.
    mutating func snapshot() throws(ScenarioDriverError) -> ScenarioSnapshot {
        var sessions = try call(Methods.SessionList.self, Empty())
        if sandbox == nil {
            let deadline = ContinuousClock.now + .seconds(1)
            while ContinuousClock.now < deadline {
                usleep(UInt32(Self.settling * 1_000_000))
                let again = try call(Methods.SessionList.self, Empty())
                if again == sessions { break }
                sessions = again
            }
        }
        var states: [String: SessionState] = [:]
        var gains: [String: Double] = [:]
        for session in sessions {
            guard let name = names[session.session], ids[name] == session.session else { continue }
            states[name] = SessionState(session.state)
            gains[name] = session.gain
        }
        let style = try call(Methods.SessionPromptStyle.self, PromptStyleParams(sandbox: sandbox)).promptStyle
        return ScenarioSnapshot(states: states, gains: gains, promptStyle: PromptStyle(style))
    }

    mutating func takeEvents() throws(ScenarioDriverError) -> [ScenarioEvent] {
        var events: [ScenarioEvent] = []
        do {
            while let event = try client.nextEvent(timeout: 0) {
                if let translated = try translate(event) { events.append(translated) }
            }
        } catch {
            throw Self.failure(error)
        }
        return events
    }

    /// A daemon event in scenario terms, or `nil` when it is not about this scenario.
    /// - Throws: when the event's params do not fit it.
    private func translate(_ event: RondoClient.Event) throws(ClientError) -> ScenarioEvent? {
        if let change = try event.decode(Events.RouteChangedEvent.self) {
            return change.sandbox == sandbox ? .routeChanged(RouteChangeReason(change.reason)) : nil
        }
        if let style = try event.decode(Events.SessionPromptStyleEvent.self) {
            return style.sandbox == sandbox ? .promptStyle(PromptStyle(style.promptStyle)) : nil
        }
        if let interruption = try event.decode(Events.SessionInterruptionEvent.self) {
            guard let name = names[interruption.session] else { return nil }
            switch interruption.type {
            case .began:
                return .interruptionBegan(name, reason: interruption.reason.map(InterruptionReason.init) ?? .default)
            case .ended:
                return .interruptionEnded(name, shouldResume: interruption.shouldResume == true)
            }
        }
        if let gain = try event.decode(Events.SessionGainEvent.self) {
            return names[gain.session].map { .gain($0, gain.gain) }
        }
        if let advisory = try event.decode(Events.SessionAdvisoryEvent.self) {
            return names[advisory.session].map(ScenarioEvent.advisory)
        }
        return nil
    }

    private func route(_ reason: SandboxRouteChange) throws(ScenarioDriverError) {
        guard let sandbox else {
            throw ScenarioDriverError(
                code: ErrorCode.badParam.rawValue,
                message: "route-lost and route-restored run only in a sandbox; run the scenario without --live")
        }
        _ = try call(Methods.SandboxRoute.self, SandboxRouteParams(sandbox: sandbox, reason: reason))
    }

    private func id(of name: String) throws(ScenarioDriverError) -> String {
        guard let id = ids[name] else {
            throw ScenarioDriverError(code: ErrorCode.noSuchSession.rawValue, message: "no session \(name) is open")
        }
        return id
    }

    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(ScenarioDriverError) -> M.Result {
        do { return try client.call(method, params) } catch { throw Self.failure(error) }
    }

    /// A client failure as the runner reports it: the daemon's code, or `unreachable`.
    private static func failure(_ error: ClientError) -> ScenarioDriverError {
        switch error {
        case .rpc(let rpc): ScenarioDriverError(code: rpc.data?.code.rawValue ?? "rpc\(rpc.code)", message: rpc.message)
        default: ScenarioDriverError(code: ScenarioDriverError.daemonUnreachable, message: error.description)
        }
    }
}
