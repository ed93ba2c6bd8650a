#ifndef RONDO_CPULSE_SHIM_H
#define RONDO_CPULSE_SHIM_H
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>

/// Microseconds of the wall clock, as the server stamps its timing reports. In C, so that
/// Swift need not name `struct timeval`, which several modules' headers define.
static inline pa_usec_t rondo_pulse_wall_clock(void) {
    struct timeval now;
    pa_gettimeofday(&now);
    return pa_timeval_load(&now);
}
#endif
