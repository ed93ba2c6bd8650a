import CMalloc

/// The daemon's policy for glibc's heap: how many arenas it keeps, and handing freed pages
/// back to the system after a burst of work.
///
/// glibc gives every thread that allocates its own arena, up to eight per core; the daemon
/// runs a dozen threads (event loops, the cooperative pool, the decode thread, the audio
/// mainloop, the scan and its tag readers, the database's), and memory a scan freed in one
/// arena stays resident there. Two arenas serve a daemon whose threads mostly sleep; after
/// a scan the free pages of every arena are returned at once.
enum ProcessHeap {
    /// Arenas the daemon's threads share.
    static let arenas: Int32 = 2

    /// Caps the number of arenas; call before the daemon starts its threads.
    static func limitArenas() {
        _ = mallopt(M_ARENA_MAX, arenas)
    }

    /// Returns the free pages of every arena to the system (`malloc_trim`).
    static func returnFreePages() {
        _ = malloc_trim(0)
    }
}
