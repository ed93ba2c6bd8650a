import Foundation
import Synchronization

/// The engine's connection to its output: the ``AudioServer``'s, taken when a stream is
/// opened, and watched, so that a failure wakes the decode thread between its looks at the
/// ring.
extension PlaybackEngine {
    /// Asks the audio server to wake the decode thread whenever its connection or a stream
    /// on it fails.
    ///
    /// libpulse's thread reports the failure and must not wait for the engine's lock (a
    /// thread holding it may be waiting on libpulse), so it signals without the lock, having
    /// set ``outputFailed`` first: a decode thread about to sleep takes the flag and looks
    /// again instead. Only a failure that lands between that look at the flag and the
    /// sleep itself, a few instructions apart, waits for the next look.
    func watchServerFailures() {
        server.onFailure { [weak self] in
            guard let self else { return }
            outputFailed.store(true, ordering: .releasing)
            condition.signal()
        }
    }

    /// Connects to the audio server unless connected (``AudioServer/connectNow()``).
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server answers.
    public func connect() throws(AudioError) {
        try server.connectNow()
    }

    /// Whether the output failed since the last call; the decode thread asks before it sleeps.
    func takeOutputFailure() -> Bool {
        outputFailed.exchange(false, ordering: .acquiringAndReleasing)
    }
}
