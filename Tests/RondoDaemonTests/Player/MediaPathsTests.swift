import Foundation
import Playback
import RondoProtocol
import Testing

@testable import RondoDaemon

/// What a queue takes besides files: a stream's URL, kept as it is and shown as itself.
@Suite struct MediaPathsTests {
    /// http and https URLs pass through as they are, beside files.
    @Test func streamURLsPassThrough() throws {
        let items = ["http://127.0.0.1:9/jazz.mp3", "HTTPS://radio.example/live?sid=1"]
        #expect(try MediaPaths.expand(items) == items)
    }

    /// A URL without a host is refused, saying what a stream's URL looks like.
    @Test func aURLWithoutAHostIsRefused() {
        let error = #expect(throws: PlayerCommandError.self) { try MediaPaths.expand(["http://"]) }
        #expect(error?.code == .badParam)
        #expect(error?.message.contains("http://host/radio.mp3") == true)
    }

    /// A queue item shows a stream by its own URL, a file by its `file://` URL, and an
    /// episode's identifier as it is, never as a file under the daemon's working directory.
    @Test func assetURLsShowStreamsAsThemselves() {
        #expect(MediaPaths.assetURL(of: "https://radio.example/live") == "https://radio.example/live")
        #expect(MediaPaths.assetURL(of: "/music/a b.mp3") == "file:///music/a%20b.mp3")
        #expect(MediaPaths.assetURL(of: "rondo:episode:0123abcd") == "rondo:episode:0123abcd")
    }
}
