#!/usr/bin/env python3
"""The tests' web server: one directory over HTTP/1.1 (or HTTPS) on 127.0.0.1, with byte
ranges, a log of every request, and faults chosen by path.

Started by Sources/RondoTesting/TestHTTPServer.swift and scripts/reliability/network.py:

    test_http_server.py DIRECTORY PORT_FILE LOG_FILE [--tls CERT KEY]

It binds a free port and writes it to PORT_FILE (whole, by rename), then appends one JSON
line per request to LOG_FILE: {"method", "path", "range"} ("range" is the Range header or
null). With --tls it speaks HTTPS with that certificate and key (PEM).

A path whose first segment is none of the faults below is a file under DIRECTORY: GET and
HEAD answer 200 with its length, or 206 with Content-Range for one "bytes=" range (416 when
it lies past the end); anything else is 404. Every such answer says Accept-Ranges: bytes.
A listener that goes away mid-body ends only its own connection.

Faults (NAME is a file under DIRECTORY; N, S, K, CODE, METAINT, EVERY and TOTAL numbers):

  /norange/NAME                    the file, whole, ranges ignored, no Accept-Ranges
  /type/TYPE/SUBTYPE/NAME          the file (ranges too) as that content type
  /cut/N/NAME                      the file (ranges too), the connection closed after N body
                                   bytes of each answer
  /stall/N/S/NAME                  the file (ranges too), a pause of S seconds after N body
                                   bytes of each answer
  /trickle/NAME                    the file (ranges too), one byte a second
  /status/CODE                     an empty answer with that status
  /redirect/K/REST                 K redirects, then /REST
  /loop                            a redirect to itself
  /endless-headers                 header lines (1 KB each) that never end
  /icy/METAINT/EVERY/NAME          the file as a live ICY stream: a metadata block every
                                   METAINT bytes, StreamTitle='Title K' where K = offset //
                                   EVERY, when it changed (an empty block else); then silence,
                                   the connection held until the listener hangs up (so a slow
                                   reader never meets a drop)
  /icy-max/METAINT/NAME            as /icy/, every block 4080 bytes (length byte 255),
                                   StreamTitle='Block K'
  /icy-flood/TOTAL/METAINT/NAME    a station playing the file round and round without end:
                                   every METAINT audio bytes a block of 4080 bytes with a new
                                   StreamTitle='Flood K', until TOTAL bytes of metadata have
                                   passed; then StreamTitle='After the flood' once, and empty
                                   blocks
  /live-cut/N/NAME                 a live station (no length, icy-name) playing the file round
                                   and round, the connection closed after N bytes: the k-th
                                   listener of the path (from 0) gets the station's bytes from
                                   k·N − N/2 (a burst of what it sent before, as Icecast
                                   starts a listener) to (k + 1)·N
  /live-icy-cut/N/METAINT/NAME     a live station as /live-cut/, but with icy-metaint (an
                                   empty metadata block after every METAINT audio bytes) and
                                   no burst: the k-th listener gets the bytes from 2k·N to
                                   (2k + 1)·N, as after a drop that outlasted the burst

  /station/SCRIPT                  a station as a script says: SCRIPT is a JSON file under
                                   DIRECTORY (see Handler.station), read again before every
                                   metadata block, so a test changes what the station says by
                                   writing it anew

  /error-page/CODE                 an answer with that status and a page of HTML, as a web
                                   server or proxy sends with an error
  /misrange/NAME                   the file (ranges too), but a range is answered from the
                                   file's first byte, its Content-Range saying so

  /gzip/NAME                        the file whole, gzip-compressed (Content-Encoding: gzip)
  /moved/CODE/REST                 an answer with that redirect status and Location /REST

A plain file carries an ETag and a Last-Modified, and is answered 304 Not Modified to a
request whose If-None-Match or If-Modified-Since says it has this version. A range asked
with If-Range is answered only when If-Range names this version (its ETag or its
Last-Modified); else the whole file comes (200).

Any of them (and a plain file) takes ?pace=BYTES: the body's audio is sent at BYTES a second
after a first second's worth at once, as a station sends in real time (metadata blocks do
not count).
"""

import email.utils
import gzip
import http.server
import json
import os
import re
import socket
import ssl
import sys
import threading
import time
import urllib.parse

CONTENT_TYPES = {
    ".mp3": "audio/mpeg",
    ".flac": "audio/flac",
    ".ogg": "audio/ogg",
    ".opus": "audio/ogg",
    ".wav": "audio/wav",
    ".m3u": "audio/x-mpegurl",
    ".m3u8": "audio/x-mpegurl",
    ".pls": "audio/x-scpls",
    ".xspf": "application/xspf+xml",
    ".html": "text/html",
    ".xml": "application/rss+xml",
}
RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
CHUNK = 64 * 1024
LARGEST_ICY_BLOCK = 255 * 16


class Pacer:
    """Writes a body to the connection, at most `pace` bytes a second after a first second's
    worth when a pace is set; bytes written with counted=False (metadata) are not paced."""

    def __init__(self, wfile, pace):
        self.wfile = wfile
        self.pace = pace
        self.started = time.monotonic()
        self.counted = 0

    def write(self, data, counted=True):
        if not self.pace or not counted:
            self.wfile.write(data)
            return
        step = max(1, self.pace // 10)
        for start in range(0, len(data), step):
            piece = data[start:start + step]
            due = self.started + (self.counted + len(piece)) / self.pace - 1
            delay = due - time.monotonic()
            if delay > 0:
                self.wfile.flush()
                time.sleep(delay)
            self.wfile.write(piece)
            self.counted += len(piece)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "RondoTestHTTP/1"

    def do_GET(self):
        self.answer(send_body=True)

    def do_HEAD(self):
        self.answer(send_body=False)

    def answer(self, send_body):
        self.log_request_line()
        url = urllib.parse.urlsplit(self.path)
        pace = int((urllib.parse.parse_qs(url.query).get("pace") or ["0"])[0])
        self.body = Pacer(self.wfile, pace)
        self.send_body = send_body
        parts = urllib.parse.unquote(url.path).lstrip("/").split("/")
        fault = FAULTS.get(parts[0])
        try:
            if fault:
                fault(self, parts[1:])
            else:
                self.send_file("/".join(parts))
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True

    # The faults, by the first segment of the path.

    def norange(self, rest):
        self.send_file("/".join(rest), ranges=False)

    def typed(self, rest):
        self.send_file("/".join(rest[2:]), content_type=rest[0] + "/" + rest[1])

    def cut(self, rest):
        self.send_file("/".join(rest[1:]), cut_after=int(rest[0]))

    def stall(self, rest):
        self.send_file("/".join(rest[2:]), stall=(int(rest[0]), float(rest[1])))

    def trickle(self, rest):
        self.send_file("/".join(rest), trickle=True)

    def status(self, rest):
        self.send_empty(int(rest[0]))

    def error_page(self, rest):
        page = b"<html><head><title>Error</title></head><body><h1>Something went wrong</h1>" + b"x" * 2000 + b"</body></html>"
        self.send_response(int(rest[0]))
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        if self.send_body:
            self.wfile.write(page)

    def misrange(self, rest):
        self.send_file("/".join(rest), misrange=True)

    def redirect(self, rest):
        count, target = int(rest[0]), "/".join(rest[1:])
        self.send_empty(302, {"Location": "/" + target if count == 0 else f"/redirect/{count - 1}/{target}"})

    def loop(self, rest):
        self.send_empty(302, {"Location": "/loop"})

    def endless_headers(self, rest):
        self.send_response(200)
        self.flush_headers()
        index = 0
        while True:
            self.wfile.write(b"X-Padding-%d: %s\r\n" % (index, b"a" * 1000))
            index += 1

    def icy(self, rest):
        self.send_icy("/".join(rest[2:]), int(rest[0]), int(rest[1]), largest_blocks=False)

    def icy_max(self, rest):
        self.send_icy("/".join(rest[1:]), int(rest[0]), 1, largest_blocks=True)

    def icy_flood(self, rest):
        data = self.read("/".join(rest[2:]))
        if data is None:
            return
        total, metaint = int(rest[0]), int(rest[1])
        self.send_station_head({"icy-name": "Flood Radio", "icy-metaint": str(metaint)})
        flooded = 0
        number = 0
        after_told = False
        for piece in self.looped(data, metaint):
            self.body.write(piece)
            number += 1
            if flooded < total:
                text = ("StreamTitle='Flood %d';" % number).encode().ljust(LARGEST_ICY_BLOCK, b"\0")
                self.body.write(bytes([255]) + text, counted=False)
                flooded += LARGEST_ICY_BLOCK
            elif not after_told:
                self.body.write(self.icy_block("After the flood"), counted=False)
                after_told = True
            else:
                self.body.write(b"\0", counted=False)

    def live_cut(self, rest):
        self.send_live_cut(int(rest[0]), "/".join(rest[1:]), metaint=None)

    def live_icy_cut(self, rest):
        self.send_live_cut(int(rest[0]), "/".join(rest[2:]), metaint=int(rest[1]))

    def send_live_cut(self, count, name, metaint):
        data = self.read(name)
        if data is None:
            return
        path = urllib.parse.urlsplit(self.path).path
        with LIVE_JOINS_LOCK:
            joined = LIVE_JOINS.get(path, 0)
            LIVE_JOINS[path] = joined + 1
        if metaint:
            start, left = 2 * joined * count, count
        else:
            start = max(0, joined * count - count // 2)
            left = (joined + 1) * count - start
        head = {"icy-name": "Live Test"}
        if metaint:
            head["icy-metaint"] = str(metaint)
        self.send_station_head(head)
        for piece in self.looped(data, metaint or CHUNK, start=start):
            self.body.write(piece[:left])
            left -= len(piece)
            if left <= 0:
                break
            if metaint:
                self.body.write(b"\0", counted=False)
        self.end_by_closing()

    def station(self, rest):
        """A live station whose every byte before the audio a script chooses. The script, a
        JSON object in the file /station/ names, holds:

          "status"    the status line, as bytes (default "HTTP/1.0 200 OK")
          "headers"   [[NAME, BYTES], ...], the header lines in order
          "audio"     a file under the directory, sent round and round without end (its
                      leading ID3v2 tag left out, as a station sends only frames)
          "metaint"   the audio bytes between two metadata blocks; none without it
          "metadata"  BYTES, the text of the metadata block (StreamTitle='...';)

        BYTES are a list of numbers 0-255, so a test can send any byte (Latin-1, CP1251,
        control characters). The script is read again before each block: a block whose text
        differs from the last one sent carries it, else the block is empty (as Icecast does).
        """
        path = self.file_path("/".join(rest))
        script = self.station_script(path) if path else None
        if script is None:
            self.send_empty(404)
            return
        data = self.read(script["audio"])
        if data is None:
            return
        data = self.without_id3v2(data)
        head = bytes(script.get("status") or b"HTTP/1.0 200 OK") + b"\r\n"
        for name, value in script.get("headers", []):
            head += name.encode("latin-1") + b": " + bytes(value) + b"\r\n"
        self.wfile.write(head + b"\r\n")
        self.close_connection = True
        if not self.send_body:
            return
        metaint = script.get("metaint")
        last = None
        for piece in self.looped(data, metaint or CHUNK):
            self.body.write(piece)
            if not metaint:
                continue
            text = bytes((self.station_script(path) or script).get("metadata", []))[:LARGEST_ICY_BLOCK]
            if text == last:
                self.body.write(b"\0", counted=False)
                continue
            last = text
            blocks = (len(text) + 15) // 16
            self.body.write(bytes([blocks]) + text.ljust(blocks * 16, b"\0"), counted=False)

    @staticmethod
    def station_script(path):
        """A station's script, None when it cannot be read (being written, or missing)."""
        try:
            with open(path, encoding="utf-8") as file:
                return json.load(file)
        except (OSError, TypeError, ValueError):
            return None

    @staticmethod
    def without_id3v2(data):
        """The bytes after a leading ID3v2 tag (its size is 4 syncsafe bytes at offset 6)."""
        if len(data) < 10 or data[:3] != b"ID3":
            return data
        size = (data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]
        return data[10 + size + (10 if data[5] & 0x10 else 0):]

    # Plain files and their variations.

    def send_file(self, name, ranges=True, content_type=None, cut_after=None, stall=None, trickle=False, misrange=False):
        path = self.file_path(name)
        if path is None:
            self.send_empty(404)
            return
        size = os.path.getsize(path)
        validators = self.validators(path)
        if self.not_modified(path, validators):
            self.send_empty(304, validators)
            return
        first, last = 0, size - 1
        header = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        if header and if_range is not None and if_range not in validators.values():
            header = None
        if ranges and header:
            span = self.parse_range(header, size)
            if span is None:
                self.send_empty(416, {"Content-Range": f"bytes */{size}"})
                return
            first, last = (0, size - 1) if misrange else span
        self.send_response(206 if ranges and header else 200)
        self.send_header("Content-Type", content_type or self.content_type(path))
        self.send_header("Content-Length", str(last - first + 1))
        if ranges:
            self.send_header("Accept-Ranges", "bytes")
        if ranges and header:
            self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        for name_, value in validators.items():
            self.send_header(name_, value)
        self.end_headers()
        if not self.send_body:
            return
        with open(path, "rb") as source:
            source.seek(first)
            body = source.read(last - first + 1)
        if trickle:
            for index in range(len(body)):
                self.wfile.write(body[index:index + 1])
                self.wfile.flush()
                time.sleep(1)
        elif cut_after is not None:
            self.body.write(body[:cut_after])
            self.end_by_closing()
        elif stall is not None:
            self.body.write(body[:stall[0]])
            self.wfile.flush()
            time.sleep(stall[1])
            self.body.write(body[stall[0]:])
        else:
            for start in range(0, len(body), CHUNK):
                self.body.write(body[start:start + CHUNK])

    @staticmethod
    def validators(path):
        """The ETag and Last-Modified of a file: they change when it is written again."""
        status = os.stat(path)
        return {
            "ETag": f'"{status.st_size:x}-{status.st_mtime_ns:x}"',
            "Last-Modified": email.utils.formatdate(status.st_mtime, usegmt=True),
        }

    def not_modified(self, path, validators):
        """Whether the request's If-None-Match or If-Modified-Since says it has this version."""
        match = self.headers.get("If-None-Match")
        if match is not None:
            return validators["ETag"] in [tag.strip() for tag in match.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            return int(os.stat(path).st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False

    def gzip(self, rest):
        data = self.read("/".join(rest))
        if data is None:
            return
        body = gzip.compress(data)
        self.send_response(200)
        self.send_header("Content-Type", self.content_type("/".join(rest)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.send_body:
            self.body.write(body)

    def moved(self, rest):
        self.send_empty(int(rest[0]), {"Location": "/" + "/".join(rest[1:])})

    def file_path(self, relative):
        root = os.path.realpath(self.server.directory)
        path = os.path.realpath(os.path.join(root, relative))
        if not path.startswith(root + os.sep) or not os.path.isfile(path):
            return None
        return path

    def read(self, name):
        """The bytes of a file under the directory; None, after a 404, when there is none."""
        path = self.file_path(name)
        if path is None:
            self.send_empty(404)
            return None
        with open(path, "rb") as file:
            return file.read()

    @staticmethod
    def parse_range(header, size):
        match = RANGE.match(header.strip())
        if not match or match.group(1) == match.group(2) == "":
            return None
        start, end = match.group(1), match.group(2)
        if start == "":
            first = max(0, size - int(end))
            last = size - 1
        else:
            first = int(start)
            last = min(size - 1, int(end)) if end else size - 1
        if first >= size or first > last:
            return None
        return first, last

    @staticmethod
    def content_type(path):
        return CONTENT_TYPES.get(os.path.splitext(path)[1].lower(), "application/octet-stream")

    def send_empty(self, status, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()

    # Live streams: no length, so the end of the body is the end of the connection.

    def send_station_head(self, headers):
        self.send_response(200)
        self.send_header("Content-Type", "audio/mpeg")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()

    @staticmethod
    def looped(data, size, start=0):
        """The file's bytes round and round from `start`, in pieces of `size`, without end."""
        offset = start % len(data)
        while True:
            piece = data[offset:offset + size]
            if len(piece) < size:
                piece += data[:size - len(piece)]
            yield piece
            offset = (offset + size) % len(data)

    def end_by_closing(self):
        # Everything written arrives, then the end: short of the length, or a station gone.
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_WR)
        self.close_connection = True

    @staticmethod
    def icy_block(title):
        text = ("StreamTitle='%s';StreamUrl='';" % title).encode()
        blocks = (len(text) + 15) // 16
        return bytes([blocks]) + text.ljust(blocks * 16, b"\0")

    def send_icy(self, name, metaint, every, largest_blocks):
        data = self.read(name)
        if data is None:
            return
        self.send_station_head({"icy-name": "Test Radio", "icy-genre": "Testing", "icy-metaint": str(metaint)})
        last = None
        offset = 0
        while offset < len(data):
            self.body.write(data[offset:offset + metaint])
            offset += metaint
            if offset >= len(data):
                break
            if largest_blocks:
                text = ("StreamTitle='Block %d';" % (offset // metaint)).encode().ljust(LARGEST_ICY_BLOCK, b"\0")
                self.body.write(bytes([255]) + text, counted=False)
                continue
            title = "Title %d" % (offset // every)
            if title == last:
                self.body.write(b"\0", counted=False)
                continue
            last = title
            self.body.write(self.icy_block(title), counted=False)
        self.hold_until_hung_up()
        self.close_connection = True

    def hold_until_hung_up(self):
        """Sends nothing more and keeps the connection until the listener closes it (or a
        minute has passed), as a live station with nothing to send yet."""
        self.wfile.flush()
        self.connection.settimeout(60)
        try:
            while self.connection.recv(4096):
                pass
        except OSError:
            pass

    def log_request_line(self):
        conditional = self.headers.get("If-None-Match") is not None or self.headers.get("If-Modified-Since") is not None
        entry = {"method": self.command, "path": self.path, "range": self.headers.get("Range"), "conditional": conditional}
        with open(self.server.log_file, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    def log_message(self, format, *args):
        pass


FAULTS = {
    "norange": Handler.norange,
    "type": Handler.typed,
    "cut": Handler.cut,
    "stall": Handler.stall,
    "trickle": Handler.trickle,
    "status": Handler.status,
    "error-page": Handler.error_page,
    "misrange": Handler.misrange,
    "redirect": Handler.redirect,
    "loop": Handler.loop,
    "endless-headers": Handler.endless_headers,
    "icy": Handler.icy,
    "icy-max": Handler.icy_max,
    "icy-flood": Handler.icy_flood,
    "live-cut": Handler.live_cut,
    "live-icy-cut": Handler.live_icy_cut,
    "gzip": Handler.gzip,
    "station": Handler.station,
    "moved": Handler.moved,
}

# How many listeners each /live-cut path has had, so that each joins where the station is.
LIVE_JOINS = {}
LIVE_JOINS_LOCK = threading.Lock()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # A listen backlog of a real server's size: with socketserver's 5, clients that connect
    # several at once (a feed reader's refresh) lose SYNs and wait a second to retry.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        pass


def main():
    directory, port_file, log_file = sys.argv[1:4]
    server = Server(("127.0.0.1", 0), Handler)
    server.directory = directory
    server.log_file = log_file
    if sys.argv[4:5] == ["--tls"]:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[5], sys.argv[6])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    with open(port_file + ".new", "w", encoding="utf-8") as out:
        out.write(str(server.server_address[1]))
    os.rename(port_file + ".new", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
