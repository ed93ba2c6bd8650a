public import Logging
import Synchronization

/// The daemon's log threshold, shared by every ``JournalLogHandler`` so that a reload
/// (SIGHUP) changes it for every logger at once.
///
/// Ownership: the level is an atomic; any thread reads it, the reload sets it.
public final class LogThreshold: Sendable {
    private let rank: Atomic<Int>

    /// A threshold at `level`.
    public init(_ level: Logger.Level) {
        rank = Atomic(Self.levels.firstIndex(of: level) ?? 0)
    }

    /// The least severe level that is logged.
    public var level: Logger.Level {
        get { Self.levels[rank.load(ordering: .relaxed)] }
        set { rank.store(Self.levels.firstIndex(of: newValue) ?? 0, ordering: .relaxed) }
    }

    private static let levels = Logger.Level.allCases
}
