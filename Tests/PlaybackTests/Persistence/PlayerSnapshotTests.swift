import Foundation
import Playback
import Testing

/// A player with a bit of everything: shuffled collections, repeat all, rate 1.5, history,
/// feedback, playing 42 s into its current entry.
private func busyRig() throws -> PlayerRig {
    var rig = PlayerRig(seed: 21)
    _ = rig.append(items: (0..<8).map { MediaItem(location: "/m/\($0).mp3", collection: $0 < 4 ? "a" : nil) })
    _ = rig.send(.changeShuffleMode(.collections))
    _ = rig.send(.changeRepeatMode(.all))
    _ = rig.send(.changePlaybackRate(1.5))
    _ = rig.send(.play)
    _ = rig.send(.nextTrack)
    _ = rig.send(.like(isActive: true))
    _ = rig.send(.nextTrack)
    _ = rig.send(.bookmark(isActive: true))
    rig.advance(28)
    return rig
}

@Suite struct PlayerSnapshotTests {
    /// A snapshot holds the queue, play order, history, current index, position, modes, rate
    /// and feedback.
    @Test func snapshotContents() throws {
        let rig = try busyRig()
        let snapshot = rig.player.snapshot(at: rig.now)
        #expect(snapshot.entries == rig.queue.entries)
        #expect(snapshot.playOrder == rig.queue.order)
        #expect(snapshot.history.map { rig.entry($0).id } == rig.player.history)
        #expect(snapshot.currentIndex == rig.queue.currentIndex)
        #expect(snapshot.position == 42)
        #expect(snapshot.playing)
        #expect(snapshot.shuffle == .collections)
        #expect(snapshot.repeat == .all)
        #expect(snapshot.rate == 1.5)
        #expect(snapshot.feedback.count == 2)
    }

    /// Restoring gives back the same queue, order, history, modes, rate and feedback, paused
    /// at the position, and the restored player snapshots to the same value (through JSON
    /// too).
    @Test func roundTrip() throws {
        let rig = try busyRig()
        let snapshot = rig.player.snapshot(at: rig.now)
        let data = try JSONEncoder().encode(snapshot)
        let decoded = try JSONDecoder().decode(PlayerSnapshot.self, from: data)
        #expect(decoded == snapshot)
        let restored = Player(restoring: decoded, at: rig.now + 100, seed: 1)
        restored._checkInvariants()
        #expect(restored.state == .paused)
        #expect(restored.elapsed(at: rig.now + 500) == 42)
        #expect(restored.queue.entries == rig.queue.entries)
        #expect(restored.queue.playOrder == rig.queue.playOrder)
        #expect(restored.queue.currentIndex == rig.queue.currentIndex)
        #expect(restored.history == rig.player.history)
        #expect(restored.shuffleMode == .collections)
        #expect(restored.repeatMode == .all)
        #expect(restored.rate == 1.5)
        #expect(restored.remoteCommands == rig.player.remoteCommands)
        var expected = snapshot
        expected.playing = false
        #expect(restored.snapshot(at: rig.now + 500) == expected)
    }

    /// A restored player plays on: `play` resumes where it was, new entries get fresh
    /// identities, and `previousTrack` walks back through the restored history.
    @Test func restoredPlayerWorks() throws {
        let rig = try busyRig()
        var restored = PlayerRig(seed: 0)
        restored.player = Player(restoring: rig.player.snapshot(at: rig.now), at: restored.now, seed: 2)
        #expect(restored.send(.play) == CommandOutcome(.success, [.resume, .nowPlayingChanged]))
        restored.advance(2)
        #expect(restored.elapsed == 45)
        _ = restored.append(["/new.mp3"])
        #expect(Set(restored.queue.entries.map(\.id)).count == 9)
        let previous = rig.player.history.last
        _ = restored.send(.changePlaybackPosition(0))
        _ = restored.send(.previousTrack)
        #expect(restored.queue.current?.id == previous)
    }

    /// An empty snapshot restores a stopped, empty player.
    @Test func emptySnapshot() {
        let player = Player(restoring: PlayerSnapshot(), at: 0, seed: 0)
        player._checkInvariants()
        #expect(player.state == .stopped)
        #expect(player.queue.count == 0)
        #expect(player.snapshot(at: 0) == PlayerSnapshot())
    }

    /// A damaged snapshot is repaired: repeated identities dropped, a broken order completed,
    /// out-of-range indexes dropped, a bad position and an unsupported rate reset.
    @Test func damagedSnapshotIsRepaired() {
        let entries = [
            QueueEntry(id: 5, location: "/a"), QueueEntry(id: 6, location: "/b"), QueueEntry(id: 5, location: "/dup"),
            QueueEntry(id: 9, location: "/c"),
        ]
        let snapshot = PlayerSnapshot(
            entries: entries, playOrder: [3, 3, 7, 0], history: [1, 2, 40], currentIndex: 2, position: .nan,
            playing: true, shuffle: .items, repeat: .one, rate: 9,
            feedback: ["/a": Feedback(liked: true), "/gone": Feedback(liked: true), "/b": Feedback()])
        let player = Player(restoring: snapshot, at: 0, seed: 0)
        player._checkInvariants()
        #expect(player.queue.entries.map(\.location) == ["/a", "/b", "/c"])
        #expect(player.queue.playOrder == [9, 5, 6])
        #expect(player.history == [6])
        #expect(player.queue.currentIndex == nil)
        #expect(player.state == .stopped)
        #expect(player.rate == 1)
        #expect(player.snapshot(at: 0).feedback == ["/a": Feedback(liked: true)])
        #expect(player.elapsed(at: 10) == 0)
    }

    /// Unshuffled snapshots restore queue order whatever order they carry.
    @Test func unshuffledRestoresQueueOrder() {
        let entries = (1...3).map { QueueEntry(id: UInt64($0), location: "/\($0)") }
        let player = Player(
            restoring: PlayerSnapshot(entries: entries, playOrder: [2, 1, 0], currentIndex: 1, position: 7), at: 0, seed: 0)
        player._checkInvariants()
        #expect(player.queue.order == [0, 1, 2])
        #expect(player.state == .paused)
        #expect(player.elapsed(at: 0) == 7)
    }
}
