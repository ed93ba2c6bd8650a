"""Many clients at once, a subscriber that never reads, and a soak: nothing fails, the
stuck reader is dropped, and memory and descriptors stay flat."""

import socket
import threading
import time

from rig import AudioServer, Client, Daemon, Work, fixture


def clients(settings):
    """N clients at once, 20 requests each, while a subscriber never reads its events."""
    count = 300 if settings.ci else 1000
    work = Work("clients")
    daemon = Daemon(work)
    failures = []
    queued = []
    lock = threading.Lock()
    start = threading.Barrier(count)

    def one(index):
        client = None
        try:
            client = Client(daemon.socket, timeout=30)
            if client.waited_for_queue:
                with lock:
                    queued.append(index)
        except Exception as error:  # every failure is counted, whatever it is
            with lock:
                failures.append(f"{index} connecting: {error!r}")
        # A client that could not connect still meets the others, so that one refusal is
        # counted once and not as every client's broken barrier.
        start.wait(60)
        if client is None:
            return
        try:
            with client:
                for number in range(20):
                    method = ("daemon.info", "nowPlaying.get", "queue.get", "remote.list", "session.list")[number % 5]
                    client.call(method)
        except Exception as error:
            with lock:
                failures.append(f"{index}: {error!r}")

    try:
        stuck = Client(daemon.socket)
        stuck.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stuck.call("events.subscribe", {"topics": ["nowPlaying", "queue", "remote", "session", "route", "context", "library"]})
        rss_before = daemon.rss_kib()
        threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
        for thread in threads:
            thread.start()
        with Client(daemon.socket) as changer:
            for number in range(3000):
                changer.call("queue.set", {"items": [fixture("short-a.mp3")] * (1 + number % 3)})
        for thread in threads:
            thread.join()
        dropped = False
        try:
            stuck.sock.settimeout(5)
            while True:
                if not stuck.sock.recv(65536):
                    dropped = True
                    break
        except (ConnectionError, socket.timeout):
            dropped = True
        rss_after = daemon.rss_kib()
        alive = daemon.alive()
    finally:
        daemon.stop()
        work.close()
    ok = not failures and dropped and alive
    detail = f"; first failure {failures[0]}" if failures else ""
    return ok, (f"{count} clients × 20 requests, {len(failures)} failures, {len(queued)} found the accept "
                f"queue full, non-reading subscriber "
                f"{'dropped' if dropped else 'NOT dropped'}, RSS {rss_before // 1024} → {rss_after // 1024} MiB{detail}"), \
        f"{count} concurrent clients × 20 requests and a subscriber that never reads, during 3,000 queue changes"


def descriptor_kind(target):
    """What kind of descriptor a `/proc/PID/fd` target is: `socket`, `pipe`, the anonymous
    inode or device it names, or `file` for a file of the file system."""
    if target.startswith(("socket:", "pipe:")):
        return target.split(":")[0]
    if target.startswith(("anon_inode:", "/dev/")):
        return target
    return "file"


def soak(settings):
    """Mixed load for a while: RSS, open descriptors and threads sampled every 2 s."""
    from collections import Counter
    seconds = 60 if settings.ci else 600
    work = Work("soak")
    pulse = AudioServer(work)
    samples = []
    stop = threading.Event()
    errors = []

    def commander():
        cycle = [("remote.send", {"command": "changePlaybackRate"}), ("queue.get", None), ("nowPlaying.get", None),
                 ("remote.send", {"command": "skipForward", "interval": 2}), ("remote.send", {"command": "nextTrack"}),
                 ("remote.send", {"command": "play"}), ("library.children", {"indexPath": [0]}), ("session.list", None)]
        number = 0
        while not stop.is_set():
            try:
                with Client(daemon.socket) as client:
                    for _ in range(50):
                        method, params = cycle[number % len(cycle)]
                        number += 1
                        try:
                            client.call(method, params)
                        except Exception as error:
                            if not hasattr(error, "domain"):
                                raise
                        time.sleep(0.02)
            except Exception as error:
                errors.append(repr(error))
                time.sleep(0.1)

    def subscriber():
        with Client(daemon.socket, timeout=1) as client:
            client.call("events.subscribe", {"topics": ["nowPlaying", "queue", "remote", "session"]})
            while not stop.is_set():
                try:
                    client.read_line()
                except socket.timeout:
                    pass

    try:
        daemon = Daemon(work, pulse=pulse)
        with Client(daemon.socket) as client:
            client.call("queue.set", {"items": [fixture("long440.mp3"), fixture("steps.mp3"), fixture("tone440.mp3")],
                                      "play": True})
            client.call("remote.send", {"command": "changeRepeatMode", "repeatType": "all"})
        workers = [threading.Thread(target=commander), threading.Thread(target=subscriber)]
        for worker in workers:
            worker.start()
        end = time.time() + seconds
        while time.time() < end:
            samples.append((daemon.rss_kib(), Counter(descriptor_kind(target) for target in daemon.fd_targets()), daemon.threads()))
            time.sleep(2)
        stop.set()
        for worker in workers:
            worker.join()
        alive = daemon.alive()
        daemon.stop()
    finally:
        stop.set()
        pulse.stop()
        work.close()
    quarter = samples[len(samples) // 4]
    last = samples[-1]
    growth = (last[0] - quarter[0]) / quarter[0] * 100
    # A leaked descriptor stays open; one held for a while (a client's connection, the
    # track playing, the next one opened) is in some samples and not in others. So the
    # descriptors of each kind open in every sample of the second quarter are compared with
    # those open in every sample of the last: a leak made before the last quarter is open
    # all through it. Kinds, not targets: the track playing is a file all through a quarter
    # whichever track it is (by target, a quarter that saw a track change had none, and one
    # that did not had one). (Counting the least number open in each quarter instead took a
    # moment between two tracks, with a client between two connections, for a leak.)
    def held(quarter):
        always = quarter[0][1]
        for sample in quarter[1:]:
            always = always & sample[1]
        return sum(always.values())
    early_floor = held(samples[len(samples) // 4:len(samples) // 2])
    late_floor = held(samples[-(len(samples) // 4):])
    fd_growth = late_floor - early_floor
    ok = alive and growth < 5 and fd_growth <= 0 and len(errors) == 0
    return ok, (f"{seconds} s, RSS {quarter[0] // 1024} → {last[0] // 1024} MiB ({growth:+.1f} % from the 1/4 mark), "
                f"fds open all through {early_floor} → {late_floor} (second and last quarters), "
                f"threads {quarter[2]} → {last[2]}, {len(errors)} client errors"), \
        f"{seconds} s of playback at changing rates with a commanding client and a subscriber"
