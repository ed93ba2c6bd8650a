import CMalloc

/// Hands the heap's free pages back to the system after a burst of work.
///
/// glibc keeps what a thread freed in that thread's arena, resident, until the top of the
/// arena is free; a scan's tag readers and writer leave their buffers scattered across
/// several arenas, so after a scan the free pages of every arena are returned at once
/// (`malloc_trim`).
enum ProcessHeap {
    /// Returns the free pages of every arena to the system.
    static func returnFreePages() {
        _ = malloc_trim(0)
    }
}
