import MPDProtocol
import Playback

/// The outputs as MPD lists and switches them: Rondo plays to one output at a time, so
/// `enableoutput` and `toggleoutput` move the music to another, and the one in use is never
/// turned off.
extension MPDCommands {
    static let outputCommands: [(String, Command)] = [
        (
            "outputs",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                for (index, sink) in await commands.outputs().enumerated() {
                    output.field("outputid", String(index))
                    output.field("outputname", sink.name)
                    output.field("plugin", sink.plugin)
                    output.field("outputenabled", sink.inUse ? "1" : "0")
                }
            }
        ),
        (
            "enableoutput",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.enableOutput(arguments[0], "enableoutput")
            }
        ),
        (
            "toggleoutput",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.toggleOutput(arguments[0])
            }
        ),
        (
            "disableoutput",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let (index, outputs) = try await commands.numbered(arguments[0], "disableoutput")
                guard !outputs[index].inUse else {
                    throw MPDAck(.argument, command: "disableoutput", "Rondo plays to one output at a time: enable another instead")
                }
            }
        ),
        (
            "outputset",
            Command(permission: .authorized, arguments: 3...3) { commands, arguments, _, _ throws(MPDAck) in
                _ = try await commands.numbered(arguments[0], "outputset")
                // Rondo's outputs have no attributes a client may set (MPD's `dop`, `allowed_formats`).
                throw MPDAck(.argument, command: "outputset", "Unsupported attribute")
            }
        ),
        (
            "moveoutput",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                // Every output is in the one partition there is already.
                guard await commands.outputs().contains(where: { $0.name == arguments[0] }) else {
                    throw MPDAck(.noExist, command: "moveoutput", "No such output")
                }
            }
        ),
    ]

    /// The outputs as MPD lists them: the audio server's sinks, or one output for playing to
    /// no sound card (or before the audio server answers), then the Snapcast server; `sink`
    /// is what `player.setOutput` takes for each.
    func outputs() async -> [(name: String, inUse: Bool, plugin: String, sink: String?)] {
        let all = await player.outputs().outputs
        let sinks = all.filter { $0.name != OutputChoice.snapcastName }
        let snapcast = all.filter { $0.name == OutputChoice.snapcastName }
        let listed =
            sinks.isEmpty
            ? [(name: "rondo", inUse: !snapcast.contains(where: \.inUse), plugin: "null", sink: String?.none)]
            : sinks.map { (name: $0.name, inUse: $0.inUse, plugin: "pulse", sink: Optional($0.name)) }
        return listed + snapcast.map { (name: $0.name, inUse: $0.inUse, plugin: "snapcast", sink: Optional($0.name)) }
    }

    /// `enableoutput`: the music moves to the output numbered `text`.
    func enableOutput(_ text: String, _ command: String) async throws(MPDAck) {
        let (index, outputs) = try await numbered(text, command)
        try await use(outputs[index].sink, command)
    }

    /// `toggleoutput`: the output in use cannot be turned off (Rondo plays to one at a
    /// time), another is moved to.
    func toggleOutput(_ text: String) async throws(MPDAck) {
        let (index, outputs) = try await numbered(text, "toggleoutput")
        guard !outputs[index].inUse else {
            throw MPDAck(.argument, command: "toggleoutput", "Rondo plays to one output at a time: enable another instead")
        }
        try await use(outputs[index].sink, "toggleoutput")
    }

    /// The output numbered `text`, with the list it is in.
    func numbered(_ text: String, _ command: String) async throws(MPDAck)
        -> (index: Int, outputs: [(name: String, inUse: Bool, plugin: String, sink: String?)])
    {
        let index = try Self.integer(text, command)
        let outputs = await outputs()
        guard outputs.indices.contains(index) else { throw MPDAck(.noExist, command: command, "No such audio output") }
        return (index, outputs)
    }

    /// Moves the player to `sink` (`nil`: the audio server's default).
    private func use(_ sink: String?, _ command: String) async throws(MPDAck) {
        do throws(PlayerCommandError) {
            _ = try await player.setOutput(OutputChoice(name: sink))
        } catch {
            throw Self.ack(error, command: command)
        }
    }
}
