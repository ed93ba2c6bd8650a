import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RondoProtocol

/// `rondo queue [add PATH…|clear|remove N|move A B|play N]`.
struct Queue: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or edit the play queue.",
        subcommands: [List.self, Add.self, Clear.self, Remove.self, Move.self, PlayItem.self],
        defaultSubcommand: List.self)

    /// `rondo queue`: list the queue.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the queue (the default).")
        @OptionGroup var global: GlobalOptions

        func run() throws {
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
    }

    /// `rondo queue add PATH…`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Append files or directories (relative paths are from here).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "MP3 files or directories.") var paths: [String]

        func run() throws {
            let cwd = FileManager.default.currentDirectoryPath
            let absolute = paths.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
            let result = try global.call(Methods.QueueAppend.self, QueueItemsParams(items: absolute))
            if global.json { global.printJSON(result) }
        }
    }

    /// `rondo queue clear`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Empty the queue and stop.")
        @OptionGroup var global: GlobalOptions
        func run() throws { _ = try global.call(Methods.QueueClear.self, Empty()) }
    }

    /// `rondo queue remove N`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the item at index N (0-based).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Queue index.") var index: Int
        func run() throws { _ = try global.call(Methods.QueueRemove.self, QueueIndexParams(index: index)) }
    }

    /// `rondo queue move A B`.
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move the item at index A to index B.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "From index.") var from: Int
        @Argument(help: "To index.") var to: Int
        func run() throws { _ = try global.call(Methods.QueueMove.self, QueueMoveParams(from: from, to: to)) }
    }

    /// `rondo queue play N`.
    struct PlayItem: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "play", abstract: "Play the item at index N.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Queue index.") var index: Int
        func run() throws { _ = try global.call(Methods.QueuePlayIndex.self, QueueIndexParams(index: index)) }
    }
}
