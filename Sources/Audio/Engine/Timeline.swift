/// Which source's audio occupies which frames of the stream since its last flush, so a
/// heard stream frame can be turned into a source and a media position.
struct Timeline {
    /// A run of one source's frames in the stream.
    struct Segment {
        /// The source playing in this run.
        var source: TrackSource
        /// Stream frame (since the flush) where the run starts.
        var startFrame: Int
        /// Media frame of the source at ``startFrame``.
        var mediaFrame: Int
    }

    /// Runs in stream order; the first is the one being heard.
    var segments: [Segment] = []
    /// Frames decoded into the ring since the flush: where the next run would start.
    var decodedFrames = 0

    /// An empty timeline (nothing loaded).
    init() {}

    /// A timeline that starts with `source` at `mediaFrame`.
    init(source: TrackSource, mediaFrame: Int) {
        segments = [Segment(source: source, startFrame: 0, mediaFrame: mediaFrame)]
    }

    /// Starts a run of `source` from its beginning after everything decoded so far.
    mutating func append(_ source: TrackSource) {
        segments.append(Segment(source: source, startFrame: decodedFrames, mediaFrame: 0))
    }

    /// The source and media frame heard at stream frame `heard`.
    func locate(_ heard: Int) -> (source: TrackSource, mediaFrame: Int)? {
        guard let segment = segments.last(where: { $0.startFrame <= heard }) ?? segments.first else { return nil }
        return (segment.source, segment.mediaFrame + max(0, heard - segment.startFrame))
    }
}
