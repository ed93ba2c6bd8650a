extension Array where Element == String {
    /// The elements as an English list for messages: `a`, `a or b`, `a, b or c`.
    /// - Parameter conjunction: the word before the last element (`or`, `and`).
    /// - Returns: the list; empty for no elements.
    public func listed(joinedBy conjunction: String) -> String {
        guard let last, count > 1 else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
