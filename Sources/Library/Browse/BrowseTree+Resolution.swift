extension BrowseTree {
    /// The item at a non-empty `path`, one catalog lookup per component; `nil` for the root.
    /// - Throws: ``BrowseError/indexOutOfRange(path:component:count:)`` at the first component
    ///   that names no child (negative, too large, or below a track).
    func resolve(_ path: [Int]) throws(BrowseError) -> ResolvedNode? {
        guard !path.isEmpty else { return nil }
        var siblings = try rootSource()
        var resolved: ResolvedNode?
        for (component, position) in path.enumerated() {
            if let above = resolved { siblings = childSource(of: above.node) }
            guard let node = try node(of: siblings, at: position) else {
                throw .indexOutOfRange(path: path, component: component, count: try count(of: siblings))
            }
            resolved = ResolvedNode(node: node, siblings: siblings, position: position)
        }
        return resolved
    }

    /// The children of the root (`[]`) or of the item at `path`.
    func childSource(at path: [Int]) throws(BrowseError) -> ChildSource {
        guard let resolved = try resolve(path) else { return try rootSource() }
        return childSource(of: resolved.node)
    }

    /// The root's four fixed containers, or the placeholder alone when the library holds
    /// neither a track nor a station.
    func rootSource() throws(BrowseError) -> ChildSource {
        try isLibraryEmpty() ? .nodes([.placeholder]) : .nodes(FixedContainer.rootItems.map(BrowseNode.fixed))
    }

    func childSource(of node: BrowseNode) -> ChildSource {
        switch node {
        case .placeholder: .leaf
        case .fixed(let container):
            container.list.map(ChildSource.list) ?? .nodes(FixedContainer.libraryItems.map(BrowseNode.fixed))
        case .entry(.artist(let artist)): .list(.albumsOf(artist: artist.id))
        case .entry(.album(let album)): .list(.tracksOfAlbum(album.id))
        case .entry(.genre(let genre)): .list(.tracksOfGenre(genre.id))
        case .entry(.playlist(let playlist)): .list(.tracksOfPlaylist(playlist.id))
        case .entry(.show(let show)): .list(show.chapteredTrack.map { .chaptersOf(track: $0) } ?? .tracksOfShow(show.id))
        case .entry(.track(let track)): track.chapterCount > 0 ? .list(.chaptersOf(track: track.id)) : .leaf
        case .entry(.podcast(let podcast)): .list(.episodesOf(podcast: podcast.id))
        case .entry(.chapter), .entry(.station): .leaf
        }
    }

    /// The child at `position`, or `nil` when there is none.
    func node(of source: ChildSource, at position: Int) throws(BrowseError) -> BrowseNode? {
        // Int.max is never a position, and excluding it keeps `position + 1` from overflowing.
        guard position >= 0, position < Int.max else { return nil }
        return try nodes(of: source, in: position..<(position + 1)).first
    }

    /// The children at the positions in `range` (clamped to those that exist).
    func nodes(of source: ChildSource, in range: Range<Int>) throws(BrowseError) -> [BrowseNode] {
        switch source {
        case .nodes(let nodes): Array(nodes[range.clamped(to: nodes.indices)])
        case .list(let list): try entries(list, in: range).map(BrowseNode.entry)
        }
    }

    /// How many children `source` holds.
    func count(of source: ChildSource) throws(BrowseError) -> Int {
        switch source {
        case .nodes(let nodes): nodes.count
        case .list(let list): try count(list)
        }
    }
}
