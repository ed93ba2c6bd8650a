import Library
import Playback

/// What the player knows of each file and stream it queued, by location: the loader's
/// descriptions, what live streams said of themselves, and which locations were asked of
/// the loader and not yet described. Pure: the player's actor asks the loader for what
/// ``request(_:)`` says to, and hands back what it answers (``take(_:at:)``).
struct TrackDescriptions {
    /// The descriptions known, by location.
    private var known: [String: TrackDescription] = [:]
    /// What each live stream said of itself (its station's name, its song), by location:
    /// laid over its description whenever one arrives, so a description the loader sends
    /// after the stream spoke (or a first one, when the stream spoke first) keeps it.
    private var saidByStreams: [String: [String: String]] = [:]
    /// Locations the loader was asked to describe and has not yet.
    private var describing: Set<String> = []

    /// The description of `location`, when known.
    subscript(location: String) -> TrackDescription? { known[location] }

    /// Whether `location` is described or being described.
    func isKnownOrAsked(_ location: String) -> Bool { known[location] != nil || describing.contains(location) }

    /// Notes that `location` is to be described, unless it is known or asked already.
    /// - Returns: whether the loader must be asked now.
    mutating func request(_ location: String) -> Bool {
        known[location] == nil && describing.insert(location).inserted
    }

    /// Notes that `location` is being described anew (a load describes it itself), and
    /// forgets what was known of it when `forgetting`, so it is read again.
    mutating func redescribe(_ location: String, forgetting: Bool = false) {
        describing.insert(location)
        if forgetting { known.removeValue(forKey: location) }
    }

    /// Keeps `description`, read by someone else than the loader (the library's row of a
    /// track played from it, a station's entry).
    mutating func keep(_ description: TrackDescription, at location: String) {
        known[location] = description
    }

    /// Takes in what the loader described of `location`: an episode's chapters found before
    /// (from a document read only when it plays) stay, and what its stream said lies over it.
    /// - Returns: the description kept.
    mutating func take(_ description: TrackDescription, at location: String) -> TrackDescription {
        var description = description
        describing.remove(location)
        if description.libraryTrack?.episode != nil, description.metadata.chapters.isEmpty,
            let found = known[location]?.metadata.chapters
        {
            description.metadata.chapters = found
        }
        if let said = saidByStreams[location] { description.metadata = description.metadata.said(byStream: said) }
        known[location] = description
        return description
    }

    /// Sets the chapters of `location`'s description.
    /// - Returns: the description changed; `nil` when none is known.
    mutating func setChapters(_ chapters: [Chapter], at location: String) -> TrackDescription? {
        guard known[location] != nil else { return nil }
        known[location]?.metadata.chapters = chapters
        return known[location]
    }

    /// Keeps what the stream at `location` said, and its metadata now (`metadata`, laid over
    /// its description when there is one).
    mutating func streamSaid(_ said: [String: String], at location: String, metadata: TrackMetadata) {
        saidByStreams[location, default: [:]].merge(said) { _, new in new }
        known[location]?.metadata = metadata
    }
}
