import Audio
import Feeds
import Library
import Streams
import Synchronization

/// Whether a video enclosure's sound can be played, which a feed cannot tell: the player's
/// own decoders open it over the network (FFmpeg finds its audio track and decodes a first
/// frame), reading at most ``maximumBytes``. A video that passes is an episode played as
/// sound; one that does not is left out with why.
///
/// Called on the podcast service's fetch threads (it blocks for as long as the server
/// takes), never on an actor. Ownership: the verdicts it remembers, by address, are under
/// a mutex, so a feed refreshed again does not make it download the same video again.
final class EpisodeSoundCheck: Sendable {
    /// The most bytes of one video read to find its sound: its index (an MP4's `moov`,
    /// wherever it is) and a first frame.
    static let maximumBytes = 16 << 20
    /// The most verdicts remembered; past it they are forgotten all at once.
    static let maximumVerdicts = 4_096

    private let opener: StreamOpener
    /// Address → `nil` when its sound plays, else why not.
    private let verdicts = Mutex<[String: String?]>([:])

    /// A check that fetches with `options`' timeout and user agent, never resuming a drop.
    init(options: HTTPOptions) {
        opener = StreamOpener(options: HTTPOptions(timeout: options.timeout, userAgent: options.userAgent, resumeWithin: 0))
    }

    /// `feed` with each video episode kept only when its sound can be played, and moved to
    /// its skipped items with why otherwise. An episode whose address is in `known` (kept
    /// before) is not checked again.
    func checked(_ feed: Feed, known: Set<String>) -> Feed {
        guard feed.episodes.contains(where: \.isVideo) else { return feed }
        var checked = feed
        checked.episodes = []
        for episode in feed.episodes {
            guard episode.isVideo, !known.contains(episode.enclosureURL), let problem = problem(with: episode.enclosureURL) else {
                checked.episodes.append(episode)
                continue
            }
            checked.skipped.append(
                SkippedItem(title: episode.title, reason: "its enclosure is a video whose sound cannot be played: \(problem)"))
        }
        return checked
    }

    /// Why the sound of the video at `url` cannot be played; `nil` when it can.
    func problem(with url: String) -> String? {
        if let verdict = verdicts.withLock({ $0[url] }) { return verdict }
        let verdict = Self.open(url, with: opener)
        verdicts.withLock { known in
            if known.count >= Self.maximumVerdicts { known.removeAll() }
            known[url] = verdict
        }
        return verdict
    }

    /// Opens `url` as the player would, reading at most ``maximumBytes``.
    private static func open(_ url: String, with opener: StreamOpener) -> String? {
        let bounded: ByteSourceOpener = { location throws(AudioError) in
            BoundedByteSource(try opener.open(location), limit: maximumBytes)
        }
        do {
            _ = try OpenedTrack.open(TrackSource(id: 0, path: url), bytes: bounded)
            return nil
        } catch {
            switch error {
            case .decodeFailed(_, let reason), .unreachable(_, let reason): return reason
            case .pulseUnavailable(let reason): return reason
            }
        }
    }
}
