public import TextEncodings

/// Where a decoder's bytes come from: a file on disk (``FileByteSource``), and, behind the
/// same seam, a stream over the network (opened by a ``ByteSourceOpener`` the daemon
/// provides). Every decoder reads through one, so a format the daemon plays from a file it
/// plays from any source.
///
/// Threading: a source belongs to the one decoder reading it and is used from one thread at
/// a time (the thread that calls into that decoder), so it needs no lock of its own.
public protocol ByteSource: AnyObject {
    /// What the bytes are, for messages: the file's path, the stream's address.
    var name: String { get }
    /// The offset of the next byte ``read(into:)`` returns.
    var position: Int64 { get }
    /// The source's length in bytes, `nil` when it is not known (a live stream).
    var length: Int64? { get }
    /// Whether ``seek(to:)`` can move the next read; a live stream cannot.
    var isSeekable: Bool { get }
    /// Whether a read has met the end of the bytes.
    var atEnd: Bool { get }
    /// Whether a read may wait on something slower than a disk (the network): a decoder
    /// reading such a source is read ahead on a thread of its own (``PrefetchingDecoder``),
    /// never under the engine's lock. False for a file.
    var isRemote: Bool { get }
    /// Whether the bytes are a live stream: no end known, no seeking, joined where it is
    /// now. False for a file.
    var isLiveStream: Bool { get }
    /// Called, on the reading thread, with what the source learns about its content besides
    /// the bytes (a stream's title, say); a file never calls it. Set by the source's owner.
    var onMetadata: (([String: String]) -> Void)? { get set }
    /// The encoding the listener named for what the source says of its content (a
    /// station's `#charset=`), tried before UTF-8 when its text is read; `nil` for none.
    var metadataEncoding: TextEncoding? { get }

    /// Reads up to `buffer.count` bytes at ``position`` into `buffer`, waiting for at least
    /// one when none is there yet.
    /// - Returns: how many bytes were read, 0 only at the end.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the bytes cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int

    /// Lets go of the bytes: a read waiting in another thread returns, and later reads end.
    /// The only method any thread may call.
    func close()

    /// Moves the next read to `offset` bytes from the start.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` for a source that cannot seek, or
    ///   an offset outside it.
    func seek(to offset: Int64) throws(AudioError)
}

extension ByteSource {
    public var isRemote: Bool { false }
    public var isLiveStream: Bool { false }
    public var metadataEncoding: TextEncoding? { nil }
    public func close() {}

    /// Moves the next read as `lseek` does (`whence` is `SEEK_SET`, `SEEK_CUR` or `SEEK_END`),
    /// for the C libraries' seek callbacks.
    /// - Returns: the new position, or `nil` when the source cannot go there.
    func seek(by offset: Int64, whence: Int32) -> Int64? {
        let base: Int64? =
            switch whence {
            case 0: 0
            case 1: position
            case 2: length
            default: nil
            }
        guard isSeekable, let base else { return nil }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, (try? seek(to: target)) != nil else { return nil }
        return target
    }

    /// Reads until `buffer` is full or the bytes end.
    /// - Returns: how many bytes were read; fewer than `buffer.count` only at the end.
    /// - Throws: as ``read(into:)``.
    func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Reads into raw memory from a C callback: up to `count` bytes at `bytes`.
    /// - Returns: the bytes read (0 at the end), or `nil` on a read error.
    func read(into bytes: UnsafeMutableRawPointer, count: Int) -> Int? {
        try? read(into: UnsafeMutableRawBufferPointer(start: bytes, count: count))
    }
}

/// Opens the bytes at a location the player was given: a file's absolute path, or an
/// address an opener that reaches the network understands.
/// - Throws: ``AudioError/decodeFailed(_:reason:)`` for a file that cannot be opened,
///   ``AudioError/unreachable(_:reason:)`` for an address that does not answer.
public typealias ByteSourceOpener = @Sendable (String) throws(AudioError) -> any ByteSource
