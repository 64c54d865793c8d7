"""Upload the store's named graphs to a SPARQL 1.1 server, replacing them, without ever losing
what the server had: stage, verify, swap, report exactly.

1. **Before**: the triple count of every target graph is read (the previous state, reported).
2. **Stage**: each graph goes into a staging graph of its own, ``<graph>/.ritegraph-staging-
   <token>``: by the Graph Store Protocol (``PUT ?graph=staging``) or, where the server has no
   Graph Store, by SPARQL Update (``INSERT DATA`` in chunks). Each staging graph's triple count
   is verified through the query endpoint. Nothing the server had is touched yet: when any
   staging fails, every staging graph is dropped and every graph keeps its previous state.
3. **Swap**: with an update endpoint, one request ``MOVE GRAPH <staging> TO GRAPH <graph> ; …``
   (a single transaction on servers that run an update request atomically, e.g. Oxigraph);
   with a Graph Store only, a ``PUT`` of each complete graph, then ``DELETE`` of its staging.
4. **Verify and report**: every graph's count is read again. A graph is *replaced* (verified),
   *kept* (its previous count is there and its staging graph intact), or *unknown* (neither:
   the report gives what is there now). Staging graphs that could not be dropped are named.
"""

from __future__ import annotations

import secrets
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pyoxigraph as ox

from .errors import RemoteError
from .query import ENV_AUTH, RemoteTarget, credentials
from .remote import Client, Response, first_lines, redact
from .store import named_graphs

CHUNK_TRIPLES = 5000  # triples per INSERT DATA request
#: HTTP statuses that mean "no Graph Store here": fall back to SPARQL Update.
NO_GRAPH_STORE = {404, 405, 406, 415, 501}
STAGING = "/.ritegraph-staging-"

REPLACED, KEPT, UNKNOWN, PENDING = "replaced", "kept", "unknown", "pending"


@dataclass
class GraphPush:
    graph: str
    local: int
    remote: int | None = None  # triples in the graph on the server after the push
    previous: int | None = None  # triples in the graph on the server before the push
    method: str = ""
    error: str | None = None
    state: str = PENDING
    staging: str = ""
    swapped: bool = False  # the swap of this graph was answered with success

    @property
    def ok(self) -> bool:
        return self.error is None and self.state == REPLACED and self.remote == self.local

    def line(self) -> str:
        head = f"{self.graph}  {self.local} triples  {self.method or '-'}  "
        if self.ok:
            return head + "replaced (verified)"
        why = f"FAILED ({self.error})" if self.error else "not pushed"
        if self.state == KEPT:
            return head + f"{why}; kept its previous state ({self.previous} triples)"
        if self.state == REPLACED:
            return head + f"{why}; replaced, but {self.remote} triples on the server"
        return head + (f"{why}; state unknown: {self.remote} triples on the server now "
                       f"(had {self.previous}, pushed {self.local})")


@dataclass
class PushReport:
    endpoint: str
    graphs: list[GraphPush] = field(default_factory=list)
    error: str | None = None  # the failure that stopped the push
    staging_left: list[str] = field(default_factory=list)  # could not be dropped

    @property
    def ok(self) -> bool:
        return self.error is None and all(g.ok for g in self.graphs)

    def in_state(self, state: str) -> list[str]:
        return [g.graph for g in self.graphs if g.state == state and (state != REPLACED or g.ok)]

    def summary(self) -> str:
        lines = [g.line() for g in self.graphs]
        if self.error:
            lines.append(f"stopped: {self.error}")
        if self.staging_left:
            lines.append("staging graphs left on the server (drop them with DROP GRAPH): "
                         + ", ".join(self.staging_left))
        return "\n".join(lines)


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


def _check(response: Response, what: str) -> Response:
    if not response.ok:
        detail = first_lines(response.body, 200)
        raise RemoteError(f"{what}: HTTP {response.status} {response.reason}".rstrip()
                          + (f": {detail}" if detail else ""))
    return response


def _graph_url(graph_store: str, graph: str) -> str:
    return graph_store + ("&" if "?" in graph_store else "?") + urllib.parse.urlencode(
        {"graph": graph})


def put_graph(http: Client, graph_store: str, graph: str, lines: list[bytes]) -> Response:
    """PUT ``lines`` as graph ``graph`` (Graph Store Protocol); the answer of any status."""
    # N-Triples is a subset of Turtle, and every graph store reads text/turtle.
    return http.request("PUT", _graph_url(graph_store, graph), b"\n".join(lines) + b"\n",
                        {"Content-Type": "text/turtle; charset=utf-8"})


def send_update(http: Client, update: str, text: str) -> None:
    """One SPARQL Update request; :class:`RemoteError` unless it succeeded."""
    body = urllib.parse.urlencode({"update": text}).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    _check(http.request("POST", update, body, headers), f"update endpoint {redact(update)}")


def update_graph(http: Client, update: str, graph: str, lines: list[bytes],
                 chunk: int = CHUNK_TRIPLES) -> None:
    """Fill ``graph`` by SPARQL Update: DROP SILENT, then INSERT DATA chunk by chunk (for a
    staging graph: the real graph is only ever replaced by :func:`swap`)."""
    iri = str(ox.NamedNode(graph))
    send_update(http, update, f"DROP SILENT GRAPH {iri}")
    for part in chunks(lines, chunk):
        body = b"\n".join(part).decode("utf-8")
        send_update(http, update, f"INSERT DATA {{ GRAPH {iri} {{\n{body}\n}} }}")


def remote_count(target: RemoteTarget, graph: str) -> int:
    text = f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH {ox.NamedNode(graph)} {{ ?s ?p ?o }} }}"
    rows = target.select(text).rows
    try:
        return int(rows[0]["n"].value) if rows else 0
    except (KeyError, ValueError) as exc:
        raise RemoteError(f"endpoint {target.description}: a COUNT answered "
                          f"{rows[0]!r}, not a number") from exc


@dataclass
class Remote:
    """Where and how graphs are written: Graph Store (``graph_store``), else SPARQL Update."""

    http: Client
    target: RemoteTarget
    graph_store: str | None
    update: str
    update_given: bool

    def write(self, graph: str, lines: list[bytes]) -> str:
        """Replace ``graph`` (a staging graph) by ``lines``; the method used."""
        if self.graph_store is not None:
            response = put_graph(self.http, self.graph_store, graph, lines)
            if response.status not in NO_GRAPH_STORE:
                _check(response, f"graph store {redact(self.graph_store)}")
                return "graph store PUT"
            self.graph_store = None  # no Graph Store there: SPARQL Update from now on
        update_graph(self.http, self.update, graph, lines)
        return "SPARQL Update"

    def drop(self, graph: str) -> bool:
        """Remove ``graph``; whether that worked."""
        try:
            if self.graph_store is not None and not self.update_given:
                response = self.http.request("DELETE", _graph_url(self.graph_store, graph))
                return response.ok or response.status == 404
            send_update(self.http, self.update, f"DROP SILENT GRAPH {ox.NamedNode(graph)}")
            return True
        except RemoteError:
            return False

    def count(self, graph: str) -> int | None:
        try:
            return remote_count(self.target, graph)
        except RemoteError:
            return None


def staging_iri(graph: str, token: str) -> str:
    return f"{graph}{STAGING}{token}"


def stage(remote: Remote, store: ox.Store, items: list[GraphPush]) -> None:
    """Write every graph into its staging graph and verify its count; RemoteError on failure."""
    for item in items:
        item.method = remote.write(item.staging, graph_lines(store, item.graph))
        staged = remote_count(remote.target, item.staging)
        if staged != item.local:
            raise RemoteError(f"staging graph <{item.staging}> has {staged} triples on the "
                              f"server, {item.local} expected")


def swap(remote: Remote, store: ox.Store, items: list[GraphPush]) -> None:
    """Replace every graph by its verified staging graph."""
    if remote.graph_store is None or remote.update_given:
        operations = [f"MOVE GRAPH {ox.NamedNode(i.staging)} TO GRAPH {ox.NamedNode(i.graph)}"
                      if i.local else f"DROP SILENT GRAPH {ox.NamedNode(i.graph)}"
                      for i in items]
        send_update(remote.http, remote.update, " ;\n".join(operations))
        for item in items:
            item.swapped = True
        return
    for item in items:  # a Graph Store only: PUT the complete graph, then drop its staging
        _check(put_graph(remote.http, remote.graph_store, item.graph,
                         graph_lines(store, item.graph)),
               f"graph store {redact(remote.graph_store)}")
        item.swapped = True
        remote.drop(item.staging)


def settle(remote: Remote, item: GraphPush, attempted: bool) -> None:
    """Read what the server has now and say exactly which state ``item``'s graph is in
    (``attempted``: the swap had begun)."""
    item.remote = remote.count(item.graph)
    staged = remote.count(item.staging)
    if item.remote is None:
        item.state = UNKNOWN
    elif item.swapped and item.remote == item.local:
        item.state = REPLACED
    elif not attempted:  # only staging graphs were written
        item.state = KEPT if item.remote == item.previous else UNKNOWN
    elif staged == item.local and item.remote == item.previous:
        item.state = KEPT  # its staging graph is intact: it was not moved
    elif staged == 0 and item.remote == item.local:
        item.state = REPLACED  # moved, although the answer to the swap was lost
        item.swapped = True
    else:
        item.state = UNKNOWN


def push(store: ox.Store, endpoint: str, *, graph_store: str | None = None,
         update: str | None = None, timeout: float = 120.0,
         graphs: list[str] | None = None,
         progress: Callable[[GraphPush], None] | None = None) -> PushReport:
    """Upload ``graphs`` (default: every named graph of ``store``) by staging and swapping.

    Uses the Graph Store at ``graph_store`` when given, falling back to SPARQL Update at
    ``update`` (default: ``endpoint``) when the server has no Graph Store there. Never raises
    for a remote failure: the report says which graphs were replaced, which kept their
    previous state, and which are in an unknown state.
    """
    auth = credentials()
    http = Client(timeout, auth, _auth_scheme())
    target = RemoteTarget(endpoint, timeout=timeout, auth=auth)
    remote = Remote(http, target, graph_store, update or endpoint, update is not None)
    report = PushReport(redact(endpoint))
    token = secrets.token_hex(6)
    report.graphs = [GraphPush(g, len(graph_lines(store, g)), staging=staging_iri(g, token))
                     for g in (graphs if graphs is not None else named_graphs(store))]
    attempted = False
    try:
        for item in report.graphs:
            item.previous = remote_count(target, item.graph)
        stage(remote, store, report.graphs)
        attempted = True
        swap(remote, store, report.graphs)
    except RemoteError as exc:
        report.error = str(exc)
    _finish(remote, report, attempted)
    if progress is not None:
        for item in report.graphs:
            progress(item)
    return report


def _finish(remote: Remote, report: PushReport, attempted: bool) -> None:
    """Settle every graph's state; drop the staging graphs left behind."""
    for item in report.graphs:
        if item.previous is None:  # stopped before anything was written
            item.state, item.error = KEPT, report.error
            continue
        settle(remote, item, attempted)
        if not item.ok:
            item.error = report.error or (
                f"{item.remote} triples on the server, {item.local} expected")
        staged = remote.count(item.staging)
        if staged != 0 and not remote.drop(item.staging):
            report.staging_left.append(item.staging)


def _auth_scheme() -> str:
    import os

    return (os.environ.get(ENV_AUTH) or "basic").lower()
