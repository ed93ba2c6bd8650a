import Audio
import Foundation
import Library
import RondoTesting
import TagReading
import Testing

@testable import RondoDaemon

/// A scan keeps each track's ReplayGain in the library, as the player reads it back.
@Suite struct LibraryReplayGainTests {
    /// Tagged FLAC gains and peaks are kept as written; an Opus file's R128 gain is kept
    /// moved to ReplayGain's −18 LUFS reference; an untagged file keeps none.
    @Test func scanKeepsReplayGain() throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-rg-scan")
        defer { scratch.remove() }
        let music = scratch.appending("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let wav = scratch.appending("tone.wav")
        try #require(
            Subprocess.run(["/usr/bin/sox", "-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "1", "sine", "440", "vol", "0.25"]) == 0)
        let flac = music + "/tagged.flac"
        try #require(Subprocess.run(["/usr/bin/flac", "--silent", "-o", flac, wav]) == 0)
        try #require(
            Subprocess.run([
                "/usr/bin/metaflac", "--set-tag=REPLAYGAIN_TRACK_GAIN=-6.50 dB", "--set-tag=REPLAYGAIN_TRACK_PEAK=0.25",
                "--set-tag=REPLAYGAIN_ALBUM_GAIN=-4.00 dB", "--set-tag=REPLAYGAIN_ALBUM_PEAK=0.5", flac,
            ]) == 0)
        let opus = music + "/r128.opus"
        try #require(Subprocess.run(["/usr/bin/opusenc", "--quiet", "--comment", "R128_TRACK_GAIN=-2816", wav, opus]) == 0)
        let plain = music + "/plain.flac"
        try #require(Subprocess.run(["/usr/bin/flac", "--silent", "-o", plain, wav]) == 0)

        let database = try LibraryDatabase(path: scratch.appending("library.sqlite"))
        defer { try? database.close() }
        let store = LibraryStore(database: database)
        let reader = LibraryTagReader(artworkCache: ArtworkCache(directory: scratch.appending("artwork")))
        _ = try LibraryScanner(store: store, tagReader: reader, musicDirectory: music).scan { _ in }

        #expect(
            try store.track(atPath: flac)?.replayGain
                == ReplayGainValues(trackGain: -6.5, trackPeak: 0.25, albumGain: -4, albumPeak: 0.5))
        #expect(try store.track(atPath: opus)?.replayGain == ReplayGainValues(trackGain: -6))
        #expect(try store.track(atPath: plain)?.replayGain == ReplayGainValues())
    }
}
