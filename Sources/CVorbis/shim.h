#ifndef RONDO_CVORBIS_SHIM_H
#define RONDO_CVORBIS_SHIM_H
#include <stdio.h>
/* The static default callbacks vorbisfile.h defines are unused: files are opened by FILE *. */
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <vorbis/vorbisfile.h>
#endif
