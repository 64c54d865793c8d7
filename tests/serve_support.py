"""A real ``ritegraph serve`` on a free loopback port, in a subprocess, for the serve tests."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
START_SECONDS = 90


@dataclass
class Answer:
    status: int
    headers: Message
    body: bytes = field(repr=False)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    @property
    def media_type(self) -> str:
        return (self.headers.get("Content-Type") or "").split(";")[0].strip()


@dataclass
class Server:
    url: str  # ends with "/"
    process: subprocess.Popen

    def request(self, path: str, *, data: bytes | None = None, headers: dict | None = None,
                method: str | None = None, timeout: float = 60) -> Answer:
        """One real HTTP request; HTTP errors are answers too."""
        req = urllib.request.Request(urllib.parse.urljoin(self.url, path.lstrip("/")),
                                     data=data, headers=headers or {}, method=method)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(req, timeout=timeout) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as exc:
            return Answer(exc.code, exc.headers, exc.read())

    def get(self, path: str, accept: str | None = None, **kwargs) -> Answer:
        return self.request(path, headers={"Accept": accept} if accept else {}, **kwargs)

    def sparql(self, query: str, accept: str | None = None, *, method: str = "GET",
               timeout: float = 60) -> Answer:
        """``query`` by GET ``?query=``, POST ``form`` (urlencoded) or POST ``direct``."""
        headers = {"Accept": accept} if accept else {}
        if method == "GET":
            return self.request("sparql?" + urllib.parse.urlencode({"query": query}),
                                headers=headers, timeout=timeout)
        if method == "form":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            data = urllib.parse.urlencode({"query": query}).encode()
        else:
            headers["Content-Type"] = "application/sparql-query"
            data = query.encode()
        return self.request("sparql", data=data, headers=headers, timeout=timeout)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _drain(stream, sink: list[str]) -> None:
    for line in stream:
        sink.append(line)


@contextlib.contextmanager
def running(store: Path, *options: str) -> Iterator[Server]:
    """``ritegraph serve --store STORE --port 0 OPTIONS…``, until the block ends."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)}
    process = subprocess.Popen(
        [sys.executable, "-m", "ritegraph.cli", "serve", "--store", str(store), "--port", "0",
         *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    errors: list[str] = []
    threading.Thread(target=_drain, args=(process.stderr, errors), daemon=True).start()
    try:
        line = _first_line(process)
        match = re.search(r"(http://\S+/)", line)
        if match is None:
            raise RuntimeError(f"serve did not start: {line!r} {''.join(errors)}")
        threading.Thread(target=_drain, args=(process.stdout, []), daemon=True).start()
        yield Server(match.group(1), process)
    finally:
        stop(process, 15)


def stop(process: subprocess.Popen, timeout: float) -> None:
    """End a server the tests started: terminate, and kill it if it does not stop in time."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


def _first_line(process: subprocess.Popen) -> str:
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(process.stdout.readline()),
                              daemon=True)
    reader.start()
    reader.join(START_SECONDS)
    if not result:
        raise RuntimeError(f"serve printed nothing within {START_SECONDS} s")
    return result[0]
