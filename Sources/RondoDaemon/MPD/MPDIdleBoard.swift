import Foundation
import MPDProtocol
import Playback
import RondoProtocol
import Synchronization

/// What changed, for each MPD client: the subsystems `idle` reports (`changed: player`),
/// found by comparing what the player is now with what it was, whenever the daemon
/// publishes an event, and the queue's version (`status`'s `playlist`, `plchanges`).
///
/// Every change is kept for every client until it asks (`idle`), as MPD keeps them: a
/// client that was busy when the music moved on hears of it at its next `idle`. A client
/// waiting in `idle` is woken at once.
///
/// Ownership: the clients' pending changes and waits, the last view compared and the
/// version are guarded by one mutex; looks at the player run one at a time (a look asked
/// for while one runs runs once more after it).
final class MPDIdleBoard: Sendable {
    /// How far the position may stray from where it would be by the clock before it counts
    /// as a seek (a `player` change).
    static let seekTolerance = 1.5

    /// What a comparison reads of the player.
    struct Signature: Equatable {
        var state: PlaybackState
        var currentID: UInt64?
        var queue: Int
        var volume: Double
        var shuffle: ShuffleMode
        var repeatMode: RepeatMode
        var elapsed: Double
        var rate: Double
        var at: Double
    }

    private struct Client {
        var pending: Set<MPDSubsystem> = []
        var waiting: (wanted: Set<MPDSubsystem>, wake: @Sendable (Set<MPDSubsystem>) -> Void)?
    }

    private struct State {
        var clients: [Int: Client] = [:]
        var last: Signature?
        var playlistVersion = 1
        var looking = false
        var again = false
    }

    private let state = Mutex(State())
    private let player: PlayerService
    private let now: @Sendable () -> Double

    /// A board comparing `player`'s states.
    init(player: PlayerService, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.player = player
        self.now = now
    }

    // MARK: Clients

    /// Starts keeping changes for client `id`.
    func register(_ id: Int) {
        state.withLock { $0.clients[id] = Client() }
    }

    /// Forgets client `id`.
    func unregister(_ id: Int) {
        state.withLock { _ = $0.clients.removeValue(forKey: id) }
    }

    /// `idle`: the changes of `wanted` kept for client `id`, taken now; or, when there are
    /// none, `nil`, and `wake` is called with them once one comes (on any thread).
    func wait(_ id: Int, for wanted: Set<MPDSubsystem>, wake: @escaping @Sendable (Set<MPDSubsystem>) -> Void) -> Set<MPDSubsystem>? {
        state.withLock { state in
            let ready = state.clients[id]?.pending.intersection(wanted) ?? []
            if !ready.isEmpty {
                state.clients[id]?.pending.subtract(ready)
                return ready
            }
            state.clients[id]?.waiting = (wanted, wake)
            return nil
        }
    }

    /// `noidle`: client `id` stops waiting; what it waited for stays kept.
    func stopWaiting(_ id: Int) {
        state.withLock { $0.clients[id]?.waiting = nil }
    }

    // MARK: Changes

    /// Told each event the daemon publishes; looks at the player for what it changed.
    func observe(_ params: any Sendable) {
        switch params {
        case is LibraryScanResult, is PodcastRefreshed:
            announce([.database, .update])
            look()
        case is LibraryScanProgress:
            announce([.update])
        case is NowPlayingState, is QueueChanged, is RemoteChanged, is RouteChanged:
            look()
        default:
            break
        }
    }

    /// Records `subsystems` as changed for every client.
    func announce(_ subsystems: Set<MPDSubsystem>) {
        guard !subsystems.isEmpty else { return }
        let wakes = state.withLock { state in
            var wakes: [(@Sendable (Set<MPDSubsystem>) -> Void, Set<MPDSubsystem>)] = []
            for id in Array(state.clients.keys) {
                guard var client = state.clients[id] else { continue }
                client.pending.formUnion(subsystems)
                if let waiting = client.waiting {
                    let ready = client.pending.intersection(waiting.wanted)
                    if !ready.isEmpty {
                        client.pending.subtract(ready)
                        client.waiting = nil
                        wakes.append((waiting.wake, ready))
                    }
                }
                state.clients[id] = client
            }
            return wakes
        }
        for (wake, ready) in wakes { wake(ready) }
    }

    /// Compares `view` with the last one seen, records what changed, and returns the
    /// queue's version as of `view`. Commands call it with the view they read, so a client
    /// that changed the queue sees the new version in its next `status`.
    @discardableResult
    func absorb(_ view: MPDPlayerView) -> Int {
        let signature = Signature(view, at: now())
        let (changed, version) = state.withLock { state -> (Set<MPDSubsystem>, Int) in
            defer { state.last = signature }
            guard let last = state.last else { return ([], state.playlistVersion) }
            let changed = Self.changes(from: last, to: signature)
            if changed.contains(.playlist) { state.playlistVersion += 1 }
            return (changed, state.playlistVersion)
        }
        announce(changed)
        return version
    }

    /// The queue's version now.
    var playlistVersion: Int { state.withLock { $0.playlistVersion } }

    /// What differs between two looks at the player.
    static func changes(from old: Signature, to new: Signature) -> Set<MPDSubsystem> {
        var changed: Set<MPDSubsystem> = []
        if old.queue != new.queue { changed.insert(.playlist) }
        if old.volume != new.volume { changed.insert(.mixer) }
        if old.shuffle != new.shuffle || old.repeatMode != new.repeatMode { changed.insert(.options) }
        if old.state != new.state || old.currentID != new.currentID || old.rate != new.rate {
            changed.insert(.player)
        } else {
            let expected = old.elapsed + (old.state == .playing ? (new.at - old.at) * old.rate : 0)
            if abs(new.elapsed - expected) > seekTolerance { changed.insert(.player) }
        }
        return changed
    }

    /// Looks at the player, one look at a time.
    private func look() {
        let starts = state.withLock { state in
            if state.looking { state.again = true }
            defer { state.looking = true }
            return !state.looking
        }
        guard starts else { return }
        Task.detached { [self] in
            while true {
                absorb(await player.mpdView())
                let again = state.withLock { state in
                    defer { state.again = false }
                    if !state.again { state.looking = false }
                    return state.again
                }
                if !again { return }
            }
        }
    }
}

extension MPDIdleBoard.Signature {
    /// The signature of `view`, taken at `time`.
    init(_ view: MPDPlayerView, at time: Double) {
        var hasher = Hasher()
        hasher.combine(view.entries.count)
        for entry in view.entries { hasher.combine(entry.id) }
        self.init(
            state: view.state, currentID: view.currentIndex.map { view.entries[$0].id }, queue: hasher.finalize(),
            volume: view.volume, shuffle: view.shuffle, repeatMode: view.repeatMode, elapsed: view.elapsed, rate: view.rate,
            at: time)
    }
}
