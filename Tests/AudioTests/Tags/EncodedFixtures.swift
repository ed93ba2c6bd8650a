import Foundation
import RondoTesting
import Testing

/// Short tagged FLAC, Ogg Vorbis and Opus files made at test time with `sox`, `flac`,
/// `oggenc` and `opusenc`, in a temporary directory.
struct EncodedFixtures {
    /// Where the files go; removed by ``remove()``.
    let directory: TemporaryDirectory

    /// Creates an empty fixture directory.
    init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-encoded")
    }

    /// Deletes the directory and every fixture in it.
    func remove() { directory.remove() }

    /// Writes `bytes` to `name` in the directory and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory.appending(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A 16-bit tone of `seconds` at `rate` Hz with `channels` channels, as WAV.
    func wav(_ name: String, seconds: Double, rate: Int = 44_100, channels: Int = 2) throws -> String {
        let path = directory.appending(name + ".wav")
        let sox = Subprocess.capture([
            "/usr/bin/sox", "-n", "-r", "\(rate)", "-b", "16", "-c", "\(channels)", path, "synth", "\(seconds)", "sine", "440",
            "vol", "0.3",
        ])
        try #require(sox.status == 0, "sox failed: \(sox.stderr)")
        return path
    }

    /// Encodes `seconds` of tone to FLAC with `comments` (`KEY=value`) and the image at each
    /// of `pictures` (`TYPE||||FILE`, as `flac --picture` takes them); returns its path.
    func flac(
        _ name: String, seconds: Double = 1.3, rate: Int = 44_100, channels: Int = 2, comments: [String] = [],
        pictures: [String] = []
    ) throws -> String {
        let path = directory.appending(name)
        let arguments = comments.flatMap { ["-T", $0] } + pictures.flatMap { ["--picture", $0] }
        try run(["/usr/bin/flac", "--silent", "-f"] + arguments + ["-o", path, try wav(name, seconds: seconds, rate: rate, channels: channels)])
        return path
    }

    /// Encodes `seconds` of tone to Ogg Vorbis with `comments` (`KEY=value`, as `oggenc -c`
    /// takes them); returns its path.
    func vorbis(
        _ name: String, seconds: Double = 1.3, rate: Int = 44_100, channels: Int = 2, comments: [String] = []
    ) throws -> String {
        let path = directory.appending(name)
        try run(
            ["/usr/bin/oggenc", "-Q"] + comments.flatMap { ["-c", $0] } + [
                "-o", path, try wav(name, seconds: seconds, rate: rate, channels: channels),
            ])
        return path
    }

    /// Encodes `seconds` of tone to Opus with `comments` (`KEY=value`) and the image file
    /// `picture` as its front cover; returns its path.
    func opus(
        _ name: String, seconds: Double = 1.3, rate: Int = 44_100, channels: Int = 2, comments: [String] = [],
        picture: String? = nil
    ) throws -> String {
        let path = directory.appending(name)
        let arguments = comments.flatMap { ["--comment", $0] } + (picture.map { ["--picture", $0] } ?? [])
        try run(["/usr/bin/opusenc", "--quiet"] + arguments + [try wav(name, seconds: seconds, rate: rate, channels: channels), path])
        return path
    }

    /// Adds `comments` to the FLAC file at `path` with `metaflac`.
    func metaflac(_ path: String, _ arguments: [String]) throws {
        try run(["/usr/bin/metaflac"] + arguments + [path])
    }

    /// The base64 `METADATA_BLOCK_PICTURE` value of a FLAC picture block holding `image`.
    static func pictureComment(type: UInt32 = 3, mimeType: String, _ image: [UInt8]) -> String {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
        let mime = Array(mimeType.utf8)
        let block = be32(Int(type)) + be32(mime.count) + mime + be32(0) + be32(0) + be32(0) + be32(0) + be32(0) + be32(image.count) + image
        return "METADATA_BLOCK_PICTURE=" + Data(block).base64EncodedString()
    }

    /// What `opusinfo` (Opus) or `soxi -D` (FLAC, Vorbis) says the file at `path` lasts, in seconds.
    static func reportedDuration(_ path: String) throws -> Double {
        if path.hasSuffix(".opus") {
            let info = Subprocess.capture(["/usr/bin/opusinfo", path])
            let line = try #require(info.stdout.split(separator: "\n").first { $0.contains("Playback length") })
            let clock = try #require(line.split(separator: " ").last)  // "0m:01.300s"
            let parts = clock.dropLast().split(separator: ":")
            return try #require(Double(parts[0].dropLast())) * 60 + (try #require(Double(parts[1])))
        }
        let soxi = Subprocess.capture(["/usr/bin/soxi", "-D", path])
        return try #require(Double(soxi.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    private func run(_ arguments: [String]) throws {
        let result = Subprocess.capture(arguments)
        try #require(result.status == 0, "\(arguments[0]) failed: \(result.stderr)")
    }
}
