#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define STRINGIFY(x) #x
#define SONAME(name, major) "lib" name ".so." STRINGIFY(major)

/* Each function forwarded, with the library it is looked up in. */
#define FORWARDED_FUNCTIONS(X)                                                                     \
    X(avutil, av_channel_layout_compare)                                                           \
    X(avutil, av_channel_layout_copy)                                                              \
    X(avutil, av_channel_layout_default)                                                           \
    X(avutil, av_channel_layout_uninit)                                                            \
    X(avutil, av_dict_free)                                                                        \
    X(avutil, av_dict_get)                                                                         \
    X(avutil, av_dict_set)                                                                         \
    X(avutil, av_frame_alloc)                                                                      \
    X(avutil, av_frame_free)                                                                       \
    X(avutil, av_frame_unref)                                                                      \
    X(avutil, av_free)                                                                             \
    X(avutil, av_freep)                                                                            \
    X(avutil, av_log_set_level)                                                                    \
    X(avutil, av_malloc)                                                                           \
    X(avutil, av_rescale_q)                                                                        \
    X(avutil, av_strerror)                                                                         \
    X(swresample, swr_alloc_set_opts2)                                                             \
    X(swresample, swr_convert)                                                                     \
    X(swresample, swr_free)                                                                        \
    X(swresample, swr_get_out_samples)                                                             \
    X(swresample, swr_init)                                                                        \
    X(swresample, swr_set_matrix)                                                                  \
    X(avcodec, av_packet_alloc)                                                                    \
    X(avcodec, av_packet_free)                                                                     \
    X(avcodec, av_packet_unref)                                                                    \
    X(avcodec, avcodec_alloc_context3)                                                             \
    X(avcodec, avcodec_flush_buffers)                                                              \
    X(avcodec, avcodec_free_context)                                                               \
    X(avcodec, avcodec_open2)                                                                      \
    X(avcodec, avcodec_parameters_to_context)                                                      \
    X(avcodec, avcodec_receive_frame)                                                              \
    X(avcodec, avcodec_send_packet)                                                                \
    X(avformat, av_find_best_stream)                                                               \
    X(avformat, av_find_input_format)                                                              \
    X(avformat, av_read_frame)                                                                     \
    X(avformat, avformat_alloc_context)                                                            \
    X(avformat, avformat_close_input)                                                              \
    X(avformat, avformat_find_stream_info)                                                         \
    X(avformat, avformat_free_context)                                                             \
    X(avformat, avformat_open_input)                                                               \
    X(avformat, avformat_seek_file)                                                                \
    X(avformat, avio_alloc_context)                                                                \
    X(avformat, avio_context_free)

/* The real functions, once loaded. */
static struct {
#define FIELD(library, name) __typeof__(name) *name;
    FORWARDED_FUNCTIONS(FIELD)
#undef FIELD
} real;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* NULL once loaded; otherwise why not. */
static const char *load_failure = "FFmpeg was not loaded";
static char load_failure_text[512];

/* Opens one library for good (its code is called until the process exits). */
static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(load_failure_text, sizeof load_failure_text, "%s", dlerror());
    }
    return handle;
}

static void load(void) {
    /* In dependency order. */
    void *avutil = open_library(SONAME("avutil", LIBAVUTIL_VERSION_MAJOR));
    void *swresample = avutil ? open_library(SONAME("swresample", LIBSWRESAMPLE_VERSION_MAJOR)) : NULL;
    void *avcodec = swresample ? open_library(SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR)) : NULL;
    void *avformat = avcodec ? open_library(SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR)) : NULL;
    if (avformat == NULL) {
        load_failure = load_failure_text;
        return;
    }
#define LOOK_UP(library, name)                                                                     \
    real.name = (__typeof__(name) *)dlsym(library, #name);                                         \
    if (real.name == NULL) {                                                                       \
        snprintf(load_failure_text, sizeof load_failure_text, "FFmpeg has no %s", #name);          \
        load_failure = load_failure_text;                                                          \
        return;                                                                                    \
    }
    FORWARDED_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
    real.av_log_set_level(AV_LOG_QUIET);
    load_failure = NULL;
}

const char *rondo_ffmpeg_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

/* The table, for a forwarder; calling FFmpeg before loading it is a programming error. */
static inline __typeof__(real) *loaded(void) {
    const char *failure = rondo_ffmpeg_load();
    if (failure != NULL) {
        fprintf(stderr, "FFmpeg called but not available: %s\n", failure);
        abort();
    }
    return &real;
}

#pragma GCC visibility push(hidden)

int av_channel_layout_compare(const AVChannelLayout *chl, const AVChannelLayout *chl1) {
    return loaded()->av_channel_layout_compare(chl, chl1);
}
int av_channel_layout_copy(AVChannelLayout *dst, const AVChannelLayout *src) {
    return loaded()->av_channel_layout_copy(dst, src);
}
void av_channel_layout_default(AVChannelLayout *ch_layout, int nb_channels) {
    loaded()->av_channel_layout_default(ch_layout, nb_channels);
}
void av_channel_layout_uninit(AVChannelLayout *channel_layout) { loaded()->av_channel_layout_uninit(channel_layout); }
void av_dict_free(AVDictionary **m) { loaded()->av_dict_free(m); }
AVDictionaryEntry *av_dict_get(const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags) {
    return loaded()->av_dict_get(m, key, prev, flags);
}
int av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags) {
    return loaded()->av_dict_set(pm, key, value, flags);
}
AVFrame *av_frame_alloc(void) { return loaded()->av_frame_alloc(); }
void av_frame_free(AVFrame **frame) { loaded()->av_frame_free(frame); }
void av_frame_unref(AVFrame *frame) { loaded()->av_frame_unref(frame); }
void av_free(void *ptr) { loaded()->av_free(ptr); }
void av_freep(void *ptr) { loaded()->av_freep(ptr); }
void av_log_set_level(int level) { loaded()->av_log_set_level(level); }
void *av_malloc(size_t size) { return loaded()->av_malloc(size); }
int64_t av_rescale_q(int64_t a, AVRational bq, AVRational cq) { return loaded()->av_rescale_q(a, bq, cq); }
int av_strerror(int errnum, char *errbuf, size_t errbuf_size) {
    return loaded()->av_strerror(errnum, errbuf, errbuf_size);
}

int swr_alloc_set_opts2(struct SwrContext **ps, AVChannelLayout *out_ch_layout, enum AVSampleFormat out_sample_fmt,
                        int out_sample_rate, AVChannelLayout *in_ch_layout, enum AVSampleFormat in_sample_fmt,
                        int in_sample_rate, int log_offset, void *log_ctx) {
    return loaded()->swr_alloc_set_opts2(ps, out_ch_layout, out_sample_fmt, out_sample_rate, in_ch_layout,
                                         in_sample_fmt, in_sample_rate, log_offset, log_ctx);
}
int swr_convert(struct SwrContext *s, uint8_t **out, int out_count, const uint8_t **in, int in_count) {
    return loaded()->swr_convert(s, out, out_count, in, in_count);
}
void swr_free(struct SwrContext **s) { loaded()->swr_free(s); }
int swr_get_out_samples(struct SwrContext *s, int in_samples) { return loaded()->swr_get_out_samples(s, in_samples); }
int swr_init(struct SwrContext *s) { return loaded()->swr_init(s); }
int swr_set_matrix(struct SwrContext *s, const double *matrix, int stride) {
    return loaded()->swr_set_matrix(s, matrix, stride);
}

AVPacket *av_packet_alloc(void) { return loaded()->av_packet_alloc(); }
void av_packet_free(AVPacket **pkt) { loaded()->av_packet_free(pkt); }
void av_packet_unref(AVPacket *pkt) { loaded()->av_packet_unref(pkt); }
AVCodecContext *avcodec_alloc_context3(const AVCodec *codec) { return loaded()->avcodec_alloc_context3(codec); }
void avcodec_flush_buffers(AVCodecContext *avctx) { loaded()->avcodec_flush_buffers(avctx); }
void avcodec_free_context(AVCodecContext **avctx) { loaded()->avcodec_free_context(avctx); }
int avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options) {
    return loaded()->avcodec_open2(avctx, codec, options);
}
int avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par) {
    return loaded()->avcodec_parameters_to_context(codec, par);
}
int avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame) { return loaded()->avcodec_receive_frame(avctx, frame); }
int avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt) { return loaded()->avcodec_send_packet(avctx, avpkt); }

int av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream,
                        const AVCodec **decoder_ret, int flags) {
    return loaded()->av_find_best_stream(ic, type, wanted_stream_nb, related_stream, decoder_ret, flags);
}
const AVInputFormat *av_find_input_format(const char *short_name) { return loaded()->av_find_input_format(short_name); }
int av_read_frame(AVFormatContext *s, AVPacket *pkt) { return loaded()->av_read_frame(s, pkt); }
AVFormatContext *avformat_alloc_context(void) { return loaded()->avformat_alloc_context(); }
void avformat_close_input(AVFormatContext **s) { loaded()->avformat_close_input(s); }
int avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) {
    return loaded()->avformat_find_stream_info(ic, options);
}
void avformat_free_context(AVFormatContext *s) { loaded()->avformat_free_context(s); }
int avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options) {
    return loaded()->avformat_open_input(ps, url, fmt, options);
}
int avformat_seek_file(AVFormatContext *s, int stream_index, int64_t min_ts, int64_t ts, int64_t max_ts, int flags) {
    return loaded()->avformat_seek_file(s, stream_index, min_ts, ts, max_ts, flags);
}
AVIOContext *avio_alloc_context(unsigned char *buffer, int buffer_size, int write_flag, void *opaque,
                                int (*read_packet)(void *opaque, uint8_t *buf, int buf_size),
                                int (*write_packet)(void *opaque, uint8_t *buf, int buf_size),
                                int64_t (*seek)(void *opaque, int64_t offset, int whence)) {
    return loaded()->avio_alloc_context(buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek);
}
void avio_context_free(AVIOContext **s) { loaded()->avio_context_free(s); }

#pragma GCC visibility pop
