import CMPG123
import Glibc

/// An ``AudioDecoder`` for MP3 files, backed by libmpg123.
///
/// Seeks are sample-accurate (`mpg123_seek` without fuzzy seeking); gapless mode removes
/// the encoder's delay and padding when the file carries a LAME/Xing header.
///
/// A live stream is joined at whatever byte the server sends first, where a few bytes can
/// look like a frame header of another format (a 24 kHz one in 44.1 kHz music). Its format is
/// therefore taken only once ``settledFrames`` frames' worth of sound comes in it without a
/// change; that sound is kept and played first, what came before is dropped.
final class MPG123Decoder: AudioDecoder {
    /// Frames' worth of sound in one format before a stream joined midway is believed.
    static let settledFrames = 4
    /// Frames looked at for a settled format before the stream is refused.
    static let framesToSettle = 64

    let format: AudioFormat
    let frameCount: Int?
    private let handle: OpaquePointer
    /// Sound decoded while a joined stream's format settled, played before the rest.
    private var settlingSound: [Float] = []
    /// The bytes libmpg123 reads through its replaced reader, kept while it may call it.
    private let source: ByteSourceBox
    private let path: String

    /// Opens `path`, a regular file (``RegularFile``), and reads its first header to learn
    /// the format.
    /// - Parameters:
    ///   - path: the MP3 file.
    ///   - keepingPictures: whether the tags' embedded images are kept for
    ///     ``withHandle(_:)`` readers (tag reading only, never playback).
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not a decodable MP3.
    convenience init(path: String, keepingPictures: Bool = false) throws(AudioError) {
        try self.init(source: FileByteSource(path: path), keepingPictures: keepingPictures)
    }

    /// Reads the first header of the MPEG audio `source` holds, to learn the format.
    /// - Parameters:
    ///   - source: the bytes.
    ///   - keepingPictures: as in ``init(path:keepingPictures:)``.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not decodable MPEG audio.
    init(source: any ByteSource, keepingPictures: Bool = false) throws(AudioError) {
        let path = source.name
        let box = ByteSourceBox(source)
        // A remote file's end is a request of its own away: its length comes from its
        // Xing header, never from a look at its last bytes.
        guard let handle = MPG123.makeHandle(keepingPictures: keepingPictures, peekingAtEnd: !(source.isRemote && source.isSeekable)) else {
            throw .decodeFailed(path, reason: "libmpg123 could not create a decoder")
        }
        guard box.replaceReader(of: handle), mpg123_open_handle(handle, box.userData) == MPG123_OK.rawValue else {
            let reason = MPG123.lastError(handle)
            mpg123_delete(handle)
            throw .decodeFailed(path, reason: reason)
        }
        let opened = source.isSeekable ? Self.currentFormat(handle) : Self.settle(handle, into: &settlingSound)
        guard let opened else {
            let reason = MPG123.lastError(handle)
            mpg123_close(handle)
            mpg123_delete(handle)
            throw .decodeFailed(path, reason: "no MPEG audio frame found (\(reason))")
        }
        self.handle = handle
        self.source = box
        self.path = path
        self.format = opened
        let length = mpg123_length(handle)
        self.frameCount = length > 0 ? Int(length) : nil
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
    }

    /// Runs `body` with the libmpg123 handle, for readers of the file's metadata.
    func withHandle<T>(_ body: (OpaquePointer) -> T) -> T { body(handle) }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        if !settlingSound.isEmpty {
            let count = min(buffer.count - buffer.count % format.channels, settlingSound.count)
            _ = buffer.initialize(from: settlingSound[..<count])
            settlingSound.removeFirst(count)
            return count
        }
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
        settlingSound = []
        if mpg123_seek(handle, off_t(frame), SEEK_SET) < 0 {
            throw .decodeFailed(path, reason: "seek failed: \(MPG123.lastError(handle))")
        }
    }

    /// The format of the frame libmpg123 read last, or nil when it found none.
    private static func currentFormat(_ handle: OpaquePointer) -> AudioFormat? {
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue, rate > 0, channels > 0 else {
            return nil
        }
        return AudioFormat(sampleRate: rate, channels: Int(channels))
    }

    /// Decodes until ``settledFrames`` frames' worth of sound (at 1,152 samples a frame)
    /// come in one format, keeping that sound in `sound`; nil when none settles within
    /// ``framesToSettle`` frames, or the stream fails first.
    private static func settle(_ handle: OpaquePointer, into sound: inout [Float]) -> AudioFormat? {
        let samplesPerFrame = 1152
        var format = currentFormat(handle)
        var chunk = [Float](repeating: 0, count: settledFrames * samplesPerFrame * 2)
        for _ in 0..<framesToSettle / settledFrames {
            guard let current = format, current.channels <= 2 else { return nil }
            let wanted = settledFrames * samplesPerFrame * current.channels
            var done = 0
            let status = chunk.withUnsafeMutableBytes { mpg123_read(handle, $0.baseAddress, wanted * 4, &done) }
            switch status {
            case MPG123_OK.rawValue, MPG123_DONE.rawValue:
                sound = Array(chunk[..<(done / 4)])
                return done > 0 ? current : nil
            case MPG123_NEW_FORMAT.rawValue:
                format = currentFormat(handle)
            default:
                return nil
            }
        }
        return nil
    }
}
