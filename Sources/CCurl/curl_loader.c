#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The soname of the ABI these headers describe (libcurl 7 and 8 both keep ABI 4). */
#define CURL_SONAME "libcurl.so.4"

/* Each function forwarded. */
#define FORWARDED_FUNCTIONS(X)                                                                     \
    X(curl_global_init)                                                                            \
    X(curl_easy_init)                                                                              \
    X(curl_easy_cleanup)                                                                           \
    X(curl_easy_perform)                                                                           \
    X(curl_easy_pause)                                                                             \
    X(curl_easy_strerror)                                                                          \
    X(curl_easy_setopt)                                                                            \
    X(curl_easy_getinfo)                                                                           \
    X(curl_multi_init)                                                                             \
    X(curl_multi_cleanup)                                                                          \
    X(curl_multi_add_handle)                                                                       \
    X(curl_multi_remove_handle)                                                                    \
    X(curl_multi_perform)                                                                          \
    X(curl_multi_poll)                                                                             \
    X(curl_multi_wakeup)                                                                           \
    X(curl_multi_info_read)                                                                        \
    X(curl_slist_append)                                                                           \
    X(curl_slist_free_all)

/* The real functions, once loaded. */
static struct {
#define FIELD(name) __typeof__(name) *name;
    FORWARDED_FUNCTIONS(FIELD)
#undef FIELD
} real;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* NULL once loaded; otherwise why not. */
static const char *load_failure = "libcurl was not loaded";
static char load_failure_text[512];

static void load(void) {
    /* Opened for good: its code is called until the process exits. */
    void *library = dlopen(CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_failure_text, sizeof load_failure_text, "%s", dlerror());
        load_failure = load_failure_text;
        return;
    }
#define LOOK_UP(name)                                                                              \
    real.name = (__typeof__(name) *)dlsym(library, #name);                                         \
    if (real.name == NULL) {                                                                       \
        snprintf(load_failure_text, sizeof load_failure_text, "libcurl has no %s", #name);         \
        load_failure = load_failure_text;                                                          \
        return;                                                                                    \
    }
    FORWARDED_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
    CURLcode initialised = real.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (initialised != CURLE_OK) {
        snprintf(load_failure_text, sizeof load_failure_text, "its curl_global_init failed (code %d)",
                 (int)initialised);
        load_failure = load_failure_text;
        return;
    }
    load_failure = NULL;
}

const char *rondo_curl_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

/* The table, for a forwarder; calling libcurl before loading it is a programming error. */
static inline __typeof__(real) *loaded(void) {
    const char *failure = rondo_curl_load();
    if (failure != NULL) {
        fprintf(stderr, "libcurl called but not available: %s\n", failure);
        abort();
    }
    return &real;
}

CURLcode rondo_curl_set_long(CURL *handle, CURLoption option, long value) {
    return loaded()->curl_easy_setopt(handle, option, value);
}
CURLcode rondo_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return loaded()->curl_easy_setopt(handle, option, value);
}
CURLcode rondo_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return loaded()->curl_easy_setopt(handle, option, value);
}
CURLcode rondo_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return loaded()->curl_easy_setopt(handle, option, value);
}
CURLcode rondo_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return loaded()->curl_easy_setopt(handle, option, value);
}
CURLcode rondo_curl_set_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    return loaded()->curl_easy_setopt(handle, option, callback);
}
CURLcode rondo_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return loaded()->curl_easy_getinfo(handle, info, value);
}
CURLcode rondo_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return loaded()->curl_easy_getinfo(handle, info, value);
}
CURLcode rondo_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return loaded()->curl_easy_getinfo(handle, info, value);
}

#pragma GCC visibility push(hidden)

CURLcode curl_global_init(long flags) { return loaded()->curl_global_init(flags); }
CURL *curl_easy_init(void) { return loaded()->curl_easy_init(); }
void curl_easy_cleanup(CURL *curl) { loaded()->curl_easy_cleanup(curl); }
CURLcode curl_easy_perform(CURL *curl) { return loaded()->curl_easy_perform(curl); }
CURLcode curl_easy_pause(CURL *handle, int bitmask) { return loaded()->curl_easy_pause(handle, bitmask); }
const char *curl_easy_strerror(CURLcode code) { return loaded()->curl_easy_strerror(code); }
CURLM *curl_multi_init(void) { return loaded()->curl_multi_init(); }
CURLMcode curl_multi_cleanup(CURLM *multi_handle) { return loaded()->curl_multi_cleanup(multi_handle); }
CURLMcode curl_multi_add_handle(CURLM *multi_handle, CURL *curl_handle) {
    return loaded()->curl_multi_add_handle(multi_handle, curl_handle);
}
CURLMcode curl_multi_remove_handle(CURLM *multi_handle, CURL *curl_handle) {
    return loaded()->curl_multi_remove_handle(multi_handle, curl_handle);
}
CURLMcode curl_multi_perform(CURLM *multi_handle, int *running_handles) {
    return loaded()->curl_multi_perform(multi_handle, running_handles);
}
CURLMcode curl_multi_poll(CURLM *multi_handle, struct curl_waitfd extra_fds[], unsigned int extra_nfds, int timeout_ms,
                          int *ret) {
    return loaded()->curl_multi_poll(multi_handle, extra_fds, extra_nfds, timeout_ms, ret);
}
CURLMcode curl_multi_wakeup(CURLM *multi_handle) { return loaded()->curl_multi_wakeup(multi_handle); }
CURLMsg *curl_multi_info_read(CURLM *multi_handle, int *msgs_in_queue) {
    return loaded()->curl_multi_info_read(multi_handle, msgs_in_queue);
}
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *data) {
    return loaded()->curl_slist_append(list, data);
}
void curl_slist_free_all(struct curl_slist *list) { loaded()->curl_slist_free_all(list); }

#pragma GCC visibility pop
