import Glibc

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds how many clients the
/// daemon can serve.
enum OpenFileLimit {
    /// Descriptors kept for the daemon itself: database connections, the audio server,
    /// decoders, prompt files, artwork, the request loop's own.
    static let reserved = 128

    /// Raises the soft limit to the hard limit, as a daemon that serves many clients should
    /// (the soft default of 1024 exists for programs that still use `select`).
    /// - Returns: the soft limit in force afterwards.
    static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        // An unlimited hard limit cannot be the soft one: the kernel caps descriptors at
        // fs.nr_open, 1,048,576 by default.
        let target = limit.rlim_max == rlim_t.max ? rlim_t(1 << 20) : limit.rlim_max
        if limit.rlim_cur < target {
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// How many clients can be served under `softLimit` with ``reserved`` descriptors kept
    /// back, at most `configured`.
    static func clientCap(configured: Int, softLimit: Int) -> Int {
        max(1, min(configured, softLimit - reserved))
    }
}
