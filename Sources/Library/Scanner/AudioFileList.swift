/// The audio files under a directory as a client queues them: every format the library
/// scans, hidden entries skipped, each directory entered once (a symbolic link back to an
/// ancestor is safe), in path order, by the same walk as a library scan.
public enum AudioFileList {
    /// The audio files under `directory`.
    /// - Parameters:
    ///   - directory: an absolute path to a directory.
    ///   - limit: the most files to take; the walk stops soon after it finds more.
    /// - Returns: the files' paths, or `nil` when there are more than `limit`.
    public static func files(under directory: String, limit: Int) -> [String]? {
        let walk = DirectoryWalker(limit: limit).walk(directory)
        guard !walk.stoppedAtLimit else { return nil }
        return walk.files.filter { $0.kind == .audio }.map(\.path)
    }
}
