#!/usr/bin/env python3
"""Many MPD-protocol clients at once against one server: C connections, each sending R
`status` requests back to back (one in flight per connection), from one selector thread.

Usage: bench/mpd_clients.py SOCKET PID [C=100] [R=100] [REPS=5]

Prints, as medians over REPS runs: requests per second, the p50 and p99 latency of a
request (send to whole reply), and the server's CPU per request (every thread of PID,
from /proc/PID/task/*/schedstat, in microseconds).
"""
import glob
import os
import selectors
import socket
import statistics
import sys
import time


def cpu_ns(pid):
    total = 0
    for path in glob.glob('/proc/%d/task/*/schedstat' % pid):
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError):
            pass
    return total


def one_run(path, pid, clients, reqs):
    socks = []
    for _ in range(clients):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
        greeting = b''
        while not greeting.endswith(b'\n'):
            greeting += s.recv(4096)
        if not greeting.startswith(b'OK MPD '):
            raise RuntimeError('bad greeting %r' % greeting)
        s.setblocking(False)
        socks.append(s)
    selector = selectors.DefaultSelector()
    state = {}
    latencies = []
    cpu0 = cpu_ns(pid)
    start = time.perf_counter()
    for s in socks:
        selector.register(s, selectors.EVENT_READ)
        state[s] = [reqs, b'', time.perf_counter_ns()]
        s.send(b'status\n')
    left = len(socks)
    while left:
        for key, _ in selector.select():
            s = key.fileobj
            st = state[s]
            st[1] += s.recv(65536)
            if st[1].startswith(b'ACK'):
                raise RuntimeError(st[1].decode())
            if not st[1].endswith(b'OK\n'):
                continue
            latencies.append(time.perf_counter_ns() - st[2])
            st[0] -= 1
            st[1] = b''
            if st[0]:
                st[2] = time.perf_counter_ns()
                s.send(b'status\n')
            else:
                selector.unregister(s)
                left -= 1
    wall = time.perf_counter() - start
    cpu1 = cpu_ns(pid)
    for s in socks:
        s.close()
    latencies.sort()
    n = clients * reqs
    return dict(rps=n / wall, p50_us=latencies[len(latencies) // 2] / 1e3,
                p99_us=latencies[int(len(latencies) * 0.99)] / 1e3,
                cpu_us_per_req=(cpu1 - cpu0) / n / 1e3)


def main():
    path, pid = sys.argv[1], int(sys.argv[2])
    clients, reqs, reps = ([int(a) for a in sys.argv[3:]] + [100, 100, 5][len(sys.argv) - 3:])[:3]
    one_run(path, pid, clients, 10)
    runs = [one_run(path, pid, clients, reqs) for _ in range(reps)]
    for key in runs[0]:
        print('%s %.2f' % (key, statistics.median(r[key] for r in runs)))


if __name__ == '__main__':
    main()
