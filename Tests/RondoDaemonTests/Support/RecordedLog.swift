import Logging
import Synchronization

/// The messages logged through ``logger``, in order, at every level.
final class RecordedLog: Sendable {
    private let messages = Mutex<[String]>([])

    /// A logger that records into this log.
    var logger: Logger {
        Logger(label: "rondod-test") { _ in Handler(log: self) }
    }

    /// Every message so far.
    var all: [String] { messages.withLock { $0 } }

    private func record(_ message: String) { messages.withLock { $0.append(message) } }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { log.record("\(event.message)") }
    }
}
