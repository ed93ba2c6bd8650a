import CMPG123
import Glibc

/// An ``AudioDecoder`` for MP3 files, backed by libmpg123.
///
/// Seeks are sample-accurate (`mpg123_seek` without fuzzy seeking); gapless mode removes
/// the encoder's delay and padding when the file carries a LAME/Xing header.
final class MPG123Decoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    private let handle: OpaquePointer
    /// The file, opened by ``RegularFile``; libmpg123 reads it but leaves closing it to us.
    private let descriptor: Int32
    private let path: String

    /// Opens `path`, a regular file (``RegularFile``), and reads its first header to learn
    /// the format.
    /// - Parameters:
    ///   - path: the MP3 file.
    ///   - keepingPictures: whether the tags' embedded images are kept for
    ///     ``withHandle(_:)`` readers (tag reading only, never playback).
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not a decodable MP3.
    init(path: String, keepingPictures: Bool = false) throws(AudioError) {
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw .decodeFailed(path, reason: error.reason)
        }
        guard let handle = MPG123.makeHandle(keepingPictures: keepingPictures) else {
            close(descriptor)
            throw .decodeFailed(path, reason: "libmpg123 could not create a decoder")
        }
        guard mpg123_open_fd(handle, descriptor) == MPG123_OK.rawValue else {
            let reason = MPG123.lastError(handle)
            mpg123_delete(handle)
            close(descriptor)
            throw .decodeFailed(path, reason: reason)
        }
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue,
            rate > 0, channels > 0
        else {
            let reason = MPG123.lastError(handle)
            mpg123_close(handle)
            mpg123_delete(handle)
            close(descriptor)
            throw .decodeFailed(path, reason: "no MPEG audio frame found (\(reason))")
        }
        self.handle = handle
        self.descriptor = descriptor
        self.path = path
        self.format = AudioFormat(sampleRate: rate, channels: Int(channels))
        let length = mpg123_length(handle)
        self.frameCount = length > 0 ? Int(length) : nil
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
        close(descriptor)
    }

    /// Runs `body` with the libmpg123 handle, for readers of the file's metadata.
    func withHandle<T>(_ body: (OpaquePointer) -> T) -> T { body(handle) }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        let frameSize = format.channels
        let usable = buffer.count - buffer.count % frameSize
        guard usable > 0, let base = buffer.baseAddress else { return 0 }
        while true {
            var done = 0
            let status = mpg123_read(handle, UnsafeMutableRawPointer(base), usable * 4, &done)
            switch status {
            case MPG123_OK.rawValue, MPG123_DONE.rawValue:
                return done / 4
            case MPG123_NEW_FORMAT.rawValue:
                if done > 0 { return done / 4 }
            default:
                if done > 0 { return done / 4 }
                throw .decodeFailed(path, reason: MPG123.lastError(handle))
            }
        }
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        if mpg123_seek(handle, off_t(frame), SEEK_SET) < 0 {
            throw .decodeFailed(path, reason: "seek failed: \(MPG123.lastError(handle))")
        }
    }
}
