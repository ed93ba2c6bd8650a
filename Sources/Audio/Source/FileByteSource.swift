import Glibc

/// A regular file as a ``ByteSource``: read through a 64 KiB buffer, with the offset counted
/// here, so a decoder's many small reads and position queries cost one `read` system call
/// every 64 KiB and no `lseek` at all.
///
/// Opened with ``RegularFile`` (a named pipe or a device under an audio name is refused).
/// Owned by the decoder reading it, on one thread at a time; closes the file when it goes.
public final class FileByteSource: ByteSource {
    public let name: String
    public var onMetadata: (([String: String]) -> Void)?
    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    private static let bufferSize = 65_536
    /// The file offset of the buffer's first byte.
    private var bufferOffset: Int64 = 0
    /// How many bytes the buffer holds, and how many of them were read out.
    private var buffered = 0
    private var consumed = 0
    public private(set) var atEnd = false

    /// Opens `path`, a regular file.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it cannot be opened or is no
    ///   regular file.
    public init(path: String) throws(AudioError) {
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw .decodeFailed(path, reason: error.reason)
        }
        name = path
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
    }

    /// The opener of files only: every location is a path.
    public static let opener: ByteSourceOpener = { path throws(AudioError) in try FileByteSource(path: path) }

    deinit {
        Glibc.close(descriptor)
        buffer.deallocate()
    }

    public var position: Int64 { bufferOffset + Int64(consumed) }

    public var length: Int64? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : nil
    }

    public var isSeekable: Bool { true }

    public func read(into destination: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        guard let base = destination.baseAddress, destination.count > 0 else { return 0 }
        if consumed == buffered {
            // A large read goes straight to the caller; a small one refills the buffer.
            bufferOffset += Int64(buffered)
            (buffered, consumed) = (0, 0)
            if destination.count >= Self.bufferSize {
                let count = try readFile(into: base, count: destination.count)
                bufferOffset += Int64(count)
                return count
            }
            buffered = try readFile(into: buffer.baseAddress!, count: Self.bufferSize)
            if buffered == 0 { return 0 }
        }
        let count = min(destination.count, buffered - consumed)
        base.copyMemory(from: buffer.baseAddress! + consumed, byteCount: count)
        consumed += count
        return count
    }

    public func seek(to offset: Int64) throws(AudioError) {
        guard offset >= 0 else { throw .decodeFailed(name, reason: "seek to a negative offset, \(offset)") }
        atEnd = false
        if offset >= bufferOffset, offset <= bufferOffset + Int64(buffered) {
            consumed = Int(offset - bufferOffset)
            return
        }
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw .decodeFailed(name, reason: "seek to byte \(offset) failed: \(String(cString: strerror(errno)))")
        }
        (bufferOffset, buffered, consumed) = (offset, 0, 0)
    }

    /// One `read` of the file, retried when a signal interrupts it.
    private func readFile(into bytes: UnsafeMutableRawPointer, count: Int) throws(AudioError) -> Int {
        while true {
            let result = Glibc.read(descriptor, bytes, count)
            if result >= 0 {
                if result == 0 { atEnd = true }
                return result
            }
            guard errno == EINTR else {
                throw .decodeFailed(name, reason: "read failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}
