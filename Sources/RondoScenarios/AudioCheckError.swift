/// Why `--audio` could not play a tone or record the monitor.
struct AudioCheckError: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    let description: String

    /// An error saying `description`.
    /// - Parameter description: what went wrong and what to do about it.
    init(_ description: String) {
        self.description = description
    }
}
