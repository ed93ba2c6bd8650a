import Glibc
import RondoClient
import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Command {
    /// `session list`, `session exec`, `prompt-style`, `prompt`.
    static let sessions: [Command] = [list, exec, promptStyle, prompt]

    private static let list = Command(
        name: ["session", "list"], arguments: "", summary: "List the audio sessions with their state and gain."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        let sessions = try global.call(Methods.SessionList.self, Empty())
        if global.json { return global.printJSON(sessions) }
        for session in sessions { print(Format.session(session)) }
    }

    private static let exec = Command(
        name: ["session", "exec"],
        arguments: "--category C [--mode M] [--option O]… [--role R] [--notify-others] -- COMMAND…",
        summary: "Run a command inside an active audio session: its sound is ducked or muted as others require,"
            + " and heard again when an interruption ends with shouldResume.",
        options: [
            CommandOption(name: "--category", value: "C"), CommandOption(name: "--mode", value: "M"),
            CommandOption(name: "--option", value: "O", repeatable: true), CommandOption(name: "--role", value: "R"),
            CommandOption(name: "--name", value: "NAME"), CommandOption(name: "--notify-others", value: nil),
        ],
        runsTrailingCommand: true
    ) { global, arguments throws(CLIFailure) in
        guard let category = arguments.value("--category") else { throw arguments.usage("--category is required") }
        guard arguments.isEmpty, let command = arguments.trailing, !command.isEmpty else {
            throw arguments.usage("give the command to run after --")
        }
        let client = try global.connect()
        let params: SessionOpenParams
        do throws(UnknownWireName) {
            let options = try arguments.values("--option").map { name throws(UnknownWireName) in try SessionOptionName(named: name) }
            params = SessionOpenParams(
                name: arguments.value("--name") ?? String(command[0].split(separator: "/").last ?? ""),
                category: try SessionCategoryName(named: category),
                mode: try arguments.value("--mode").map { name throws(UnknownWireName) in try SessionModeName(named: name) },
                options: options.isEmpty ? nil : options,
                role: try arguments.value("--role").map { name throws(UnknownWireName) in try SessionRoleName(named: name) })
        } catch {
            throw .domain(error.message)
        }
        let session: String
        do throws(ClientError) {
            session = try client.call(Methods.SessionOpen.self, params).session
            _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
            _ = try client.call(Methods.SessionActivate.self, SessionRef(session: session))
        } catch {
            throw CLIFailure(error)
        }
        var listening = true
        let status = SessionChild.run(command, session: session) {
            guard listening else {
                usleep(100_000)
                return
            }
            do throws(ClientError) {
                try resumeWhenAllowed(session, client: client)
            } catch {
                listening = false
                StandardError.write("rondo: \(error); \(command[0]) runs on outside its audio session")
            }
        }
        // The session ends even when the daemon refuses to call it idle (`isBusy`): the
        // command is gone, so nothing of it can still sound.
        _ = try? client.call(
            Methods.SessionDeactivate.self,
            SessionDeactivateParams(session: session, notifyOthers: arguments.flag("--notify-others")))
        _ = try? client.call(Methods.SessionClose.self, SessionRef(session: session))
        switch status {
        case .exited(let code) where code != 0: throw CLIFailure(message: nil, status: code)
        case .exited: break
        case .failedToStart(let message, let code): throw CLIFailure(message: message, status: code)
        case .signaled(let number):
            // Die of the same signal, so a shell loop around `rondo` stops on Ctrl-C too.
            signal(number, SIG_DFL)
            raise(number)
            throw CLIFailure(message: nil, status: 128 + number)
        }
    }

    /// Waits up to 0.1 s for an event; when the session's interruption ended with
    /// `shouldResume`, activates it again, so the command is heard again (as an app resumes).
    /// - Throws: when the connection to the daemon is lost.
    private static func resumeWhenAllowed(_ session: String, client: RondoClient) throws(ClientError) {
        guard let interruption = try client.nextEvent(timeout: 0.1)?.decode(Events.SessionInterruptionEvent.self),
            interruption.session == session, interruption.type == .ended, interruption.shouldResume == true
        else { return }
        _ = try? client.call(Methods.SessionActivate.self, SessionRef(session: session))
    }

    private static let promptStyle = Command(
        name: ["prompt-style"], arguments: "", summary: "Show how voice prompts should sound now: none, short or normal."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        let result = try global.call(Methods.SessionPromptStyle.self, PromptStyleParams())
        if global.json { return global.printJSON(result) }
        print(result.promptStyle.rawValue)
    }

    private static let prompt = Command(
        name: ["prompt"], arguments: "FILE [--respect-prompt-style]",
        summary: "Play a voice prompt over what plays (music ducks, spoken audio pauses); returns once it was heard.",
        options: [CommandOption(name: "--respect-prompt-style", value: nil)]
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        let file =
            arguments[0].hasPrefix("/")
            ? arguments[0] : FileManager.default.currentDirectoryPath + "/" + arguments[0]
        let result = try global.call(
            Methods.PromptPlay.self,
            PromptPlayParams(file: file, respectPromptStyle: arguments.flag("--respect-prompt-style") ? true : nil))
        if global.json { return global.printJSON(result) }
        print("played: \(result.played.rawValue)")
    }
}
