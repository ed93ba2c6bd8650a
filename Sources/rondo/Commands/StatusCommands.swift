import RondoProtocol

extension Command {
    /// `status`, `now-playing`.
    static let status: [Command] = [
        Command(name: ["status"], arguments: "", summary: "Show the state and the current item in one line.") {
            global, arguments throws(CLIFailure) in
            guard arguments.isEmpty else { throw CLIFailure.usage("status takes no arguments") }
            let state = try global.call(Methods.NowPlayingGet.self, Empty())
            if global.json { return global.printJSON(state) }
            print(Format.statusLine(state))
        },
        Command(name: ["now-playing"], arguments: "", summary: "Show the now-playing dictionary, a key per line.") {
            global, arguments throws(CLIFailure) in
            guard arguments.isEmpty else { throw CLIFailure.usage("now-playing takes no arguments") }
            let state = try global.call(Methods.NowPlayingGet.self, Empty())
            if global.json { return global.printJSON(state) }
            print("playbackState: \(state.playbackState.rawValue)")
            for (key, value) in Format.fields(state.info) { print("\(key): \(value)") }
            if let volume = state.volume { print("volume: \(Format.percent(volume))") }
            if let sleep = state.sleep { print("sleep: \(Format.sleep(sleep))") }
        },
    ]
}
