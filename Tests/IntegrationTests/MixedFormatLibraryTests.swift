import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The library through the real daemon on a music directory of MP3, FLAC, Ogg Vorbis, Opus
/// and M4A (AAC, ALAC) files, tagged and with covers, an M4B book, and a broken file of each
/// format.
@Suite
struct MixedFormatLibraryTests {
    /// One album per format under two artists, plus four broken files.
    private static func makeMusic() throws -> MusicDirectory {
        let music = try MusicDirectory()
        let cover = music.directory.appending("cover.png")
        try Data(Self.png).write(to: URL(fileURLWithPath: cover))
        try music.add("Lossy/MP3/01.mp3", title: "Mp3 Song", artist: "Alpha", album: "Mp3 Album", track: 1, genre: "Rock")
        let wave = music.directory.appending("tone.wav")
        try run(["/usr/bin/sox", "-n", "-r", "44100", "-b", "16", "-c", "2", wave, "synth", "1", "sine", "440", "vol", "0.3"])
        let comments = { (title: String, album: String) in
            ["TITLE=\(title)", "ARTIST=Beta", "ALBUM=\(album)", "TRACKNUMBER=1/3", "GENRE=Jazz", "DATE=2020"]
        }
        try FileManager.default.createDirectory(atPath: music.directory.appending("Beta"), withIntermediateDirectories: true)
        let flac = music.directory.appending("Beta/01.flac")
        try run(
            ["/usr/bin/flac", "--silent", "-f"] + comments("Flac Song", "Flac Album").flatMap { ["-T", $0] }
                + ["--picture", "3||||\(cover)", "-o", flac, wave])
        let vorbis = music.directory.appending("Beta/02.ogg")
        try run(["/usr/bin/oggenc", "-Q"] + comments("Vorbis Song", "Vorbis Album").flatMap { ["-c", $0] } + ["-o", vorbis, wave])
        let opus = music.directory.appending("Beta/03.opus")
        try run(
            ["/usr/bin/opusenc", "--quiet"] + comments("Opus Song", "Opus Album").flatMap { ["--comment", $0] }
                + ["--picture", cover, wave, opus])
        let aac = music.directory.appending("Beta/04.m4a")
        let ffmpeg = ["/usr/bin/ffmpeg", "-hide_banner", "-loglevel", "error", "-i", wave]
        let itunes = { (title: String, album: String) in
            ["title=\(title)", "artist=Beta", "album=\(album)", "track=1/3", "genre=Jazz", "date=2020"].flatMap { ["-metadata", $0] }
        }
        try run(
            ffmpeg + ["-i", cover, "-map", "0:a", "-map", "1", "-c:a", "aac", "-c:v", "copy", "-disposition:v", "attached_pic"]
                + itunes("AAC Song", "AAC Album") + [aac])
        let alac = music.directory.appending("Beta/05.m4a")
        try run(ffmpeg + ["-c:a", "alac"] + itunes("ALAC Song", "ALAC Album") + [alac])
        try FileManager.default.createDirectory(atPath: music.directory.appending("Books"), withIntermediateDirectories: true)
        let book = ["title=Opening", "artist=Reader", "album=A Book", "track=1"].flatMap { ["-metadata", $0] }
        try run(ffmpeg + ["-c:a", "aac", "-f", "ipod"] + book + [music.directory.appending("Books/book.m4b")])
        try FileManager.default.removeItem(atPath: wave)
        try FileManager.default.removeItem(atPath: cover)
        try FileManager.default.createDirectory(atPath: music.directory.appending("Broken"), withIntermediateDirectories: true)
        try music.write("Broken/cut.flac", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: flac)).prefix(30)))
        try music.write("Broken/cut.ogg", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: vorbis)).prefix(40)))
        try music.write("Broken/noise.opus", bytes: Array(String(repeating: "no sound here ", count: 40).utf8))
        try music.write("Broken/empty.mp3", bytes: [])
        try music.write("Broken/cut.m4a", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: aac)).prefix(60)))
        return music
    }

    /// Every format lands in the same tree and search; each broken file is a problem with a reason.
    @Test func scansEveryFormatIntoOneTree() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        #expect(try client.scanLibrary(LibraryScanParams(full: true)).problems == 5)

        #expect(try client.children([0, 0]).items.map(\.title) == ["Alpha", "Beta"])
        #expect(
            try client.children([0, 0, 1]).items.map(\.title) == ["AAC Album", "ALAC Album", "Flac Album", "Opus Album", "Vorbis Album"])
        #expect(
            try client.children([0, 2]).items.map(\.title) == [
                "AAC Song", "ALAC Song", "Flac Song", "Mp3 Song", "Opus Song", "Vorbis Song",
            ])
        #expect(try client.children([0, 3]).items.map(\.title) == ["Jazz", "Rock"])
        #expect(try client.children([2]).items.map(\.title) == ["A Book"], "an .m4b is a book by its kind")
        let albums = try client.children([0, 1]).items
        #expect(albums.map(\.title) == ["AAC Album", "ALAC Album", "Flac Album", "Opus Album", "Vorbis Album", "Mp3 Album"])
        #expect(albums.map { $0.artwork?.mimeType } == ["image/png", nil, "image/png", "image/png", nil, nil])
        for title in ["Flac Song", "Vorbis Song", "Opus Song", "Mp3 Song", "AAC Song", "ALAC Song"] {
            let found = try client.call(Methods.LibrarySearch.self, LibrarySearchParams(query: title)).items.map(\.title)
            #expect(found.contains(title), "\(title): \(found)")
        }

        let problems = try client.call(Methods.LibraryProblems.self, Empty())
        var reasons = Dictionary(uniqueKeysWithValues: problems.map { (($0.path as NSString).lastPathComponent, $0.reason) })
        let cutMP4 = reasons.removeValue(forKey: "cut.m4a") ?? "not listed"
        #expect(cutMP4.hasPrefix("damaged MP4 file: the ") && cutMP4.hasSuffix("past the end of its parent"), "cut.m4a: \(cutMP4)")
        #expect(
            reasons == [
                "cut.flac": "damaged FLAC file: metadata block 1 declares 34 bytes, past the end of the file",
                "cut.ogg": "damaged Ogg file: the file ends inside its headers",
                "noise.opus": "not a supported audio file: no MP3 frames, FLAC stream, Ogg Vorbis/Opus stream, MPEG-4 or AAC audio found",
                "empty.mp3": "empty file",
            ])
        #expect(daemon.isRunning)
    }

    private static func run(_ arguments: [String]) throws {
        let result = Subprocess.capture(arguments)
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(arguments[0]) failed: \(result.stderr)"])
        }
    }

    /// A 1×1 PNG image.
    private static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41,
        0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0x18, 0xDD, 0x8D, 0xB0, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
