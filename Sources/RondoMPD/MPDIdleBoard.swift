import Foundation
import MPDProtocol
public import Playback
import Synchronization

/// What changed, for each MPD client: the subsystems `idle` reports (`changed: player`),
/// found by comparing the player's published MPD status with the last one seen whenever the
/// daemon publishes a change, and the queue's version (`status`'s `playlist`, `plchanges`).
///
/// Every change is kept for every client until it asks (`idle`), as MPD keeps them: a
/// client that was busy when the music moved on hears of it at its next `idle`. A client
/// waiting in `idle` is woken at once.
///
/// The board also carries MPD's messages between clients: each client's channels
/// (`subscribe`) and the messages sent to them that it has not read (`readmessages`),
/// told by `changed: message`, as MPD does for mpdscribble's "love" and its peers.
///
/// Ownership: the clients' pending changes, waits, channels and messages, the last status
/// compared and the version are guarded by one mutex.
public final class MPDIdleBoard: Sendable {
    /// How far the position may stray from where it would be by the clock before it counts
    /// as a seek (a `player` change).
    static let seekTolerance = 1.5

    private struct Client {
        var pending: Set<MPDSubsystem> = []
        var waiting: (wanted: Set<MPDSubsystem>, wake: @Sendable (Set<MPDSubsystem>) -> Void)?
        var channels: Set<String> = []
        var messages: [(channel: String, text: String)] = []
    }

    /// The most channels a client may subscribe to, and the most unread messages it is
    /// kept (more are dropped), as MPD has them.
    static let maximumChannels = 16
    static let maximumMessages = 64

    private struct State {
        var clients: [Int: Client] = [:]
        var last: PlayerStatus?
        var playlistVersion = 1
        /// Seconds the player played, up to `last`'s time (`stats`'s `playtime`).
        var played = 0.0
    }

    private let state = Mutex(State())
    private let player: any PlayerCommands

    /// A board comparing `player`'s published states.
    public init(player: any PlayerCommands) {
        self.player = player
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

    /// The library's contents changed (a scan ended, a podcast was refreshed).
    public func databaseChanged() {
        announce([.database, .update])
    }

    /// A scan of the library moved on.
    public func scanProgressed() {
        announce([.update])
    }

    /// The player announced a change of the now playing or of the queue: its published
    /// status (stored before the announcement) says what changed.
    public func playerChanged() {
        absorb(player.status.load())
    }

    /// The player's output moved, went or came back.
    public func outputsChanged() {
        announce([.output])
    }

    /// Records `subsystems` as changed for every client (or for the clients `only` names).
    func announce(_ subsystems: Set<MPDSubsystem>, only: Set<Int>? = nil) {
        guard !subsystems.isEmpty else { return }
        let wakes = state.withLock { state in
            var wakes: [(@Sendable (Set<MPDSubsystem>) -> Void, Set<MPDSubsystem>)] = []
            for id in only.map(Array.init) ?? Array(state.clients.keys) {
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

    // MARK: Messages

    /// Whether `name` is a channel's name as MPD takes it: letters and digits of ASCII,
    /// `_`, `-`, `.` and `:`.
    static func isChannelName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":")].contains(byte)
            }
    }

    /// `subscribe`: client `id` hears the messages sent to `channel` from now on; every
    /// client is told `changed: subscription`.
    /// - Throws: ``MPDAck`` as MPD words it, for a bad name, a channel already subscribed
    ///   to, or a full list.
    func subscribe(_ id: Int, to channel: String) throws(MPDAck) {
        guard Self.isChannelName(channel) else { throw MPDAck(.argument, command: "subscribe", "invalid channel name") }
        let refusal: String? = state.withLock { state in
            guard let channels = state.clients[id]?.channels else { return nil }
            if channels.contains(channel) { return "already subscribed to this channel" }
            if channels.count >= Self.maximumChannels { return "subscription list is full" }
            state.clients[id]?.channels.insert(channel)
            return nil
        }
        if let refusal { throw MPDAck(.exist, command: "subscribe", refusal) }
        announce([.subscription])
    }

    /// `unsubscribe`: client `id` no longer hears `channel`; every client is told
    /// `changed: subscription`.
    /// - Throws: ``MPDAck`` `noExist` when it was not subscribed.
    func unsubscribe(_ id: Int, from channel: String) throws(MPDAck) {
        let removed = state.withLock { $0.clients[id]?.channels.remove(channel) != nil }
        guard removed else { throw MPDAck(.noExist, command: "unsubscribe", "not subscribed to this channel") }
        announce([.subscription])
    }

    /// `channels`: every channel some client subscribes to, sorted.
    func channels() -> [String] {
        state.withLock { state in Set(state.clients.values.flatMap(\.channels)).sorted() }
    }

    /// `sendmessage`: `text` for every client subscribed to `channel` (the sender too, when
    /// it is), each told `changed: message`.
    /// - Throws: ``MPDAck`` for a bad name, or when nobody is subscribed.
    func send(_ text: String, to channel: String) throws(MPDAck) {
        guard Self.isChannelName(channel) else { throw MPDAck(.argument, command: "sendmessage", "invalid channel name") }
        let receivers: Set<Int> = state.withLock { state in
            var receivers: Set<Int> = []
            for (id, client) in state.clients where client.channels.contains(channel) {
                guard client.messages.count < Self.maximumMessages else { continue }
                state.clients[id]?.messages.append((channel, text))
                receivers.insert(id)
            }
            return receivers
        }
        guard !receivers.isEmpty else { throw MPDAck(.noExist, command: "sendmessage", "nobody is subscribed to this channel") }
        announce([.message], only: receivers)
    }

    /// `readmessages`: the messages client `id` has not read, taken now, oldest first.
    func takeMessages(_ id: Int) -> [(channel: String, text: String)] {
        state.withLock { state in
            let messages = state.clients[id]?.messages ?? []
            state.clients[id]?.messages.removeAll()
            return messages
        }
    }

    /// Compares `status` with the last one seen, records what changed, and returns the
    /// queue's version as of `status`. Commands call it with the status they read, so a
    /// client that changed the queue sees the new version in its next `status`.
    @discardableResult
    func absorb(_ status: PlayerStatus) -> Int {
        let (changed, version) = state.withLock { state -> (Set<MPDSubsystem>, Int) in
            defer { state.last = status }
            guard let last = state.last else { return ([], state.playlistVersion) }
            if last.state == .playing { state.played += max(0, status.at - last.at) }
            let changed = Self.changes(from: last, to: status)
            if changed.contains(.playlist) { state.playlistVersion += 1 }
            return (changed, state.playlistVersion)
        }
        announce(changed)
        return version
    }

    /// How long the player has played since the daemon started (as MPD's `stats` counts
    /// it: time with sound, whatever the rate), as of `time`.
    func playedSeconds(at time: Double) -> Double {
        state.withLock { state in
            guard let last = state.last else { return 0 }
            return state.played + (last.state == .playing ? max(0, time - last.at) : 0)
        }
    }

    /// The queue's version now.
    var playlistVersion: Int { state.withLock { $0.playlistVersion } }

    /// What differs between two statuses of the player.
    static func changes(from old: PlayerStatus, to new: PlayerStatus) -> Set<MPDSubsystem> {
        var changed: Set<MPDSubsystem> = []
        if old.queueSignature != new.queueSignature { changed.insert(.playlist) }
        // A station's new song changes the current song's tags: MPD bumps the queue's
        // version and wakes both.
        if old.currentID == new.currentID, old.streamSignature != new.streamSignature { changed.formUnion([.player, .playlist]) }
        if old.volume != new.volume { changed.insert(.mixer) }
        if old.shuffle != new.shuffle || old.repeatMode != new.repeatMode || old.pausesAtItemEnd != new.pausesAtItemEnd {
            changed.insert(.options)
        }
        if old.state != new.state || old.currentID != new.currentID || old.elapsed.rate != new.elapsed.rate {
            changed.insert(.player)
        } else if abs(new.elapsed(at: new.elapsed.time) - old.elapsed(at: new.elapsed.time)) > seekTolerance {
            changed.insert(.player)
        }
        return changed
    }
}
