import Audio

/// A byte source that refuses to read past a limit: what a check of a file's first frames
/// reads through, so a file that never yields a frame costs a bounded download.
///
/// It reports itself local (``isRemote`` false) so the decoder is opened on the caller's
/// thread, which may wait on the network, rather than read ahead on a thread of its own.
/// Ownership: as any source, used by one thread at a time; the inner source is closed when
/// this one goes.
final class BoundedByteSource: ByteSource {
    private let inner: any ByteSource
    private let limit: Int
    private var taken = 0

    /// `inner`, of which at most `limit` bytes are read.
    init(_ inner: any ByteSource, limit: Int) {
        self.inner = inner
        self.limit = limit
    }

    deinit { inner.close() }

    var name: String { inner.name }
    var position: Int64 { inner.position }
    var length: Int64? { inner.length }
    var isSeekable: Bool { inner.isSeekable }
    var atEnd: Bool { inner.atEnd }
    var onMetadata: (([String: String]) -> Void)? {
        get { inner.onMetadata }
        set { inner.onMetadata = newValue }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        guard taken < limit else {
            throw .decodeFailed(name, reason: "no sound in its first \(limit >> 20) MiB")
        }
        let count = try inner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(limit - taken)))
        taken += count
        return count
    }

    func close() { inner.close() }

    func seek(to offset: Int64) throws(AudioError) {
        try inner.seek(to: offset)
    }
}
