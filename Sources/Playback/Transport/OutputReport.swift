/// What the audio output tells the ``Player`` about what a listener actually hears.
public enum OutputReport: Equatable, Sendable {
    /// The listener now hears the start of the entry with this identity (a track ended
    /// and the pre-rolled next one took over).
    case advanced(to: UInt64)
    /// Everything that was loaded has been heard to the end and nothing follows.
    case reachedEnd
    /// The entry with this identity cannot be decoded; it is skipped.
    case failed(UInt64)
    /// The output device went away: the item stays current, paused where it was heard.
    case outputLost
    /// A resume found nothing to resume at the output (its stream went with a lost output,
    /// or nothing was loaded): the current entry is loaded again from where it was, and
    /// what follows it prepared again (the lost output may have taken the pre-rolled one).
    case resumeFailed
    /// The position (media seconds) the listener hears of the current entry, measured at
    /// the output. Re-anchors the elapsed time without publishing a change.
    case positionObserved(Double)
}
