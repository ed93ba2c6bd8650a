#ifndef RONDO_CPULSE_SHIM_H
#define RONDO_CPULSE_SHIM_H
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>
#endif
