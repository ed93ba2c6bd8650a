import Glibc

/// Opens a regular file as a C `FILE *` for the C decoders that read through stdio.
enum CFile {
    /// Opens `path` with ``RegularFile`` (so a pipe or a device never blocks) for reading.
    /// - Returns: the stream, which the caller (or the library it is handed to) closes.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it cannot be opened.
    static func open(_ path: String) throws(AudioError) -> UnsafeMutablePointer<FILE> {
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw .decodeFailed(path, reason: error.reason)
        }
        guard let file = fdopen(descriptor, "rb") else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .decodeFailed(path, reason: reason)
        }
        return file
    }
}
