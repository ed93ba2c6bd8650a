import TextEncodings

/// A source that cannot seek, with its first bytes read ahead to tell its format and then
/// given again to the decoder, as if it read from the start: how a live stream, which
/// cannot go back, is opened like a file.
///
/// Owned by the decoder reading it, on one thread at a time, as every ``ByteSource``.
final class HeaderReplayingSource: ByteSource {
    /// The first bytes of the source (up to ``AudioFileKind/headerLength``).
    let header: [UInt8]
    private let base: any ByteSource
    private var replayed = 0

    /// Reads the first bytes of `base`, which cannot seek.
    /// - Throws: what reading `base` throws.
    init(_ base: any ByteSource) throws(AudioError) {
        self.base = base
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: AudioFileKind.headerLength, alignment: 1)
        defer { buffer.deallocate() }
        header = Array(buffer.prefix(try base.readFully(into: buffer)))
    }

    var name: String { base.name }
    var position: Int64 { replayed < header.count ? Int64(replayed) : base.position }
    var length: Int64? { base.length }
    var isSeekable: Bool { false }
    var atEnd: Bool { replayed == header.count && base.atEnd }
    var isRemote: Bool { base.isRemote }
    var isLiveStream: Bool { base.isLiveStream }
    var metadataEncoding: TextEncoding? { base.metadataEncoding }
    var onMetadata: (([String: String]) -> Void)? {
        get { base.onMetadata }
        set { base.onMetadata = newValue }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        guard replayed < header.count else { return try base.read(into: buffer) }
        let count = min(buffer.count, header.count - replayed)
        header[replayed..<replayed + count].withUnsafeBytes { buffer.baseAddress?.copyMemory(from: $0.baseAddress!, byteCount: count) }
        replayed += count
        return count
    }

    func close() { base.close() }

    func seek(to offset: Int64) throws(AudioError) {
        throw .decodeFailed(name, reason: "a live stream cannot seek")
    }
}
