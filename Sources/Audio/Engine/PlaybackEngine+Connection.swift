import Foundation
import Synchronization

/// The engine's connection to its output: made on demand, and watched, so that a failure
/// wakes the decode thread between its looks at the ring.
extension PlaybackEngine {
    /// Connects to the output unless connected, so that the next ``load`` finds
    /// it; the way to learn whether a server that went away is back.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server answers.
    public func connect() throws(AudioError) {
        try locked { () throws(AudioError) in
            if connection?.isAlive != true { connection = try connectOutput() }
        }
    }

    /// Connects to the output. A failure of the connection or of its stream wakes the decode
    /// thread, which otherwise looks at them only once a second.
    ///
    /// libpulse's thread reports the failure and must not wait for the engine's lock (a
    /// thread holding it may be waiting on libpulse), so it signals without the lock, having
    /// set ``outputFailed`` first: a decode thread about to sleep takes the flag and looks
    /// again instead. Only a failure that lands between that look at the flag and the
    /// sleep itself, a few instructions apart, waits for the next look.
    func connectOutput() throws(AudioError) -> any OutputConnection {
        let connection = try output.connect()
        connection.onFailure { [weak self] in
            guard let self else { return }
            outputFailed.store(true, ordering: .releasing)
            condition.signal()
        }
        return connection
    }

    /// Whether the output failed since the last call; the decode thread asks before it sleeps.
    func takeOutputFailure() -> Bool {
        outputFailed.exchange(false, ordering: .acquiringAndReleasing)
    }
}
