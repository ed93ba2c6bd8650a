import Playback
import Testing

@testable import Audio

/// The snippet schedule of a CD-like scan.
struct ScanCursorTests {
    /// A forward scan moves eight snippet lengths per snippet: eight times normal speed.
    @Test func forwardStepsAtScanSpeed() {
        var cursor = ScanCursor(direction: .forward, mediaFrame: 1000, sampleRate: 44100, speed: 8)
        #expect(cursor.remaining == cursor.snippetFrames)
        cursor.advance(by: cursor.snippetFrames)
        #expect(cursor.remaining == 0)
        #expect(cursor.nextSnippet() == 1000 + 8 * cursor.snippetFrames)
        #expect(cursor.remaining == cursor.snippetFrames)
    }

    /// A backward scan stops at the start: one snippet from 0, then it holds.
    @Test func backwardHoldsAtTheStart() {
        var cursor = ScanCursor(direction: .backward, mediaFrame: 30000, sampleRate: 44100, speed: 8)
        #expect(cursor.nextSnippet() == 0)
        cursor.advance(by: cursor.snippetFrames)
        #expect(cursor.nextSnippet() == nil)
        #expect(cursor.remaining == 0)
    }

    /// Snippets fade in and out, and play at full gain in between.
    @Test func snippetsFade() {
        let cursor = ScanCursor(direction: .forward, mediaFrame: 0, sampleRate: 44100, speed: 8)
        #expect(cursor.gain(at: 0) == 0)
        #expect(cursor.gain(at: cursor.fadeFrames / 2) == 0.5)
        #expect(cursor.gain(at: cursor.snippetFrames / 2) == 1)
        #expect(cursor.gain(at: cursor.snippetFrames - 1) == 0)
    }
}
