#ifndef RONDO_CFFMPEG_H
#define RONDO_CFFMPEG_H

/* FFmpeg's headers, and its libraries loaded on first use.
 *
 * The programs do not link FFmpeg. libavformat and libavcodec pull in some ninety shared
 * libraries (video codecs, TLS, SVG, …), whose pages cost every process about 15 MiB, while a
 * library of MP3, FLAC and Ogg files never calls them. The FFmpeg functions Rondo calls are
 * defined in ffmpeg_loader.c instead, with the same names and signatures, and forward to
 * FFmpeg's own, looked up once in the libraries `rondo_ffmpeg_load` opens.
 *
 * Those definitions are hidden: they are never exported, so the libraries FFmpeg loads keep
 * calling their own. A function used without a forwarder fails the link
 * ("undefined reference"): add it to ffmpeg_loader.c. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>

/// Opens FFmpeg's libraries, the versions these headers describe, and silences FFmpeg's
/// log (the daemon says what went wrong in its own words). Safe to call from any thread, as
/// often as needed: the work is done once. Returns NULL when FFmpeg is ready, or why it is
/// not (the dynamic loader's message). Call it before any other FFmpeg function.
const char *rondo_ffmpeg_load(void);

/// AVERROR(EAGAIN) and AVERROR_EOF, which are macros Swift cannot import.
static inline int rondo_averror_again(void) { return AVERROR(EAGAIN); }
static inline int rondo_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(EIO), what a read callback answers when its source fails.
static inline int rondo_averror_io(void) { return AVERROR(EIO); }

#endif
