import Playback
import Testing

@Suite struct FeedbackTests {
    /// `like`, `dislike` and `bookmark` without a value toggle the feedback of the current
    /// track, store it and announce `remote.changed`.
    @Test(arguments: [RemoteCommand.like(isActive: nil), .dislike(isActive: nil), .bookmark(isActive: nil)])
    func toggles(command: RemoteCommand) throws {
        var rig = try PlayerRig(count: 2, current: 1, state: .playing)
        let location = rig.entry(1).location
        let on = rig.send(command)
        let feedback = rig.player.feedback(for: location)
        #expect(!feedback.isEmpty)
        #expect(on == CommandOutcome(.success, remoteEffects: [.storeFeedback(location: location, feedback), .remoteChanged]))
        let off = rig.send(command)
        #expect(off == CommandOutcome(.success, remoteEffects: [.storeFeedback(location: location, Feedback()), .remoteChanged]))
        #expect(rig.player.feedback(for: location).isEmpty)
    }

    /// An explicit `isActive` sets the feedback; setting what is already set changes nothing.
    @Test func explicitValue() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .paused)
        #expect(rig.send(.bookmark(isActive: false)) == CommandOutcome(.success))
        #expect(rig.send(.bookmark(isActive: true)).remoteEffects.count == 2)
        #expect(rig.send(.bookmark(isActive: true)) == CommandOutcome(.success))
        #expect(rig.player.feedback(for: rig.entry(0).location) == Feedback(bookmarked: true))
    }

    /// Liking and disliking exclude each other; a bookmark is independent of both.
    @Test func likeAndDislikeExcludeEachOther() throws {
        var rig = try PlayerRig(count: 1, current: 0, state: .playing)
        let location = rig.entry(0).location
        _ = rig.send(.bookmark(isActive: true))
        _ = rig.send(.like(isActive: true))
        #expect(rig.player.feedback(for: location) == Feedback(liked: true, bookmarked: true))
        _ = rig.send(.dislike(isActive: true))
        #expect(rig.player.feedback(for: location) == Feedback(disliked: true, bookmarked: true))
        _ = rig.send(.like(isActive: nil))
        #expect(rig.player.feedback(for: location) == Feedback(liked: true, bookmarked: true))
        _ = rig.send(.dislike(isActive: false))
        #expect(rig.player.feedback(for: location) == Feedback(liked: true, bookmarked: true))
    }

    /// Feedback belongs to the track: two entries of the same file share it, and another
    /// file's entry has its own.
    @Test func sharedByEntriesOfTheSameFile() throws {
        var rig = PlayerRig()
        _ = rig.append(["/a.mp3", "/b.mp3", "/a.mp3"])
        _ = try rig.playIndex(0)
        _ = rig.send(.like(isActive: true))
        _ = try rig.playIndex(2)
        #expect(rig.player.remoteCommands.first { $0.command == .like }?.isActive == true)
        _ = try rig.playIndex(1)
        #expect(rig.player.remoteCommands.first { $0.command == .like }?.isActive == false)
    }

    /// Feedback the library holds is recorded without storing it back; it is announced only
    /// for the current track, and dropped once no entry plays the file.
    @Test func setFeedbackFromLibrary() throws {
        var rig = try PlayerRig(count: 2, current: 0, state: .playing)
        let liked = Feedback(liked: true)
        #expect(rig.player.setFeedback(liked, for: rig.entry(0).location) == [.remoteChanged])
        #expect(rig.player.setFeedback(liked, for: rig.entry(0).location) == [])
        #expect(rig.player.setFeedback(liked, for: rig.entry(1).location) == [])
        #expect(rig.player.setFeedback(liked, for: "/not/queued.mp3") == [])
        #expect(rig.player.feedback(for: "/not/queued.mp3").isEmpty)
        _ = try rig.remove(1)
        #expect(rig.player.feedback(for: PlayerRig.paths(2)[1]).isEmpty)
        _ = rig.clear()
        #expect(rig.player.feedback(for: PlayerRig.paths(2)[0]).isEmpty)
    }
}
