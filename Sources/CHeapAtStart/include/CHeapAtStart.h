#ifndef RONDO_CHEAPATSTART_H
#define RONDO_CHEAPATSTART_H
/* Nothing to call: linking this module into an executable sets its heap to one arena at
   start (heap_at_start.c). */
#endif
