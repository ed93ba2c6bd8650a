import Playback
import PlaybackWire
import RondoProtocol
import RondoRouting

/// When each method's reply goes out: each method that commands the player is the
/// ``PlayerCommandKind`` it is, whose durability the player's one table gives. A method not
/// listed is answered when decided.
///
/// `radio.add`, `radio.remove` and the `podcast.*` changes survive a restart too, but their
/// handlers commit to the database themselves before they return, not through the player's
/// writer: once decided, they are written, so they are answered when decided.
enum ReplyPolicies {
    /// What each method that commands the player (or reads how far listening got) is.
    static let kinds: [String: PlayerCommandKind] = [
        Methods.QueueSet.name: .queueEdit,
        Methods.QueueAppend.name: .queueEdit,
        Methods.QueueRemove.name: .queueEdit,
        Methods.QueueMove.name: .queueEdit,
        Methods.QueueClear.name: .queueEdit,
        Methods.QueuePlayIndex.name: .playIndex,
        Methods.RemoteSetEnabled.name: .setCommandEnabled,
        Methods.PlayerSetVolume.name: .setVolume,
        Methods.PlayerSetOutput.name: .setOutput,
        Methods.LibraryPlay.name: .playFromLibrary,
        Methods.PlayerPlayFromSearch.name: .playFromSearch,
        Methods.LibraryChildren.name: .listeningRead,
        Methods.LibraryItem.name: .listeningRead,
        Methods.LibraryItemForIdentifier.name: .listeningRead,
        Methods.LibrarySearch.name: .listeningRead,
        Methods.PodcastEpisodes.name: .listeningRead,
    ]

    /// What one request is, when it commands the player: `remote.send` is the remote
    /// command its params name (one they do not name is refused, and changes nothing).
    static func kind(method: String, params: JSONValue?) -> PlayerCommandKind? {
        guard method == Methods.RemoteSend.name else { return kinds[method] }
        guard case .string(let name)? = params?["command"], let command = RemoteCommandName(rawValue: name) else { return nil }
        return .remote(RemoteCommandKind(command))
    }

    /// The policy of one request.
    @Sendable static func policy(method: String, params: JSONValue?) -> ReplyPolicy {
        switch kind(method: method, params: params)?.durability {
        case nil, .whenDecided: .whenDecided
        case .whenWritten: .whenWritten
        case .afterEarlierWrites: .afterEarlierWrites
        }
    }
}
