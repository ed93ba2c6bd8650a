#ifndef RONDO_CFFMPEG_SHIM_H
#define RONDO_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>

/// AVERROR(EAGAIN) and AVERROR_EOF, which are macros Swift cannot import.
static inline int rondo_averror_again(void) { return AVERROR(EAGAIN); }
static inline int rondo_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(EIO), what a read callback answers when its source fails.
static inline int rondo_averror_io(void) { return AVERROR(EIO); }
#endif
