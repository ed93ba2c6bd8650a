import Library
import MPDProtocol

/// `sticker`: names and values clients keep on songs (ratings in Cantata, MALP and myMPD),
/// in the library's database by the song's path, so a rescan keeps them; only MPD's `song`
/// type. Answered and worded as MPD 0.23 answers: `get`, `set`, `delete`, `list` and
/// `find` (with `=`, `<` or `>` against a value, compared as text). A change tells idle
/// clients `sticker`.
extension MPDCommands {
    static let stickerCommands: [(String, Command)] = [
        (
            "sticker",
            Command(permission: .authorized, arguments: 3...6) { commands, arguments, client, output throws(MPDAck) in
                try commands.sticker(arguments, client: client, into: &output)
            }
        )
    ]

    private func sticker(_ arguments: [String], client: MPDClientState, into output: inout MPDOutput) throws(MPDAck) {
        let (verb, type) = (arguments[0], arguments[1])
        let rest = Array(arguments.dropFirst(3))
        guard ["get", "set", "delete", "list", "find"].contains(verb) else { throw Self.stickerAck(.argument, "bad request") }
        guard type == "song" else { throw Self.stickerAck(.argument, "unknown sticker domain") }
        guard let store = library.store else {
            throw Self.stickerAck(.system, "the library database could not be opened (see rondod's log)")
        }
        let location = try paths.location(of: arguments[2], isLocal: client.isLocal, command: "sticker")
        if verb == "find" {
            try findStickers(under: paths.libraryDirectory(location), rest, store: store, into: &output)
            return
        }
        guard library.track(atPath: location) != nil else { throw Self.stickerAck(.noExist, "No such song") }
        switch (verb, rest.count) {
        case ("get", 1):
            guard let value = try Self.stored({ () throws(StoreError) in try store.sticker(rest[0], onPath: location) }) else {
                throw Self.stickerAck(.noExist, "no such sticker")
            }
            output.field("sticker", rest[0] + "=" + value)
        case ("set", 2):
            try Self.stored { () throws(StoreError) in try store.setSticker(rest[0], onPath: location, to: rest[1]) }
            board.announce([.sticker])
        case ("delete", 0), ("delete", 1):
            guard try Self.stored({ () throws(StoreError) in try store.deleteSticker(rest.first, onPath: location) }) else {
                throw Self.stickerAck(.noExist, "no such sticker")
            }
            board.announce([.sticker])
        case ("list", 0):
            for sticker in try Self.stored({ () throws(StoreError) in try store.stickers(onPath: location) }) {
                output.field("sticker", sticker.name + "=" + sticker.value)
            }
        default:
            throw Self.stickerAck(.argument, "bad request")
        }
    }

    /// `sticker find song DIRECTORY NAME [= | < | > VALUE]`: the songs under the directory
    /// (`nil`: the whole library) with the sticker, each with its value.
    private func findStickers(under directory: String?, _ rest: [String], store: LibraryStore, into output: inout MPDOutput)
        throws(MPDAck)
    {
        let comparison: (LibraryStore.StickerComparison, String)?
        switch rest.count {
        case 1:
            comparison = nil
        case 3:
            let kinds: [String: LibraryStore.StickerComparison] = ["=": .equal, "<": .less, ">": .greater]
            guard let kind = kinds[rest[1]] else { throw Self.stickerAck(.argument, "bad operator") }
            comparison = (kind, rest[2])
        default:
            throw Self.stickerAck(.argument, "bad request")
        }
        for found in try Self.stored({ () throws(StoreError) in try store.stickerFind(rest[0], under: directory, where: comparison) }) {
            output.field("file", paths.uri(of: found.path))
            output.field("sticker", rest[0] + "=" + found.value)
        }
    }

    /// What `body` reads or writes of the stickers, its failure as MPD's `system` error.
    private static func stored<Value>(_ body: () throws(StoreError) -> Value) throws(MPDAck) -> Value {
        do throws(StoreError) {
            return try body()
        } catch {
            throw stickerAck(.system, "the library's stickers could not be read or written: \(error)")
        }
    }

    private static func stickerAck(_ code: MPDAck.Code, _ message: String) -> MPDAck {
        MPDAck(code, command: "sticker", message)
    }
}
