import Glibc
import RondoClient
import RondoProtocol

extension Command {
    /// `play [INDEX_PATH]`, `browse [INDEX_PATH]`, `item INDEX_PATH`, `search QUERY`, `limits`.
    static let browsing: [Command] = [play, browse, item, search, limits]

    private static let play = Command(
        name: ["play"], arguments: "[INDEX_PATH|URL|--search QUERY]",
        summary:
            "Start or resume playback; with INDEX_PATH, play that library item; with a URL, that stream, queued last; with --search, the best match (an empty QUERY resumes what played last).",
        options: [CommandOption(name: "--search", value: "QUERY", acceptsEmpty: true)]
    ) { global, arguments throws(CLIFailure) in
        if let search = arguments.value("--search") {
            let query = ([search] + arguments.words).joined(separator: " ")
            let result = try global.call(Methods.PlayerPlayFromSearch.self, PlayerPlayFromSearchParams(query: query))
            if global.json { return global.printJSON(result) }
            guard result.status == .success else {
                throw .domain(result.status == .noSuchContent ? "play: nothing in the library matches '\(query)'" : "play: \(result.status.rawValue)")
            }
            if let chosen = result.chosen { print("playing \(chosen.title)" + (chosen.subtitle.map { " — \($0)" } ?? "")) }
            return
        }
        guard !arguments.isEmpty else { return try global.send(RemoteSendParams(command: .play)) }
        if arguments.words.count == 1, let url = arguments.words.first, Command.isStreamURL(url) {
            _ = try global.call(Methods.QueueAppend.self, QueueItemsParams(items: [url], play: true))
            return
        }
        let result = try global.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: try arguments.indexPath()))
        if global.json { return global.printJSON(result) }
        guard result.status == .success else { throw .domain("play: \(result.status.rawValue)") }
    }

    private static let browse = Command(
        name: ["browse"], arguments: "[INDEX_PATH] [--offset N] [--limit N]",
        summary: "List the children of a library item (the root without INDEX_PATH).",
        options: [CommandOption(name: "--offset", value: "N"), CommandOption(name: "--limit", value: "N")]
    ) { global, arguments throws(CLIFailure) in
        let path = try arguments.indexPath()
        let params = LibraryChildrenParams(
            indexPath: path, offset: try arguments.count("--offset"), limit: try arguments.count("--limit"))
        let page = try global.call(Methods.LibraryChildren.self, params)
        if global.json { return global.printJSON(page) }
        let offset = params.offset ?? 0
        for (position, item) in page.items.enumerated() {
            let itemPath = (path + [offset + position]).map(String.init).joined(separator: ".")
            print("\(itemPath)  \(LibraryFormat.line(item))")
        }
        if page.limited {
            print("(\(page.items.count) of \(page.total) shown: content limits are enforced; see rondo limits)")
        } else if offset + page.items.count < page.total || offset > 0 {
            print("(\(page.items.count) of \(page.total) shown, from \(offset))")
        }
    }

    private static let item = Command(
        name: ["item"], arguments: "INDEX_PATH", summary: "Show one library item."
    ) { global, arguments throws(CLIFailure) in
        guard !arguments.isEmpty else { throw arguments.usage("item needs an index path, e.g. 0.0.1") }
        let item = try global.call(Methods.LibraryItem.self, IndexPathParams(indexPath: try arguments.indexPath()))
        if global.json { return global.printJSON(item) }
        LibraryFormat.printDetails(item)
    }

    private static let search = Command(
        name: ["search"], arguments: "QUERY [--limit N]", summary: "Find artists, albums and tracks whose words start so.",
        options: [CommandOption(name: "--limit", value: "N")]
    ) { global, arguments throws(CLIFailure) in
        guard !arguments.isEmpty else { throw arguments.usage("search needs words to look for") }
        let params = LibrarySearchParams(query: arguments.words.joined(separator: " "), limit: try arguments.count("--limit"))
        let result = try global.call(Methods.LibrarySearch.self, params)
        if global.json { return global.printJSON(result) }
        if result.items.isEmpty { print("nothing found for '\(params.query)'") }
        for item in result.items { print("\(LibraryFormat.line(item))  \(item.identifier)") }
    }

    private static let limits = Command(
        name: ["limits"], arguments: "[--enforce [--items N] [--depth N] | --off]",
        summary: "Show or set the content limits a car applies while driving.",
        options: [
            CommandOption(name: "--enforce", value: nil), CommandOption(name: "--off", value: nil),
            CommandOption(name: "--items", value: "N"), CommandOption(name: "--depth", value: "N"),
        ]
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        let enforce = arguments.flag("--enforce")
        let off = arguments.flag("--off")
        let items = try arguments.count("--items")
        let depth = try arguments.count("--depth")
        if enforce && off { throw arguments.usage("--enforce and --off contradict each other") }
        if off && (items != nil || depth != nil) { throw arguments.usage("--items and --depth go with --enforce") }
        let limits: ContentLimitsPayload
        if enforce || off || items != nil || depth != nil {
            let change = ContentLimitsChange(enforced: enforce ? true : (off ? false : nil), itemLimit: items, depthLimit: depth)
            limits = try global.call(Methods.ContextSet.self, change)
        } else {
            limits = try global.call(Methods.ContextGet.self, Empty())
        }
        if global.json { return global.printJSON(limits) }
        print(
            limits.enforced
                ? "enforced: at most \(limits.itemLimit) items per list, \(limits.depthLimit) levels deep"
                : "off (when enforced: \(limits.itemLimit) items per list, \(limits.depthLimit) levels deep)")
    }
}

extension Arguments {
    /// The words as an index path: `2.0.5` or `2 0 5` (nothing is the root).
    func indexPath() throws(CLIFailure) -> [Int] {
        var path: [Int] = []
        for word in words {
            for component in word.split(separator: ".", omittingEmptySubsequences: false) {
                guard let index = Int(component), index >= 0 else {
                    throw usage("'\(word)' is not an index path; write it 2.0.5 or 2 0 5 (0-based)")
                }
                path.append(index)
            }
        }
        return path
    }

    /// The value of option `name` as a count (0 or more), if given.
    func count(_ name: String) throws(CLIFailure) -> Int? {
        guard let text = value(name) else { return nil }
        guard let value = Int(text), value >= 0 else { throw usage("\(name) takes a number (0 or more), not '\(text)'") }
        return value
    }
}
