import RondoProtocol
import RondoRouting

/// When each method's reply goes out: the daemon's one table of ``ReplyPolicy``, which the
/// router looks up for every request. A method not listed is answered when decided.
///
/// What a client is told about the queue, the modes, the volume and the output survives a
/// `kill -9`, so those are answered once written. `play`, `pause` and `togglePlayPause` are
/// answered once accepted: they change nothing a restart restores but the position (saved
/// within a second while playing anyway) and whether to play (only with `restore_playing`).
/// Reads of the library that show how far listening got wait for the player's earlier writes.
/// `radio.add`, `radio.remove` and the `podcast.*` changes survive a restart too, but their handlers
/// commit to the database themselves before they return, not through the player's writer:
/// once decided, they are written, so they are answered when decided.
enum ReplyPolicies {
    /// The policy of each method that is not answered when decided.
    static let byMethod: [String: ReplyPolicy] = [
        Methods.QueueSet.name: .whenWritten,
        Methods.QueueAppend.name: .whenWritten,
        Methods.QueueRemove.name: .whenWritten,
        Methods.QueueMove.name: .whenWritten,
        Methods.QueueClear.name: .whenWritten,
        Methods.QueuePlayIndex.name: .whenWritten,
        Methods.RemoteSend.name: .whenWritten,
        Methods.RemoteSetEnabled.name: .whenWritten,
        Methods.PlayerSetVolume.name: .whenWritten,
        Methods.PlayerSetOutput.name: .whenWritten,
        Methods.LibraryPlay.name: .whenWritten,
        Methods.PlayerPlayFromSearch.name: .whenWritten,
        Methods.LibraryChildren.name: .afterEarlierWrites,
        Methods.LibraryItem.name: .afterEarlierWrites,
        Methods.LibraryItemForIdentifier.name: .afterEarlierWrites,
        Methods.LibrarySearch.name: .afterEarlierWrites,
        Methods.PodcastEpisodes.name: .afterEarlierWrites,
    ]

    /// The remote commands answered when decided, not written.
    static let remoteCommandsWhenDecided: Set<RemoteCommandName> = [.play, .pause, .togglePlayPause]

    /// The policy of one request.
    @Sendable static func policy(method: String, params: JSONValue?) -> ReplyPolicy {
        if method == Methods.RemoteSend.name, case .string(let name)? = params?["command"],
            let command = RemoteCommandName(rawValue: name), remoteCommandsWhenDecided.contains(command)
        {
            return .whenDecided
        }
        return byMethod[method] ?? .whenDecided
    }
}
