/// The params of `queue.get`: a page of the queue.
public struct QueueGetParams: Codable, Equatable, Sendable {
    public var offset: Int?
    public var limit: Int?

    /// Creates params.
    public init(offset: Int? = nil, limit: Int? = nil) {
        self.offset = offset
        self.limit = limit
    }
}

/// One queue item on the wire.
public struct QueueItem: Codable, Equatable, Sendable {
    /// Position in the queue.
    public var position: Int
    /// Where the audio comes from.
    public var assetURL: String
    public var title: String?
    public var artist: String?
    public var albumTitle: String?
    public var playbackDuration: Double?

    /// Creates an item.
    public init(
        position: Int, assetURL: String, title: String? = nil, artist: String? = nil,
        albumTitle: String? = nil, playbackDuration: Double? = nil
    ) {
        self.position = position
        self.assetURL = assetURL
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.playbackDuration = playbackDuration
    }
}

/// The result of `queue.get`.
public struct QueueGetResult: Codable, Equatable, Sendable {
    public var items: [QueueItem]
    /// Index of the current item, `null` when none is current.
    public var index: Int?
    public var count: Int
    public var shuffle: ShuffleTypeName
    public var `repeat`: RepeatTypeName

    /// Creates a result.
    public init(items: [QueueItem], index: Int?, count: Int, shuffle: ShuffleTypeName, repeat: RepeatTypeName) {
        self.items = items
        self.index = index
        self.count = count
        self.shuffle = shuffle
        self.repeat = `repeat`
    }

    /// Encodes `index` as `null` when nothing is current, rather than leaving it out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(index, forKey: .index)
        try container.encode(count, forKey: .count)
        try container.encode(shuffle, forKey: .shuffle)
        try container.encode(`repeat`, forKey: .repeat)
    }

    private enum CodingKeys: String, CodingKey { case items, index, count, shuffle, `repeat` }
}

/// The params of `queue.set` and `queue.append`.
public struct QueueItemsParams: Codable, Equatable, Sendable {
    /// Absolute file or directory paths (directories add their MP3 files, sorted).
    public var items: [String]
    /// `queue.set`: the item to make current; `queue.append` (with `play`): the appended
    /// item to play, 0 by default.
    public var startIndex: Int?
    /// Start playing at once: `queue.set` at `startIndex`, `queue.append` at the appended
    /// item `startIndex`, in the same step as the edit.
    public var play: Bool?

    /// Creates params.
    public init(items: [String], startIndex: Int? = nil, play: Bool? = nil) {
        self.items = items
        self.startIndex = startIndex
        self.play = play
    }
}

/// The result of `queue.set` and `queue.append`: the queue's new length.
public struct QueueCountResult: Codable, Equatable, Sendable {
    public var count: Int

    /// Creates a result.
    public init(count: Int) { self.count = count }
}

/// The params of `queue.remove` and `queue.playIndex`.
public struct QueueIndexParams: Codable, Equatable, Sendable {
    public var index: Int

    /// Creates params.
    public init(index: Int) { self.index = index }
}

/// The params of `queue.move`.
public struct QueueMoveParams: Codable, Equatable, Sendable {
    public var from: Int
    public var to: Int

    /// Creates params.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// The params of the `queue.changed` event.
public struct QueueChanged: Codable, Equatable, Sendable {
    public var index: Int?
    public var count: Int

    /// Creates the event.
    public init(index: Int?, count: Int) {
        self.index = index
        self.count = count
    }
}
