/// The SQLite settings in force on the connection that writes the library database.
///
/// Read back from SQLite itself (not from what was asked for), so a check or a
/// `daemon.info`-style report shows what really holds.
public struct ConnectionSettings: Equatable, Sendable {
    /// `PRAGMA journal_mode`: `"wal"` for every database Rondo opens.
    public let journalMode: String
    /// `PRAGMA synchronous`: 1 (`NORMAL`) — in WAL mode a commit survives a crash of the
    /// process; only a power loss may drop the last commits, never corrupt the file.
    public let synchronous: Int
    /// `PRAGMA foreign_keys`: whether references between tables are enforced.
    public let foreignKeys: Bool

    /// Creates settings from their pragma values.
    /// - Parameters:
    ///   - journalMode: the `journal_mode` pragma's value.
    ///   - synchronous: the `synchronous` pragma's numeric value.
    ///   - foreignKeys: the `foreign_keys` pragma's value.
    public init(journalMode: String, synchronous: Int, foreignKeys: Bool) {
        self.journalMode = journalMode
        self.synchronous = synchronous
        self.foreignKeys = foreignKeys
    }
}
