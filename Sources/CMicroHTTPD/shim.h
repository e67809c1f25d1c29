#ifndef APPNORTH_CMICROHTTPD_SHIM_H
#define APPNORTH_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <microhttpd.h>

/* Called with the raw request target (path and query, still percent-encoded) before MHD
   rewrites it; its return value becomes the request's `con_cls`. */
typedef void *(*an_mhd_uri_log_cb)(void *cls, const char *uri, struct MHD_Connection *connection);

/* MHD_start_daemon is variadic: one typed entry point with the options the hub uses.
   `uri_log_cb`, `accept_cb` and `connection_cb` may be NULL. */
static inline struct MHD_Daemon *an_mhd_start(unsigned int flags,
                                              const struct sockaddr *bind_addr,
                                              unsigned int thread_pool_size,
                                              unsigned int connection_timeout_s,
                                              size_t connection_memory_limit,
                                              unsigned int connection_limit,
                                              MHD_AccessHandlerCallback access_cb, void *access_cls,
                                              MHD_RequestCompletedCallback completed_cb, void *completed_cls,
                                              an_mhd_uri_log_cb uri_log_cb, void *uri_log_cls,
                                              MHD_AcceptPolicyCallback accept_cb, void *accept_cls,
                                              MHD_NotifyConnectionCallback connection_cb, void *connection_cls) {
    uint16_t port = 0;
    if (bind_addr && bind_addr->sa_family == AF_INET) port = ntohs(((const struct sockaddr_in *)bind_addr)->sin_port);
    if (thread_pool_size < 2) thread_pool_size = 0;
    return MHD_start_daemon(flags, port, accept_cb, accept_cls, access_cb, access_cls,
                            MHD_OPTION_SOCK_ADDR, bind_addr,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_s,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed_cb, completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log_cb, uri_log_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_cb, connection_cls,
                            MHD_OPTION_END);
}

/* The port the daemon's listening socket is bound to (0 if unknown). */
static inline uint16_t an_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* Writes a socket address's IP as text into `buf`; returns 0 on success, -1 otherwise. */
static inline int an_sockaddr_text(const struct sockaddr *sa, char *buf, size_t len) {
    const void *src;
    if (!sa) return -1;
    if (sa->sa_family == AF_INET) src = &((const struct sockaddr_in *)sa)->sin_addr;
    else if (sa->sa_family == AF_INET6) src = &((const struct sockaddr_in6 *)sa)->sin6_addr;
    else return -1;
    return inet_ntop(sa->sa_family, src, buf, (socklen_t)len) ? 0 : -1;
}

/* The connection's socket, or -1. Only meaningful while the connection is open: the
   NOTIFY_CLOSED callback runs before libmicrohttpd closes it. */
static inline int an_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* The pointer stored in the connection's socket context by the notify-connection
   callback, or NULL. */
static inline void *an_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* Writes the client's address as text into `buf`; returns 0 on success, -1 otherwise. */
static inline int an_mhd_client_address(struct MHD_Connection *connection, char *buf, size_t len) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return -1;
    return an_sockaddr_text(info->client_addr, buf, len);
}
#endif
