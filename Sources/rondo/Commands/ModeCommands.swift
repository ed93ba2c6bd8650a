import RondoProtocol

extension Command {
    /// `rate`, `shuffle`, `repeat`, `like`, `dislike`, `bookmark`.
    static let modes: [Command] = [rate, shuffle, repeatMode, feedback(.like), feedback(.dislike), feedback(.bookmark), sleepTimer]

    private static let rate = Command(
        name: ["rate"], arguments: "[RATE]", summary: "Set the playback rate, or step 1.0 → 1.5 → 2.0 → 0.5."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("rate takes at most one number") }
        var params = RemoteSendParams(command: .changePlaybackRate)
        if let text = arguments.words.first {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw arguments.usage("'\(text)' is not a rate (0.5, 1.0, 1.5 or 2.0)")
            }
            params.playbackRate = value
        }
        try global.send(params)
    }

    private static let shuffle = Command(
        name: ["shuffle"], arguments: "[off|items|collections]", summary: "Set the shuffle mode, or step to the next."
    ) { global, arguments throws(CLIFailure) in
        var params = RemoteSendParams(command: .changeShuffleMode)
        params.shuffleType = try arguments.optionalChoice(ShuffleTypeName.self)
        try global.send(params)
    }

    private static let repeatMode = Command(
        name: ["repeat"], arguments: "[off|one|all]", summary: "Set the repeat mode, or step off → all → one."
    ) { global, arguments throws(CLIFailure) in
        var params = RemoteSendParams(command: .changeRepeatMode)
        params.repeatType = try arguments.optionalChoice(RepeatTypeName.self)
        try global.send(params)
    }

    /// The command for `like`, `dislike` or `bookmark`, named as the remote command is.
    private static func feedback(_ command: RemoteCommandName) -> Command {
        let word = command.rawValue
        return Command(name: [word], arguments: "[on|off]", summary: "Mark the current item (\(word)); no value toggles.") {
            global, arguments throws(CLIFailure) in
            guard arguments.count <= 1 else { throw arguments.usage("\(word) takes at most one of on, off") }
            var params = RemoteSendParams(command: command)
            switch arguments.words.first {
            case nil: break
            case "on": params.isActive = true
            case "off": params.isActive = false
            case let other?: throw arguments.usage("'\(other)' is not on or off")
            }
            try global.send(params)
        }
    }
}
