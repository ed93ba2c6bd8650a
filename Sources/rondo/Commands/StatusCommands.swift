import ArgumentParser
import RondoProtocol

/// `rondo status`.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the playback state and the current item in one line.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let state = try global.call(Methods.NowPlayingGet.self, Empty())
        if global.json { return global.printJSON(state) }
        print(Format.statusLine(state))
    }
}

/// `rondo now-playing`.
struct NowPlaying: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now-playing", abstract: "Show the now-playing dictionary, one key per line.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let state = try global.call(Methods.NowPlayingGet.self, Empty())
        if global.json { return global.printJSON(state) }
        print("playbackState: \(state.playbackState)")
        for (key, value) in Format.fields(state.info) { print("\(key): \(value)") }
    }
}
