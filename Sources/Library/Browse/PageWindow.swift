/// The positions a page of children covers: the caller's offset and limit, then the content
/// limits' item cap.
struct PageWindow: Equatable {
    /// Positions to fetch.
    var range: Range<Int>
    /// Whether the item cap removed positions the offset and limit asked for.
    var limited: Bool

    /// The window over `total` children.
    /// - Parameters:
    ///   - offset: the first position wanted; negative counts as 0.
    ///   - limit: how many are wanted at most, `nil` for all; negative counts as 0.
    ///   - limits: while enforced, only positions below ``ContentLimits/itemLimit`` are shown.
    init(total: Int, offset: Int, limit: Int?, limits: ContentLimits) {
        let start = min(max(offset, 0), total)
        let length = min(max(limit ?? total, 0), total - start)
        let requested = start..<(start + length)
        range = limits.enforced ? requested.clamped(to: 0..<min(total, max(limits.itemLimit, 0))) : requested
        limited = range.count < requested.count
    }
}
