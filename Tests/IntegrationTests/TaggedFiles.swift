import Foundation
import RondoTesting

/// Songs tagged with MusicBrainz identifiers as Picard tags each format: MP3 in ID3 `TXXX`
/// frames, FLAC, Ogg Vorbis and Opus in Vorbis comments.
enum TaggedFiles {
    /// The formats a song is made in, by file extension.
    static let formats = ["mp3", "flac", "ogg", "opus"]

    /// Writes a 3 s tone titled `title` as `path` (its extension names the format), tagged
    /// with the recording `recording` on the release `release`.
    /// - Returns: whether the encoder succeeded.
    static func write(_ path: String, title: String, recording: String, release: String) -> Bool {
        let wav = path + ".wav"
        defer { try? FileManager.default.removeItem(atPath: wav) }
        guard Subprocess.run(["/usr/bin/sox", "-n", "-r", "48000", "-b", "16", "-c", "1", wav, "synth", "3", "sine", "440"]) == 0 else {
            return false
        }
        let comments = ["TITLE=\(title)", "MUSICBRAINZ_TRACKID=\(recording)", "MUSICBRAINZ_ALBUMID=\(release)"]
        let command: [String]
        switch (path as NSString).pathExtension {
        case "mp3":
            command = [
                "/usr/bin/lame", "--quiet", "--tt", title, "--tv", "TXXX=MusicBrainz Track Id=\(recording)", "--tv",
                "TXXX=MusicBrainz Album Id=\(release)", wav, path,
            ]
        case "flac": command = ["/usr/bin/flac", "--silent", "-f"] + comments.flatMap { ["-T", $0] } + ["-o", path, wav]
        case "ogg": command = ["/usr/bin/oggenc", "--quiet"] + comments.flatMap { ["-c", $0] } + ["-o", path, wav]
        case "opus": command = ["/usr/bin/opusenc", "--quiet"] + comments.flatMap { ["--comment", $0] } + [wav, path]
        default: return false
        }
        return Subprocess.run(command) == 0
    }
}
