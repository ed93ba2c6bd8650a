public import Audio

/// The daemon's ``ByteSourceOpener``: an `http://` or `https://` location opens an
/// ``HTTPByteSource`` (a playlist there is read and its first entry that answers is
/// opened), anything else a file.
public struct StreamOpener: Sendable {
    /// The most entries of a playlist tried before giving up.
    public static let entriesTried = 10
    /// How deep playlists are followed: a playlist's entry may be a playlist, whose entries
    /// must be audio.
    public static let playlistNesting = 1

    /// How every source it opens talks to its server.
    public let options: HTTPOptions
    /// Where addresses moved, for the sources it opens to resume from after a drop.
    public let moves: AddressMoves?

    /// An opener of locations with `options`, whose sources follow `moves` when they drop.
    public init(options: HTTPOptions = HTTPOptions(), moves: AddressMoves? = nil) {
        self.options = options
        self.moves = moves
    }

    /// Whether `location` is an address on the network (`http://`, `https://`) rather
    /// than a file's path.
    public static func isNetworkLocation(_ location: String) -> Bool {
        let lowered = location.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The opener as the closure the player takes.
    public var opener: ByteSourceOpener { { location throws(AudioError) in try open(location) } }

    /// Opens the bytes at `location`: an address's (through a playlist and one nested in
    /// it, trying up to ``entriesTried`` entries of each), or a file's.
    /// - Throws: ``AudioError/unreachable(_:reason:)`` when the address, or every entry of
    ///   its playlist, does not answer (the reasons listed);
    ///   ``AudioError/decodeFailed(_:reason:)`` for a file that cannot be opened or a
    ///   playlist that cannot be read (HLS, too large, no entries).
    public func open(_ location: String) throws(AudioError) -> any ByteSource {
        guard Self.isNetworkLocation(location) else { return try FileByteSource(path: location) }
        return try openAddress(location, nesting: 0)
    }

    private func openAddress(_ url: String, nesting: Int) throws(AudioError) -> any ByteSource {
        let source = try HTTPByteSource(url: url, options: options, moves: moves)
        guard let format = PlaylistFormat(path: source.finalURL, contentType: source.contentType) ?? PlaylistFormat(path: url) else {
            return source
        }
        guard nesting <= Self.playlistNesting else {
            throw .unreachable(url, reason: "a playlist inside a playlist inside a playlist (one level is followed)")
        }
        let bytes = try Self.body(of: source, url: url)
        source.close()
        let playlist: PlaylistFile
        do {
            playlist = try PlaylistFile(bytes: bytes, format: format, base: source.finalURL)
        } catch {
            throw .decodeFailed(url, reason: error.description)
        }
        var reasons: [String] = []
        for entry in playlist.entries.prefix(Self.entriesTried) {
            do {
                return try openAddress(entry, nesting: nesting + 1)
            } catch {
                switch error {
                case .unreachable(_, let reason), .decodeFailed(_, let reason): reasons.append("\(entry): \(reason)")
                case .pulseUnavailable(let reason): reasons.append("\(entry): \(reason)")
                }
            }
        }
        throw .unreachable(url, reason: "no entry of the playlist answers (\(reasons.joined(separator: "; ")))")
    }

    /// A playlist's whole body, at most ``PlaylistFile/maximumBytes`` of it.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` past the limit; the source's failure.
    private static func body(of source: HTTPByteSource, url: String) throws(AudioError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try source.read(into: chunk)
            if count == 0 { return bytes }
            bytes += chunk.prefix(count)
            if bytes.count > PlaylistFile.maximumBytes {
                throw .decodeFailed(url, reason: PlaylistError.tooLarge(bytes.count).description)
            }
        }
    }
}
