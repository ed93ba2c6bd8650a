import Focus

/// What one step of a scenario does (SPEC §8), written as its `do` string, or a program it
/// starts (a `spawn` step, SPEC §16).
public enum ScenarioAction: Equatable, Sendable, CustomStringConvertible {
    /// `open NAME CATEGORY [MODE] [OPTION…] [role=ROLE]`: opens an inactive session.
    case open(String, SessionRequest)
    /// `configure NAME CATEGORY [MODE] [OPTION…]`: gives a session a new category, mode and
    /// options; its role stays.
    case configure(String, SessionRequest)
    /// `activate NAME`.
    case activate(String)
    /// `deactivate NAME [notify-others]`.
    case deactivate(String, notifyOthers: Bool)
    /// `close NAME`: deactivates with notify-others and forgets the session.
    case close(String)
    /// `route-lost`: the sink the sessions play to disappears.
    case routeLost
    /// `route-restored`: a sink appears.
    case routeRestored
    /// `wait SECONDS`: time passes, so time-based advisories may come due.
    case wait(Double)
    /// A `spawn` step: starts a real program, whose stream the daemon adopts as a session.
    case spawn(ScenarioProgram)
    /// `stop ID`: ends a spawned program with SIGTERM and waits for it to exit.
    case stop(String)
    /// `kill ID`: ends a spawned program with SIGKILL, as a crash would.
    case kill(String)
    /// `pause ID`: the spawned program pauses itself (mpv over its JSON IPC): its stream corks.
    case pause(String)
    /// `play ID`: the paused program plays again: its stream uncorks.
    case play(String)

    /// The session the action acts on, if any.
    public var subject: String? {
        switch self {
        case .open(let name, _), .configure(let name, _), .activate(let name), .deactivate(let name, _),
            .close(let name), .stop(let name), .kill(let name), .pause(let name), .play(let name):
            name
        case .spawn(let program):
            program.id
        case .routeLost, .routeRestored, .wait:
            nil
        }
    }

    /// The action as a `do` string in its canonical spelling.
    public var description: String {
        switch self {
        case .open(let name, let request): (["open", name] + request.words).joined(separator: " ")
        case .configure(let name, let request): (["configure", name] + request.words).joined(separator: " ")
        case .activate(let name): "activate \(name)"
        case .deactivate(let name, let notifyOthers): "deactivate \(name)" + (notifyOthers ? " notify-others" : "")
        case .close(let name): "close \(name)"
        case .routeLost: "route-lost"
        case .routeRestored: "route-restored"
        case .wait(let seconds): "wait \(Self.seconds(seconds))"
        case .spawn(let program): "spawn \(program)"
        case .stop(let id): "stop \(id)"
        case .kill(let id): "kill \(id)"
        case .pause(let id): "pause \(id)"
        case .play(let id): "play \(id)"
        }
    }

    /// `seconds` as written: `3` rather than `3.0`.
    private static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
