import Foundation
public import Playback

extension PlaybackEngine {
    /// What the track being decoded decodes to, with its file's average bit rate; `nil`
    /// when nothing is loaded. The file's size is read outside the engine's lock.
    public var decodedFormat: DecodedFormat? {
        let decoded = locked { () -> (format: AudioFormat, frames: Int?, path: String)? in
            guard let decoder, let decoding else { return nil }
            return (decoder.format, decoder.frameCount, decoding.path)
        }
        guard let decoded else { return nil }
        let seconds = decoded.frames.map { Double($0) / Double(max(1, decoded.format.sampleRate)) }
        var info = stat()
        let bytes = decoded.path.hasPrefix("/") && stat(decoded.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        return DecodedFormat(
            sampleRate: decoded.format.sampleRate, channels: decoded.format.channels,
            kilobitsPerSecond: DecodedFormat.kilobitsPerSecond(bytes: bytes, seconds: seconds))
    }
}
