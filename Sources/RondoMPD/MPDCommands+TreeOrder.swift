/// MPD's order of the songs of its tree: a directory's songs by name, then each of its
/// subdirectories, by name, all the way down (``MPDCollation`` orders the names).
extension MPDCommands {
    /// `items` in the order MPD walks its tree of their URIs (`uri`), each key made once.
    /// The items stay where they are while their keys are sorted: a track is moved once.
    static func inTreeOrder<Item>(_ items: [Item], uri: (Item) -> String) -> [Item] {
        treeOrder(of: items.map(uri)).map { items[$0] }
    }

    /// The places of `uris` in the order MPD walks its tree of them. A file comes by its
    /// directory, then by its name: the directories' keys are made once each and sorted
    /// (a search that lists 12,000 songs has some 600 albums), and each file's name is
    /// compared only with its neighbours'. That is the order of the whole paths' keys: a
    /// directory's key is a prefix of its subdirectories', whose files so come after its own.
    static func treeOrder(of uris: [String]) -> [Int] {
        var folded: [Substring: [UInt8]] = [:]
        var directoryOf: [[UInt8]: Int] = [:]
        var directories: [Substring] = []
        var files: [(directory: Int, name: [UInt8])] = []
        files.reserveCapacity(uris.count)
        // Directories are told apart by their bytes (two names canonically equal are two
        // directories); the table gives a directory's songs one after another, so the last
        // one is compared before the table of them is asked.
        var last: (directory: Substring, number: Int)?
        for uri in uris {
            let whole = Substring(uri).utf8
            let slash = whole.lastIndex(of: UInt8(ascii: "/"))
            let directory = Substring(slash.map { whole[..<$0] } ?? whole[whole.startIndex..<whole.startIndex])
            let number: Int
            if let last, last.directory.utf8.elementsEqual(directory.utf8) {
                number = last.number
            } else if let known = directoryOf[Array(directory.utf8)] {
                number = known
            } else {
                number = directories.count
                directoryOf[Array(directory.utf8)] = number
                directories.append(directory)
            }
            last = (directory, number)
            var name: [UInt8] = []
            name.reserveCapacity(whole.count * 2 + 4)
            MPDCollation.append(whole[(slash.map { whole.index(after: $0) } ?? whole.startIndex)...], to: &name, folded: &folded)
            files.append((number, name))
        }
        let directoryKeys = directories.map { directoryKey($0.utf8, folded: &folded) }
        var rank = [Int](repeating: 0, count: directories.count)
        for (place, directory) in directoryKeys.indices.sorted(by: { directoryKeys[$0].lexicographicallyPrecedes(directoryKeys[$1]) })
            .enumerated()
        {
            rank[directory] = place
        }
        return files.indices.sorted { left, right in
            let (a, b) = (rank[files[left].directory], rank[files[right].directory])
            return a != b ? a < b : files[left].name.lexicographicallyPrecedes(files[right].name)
        }
    }

    /// Where the files of the directory `path` come as MPD walks its tree, as bytes to
    /// compare: each part of the path marked as a directory (2), then its name in MPD's
    /// order (``MPDCollation``), ended with 0, so that a directory's files come before its
    /// subdirectories', each by name as MPD orders names.
    static func directoryKey(_ path: Substring.UTF8View, folded: inout [Substring: [UInt8]]) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(path.count * 2 + 16)
        var partStart = path.startIndex
        while partStart < path.endIndex {
            let slash = path[partStart...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            if slash > partStart {
                key.append(2)
                MPDCollation.append(path[partStart..<slash], to: &key, folded: &folded)
                key.append(0)
            }
            partStart = slash < path.endIndex ? path.index(after: slash) : slash
        }
        key.append(1)
        return key
    }
}
