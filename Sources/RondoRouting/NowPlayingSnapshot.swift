import Playback
public import RondoProtocol
import Synchronization

/// The now-playing state as the player last computed it, and how to bring it up to a
/// given moment: what `nowPlaying.get` answers without waiting for the player's actor.
///
/// Only the elapsed time moves between two changes the player publishes. While playing it
/// is the position heard at the output, when the output is playing the current entry, or
/// else the last elapsed time carried forward at the playback rate, as a reader of the
/// dictionary would (SPEC §3), capped at the duration. While the output already plays the
/// next source, before the player has moved the queue on, the entry has been heard at
/// least as far as it was last heard, so the carried-forward time does not fall behind that.
public struct NowPlayingSnapshot: Sendable, Equatable {
    /// The state as published.
    public var state: NowPlayingState
    /// The queue entry the state describes (the output's source id while it plays).
    public var entryID: UInt64?

    /// The snapshot of `state`, describing queue entry `entryID`.
    public init(state: NowPlayingState, entryID: UInt64?) {
        self.state = state
        self.entryID = entryID
    }

    /// Nothing playing, nothing queued.
    public static let empty = NowPlayingSnapshot(state: NowPlayingState(info: NowPlayingInfoPayload(), playbackState: .stopped), entryID: nil)

    /// The state at `now`, given what the output hears (its source and position) if anything,
    /// and the furthest position of the entry heard since the state was published.
    public func state(
        at now: Double, heard: (sourceID: UInt64, seconds: Double)?, furthestHeard: Double? = nil
    ) -> NowPlayingState {
        guard let moving = movingFields(at: now, heard: heard, furthestHeard: furthestHeard) else { return state }
        var current = state
        current.info.elapsedPlaybackTime = moving.elapsed
        current.info.timestamp = moving.timestamp
        if let progress = moving.progress { current.info.playbackProgress = progress }
        return current
    }

    /// What moves while playing, at `now`: the elapsed time, the timestamp it is exact at, and
    /// the progress when the duration is known; `nil` when nothing moves (not playing, or no
    /// elapsed time to carry forward). `furthestHeard` is the furthest position of the entry
    /// heard since the state was published, the least a carried-forward time can say.
    public func movingFields(
        at now: Double, heard: (sourceID: UInt64, seconds: Double)?, furthestHeard: Double? = nil
    ) -> (elapsed: Double, timestamp: Double, progress: Double?)? {
        guard state.playbackState == .playing, let elapsed = state.info.elapsedPlaybackTime, let timestamp = state.info.timestamp else {
            return nil
        }
        let duration = state.info.playbackDuration
        let position = ElapsedAnchor(elapsed: elapsed, at: timestamp, rate: state.info.playbackRate ?? 0, duration: duration)
            .elapsed(at: now, of: entryID, heard: heard, atLeast: furthestHeard ?? 0)
        guard let duration, duration > 0 else { return (position, now, nil) }
        return (position, now, min(1, position / duration))
    }

    /// The state with markers in the fields that move while playing, and the template it
    /// encodes to, whose numbers ``movingFields(at:heard:)`` fills; `nil` when nothing moves.
    public func movingTemplate(codec: JSONRPCCodec) -> EncodedJSONTemplate? {
        guard let moving = movingFields(at: state.info.timestamp ?? 0, heard: nil) else { return nil }
        var marked = state
        var members = [
            EncodedJSONTemplate.OpenMember(key: "elapsedPlaybackTime", marker: Self.markers[0]),
            EncodedJSONTemplate.OpenMember(key: "timestamp", marker: Self.markers[1]),
        ]
        marked.info.elapsedPlaybackTime = Self.markers[0]
        marked.info.timestamp = Self.markers[1]
        if moving.progress != nil {
            members.append(EncodedJSONTemplate.OpenMember(key: "playbackProgress", marker: Self.markers[2]))
            marked.info.playbackProgress = Self.markers[2]
        }
        return try? codec.encodeTemplate(marked, openMembers: members)
    }

    /// Numbers no field of a now-playing state holds, to find the moving ones by.
    private static let markers = [1.25e300, 1.375e300, 1.4375e300]
}

/// The snapshot `nowPlaying.get` answers from: the player's now-playing publication
/// (`PublishedPlayerNowPlaying`) in the wire's form, made once per publication by the
/// first request that reads it, and read by any thread.
///
/// A snapshot that is not playing reads the same until the next one is stored, so its
/// state is encoded once, as it is stored, and every `nowPlaying.get` until then is answered
/// with those bytes. One that plays is encoded once as a template, and each request writes
/// only its moving numbers (elapsed time, timestamp, progress) into it
/// (``encoded(at:heard:)``).
///
/// Ownership: request handlers bring it up to the player's publication and read it, on
/// the request loop (``bringUp(to:_:)``).
public final class PublishedNowPlaying: Sendable {
    /// How a stored snapshot is encoded: once for all while it stands still, as a template
    /// for its moving fields while it plays.
    private enum Encoding {
        case settled(EncodedJSON)
        case moving(EncodedJSONTemplate)
        case perRequest
    }

    /// A snapshot with its encoding, shared by reference so a reader takes it with one retain,
    /// and the furthest position of its entry any reader was told was heard.
    private final class Stored: Sendable {
        let snapshot: NowPlayingSnapshot
        let encoding: Encoding
        /// The version of the publication it was made from (``store(_:version:)``).
        let version: UInt64
        /// The bit pattern of the furthest heard position (a non-negative `Double`, whose bit
        /// patterns order as the numbers do), or `UInt64.max` while none was heard.
        private let furthest = Atomic<UInt64>(.max)

        init(_ snapshot: NowPlayingSnapshot, encoding: Encoding, version: UInt64) {
            self.snapshot = snapshot
            self.encoding = encoding
            self.version = version
        }

        /// The furthest position of the entry heard so far, if any.
        var furthestHeard: Double? {
            let bits = furthest.load(ordering: .relaxed)
            return bits == .max ? nil : Double(bitPattern: bits)
        }

        /// Notes what the output hears, when it is the snapshot's entry.
        func note(_ heard: (sourceID: UInt64, seconds: Double)?) {
            guard let heard, heard.sourceID == snapshot.entryID, heard.seconds >= 0 else { return }
            let bits = heard.seconds.bitPattern
            var seen = furthest.load(ordering: .relaxed)
            while seen == .max || seen < bits {
                let (exchanged, original) = furthest.compareExchange(expected: seen, desired: bits, ordering: .relaxed)
                if exchanged { return }
                seen = original
            }
        }

        /// The moving fields at `now` given what is heard, which is noted first.
        func moving(at now: Double, heard: (sourceID: UInt64, seconds: Double)?) -> (elapsed: Double, timestamp: Double, progress: Double?)? {
            note(heard)
            return snapshot.movingFields(at: now, heard: heard, furthestHeard: furthestHeard)
        }

        /// The state at `now`; what the output hears is asked only while playing, and noted.
        func state(at now: Double, heard: () -> (sourceID: UInt64, seconds: Double)?) -> NowPlayingState {
            guard snapshot.state.playbackState == .playing else { return snapshot.state }
            let heard = heard()
            note(heard)
            return snapshot.state(at: now, heard: heard, furthestHeard: furthestHeard)
        }
    }

    private let stored = Mutex(Stored(.empty, encoding: .perRequest, version: 0))
    private let codec = JSONRPCCodec()

    /// Holds the empty snapshot until the first is stored.
    public init() {}

    /// Replaces the snapshot, unless one of a version at least as new is stored: readers
    /// racing to bring it up to one publication keep the newest.
    public func store(_ new: NowPlayingSnapshot, version: UInt64) {
        let encoding: Encoding
        if new.state.playbackState != .playing, let settled = try? codec.encodeResult(new.state) {
            encoding = .settled(settled)
        } else if let template = new.movingTemplate(codec: codec) {
            encoding = .moving(template)
        } else {
            encoding = .perRequest
        }
        let replacement = Stored(new, encoding: encoding, version: version)
        stored.withLock { if $0.version < version { $0 = replacement } }
    }

    /// Stores the snapshot `make` returns when the one stored is older than `version` (a
    /// publication's): the encoding is made once per publication, by its first reader.
    public func bringUp(to version: UInt64, _ make: () -> NowPlayingSnapshot) {
        guard stored.withLock({ $0.version }) < version else { return }
        store(make(), version: version)
    }

    /// The snapshot last stored.
    public func load() -> NowPlayingSnapshot {
        stored.withLock { $0 }.snapshot
    }

    /// The state of the snapshot last stored at `now`, given what the output hears (asked
    /// only while it plays): its elapsed time never falls behind what was heard of its entry.
    public func state(at now: Double, heard: () -> (sourceID: UInt64, seconds: Double)?) -> NowPlayingState {
        stored.withLock { $0 }.state(at: now, heard: heard)
    }

    /// The encoded state of the snapshot last stored at `now`, given what the output hears
    /// (asked only while it plays): the bytes kept since it was stored while it stands still,
    /// its template filled while it plays, a full encoding only when neither applies.
    /// - Throws: ``RPCError/internalError(_:)`` when the state cannot be encoded.
    public func encoded(at now: Double, heard: () -> (sourceID: UInt64, seconds: Double)?) throws(RPCError) -> EncodedJSON {
        let current = stored.withLock { $0 }
        switch current.encoding {
        case .settled(let bytes):
            return bytes
        case .moving(let template):
            guard let moving = current.moving(at: now, heard: heard()) else { break }
            return try template.filled(with: [moving.elapsed, moving.timestamp, moving.progress ?? 0])
        case .perRequest:
            break
        }
        return try codec.encodeResult(current.state(at: now, heard: heard))
    }
}
