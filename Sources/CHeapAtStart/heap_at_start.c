#include <malloc.h>

/* Keeps every thread of rondod on the heap's one arena (RondoDaemon's ProcessHeap says why).
   Set before main runs: by the time Swift code runs, the concurrency runtime's first thread
   has allocated, and glibc has given it an arena of its own that keeps its free pages. */
__attribute__((constructor)) static void rondo_one_heap_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}
