#ifndef RONDO_CCURL_SHIM_H
#define RONDO_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one
// non-variadic wrapper per argument type, and the macros Swift does not import.

static inline CURLcode rondo_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rondo_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rondo_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rondo_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rondo_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which take the same prototype.
static inline CURLcode rondo_curl_set_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode rondo_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rondo_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rondo_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rondo_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode rondo_curl_unpause(CURL *handle) {
    return curl_easy_pause(handle, CURLPAUSE_CONT);
}

// What a write callback returns to pause the transfer; the same bytes come again once unpaused.
static inline size_t rondo_curl_write_pause(void) {
    return CURL_WRITEFUNC_PAUSE;
}

static inline size_t rondo_curl_error_size(void) {
    return CURL_ERROR_SIZE;
}

#endif
