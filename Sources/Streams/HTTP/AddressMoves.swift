import Synchronization

/// Addresses that moved for good while something may be reading from them: a podcast's
/// enclosure that a refresh of its feed moved (a new CDN, a tracking prefix, `http` to
/// `https`). A source whose connection drops resumes from where its address now is, so an
/// episode that plays while its enclosure moves finishes from the new address.
///
/// Ownership: its table is guarded by a mutex; whoever learns of a move records it, and the
/// sources' transfer threads ask.
public final class AddressMoves: Sendable {
    /// The most moves kept; the oldest goes first past it.
    static let capacity = 4096
    /// The most moves followed from one address, so a cycle ends.
    static let chainLimit = 8

    private let table = Mutex<(moves: [String: String], order: [String])>(([:], []))

    /// An empty table.
    public init() {}

    /// Records that what was at `old` is now at `new`.
    public func record(from old: String, to new: String) {
        guard old != new else { return }
        table.withLock { table in
            if table.moves.updateValue(new, forKey: old) == nil { table.order.append(old) }
            if table.order.count > Self.capacity {
                let oldest = table.order.removeFirst()
                table.moves.removeValue(forKey: oldest)
            }
        }
    }

    /// Where what was at `url` is now: the end of its recorded moves, or `url` itself.
    public func destination(of url: String) -> String {
        table.withLock { table in
            var current = url
            for _ in 0..<Self.chainLimit {
                guard let next = table.moves[current], next != url else { break }
                current = next
            }
            return current
        }
    }
}
