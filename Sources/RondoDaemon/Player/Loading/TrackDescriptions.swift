import Library
import Playback

/// What the player knows of each file and stream it queued, by location: the loader's
/// descriptions, what live streams said of themselves, and which locations were asked of
/// the loader and not yet described. Pure: the player's actor asks the loader for what
/// ``request(_:)`` says to, and hands back what it answers (``take(_:at:keeping:)``).
///
/// A cache, bounded: past ``capacity`` descriptions the oldest are let go (those `keeping`
/// names, the current entry's and the next's, stay), and read again when asked for. A queue
/// of 100,000 files costs the descriptions of the few thousand last shown, not of every
/// file ever queued (a kilobyte each). Each is kept boxed, so a slot of the table costs a
/// reference and not the description's own size.
struct TrackDescriptions {
    /// How many descriptions are kept; a quarter more may gather before the oldest go.
    static let capacity = 4_096

    /// A description, shared by reference.
    private final class Described: Sendable {
        let description: TrackDescription
        init(_ description: TrackDescription) { self.description = description }
    }

    /// The descriptions known, by location.
    private var known: [String: Described] = [:]
    /// The locations of ``known``, in the order they were first kept.
    private var order: [String] = []
    /// What each live stream said of itself (its station's name, its song), by location:
    /// laid over its description whenever one arrives, so a description the loader sends
    /// after the stream spoke (or a first one, when the stream spoke first) keeps it.
    private var saidByStreams: [String: [String: String]] = [:]
    /// Locations the loader was asked to describe and has not yet.
    private var describing: Set<String> = []

    /// The description of `location`, when known.
    subscript(location: String) -> TrackDescription? { known[location]?.description }

    /// How many descriptions are kept.
    var count: Int { known.count }

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
        if forgetting, known.removeValue(forKey: location) != nil { order.removeAll { $0 == location } }
    }

    /// Keeps `description`, read by someone else than the loader (the library's row of a
    /// track played from it, a station's entry), letting the oldest go past the capacity
    /// but those of `pinned`.
    mutating func keep(_ description: TrackDescription, at location: String, keeping pinned: Set<String> = []) {
        if known.updateValue(Described(description), forKey: location) == nil { order.append(location) }
        guard known.count > Self.capacity + Self.capacity / 4 else { return }
        let kept = Set(order.suffix(Self.capacity)).union(pinned)
        known = known.filter { kept.contains($0.key) }
        order = order.filter { known[$0] != nil }
    }

    /// Takes in what the loader described of `location`: an episode's chapters found before
    /// (from a document read only when it plays) stay, and what its stream said lies over it.
    /// The oldest go past the capacity, but those of `pinned`.
    /// - Returns: the description kept.
    mutating func take(_ description: TrackDescription, at location: String, keeping pinned: Set<String> = []) -> TrackDescription {
        var description = description
        describing.remove(location)
        if description.libraryTrack?.episode != nil, description.metadata.chapters.isEmpty,
            let found = known[location]?.description.metadata.chapters
        {
            description.metadata.chapters = found
        }
        if let said = saidByStreams[location] { description.metadata = description.metadata.said(byStream: said) }
        keep(description, at: location, keeping: pinned)
        return description
    }

    /// Sets the chapters of `location`'s description.
    /// - Returns: the description changed; `nil` when none is known.
    mutating func setChapters(_ chapters: [Chapter], at location: String) -> TrackDescription? {
        guard var description = known[location]?.description else { return nil }
        description.metadata.chapters = chapters
        known[location] = Described(description)
        return description
    }

    /// Keeps what the stream at `location` said, and its metadata now (`metadata`, laid over
    /// its description when there is one).
    mutating func streamSaid(_ said: [String: String], at location: String, metadata: TrackMetadata) {
        saidByStreams[location, default: [:]].merge(said) { _, new in new }
        guard var description = known[location]?.description else { return }
        description.metadata = metadata
        known[location] = Described(description)
    }
}
