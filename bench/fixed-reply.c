/*
 * The floor of a request round trip: a server that does no work. One thread, one epoll
 * set, and for every request line read one fixed reply written, in the wire format of
 * rondod (a JSON-RPC `nowPlaying.get` reply of a stopped player) or of MPD (its `status`
 * reply with no queue, after its greeting). It costs what any daemon's socket costs here:
 * `epoll_wait`, `read`, `write` and the wake-ups, and nothing else.
 *
 * Usage: fixed-reply SOCKET jsonrpc|mpd
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static const char json_reply[] =
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"info\":{},\"playbackState\":\"stopped\","
    "\"nowPlayingIdentifiers\":[],\"volume\":1}}\n";
static const char mpd_greeting[] = "OK MPD 0.23.5\n";
static const char mpd_reply[] =
    "repeat: 0\nrandom: 0\nsingle: 0\nconsume: 0\npartition: default\nplaylist: 1\n"
    "playlistlength: 0\nmixrampdb: 0\nstate: stop\nOK\n";

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[2], "jsonrpc") && strcmp(argv[2], "mpd"))) {
        fprintf(stderr, "usage: fixed-reply SOCKET jsonrpc|mpd\n");
        return 2;
    }
    int mpd = strcmp(argv[2], "mpd") == 0;
    const char *reply = mpd ? mpd_reply : json_reply;
    size_t reply_length = strlen(reply);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof address.sun_path) {
        fprintf(stderr, "socket path too long: %s\n", argv[1]);
        return 2;
    }
    strcpy(address.sun_path, argv[1]);
    unlink(argv[1]);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, 128)) {
        perror("fixed-reply: cannot listen");
        return 1;
    }
    int poll = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
    epoll_ctl(poll, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event ready[64];
    static char buffer[65536];
    for (;;) {
        int count = epoll_wait(poll, ready, 64, -1);
        for (int index = 0; index < count; index++) {
            int descriptor = ready[index].data.fd;
            if (descriptor == listener) {
                int client = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (client < 0) continue;
                if (mpd && write(client, mpd_greeting, sizeof mpd_greeting - 1) < 0) {
                    close(client);
                    continue;
                }
                event.data.fd = client;
                epoll_ctl(poll, EPOLL_CTL_ADD, client, &event);
                continue;
            }
            ssize_t got = read(descriptor, buffer, sizeof buffer);
            if (got <= 0) {
                close(descriptor);
                continue;
            }
            for (ssize_t at = 0; at < got; at++) {
                if (buffer[at] == '\n' && write(descriptor, reply, reply_length) < 0) break;
            }
        }
    }
}
