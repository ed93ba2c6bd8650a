/// Why the library database could not be opened, read or written.
///
/// Every description names the file and says what to do, so the daemon can log it as is.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not an SQLite database (or its header is unreadable).
    case notADatabase(path: String)
    /// The file is an SQLite database whose pages are damaged.
    case corrupt(path: String)
    /// The file is an SQLite database that another program made; Rondo leaves it untouched.
    case foreignDatabase(path: String)
    /// A newer Rondo migrated the file: it holds migrations this build does not know.
    case schemaTooNew(path: String, unknownMigrations: [String])
    /// The file or its directory could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// A state handed to ``PlaybackStateStore/save(_:)`` breaks one of its documented rules;
    /// nothing was written.
    case invalidState(String)
    /// Any other SQLite failure, with SQLite's own message.
    case sqlite(path: String, message: String)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not an SQLite database; move it away or pass another file with --database"
        case .corrupt(let path):
            "the database \(path) is damaged; move it away (with its -wal and -shm files) to start afresh"
        case .foreignDatabase(let path):
            "\(path) is a database made by another program; pass a file of Rondo's own with --database"
        case .schemaTooNew(let path, let unknown):
            "the database \(path) was written by a newer Rondo (migrations \(unknown.joined(separator: ", ")));"
                + " upgrade rondod or pass another file with --database"
        case .cannotOpen(let path, let reason):
            "cannot open the database \(path): \(reason); check that its directory exists and is writable"
        case .invalidState(let reason):
            "playback state not saved: \(reason)"
        case .sqlite(let path, let message):
            "the database \(path) failed: \(message)"
        }
    }
}
