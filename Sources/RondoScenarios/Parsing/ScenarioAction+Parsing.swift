import Focus
import TOMLReading

extension ScenarioAction {
    /// The action words in the order messages list them.
    static let verbs = [
        "open", "configure", "activate", "deactivate", "close", "route-lost", "route-restored", "wait", "stop", "kill",
        "pause", "play",
    ]

    /// Reads a `do` string.
    /// - Parameters:
    ///   - text: the string, words separated by spaces.
    ///   - known: the sessions declared or opened by earlier steps, and the programs they
    ///     spawned, in that order.
    ///   - programs: the programs earlier steps spawned.
    ///   - ended: the ids of those that a `stop` or `kill` ended.
    /// - Throws: a problem naming the unknown action, session, program or word and what to write.
    init(parsing text: String, known: [String], programs: [ScenarioProgram] = [], ended: Set<String> = [])
        throws(ScenarioProblem)
    {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let verb = words.first else {
            throw ScenarioProblem("do must name an action; use \(Self.verbs.listed(joinedBy: "or"))")
        }
        let arguments = Array(words.dropFirst())
        switch verb {
        case "open":
            let (name, request) = try Self.request(arguments, verb: verb, allowsRole: true)
            try SessionName.check(name)
            guard !programs.contains(where: { $0.id == name }) else {
                throw ScenarioProblem("\"\(name)\" is the id of a spawned program; open a session of another name")
            }
            self = .open(name, request)
        case "configure":
            let (name, request) = try Self.request(arguments, verb: verb, allowsRole: false)
            self = .configure(try Self.session(name, known: known, programs: programs), request)
        case "activate", "close":
            guard arguments.count == 1 else {
                throw ScenarioProblem("\"\(verb)\" takes one session name, e.g. \"\(verb) music\"")
            }
            let name = try Self.session(arguments[0], known: known, programs: programs)
            self = verb == "activate" ? .activate(name) : .close(name)
        case "deactivate":
            self = try Self.deactivation(arguments, known: known, programs: programs)
        case "stop", "kill", "pause", "play":
            self = try Self.programAction(verb, arguments, programs: programs.filter { !ended.contains($0.id) })
        case "route-lost", "route-restored":
            guard arguments.isEmpty else { throw ScenarioProblem("\"\(verb)\" takes nothing after it") }
            self = verb == "route-lost" ? .routeLost : .routeRestored
        case "wait":
            self = .wait(try Self.seconds(arguments))
        default:
            throw ScenarioProblem("unknown action \"\(verb)\"; use \(Self.verbs.listed(joinedBy: "or"))")
        }
    }

    /// `name`, checked to be a known session and not a spawned program, whose session is
    /// the daemon's to drive.
    private static func session(_ name: String, known: [String], programs: [ScenarioProgram]) throws(ScenarioProblem)
        -> String
    {
        guard !programs.contains(where: { $0.id == name }) else {
            throw ScenarioProblem(
                "\"\(name)\" is a spawned program: its session follows its stream; use stop, kill, pause or play")
        }
        guard known.contains(name) else { throw .unknownSession(name, known: known) }
        return name
    }

    /// `stop ID`, `kill ID`, `pause ID` or `play ID`, of a program an earlier step spawned
    /// and none ended (`running`); `pause` and `play` only of one that takes an mpv JSON IPC
    /// socket.
    private static func programAction(_ verb: String, _ arguments: [String], programs running: [ScenarioProgram])
        throws(ScenarioProblem) -> Self
    {
        guard arguments.count == 1 else {
            throw ScenarioProblem("\"\(verb)\" takes the id of a spawned program, e.g. \"\(verb) call\"")
        }
        let id = arguments[0]
        guard let program = running.first(where: { $0.id == id }) else {
            let listing =
                running.isEmpty ? "none runs" : "running: \(running.map(\.id).joined(separator: ", "))"
            throw ScenarioProblem(
                "\"\(verb)\" takes the id of a program an earlier spawn step started and no step ended, "
                    + "not \"\(id)\" (\(listing))")
        }
        switch verb {
        case "stop": return .stop(id)
        case "kill": return .kill(id)
        default:
            guard program.isControllable else {
                throw ScenarioProblem(
                    "\"\(verb) \(id)\" needs a program listening on mpv's JSON IPC; give it "
                        + "\"--input-ipc-server=\(ScenarioProgram.ipcPlaceholder)\" in its spawn command")
            }
            return verb == "pause" ? .pause(id) : .play(id)
        }
    }

    private static func deactivation(_ arguments: [String], known: [String], programs: [ScenarioProgram])
        throws(ScenarioProblem) -> Self
    {
        guard (1...2).contains(arguments.count) else {
            throw ScenarioProblem(
                "\"deactivate\" takes a session name and optionally notify-others, e.g. \"deactivate nav notify-others\""
            )
        }
        let name = try session(arguments[0], known: known, programs: programs)
        guard arguments.count == 1 || arguments[1] == "notify-others" else {
            throw ScenarioProblem(
                "unknown word \"\(arguments[1])\" after \"deactivate \(name)\"; write notify-others or nothing")
        }
        return .deactivate(name, notifyOthers: arguments.count == 2)
    }

    private static func seconds(_ arguments: [String]) throws(ScenarioProblem) -> Double {
        guard arguments.count == 1, let seconds = Double(arguments[0]) else {
            throw ScenarioProblem("\"wait\" takes a number of seconds, e.g. \"wait 3.5\"")
        }
        guard seconds.isFinite, seconds >= 0 else {
            throw ScenarioProblem("wait takes zero or more seconds, not \(arguments[0])")
        }
        return seconds
    }

    /// The session name and configuration of an `open` or `configure` action.
    private static func request(_ arguments: [String], verb: String, allowsRole: Bool) throws(ScenarioProblem)
        -> (String, SessionRequest)
    {
        guard arguments.count >= 2 else {
            throw ScenarioProblem(
                "\"\(verb)\" takes a session name, a category and optionally a mode and options, "
                    + "e.g. \"\(verb) nav playback voicePrompt duckOthers\"")
        }
        var request = SessionRequest(category: try named(arguments[1], noun: "category"))
        for word in arguments.dropFirst(2) {
            try request.add(word, allowsRole: allowsRole)
        }
        return (arguments[0], request)
    }

    /// The value named `text`, or a problem listing the names there are.
    static func named<Value: CaseIterable & RawRepresentable>(_ text: String, noun: String) throws(ScenarioProblem)
        -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            throw ScenarioProblem(
                "unknown \(noun) \"\(text)\"; use \(Value.allCases.map(\.rawValue).listed(joinedBy: "or"))")
        }
        return value
    }
}
