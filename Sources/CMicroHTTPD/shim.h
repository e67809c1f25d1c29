#ifndef APPNORTH_CMICROHTTPD_SHIM_H
#define APPNORTH_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic: one typed entry point with the options the hub uses. */
static inline struct MHD_Daemon *an_mhd_start(unsigned int flags,
                                              const struct sockaddr *bind_addr,
                                              unsigned int thread_pool_size,
                                              unsigned int connection_timeout_s,
                                              size_t connection_memory_limit,
                                              unsigned int connection_limit,
                                              MHD_AccessHandlerCallback access_cb, void *access_cls,
                                              MHD_RequestCompletedCallback completed_cb, void *completed_cls) {
    uint16_t port = 0;
    if (bind_addr && bind_addr->sa_family == AF_INET) port = ntohs(((const struct sockaddr_in *)bind_addr)->sin_port);
    return MHD_start_daemon(flags, port, NULL, NULL, access_cb, access_cls,
                            MHD_OPTION_SOCK_ADDR, bind_addr,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_s,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed_cb, completed_cls,
                            MHD_OPTION_END);
}
#endif
