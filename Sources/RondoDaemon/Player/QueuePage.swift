import Playback

/// A page of the queue as the player shows it to every front end: its entries with what is
/// known of them, where playing stands, and the modes.
struct QueuePage: Sendable, Equatable {
    /// One entry of the queue.
    struct Entry: Sendable, Equatable {
        /// Its place in the queue, from 0.
        var position: Int
        /// Its address: a stream's URL, or a file's `file://` URL.
        var assetURL: String
        /// Its title, when known.
        var title: String?
        /// Its artist, when known.
        var artist: String?
        /// Its album's title, when known.
        var albumTitle: String?
        /// Its length in seconds, when known.
        var duration: Double?
        /// The file or stream it plays, as queued.
        var location: String
        /// Whether the player has described it (else it shows only its address).
        var isDescribed: Bool
    }

    /// The entries of the page, in order.
    var entries: [Entry]
    /// The current entry's place in the queue, if there is one.
    var index: Int?
    /// How many entries the whole queue holds.
    var count: Int
    /// The shuffle mode.
    var shuffle: ShuffleMode
    /// The repeat mode.
    var repeatMode: RepeatMode
}
