import CFFmpeg
import CMPG123
import COpus
import CVorbis
import Glibc

// The C libraries' read callbacks over a ByteSource: free functions that find their source
// through the user-data pointer (never by capture: they run inside library calls). The
// decoder holding the source keeps it alive while the library may call back.

/// The source behind a callback's user data.
private func byteSource(from userData: UnsafeMutableRawPointer) -> any ByteSource {
    Unmanaged<ByteSourceBox>.fromOpaque(userData).takeUnretainedValue().source
}

/// A source as one reference the callbacks' user-data pointer can carry.
final class ByteSourceBox {
    let source: any ByteSource
    init(_ source: any ByteSource) { self.source = source }
    /// The pointer to give the library; valid while this box lives.
    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

extension ByteSourceBox {
    /// libvorbisfile's callbacks; no seek for a source that cannot (vorbisfile then reads
    /// it as a stream).
    var vorbisCallbacks: ov_callbacks {
        ov_callbacks(
            read_func: { bytes, size, count, userData in
                guard let bytes, let userData, size > 0 else { return 0 }
                return (byteSource(from: userData).read(into: bytes, count: size * count) ?? 0) / size
            },
            seek_func: source.isSeekable
                ? { userData, offset, whence in
                    guard let userData, byteSource(from: userData).seek(by: offset, whence: whence) != nil else { return -1 }
                    return 0
                } : nil,
            close_func: nil,
            tell_func: { userData in userData.map { Int(byteSource(from: $0).position) } ?? -1 })
    }

    /// libopusfile's callbacks; no seek for a source that cannot.
    var opusCallbacks: OpusFileCallbacks {
        OpusFileCallbacks(
            read: { userData, bytes, count in
                guard let userData, let bytes, count > 0 else { return 0 }
                return byteSource(from: userData).read(into: UnsafeMutableRawPointer(bytes), count: Int(count)).map(Int32.init) ?? -1
            },
            seek: source.isSeekable
                ? { userData, offset, whence in
                    guard let userData, byteSource(from: userData).seek(by: offset, whence: whence) != nil else { return -1 }
                    return 0
                } : nil,
            tell: { userData in userData.map { byteSource(from: $0).position } ?? -1 },
            close: nil)
    }

    /// Hands the source to libmpg123 in place of its own reader; then `mpg123_open_handle`
    /// with ``userData``.
    func replaceReader(of handle: OpaquePointer) -> Bool {
        mpg123_replace_reader_handle(
            handle,
            { userData, bytes, count in
                guard let userData, let bytes else { return -1 }
                return byteSource(from: userData).read(into: bytes, count: count) ?? -1
            },
            { userData, offset, whence in
                guard let userData, let position = byteSource(from: userData).seek(by: Int64(offset), whence: whence) else { return -1 }
                return off_t(position)
            },
            nil) == MPG123_OK.rawValue
    }

    /// An FFmpeg I/O context reading the source through a buffer of `bufferSize` bytes,
    /// seeking when the source can (`AVSEEK_SIZE` answers its length); freed with
    /// `avio_context_free` after its buffer (`av_freep(&context.pointee.buffer)`).
    func ioContext(bufferSize: Int32 = 64 * 1024) -> UnsafeMutablePointer<AVIOContext>? {
        guard let buffer = av_malloc(Int(bufferSize)) else { return nil }
        let seekable = source.isSeekable
        let context = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0, userData,
            { userData, bytes, count in
                guard let userData, let bytes, count > 0 else { return rondo_averror_io() }
                guard let read = byteSource(from: userData).read(into: bytes, count: Int(count)) else { return rondo_averror_io() }
                return read == 0 ? rondo_averror_eof() : Int32(read)
            },
            nil,
            seekable
                ? { userData, offset, whence in
                    guard let userData else { return -1 }
                    let source = byteSource(from: userData)
                    if whence & AVSEEK_SIZE != 0 { return source.length ?? -1 }
                    return source.seek(by: offset, whence: whence & ~AVSEEK_FORCE) ?? -1
                } : nil)
        guard let context else {
            av_free(buffer)
            return nil
        }
        context.pointee.seekable = seekable ? AVIO_SEEKABLE_NORMAL : 0
        return context
    }
}
