import Foundation
import RondoTesting
import Testing

/// Short silent MP3 files made at test time with `lame`, in a temporary directory.
struct MP3Fixtures {
    /// Where the files go; removed by ``remove()``.
    let directory: TemporaryDirectory

    /// Creates an empty fixture directory.
    init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-tags")
    }

    /// Deletes the directory and every fixture in it.
    func remove() { directory.remove() }

    /// Writes `bytes` to `name` in the directory and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory.appending(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Encodes half a second of 44.1 kHz mono silence to `name` with the given `lame` tag
    /// options (`--tt`, `--tv TPE2=…`, `--ti cover.jpg`, `--id3v1-only`…) and returns its path.
    func mp3(_ name: String, _ tagOptions: [String] = []) throws -> String {
        let wav = directory.appending(name + ".wav")
        try Data(Self.silentWAV(frames: 22_050)).write(to: URL(fileURLWithPath: wav))
        let path = directory.appending(name)
        let lame = Subprocess.capture(["/usr/bin/lame", "--quiet", "-b", "64"] + tagOptions + [wav, path])
        try #require(lame.status == 0, "lame \(tagOptions) failed: \(lame.stderr)")
        return path
    }

    /// An untagged MP3 file `name` with `tag` written in front of its first frame, for tags
    /// `lame` cannot write; returns its path.
    func mp3(_ name: String, tag: ID3v2TagBuilder) throws -> String {
        let audio = try Data(contentsOf: URL(fileURLWithPath: try mp3(name + ".bare.mp3")))
        return try write(name, tag.bytes + audio)
    }

    /// A 16-bit mono PCM WAV file of `frames` zero samples at 44.1 kHz.
    private static func silentWAV(frames: Int) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { Array(le32(value).prefix(2)) }
        let dataSize = frames * 2
        return Array("RIFF".utf8) + le32(36 + dataSize) + Array("WAVEfmt ".utf8) + le32(16)
            + le16(1) + le16(1) + le32(44_100) + le32(88_200) + le16(2) + le16(16)
            + Array("data".utf8) + le32(dataSize) + [UInt8](repeating: 0, count: dataSize)
    }
}
