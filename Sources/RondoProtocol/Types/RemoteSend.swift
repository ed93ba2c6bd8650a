/// The names of the remote commands (SPEC §4) that `remote.send` accepts.
public enum RemoteCommandName: String, Codable, Sendable, CaseIterable {
    case play, pause, togglePlayPause, stop, nextTrack, previousTrack
    case changePlaybackPosition, skipForward, skipBackward
}

/// The params of `remote.send`: the command and its own params, side by side.
public struct RemoteSendParams: Codable, Equatable, Sendable {
    public var command: RemoteCommandName
    /// `changePlaybackPosition`: the absolute position in seconds.
    public var positionTime: Double?
    /// `skipForward`/`skipBackward`: the interval in seconds (default: the preferred one).
    public var interval: Double?

    /// Creates params.
    public init(command: RemoteCommandName, positionTime: Double? = nil, interval: Double? = nil) {
        self.command = command
        self.positionTime = positionTime
        self.interval = interval
    }
}

/// The result of `remote.send`: an MPRemoteCommandHandlerStatus name, and why it failed.
public struct RemoteSendResult: Codable, Equatable, Sendable {
    /// `success`, `noSuchContent`, `noActionableNowPlayingItem`, `deviceNotFound` or `commandFailed`.
    public var status: String
    /// Why the command failed, when it did (e.g. `disabled`).
    public var reason: String?

    /// Creates a result.
    public init(status: String, reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}
