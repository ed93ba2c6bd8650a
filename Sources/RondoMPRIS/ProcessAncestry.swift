/// A process and its ancestors, nearest first: where a stream's MPRIS player is looked for,
/// since a program's audio often comes from a child of the process that owns its player (a
/// browser's audio service, a wrapper's `exec`-less child).
///
/// The chain stops before pid 1 (init is every orphan's parent: a player there would claim
/// every stream), at a parent that cannot be read, at a loop, and after ``longest`` steps.
/// Pure: the parent of each process is looked up through the function given.
enum ProcessAncestry {
    /// The most processes a chain holds.
    static let longest = 64

    /// `processID`, its parent, its parent's parent…, nearest first.
    /// - Parameters:
    ///   - processID: where the chain starts.
    ///   - parent: the parent of a process; `nil` when it is gone or unreadable.
    /// - Returns: the chain; empty when `processID` is not a process id above 1.
    static func chain(from processID: Int32, parent: (Int32) -> Int32?) -> [Int32] {
        var chain: [Int32] = []
        var next: Int32? = processID
        while let current = next, current > 1, chain.count < longest, !chain.contains(current) {
            chain.append(current)
            next = parent(current)
        }
        return chain
    }

    /// The chain of the running process `processID`, read from `/proc`.
    static func chain(from processID: Int32) -> [Int32] {
        chain(from: processID) { ProcessStat.read(processID: $0)?.parentID }
    }
}
