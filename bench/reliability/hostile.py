"""Hostile raw HTTP: what no HTTP library would send, on its own socket.

Malformed request lines and headers, lying or conflicting lengths, broken
chunking, bytes that are not UTF-8, NULs, oversize everything, protocols
that are not HTTP/1.1, pipelining, and clients that vanish mid-request.
Each case must get an answer below 500 or a closed connection, and leave
no traceback or ERROR line in the server's log.
"""
from __future__ import annotations

import socket
import time
from dataclasses import dataclass, field


@dataclass
class Case:
    name: str
    chunks: list[bytes]
    pause: float = 0.0              # between chunks
    reset: bool = False             # close with RST instead of reading the answer
    half_close: bool = False        # shut down writing, then read
    expect_answer: bool = True      # False: the client leaves before any answer
    tags: set = field(default_factory=set)


def _req(method: str, path: str, headers: list[str], body: bytes = b"") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "".join(h + "\r\n" for h in headers)
    return head.encode("latin-1", "surrogateescape") + b"\r\n" + body


def cases(table_id: str, token: str) -> list[Case]:
    t = f"/v1/tables/{table_id}"
    auth = f"Authorization: Bearer {token}"
    action = b'{"action":"add","player":"Red","args":{}}'
    out = [
        Case("tls hello on the http port", [bytes.fromhex("160301020001") + b"\x00" * 200]),
        Case("http/2 preface", [b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x12\x04" + b"\x00" * 20]),
        Case("http/0.9", [b"GET /healthz\r\n\r\n"]),
        Case("unknown method", [_req("BREW", "/healthz", [])]),
        Case("lowercase method", [_req("get", "/healthz", [])]),
        Case("no version", [b"GET /healthz\r\nHost: x\r\n\r\n"]),
        Case("version 9.9", [b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n"]),
        Case("absolute uri", [_req("GET", "http://127.0.0.1/healthz", [])]),
        Case("asterisk uri", [_req("OPTIONS", "*", [])]),
        Case("empty line only", [b"\r\n\r\n"]),
        Case("bare newlines", [b"GET /healthz HTTP/1.1\nHost: x\n\n"]),
        Case("nul in request line", [b"GET /heal\x00thz HTTP/1.1\r\nHost: x\r\n\r\n"]),
        Case("non-utf8 path", [b"GET /v1/tables/\xff\xfe/state HTTP/1.1\r\nHost: x\r\n\r\n"]),
        Case("percent-encoded nul and 0xff", [_req("GET", "/assets/%00%ff.png", [])]),
        Case("dot-dot asset", [_req("GET", "/assets/../../etc/passwd", [])]),
        Case("encoded dot-dot asset", [_req("GET", "/assets/%2e%2e/%2e%2e/etc/passwd", [])]),
        Case("asset name of 5000", [_req("GET", "/assets/" + "a" * 5000 + ".png", [])]),
        Case("request line of 100 KB", [_req("GET", "/" + "a" * 100_000, [])]),
        Case("header of 100 KB", [_req("GET", "/healthz", ["X-Big: " + "b" * 100_000])]),
        Case("10,000 headers", [_req("GET", "/healthz", [f"X-{i}: {i}" for i in range(10_000)])]),
        Case("header without colon", [_req("GET", "/healthz", ["NoColonHere"])]),
        Case("header name with space", [_req("GET", "/healthz", ["Bad Name: x"])]),
        Case("header folded (obs-fold)", [_req("GET", "/healthz", ["X-A: one", " two"])]),
        Case("token not utf-8", [b"GET " + t.encode() + b"/state HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \xff\xfe\xfd\r\n\r\n"]),
        Case("x-table-token with nul", [b"GET " + t.encode() + b"/state HTTP/1.1\r\nHost: x\r\nX-Table-Token: a\x00b\r\n\r\n"]),
        Case("bearer of 50 KB", [_req("GET", t + "/state", ["Authorization: Bearer " + "A" * 50_000])]),
        Case("negative content-length", [_req("POST", t + "/actions", [auth, "Content-Length: -5"], action)]),
        Case("non-numeric content-length", [_req("POST", t + "/actions", [auth, "Content-Length: ten"], action)]),
        Case("two content-lengths", [_req("POST", t + "/actions", [auth, "Content-Length: 3", "Content-Length: 45"],
                                          action)]),
        Case("content-length of 10 GB", [_req("POST", t + "/actions", [auth, "Content-Length: 10000000000"], b"{")],
             half_close=True),
        Case("content-length beyond 2^64", [_req("POST", t + "/actions", [auth, "Content-Length: " + "9" * 30],
                                                 action)]),
        Case("chunked and content-length", [_req("POST", t + "/actions", [auth, "Content-Length: 4",
                                                                          "Transfer-Encoding: chunked"],
                                                 b"2a\r\n" + action + b"\r\n0\r\n\r\n")]),
        Case("bad chunk size", [_req("POST", t + "/actions", [auth, "Transfer-Encoding: chunked"],
                                     b"zz\r\n" + action + b"\r\n0\r\n\r\n")]),
        Case("chunk size beyond 2^64", [_req("POST", t + "/actions", [auth, "Transfer-Encoding: chunked"],
                                             b"ffffffffffffffffffff\r\nab\r\n0\r\n\r\n")]),
        Case("chunk with extension and trailer", [_req("POST", t + "/actions", [auth, "Transfer-Encoding: chunked"],
                                                       b"%x;ext=1\r\n" % len(action) + action
                                                       + b"\r\n0\r\nX-Trailer: 1\r\n\r\n")]),
        Case("transfer-encoding gzip, chunked", [_req("POST", t + "/actions",
                                                      [auth, "Transfer-Encoding: gzip, chunked"],
                                                      b"2\r\n{}\r\n0\r\n\r\n")]),
        Case("content-encoding gzip, not gzip", [_req("POST", t + "/actions",
                                                      [auth, "Content-Encoding: gzip",
                                                       f"Content-Length: {len(action)}"], action)]),
        Case("content-encoding br, garbage", [_req("POST", t + "/actions",
                                                   [auth, "Content-Encoding: br", "Content-Length: 8"],
                                                   b"\x00\xff" * 4)]),
        Case("body of 1 MB", [_req("POST", t + "/actions", [auth, "Content-Length: 1000000"], b"{" * 1_000_000)]),
        Case("json with bom", [_req("POST", t + "/actions", [auth, "Content-Type: application/json",
                                                             f"Content-Length: {len(action) + 3}"],
                                    b"\xef\xbb\xbf" + action)]),
        Case("json 100k deep", [_req("POST", t + "/actions", [auth, "Content-Type: application/json",
                                                              "Content-Length: 100000"], b"[" * 100_000)]),
        Case("form with broken percent", [_req("POST", t + "/actions",
                                               [auth, "Content-Type: application/x-www-form-urlencoded",
                                                "Content-Length: 30"], b"action=%zz&player=%ff%fe&args=")]),
        Case("form with 20,000 fields", [_req("POST", t + "/actions",
                                              [auth, "Content-Type: application/x-www-form-urlencoded",
                                               "Content-Length: 60000"], b"a=1&" * 15_000)]),
        Case("content-type charset latin-1", [_req("POST", t + "/actions",
                                                   [auth, "Content-Type: application/json; charset=latin-1",
                                                    f"Content-Length: {len(action)}"], action)]),
        Case("multipart with no boundary", [_req("POST", t + "/actions",
                                                 [auth, "Content-Type: multipart/form-data",
                                                  "Content-Length: 10"], b"----------")]),
        Case("query of 10,000 after=", [_req("GET", t + "/events?" + "after=1&" * 10_000, [auth])]),
        Case("query after not a number", [_req("GET", t + "/events?after=%ff%fe", [auth])]),
        Case("query after 1e400", [_req("GET", t + "/events?after=1e400", [auth])]),
        Case("query after nan", [_req("GET", t + "/events?after=nan", [auth])]),
        Case("seat of 10,000 characters", [_req("GET", t + "/state?seat=" + "R" * 10_000, [auth])]),
        Case("websocket upgrade", [_req("GET", "/healthz", ["Connection: Upgrade", "Upgrade: websocket",
                                                            "Sec-WebSocket-Key: x", "Sec-WebSocket-Version: 13"])]),
        Case("h2c upgrade", [_req("GET", "/healthz", ["Connection: Upgrade, HTTP2-Settings", "Upgrade: h2c",
                                                      "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA"])]),
        Case("expect 100-continue, no body", [_req("POST", t + "/actions", [auth, "Expect: 100-continue",
                                                                            "Content-Length: 40"])],
             half_close=True),
        Case("expect something else", [_req("POST", t + "/actions", [auth, "Expect: 200-ok",
                                                                     f"Content-Length: {len(action)}"], action)]),
        Case("range on an asset", [_req("GET", "/assets/x.png", ["Range: bytes=99999999999999999999-"])]),
        Case("if-modified-since garbage", [_req("GET", "/assets/x.png", ["If-Modified-Since: \xff\xfe yesterday"])]),
        Case("pipelined 200 health checks", [_req("GET", "/healthz", []) * 200]),
        Case("pipelined garbage after a request", [_req("GET", "/healthz", []) + b"\x00\x01\x02 garbage\r\n\r\n"]),
        Case("client leaves mid-headers", [b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: "], expect_answer=False),
        Case("client leaves mid-body", [_req("POST", t + "/actions", [auth, "Content-Length: 500"], b'{"ac')],
             expect_answer=False),
        Case("client resets after its request", [_req("POST", t + "/actions", [auth, f"Content-Length: {len(action)}"],
                                                      action)], reset=True, expect_answer=False),
        Case("client resets during a large answer", [_req("GET", t + "/log", [auth])], reset=True,
             expect_answer=False),
        Case("headers dribbled a byte at a time", [bytes([b]) for b in _req("GET", "/healthz", [])], pause=0.001),
    ]
    return out


@dataclass
class Result:
    name: str
    status: int | None          # None: no status line (closed, or the case left first)
    seconds: float


def send(host: str, port: int, case: Case, timeout: float = 15) -> Result:
    start = time.monotonic()
    sock = socket.create_connection((host, port), timeout=timeout)
    status = None
    try:
        for i, chunk in enumerate(case.chunks):
            try:
                sock.sendall(chunk)
            except OSError:
                break
            if case.pause and i + 1 < len(case.chunks):
                time.sleep(case.pause)
        if case.reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            return Result(case.name, None, time.monotonic() - start)
        if not case.expect_answer:
            return Result(case.name, None, time.monotonic() - start)
        if case.half_close:
            try:
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        data = b""
        try:
            while b"\r\n" not in data and len(data) < 65536:
                got = sock.recv(65536)
                if not got:
                    break
                data += got
        except OSError:
            pass
        line = data.split(b"\r\n", 1)[0].split()
        if len(line) >= 2 and line[0].startswith(b"HTTP/") and line[1].isdigit():
            status = int(line[1])
    finally:
        sock.close()
    return Result(case.name, status, time.monotonic() - start)
