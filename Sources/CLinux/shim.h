/* Linux system interfaces the C library's Swift module leaves out: epoll, eventfd, accept4, and
   the socket constants that come with them. */
#ifndef RONDO_CLINUX_SHIM_H
#define RONDO_CLINUX_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/* <sys/socket.h> declares accept4 only under _GNU_SOURCE, which the C library's module is
   built without. */
extern int accept4(int fd, struct sockaddr *address, socklen_t *address_length, int flags);
#endif
