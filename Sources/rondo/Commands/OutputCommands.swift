import RondoProtocol

extension Command {
    /// `volume`, `output`, `replaygain`.
    static let output: [Command] = [volume, outputDevice, replayGain]

    private static let replayGainModes = ReplayGainModeName.allCases.map(\.rawValue).joined(separator: "|")

    private static let replayGain = Command(
        name: ["replaygain"], arguments: "[\(replayGainModes)]",
        summary: "Show the ReplayGain mode or set it (auto: album gain in order, track gain shuffled)."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("replaygain takes at most one mode") }
        let result: ReplayGainState
        if let word = arguments.words.first {
            guard let mode = ReplayGainModeName(rawValue: word) else {
                throw arguments.usage("'\(word)' is not a ReplayGain mode: give one of \(replayGainModes)")
            }
            result = try global.call(Methods.PlayerSetReplayGain.self, PlayerSetReplayGainParams(mode: mode))
        } else {
            result = try global.call(Methods.PlayerReplayGainGet.self, Empty())
        }
        if global.json { return global.printJSON(result) }
        let clipping = result.preventClipping ? "clipping prevented" : "clipping allowed"
        print("replaygain: \(result.mode.rawValue), preamp \(result.preampDb) dB, \(clipping)")
    }

    private static let volume = Command(
        name: ["volume"], arguments: "[N|+N|-N]", summary: "Show the volume (0–100 %), set it to N or change it by N."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("volume takes at most one number") }
        let result: PlayerVolume
        if let text = arguments.words.first {
            let relative = text.hasPrefix("+") || text.hasPrefix("-")
            guard let percent = Double(relative ? String(text.dropFirst()) : text), percent.isFinite, percent >= 0,
                percent <= 100
            else { throw arguments.usage("'\(text)' is not a volume: give 0 to 100, or +N / -N to change it") }
            let params =
                relative
                ? PlayerSetVolumeParams(change: (text.hasPrefix("-") ? -percent : percent) / 100)
                : PlayerSetVolumeParams(volume: percent / 100)
            result = try global.call(Methods.PlayerSetVolume.self, params)
        } else {
            result = try global.call(Methods.PlayerVolumeGet.self, Empty())
        }
        if global.json { return global.printJSON(result) }
        print("volume: \(Format.percent(result.volume))")
    }

    private static let outputDevice = Command(
        name: ["output"], arguments: "[NAME|snapcast|default]",
        summary: "List the outputs, pin the music to one, send it to every room through Snapcast, or follow the default again."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("output takes at most one output name") }
        let result: PlayerOutputs
        if let name = arguments.words.first {
            result = try global.call(Methods.PlayerSetOutput.self, PlayerSetOutputParams(sink: name == "default" ? nil : name))
        } else {
            result = try global.call(Methods.PlayerOutputsGet.self, Empty())
        }
        if global.json { return global.printJSON(result) }
        let sinks = result.outputs.filter { $0.name != PlayerSetOutputParams.snapcast }
        if sinks.isEmpty, result.pinned != PlayerSetOutputParams.snapcast {
            print("no sinks: no audio server answers, or it has none")
        }
        for output in result.outputs {
            let marks = [output.inUse ? "playing here" : nil, output.isDefault ? "default" : nil].compactMap { $0 }
            let suffix = marks.isEmpty ? "" : "  (\(marks.joined(separator: ", ")))"
            print("\(output.inUse ? "*" : " ") \(output.name)  \(output.description)\(suffix)")
        }
        print(result.pinned.map { "pinned to \($0)" } ?? "following the default output")
    }
}
