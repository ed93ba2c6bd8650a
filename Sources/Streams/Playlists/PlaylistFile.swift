import TextEncodings

/// The entries of a `.pls`, `.m3u`/`.m3u8` or `.xspf` playlist, in order, each an absolute
/// `http`/`https` address (relative ones resolved against the playlist's own), or an
/// absolute path when the playlist was read from disk.
///
/// Pure: parses text given to it. Bounded: at most ``maximumBytes`` of text, and the first
/// ``maximumEntries`` entries.
public struct PlaylistFile: Sendable, Equatable {
    /// The most playlist text read.
    public static let maximumBytes = 1 << 20
    /// The most entries kept.
    public static let maximumEntries = 10_000

    /// The playlist's format.
    public let format: PlaylistFormat
    /// The entries to try, in order.
    public let entries: [String]

    /// Parses `bytes` (UTF-8, or Latin-1 when not UTF-8) as `format`.
    /// - Parameters:
    ///   - bytes: the playlist's text.
    ///   - format: how to read it.
    ///   - base: the playlist's address, or its absolute path when read from disk (then
    ///     local paths are entries too).
    /// - Throws: ``PlaylistError``: too large, HLS, or no entry to play.
    public init(bytes: some Collection<UInt8>, format: PlaylistFormat, base: String) throws(PlaylistError) {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(bytes.count) }
        var text = LenientText.decode(bytes)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let raw: [String]
        switch format {
        case .pls: raw = Self.plsEntries(text)
        case .m3u: raw = try Self.m3uEntries(text)
        case .xspf: raw = XSPFLocations.read(text)
        }
        let resolver = PlaylistEntryResolver(base: base)
        var entries: [String] = []
        for entry in raw {
            guard entries.count < Self.maximumEntries else { break }
            if let resolved = resolver.resolve(entry) { entries.append(resolved) }
        }
        guard !entries.isEmpty else { throw .noEntries }
        self.format = format
        self.entries = entries
    }

    /// `FileN=…` values, by N, then in the order written.
    private static func plsEntries(_ text: String) -> [String] {
        var files: [(number: Int, order: Int, value: String)] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingWhitespace().lowercased()
            guard key.hasPrefix("file"), let number = Int(key.dropFirst(4)) else { continue }
            files.append((number, files.count, line[line.index(after: equals)...].trimmingWhitespace()))
        }
        return files.sorted { ($0.number, $0.order) < ($1.number, $1.order) }.map(\.value)
    }

    /// Lines that are neither blank nor comments.
    /// - Throws: ``PlaylistError/hls`` at an `#EXT-X-` tag.
    private static func m3uEntries(_ text: String) throws(PlaylistError) -> [String] {
        var entries: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("#EXT-X-") { throw .hls }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            entries.append(trimmed)
        }
        return entries
    }
}
