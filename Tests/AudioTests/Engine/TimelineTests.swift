import Testing

@testable import Audio

/// Mapping heard stream frames to media positions through rate runs and scan jumps.
struct TimelineTests {
    let first = TrackSource(id: 1, path: "/a.mp3")
    let second = TrackSource(id: 2, path: "/b.mp3")

    /// At rate 2 each stream frame carries two media frames.
    @Test func mediaMovesAtTheRate() throws {
        let timeline = Timeline(source: first, mediaFrame: 1000, rate: 2)
        let heard = try #require(timeline.locate(500))
        #expect(heard.source == first)
        #expect(heard.mediaFrame == 2000)
    }

    /// A gapless successor starts where the stretched media read so far ends in the stream.
    @Test func appendedSourceStartsAfterTheStretchedRun() throws {
        var timeline = Timeline(source: first, mediaFrame: 0, rate: 2)
        timeline.mediaFramesInLast = 88200
        timeline.append(second)
        #expect(timeline.segments[1].startFrame == 44100)
        #expect(timeline.segments[1].startsSource)
        let heard = try #require(timeline.locate(44100 + 100))
        #expect(heard.source == second)
        #expect(heard.mediaFrame == 200)
    }

    /// A scan's jump continues the same source at a new position without starting it anew.
    @Test func jumpContinuesTheSource() throws {
        var timeline = Timeline(source: first, mediaFrame: 0, rate: 1)
        timeline.mediaFramesInLast = 5292
        timeline.jump(toMediaFrame: 42336, rate: 1)
        #expect(!timeline.segments[1].startsSource)
        let heard = try #require(timeline.locate(5292 + 10))
        #expect(heard.source == first)
        #expect(heard.mediaFrame == 42346)
    }

    /// A stretched run whose content leads the plain mapping (rate 0.5, lead 900 media
    /// frames) is located that much further on once the lead has built up (over 1800
    /// stream frames, half a sequence), and the source after it, continuing the stretch,
    /// is heard that much earlier: 1800 stream frames before its nominal start.
    @Test func leadMovesPositionsAndTheNextSourceEarlier() throws {
        var timeline = Timeline(source: first, mediaFrame: 0, rate: 0.5, lead: 900)
        #expect(try #require(timeline.locate(0)).mediaFrame == 0)
        #expect(try #require(timeline.locate(900)).mediaFrame == 450 + 450)
        #expect(try #require(timeline.locate(3000)).mediaFrame == 1500 + 900)
        timeline.mediaFramesInLast = 44100
        timeline.append(second)
        #expect(timeline.segments[1].startFrame == 88200)
        #expect(timeline.segments[1].heardFrom == 86400)
        #expect(try #require(timeline.locate(86399)).source == first)
        let heard = try #require(timeline.locate(86400))
        #expect(heard.source == second)
        #expect(heard.mediaFrame == 0)
        #expect(try #require(timeline.locate(88200)).mediaFrame == 900)
    }

    /// A run that lags the plain mapping (rate 2, lead −700) starts aligned and lags once
    /// the lead has built up (over 700 stream frames), and hands over to the next source
    /// later than its nominal start.
    @Test func negativeLeadNeverLocatesBeforeTheRun() throws {
        var timeline = Timeline(source: first, mediaFrame: 0, rate: 2, lead: -700)
        #expect(try #require(timeline.locate(100)).mediaFrame == 100)
        #expect(try #require(timeline.locate(1000)).mediaFrame == 1300)
        timeline.mediaFramesInLast = 88200
        timeline.append(second)
        #expect(timeline.segments[1].heardFrom == 44450)
        #expect(try #require(timeline.locate(44449)).source == first)
    }
}
