#!/usr/bin/env python3
"""Socket-level measurements of bench/scale.sh, for rondod (JSON-RPC, rondo_rpc.py) and MPD
(its text protocol), on a scanned library. Prints "metric value unit" lines on stdout;
raw samples go to --raw (one number per line, ms).

  scale.py latency PROTO SOCKET MUSIC_DIR KIND COUNT NAME --raw FILE [--pid PID] [--seed S]
      COUNT requests of KIND on one connection, one in flight, targets drawn with SEED:
      browse  rondod library.children of Library/Artists/<artist>  | MPD lsinfo "<artist dir>"
      album   rondod library.children of .../<artist>/<album>      | MPD lsinfo "<artist>/<album>"
      search  rondod library.search {query: WORD} (limit 50 by default) | MPD search any
              "WORD" window 0:50; WORD one word of an artist or album directory name
      searchall  MPD search any "WORD" without a window (every match)
      listgroup  MPD list album group albumartist (every album of the library)
      status  rondod nowPlaying.get | MPD status
      Prints NAME_p50_ms, NAME_p99_ms, NAME_max_ms, NAME_mean_ms, NAME_items (mean items per
      reply) and, with --pid, NAME_daemon_cpu_us (the daemon's CPU per request).
  scale.py queue PROTO SOCKET MUSIC_DIR NAME --raw DIR
      Queues every MP3 of MUSIC_DIR (outside _broken/), timing each way:
      rondod  paths: queue.set + queue.append of the paths in requests under 1 MiB (the line
              limit, SPEC §2); paths_one: queue.set of every path in one request; dir_one:
              queue.set of the music directory; dir: queue.set + queue.append of the artist
              directories, at most 10,000 files a request (rondod's limit for directories)
      MPD     paths: command lists of `add "PATH"` under 1 MiB; dir: add "/"
      Leaves the whole library queued. Prints NAME_queue_{paths,dir}_s (- when refused) and
      _requests, rondod's NAME_queue_{paths,dir}_one_ok (0: refused), NAME_queue_length.
  scale.py restart PROTO SOCKET EXPECTED NAME --pidfile F --log F [--timeout S] -- CMD...
      Starts CMD (the daemon, on an existing database and state), writes its PID to F and
      polls the queue length every 10 ms until it is EXPECTED: NAME_answer_s (first reply),
      NAME_queue_s (queue back; "-" when it never came back within --timeout s of the first
      reply) and NAME_queue_length (what it read back). The daemon keeps running.
"""
import argparse
import json
import os
import random
import socket
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rondo_rpc import RondoRPC  # noqa: E402

MAX_LINE = 1 << 20          # rondod's request line limit (SPEC §2)
CHUNK_BYTES = 900_000       # what one chunked request may hold, well under it
DIRECTORY_FILES = 10_000    # the most files rondod queues from directories in one request


def metric(name, value, unit):
    print('%s %s %s' % (name, value, unit), flush=True)


def quantile(sorted_values, q):
    """Nearest-rank quantile of a sorted list."""
    k = max(0, min(len(sorted_values) - 1, int(round(q * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def cpu_ns(pid):
    """CPU time of all PID's threads (nanoseconds, /proc/PID/task/*/schedstat)."""
    total = 0
    for tid in os.listdir('/proc/%d/task' % pid):
        try:
            with open('/proc/%d/task/%s/schedstat' % (pid, tid)) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total


class MPD:
    """MPD's text protocol over a Unix socket, one command at a time."""

    def __init__(self, path, timeout=600):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buf = b''
        self.line()                                   # greeting

    def line(self):
        while b'\n' not in self.buf:
            data = self.sock.recv(1 << 16)
            if not data:
                raise ConnectionError('mpd closed the connection')
            self.buf += data
        line, self.buf = self.buf.split(b'\n', 1)
        return line

    def send(self, text):
        """Sends TEXT (one command or a command list), returns the reply lines."""
        self.sock.sendall(text.encode() + b'\n')
        lines = []
        while True:
            line = self.line()
            if line == b'OK':
                return lines
            if line.startswith(b'ACK'):
                raise RuntimeError('mpd: ' + line.decode('utf-8', 'replace'))
            lines.append(line)

    def field(self, command, key):
        prefix = key.encode() + b': '
        for line in self.send(command):
            if line.startswith(prefix):
                return line[len(prefix):].decode()
        return None

    def close(self):
        self.sock.close()


def quote(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def library_dirs(music):
    """(artist dirs, [(artist, album)]) of the corpus, sorted, without _broken/."""
    artists = sorted(d for d in os.listdir(music)
                     if d != '_broken' and os.path.isdir(os.path.join(music, d)))
    albums = [(a, b) for a in artists for b in sorted(os.listdir(os.path.join(music, a)))]
    return artists, albums


def search_words(music):
    """The distinct words (3+ letters) of the artist and album directory names."""
    artists, albums = library_dirs(music)
    words = set()
    for name in artists + [b for _, b in albums]:
        words.update(w for w in name.split() if len(w) >= 3 and w.isalpha())
    return sorted(words)


def child_index(rpc, path, title):
    items = rpc.call('library.children', {'indexPath': path})['items']
    return next(i for i, it in enumerate(items) if it.get('title') == title)


def rondo_requests(rpc, kind, count, rng, music):
    """COUNT (method, params) pairs of KIND for rondod."""
    if kind == 'status':
        return [('nowPlaying.get', None)] * count
    if kind == 'search':
        words = search_words(music)
        return [('library.search', {'query': rng.choice(words)}) for _ in range(count)]
    lib = child_index(rpc, [], 'Library')
    artists = [lib, child_index(rpc, [lib], 'Artists')]
    total = rpc.call('library.children', {'indexPath': artists, 'limit': 1})['total']
    out = []
    for _ in range(count):
        path = artists + [rng.randrange(total)]
        if kind == 'album':
            n = rpc.call('library.children', {'indexPath': path, 'limit': 1})['total']
            path = path + [rng.randrange(n)]
        out.append(('library.children', {'indexPath': path}))
    return out


def mpd_requests(kind, count, rng, music):
    """COUNT command lines of KIND for MPD."""
    if kind == 'status':
        return ['status'] * count
    if kind == 'listgroup':
        return ['list album group albumartist'] * count
    if kind in ('search', 'searchall'):
        words = search_words(music)
        window = ' window 0:50' if kind == 'search' else ''
        return ['search any %s%s' % (quote(rng.choice(words)), window) for _ in range(count)]
    artists, albums = library_dirs(music)
    if kind == 'album':
        return ['lsinfo ' + quote('%s/%s' % rng.choice(albums)) for _ in range(count)]
    return ['lsinfo ' + quote(rng.choice(artists)) for _ in range(count)]


def items_in(reply, proto):
    if proto == 'mpd':
        return sum(1 for line in reply if line.startswith((b'file: ', b'directory: ', b'Album: ')))
    return len(reply.get('items', [])) if isinstance(reply, dict) else 0


def latency(a):
    rng = random.Random(a.seed)
    if a.proto == 'jsonrpc':
        client = RondoRPC(a.socket)
        requests = rondo_requests(client, a.kind, a.count, rng, a.music)
        send = lambda req: client.call(*req)           # noqa: E731
    else:
        client = MPD(a.socket)
        requests = mpd_requests(a.kind, a.count, rng, a.music)
        send = client.send
    for req in requests[:5]:                            # warm-up, not counted
        send(req)
    samples, items = [], 0
    cpu0 = cpu_ns(a.pid) if a.pid else 0
    for req in requests:
        t0 = time.perf_counter()
        reply = send(req)
        samples.append((time.perf_counter() - t0) * 1e3)
        items += items_in(reply, a.proto)
    cpu1 = cpu_ns(a.pid) if a.pid else 0
    with open(a.raw, 'w') as f:
        for req, ms in zip(requests, samples):
            f.write('%.4f\t%s\n' % (ms, json.dumps(req, ensure_ascii=False)))
    s = sorted(samples)
    metric(a.name + '_p50_ms', '%.3f' % quantile(s, 0.50), 'ms')
    metric(a.name + '_p99_ms', '%.3f' % quantile(s, 0.99), 'ms')
    metric(a.name + '_max_ms', '%.3f' % s[-1], 'ms')
    metric(a.name + '_mean_ms', '%.3f' % (sum(s) / len(s)), 'ms')
    metric(a.name + '_items', '%.1f' % (items / len(s)), 'items/reply')
    if a.pid:
        metric(a.name + '_daemon_cpu_us', '%.1f' % ((cpu1 - cpu0) / 1e3 / len(s)), 'us/req')
    client.close() if hasattr(client, 'close') else client.sock.close()


def all_paths(music):
    """Every MP3 under MUSIC outside _broken/, sorted as a walk of sorted directories."""
    out = []
    for d, dirs, files in os.walk(music):
        dirs.sort()
        if os.path.relpath(d, music).split(os.sep)[0] == '_broken':
            dirs[:] = []
            continue
        out += [os.path.join(d, f) for f in sorted(files) if f.endswith('.mp3')]
    return out


def chunks(lines, limit):
    """LINES grouped so that each group's JSON/text stays under LIMIT bytes."""
    group, size = [], 0
    for line in lines:
        n = len(line.encode()) + 4
        if group and size + n > limit:
            yield group
            group, size = [], 0
        group.append(line)
        size += n
    if group:
        yield group


def timed(label, raw, fn):
    t0 = time.perf_counter()
    try:
        result, error = fn(), None
    except Exception as e:                              # noqa: BLE001 - reported as a figure
        result, error = None, '%s: %s' % (type(e).__name__, e)
    seconds = time.perf_counter() - t0
    raw.write('%s\t%.4f s\t%s\n' % (label, seconds, error or json.dumps(result)))
    print('%s: %.3f s %s' % (label, seconds, error or ''), file=sys.stderr)
    return seconds, error


def artist_dir_groups(music, paths, most):
    """The top-level directories of MUSIC holding PATHS, grouped so that no group holds more
    than MOST of the paths (a directory larger than MOST is a group of its own)."""
    counts = {}
    for p in paths:
        top = os.path.relpath(p, music).split(os.sep)[0]
        counts[top] = counts.get(top, 0) + 1
    groups, group, n = [], [], 0
    for top in sorted(counts):
        if group and n + counts[top] > most:
            groups.append(group)
            group, n = [], 0
        group.append(os.path.join(music, top))
        n += counts[top]
    return groups + [group] if group else groups


def queue(a):
    paths = all_paths(a.music)
    os.makedirs(a.raw, exist_ok=True)
    raw = open(os.path.join(a.raw, a.name + '-queue.txt'), 'w')
    raw.write('paths %d, %d bytes as JSON\n' % (len(paths), len(json.dumps(paths))))

    def report(kind, seconds, error, requests):
        metric('%s_queue_%s_s' % (a.name, kind), '%.3f' % seconds if not error else '-', 's')
        metric('%s_queue_%s_requests' % (a.name, kind), requests, 'requests')

    if a.proto == 'jsonrpc':
        rpc = RondoRPC(a.socket)

        def in_requests(groups):
            n = 0
            for i, items in enumerate(groups):
                n = rpc.call('queue.set' if i == 0 else 'queue.append', {'items': items})['count']
            return {'count': n, 'requests': len(groups)}

        def one_request(items):
            c = RondoRPC(a.socket)                      # a refused request may cost its connection
            try:
                return c.call('queue.set', {'items': items})
            finally:
                c.sock.close()

        path_groups = [[json.loads(x) for x in g] for g in chunks([json.dumps(p) for p in paths], CHUNK_BYTES)]
        dir_groups = artist_dir_groups(a.music, paths, DIRECTORY_FILES)
        rpc.call('queue.clear')
        s, err = timed('queue.set + queue.append of the paths, requests under 1 MiB', raw,
                       lambda: in_requests(path_groups))
        report('paths', s, err, len(path_groups))
        rpc.call('queue.clear')
        s, err = timed('queue.set of every path in one request', raw, lambda: one_request(paths))
        metric(a.name + '_queue_paths_one_ok', 0 if err else 1, 'bool')
        rpc.call('queue.clear')
        s, err = timed('queue.set of the music directory', raw, lambda: one_request([a.music]))
        metric(a.name + '_queue_dir_one_ok', 0 if err else 1, 'bool')
        rpc.call('queue.clear')
        s, err = timed('queue.set + queue.append of the artist directories, %d files or fewer a request'
                       % DIRECTORY_FILES, raw, lambda: in_requests(dir_groups))
        report('dir', s, err, len(dir_groups))
        count = rpc.call('queue.get', {'offset': 0, 'limit': 1})['count']
        rpc.sock.close()
    else:
        mpd = MPD(a.socket)
        adds = ['add ' + quote(os.path.relpath(p, a.music)) for p in paths]
        groups = list(chunks(adds, CHUNK_BYTES))

        def command_lists():
            for g in groups:
                mpd.send('command_list_begin\n' + '\n'.join(g) + '\ncommand_list_end')

        mpd.send('clear')
        s, err = timed('command lists of add "PATH", under 1 MiB each', raw, command_lists)
        report('paths', s, err, len(groups))
        mpd.send('clear')
        s, err = timed('add "/"', raw, lambda: mpd.send('add "/"') and None)
        report('dir', s, err, 1)
        count = int(mpd.field('status', 'playlistlength'))
        mpd.close()
    metric(a.name + '_queue_length', count, 'items')
    raw.close()


def queue_length(proto, path):
    if proto == 'jsonrpc':
        c = RondoRPC(path)
        try:
            return c.call('queue.get', {'offset': 0, 'limit': 1})['count']
        finally:
            c.sock.close()
    c = MPD(path, timeout=5)
    try:
        return int(c.field('status', 'playlistlength'))
    finally:
        c.close()


def restart(a):
    log = open(a.log, 'ab')
    t0 = time.perf_counter()
    proc = subprocess.Popen(a.cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                            start_new_session=True)
    with open(a.pidfile, 'w') as f:
        f.write('%d\n' % proc.pid)
    answered = got = None
    length = None
    while True:
        if proc.poll() is not None:
            sys.exit('%s exited during restart with status %s (log: %s)' % (a.cmd[0], proc.returncode, a.log))
        try:
            length = queue_length(a.proto, a.socket)
            now = time.perf_counter()
            answered = answered or now
            if length == a.expected:
                got = now
                break
        except (OSError, ValueError, RuntimeError, KeyError):
            pass
        if answered and time.perf_counter() - answered > a.timeout:
            break
        if time.perf_counter() - t0 > 120:
            sys.exit('%s did not answer within 120 s' % a.cmd[0])
        time.sleep(0.01)
    metric(a.name + '_answer_s', '%.3f' % (answered - t0), 's')
    metric(a.name + '_queue_s', '%.3f' % (got - t0) if got else '-', 's')
    metric(a.name + '_queue_length', length, 'items')


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='verb', required=True)
    q = sub.add_parser('latency')
    for arg in ('proto', 'socket', 'music', 'kind'):
        q.add_argument(arg)
    q.add_argument('count', type=int)
    q.add_argument('name')
    q.add_argument('--raw', required=True)
    q.add_argument('--pid', type=int)
    q.add_argument('--seed', type=int, default=1)
    q = sub.add_parser('queue')
    for arg in ('proto', 'socket', 'music', 'name'):
        q.add_argument(arg)
    q.add_argument('--raw', required=True)
    q = sub.add_parser('restart')
    q.add_argument('proto')
    q.add_argument('socket')
    q.add_argument('expected', type=int)
    q.add_argument('name')
    q.add_argument('--pidfile', required=True)
    q.add_argument('--log', required=True)
    q.add_argument('--timeout', type=float, default=10)
    argv = sys.argv[1:]
    cmd = argv[argv.index('--') + 1:] if '--' in argv else []
    a = p.parse_args(argv[:len(argv) - len(cmd) - (1 if cmd else 0)])
    a.cmd = cmd
    if a.verb == 'restart' and not a.cmd:
        p.error('restart: the daemon\'s command line after --')
    {'latency': latency, 'queue': queue, 'restart': restart}[a.verb](a)


if __name__ == '__main__':
    main()
