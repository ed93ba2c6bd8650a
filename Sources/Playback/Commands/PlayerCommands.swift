/// The player as every front end drives it, below any wire: the queue, the transport, the
/// volume and the output, each refusal a ``PlayerCommandError`` that the front end words
/// its own way. The player's service is the one implementation; a front end (MPD's, and
/// the others as they move onto it) holds it as this and nothing more of the daemon.
public protocol PlayerCommands: Sendable {
    /// The status as last published, readable without waiting for the player.
    var status: PublishedPlayerStatus { get }

    /// The player's clock, Unix seconds: the clock ``PlayerStatus/at`` is on.
    var now: @Sendable () -> Double { get }

    /// The queue's entries, in order.
    func queueEntries() async -> [QueueEntry]

    /// Appends `items` (files, directories, playlists, URLs) to the queue.
    /// - Returns: how many entries were appended.
    func append(_ items: [String]) async throws(PlayerCommandError) -> Int

    /// Empties the queue and stops.
    func clear() async

    /// Removes the entry at `index`.
    func remove(at index: Int) async throws(PlayerCommandError)

    /// Moves the entry at `source` to `destination`.
    func move(from source: Int, to destination: Int) async throws(PlayerCommandError)

    /// Carries out a remote command; answered once the player took it, or with why it
    /// cannot.
    func send(_ command: RemoteCommand) async throws(PlayerCommandError) -> CommandResult

    /// Carries out a remote command; answered once a stream it started plays, or with why
    /// it cannot.
    func sendWaitingForStream(_ command: RemoteCommand) async throws(PlayerCommandError) -> CommandResult

    /// Plays the entry at `index`; answered once a stream it started plays, or with why it
    /// cannot.
    func playIndexWaitingForStream(_ index: Int) async throws(PlayerCommandError)

    /// Appends `items` and plays the one at `offset` among them, as one step: the item
    /// played is this request's, whatever other clients append meanwhile. Answered once its
    /// stream plays.
    /// - Returns: the queue's count just after the append.
    func appendAndPlay(_ items: [String], startingAt offset: Int) async throws(PlayerCommandError) -> Int

    /// Sets whether the current item, once it ends by itself, hands over paused to the one
    /// that follows (``Player/pausesAtItemEnd``).
    func setPausesAtItemEnd(_ on: Bool) async

    /// What the track being decoded decodes to (its rate, channels and bit rate); `nil`
    /// when nothing is loaded. Read without waiting for the player.
    func decodedFormat() -> DecodedFormat?

    /// The source the output plays and how far into it the listener is, as the audio
    /// server reports it; `nil` when nothing plays. Read without waiting for the player.
    func heardPosition() -> (sourceID: UInt64, seconds: Double)?

    /// Sets the priority of the entries `ids` (``Player/setPriority(_:of:)``).
    func setPriority(_ priority: UInt8, of ids: [UInt64]) async

    /// Sets or changes the user volume.
    /// - Returns: the volume now, 0–1.
    func setVolume(_ change: VolumeChange) async throws(PlayerCommandError) -> Double

    /// The outputs the player may use, and which it uses.
    func outputs() async -> OutputList

    /// Moves the player to the output `choice`.
    /// - Returns: the outputs now.
    func setOutput(_ choice: OutputChoice) async throws(PlayerCommandError) -> OutputList

    /// Returns once every change made so far is on disk.
    func written() async
}

extension PlayerCommands {
    /// Where the current entry of `status` is now: what the listener hears of it while the
    /// output plays it, else its published anchor carried forward. The status is published
    /// as the player changes; between changes the output's report keeps it true (a stream
    /// that took a moment to start after its load runs behind the load's anchor).
    public func elapsed(of status: PlayerStatus) -> Double {
        status.elapsed(at: now(), heard: heardPosition())
    }
}
