#ifndef RONDO_CSOUNDTOUCH_SHIM_H
#define RONDO_CSOUNDTOUCH_SHIM_H
#include <SoundTouchDLL.h>

/// Setting IDs from <soundtouch/SoundTouch.h>, a C++ header C cannot include.
enum {
    RONDO_ST_SETTING_USE_QUICKSEEK = 2,
    RONDO_ST_SETTING_SEQUENCE_MS = 3,
    RONDO_ST_SETTING_SEEKWINDOW_MS = 4,
    RONDO_ST_SETTING_OVERLAP_MS = 5,
    RONDO_ST_SETTING_NOMINAL_OUTPUT_SEQUENCE = 7,
};
#endif
