#!/usr/bin/env python3
"""Serves one directory over HTTP/1.1 on 127.0.0.1 for the tests, with byte ranges.

Started by Sources/RondoTesting/StaticHTTPServer.swift:

    static_http_server.py DIRECTORY PORT_FILE LOG_FILE

It binds a free port, writes it to PORT_FILE (whole, by rename), and appends one JSON line
per request to LOG_FILE: {"method", "path", "range"} ("range" is the Range header or null).
GET and HEAD of a file answer 200 with its length, or 206 with Content-Range for one
"bytes=" range (416 when it lies past the end); anything else under the directory is 404.
Every answer says Accept-Ranges: bytes. A listener that goes away mid-body ends only its
own connection.
"""

import http.server
import json
import os
import re
import sys
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
}
RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
CHUNK = 64 * 1024


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "RondoTestHTTP/1"

    def do_GET(self):
        self.answer(send_body=True)

    def do_HEAD(self):
        self.answer(send_body=False)

    def answer(self, send_body):
        self.log_request_line()
        path = self.file_path()
        if path is None:
            self.send_empty(404)
            return
        size = os.path.getsize(path)
        first, last = 0, size - 1
        status = 200
        header = self.headers.get("Range")
        if header:
            span = self.parse_range(header, size)
            if span is None:
                self.send_empty(416, {"Content-Range": f"bytes */{size}"})
                return
            first, last = span
            status = 206
        self.send_response(status)
        self.send_header("Content-Type", self.content_type(path))
        self.send_header("Content-Length", str(last - first + 1))
        self.send_header("Accept-Ranges", "bytes")
        if status == 206:
            self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.end_headers()
        if send_body:
            self.send_file(path, first, last - first + 1)

    def file_path(self):
        relative = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
        root = os.path.realpath(self.server.directory)
        path = os.path.realpath(os.path.join(root, relative))
        if not path.startswith(root + os.sep) or not os.path.isfile(path):
            return None
        return path

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

    def send_file(self, path, offset, length):
        try:
            with open(path, "rb") as source:
                source.seek(offset)
                while length > 0:
                    chunk = source.read(min(CHUNK, length))
                    if not chunk:
                        break
                    self.wfile.write(chunk)
                    length -= len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def log_request_line(self):
        entry = {"method": self.command, "path": self.path, "range": self.headers.get("Range")}
        with open(self.server.log_file, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    def log_message(self, format, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


def main():
    directory, port_file, log_file = sys.argv[1:4]
    server = Server(("127.0.0.1", 0), Handler)
    server.directory = directory
    server.log_file = log_file
    with open(port_file + ".new", "w", encoding="utf-8") as out:
        out.write(str(server.server_address[1]))
    os.rename(port_file + ".new", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
