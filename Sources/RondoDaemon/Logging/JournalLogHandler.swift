import Foundation
public import Logging

/// A swift-log handler that writes one line per message to stderr with the sd-daemon
/// priority prefix (`<3>` error … `<7>` debug), which journald turns into a priority.
///
/// Its level is the shared ``LogThreshold`` unless set on the handler itself.
public struct JournalLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let threshold: LogThreshold
    private var ownLevel: Logger.Level?

    /// Creates a handler for `label` that logs at `threshold`'s level.
    public init(label: String, threshold: LogThreshold) {
        self.label = label
        self.threshold = threshold
    }

    /// The least severe level logged: the handler's own when set, else the shared threshold's.
    public var logLevel: Logger.Level {
        get { ownLevel ?? threshold.level }
        set { ownLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        let line = "<\(Self.priority(event.level))>\(event.message)\(details)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The syslog priority of a swift-log level.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }
}
