"""The HTTP client of ``query --endpoint`` and ``push``: one deadline per request, credentials
only for the endpoint's own origin, every failure a :class:`RemoteError`.

- **Deadline**: ``timeout`` bounds the whole request (connecting, sending, every redirect and
  authentication round, the status line, the headers and the body), not each socket read: a
  watchdog shuts the socket at the deadline, so a server that dribbles a byte a second cannot
  keep a request alive.
- **Redirects**: followed (at most :data:`MAX_REDIRECTS`), but with credentials only to the
  same origin (scheme, host, port); a redirect elsewhere is refused, naming the target
  (credentials are never sent to it). 301/302/303 are followed for GET only (a POST or PUT
  redirected that way would lose its body); 307/308 keep the method and the body.
- **Credentials**: Basic is sent with the first request, Digest answers the server's challenge;
  both only to the origin of the URL the request was made for.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import urllib.parse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import RemoteError

if TYPE_CHECKING:  # http.client, ssl and urllib.request are imported when a request is made:
    import http.client  # a local query need not pay for them
    from email.message import Message

MAX_REDIRECTS = 5
MAX_RESPONSE_BYTES = 1 << 30  # an answer larger than this is refused (memory bound)
CHUNK = 1 << 16
REDIRECTS = {301, 302, 303, 307, 308}


def redact(url: str) -> str:
    """The URL without any user:password part."""
    parts = urllib.parse.urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    return urllib.parse.urlunsplit(parts._replace(netloc=host))


def where(url: str) -> str:
    """The URL for a message: redacted, without its query string (which may be long)."""
    parts = urllib.parse.urlsplit(redact(url))
    return urllib.parse.urlunsplit(parts._replace(query="", fragment=""))


def origin(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of an http(s) URL, the port made explicit."""
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError as exc:
        raise RemoteError(f"{redact(url)}: bad port ({exc})") from exc
    return scheme, (parts.hostname or "").lower(), port or (443 if scheme == "https" else 80)


@dataclass
class Response:
    status: int
    reason: str
    headers: Message
    body: bytes
    url: str  # where the answer came from (after redirects)

    @property
    def media_type(self) -> str:
        return (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class _Watchdog:
    """Shuts a connection's socket at the deadline (unblocking any read or write on it)."""

    def __init__(self, conn: http.client.HTTPConnection, seconds: float) -> None:
        self.conn, self.fired = conn, False
        self.timer = threading.Timer(max(seconds, 0.0), self._fire)
        self.timer.daemon = True

    def _fire(self) -> None:
        self.fired = True
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def __enter__(self) -> _Watchdog:
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.timer.cancel()


class Client:
    """HTTP requests with a whole-request deadline, a redirect policy and origin-bound
    credentials (``auth`` = (user, password), ``auth_scheme`` = ``basic`` or ``digest``)."""

    def __init__(self, timeout: float, auth: tuple[str, str] | None = None,
                 auth_scheme: str = "basic", max_bytes: int = MAX_RESPONSE_BYTES) -> None:
        if not timeout > 0:
            raise RemoteError(f"the timeout must be a positive number of seconds, not {timeout}")
        self.timeout, self.auth, self.max_bytes = float(timeout), auth, max_bytes
        self.auth_scheme = (auth_scheme or "basic").lower()

    def request(self, method: str, url: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> Response:
        """One request, following the redirects the policy allows; the answer of any status.
        :class:`RemoteError` when no complete answer came within the deadline."""
        deadline = time.monotonic() + self.timeout
        home = origin(url)
        headers = dict(headers or {})
        digest: str | None = None
        for _ in range(MAX_REDIRECTS + 1):
            authorization = self._authorization(url, home, digest)
            response = self._once(method, url, body, headers, authorization, deadline)
            if response.status == 401 and digest is None and self._digest_wanted(url, home):
                digest = self._digest(method, url, body, response)
                if digest is not None:
                    continue
            if response.status not in REDIRECTS or not response.headers.get("Location"):
                return response
            method, body, url = self._follow(method, body, url, response, home)
            digest = None
        raise RemoteError(f"{where(url)}: more than {MAX_REDIRECTS} redirects")

    # -- credentials --------------------------------------------------------------------

    def _authorization(self, url: str, home: tuple[str, str, int],
                       digest: str | None) -> str | None:
        if self.auth is None or origin(url) != home:
            return None
        if digest is not None:
            return digest
        if self.auth_scheme == "digest":
            return None  # sent in answer to the server's challenge
        import base64

        token = base64.b64encode(f"{self.auth[0]}:{self.auth[1]}".encode()).decode("ascii")
        return f"Basic {token}"

    def _digest_wanted(self, url: str, home: tuple[str, str, int]) -> bool:
        return self.auth is not None and self.auth_scheme == "digest" and origin(url) == home

    def _digest(self, method: str, url: str, body: bytes | None,
                response: Response) -> str | None:
        """The ``Authorization`` answering a Digest challenge (None if there is none)."""
        challenge = response.headers.get("WWW-Authenticate") or ""
        scheme, _, rest = challenge.partition(" ")
        if scheme.lower() != "digest" or self.auth is None:
            return None
        import urllib.request

        manager = urllib.request.HTTPPasswordMgrWithDefaultRealm()
        manager.add_password(None, url, *self.auth)
        handler = urllib.request.AbstractDigestAuthHandler(manager)
        fields = urllib.request.parse_keqv_list(
            filter(None, urllib.request.parse_http_list(rest)))
        value = handler.get_authorization(urllib.request.Request(url, data=body, method=method),
                                          fields)
        return f"Digest {value}" if value else None

    # -- redirects ----------------------------------------------------------------------

    def _follow(self, method: str, body: bytes | None, url: str, response: Response,
                home: tuple[str, str, int]) -> tuple[str, bytes | None, str]:
        """(method, body, url) of the redirected request, or :class:`RemoteError`."""
        target = urllib.parse.urljoin(url, response.headers["Location"])
        said = f"{where(url)}: redirected (HTTP {response.status}) to {redact(target)}"
        if urllib.parse.urlsplit(target).scheme.lower() not in ("http", "https"):
            raise RemoteError(f"{said}: not an http(s) URL; not followed")
        if self.auth is not None and origin(target) != home:
            raise RemoteError(
                f"{said}, another origin: not followed, so that the credentials are not sent "
                f"there; if you trust it, give that URL as the endpoint")
        if response.status in (307, 308):
            return method, body, target
        if method in ("GET", "HEAD"):
            return method, None, target
        raise RemoteError(f"{said}: a {method} is only followed on 307/308 (it would lose its "
                          f"body); give that URL instead")

    # -- one exchange -------------------------------------------------------------------

    def _once(self, method: str, url: str, body: bytes | None, headers: dict[str, str],
              authorization: str | None, deadline: float) -> Response:
        import http.client
        import ssl

        parts = urllib.parse.urlsplit(url)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise self._timed_out(url)
        scheme, host, port = origin(url)
        if scheme == "https":
            conn: http.client.HTTPConnection = http.client.HTTPSConnection(
                host, port, timeout=remaining, context=ssl.create_default_context())
        elif scheme == "http":
            conn = http.client.HTTPConnection(host, port, timeout=remaining)
        else:
            raise RemoteError(f"{where(url)}: not an http(s) URL")
        selector = urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, ""))
        sent = {**headers, "Connection": "close"}
        if authorization is not None:
            sent["Authorization"] = authorization
        watchdog = _Watchdog(conn, remaining)
        try:
            with watchdog:
                conn.request(method, selector, body=body, headers=sent)
                answer = conn.getresponse()
                data = self._read(answer, url)
            return Response(answer.status, answer.reason, answer.headers, data, url)
        except RemoteError:
            raise
        except (OSError, http.client.HTTPException, ValueError) as exc:
            if watchdog.fired or isinstance(exc, TimeoutError):
                raise self._timed_out(url) from exc
            raise _failure(url, exc) from exc
        finally:
            conn.close()

    def _read(self, answer: http.client.HTTPResponse, url: str) -> bytes:
        chunks, size = [], 0
        while True:
            chunk = answer.read1(CHUNK)
            if not chunk:
                break
            size += len(chunk)
            if size > self.max_bytes:
                raise RemoteError(f"{where(url)}: the answer is larger than "
                                  f"{self.max_bytes >> 20} MiB; refused")
            chunks.append(chunk)
        if answer.length:  # a Content-Length that was not met
            import http.client

            raise http.client.IncompleteRead(b"".join(chunks), answer.length)
        return b"".join(chunks)

    def _timed_out(self, url: str) -> RemoteError:
        return RemoteError(f"{where(url)}: timed out after {self.timeout:g} s (no complete "
                           f"answer within the deadline; raise it with --timeout)")


def _failure(url: str, exc: BaseException) -> RemoteError:
    """A RemoteError saying what went wrong on the wire."""
    import http.client
    import ssl

    said = where(url)
    if isinstance(exc, http.client.IncompleteRead | http.client.RemoteDisconnected
                  | ConnectionResetError | BrokenPipeError):
        return RemoteError(f"{said}: the connection was closed before the answer was complete "
                           f"({type(exc).__name__})")
    if isinstance(exc, ConnectionRefusedError | socket.gaierror):
        return RemoteError(f"{said}: unreachable ({exc})")
    if isinstance(exc, ssl.SSLError):
        return RemoteError(f"{said}: TLS failed ({exc})")
    if isinstance(exc, http.client.HTTPException):
        return RemoteError(f"{said}: not a valid HTTP answer ({type(exc).__name__}: {exc})")
    return RemoteError(f"{said}: unreachable or failed ({type(exc).__name__}: {exc})")


def first_lines(body: bytes, limit: int = 300) -> str:
    """The first few non-empty lines of an answer body, as one short line."""
    text = body[:4096].decode("utf-8", errors="replace")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return " ".join(lines[:3])[:limit]
