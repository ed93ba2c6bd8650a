extension SavedPlaybackState {
    /// The first documented rule this state breaks, or `nil` when it is valid.
    var problem: String? {
        let count = entries.count
        if Set(entries.map(\.id)).count != count { return "two queue entries share an id" }
        if let bad = playOrder.first(where: { !(0..<count).contains($0) }) {
            return "play order index \(bad) is outside the queue of \(count) entries"
        }
        if let bad = history.first(where: { !(0..<count).contains($0) }) {
            return "history index \(bad) is outside the queue of \(count) entries"
        }
        if let currentIndex, !(0..<count).contains(currentIndex) {
            return "current index \(currentIndex) is outside the queue of \(count) entries"
        }
        if !position.isFinite || position < 0 { return "position \(position) is not a time ≥ 0" }
        if !rate.isFinite || rate <= 0 { return "rate \(rate) is not > 0" }
        return nil
    }
}
