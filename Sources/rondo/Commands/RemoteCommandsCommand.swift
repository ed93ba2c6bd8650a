import RondoProtocol

extension Command {
    /// `commands [enable|disable NAME]`.
    static let remoteCenter: [Command] = [list, enable, disable]

    private static let list = Command(
        name: ["commands"], arguments: "", summary: "List the remote commands and their properties."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.isEmpty else { throw arguments.usage("unknown commands action '\(arguments[0])'; use enable or disable") }
        let commands = try global.call(Methods.RemoteList.self, Empty())
        if global.json { return global.printJSON(commands) }
        for info in commands { print(Format.remoteCommand(info)) }
    }

    private static let enable = toggle("enable", true)
    private static let disable = toggle("disable", false)

    private static func toggle(_ word: String, _ enabled: Bool) -> Command {
        Command(name: ["commands", word], arguments: "NAME", summary: "\(word.prefix(1).uppercased() + word.dropFirst()) a remote command.") {
            global, arguments throws(CLIFailure) in
            try arguments.expect(1)
            guard let command = RemoteCommandName(rawValue: arguments[0]) else {
                throw arguments.usage(
                    "unknown command '\(arguments[0])'; one of: \(RemoteCommandName.allCases.map(\.rawValue).joined(separator: " "))")
            }
            _ = try global.call(Methods.RemoteSetEnabled.self, RemoteSetEnabledParams(command: command, enabled: enabled))
        }
    }
}
