import Playback

/// Where a CD-like scan reads next: short snippets played at normal speed, each starting
/// `speed` snippet lengths after (forward) or before (backward) the previous one, so the
/// media moves at that speed on average and stays recognisable.
///
/// Each snippet fades in and out over a few ms so the jumps do not click. A backward scan
/// that reaches the start plays one snippet from there, then holds.
struct ScanCursor {
    /// Length of one snippet, in seconds: long enough to hear a pitch, short enough to feel
    /// like a scan.
    static let snippetSeconds = 0.12

    /// The direction of the scan.
    let direction: ScanDirection
    /// Frames in one snippet.
    let snippetFrames: Int
    /// Frames of each fade.
    let fadeFrames: Int
    /// Media frames between the starts of two snippets.
    let stepFrames: Int
    /// Media frame where the current snippet starts.
    private(set) var snippetStart: Int
    /// Frames of the current snippet already read.
    private(set) var played = 0

    /// A scan starting at `mediaFrame` of a `sampleRate` source, with its first snippet there.
    init(direction: ScanDirection, mediaFrame: Int, sampleRate: Int, speed: Double) {
        self.direction = direction
        snippetFrames = Int(Double(sampleRate) * Self.snippetSeconds)
        fadeFrames = sampleRate * 5 / 1000
        stepFrames = Int(Double(snippetFrames) * speed)
        snippetStart = mediaFrame
    }

    /// Frames left to read in the current snippet.
    var remaining: Int { snippetFrames - played }

    /// Counts `frames` read of the current snippet.
    mutating func advance(by frames: Int) {
        played += frames
    }

    /// Moves to the next snippet and returns the media frame to seek to, or `nil` when a
    /// backward scan has already played its snippet at the start.
    mutating func nextSnippet() -> Int? {
        if direction == .backward, snippetStart == 0 { return nil }
        snippetStart = max(0, snippetStart + (direction == .forward ? stepFrames : -stepFrames))
        played = 0
        return snippetStart
    }

    /// Restarts at `mediaFrame` of a new source (a forward scan crossing into the next track).
    mutating func restart(at mediaFrame: Int) {
        snippetStart = mediaFrame
        played = 0
    }

    /// The gain of frame `index` of the current snippet: 0 to 1 over the fades.
    func gain(at index: Int) -> Float {
        let fromEdge = min(index, snippetFrames - 1 - index)
        return fromEdge >= fadeFrames ? 1 : Float(max(0, fromEdge)) / Float(fadeFrames)
    }
}
