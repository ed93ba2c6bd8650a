#ifndef RONDO_COPUS_SHIM_H
#define RONDO_COPUS_SHIM_H
#include <opusfile.h>
#endif
