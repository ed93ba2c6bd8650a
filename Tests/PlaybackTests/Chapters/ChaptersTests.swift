import Playback
import Testing

/// Chapters as marks in media time: which one a position is in, how long each lasts, and
/// where next and previous go (previous restarts a chapter after its first 3 s).
@Suite struct ChaptersTests {
    private let marks = Chapters(
        [Chapter(title: "Two", start: 60), Chapter(title: "One", start: 0), Chapter(title: "Three", start: 150)], duration: 200)

    @Test func ordersMarksAndFindsThePosition() {
        #expect(marks.all.map(\.title) == ["One", "Two", "Three"])
        #expect([0, 59.9, 60, 149, 150, 199].map { marks.index(at: $0) } == [0, 0, 1, 1, 2, 2])
        #expect((0..<3).map { marks.duration(of: $0, in: 200) } == [60, 90, 50])
        #expect(marks.duration(of: 3, in: 200) == nil)
        #expect(marks.nextBoundary(after: 60) == 150)
        #expect(marks.nextBoundary(after: 150) == nil)
    }

    @Test func previousRestartsAfterThreeSecondsAndNextStopsAtTheLast() {
        #expect(marks.previousStart(from: 64) == 60)
        #expect(marks.previousStart(from: 62) == 0)
        #expect(marks.previousStart(from: 1) == 0)
        #expect(marks.nextStart(from: 10) == 60)
        #expect(marks.nextStart(from: 160) == nil)
    }

    /// A file whose first mark is late has an untitled chapter before it; marks at one start,
    /// past the end, or not finite are dropped; no marks is no chapters.
    @Test func oddMarksAreMadeSense() {
        let late = Chapters(
            [
                Chapter(title: "A", start: 10), Chapter(title: "A again", start: 10), Chapter(title: "After", start: 300),
                Chapter(title: "NaN", start: .nan),
            ], duration: 200)
        #expect(late.all == [Chapter(title: nil, start: 0), Chapter(title: "A", start: 10)])
        #expect(Chapters([]).index(at: 5) == nil)
        #expect(Chapters([]).previousStart(from: 5) == nil)
    }

    /// Now-playing says the chapter playing, how many there are, and its title, and moves
    /// on as the position does; an item without chapters says none of them.
    @Test func nowPlayingFollowsThePosition() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.setMetadata(TrackMetadata(title: "Book", duration: 200, chapters: marks.all), for: rig.entry(0).id)
        #expect(rig.info?.chapterNumber == 0)
        #expect(rig.info?.chapterCount == 3)
        #expect(rig.info?.chapterTitle == "One")
        rig.advance(61)
        #expect(rig.info?.chapterNumber == 1)
        #expect(rig.info?.chapterTitle == "Two")
        _ = rig.send(.nextTrack)
        #expect(rig.info?.chapterNumber == nil)
        #expect(rig.info?.chapterCount == nil)
    }

    /// Moving to a chapter seeks to its start; next in the last chapter, a chapter that
    /// does not exist, and an item without chapters are refused and change nothing.
    @Test func movesSeekToChapterStarts() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        _ = rig.setMetadata(TrackMetadata(duration: 200, chapters: marks.all), for: rig.entry(0).id)
        rig.advance(20)
        #expect(try rig.player.moveToChapter(.to(2), at: rig.now).get() == CommandOutcome(.success, [.seek(to: 150), .nowPlayingChanged]))
        #expect(rig.player.moveToChapter(.next, at: rig.now) == .failure(.lastChapter))
        rig.advance(2)
        #expect(try rig.player.moveToChapter(.previous, at: rig.now).get() == CommandOutcome(.success, [.seek(to: 60), .nowPlayingChanged]))
        rig.advance(10)
        #expect(try rig.player.moveToChapter(.previous, at: rig.now).get() == CommandOutcome(.success, [.seek(to: 60), .nowPlayingChanged]))
        #expect(try rig.player.moveToChapter(.next, at: rig.now).get() == CommandOutcome(.success, [.seek(to: 150), .nowPlayingChanged]))
        #expect(rig.player.moveToChapter(.to(3), at: rig.now) == .failure(.noSuchChapter(index: 3, count: 3)))
        #expect(rig.elapsed == 150)
        _ = rig.send(.nextTrack)
        #expect(rig.player.moveToChapter(.next, at: rig.now) == .failure(.noChapters))
    }
}
