import Glibc
import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
            let left = max(0, endsAt - Date().timeIntervalSince1970)
            return "at \(clockTime(endsAt)) (in \(Format.time(left)))"
        }
        if state.endOfItem { return "pausing when this item ends" + (until.map { ", " + $0 } ?? "") + "; fading over its last 10 s" }
        return "pausing " + (until ?? "soon") + "; fading over the last 10 s"
    }

    /// The local time of day of `seconds` since 1970, `HH:MM:SS`; read with the C library, so
    /// the CLI links no date formatter and its locale data.
    static func clockTime(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var local = tm()
        localtime_r(&time, &local)
        let twoDigits = { (value: Int32) in (value < 10 ? "0" : "") + String(value) }
        return "\(twoDigits(local.tm_hour)):\(twoDigits(local.tm_min)):\(twoDigits(local.tm_sec))"
    }
}
