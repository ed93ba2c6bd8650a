import Playback
import RondoProtocol

/// A change the daemon publishes, typed: the one feed its parts report to and its
/// in-process front ends follow (MPD's `idle`, MPRIS), each case carrying what its JSON
/// event says (the player's changes in the core's own types). ``EventHub/publish(_:)``
/// also writes each as its event to the connections subscribed to its topic, in the wire's
/// words; which event each case is, is said there alone.
enum DaemonChange: Sendable {
    /// The now-playing state (`nowPlaying.changed`).
    case nowPlaying(PlayerNowPlaying)
    /// The queue's entries or its current index (`queue.changed`): where the queue is now,
    /// and how many entries it holds.
    case queue(index: Int?, count: Int)
    /// Which remote commands are enabled, and their settings (`remote.changed`).
    case commands([RemoteCommandState])
    /// The player's output moved, went or came back (`route.changed`), from the sink
    /// `previousSink` to `sink` (`nil`: none, or the server's default).
    case playerRoute(RouteChange, previousSink: String?, sink: String?)
    /// A route change the arbiter tells (`route.changed`): a device gone or come, a stream
    /// moved by the audio server, a sandbox's simulated change.
    case route(RouteChanged)
    /// The library's contents, after a scan or a podcast's change (`library.changed`).
    case library(LibraryScanResult)
    /// A scan's progress (`library.scanProgress`).
    case libraryScanning(LibraryScanProgress)
    /// A podcast was refreshed (`podcast.refreshed`).
    case podcastRefreshed(PodcastRefreshed)
    /// The content limits (`context.changed`).
    case contentLimits(ContentLimitsPayload)
    /// A session opened, changed state or closed (`session.changed`).
    case session(SessionChanged)
    /// A session's gain (`session.gain`).
    case sessionGain(SessionGain)
    /// A session's interruption began or ended (`session.interruption`).
    case interruption(SessionInterruption)
    /// The prompt style (`session.promptStyle`).
    case promptStyle(PromptStyleResult)
    /// The arbiter's advice to a session (`session.advisory`).
    case advisory(SessionAdvisory)
}
