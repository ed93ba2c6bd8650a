#ifndef RONDO_CMALLOC_SHIM_H
#define RONDO_CMALLOC_SHIM_H
#include <malloc.h>
#endif
