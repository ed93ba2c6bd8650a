"""rondod's JSON-RPC over its Unix socket, for the bench scripts: one request at a time, the
events a subscription sends in between skipped."""
import json
import socket


class RondoRPC:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next = 1

    def call(self, method, params=None):
        """The result of `method`; a RuntimeError naming it when rondod answers an error."""
        request = {"jsonrpc": "2.0", "id": self.next, "method": method, "params": params or {}}
        self.next += 1
        self.sock.sendall(json.dumps(request).encode() + b"\n")
        while True:
            reply = json.loads(self.file.readline())
            if "id" in reply:
                if "error" in reply:
                    raise RuntimeError(f"rondod: {method}: {reply['error']['message']}")
                return reply["result"]
