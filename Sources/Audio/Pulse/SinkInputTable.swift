/// The sink inputs that carry a session id, and the sinks, as ``SessionAudioControl`` last
/// heard of them; turns each change into the ``AudioServerEvent``s it means.
///
/// A pure value: times are libpulse monotonic microseconds passed in by the caller.
/// Ownership: ``SessionAudioControl`` keeps one, guarded by its mainloop lock.
struct SinkInputTable {
    /// One sink input of a session.
    struct Entry: Equatable {
        /// The value of its `rondo.session.id` property.
        var session: String
        /// The index of the sink it plays to.
        var sink: UInt32
        /// Whether it is paused.
        var corked: Bool
        /// Its channel count, for volumes.
        var channels: Int
    }

    /// How long a sink input that went away still counts for its sink: the server kills a
    /// stream that cannot move just before it announces that the sink has gone.
    static let departureGrace: UInt64 = 1_000_000

    private(set) var entries: [UInt32: Entry] = [:]
    private(set) var sinks: [UInt32: String] = [:]
    /// Each sink's human-readable description, by index.
    private(set) var descriptions: [UInt32: String] = [:]
    private var departed: [(sink: UInt32, session: String, time: UInt64)] = []

    /// Records what the server says sink input `index` is now (`nil`: not a session's).
    /// - Returns: whether the table did not know it before, and the events the change makes.
    mutating func update(_ index: UInt32, to entry: Entry?, at time: UInt64) -> (isNew: Bool, events: [AudioServerEvent]) {
        guard var entry else { return (false, remove(index, at: time)) }
        let before = soundingSessions
        if let known = entries[index], sinks[entry.sink] == nil, sinks[known.sink] != nil {
            // Between two sinks (PipeWire may report a moving stream on no sink for a moment):
            // it still counts as on the one it left until it lands on a known sink.
            entry.sink = known.sink
        }
        let previous = entries.updateValue(entry, forKey: index)
        var moves: [AudioServerEvent] = []
        if let previous, previous.sink != entry.sink {
            // A server moves a stream off a sink it is about to remove: the sink still counts
            // the session as its own for a moment. Such a rescue (the sink already gone) is
            // the sink's removal, reported as such, not a move.
            departed.append((previous.sink, previous.session, time))
            if let from = sinks[previous.sink] {
                moves = [.sessionMoved(session: entry.session, from: from, to: sinks[entry.sink])]
            }
        }
        return (previous == nil, moves + soundChanges(from: before))
    }

    /// Forgets sink input `index`, which the server removed.
    mutating func remove(_ index: UInt32, at time: UInt64) -> [AudioServerEvent] {
        let before = soundingSessions
        guard let gone = entries.removeValue(forKey: index) else { return [] }
        departed.removeAll { $0.time + Self.departureGrace < time }
        departed.append((gone.sink, gone.session, time))
        return soundChanges(from: before)
    }

    /// Records sink `index` by name and description; a sink not known before is announced.
    mutating func addSink(_ index: UInt32, name: String, description: String) -> [AudioServerEvent] {
        descriptions[index] = description
        return sinks.updateValue(name, forKey: index) == nil ? [.sinkAdded(name: name)] : []
    }

    /// Records a new description of sink `index`, if the sink is known (a change report can
    /// come before the sink's own announcement, which must stay news).
    mutating func describeSink(_ index: UInt32, as description: String) {
        if sinks[index] != nil { descriptions[index] = description }
    }

    /// Forgets sink `index`, which the server removed, naming the sessions that played to it.
    mutating func removeSink(_ index: UInt32, at time: UInt64) -> [AudioServerEvent] {
        descriptions[index] = nil
        guard let name = sinks.removeValue(forKey: index) else { return [] }
        var sessions = Set(entries.values.filter { $0.sink == index }.map(\.session))
        sessions.formUnion(departed.filter { $0.sink == index && time <= $0.time + Self.departureGrace }.map(\.session))
        departed.removeAll { $0.sink == index }
        return [.sinkRemoved(name: name, sessions: sessions.sorted())]
    }

    /// The sink inputs of `session`, by index.
    func sinkInputs(of session: String) -> [(index: UInt32, entry: Entry)] {
        entries.filter { $0.value.session == session }.map { ($0.key, $0.value) }
    }

    /// The name of the sink `session`'s first sink input plays to, if it has one.
    func sink(of session: String) -> String? {
        entries.filter { $0.value.session == session }.min { $0.key < $1.key }.flatMap { sinks[$0.value.sink] }
    }

    /// Sessions with at least one uncorked sink input.
    var soundingSessions: Set<String> {
        Set(entries.values.filter { !$0.corked }.map(\.session))
    }

    private func soundChanges(from before: Set<String>) -> [AudioServerEvent] {
        let after = soundingSessions
        return after.subtracting(before).sorted().map { .soundStarted(session: $0) }
            + before.subtracting(after).sorted().map { .soundStopped(session: $0) }
    }
}
