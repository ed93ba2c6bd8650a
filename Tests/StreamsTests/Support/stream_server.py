#!/usr/bin/env python3
"""A small HTTP(S) server for the Streams tests: files with byte ranges, and faults by path.

Usage: stream_server.py DIRECTORY [--tls CERT KEY]
Listens on 127.0.0.1, on a port of the system's choosing, and prints that port as the
first line of its standard output. Paths:

  /files/NAME                      the file, with Range support (Accept-Ranges: bytes)
  /norange/NAME                    the file, whole, ranges ignored
  /type/TYPE/SUBTYPE/NAME          the file as that content type
  /cut/N/NAME                      the file (ranges too), the connection closed after N body bytes
  /stall/N/S/NAME                  the file (ranges too), a pause of S seconds after N body bytes
  /trickle/NAME                    the file, one byte a second
  /status/CODE                     an empty answer with that status
  /redirect/K/REST                 K redirects, then /REST
  /loop                            a redirect to itself
  /endless-headers                 header lines that never end
  /icy/METAINT/EVERY/NAME          the file as a live ICY stream: a metadata block every METAINT
                                   bytes, StreamTitle='Title K' where K = offset // EVERY, when
                                   it changed (an empty block else); then the end
  /icy-max/METAINT/NAME            as /icy/, every block 4080 bytes (length byte 255)
  /live-cut/N/NAME                 the file as a live station (no length, icy-name), closed after N bytes
"""
import os
import socket
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = "."

TYPES = {
    ".pls": "audio/x-scpls",
    ".m3u": "audio/x-mpegurl",
    ".m3u8": "application/vnd.apple.mpegurl",
    ".xspf": "application/xspf+xml",
    ".mp3": "audio/mpeg",
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def do_GET(self):
        try:
            self.route()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self):
        parts = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/").split("/")
        kind, rest = parts[0], parts[1:]
        if kind == "files":
            self.send_file("/".join(rest))
        elif kind == "norange":
            self.send_file("/".join(rest), ranges=False)
        elif kind == "type":
            self.send_file("/".join(rest[2:]), content_type=rest[0] + "/" + rest[1])
        elif kind == "cut":
            self.send_file("/".join(rest[1:]), cut_after=int(rest[0]))
        elif kind == "stall":
            self.send_file("/".join(rest[2:]), stall=(int(rest[0]), float(rest[1])))
        elif kind == "trickle":
            self.send_file("/".join(rest), trickle=True)
        elif kind == "status":
            code = int(rest[0])
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif kind == "redirect":
            count = int(rest[0])
            target = "/" + "/".join(rest[1:]) if count == 0 else "/redirect/%d/%s" % (count - 1, "/".join(rest[1:]))
            self.redirect(target)
        elif kind == "loop":
            self.redirect("/loop")
        elif kind == "endless-headers":
            self.send_response(200)
            self.flush_headers()
            index = 0
            while True:
                self.wfile.write(b"X-Padding-%d: %s\r\n" % (index, b"a" * 1000))
                index += 1
        elif kind == "icy":
            self.send_icy("/".join(rest[2:]), int(rest[0]), int(rest[1]), max_blocks=False)
        elif kind == "icy-max":
            self.send_icy("/".join(rest[1:]), int(rest[0]), 1, max_blocks=True)
        elif kind == "live-cut":
            self.send_live("/".join(rest[1:]), int(rest[0]))
        else:
            self.send_error(404)

    def redirect(self, target):
        self.send_response(302)
        self.send_header("Location", target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def read(self, name):
        path = os.path.join(ROOT, name)
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as file:
            return file.read()

    def send_file(self, name, ranges=True, content_type=None, cut_after=None, stall=None, trickle=False):
        data = self.read(name)
        if data is None:
            self.send_error(404)
            return
        content_type = content_type or TYPES.get(os.path.splitext(name)[1], "application/octet-stream")
        start = 0
        header = self.headers.get("Range")
        if ranges and header and header.startswith("bytes="):
            first = header[6:].split("-")[0]
            start = int(first) if first else 0
            if start >= len(data):
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(data))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
        else:
            self.send_response(200)
        if ranges:
            self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        body = data[start:]
        if trickle:
            for index in range(len(body)):
                self.wfile.write(body[index:index + 1])
                self.wfile.flush()
                time.sleep(1)
        elif cut_after is not None:
            self.wfile.write(body[:cut_after])
            self.wfile.flush()
            self.cut()
        elif stall is not None:
            self.wfile.write(body[:stall[0]])
            self.wfile.flush()
            time.sleep(stall[1])
            self.wfile.write(body[stall[0]:])
        else:
            self.wfile.write(body)

    def cut(self):
        # Everything written arrives, then the end: short of the length, or a station gone.
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_WR)
        self.close_connection = True

    def send_icy(self, name, metaint, every, max_blocks):
        data = self.read(name)
        if data is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "audio/mpeg")
        self.send_header("icy-name", "Test Radio")
        self.send_header("icy-genre", "Testing")
        self.send_header("icy-metaint", str(metaint))
        self.end_headers()
        last = None
        offset = 0
        while offset < len(data):
            self.wfile.write(data[offset:offset + metaint])
            offset += metaint
            if offset >= len(data):
                break
            if max_blocks:
                text = ("StreamTitle='Block %d';" % (offset // metaint)).encode().ljust(4080, b"\0")
                self.wfile.write(bytes([255]) + text)
                continue
            title = "Title %d" % (offset // every)
            if title == last:
                self.wfile.write(b"\0")
                continue
            last = title
            text = ("StreamTitle='%s';StreamUrl='';" % title).encode()
            blocks = (len(text) + 15) // 16
            self.wfile.write(bytes([blocks]) + text.ljust(blocks * 16, b"\0"))

    def send_live(self, name, cut_after):
        data = self.read(name)
        if data is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "audio/mpeg")
        self.send_header("icy-name", "Live Test")
        self.end_headers()
        self.wfile.write(data[:cut_after])
        self.wfile.flush()
        self.cut()


def main():
    global ROOT
    ROOT = sys.argv[1]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if len(sys.argv) >= 5 and sys.argv[2] == "--tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[3], sys.argv[4])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
