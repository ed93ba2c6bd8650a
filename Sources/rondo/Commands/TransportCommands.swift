import RondoProtocol

extension Command {
    /// `pause`, `toggle`, `stop`, `next`, `previous`, `seek` (`play` is with the library commands).
    static let transport: [Command] = [
        remote("pause", .pause, "Pause playback, keeping the position."),
        remote("toggle", .togglePlayPause, "Pause when playing, else play."),
        remote("stop", .stop, "Stop playback and rewind the current item."),
        remote("next", .nextTrack, "Go to the next item."),
        remote("previous", .previousTrack, "Restart the item after its first 3 s, else go back one."),
        seek,
    ]

    private static func remote(_ word: String, _ command: RemoteCommandName, _ summary: String) -> Command {
        Command(name: [word], arguments: "", summary: summary) { global, arguments throws(CLIFailure) in
            guard arguments.isEmpty else { throw CLIFailure.usage("\(word) takes no arguments") }
            try global.send(RemoteSendParams(command: command))
        }
    }

    private static let seek = Command(
        name: ["seek"], arguments: "[+|-]SECONDS",
        summary: "Seek to SECONDS, or by +SECONDS / -SECONDS from here."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count == 1, let text = arguments.words.first, let seconds = Double(text.trimmingPrefix("+")),
            seconds.isFinite, !text.hasPrefix("+-")
        else { throw CLIFailure.usage("seek takes one number: SECONDS, +SECONDS or -SECONDS") }
        if text.hasPrefix("+") {
            try global.send(RemoteSendParams(command: .skipForward, interval: seconds))
        } else if text.hasPrefix("-") {
            try global.send(RemoteSendParams(command: .skipBackward, interval: -seconds))
        } else {
            try global.send(RemoteSendParams(command: .changePlaybackPosition, positionTime: seconds))
        }
    }
}
