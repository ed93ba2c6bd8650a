/// Which tracks of a long list to queue when one of them is chosen: at most
/// ``PlaybackSelection/maximumTrackCount``, the chosen one among them.
struct PlaybackWindow: Equatable {
    /// Positions in the list to queue.
    var range: Range<Int>
    /// Where the chosen track sits in ``range``.
    var startIndex: Int

    /// The window over a list of `count` tracks for the one at `position` (`0..<count`): the
    /// whole list when it fits, else from `position` onwards, moved back to end at the list's
    /// end when fewer tracks follow.
    init(count: Int, position: Int, maximum: Int = PlaybackSelection.maximumTrackCount) {
        let start = count <= maximum ? 0 : max(0, min(position, count - maximum))
        range = start..<min(count, start + maximum)
        startIndex = position - start
    }
}
