import Playback
import PlaybackWire
import RondoProtocol

// The wire's payloads built from the player's values (the names of its values are PlaybackWire's).

extension QueueGetResult {
    /// The wire's page of the queue.
    init(_ page: QueuePage) {
        self.init(
            items: page.entries.map {
                QueueItem(
                    position: $0.position, assetURL: $0.assetURL, title: $0.title, artist: $0.artist, albumTitle: $0.albumTitle,
                    playbackDuration: $0.duration)
            }, index: page.index, count: page.count, shuffle: ShuffleTypeName(page.shuffle), repeat: RepeatTypeName(page.repeatMode))
    }
}

extension PlayerOutputs {
    /// The wire's list of outputs.
    init(_ list: OutputList) {
        self.init(
            outputs: list.outputs.map { OutputInfo(name: $0.name, description: $0.description, isDefault: $0.isDefault, inUse: $0.inUse) },
            pinned: list.pinned)
    }
}

extension VolumeChange {
    /// The change `player.setVolume` asks for.
    /// - Throws: `badParam` unless exactly one of `volume` and `change` is given.
    init(_ params: PlayerSetVolumeParams) throws(RPCError) {
        switch (params.volume, params.change) {
        case (let level?, nil): self = .to(level)
        case (nil, let step?): self = .by(step)
        default: throw RPCError(.badParam, "give either volume (0 to 1) or change (-1 to 1), not both")
        }
    }
}

extension ChaptersResult {
    /// The wire's list of chapters.
    init(_ list: ChapterList) {
        self.init(
            chapters: list.chapters.map { ChapterPayload(index: $0.index, title: $0.title, start: $0.start, duration: $0.duration) },
            current: list.current)
    }
}

extension ChapterMove {
    /// The move `player.chapter` asks for.
    /// - Throws: `badParam` for neither or both of index and step.
    init(_ params: ChapterParams) throws(RPCError) {
        switch (params.index, params.step) {
        case (let index?, nil): self = .to(index)
        case (nil, .next?): self = .next
        case (nil, .previous?): self = .previous
        default: throw RPCError(.badParam, "give either index (a chapter's number, from 0) or step (next or previous)")
        }
    }
}

extension SleepRequest {
    /// What `player.sleep` asks for.
    /// - Throws: `badParam` unless exactly one of minutes, `endOfItem: true` and `off: true` is given.
    init(_ params: PlayerSleepParams) throws(RPCError) {
        switch (params.minutes, params.endOfItem, params.off) {
        case (let minutes?, nil, nil): self = .minutes(minutes)
        case (nil, true, nil): self = .endOfItem
        case (nil, nil, true): self = .off
        default: throw RPCError(.badParam, "give one of minutes, endOfItem: true or off: true")
        }
    }
}

extension RemoteSendResult {
    /// The wire's answer to a remote command.
    init(_ result: CommandResult) {
        self.init(status: RemoteCommandStatus(result.status), reason: result.reason.map(CommandFailureReasonName.init))
    }
}
