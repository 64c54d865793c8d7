"""Upload the store's named graphs to a SPARQL 1.1 server, replacing them, and verify the counts.

Each named graph goes up by the SPARQL 1.1 Graph Store HTTP Protocol (``PUT ?graph=IRI``, which
replaces the graph: pushing twice never duplicates), or, where the server only has an update
endpoint, by SPARQL Update (``DROP SILENT GRAPH`` then ``INSERT DATA`` in chunks). Afterwards the
triple count of every graph is read back through the query endpoint and compared.
"""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pyoxigraph as ox

from .errors import RemoteError
from .query import RemoteTarget, credentials, redact
from .store import named_graphs

CHUNK_TRIPLES = 5000  # triples per INSERT DATA request
#: HTTP statuses that mean "no Graph Store here": fall back to SPARQL Update.
NO_GRAPH_STORE = {404, 405, 406, 415, 501}


@dataclass
class GraphPush:
    graph: str
    local: int
    remote: int | None = None
    method: str = ""
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.remote == self.local

    def line(self) -> str:
        state = "ok" if self.ok else f"FAILED ({self.error or f'{self.remote} triples remote'})"
        return f"{self.graph}  {self.local} triples  {self.method or '-'}  {state}"


@dataclass
class PushReport:
    endpoint: str
    graphs: list[GraphPush] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(g.ok for g in self.graphs)

    def summary(self) -> str:
        return "\n".join(g.line() for g in self.graphs)


class Http:
    """Minimal HTTP client with optional basic/digest credentials; errors → RemoteError."""

    def __init__(self, timeout: float, auth: tuple[str, str] | None = None) -> None:
        self.timeout = timeout
        handlers: list[urllib.request.BaseHandler] = []
        if auth is not None:
            manager = urllib.request.HTTPPasswordMgrWithDefaultRealm()
            manager.add_password(None, "http://", *auth)
            manager.add_password(None, "https://", *auth)
            handlers += [urllib.request.HTTPBasicAuthHandler(manager),
                         urllib.request.HTTPDigestAuthHandler(manager)]
        self.opener = urllib.request.build_opener(*handlers)

    def send(self, method: str, url: str, body: bytes, content_type: str) -> int:
        """Send ``body``; return the HTTP status (raises :class:`RemoteError` when unreachable)."""
        request = urllib.request.Request(url, data=body, method=method,
                                         headers={"Content-Type": content_type})
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code
        except urllib.error.URLError as exc:
            raise RemoteError(f"{redact(url)}: unreachable ({exc.reason})") from exc
        except TimeoutError as exc:
            raise RemoteError(f"{redact(url)}: timed out after {self.timeout:g} s") from exc


def graph_lines(store: ox.Store, graph: str) -> list[bytes]:
    """The graph as N-Triples lines."""
    data = store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.NamedNode(graph))
    return [line for line in data.splitlines() if line.strip()]


def chunks(lines: list[bytes], size: int) -> Iterator[list[bytes]]:
    """Chunks of ``size`` lines; a graph with blank nodes stays whole (they must not split)."""
    if any(b"_:" in line for line in lines):
        yield lines
        return
    for i in range(0, len(lines), size):
        yield lines[i:i + size]


def put_graph(http: Http, graph_store: str, graph: str, lines: list[bytes]) -> int:
    """Replace ``graph`` by PUT (Graph Store Protocol); return the HTTP status."""
    url = graph_store + ("&" if "?" in graph_store else "?") + urllib.parse.urlencode(
        {"graph": graph})
    # N-Triples is a subset of Turtle, and every graph store reads text/turtle.
    return http.send("PUT", url, b"\n".join(lines) + b"\n", "text/turtle; charset=utf-8")


def update_graph(http: Http, update: str, graph: str, lines: list[bytes],
                 chunk: int = CHUNK_TRIPLES) -> None:
    """Replace ``graph`` by SPARQL Update: DROP SILENT, then INSERT DATA chunk by chunk."""
    iri = str(ox.NamedNode(graph))
    requests = [f"DROP SILENT GRAPH {iri}"]
    for part in chunks(lines, chunk):
        body = b"\n".join(part).decode("utf-8")
        requests.append(f"INSERT DATA {{ GRAPH {iri} {{\n{body}\n}} }}")
    for text in requests:
        status = http.send("POST", update, urllib.parse.urlencode({"update": text}).encode(),
                           "application/x-www-form-urlencoded")
        if not 200 <= status < 300:
            raise RemoteError(f"update endpoint {redact(update)}: HTTP {status}")


def remote_count(target: RemoteTarget, graph: str) -> int:
    text = f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH {ox.NamedNode(graph)} {{ ?s ?p ?o }} }}"
    rows = target.select(text).rows
    return int(rows[0]["n"].value) if rows else 0


def push(store: ox.Store, endpoint: str, *, graph_store: str | None = None,
         update: str | None = None, timeout: float = 120.0,
         graphs: list[str] | None = None,
         progress: Callable[[GraphPush], None] | None = None) -> PushReport:
    """Upload ``graphs`` (default: every named graph of ``store``); verify triple counts.

    Uses the Graph Store at ``graph_store`` when given, falling back to SPARQL Update at
    ``update`` (default: ``endpoint``) when the server has no Graph Store there. Never raises for
    one graph's failure: the report says which graphs made it.
    """
    auth = credentials()
    http = Http(timeout, auth)
    target = RemoteTarget(endpoint, timeout=timeout, auth=auth)
    report = PushReport(redact(endpoint))
    use_graph_store = graph_store is not None
    for graph in graphs if graphs is not None else named_graphs(store):
        lines = graph_lines(store, graph)
        item = GraphPush(graph, len(lines))
        report.graphs.append(item)
        try:
            if use_graph_store:
                status = put_graph(http, graph_store, graph, lines)
                if status in NO_GRAPH_STORE:
                    use_graph_store = False
                elif not 200 <= status < 300:
                    raise RemoteError(f"graph store {redact(graph_store)}: HTTP {status}")
                else:
                    item.method = "graph store PUT"
            if not use_graph_store:
                update_graph(http, update or endpoint, graph, lines)
                item.method = "SPARQL Update"
            item.remote = remote_count(target, graph)
            if item.remote != item.local:
                item.error = f"{item.remote} triples on the server, {item.local} expected"
        except RemoteError as exc:
            item.error = str(exc)
        if progress is not None:
            progress(item)
    return report
