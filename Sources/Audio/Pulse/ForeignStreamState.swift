/// Another program's sink input as ``SessionAudioControl`` knows it: where it plays, whether
/// it is corked, the session it was adopted into, and enough of the volumes set on it to
/// tell the control's own changes from the listener's.
///
/// A pure value. Ownership: ``SessionAudioControl`` keeps one per foreign sink input,
/// guarded by its mainloop lock.
struct ForeignStreamState {
    /// The session it was adopted into; `nil` while the daemon has not adopted it.
    var session: String?
    /// The index of the sink it plays to.
    var sink: UInt32
    /// Whether it is paused.
    var corked: Bool
    /// Its channel count, for volumes.
    var channels: Int
    /// Its volume as last reported, a linear gain.
    var reported: Double
    /// Whether it was reported muted.
    var muted: Bool
    /// What a server that restores a stream's last volume (PulseAudio's module-stream-restore,
    /// WirePlumber's restore-stream) keys it by: its role, else its application.
    var restoreKey: String?
    /// The listener's volume given back to it while the server may still restore what the
    /// control left on an earlier stream of the same key, and until when (libpulse monotonic
    /// microseconds).
    var restoring: (volume: Double, until: UInt64)?
    /// The volumes the control set on it lately, oldest first (at most ``remembered``).
    private(set) var recentlySet: [Double] = []

    /// How many volumes set are remembered: more than a ramp sets before the server's
    /// report of its first step arrives.
    static let remembered = 64

    /// Notes that the control set the stream's volume to `volume` (as the server stores it).
    mutating func noteSet(_ volume: Double) {
        recentlySet.append(volume)
        if recentlySet.count > Self.remembered { recentlySet.removeFirst(recentlySet.count - Self.remembered) }
    }

    /// Whether a report of `volume` is someone else's change (the listener's, in a mixer or
    /// the program's own volume control): neither what was reported before nor a volume
    /// the control set lately.
    func isOthersChange(_ volume: Double) -> Bool {
        func same(_ other: Double) -> Bool { abs(volume - other) <= 0.002 + 0.005 * other }
        return !same(reported) && !recentlySet.contains(where: same)
    }

    /// The table entry of the stream, once adopted.
    var entry: SinkInputTable.Entry? {
        session.map { SinkInputTable.Entry(session: $0, sink: sink, corked: corked, channels: channels) }
    }
}
