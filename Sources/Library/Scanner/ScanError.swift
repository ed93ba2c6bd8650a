/// Why a scan could not run or finish. Files that cannot be read are not errors: they are
/// listed as problems and the scan goes on.
public enum ScanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The music directory does not exist or is not a directory.
    case musicDirectoryMissing(path: String)
    /// The path asked for is not inside the music directory.
    case outsideMusicDirectory(path: String)
    /// The database could not be read or written; batches committed before it stay.
    case store(StoreError)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .musicDirectoryMissing(let path):
            "the music directory \(path) does not exist or is not a directory;"
                + " create it, or set music_directory in rondo.toml (or --music-dir)"
        case .outsideMusicDirectory(let path):
            "\(path) is not inside the music directory; pass a path inside it, or relative to it"
        case .store(let error):
            "the library could not be updated: \(error)"
        }
    }
}
