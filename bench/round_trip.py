#!/usr/bin/env python3
"""Round trips of the status request over one Unix-socket connection, one in flight.

Usage: round_trip.py jsonrpc|mpd SOCKET [COUNT=10000] [REPS=3]

jsonrpc sends rondod's `nowPlaying.get` and reads one reply line; mpd reads MPD's
greeting, then sends `status` and reads up to its `OK` line. Both wire formats go through
the same loop, so the client's own cost differs only by what each format takes to frame.
Prints `p50_us P99_us`: the median over REPS runs of COUNT requests each, a warm-up of
200 requests before every run.
"""
import socket
import statistics
import sys
import time

REQUESTS = {'jsonrpc': b'{"jsonrpc":"2.0","id":1,"method":"nowPlaying.get"}\n', 'mpd': b'status\n'}
ENDS = {'jsonrpc': b'\n', 'mpd': b'OK\n'}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def run(connection, request, end, count):
    elapsed = []
    for _ in range(count):
        start = time.perf_counter_ns()
        connection.sendall(request)
        reply = connection.recv(65536)
        while not (reply.endswith(end) or reply.startswith(b'ACK') and reply.endswith(b'\n')):
            more = connection.recv(65536)
            if not more:
                raise ConnectionError('the server closed the connection')
            reply += more
        elapsed.append(time.perf_counter_ns() - start)
        if reply.startswith(b'ACK') or b'"error":' in reply:
            raise RuntimeError(reply.decode())
    return elapsed


def main():
    wire, path = sys.argv[1], sys.argv[2]
    extra = sys.argv[3:]
    count = int(extra[0]) if extra else 10000
    reps = int(extra[1]) if len(extra) > 1 else 3
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    if wire == 'mpd' and not connection.recv(4096).startswith(b'OK MPD'):
        raise RuntimeError('no MPD greeting')
    p50s, p99s = [], []
    for _ in range(reps):
        run(connection, REQUESTS[wire], ENDS[wire], 200)
        elapsed = run(connection, REQUESTS[wire], ENDS[wire], count)
        p50s.append(percentile(elapsed, 0.50) / 1e3)
        p99s.append(percentile(elapsed, 0.99) / 1e3)
    print('%.2f %.2f' % (statistics.median(p50s), statistics.median(p99s)))


if __name__ == '__main__':
    main()
