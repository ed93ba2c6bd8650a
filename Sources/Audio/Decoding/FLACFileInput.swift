import CFLAC
import Glibc

/// The file libFLAC reads, through its stream callbacks (``flacRead`` and the others): stdio
/// reads through a 64 KiB buffer, with the read offset counted here.
///
/// libFLAC asks for its position after every frame. Through `FLAC__stream_decoder_init_FILE`
/// that is an `ftello`, which asks the kernel each time (`lseek`); counted here it costs
/// nothing, and a playing file costs one `read` system call every few hundred milliseconds.
///
/// Owned by the ``FLACDecoder`` that opened it, and used only on the thread that calls into
/// libFLAC, so it needs no lock. Closes the file when it goes.
final class FLACFileInput {
    private let file: UnsafeMutablePointer<FILE>
    private let readBuffer: UnsafeMutableRawPointer
    private static let readBufferSize = 65_536
    /// The byte offset of the next read.
    private(set) var offset: UInt64 = 0

    /// Opens `path`, a regular file (``RegularFile``).
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it cannot be opened.
    init(path: String) throws(AudioError) {
        file = try CFile.open(path)
        readBuffer = UnsafeMutableRawPointer.allocate(byteCount: Self.readBufferSize, alignment: 16)
        setvbuf(file, readBuffer.assumingMemoryBound(to: CChar.self), _IOFBF, Self.readBufferSize)
    }

    deinit {
        fclose(file)
        readBuffer.deallocate()
    }

    /// Reads up to `count` bytes into `bytes`.
    /// - Returns: the bytes read, 0 at the end of the file, or `nil` on a read error.
    func read(into bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        let read = fread(bytes, 1, count, file)
        offset += UInt64(read)
        return read == 0 && ferror(file) != 0 ? nil : read
    }

    /// Moves the next read to `target` bytes from the start; returns whether it could.
    func seek(to target: UInt64) -> Bool {
        guard target <= UInt64(off_t.max), fseeko(file, off_t(target), SEEK_SET) == 0 else { return false }
        offset = target
        return true
    }

    /// The file's length in bytes, or `nil` when it cannot be learned.
    var length: UInt64? {
        var status = stat()
        return fstat(fileno(file), &status) == 0 ? UInt64(status.st_size) : nil
    }

    /// Whether a read has met the end of the file.
    var atEnd: Bool { feof(file) != 0 }
}
