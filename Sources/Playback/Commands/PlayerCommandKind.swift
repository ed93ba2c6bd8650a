/// When a front end may answer a command it gave the player.
public enum CommandDurability: Sendable, Equatable {
    /// Once the player has decided it: the state the answer describes is the one every
    /// later command sees; what it changed is written right after.
    case whenDecided
    /// Once what it changed is on disk and the items it queued are described, so what the
    /// client was told survives a `kill -9` and a listing right after shows every title.
    case whenWritten
    /// A read answered once every change handed to the disk before it is written: a read
    /// that shows how far listening got (a client that paused and then browses sees where
    /// it paused).
    case afterEarlierWrites
}

/// What a front end asks of the player, without its arguments, with when its answer may go
/// out (``durability``): the daemon's one table of it, whichever front end the command came
/// through (Rondo's socket, MPD's, the view). Each front end says which kind each of its
/// commands is; none decides a durability of its own.
///
/// The queue, the modes, the volume, the output and what plays survive a restart, so their
/// changes are answered once written. Play and pause are answered once decided: they change
/// nothing a restart restores but the position (saved within a second while playing
/// anyway) and whether to play (only with `restore_playing`).
public enum PlayerCommandKind: Hashable, Sendable {
    /// An edit of the queue: items appended, replaced, removed, moved, shuffled, or all cleared.
    case queueEdit
    /// Playing the queue's entry at an index.
    case playIndex
    /// A remote command.
    case remote(RemoteCommandKind)
    /// A remote command enabled or disabled.
    case setCommandEnabled
    /// The listener's volume.
    case setVolume
    /// The output device.
    case setOutput
    /// A library item played (its container queued).
    case playFromLibrary
    /// What a search finds played.
    case playFromSearch
    /// A read of the library or of the podcasts that shows how far listening got.
    case listeningRead

    /// The remote commands answered once decided.
    private static let transportDecided: Set<RemoteCommandKind> = [.play, .pause, .togglePlayPause]

    /// When the answer to a command of this kind may go out.
    public var durability: CommandDurability {
        switch self {
        case .remote(let command): Self.transportDecided.contains(command) ? .whenDecided : .whenWritten
        case .listeningRead: .afterEarlierWrites
        case .queueEdit, .playIndex, .setCommandEnabled, .setVolume, .setOutput, .playFromLibrary, .playFromSearch: .whenWritten
        }
    }
}
