import Glibc
import TagReading

/// A regular file (or a remote file's bytes) opened for a tag scan and read only in bounded
/// pieces at given offsets, so that no length a file declares can make a scan read or
/// allocate more than it asks for.
///
/// Owned by one scan on one thread; a descriptor it opened is closed when the value goes
/// away, a source it was given is left to its owner.
final class TagFile {
    /// The file's size in bytes when it was opened.
    let size: Int
    private let storage: Storage

    /// Where the bytes come from.
    private enum Storage {
        /// A file this scan opened, read with `pread`.
        case descriptor(Int32)
        /// A seekable source of known length (a remote file), read by seeking.
        case source(any ByteSource)
    }

    /// Opens the regular file at `path` (``RegularFile``).
    /// - Throws: ``TagReadFailure/unreadable(reason:)`` when it cannot be opened or is not a
    ///   regular file; ``TagReadFailure/empty`` when it has no bytes.
    init(path: String) throws(TagReadFailure) {
        // Every way out before both properties are set closes the file here; once they are
        // set, a throw would run `deinit` and close the descriptor a second time, by then
        // perhaps another thread's file.
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw .unreadable(reason: error.reason)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason: reason)
        }
        guard status.st_size > 0 else {
            close(descriptor)
            throw .empty
        }
        storage = .descriptor(descriptor)
        size = Int(status.st_size)
    }

    /// Reads `source`, which can seek and knows its length (a remote file).
    /// - Throws: ``TagReadFailure/unreadable(reason:)`` when it cannot seek or has no
    ///   known length; ``TagReadFailure/empty`` when it has no bytes.
    init(source: any ByteSource) throws(TagReadFailure) {
        guard source.isSeekable, let length = source.length else {
            throw .unreadable(reason: "\(source.name) cannot be read at any offset")
        }
        guard length > 0 else { throw .empty }
        storage = .source(source)
        size = Int(length)
    }

    deinit {
        if case .descriptor(let descriptor) = storage { close(descriptor) }
    }

    /// Up to `count` bytes from `offset`: fewer when the file ends first, none past its end.
    /// - Throws: ``TagReadFailure/unreadable(reason:)`` when the read fails.
    func bytes(at offset: Int, count: Int) throws(TagReadFailure) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let length = min(count, size - offset)
        if case .source(let source) = storage { return try Self.bytes(of: source, at: offset, count: length) }
        guard case .descriptor(let descriptor) = storage else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done))
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
            guard read > 0 else { break }
            done += read
        }
        return done == length ? bytes : Array(bytes.prefix(done))
    }

    /// Exactly `count` bytes from `offset`.
    /// - Throws: `failure` when the file ends first; ``TagReadFailure/unreadable(reason:)``
    ///   when the read fails.
    func exactly(_ count: Int, at offset: Int, or failure: TagReadFailure) throws(TagReadFailure) -> [UInt8] {
        let bytes = try bytes(at: offset, count: count)
        guard bytes.count == count else { throw failure }
        return bytes
    }

    /// `count` bytes of `source` from `offset`, fewer when it ends first.
    private static func bytes(of source: any ByteSource, at offset: Int, count: Int) throws(TagReadFailure) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        do throws(AudioError) {
            if source.position != Int64(offset) { try source.seek(to: Int64(offset)) }
            return Array(buffer.prefix(try source.readFully(into: buffer)))
        } catch {
            throw .unreadable(reason: error.description)
        }
    }
}
