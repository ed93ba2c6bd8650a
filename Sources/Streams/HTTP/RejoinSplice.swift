/// Where a live stream joined again picks up after a drop. A station's server starts every
/// new listener with a burst of what it sent in the last seconds, most of which this
/// listener already heard; taken whole, that burst would be played a second time (about 3 s
/// with Icecast's default). So the new connection's first audio is searched for the last
/// ``anchorLength`` bytes heard before the drop: what follows them goes on to the reader,
/// what comes before is dropped. When they are not found within ``searchLimit`` bytes or
/// ``searchTime`` of the first new byte (the drop outlasted the burst, or the server sends
/// no burst), the new audio is taken whole.
///
/// Owned by the transfer thread's request state; pure but for the clock it is given.
struct RejoinSplice {
    /// How many of the last bytes heard mark the place to pick up.
    static let anchorLength = 2048
    /// The most new bytes held while looking for them.
    static let searchLimit = 256 * 1024
    /// The longest wait for them after the first new byte.
    static let searchTime = Duration.seconds(1)

    private let anchor: [UInt8]
    private var held: [UInt8] = []
    /// Where the search goes on in ``held``: the anchor cannot start before it.
    private var searched = 0
    private var firstByteAt: ContinuousClock.Instant?
    /// Whether the place was found or given up on: everything now goes straight through.
    private(set) var isDone = false

    /// A splice after a stream whose last bytes heard were `tail`; `nil` when fewer than
    /// ``anchorLength`` were heard (nothing to find).
    init?(tail: [UInt8]) {
        guard tail.count >= Self.anchorLength else { return nil }
        anchor = Array(tail.suffix(Self.anchorLength))
    }

    /// Takes the next new audio bytes, arriving at `now`.
    /// - Returns: what goes on to the reader now: nothing while the search goes on; once it
    ///   ends, what follows the place found (or all that was held).
    mutating func take(_ bytes: UnsafeRawBufferPointer, at now: ContinuousClock.Instant) -> [UInt8] {
        guard !isDone else { return Array(bytes) }
        let first = firstByteAt ?? now
        firstByteAt = first
        held.append(contentsOf: bytes)
        if let found = findAnchor() {
            isDone = true
            defer { held = [] }
            return Array(held[(found + anchor.count)...])
        }
        searched = max(searched, held.count - anchor.count + 1)
        guard held.count >= Self.searchLimit || now - first >= Self.searchTime else { return [] }
        isDone = true
        defer { held = [] }
        return held
    }

    /// Where the anchor starts in ``held`` at or after ``searched``.
    private func findAnchor() -> Int? {
        guard held.count >= anchor.count else { return nil }
        let lead = anchor[0]
        var index = searched
        while index <= held.count - anchor.count {
            guard let candidate = held[index...(held.count - anchor.count)].firstIndex(of: lead) else { return nil }
            if held[candidate..<candidate + anchor.count].elementsEqual(anchor) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
