import CMalloc

/// The daemon's use of the C heap: one arena, and free pages handed back after a burst of work.
///
/// glibc gives each thread that contends for the heap an arena of its own and keeps what a
/// thread freed there resident until the top of that arena is free. The daemon's threads
/// (the request loop, the shared pool, the audio client, the scan) would each keep one, with its
/// free pages scattered: 2–3 MiB after a scan, 18 MiB with a queue of 100,000. One arena
/// holds them all (set before `main` by `CHeapAtStart`, linked into `rondod`); small
/// allocations still come from each thread's cache without taking the arena's lock.
enum ProcessHeap {
    /// Returns the free pages of the heap to the system (`malloc_trim`), as after a scan whose
    /// tag readers and writer left their buffers behind.
    static func returnFreePages() {
        _ = malloc_trim(0)
    }
}
