#ifndef RONDO_CCURL_H
#define RONDO_CCURL_H

/* libcurl's header, and libcurl opened on first use.
 *
 * The programs do not link libcurl. It pulls in some thirty shared libraries (OpenSSL,
 * GnuTLS, Kerberos, LDAP, SSH, RTMP, …) whose pages cost the daemon about 5 MiB from its
 * start, while a daemon that plays only files never fetches anything. The libcurl functions
 * Rondo calls are defined in curl_loader.c instead, with the same names and signatures, and
 * forward to libcurl's own, looked up once in the library `rondo_curl_load` opens.
 *
 * Those definitions are hidden: they are never exported, so the libraries libcurl loads keep
 * calling their own. A function used without a forwarder fails the link ("undefined
 * reference"): add it to curl_loader.c. */
#include <curl/curl.h>

/// Opens libcurl and runs its `curl_global_init`. Safe to call from any thread, as often as
/// needed: the work is done once. Returns NULL when libcurl is ready, or why it is not (the
/// dynamic loader's message, or the initialisation's failure). Call it before any other
/// libcurl function.
const char *rondo_curl_load(void);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one
// non-variadic wrapper per argument type, and the macros Swift does not import.

CURLcode rondo_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode rondo_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode rondo_curl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode rondo_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode rondo_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value);
/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which take the same prototype.
CURLcode rondo_curl_set_write_callback(CURL *handle, CURLoption option, curl_write_callback callback);
CURLcode rondo_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode rondo_curl_get_string(CURL *handle, CURLINFO info, char **value);
CURLcode rondo_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

static inline CURLcode rondo_curl_unpause(CURL *handle) { return curl_easy_pause(handle, CURLPAUSE_CONT); }

// What a write callback returns to pause the transfer; the same bytes come again once unpaused.
static inline size_t rondo_curl_write_pause(void) { return CURL_WRITEFUNC_PAUSE; }

static inline size_t rondo_curl_error_size(void) { return CURL_ERROR_SIZE; }

#endif
