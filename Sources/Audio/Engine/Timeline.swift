/// Which source's audio occupies which frames of the stream since its last flush, and at
/// which rate, so a heard stream frame can be turned into a source and a media position.
///
/// Stream frames are output frames; media frames are frames of the source. Within a run
/// played at rate `r`, one stream frame carries `r` media frames, so the media position
/// moves at `r` times the wall clock. A time-stretched run's content is ahead of that
/// plain mapping by the stretcher's mean lead, so its media position is moved by the lead,
/// and a source that follows it is heard that much earlier than its nominal start.
struct Timeline {
    /// A run of one source's frames in the stream, played at one rate from one position.
    struct Segment {
        /// The source playing in this run.
        var source: TrackSource
        /// Stream frame (since the flush) where the run starts.
        var startFrame: Int
        /// Media frame of the source at ``startFrame``.
        var mediaFrame: Int
        /// Media frames per stream frame in this run.
        var rate: Double
        /// Whether the run starts the source (so hearing it means the listener advanced
        /// to it), rather than continuing it after a scan's jump.
        var startsSource: Bool
        /// Media frames the run's content is ahead of `mediaFrame + offset · rate`
        /// (``TimeStretcher/meanLead``).
        var lead: Double = 0

        /// Whether the run starts a fresh stretch, whose first sequence SoundTouch plays
        /// aligned: its lead then builds up from 0 over half a sequence.
        var leadBuildsUp = false

        /// The stream frame where the run's first media frame is heard.
        var heardFrom: Int { startFrame - Int((lead / rate).rounded()) }

        /// The lead `offset` stream frames into the run.
        func lead(at offset: Double) -> Double {
            guard leadBuildsUp, lead != 0, rate != 1 else { return lead }
            // Half a sequence, the build-up, is lead / (1 − rate) stream frames.
            return lead * min(1, max(0, offset) * (1 - rate) / lead)
        }
    }

    /// Runs in stream order; the first is the one being heard.
    var segments: [Segment] = []
    /// Media frames read into the last run so far.
    var mediaFramesInLast = 0
    /// What sources said about their content, at the stream frame it applies from, oldest
    /// first; announced as the listener reaches each.
    var marks: [(streamFrame: Int, sourceID: UInt64, metadata: [String: String])] = []

    /// An empty timeline (nothing loaded).
    init() {}

    /// A timeline that starts with `source` at `mediaFrame`, played at `rate` from a fresh
    /// stretch with the stretcher's `lead`.
    init(source: TrackSource, mediaFrame: Int, rate: Double, lead: Double = 0) {
        segments = [
            Segment(
                source: source, startFrame: 0, mediaFrame: mediaFrame, rate: rate, startsSource: true, lead: lead,
                leadBuildsUp: true)
        ]
    }

    /// The stream frame where the next run would start: the end of what was read so far.
    var endFrame: Int {
        guard let last = segments.last else { return 0 }
        return last.startFrame + Int((Double(mediaFramesInLast) / last.rate).rounded())
    }

    /// Starts a run of `source` from its beginning after everything read so far, at the
    /// same rate.
    mutating func append(_ source: TrackSource) {
        let rate = segments.last?.rate ?? 1
        segments.append(
            Segment(
                source: source, startFrame: endFrame, mediaFrame: 0, rate: rate, startsSource: true,
                lead: segments.last?.lead ?? 0))
        mediaFramesInLast = 0
    }

    /// Continues the current source from `mediaFrame` after everything read so far (a
    /// scan's jump), at `rate` and unstretched.
    mutating func jump(toMediaFrame mediaFrame: Int, rate: Double) {
        guard let source = segments.last?.source else { return }
        segments.append(Segment(source: source, startFrame: endFrame, mediaFrame: mediaFrame, rate: rate, startsSource: false))
        mediaFramesInLast = 0
    }

    /// Notes `metadata` of the last run's source as applying from what is read next.
    mutating func mark(_ metadata: [String: String]) {
        guard let source = segments.last?.source else { return }
        marks.append((endFrame, source.id, metadata))
    }

    /// Takes the marks the listener has reached by stream frame `heard`.
    mutating func marksHeard(by heard: Int) -> [(sourceID: UInt64, metadata: [String: String])] {
        let reached = marks.prefix { $0.streamFrame <= heard }
        marks.removeFirst(reached.count)
        return reached.map { ($0.sourceID, $0.metadata) }
    }

    /// The source and media frame heard at stream frame `heard`.
    func locate(_ heard: Int) -> (source: TrackSource, mediaFrame: Int)? {
        guard let segment = segments.last(where: { $0.heardFrom <= heard }) ?? segments.first else { return nil }
        let offset = Double(heard - segment.startFrame)
        let media = offset * segment.rate + segment.lead(at: offset)
        return (segment.source, segment.mediaFrame + max(0, Int(media.rounded())))
    }
}
