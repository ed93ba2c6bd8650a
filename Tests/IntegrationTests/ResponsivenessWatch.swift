import Foundation
import RondoClient
import RondoProtocol
import Synchronization

/// Asks the daemon `daemon.info` ten times a second on a connection and thread of its own,
/// and keeps the longest wait for an answer: whether the daemon kept answering while
/// something else (a stream that cannot be reached) went on.
final class ResponsivenessWatch: Sendable {
    /// The longest answer so far, the start of the call still waiting, whether to go on.
    private let record = Mutex<(slowest: Double, waitingSince: Date?, running: Bool)>((0, nil, true))

    /// Starts asking the daemon at `socketPath`; a connection that fails counts as an
    /// answer that never came.
    init(socketPath: String) {
        Thread { [self] in
            let client = try? RondoClient(socketPath: socketPath)
            while record.withLock({ $0.running }) {
                let asked = Date()
                record.withLock { $0.waitingSince = asked }
                let answered = (try? client?.call(Methods.DaemonInfoMethod.self)) != nil
                let took = answered ? Date().timeIntervalSince(asked) : .infinity
                record.withLock {
                    $0.waitingSince = nil
                    $0.slowest = max($0.slowest, took)
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }.start()
    }

    /// Stops asking; returns the longest wait in seconds, counting a call still unanswered
    /// (infinite when one failed).
    func stop() -> Double {
        record.withLock { record in
            record.running = false
            return max(record.slowest, record.waitingSince.map { Date().timeIntervalSince($0) } ?? 0)
        }
    }
}
