#ifndef RONDO_CFLAC_SHIM_H
#define RONDO_CFLAC_SHIM_H
#include <stdio.h>
#include <FLAC/stream_decoder.h>
#endif
