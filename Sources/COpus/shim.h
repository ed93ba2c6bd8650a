#ifndef RONDO_COPUS_SHIM_H
#define RONDO_COPUS_SHIM_H
#include <opus.h>
#include <opusfile.h>

/* opus_decoder_ctl is variadic, which Swift cannot call: one function per request used. */
static inline int rondo_opus_decoder_set_gain(OpusDecoder *decoder, opus_int32 gain_q8) {
    return opus_decoder_ctl(decoder, OPUS_SET_GAIN(gain_q8));
}
#endif
