import Audio
import Foundation
import Library
import MPDProtocol
import Playback

/// The library as MPD's database: its tracks under the music directory as a tree of files,
/// found with filter expressions (`find`, `search`, `list … group`, `count`), added to the
/// queue (`findadd`, `searchadd`), rescanned (`update`); each track's cover (`albumart`, `readpicture`) from the artwork
/// the scanner kept.
extension MPDCommands {
    static let databaseCommands: [(String, Command)] =
        [
            (
                "lsinfo",
                Command(permission: .authorized, arguments: 0...1) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.listDirectory(arguments.first ?? "", client: client, recursive: false, songs: true, into: &output)
                }
            ),
            (
                "listall",
                Command(permission: .authorized, arguments: 0...1) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.listDirectory(arguments.first ?? "", client: client, recursive: true, songs: false, into: &output)
                }
            ),
            (
                "listallinfo",
                Command(permission: .authorized, arguments: 0...1) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.listDirectory(arguments.first ?? "", client: client, recursive: true, songs: true, into: &output)
                }
            ),
            (
                "listfiles",
                Command(permission: .authorized, arguments: 0...1) { commands, arguments, client, output throws(MPDAck) in
                    try commands.listFiles(arguments.first ?? "", client: client, into: &output)
                }
            ),
            (
                "find",
                Command(permission: .authorized, arguments: 1...64) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.find(arguments, foldCase: false, "find", client: client, into: &output)
                }
            ),
            (
                "search",
                Command(permission: .authorized, arguments: 1...64) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.find(arguments, foldCase: true, "search", client: client, into: &output)
                }
            ),
            (
                "findadd",
                Command(permission: .authorized, arguments: 1...64) { commands, arguments, _, _ throws(MPDAck) in
                    try await commands.findAdd(arguments, foldCase: false, "findadd")
                }
            ),
            (
                "searchadd",
                Command(permission: .authorized, arguments: 1...64) { commands, arguments, _, _ throws(MPDAck) in
                    try await commands.findAdd(arguments, foldCase: true, "searchadd")
                }
            ),
            (
                "count",
                Command(permission: .authorized, arguments: 1...64) { commands, arguments, _, output throws(MPDAck) in
                    try await commands.count(arguments, into: &output)
                }
            ),
            (
                "list",
                Command(permission: .authorized, arguments: 1...64) { commands, arguments, _, output throws(MPDAck) in
                    try await commands.list(arguments, into: &output)
                }
            ),
            (
                "update",
                Command(permission: .authorized, arguments: 0...1) { commands, _, _, output throws(MPDAck) in
                    commands.update(&output)
                }
            ),
            (
                "rescan",
                Command(permission: .authorized, arguments: 0...1) { commands, _, _, output throws(MPDAck) in
                    commands.update(&output)
                }
            ),
            (
                "albumart",
                Command(permission: .authorized, arguments: 2...2) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.picture(arguments, typed: false, "albumart", client: client, into: &output)
                }
            ),
            (
                "readpicture",
                Command(permission: .authorized, arguments: 2...2) { commands, arguments, client, output throws(MPDAck) in
                    try await commands.picture(arguments, typed: true, "readpicture", client: client, into: &output)
                }
            ),
        ]

    /// The most songs one `find` or `search` lists, so a filter matching the whole library
    /// cannot build a reply of gigabytes; `window` pages past it.
    static let findLimit = 100_000

    // MARK: The tree of files

    /// The library's tracks under `location` (the whole library for the music directory)
    /// for which `condition` holds, read where the command runs: on the library-read threads.
    /// `inPathOrder` false leaves them in the order the table gives them, for a caller that
    /// orders them itself.
    func tracks(under location: String?, where condition: TrackCondition = .always, inPathOrder: Bool = true) async throws(MPDAck)
        -> [CatalogTrack]
    {
        try readLibrary { library throws(StoreError) in
            try library.tracks(under: paths.libraryDirectory(location), where: condition, inPathOrder: inPathOrder)
        }
    }

    /// What `read` reads of the library, its failures as MPD's `system` errors.
    func readLibrary<Value>(_ read: (any MPDLibrary) throws(StoreError) -> Value) throws(MPDAck) -> Value {
        guard library.hasDatabase else {
            throw MPDAck(.system, command: "", "the library database could not be opened (see rondod's log)")
        }
        do throws(StoreError) {
            return try read(library)
        } catch {
            throw MPDAck(.system, command: "", "the library could not be read: \(error)")
        }
    }

    // MARK: Finding

    /// What a database command asks for: which songs, in what order, which page of them,
    /// grouped by which tags.
    struct Query {
        var filter: MPDFilter?
        var sort: (tag: MPDSong.Tag?, descending: Bool)?
        var window: Range<Int>?
        var groups: [MPDSong.Tag] = []
    }

    /// Reads a filter and its trailing `sort`, `window` and `group` words.
    func query(_ arguments: [String], foldCase: Bool, _ command: String) throws(MPDAck) -> Query {
        var rest = arguments
        var query = Query()
        while rest.count >= 2, ["sort", "window", "group"].contains(rest[rest.count - 2].lowercased()) {
            let keyword = rest[rest.count - 2].lowercased()
            let value = rest[rest.count - 1]
            switch keyword {
            case "sort":
                let descending = value.hasPrefix("-")
                let name = descending ? String(value.dropFirst()) : value
                guard name.lowercased() == "last-modified" || MPDSong.Tag(named: name) != nil else {
                    throw MPDAck(.argument, command: command, "Unknown sort tag")
                }
                query.sort = (MPDSong.Tag(named: name), descending)
            case "window":
                query.window = try Self.range(value, count: Int.max, command)
            default:
                guard let tag = MPDSong.Tag(named: value) else { throw MPDAck(.argument, command: command, "Unknown tag type: \(value)") }
                query.groups.insert(tag, at: 0)
            }
            rest.removeLast(2)
        }
        query.filter = rest.isEmpty ? nil : try MPDFilter.parse(rest, foldCase: foldCase, command: command)
        return query
    }

    /// The songs `query` finds, sorted and paged.
    func songs(_ query: Query) async throws(MPDAck) -> [MPDSong] {
        var base: String?
        if case .base(let directory)? = query.filter { base = directory }
        let location = try base.map { uri throws(MPDAck) in try paths.location(of: uri, isLocal: false, command: "") }
        let condition = query.filter.map(paths.trackCondition) ?? (.always, true)
        if query.sort == nil, condition.isExact, query.window == nil {
            // Every match is listed: each is read whole as the table is scanned, once, and
            // put in MPD's order (a directory's songs, then each subdirectory's).
            let found = try await tracks(under: location, where: condition.condition, inPathOrder: false)
            return Self.treeOrder(of: found.map { paths.uri(of: $0.path) }).map { paths.song(found[$0]) }
        }
        if query.sort == nil, condition.isExact {
            // MPD's order (a directory's songs, then each subdirectory's) and the window are
            // taken on the paths found, and only the tracks listed are read whole.
            let found = try readLibrary { library throws(StoreError) in
                try library.trackPaths(under: paths.libraryDirectory(location), where: condition.condition)
            }
            var ordered = Self.inTreeOrder(found) { paths.uri(of: $0.path) }.map(\.id)
            if let window = query.window { ordered = Array(ordered[window.clamped(to: 0..<ordered.count)]) }
            return try readLibrary { library throws(StoreError) in try library.tracks(ids: ordered) }.map(paths.song)
        }
        var songs = try await tracks(under: location, where: condition.condition).map(paths.song)
        if let filter = query.filter, !condition.isExact { songs = songs.filter(filter.matches) }
        if query.sort == nil {
            songs = Self.inTreeOrder(songs) { $0.file }
        }
        if let sort = query.sort {
            let key: (MPDSong) -> String = { song in
                sort.tag.map { song.values(of: $0).first ?? "" } ?? song.lastModified ?? ""
            }
            songs.sort { sort.descending ? key($0) > key($1) : key($0) < key($1) }
        }
        if let window = query.window { songs = Array(songs[window.clamped(to: 0..<songs.count)]) }
        return songs
    }

    private func find(_ arguments: [String], foldCase: Bool, _ command: String, client: MPDClientState, into output: inout MPDOutput)
        async throws(MPDAck)
    {
        let songs = try await songs(query(arguments, foldCase: foldCase, command))
        for song in songs.prefix(Self.findLimit) { output.song(song, for: client) }
    }

    private func findAdd(_ arguments: [String], foldCase: Bool, _ command: String) async throws(MPDAck) {
        let songs = try await songs(query(arguments, foldCase: foldCase, command))
        let locations = try songs.map { song throws(MPDAck) in try paths.location(of: song.file, isLocal: true, command: command) }
        try await appendTracks(locations, command)
    }

    /// `count FILTER [group TAG]`: how many songs and how long they play.
    private func count(_ arguments: [String], into output: inout MPDOutput) async throws(MPDAck) {
        let query = try query(arguments, foldCase: false, "count")
        let songs = try await songs(Query(filter: query.filter))
        guard let group = query.groups.first else {
            output.field("songs", String(songs.count))
            output.field("playtime", MPDNumber.wholeSeconds(songs.reduce(0) { $0 + ($1.duration ?? 0) }))
            return
        }
        var totals: [String: (songs: Int, seconds: Double)] = [:]
        for song in songs {
            let value = song.values(of: group).first ?? ""
            totals[value, default: (0, 0)].songs += 1
            totals[value, default: (0, 0)].seconds += song.duration ?? 0
        }
        for (value, total) in totals.sorted(by: { Self.precedesInBytes($0.key, $1.key) }) {
            output.field(group.rawValue, value)
            output.field("songs", String(total.songs))
            output.field("playtime", MPDNumber.wholeSeconds(total.seconds))
        }
    }

    /// `list TAG [FILTER] [group TAG…]`: the distinct values of a tag, grouped.
    private func list(_ arguments: [String], into output: inout MPDOutput) async throws(MPDAck) {
        let name = arguments[0]
        var rest = Array(arguments.dropFirst())
        let tag = MPDSong.Tag(named: name)
        guard tag != nil || name.lowercased() == "file" else { throw MPDAck(.argument, command: "list", "Unknown tag type: \(name)") }
        // MPD's oldest form: `list album ARTIST`.
        if tag == .album, rest.count == 1, !rest[0].hasPrefix("(") { rest = ["artist", rest[0]] }
        let query = try query(rest, foldCase: false, "list")
        let rows = try await listedRows(tag, groups: query.groups, filter: query.filter)
        let label = tag?.rawValue ?? "file"
        var previous: [String]?
        for row in Self.distinctInByteOrder(rows) {
            for (index, group) in query.groups.enumerated() where previous.map({ !$0[index].utf8.elementsEqual(row[index].utf8) }) ?? true {
                output.field(group.rawValue, row[index])
            }
            output.field(label, row[row.count - 1])
            previous = row
        }
    }

    /// What `list` lists, a row per song and combination of its values: the values of
    /// `groups` then of `tag` (the file for `nil`; `""` for a tag the song lacks). With no
    /// filter, each distinct combination of the fields those tags come from, as SQL finds
    /// them (a library of 100,000 files has some 10,000 albums); else the songs the filter
    /// finds.
    private func listedRows(_ tag: MPDSong.Tag?, groups: [MPDSong.Tag], filter: MPDFilter?) async throws(MPDAck) -> [[String]] {
        guard filter == nil, let tag else {
            func values(_ song: MPDSong, _ tag: MPDSong.Tag?) -> [String] {
                guard let tag else { return [song.file] }
                let found = song.values(of: tag)
                return found.isEmpty ? [""] : found
            }
            var rows: [[String]] = []
            for song in try await songs(Query(filter: filter)) {
                var keys: [[String]] = [[]]
                for group in groups { keys = keys.flatMap { key in values(song, group).map { key + [$0] } } }
                for key in keys { for value in values(song, tag) { rows.append(key + [value]) } }
            }
            return rows
        }
        var fields: [TrackCondition.Field] = []
        for field in (groups + [tag]).flatMap(MPDPaths.fields(of:)) where !fields.contains(field) { fields.append(field) }
        // Each tag's value is its first field with one (AlbumArtist's own, else the artist's).
        let sources = (groups + [tag]).map { tag in MPDPaths.fields(of: tag).compactMap { fields.firstIndex(of: $0) } }
        let found = try readLibrary { library throws(StoreError) in try library.distinctValues(of: fields, under: nil, where: .always) }
        return found.map { values in
            sources.map { places in places.lazy.compactMap { values[$0] }.first { !$0.isEmpty } ?? "" }
        }
    }

    /// `update`, `rescan`: a scan of the whole library, in the background; the job number
    /// is 1 (one scan runs at a time).
    private func update(_ output: inout MPDOutput) {
        library.startScan()
        output.field("updating_db", "1")
    }

    func appendTracks(_ locations: [String], _ command: String) async throws(MPDAck) {
        guard !locations.isEmpty else { return }
        do throws(PlayerCommandError) {
            _ = try await player.append(locations)
        } catch {
            throw Self.ack(error, command: command)
        }
    }

    // MARK: Pictures

    /// `albumart URI OFFSET`, `readpicture URI OFFSET`: a chunk of at most the client's
    /// binary limit of the track's cover as the scanner kept it (embedded, or else its
    /// folder's), or of the picture the file embeds.
    private func picture(_ arguments: [String], typed: Bool, _ command: String, client: MPDClientState, into output: inout MPDOutput)
        async throws(MPDAck)
    {
        let location = try paths.location(of: arguments[0], isLocal: client.isLocal, command: command)
        let offset = try Self.integer(arguments[1], command)
        guard offset >= 0 else { throw MPDAck(.argument, command: command, "Bad offset") }
        // `readpicture` is the file's own picture; `albumart` the library's cover, embedded
        // or the folder's.
        if typed {
            guard let picture = library.embeddedPicture(atPath: location) else { return }
            let bytes = picture.data
            guard offset <= bytes.count else { throw MPDAck(.argument, command: command, "Bad file offset") }
            output.field("size", String(bytes.count))
            if let mimeType = picture.mimeType { output.field("type", mimeType) }
            output.binary(Array(bytes[offset..<min(bytes.count, offset + client.binaryLimit)]))
            return
        }
        guard let artwork = library.track(atPath: location)?.artwork, let handle = FileHandle(forReadingAtPath: artwork.path) else {
            throw MPDAck(.noExist, command: command, "No file exists")
        }
        defer { try? handle.close() }
        let size = Int((try? handle.seekToEnd()) ?? 0)
        guard offset <= size else { throw MPDAck(.argument, command: command, "Bad file offset") }
        try? handle.seek(toOffset: UInt64(offset))
        let chunk = (try? handle.read(upToCount: client.binaryLimit)) ?? Data()
        output.field("size", String(size))
        output.binary(Array(chunk))
    }
}
