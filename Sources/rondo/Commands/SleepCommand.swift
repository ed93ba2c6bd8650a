import Foundation
import RondoProtocol

extension Command {
    /// `sleep`.
    static let sleepTimer = Command(
        name: ["sleep"], arguments: "[MINUTES|end|off]",
        summary: "Fade out and pause in MINUTES, or when this item (a book's chapter) ends; off clears it; alone, show it."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("sleep takes at most one of MINUTES, end and off") }
        let state: SleepState?
        switch arguments.words.first {
        case nil:
            state = try global.call(Methods.NowPlayingGet.self, Empty()).sleep
        case "end":
            state = try global.call(Methods.PlayerSleep.self, PlayerSleepParams(endOfItem: true))
        case "off":
            _ = try global.call(Methods.PlayerSleep.self, PlayerSleepParams(off: true))
            state = nil
        case let text?:
            guard let minutes = Double(text), minutes.isFinite, minutes > 0 else {
                throw arguments.usage("'\(text)' is not a number of minutes: give MINUTES (more than 0), end or off")
            }
            state = try global.call(Methods.PlayerSleep.self, PlayerSleepParams(minutes: minutes))
        }
        if global.json { return global.printJSON(state ?? SleepState(endsAt: nil, endOfItem: false)) }
        print(Format.sleep(state))
    }
}

extension Format {
    /// How a sleep timer reads: when it pauses the music, or that none is set.
    static func sleep(_ state: SleepState?) -> String {
        guard let state else { return "sleep timer off" }
        let until = state.endsAt.map { endsAt -> String in
            let formatter = DateFormatter()
            formatter.dateFormat = "HH:mm:ss"
            let left = max(0, endsAt - Date().timeIntervalSince1970)
            return "at \(formatter.string(from: Date(timeIntervalSince1970: endsAt))) (in \(Format.time(left)))"
        }
        if state.endOfItem { return "pausing when this item ends" + (until.map { ", " + $0 } ?? "") + "; fading over its last 10 s" }
        return "pausing " + (until ?? "soon") + "; fading over the last 10 s"
    }
}
