import ArgumentParser
import RondoProtocol

/// `rondo play`.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start or resume playback.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try global.send(RemoteSendParams(command: .play)) }
}

/// `rondo pause`.
struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pause playback, keeping the position.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try global.send(RemoteSendParams(command: .pause)) }
}

/// `rondo toggle`.
struct Toggle: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pause when playing, else play.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try global.send(RemoteSendParams(command: .togglePlayPause)) }
}

/// `rondo stop`.
struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Stop playback and rewind the current item.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try global.send(RemoteSendParams(command: .stop)) }
}

/// `rondo next`.
struct Next: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Go to the next item.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try global.send(RemoteSendParams(command: .nextTrack)) }
}

/// `rondo previous`.
struct Previous: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Restart the item after 3 s of it have played, else go to the previous item.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try global.send(RemoteSendParams(command: .previousTrack)) }
}

/// `rondo seek SECONDS|+SECONDS|-SECONDS`.
struct Seek: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Seek to SECONDS, or by +SECONDS / -SECONDS from the current position.",
        usage: "rondo seek SECONDS | +SECONDS | -SECONDS")
    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: "Absolute seconds, or +S / -S relative.")
    var position: [String] = []

    func run() throws {
        // `.allUnrecognized` keeps the `--` of `rondo seek -- -5`; it only ends the options.
        let words = position.first == "--" ? Array(position.dropFirst()) : position
        guard words.count == 1, let text = words.first, let seconds = Double(text.trimmingPrefix("+")),
            seconds.isFinite
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
