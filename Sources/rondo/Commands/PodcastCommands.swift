import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Command {
    /// `podcast`, `podcast add URL`, `remove SHOW`, `refresh [SHOW]`, `episodes SHOW`,
    /// `played ID [on|off]`, `import FILE`, `export`.
    static let podcast: [Command] = [list, add, remove, refresh, episodes, played, importList, export]

    private static let list = Command(
        name: ["podcast"], arguments: "",
        summary: "List the subscribed podcasts: title, unplayed and kept episodes, last refresh, identifier."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.isEmpty else {
            throw arguments.usage(
                "unknown podcast command '\(arguments[0])'; use add, remove, refresh, episodes, played, import or export")
        }
        let shows = try global.call(Methods.PodcastList.self, Empty())
        if global.json { return global.printJSON(shows) }
        if shows.isEmpty { print("no podcasts; subscribe with: rondo podcast add URL") }
        for show in shows {
            let refreshed = show.lastRefresh.map { LibraryFormat.date($0) } ?? "never"
            print("\(show.title)  \(show.unplayed) new of \(show.episodes)  refreshed \(refreshed)  \(show.show)")
            if let error = show.error { print("  last refresh failed: \(error)") }
        }
    }

    private static let add = Command(
        name: ["podcast", "add"], arguments: "URL", summary: "Subscribe to the podcast whose feed is at URL and print its identifier."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count == 1 else { throw arguments.usage("podcast add needs the feed's URL, e.g. https://host/feed.xml") }
        let result = try global.call(Methods.PodcastSubscribe.self, PodcastSubscribeParams(url: arguments[0]))
        if global.json { return global.printJSON(result) }
        print("\(result.title): \(result.episodes) episodes  \(result.show)")
    }

    private static let remove = Command(
        name: ["podcast", "remove"], arguments: "SHOW", summary: "Unsubscribe from the podcast with identifier SHOW."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        let result = try global.call(Methods.PodcastUnsubscribe.self, PodcastShowParams(show: arguments[0]))
        if global.json { global.printJSON(result) }
    }

    private static let refresh = Command(
        name: ["podcast", "refresh"], arguments: "[SHOW]", summary: "Fetch the feed of SHOW, or of every podcast, now."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("podcast refresh takes at most one show") }
        let result = try global.call(Methods.PodcastRefresh.self, PodcastShowParams(show: arguments.words.first))
        if global.json { return global.printJSON(result) }
        print("\(result.shows) refreshed, \(result.newEpisodes) new episodes")
    }

    private static let episodes = Command(
        name: ["podcast", "episodes"], arguments: "SHOW [--offset N] [--limit N]",
        summary: "List the episodes of SHOW, newest first (50 unless --limit).",
        options: [CommandOption(name: "--offset", value: "N"), CommandOption(name: "--limit", value: "N")]
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        let params = PodcastEpisodesParams(
            show: arguments[0], offset: try number(arguments, "--offset"), limit: try number(arguments, "--limit"))
        let result = try global.call(Methods.PodcastEpisodes.self, params)
        if global.json { return global.printJSON(result) }
        for item in result.items {
            let progress = item.playbackProgress.map { $0 >= 1 ? "played" : $0 > 0 ? "\(Int($0 * 100))%" : "new" } ?? "new"
            print("\(item.title)  \(progress)  \(item.identifier)")
        }
        if result.total > result.items.count { print("\(result.items.count) of \(result.total)") }
    }

    private static let played = Command(
        name: ["podcast", "played"], arguments: "ID [on|off]", summary: "Mark the episode ID played (on, the default) or not (off)."
    ) { global, arguments throws(CLIFailure) in
        guard (1...2).contains(arguments.count) else { throw arguments.usage("podcast played needs an episode and on or off") }
        let played: Bool
        switch arguments.count == 2 ? arguments[1] : "on" {
        case "on": played = true
        case "off": played = false
        case let other: throw arguments.usage("'\(other)' is neither on nor off")
        }
        let result = try global.call(Methods.PodcastMarkPlayed.self, PodcastMarkPlayedParams(identifier: arguments[0], played: played))
        if global.json { global.printJSON(result) }
    }

    private static let importList = Command(
        name: ["podcast", "import"], arguments: "FILE", summary: "Subscribe to every podcast of the OPML file FILE."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        let path = arguments[0].hasPrefix("/") ? arguments[0] : FileManager.default.currentDirectoryPath + "/" + arguments[0]
        let result = try global.call(Methods.PodcastImportOPML.self, PodcastImportParams(path: path))
        if global.json { return global.printJSON(result) }
        print("\(result.subscribed) subscribed")
        for failure in result.failed { print("not subscribed: \(failure.url): \(failure.reason)") }
    }

    private static let export = Command(
        name: ["podcast", "export"], arguments: "", summary: "Print every subscription as an OPML file."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        let result = try global.call(Methods.PodcastExportOPML.self, Empty())
        if global.json { return global.printJSON(result) }
        print(result.opml, terminator: "")
    }

    /// The whole number given with `option`, if any.
    private static func number(_ arguments: Arguments, _ option: String) throws(CLIFailure) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), value >= 0 else { throw arguments.usage("\(option) needs a whole number, got '\(text)'") }
        return value
    }
}
