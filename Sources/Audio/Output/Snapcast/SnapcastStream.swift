/// One playback stream of the Snapcast feed: the engine's music or a prompt, mixed by the
/// ``SnapcastConnection``'s thread at the pace of the rooms' clock.
///
/// Ownership: the channel's state is the connection's, under its lock; this handle's
/// release takes the channel out of the mix.
final class SnapcastStream: PlaybackOutput {
    let format: AudioFormat
    private let channel: SnapcastChannel
    private let connection: SnapcastConnection

    init(channel: SnapcastChannel, connection: SnapcastConnection) {
        format = channel.format
        self.channel = channel
        self.connection = connection
    }

    deinit { connection.remove(channel) }

    var isHealthy: Bool { connection.isAlive }
    var isStarving: Bool { connection.with(channel) { $0.starving } }
    var isDrained: Bool { connection.with(channel) { $0.isDrained } }
    var framesHandedOver: Int { connection.with(channel) { $0.handedOver } }

    /// The feed's thread takes what the ring holds at its next tick, 20 ms at most away.
    func topUp() {}

    func setCorked(_ corked: Bool) { connection.setCorked(channel, corked) }

    func flush() { connection.with(channel) { $0.flush() } }

    func drain() { connection.with(channel) { $0.draining = true } }

    func heardFrames() -> Int {
        let lead = connection.lead
        return connection.with(channel) { $0.heardFrames(lead: lead) }
    }
}
