#ifndef RONDO_CSOUNDTOUCH_SHIM_H
#define RONDO_CSOUNDTOUCH_SHIM_H
#include <SoundTouchDLL.h>

/// Setting IDs from <soundtouch/SoundTouch.h>, a C++ header C cannot include: the overlap
/// between processing sequences in ms, and the frames put out per sequence at the current
/// tempo.
enum {
    RONDO_ST_SETTING_OVERLAP_MS = 5,
    RONDO_ST_SETTING_NOMINAL_OUTPUT_SEQUENCE = 7,
};
#endif
