import Foundation
import Library
import MPDProtocol
import Playback

/// The queue with MPD's song ids (each entry's identity, for its whole life in the queue)
/// and versions (``MPDIdleBoard``): listing it, adding, deleting, moving, shuffling, and
/// priorities (kept by the player, which plays the higher first under shuffle).
extension MPDCommands {
    static let queueCommands: [(String, Command)] = [
        (
            "add",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, client, _ throws(MPDAck) in
                let location = try commands.existing(arguments[0], client: client, "add")
                let before = commands.status.count
                try await commands.append([location], "add")
                if arguments.count == 2 {
                    let after = commands.status.count
                    try await commands.move(before..<after, to: try integer(arguments[1], "add"), "add")
                }
            }
        ),
        (
            "addid",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, client, output throws(MPDAck) in
                // The position is read first: a song is added only where it can go.
                let target = try arguments.count == 2 ? Self.insertionPosition(arguments[1], in: commands.status, "addid") : nil
                let location: String
                do throws(MPDAck) {
                    location = try commands.existing(arguments[0], client: client, "addid")
                } catch {
                    guard error.code == .noExist else { throw error }
                    throw MPDAck(.noExist, command: "addid", "No such song")
                }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory), isDirectory.boolValue {
                    throw MPDAck(.noExist, command: "addid", "Not a song: \(arguments[0]) is a directory (add takes directories)")
                }
                try await commands.append([location], "addid")
                let status = commands.status
                guard let added = await commands.player.queueEntries().last else { throw MPDAck(.noExist, command: "addid", "No such song") }
                if let target { try await commands.move((status.count - 1)..<status.count, to: target, "addid") }
                output.field("Id", String(added.id))
            }
        ),
        (
            "delete",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let count = commands.status.count
                let range = try range(arguments[0], count: count, "delete")
                // As MPD: a range may run past the queue's end, but not start there.
                guard range.isEmpty || range.lowerBound < count else { throw MPDAck(.argument, command: "delete", "Bad song index") }
                for position in range.clamped(to: 0..<count).reversed() { try await commands.remove(at: position, "delete") }
            }
        ),
        (
            "deleteid",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.remove(at: try await commands.position(ofID: arguments[0], "deleteid"), "deleteid")
            }
        ),
        (
            "move",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                let count = commands.status.count
                try await commands.move(try range(arguments[0], count: count, "move"), to: try integer(arguments[1], "move"), "move")
            }
        ),
        (
            "moveid",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                let position = try await commands.position(ofID: arguments[0], "moveid")
                try await commands.move(position..<(position + 1), to: try integer(arguments[1], "moveid"), "moveid")
            }
        ),
        (
            "swap",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.swap(try integer(arguments[0], "swap"), try integer(arguments[1], "swap"), "swap")
            }
        ),
        (
            "swapid",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                let first = try await commands.position(ofID: arguments[0], "swapid")
                try await commands.swap(first, try await commands.position(ofID: arguments[1], "swapid"), "swapid")
            }
        ),
        ("clear", Command(permission: .authorized, arguments: 0...0) { commands, _, _, _ throws(MPDAck) in await commands.player.clear() }),
        (
            "shuffle",
            Command(permission: .authorized, arguments: 0...1) { commands, arguments, _, _ throws(MPDAck) in
                let count = commands.status.count
                let range = try arguments.first.map { text throws(MPDAck) in try Self.range(text, count: count, "shuffle") } ?? 0..<count
                guard range.upperBound <= count else { throw MPDAck(.argument, command: "shuffle", "Bad song index") }
                for position in range.dropLast().reversed() {
                    let other = Int.random(in: position..<range.upperBound)
                    if other != position { try await commands.swap(position, other, "shuffle") }
                }
            }
        ),
        (
            "playlistinfo",
            Command(permission: .authorized, arguments: 0...1) { commands, arguments, client, output throws(MPDAck) in
                let count = commands.status.count
                // `-1`, as MPD reads it, is the whole queue.
                let range =
                    try arguments.first.flatMap { $0 == "-1" ? nil : $0 }.map { text throws(MPDAck) in
                        try Self.range(text, count: count, "playlistinfo")
                    } ?? 0..<count
                guard arguments.isEmpty || range.lowerBound < count || range.isEmpty else {
                    throw MPDAck(.argument, command: "playlistinfo", "Bad song index")
                }
                try await commands.listQueue(range, client: client, into: &output)
            }
        ),
        (
            "playlistid",
            Command(permission: .authorized, arguments: 0...1) { commands, arguments, client, output throws(MPDAck) in
                guard let id = arguments.first else {
                    return try await commands.listQueue(0..<Int.max, client: client, into: &output)
                }
                let position = try await commands.position(ofID: id, "playlistid")
                try await commands.listQueue(position..<(position + 1), client: client, into: &output)
            }
        ),
        (
            "playlist",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                for (position, entry) in await commands.player.queueEntries().enumerated() {
                    output.raw("\(position):file: \(commands.paths.uri(of: entry.location))\n")
                }
            }
        ),
        (
            "plchanges",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, client, output throws(MPDAck) in
                guard try await commands.changedSince(arguments[0], "plchanges") else { return }
                let count = commands.status.count
                let range = try arguments.count == 2 ? Self.range(arguments[1], count: count, "plchanges") : 0..<count
                try await commands.listQueue(range, client: client, into: &output)
            }
        ),
        (
            "plchangesposid",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, _, output throws(MPDAck) in
                guard try await commands.changedSince(arguments[0], "plchangesposid") else { return }
                let entries = await commands.player.queueEntries()
                let range = try arguments.count == 2 ? Self.range(arguments[1], count: entries.count, "plchangesposid") : 0..<entries.count
                for position in range.clamped(to: 0..<entries.count) {
                    output.field("cpos", String(position))
                    output.field("Id", String(entries[position].id))
                }
            }
        ),
        (
            "playlistfind",
            Command(permission: .authorized, arguments: 1...64) { commands, arguments, client, output throws(MPDAck) in
                let filter = try MPDFilter.parse(arguments, foldCase: false, command: "playlistfind")
                try await commands.listQueue(0..<Int.max, client: client, into: &output, matching: filter)
            }
        ),
        (
            "playlistsearch",
            Command(permission: .authorized, arguments: 1...64) { commands, arguments, client, output throws(MPDAck) in
                let filter = try MPDFilter.parse(arguments, foldCase: true, command: "playlistsearch")
                try await commands.listQueue(0..<Int.max, client: client, into: &output, matching: filter)
            }
        ),
        (
            "prio",
            Command(permission: .authorized, arguments: 2...64) { commands, arguments, _, _ throws(MPDAck) in
                let priority = try Self.priority(arguments[0], "prio")
                let entries = await commands.player.queueEntries()
                var ids: [UInt64] = []
                for text in arguments.dropFirst() {
                    let positions = try Self.priorityRange(text, count: entries.count)
                    ids += entries[positions].map(\.id)
                }
                await commands.player.setPriority(priority, of: ids)
            }
        ),
        (
            "addtagid",
            Command(permission: .authorized, arguments: 3...3) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.refuseTagEdit(arguments[0], tag: arguments[1], "addtagid")
            }
        ),
        (
            "cleartagid",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.refuseTagEdit(arguments[0], tag: arguments.count == 2 ? arguments[1] : nil, "cleartagid")
            }
        ),
        (
            "rangeid",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                guard let id = UInt32(arguments[0]) else {
                    throw MPDAck(
                        .argument, command: "rangeid",
                        Int(arguments[0]) == nil ? "Integer expected: \(arguments[0])" : "Number too large: \(arguments[0])")
                }
                let range = try Self.songPart(arguments[1], "rangeid")
                let position = try await commands.position(ofID: String(id), "rangeid")
                let status = commands.status
                if status.state != .stopped, status.currentIndex == position {
                    throw MPDAck(.permission, command: "rangeid", "Cannot edit the current song")
                }
                // Every song plays whole: removing a range (`:`) is done already.
                guard range.start != nil || range.end != nil else { return }
                throw MPDAck(.argument, command: "rangeid", "ranges are not supported: Rondo plays each song whole")
            }
        ),
        (
            "prioid",
            Command(permission: .authorized, arguments: 2...64) { commands, arguments, _, _ throws(MPDAck) in
                let priority = try Self.priority(arguments[0], "prioid")
                var ids: [UInt64] = []
                for text in arguments.dropFirst() {
                    guard let id = UInt64(text) else { throw MPDAck(.argument, command: "prioid", "Integer expected: \(text)") }
                    ids.append(id)
                }
                let queued = Set(await commands.player.queueEntries().map(\.id))
                guard ids.allSatisfy(queued.contains) else { throw MPDAck(.noExist, command: "prioid", "No such song") }
                await commands.player.setPriority(priority, of: ids)
            }
        ),
    ]

    /// The location `uri` names, when it is a stream's URL, a podcast episode or a file or
    /// directory that exists; MPD's error, naming no path of this machine, otherwise.
    func existing(_ uri: String, client: MPDClientState, _ command: String) throws(MPDAck) -> String {
        let location = try paths.location(of: uri, isLocal: client.isLocal, command: command)
        guard location.hasPrefix("http://") || location.hasPrefix("https://") || FileManager.default.fileExists(atPath: location)
        else { throw MPDAck(.noExist, command: command, "No such directory") }
        return location
    }

    /// `addtagid` and `cleartagid`, with MPD's errors in MPD's order: the song's tags are
    /// its file's (MPD's words for a local file), or what a stream says of itself, which
    /// Rondo shows as it says it.
    func refuseTagEdit(_ id: String, tag: String?, _ command: String) async throws(MPDAck) {
        _ = try Self.integer(id, command)
        if let tag, MPDSong.Tag(named: tag) == nil { throw MPDAck(.argument, command: command, "Unknown tag type: \(tag)") }
        let position = try await position(ofID: id, command)
        guard let entry = await player.queueEntries().dropFirst(position).first else {
            throw MPDAck(.noExist, command: command, "No such song")
        }
        guard entry.location.hasPrefix("http://") || entry.location.hasPrefix("https://") else {
            throw MPDAck(.permission, command: command, "Cannot edit tags of local file")
        }
        throw MPDAck(.permission, command: command, "Cannot edit tags of a stream: Rondo shows what the station says of itself")
    }

    /// How many queue entries one read of the player describes: a long queue is listed a
    /// page at a time, so no one hop of the actor holds it long.
    static let queuePage = 1_000

    /// Writes the queue's entries at `range` (clamped to the queue), those `filter` passes.
    func listQueue(_ range: Range<Int>, client: MPDClientState, into output: inout MPDOutput, matching filter: MPDFilter? = nil)
        async throws(MPDAck)
    {
        var start = range.lowerBound
        while start < range.upperBound {
            let page = await queuedSongs(start..<min(range.upperBound, start + Self.queuePage))
            guard !page.isEmpty else { return }
            for (offset, queued) in page.enumerated() {
                let song = paths.song(queued)
                if let filter, !filter.matches(song) { continue }
                output.song(song, position: start + offset, id: Int(queued.entry.id), priority: queued.priority, for: client)
            }
            start += page.count
        }
    }

    /// The queue's entries at `positions` as MPD shows them: what the player knows of each,
    /// and for a file it has not read yet, the library's row, read here in one query for the
    /// page (a queue of 100,000 is listed whole at once, as MPD lists it). A file the library
    /// does not have is read by the player, and shows its tags once read.
    func queuedSongs(_ positions: Range<Int>) async -> [MPDQueueEntry] {
        var page = await player.describedEntries(positions)
        let unread = page.indices.filter { !page[$0].isDescribed && page[$0].libraryTrack == nil }
        guard !unread.isEmpty else { return page }
        let found = library.catalogued(unread.map { page[$0].entry.location })
        for index in unread { page[index].libraryTrack = found.tracks[page[index].entry.location] }
        if !found.uncatalogued.isEmpty { await player.describe(found.uncatalogued) }
        return page
    }

    /// Whether the queue changed since `version` (every change is listed as one: a client
    /// reads the whole queue again, which MPD's clients handle as any list of changes).
    private func changedSince(_ version: String, _ command: String) async throws(MPDAck) -> Bool {
        let asked = try Self.integer(version, command)
        return board.absorb(status) != asked
    }

    private func append(_ locations: [String], _ command: String) async throws(MPDAck) {
        do throws(PlayerCommandError) {
            _ = try await player.append(locations)
        } catch {
            throw Self.ack(error, command: command)
        }
    }

    private func remove(at position: Int, _ command: String) async throws(MPDAck) {
        do throws(PlayerCommandError) {
            try await player.remove(at: position)
        } catch {
            throw Self.ack(error, command: command)
        }
    }

    /// Moves the entries at `range` so that the first of them is at `destination`.
    private func move(_ range: Range<Int>, to destination: Int, _ command: String) async throws(MPDAck) {
        let count = status.count
        guard range.upperBound <= count, destination >= 0, destination + range.count <= count else {
            throw MPDAck(.argument, command: command, "Bad song index")
        }
        do throws(PlayerCommandError) {
            if destination < range.lowerBound {
                for (offset, position) in range.enumerated() { try await player.move(from: position, to: destination + offset) }
            } else if destination > range.lowerBound {
                for _ in range { try await player.move(from: range.lowerBound, to: destination + range.count - 1) }
            }
        } catch {
            throw Self.ack(error, command: command)
        }
    }

    private func swap(_ first: Int, _ second: Int, _ command: String) async throws(MPDAck) {
        let count = status.count
        guard (0..<count).contains(first), (0..<count).contains(second) else { throw MPDAck(.argument, command: command, "Bad song index") }
        guard first != second else { return }
        let (low, high) = (min(first, second), max(first, second))
        do throws(PlayerCommandError) {
            try await player.move(from: high, to: low)
            try await player.move(from: low + 1, to: high)
        } catch {
            throw Self.ack(error, command: command)
        }
    }
}
