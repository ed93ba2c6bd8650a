import Playback
import RondoMPRIS
import Synchronization

/// Carries the player's news to the MPRIS service: the latest now-playing state and command
/// flags, handed over once the reply of the request that made them is written.
///
/// Handing them over wakes the bus thread, which would otherwise compete with the request's
/// own reply for the CPU. Only the newest value of each is kept, so a hand-over that runs
/// late never sends an older state after a newer one.
///
/// Ownership: the event hub's observer stores; whichever hand-over runs first takes.
final class MPRISFeed: Sendable {
    private let mpris: MPRISService
    private let pending = Mutex<(nowPlaying: PlayerNowPlaying?, commands: [RemoteCommandState]?)>((nil, nil))

    /// A feed into `mpris`.
    init(_ mpris: MPRISService) {
        self.mpris = mpris
    }

    /// Keeps what `change` brings if the MPRIS service shows it, and hands it over after the reply.
    func observe(_ change: DaemonChange) {
        switch change {
        case .nowPlaying(let state):
            pending.withLock { $0.nowPlaying = state }
        case .commands(let commands):
            pending.withLock { $0.commands = commands }
        default:
            return
        }
        AfterReply.run { self.handOver() }
    }

    /// Hands over what is pending, under the lock, so that two hand-overs on two threads
    /// reach the bus thread in the order they took their values.
    private func handOver() {
        pending.withLock { latest in
            if let nowPlaying = latest.nowPlaying { mpris.update(nowPlaying: nowPlaying) }
            if let commands = latest.commands { mpris.update(commands: commands) }
            latest = (nil, nil)
        }
    }
}
