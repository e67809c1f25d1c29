#ifndef APPNORTH_CCURL_SHIM_H
#define APPNORTH_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic: typed wrappers. */
typedef size_t (*an_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode an_curl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode an_curl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode an_curl_easy_setopt_str(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode an_curl_easy_setopt_ptr(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode an_curl_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode an_curl_easy_setopt_datacb(CURL *h, CURLoption o, an_curl_data_cb v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode an_curl_easy_setopt_sockoptcb(CURL *h, curl_sockopt_callback v) { return curl_easy_setopt(h, CURLOPT_SOCKOPTFUNCTION, v); }
static inline CURLcode an_curl_easy_setopt_closesocketcb(CURL *h, curl_closesocket_callback v) { return curl_easy_setopt(h, CURLOPT_CLOSESOCKETFUNCTION, v); }
static inline CURLcode an_curl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode an_curl_easy_getinfo_double(CURL *h, CURLINFO i, double *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode an_curl_easy_getinfo_str(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode an_curl_easy_getinfo_ptr(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode an_curl_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode an_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
static inline curl_version_info_data *an_curl_version_info(void) { return curl_version_info(CURLVERSION_NOW); }
/* Macros Swift does not import. */
static inline long an_curl_global_all(void) { return CURL_GLOBAL_ALL; }
static inline size_t an_curl_error_size(void) { return CURL_ERROR_SIZE; }
/* CURLOPT_USE_SSL values: an enum in older curl headers, long macros in newer ones; a long either way. */
static inline long an_curl_usessl_all(void) { return (long)CURLUSESSL_ALL; }
static inline long an_curl_usessl_none(void) { return (long)CURLUSESSL_NONE; }
#endif
