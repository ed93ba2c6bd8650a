/// The depth rule: while enforced, no item is reachable whose index path has more than
/// ``ContentLimits/depthLimit`` components.
extension ContentLimits {
    /// Refuses an item (or its count, or playing it) that lies below the depth limit.
    func checkItemReachable(at path: [Int]) throws(BrowseError) {
        if enforced, path.count > depthLimit { throw .contentLimitExceeded(path: path, depthLimit: depthLimit) }
    }

    /// Refuses listing children that would lie below the depth limit.
    func checkChildrenReachable(of path: [Int]) throws(BrowseError) {
        if enforced, path.count >= depthLimit { throw .contentLimitExceeded(path: path, depthLimit: depthLimit) }
    }
}
