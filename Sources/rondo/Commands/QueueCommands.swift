import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Command {
    /// `queue [add PATH…|clear|remove N|move A B|play N]`.
    static let queue: [Command] = [list, add, clear, remove, move, play]

    private static let list = Command(name: ["queue"], arguments: "", summary: "List the queue, the current item marked.") {
        global, arguments throws(CLIFailure) in
        guard arguments.isEmpty else {
            throw arguments.usage("unknown queue command '\(arguments[0])'; use add, clear, remove, move or play")
        }
        let queue = try global.call(Methods.QueueGet.self, QueueGetParams())
        if global.json { return global.printJSON(queue) }
        for item in queue.items {
            let marker = item.position == queue.index ? ">" : " "
            let name = item.title ?? (item.assetURL.split(separator: "/").last.map(String.init) ?? item.assetURL)
            let artist = item.artist.map { " — " + $0 } ?? ""
            let duration = item.playbackDuration.map { "  " + Format.time($0) } ?? ""
            print("\(marker)\(item.position)  \(name)\(artist)\(duration)")
        }
    }

    private static let add = Command(
        name: ["queue", "add"], arguments: "PATH|URL|IDENTIFIER…",
        summary: "Append audio files, folders (their audio files of every format, at most 10000), streams "
            + "(http:// or https:// URLs) or library items (rondo:… identifiers)."
    ) { global, arguments throws(CLIFailure) in
        guard !arguments.isEmpty else { throw arguments.usage("queue add needs at least one path, URL or identifier") }
        let absolute = arguments.words.map(Self.queueItem)
        let result = try global.call(Methods.QueueAppend.self, QueueItemsParams(items: absolute))
        if global.json { global.printJSON(result) }
    }

    private static let clear = Command(name: ["queue", "clear"], arguments: "", summary: "Empty the queue and stop.") {
        global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        _ = try global.call(Methods.QueueClear.self, Empty())
    }

    private static let remove = Command(name: ["queue", "remove"], arguments: "N", summary: "Remove the item at index N (0-based).") {
        global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        _ = try global.call(Methods.QueueRemove.self, QueueIndexParams(index: try arguments.index(0)))
    }

    private static let move = Command(name: ["queue", "move"], arguments: "A B", summary: "Move the item at index A to index B.") {
        global, arguments throws(CLIFailure) in
        try arguments.expect(2)
        let params = QueueMoveParams(from: try arguments.index(0), to: try arguments.index(1))
        _ = try global.call(Methods.QueueMove.self, params)
    }

    private static let play = Command(name: ["queue", "play"], arguments: "N", summary: "Play the item at index N.") {
        global, arguments throws(CLIFailure) in
        try arguments.expect(1)
        _ = try global.call(Methods.QueuePlayIndex.self, QueueIndexParams(index: try arguments.index(0)))
    }
}

extension Command {
    /// What the daemon is asked to queue for a word of the command line: a stream's URL or a
    /// library identifier as it is, a path made absolute from the working directory.
    static func queueItem(_ word: String) -> String {
        if word.hasPrefix("/") || word.hasPrefix("rondo:") || isStreamURL(word) { return word }
        return FileManager.default.currentDirectoryPath + "/" + word
    }

    /// Whether `word` is the URL of a stream (`http://` or `https://`).
    static func isStreamURL(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}
