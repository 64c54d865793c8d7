"""Real loopback HTTP servers for the remote tests: scripted endpoints (redirect, fail, stall,
dribble, close midway), a SPARQL endpoint backed by pyoxigraph, a fault-injecting proxy, and
the Oxigraph server (``oxigraph serve``)."""

from __future__ import annotations

import contextlib
import http.client
import http.server
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox

from .serve_support import stop

LOOPBACK = "127.0.0.1"
JSON_RESULTS = "application/sparql-results+json"


@dataclass
class Seen:
    """One request a test server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Loopback:
    """A threaded HTTP server on a free loopback port; ``handle(request, seen)`` answers."""

    handle: Callable[[http.server.BaseHTTPRequestHandler, Seen], None]
    seen: list[Seen] = field(default_factory=list)
    server: http.server.ThreadingHTTPServer | None = None

    @property
    def base(self) -> str:
        assert self.server is not None
        return f"http://{LOOPBACK}:{self.server.server_address[1]}"

    def url(self, path: str = "/sparql") -> str:
        return self.base + path


def _handler_class(owner: Loopback) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            seen = Seen(self.command, self.path, dict(self.headers.items()), body)
            owner.seen.append(seen)
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                owner.handle(self, seen)

        do_GET = do_POST = do_PUT = do_DELETE = _any

        def log_message(self, *args) -> None:
            pass

    return Handler


@contextlib.contextmanager
def loopback(handle: Callable[[http.server.BaseHTTPRequestHandler, Seen], None]
             ) -> Iterator[Loopback]:
    """Serve ``handle`` on a free loopback port until the block ends."""
    owner = Loopback(handle)
    server = http.server.ThreadingHTTPServer((LOOPBACK, 0), _handler_class(owner))
    server.daemon_threads = True
    owner.server = server
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02},
                              daemon=True)
    thread.start()
    try:
        yield owner
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def answer(request: http.server.BaseHTTPRequestHandler, status: int, body: bytes = b"",
           content_type: str = "text/plain", headers: dict[str, str] | None = None) -> None:
    request.send_response(status)
    request.send_header("Content-Type", content_type)
    request.send_header("Content-Length", str(len(body)))
    for name, value in (headers or {}).items():
        request.send_header(name, value)
    request.end_headers()
    request.wfile.write(body)


# ------------------------------------------------------------------ scripted endpoints

ASK_TRUE = b'{"head": {}, "boolean": true}'


def ok_json(request, _seen) -> None:
    """A SPARQL endpoint that answers every query with ``true``."""
    answer(request, 200, ASK_TRUE, JSON_RESULTS)


def redirect_to(location: str, status: int = 302):
    def handle(request, _seen) -> None:
        answer(request, status, b"", headers={"Location": location})
    return handle


def status(code: int, body: bytes = b"failed", content_type: str = "text/plain"):
    def handle(request, _seen) -> None:
        answer(request, code, body, content_type)
    return handle


def garbage(body: bytes, content_type: str = JSON_RESULTS):
    return status(200, body, content_type)


def stall(seconds: float):
    def handle(request, _seen) -> None:
        time.sleep(seconds)
        answer(request, 200, ASK_TRUE, JSON_RESULTS)
    return handle


def dribble(seconds_per_byte: float = 1.0, in_headers: bool = False):
    """Send a valid answer one byte at a time (in the body, or from the status line on)."""
    def handle(request, _seen) -> None:
        head = (f"HTTP/1.1 200 OK\r\nContent-Type: {JSON_RESULTS}\r\n"
                f"Content-Length: {len(ASK_TRUE)}\r\n\r\n").encode()
        if not in_headers:
            request.wfile.write(head)
            request.wfile.flush()
            head = b""
        for byte in head + ASK_TRUE:
            request.wfile.write(bytes([byte]))
            request.wfile.flush()
            time.sleep(seconds_per_byte)
        request.close_connection = True
    return handle


def close_midway(request, _seen) -> None:
    """Promise a long body, send a part of it, close the connection."""
    request.send_response(200)
    request.send_header("Content-Type", JSON_RESULTS)
    request.send_header("Content-Length", "1000")
    request.end_headers()
    request.wfile.write(b'{"head": {"vars": ["n"]}, "results": {"bind')
    request.wfile.flush()
    request.connection.shutdown(socket.SHUT_RDWR)
    request.close_connection = True


def close_at_once(request, _seen) -> None:
    """Close the connection without any answer."""
    request.connection.shutdown(socket.SHUT_RDWR)
    request.close_connection = True


# ------------------------------------------------------------------ a SPARQL server on pyoxigraph

class Sparql:
    """SPARQL Query, Update and Graph Store Protocol on an in-memory pyoxigraph store, with a
    fault hook: ``fault(seen, n)`` (n = 1-based request number) may answer instead."""

    def __init__(self) -> None:
        self.store = ox.Store()
        self.count = 0
        self.fault: Callable[[http.server.BaseHTTPRequestHandler, Seen, int], bool] | None = None
        self.lock = threading.Lock()

    def __call__(self, request, seen: Seen) -> None:
        with self.lock:
            self.count += 1
            n = self.count
        if self.fault is not None and self.fault(request, seen, n):
            return
        parts = urllib.parse.urlsplit(seen.path)
        params = dict(urllib.parse.parse_qsl(parts.query))
        if seen.method == "POST" and seen.headers.get("Content-Type", "").startswith(
                "application/x-www-form-urlencoded"):
            params.update(urllib.parse.parse_qsl(seen.body.decode()))
        try:
            self._dispatch(request, seen, params)
        except (SyntaxError, ValueError, OSError) as exc:
            answer(request, 400, str(exc).encode())

    def _dispatch(self, request, seen: Seen, params: dict[str, str]) -> None:
        if "update" in params:
            with self.lock:
                self.store.update(params["update"])
            answer(request, 204)
        elif "query" in params:
            result = self.store.query(params["query"], use_default_graph_as_union=True)
            answer(request, 200, result.serialize(format=ox.QueryResultsFormat.JSON), JSON_RESULTS)
        elif "graph" in params and seen.method == "PUT":
            graph = ox.NamedNode(params["graph"])
            with self.lock:
                self.store.remove_graph(graph)
                self.store.load(seen.body, format=ox.RdfFormat.TURTLE, to_graph=graph)
            answer(request, 204)
        elif "graph" in params and seen.method == "DELETE":
            with self.lock:
                self.store.remove_graph(ox.NamedNode(params["graph"]))
            answer(request, 204)
        else:
            answer(request, 400, b"no query, update or graph")

    def graphs(self) -> dict[str, set[ox.Quad]]:
        """Every named graph and its quads."""
        return {g.value: set(self.store.quads_for_pattern(None, None, None, g))
                for g in self.store.named_graphs()}


def fail_nth(n: int, how: Callable[[http.server.BaseHTTPRequestHandler, Seen], None],
             methods: tuple[str, ...] = ("POST", "PUT")):
    """A fault hook: the ``n``-th request with one of ``methods`` is answered by ``how``."""
    counter = {"n": 0}

    def fault(request, seen: Seen, _number: int) -> bool:
        if seen.method not in methods or "query=" in seen.path or seen.body.startswith(b"query="):
            return False
        counter["n"] += 1
        if counter["n"] == n:
            how(request, seen)
            return True
        return False
    return fault


# ------------------------------------------------------------------ a fault proxy

class Proxy:
    """Forwards to ``upstream`` (e.g. a real Oxigraph server); ``fault`` may answer instead."""

    def __init__(self, upstream: str) -> None:
        self.upstream = urllib.parse.urlsplit(upstream)
        self.fault: Callable[[http.server.BaseHTTPRequestHandler, Seen, int], bool] | None = None
        self.count = 0

    def __call__(self, request, seen: Seen) -> None:
        self.count += 1
        if self.fault is not None and self.fault(request, seen, self.count):
            return
        conn = http.client.HTTPConnection(self.upstream.hostname, self.upstream.port, timeout=60)
        headers = {k: v for k, v in seen.headers.items()
                   if k.lower() not in ("host", "connection", "content-length")}
        conn.request(seen.method, seen.path, body=seen.body, headers=headers)
        response = conn.getresponse()
        body = response.read()
        conn.close()
        answer(request, response.status, body,
               response.getheader("Content-Type") or "application/octet-stream")


# ------------------------------------------------------------------ the Oxigraph server

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def oxigraph_binary() -> str | None:
    beside_python = Path(sys.executable).with_name("oxigraph")
    return shutil.which("oxigraph") or (str(beside_python) if beside_python.exists() else None)


def wait_until_up(url: str, process: subprocess.Popen, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"server at {url} did not answer within {seconds} s")


class Oxigraph:
    def __init__(self, port: int) -> None:
        base = f"http://{LOOPBACK}:{port}"
        self.base = base
        self.query, self.update, self.store = base + "/query", base + "/update", base + "/store"


@contextlib.contextmanager
def oxigraph_server(location: Path) -> Iterator[Oxigraph | None]:
    """``oxigraph serve`` on a free loopback port (None when the binary is not installed)."""
    binary = oxigraph_binary()
    if binary is None:
        yield None
        return
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--location", str(location), "--bind", f"{LOOPBACK}:{port}",
         "--union-default-graph"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        server = Oxigraph(port)
        wait_until_up(server.query + "?query=ASK%7B%7D", process)
        yield server
    finally:
        stop(process, 10)
