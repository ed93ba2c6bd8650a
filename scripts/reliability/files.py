"""Files that are not what they seem and disks that fail: special files in the queue and the
library, damaged databases, two daemons at once, a full disk under the database."""

import json
import os
import random
import shutil
import sqlite3
import subprocess
import time

from rig import Client, Daemon, RPCError, Work, fixture


def timed(client, method, params=None, limit=2.0):
    """Calls method; returns (answered within limit, error domain or None)."""
    start = time.time()
    try:
        client.call(method, params)
        domain = None
    except RPCError as error:
        domain = error.domain or error.code
    return time.time() - start <= limit, domain


NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

PROBE = """
import json, socket, sys
sock = socket.socket(socket.AF_UNIX); sock.settimeout(20); sock.connect(sys.argv[1])
stream = sock.makefile("rwb")
def call(n, method, params):
    stream.write(json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}).encode() + b"\\n")
    stream.flush()
    return json.loads(stream.readline())
call(1, "queue.append", {"items": [sys.argv[2]]})
call(2, "library.scan", {})
problems = call(3, "library.problems", {})["result"]
print(json.dumps({"problems": [p["path"] for p in problems]}))
"""


def unreadable_as_nobody(work, music):
    """Root reads every file: a daemon and a client run as nobody see an unreadable one
    listed by a scan (queuing it is accepted; playing skips it, as any undecodable file)."""
    subprocess.run(["chown", "-R", "65534:65534", work.path], check=True)
    os.chmod(work.path, 0o755)
    daemon = Daemon(work, name="nobody", music=music, wrapper=NOBODY, wait=False)
    try:
        for _ in range(200):
            if os.path.exists(daemon.socket):
                break
            time.sleep(0.025)
        run = subprocess.run([*NOBODY, "/usr/bin/python3", "-c", PROBE, daemon.socket,
                              os.path.join(music, "unreadable.mp3")], capture_output=True, text=True, timeout=30)
    finally:
        daemon.stop()
    if run.returncode != 0:
        raise RuntimeError(f"the probe as uid 65534 failed: {run.stderr.strip()[-500:]}")
    return any(p.endswith("unreadable.mp3") for p in json.loads(run.stdout)["problems"])


def bad_files(settings):
    """A FIFO, devices, a deleted and an unreadable file, queued and in a scanned library."""
    work = Work("badfiles")
    music = work.sub("music")
    os.makedirs(music)
    shutil.copy(fixture("short-a.mp3"), os.path.join(music, "good.mp3"))
    os.mkfifo(os.path.join(music, "fifo.mp3"))
    os.symlink("/dev/zero", os.path.join(music, "zero.mp3"))
    os.symlink("/dev/null", os.path.join(music, "null.mp3"))
    shutil.copy(fixture("short-b.mp3"), os.path.join(music, "deleted.mp3"))
    shutil.copy(fixture("short-b.mp3"), os.path.join(music, "unreadable.mp3"))
    os.chmod(os.path.join(music, "unreadable.mp3"), 0)
    daemon = Daemon(work, music=music)
    slow = 0
    refusals = {}
    try:
        with Client(daemon.socket) as client:
            client.call("queue.set", {"items": [os.path.join(music, "good.mp3"), os.path.join(music, "deleted.mp3")]})
            os.remove(os.path.join(music, "deleted.mp3"))
            for name in ("fifo.mp3", "zero.mp3", "null.mp3", "deleted.mp3"):
                answered, domain = timed(client, "queue.append", {"items": [os.path.join(music, name)]})
                slow += not answered
                refusals[name] = domain
            for method, params in (("queue.get", None), ("nowPlaying.get", None), ("remote.send", {"command": "play"}),
                                   ("remote.send", {"command": "nextTrack"}), ("queue.get", None), ("nowPlaying.get", None)):
                slow += not timed(client, method, params)[0]
            answered, _ = timed(client, "library.scan", {}, limit=20)
            slow += not answered
            problems = {os.path.basename(p["path"]): p["reason"] for p in client.call("library.problems")}
            answered, domain = timed(client, "prompt.play", {"file": os.path.join(music, "fifo.mp3")})
            slow += not answered
            lingering = [s for s in client.call("session.list") if s["name"] == "prompt"]
        alive = daemon.alive()
        daemon.stop()
        if os.geteuid() == 0:
            unreadable_listed = unreadable_as_nobody(work, music)
        else:
            unreadable_listed = "unreadable.mp3" in problems
    finally:
        daemon.stop()
        subprocess.run(["chmod", "-R", "u+rwX", work.path])
        work.close()
    listed = {"fifo.mp3", "zero.mp3", "null.mp3"} <= set(problems) and unreadable_listed
    ok = alive and slow == 0 and listed and not lingering and all(refusals.values())
    return ok, (f"{slow} slow or missing answers; refused when queued: "
                f"{', '.join(f'{k} ({v})' for k, v in refusals.items())}; listed as problems: "
                f"{', '.join(sorted(problems))}{', unreadable.mp3 (as uid 65534)' if os.geteuid() == 0 and unreadable_listed else ''}; "
                f"{len(lingering)} prompt sessions left"), \
        "a FIFO, /dev/zero and /dev/null under .mp3 names, a deleted and an unreadable file, queued, played over and scanned"


def damage(kind, path, rng):
    data = open(path, "rb").read()
    if kind == "truncated":
        data = data[:len(data) // 2]
    elif kind == "middle":
        data = bytearray(data)
        start = (len(data) // 4096 // 2) * 4096
        for offset in range(start, min(len(data), start + 3 * 4096)):
            data[offset] = rng.randrange(256)
        data = bytes(data)
    elif kind == "foreign":
        os.remove(path)
        connection = sqlite3.connect(path)
        connection.execute("CREATE TABLE songs (id INTEGER PRIMARY KEY, title TEXT)")
        connection.commit()
        connection.close()
        return open(path, "rb").read()
    else:
        data = b"these are my notes\n" * 300
    open(path, "wb").write(data)
    return data


def databases(settings):
    """Each kind of damage: the daemon starts, moves the file aside intact, rebuilds the
    library and keeps state in the new file."""
    rng = random.Random(settings.seed)
    results = []
    for kind in ("truncated", "middle", "foreign", "text"):
        work = Work(f"db-{kind}")
        music = work.sub("music")
        os.makedirs(music)
        shutil.copy(fixture("short-a.mp3"), os.path.join(music, "a.mp3"))
        try:
            daemon = Daemon(work, music=music)
            with Client(daemon.socket) as client:
                client.call("library.scan", {})
                client.call("queue.set", {"items": [os.path.join(music, "a.mp3")] * 40})
            daemon.stop()
            damaged = damage(kind, daemon.database, rng)
            daemon = Daemon(work, music=music, database=daemon.database)
            with Client(daemon.socket) as client:
                moved = client.call("daemon.info").get("damagedDatabase") or {}
                kept = bool(moved) and open(moved["movedTo"], "rb").read() == damaged
                rebuilt = False
                for _ in range(100):
                    if client.call("library.stats")["tracks"] == 1:
                        rebuilt = True
                        break
                    time.sleep(0.05)
                client.call("queue.set", {"items": [os.path.join(music, "a.mp3")] * 3})
            daemon.stop()
            daemon = Daemon(work, music=music, database=daemon.database)
            with Client(daemon.socket) as client:
                persists = client.call("queue.get")["count"] == 3
            daemon.stop()
            results.append((kind, kept, rebuilt, persists))
        finally:
            work.close()
    ok = all(all(result[1:]) for result in results)
    return ok, "; ".join(f"{k}: {'moved aside intact' if m else 'NOT moved aside'}, "
                         f"{'library rebuilt' if r else 'library NOT rebuilt'}, {'state kept' if p else 'state LOST'}"
                         for k, m, r, p in results), \
        "a truncated file, random bytes over pages in the middle, another program's SQLite file, a text file"


def two_daemons(settings):
    """A second daemon on the same socket, then on the same database."""
    work = Work("two")
    first = Daemon(work)
    try:
        same_socket = Daemon(work, name="second", socket_path=first.socket, wait=False)
        socket_status = same_socket.process.wait(10)
        same_db = Daemon(work, name="third", database=first.database, wait=False)
        db_status = same_db.process.wait(10)
        with Client(first.socket) as client:
            still = client.call("daemon.info")["pid"] == first.pid
        names_pid = f"process {first.pid}" in same_socket.log_text() and f"process {first.pid}" in same_db.log_text()
    finally:
        first.stop()
        work.close()
    ok = socket_status == 75 and db_status == 75 and still and names_pid
    return ok, (f"same socket: exit {socket_status}, same database: exit {db_status}, "
                f"holder named: {names_pid}, first still answers: {still}"), \
        "a second rondod on the first one's socket, a third on its database"


def full_disk(settings):
    """A 4 MiB tmpfs holding the database, filled to the brim, then freed."""
    if os.geteuid() != 0:
        return None, "SKIP: mounting a tmpfs needs root", "a full disk under the database"
    work = Work("fulldisk")
    disk = work.sub("disk")
    os.makedirs(disk)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", disk], check=True)
    errors = 0
    answered = 0
    try:
        daemon = Daemon(work, database=os.path.join(disk, "library.sqlite"))
        with Client(daemon.socket) as client:
            client.call("queue.set", {"items": [fixture("short-a.mp3")] * 10})
            filler = os.path.join(disk, "filler")
            with open(filler, "wb") as out:
                try:
                    while True:
                        out.write(b"\0" * 65536)
                        out.flush()
                except OSError:
                    pass
            for count in (500, 1000, 20, 7):
                try:
                    client.call("queue.set", {"items": [fixture("short-a.mp3")] * count})
                    client.call("remote.send", {"command": "changeRepeatMode", "repeatType": "all"})
                    answered += 1
                except RPCError:
                    errors += 1
            alive_while_full = daemon.alive() and client.call("daemon.info")["pid"] == daemon.pid
            os.remove(filler)
            client.call("queue.set", {"items": [fixture("short-a.mp3")] * 5})
            time.sleep(0.5)
        daemon.stop()
        daemon = Daemon(work, database=os.path.join(disk, "library.sqlite"))
        with Client(daemon.socket) as client:
            kept = client.call("queue.get")["count"] == 5
            integrity = client.call("daemon.info").get("damagedDatabase") is None
        daemon.stop()
        logged = "cannot save the playback state" in daemon.log_text()
    finally:
        subprocess.run(["umount", disk])
        work.close()
    ok = alive_while_full and kept and integrity
    return ok, (f"{answered} commands answered while full ({errors} refused), save failure logged: {logged}, "
                f"state after space came back kept: {kept}, database sound: {integrity}"), \
        "a 4 MiB tmpfs under the database filled to the brim, commands while full, then space freed"
