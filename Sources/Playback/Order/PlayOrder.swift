/// Builds play orders: pure functions from entries, a shuffle mode and a generator to a
/// permutation of entry identities.
enum PlayOrder {
    /// The play order of `ids` (given in queue order) under `mode`.
    ///
    /// - `off`: queue order.
    /// - `items`: a uniformly random permutation.
    /// - `collections`: entries grouped by `collection` (entries without one are groups of
    ///   their own), the groups in random order, each group in queue order.
    ///
    /// With `first`, that entry opens the order. Under `collections` its group is split there:
    /// the entry and the rest of its group open the order, and the part of the group before it
    /// is shuffled among the other groups as a group of its own.
    /// - Parameters:
    ///   - ids: entry identities in queue order.
    ///   - mode: the shuffle mode.
    ///   - collection: the collection key of an entry, or `nil` when it stands alone.
    ///   - first: the entry that must come first, if any.
    ///   - generator: where the randomness comes from.
    /// - Returns: a permutation of `ids`.
    static func make(
        _ ids: [UInt64], mode: ShuffleMode, collection: (UInt64) -> String?, first: UInt64? = nil,
        using generator: inout ShuffleGenerator
    ) -> [UInt64] {
        switch mode {
        case .off:
            return ids
        case .items:
            var rest = ids.filter { $0 != first }
            rest.shuffle(using: &generator)
            return (first.map { [$0] } ?? []) + rest
        case .collections:
            var groups = groupsInQueueOrder(ids, collection: collection)
            var opening: [UInt64] = []
            if let first, let at = groups.firstIndex(where: { $0.contains(first) }) {
                let group = groups.remove(at: at)
                let split = group.firstIndex(of: first)!
                opening = Array(group[split...])
                if split > 0 { groups.append(Array(group[..<split])) }
            }
            groups.shuffle(using: &generator)
            return opening + groups.flatMap { $0 }
        }
    }

    /// `ids` split into collections in order of first appearance, each in queue order.
    private static func groupsInQueueOrder(_ ids: [UInt64], collection: (UInt64) -> String?) -> [[UInt64]] {
        var groups: [[UInt64]] = []
        var groupOfKey: [String: Int] = [:]
        for id in ids {
            guard let key = collection(id) else {
                groups.append([id])
                continue
            }
            if let at = groupOfKey[key] {
                groups[at].append(id)
            } else {
                groupOfKey[key] = groups.count
                groups.append([id])
            }
        }
        return groups
    }
}
