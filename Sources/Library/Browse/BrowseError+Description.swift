extension BrowseError: CustomStringConvertible {
    /// A sentence that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .indexOutOfRange(let path, let component, let count):
            Self.describeOutOfRange(path: path, component: component, count: count)
        case .contentLimitExceeded(let path, let depthLimit):
            Self.describeTooDeep(path: path, depthLimit: depthLimit)
        case .notFound(let identifier):
            "no library item has the identifier \(identifier); a rescan may have removed it."
                + " Find it again with: rondo search QUERY, or rondo browse"
        case .notPlayable(let path):
            "\(Self.itemName(path)) has no tracks of its own to play;"
                + " play a track, album or playlist inside it (list them with: \(IndexPathText.browseCommand(path)))"
                + " or add music and run: rondo library scan"
        case .nothingToPlay(let identifier):
            "\(identifier) has no tracks of its own to play;"
                + " queue a track, album, playlist or show instead (find one with: rondo search QUERY)"
        case .badLimits(let reason):
            "invalid content limits: \(reason); use"
                + " --items \(ContentLimits.itemLimitRange.lowerBound)-\(ContentLimits.itemLimitRange.upperBound) and"
                + " --depth \(ContentLimits.depthLimitRange.lowerBound)-\(ContentLimits.depthLimitRange.upperBound)"
        case .store(let error):
            "the library could not be read: \(error)"
        }
    }

    private static func itemName(_ path: [Int]) -> String {
        path.isEmpty ? "the root" : "item \(IndexPathText.dotted(path))"
    }

    private static func describeOutOfRange(path: [Int], component: Int, count: Int) -> String {
        let parent = Array(path.prefix(max(0, component)))
        let children = count == 1 ? "1 child" : "\(count) children"
        guard !path.isEmpty else {
            return "the root is not an item; give an index path such as 0, or list the root's items with: rondo browse"
        }
        let head = "index path \(IndexPathText.dotted(path)) does not exist"
        guard count > 0 else {
            let upward = parent.isEmpty ? parent : Array(parent.dropLast())
            return "\(head): \(itemName(parent)) has no children;"
                + " list what is beside it with: \(IndexPathText.browseCommand(upward))"
        }
        return "\(head): \(itemName(parent)) has \(children) (0-based, 0 to \(count - 1));"
            + " browse it with: \(IndexPathText.browseCommand(parent))"
    }

    private static func describeTooDeep(path: [Int], depthLimit: Int) -> String {
        let levels = depthLimit == 1 ? "1 level" : "\(depthLimit) levels"
        let limit = "deeper than the \(levels) the content limits allow while enforced"
        let advice = "stay within \(levels), or lift the limits with: rondo limits --off"
        guard path.count > depthLimit else {
            return "the items inside \(itemName(path)) would be \(path.count + 1) levels deep, \(limit); \(advice)"
        }
        return "index path \(IndexPathText.dotted(path)) is \(path.count) levels deep, \(limit); \(advice)"
    }
}
