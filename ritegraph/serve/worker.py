"""The query worker: a process that opens the store read-only once and answers jobs.

A job is ``("query", QueryJob)``, ``("describe", iri)``, ``("view", iri)`` or
``("view", (iri, witness))`` (what a page shows),
``("search", text)`` or ``("check", rite or None)``; the answer is a :class:`Reply`. The
server kills a worker that is still busy at the deadline (pyoxigraph cannot interrupt a query),
so everything slow (parsing, evaluation, iterating the solutions, serialising) happens here.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from dataclasses import asdict, dataclass, field
from functools import cache, lru_cache
from multiprocessing.connection import Connection

import pyoxigraph as ox

from ..localrun import exit_with_parent, limit_memory, memory_limit_mb
from ..read import RiteGraph
from ..read.describe import describe
from ..read.views import view
from ..results import prefixes_for
from ..vocab import BASE, PREFIXES
from .conneg import GRAPHS, RESULTS, Format, listing, negotiate


@dataclass(frozen=True)
class QueryJob:
    text: str
    accept: str | None
    max_rows: int
    default_graphs: tuple[str, ...] = ()
    named_graphs: tuple[str, ...] = ()


@dataclass
class Reply:
    status: int
    media_type: str
    body: bytes
    truncated: bool = False
    headers: dict[str, str] = field(default_factory=dict)


class Refused(Exception):
    """A query the endpoint does not run: ``status`` and a message for the client."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def text_reply(status: int, message: str) -> Reply:
    return Reply(status, "text/plain; charset=utf-8", (message.rstrip() + "\n").encode())


# ------------------------------------------------------------------------ read-only checks

_NOT_CODE = re.compile(r'''"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^'\\]|\\.|'(?!''))*\'\'\''''
                       r'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|<[^<>"{}|^`\\\s]*>|#[^\n]*''')
_SERVICE_TOKEN = re.compile(r"(?<![\w:?$@.-])SERVICE(?![\w:.-])", re.I)


def _has_service(node: object) -> bool:
    """Whether an rdflib parse tree holds a ``ServiceGraphPattern``."""
    from rdflib.plugins.sparql.parserutils import CompValue

    if isinstance(node, CompValue):
        return node.name == "ServiceGraphPattern" or any(_has_service(v) for v in node.values())
    if isinstance(node, list | tuple) or type(node).__name__ == "ParseResults":
        return any(_has_service(v) for v in node)
    return False


@lru_cache(maxsize=512)
def check_query(text: str) -> None:
    """Refuse updates (403) and ``SERVICE`` (400).

    rdflib's SPARQL parser finds a ``ServiceGraphPattern`` anywhere in the parse tree; a scan of
    the tokens outside strings, IRIs and comments also catches a ``SERVICE`` that rdflib does
    not see (in a query it cannot parse, which pyoxigraph then parses, reporting any error).
    """
    from pyparsing import ParseException
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate

    tokens_say = bool(_SERVICE_TOKEN.search(_NOT_CODE.sub(" ", text)))
    try:
        tree = parseQuery(text)
    except ParseException:
        try:
            parseUpdate(text)
        except ParseException:
            tree = None
        else:
            raise Refused(403, "this endpoint is read-only: SPARQL updates are refused") from None
    if tokens_say or (tree is not None and _has_service(tree)):
        raise Refused(400, "SERVICE is not allowed: this endpoint queries only its own graph")


# ------------------------------------------------------------------------ running


def evaluate(store: ox.Store, job: QueryJob):
    """The pyoxigraph answer; default graph = union of the named graphs unless given."""
    kwargs: dict = {"use_default_graph_as_union": not job.default_graphs}
    if job.default_graphs:
        kwargs["default_graph"] = [ox.NamedNode(g) for g in job.default_graphs]
    if job.named_graphs:
        kwargs["named_graphs"] = [ox.NamedNode(g) for g in job.named_graphs]
    try:
        return store.query(job.text, **kwargs)
    except SyntaxError as exc:
        raise Refused(400, f"the query does not parse: {exc}") from exc
    except ValueError as exc:
        raise Refused(400, f"bad request: {exc}") from exc


def _choose(job: QueryJob, offers: tuple[Format, ...]) -> Format:
    chosen = negotiate(job.accept, offers)
    if chosen is None:
        raise Refused(406, f"no acceptable format for this result (Accept: {job.accept}); "
                           f"this query can answer in {listing(offers)}")
    return chosen


def solutions_reply(answer: ox.QuerySolutions, job: QueryJob) -> Reply:
    """At most ``max_rows`` solutions, written by pyoxigraph (through TSV, which is exact)."""
    chosen = _choose(job, RESULTS)
    names = [v.value for v in answer.variables]
    rows = list(itertools.islice(answer, job.max_rows + 1))
    truncated = len(rows) > job.max_rows
    lines = ["\t".join("?" + n for n in names)]
    for solution in rows[: job.max_rows]:
        lines.append("\t".join("" if solution[n] is None else str(solution[n]) for n in names))
    capped = ox.parse_query_results("\n".join(lines) + "\n", ox.QueryResultsFormat.TSV)
    return Reply(200, chosen.content_type, capped.serialize(format=chosen.writer), truncated)


def triples_reply(answer: ox.QueryTriples, job: QueryJob) -> Reply:
    chosen = _choose(job, GRAPHS)
    triples = list(itertools.islice(answer, job.max_rows + 1))
    kept = triples[: job.max_rows]
    body = ox.serialize(kept, format=chosen.writer, prefixes=prefixes_for(kept, PREFIXES))
    return Reply(200, chosen.content_type, body, len(triples) > job.max_rows)


def run_query(store: ox.Store, job: QueryJob) -> Reply:
    try:
        check_query(job.text)
        answer = evaluate(store, job)
        if isinstance(answer, ox.QueryBoolean):
            chosen = _choose(job, RESULTS)
            return Reply(200, chosen.content_type, answer.serialize(format=chosen.writer))
        if isinstance(answer, ox.QuerySolutions):
            return solutions_reply(answer, job)
        return triples_reply(answer, job)
    except Refused as exc:
        return text_reply(exc.status, str(exc))


def run_describe(store: ox.Store, iri: str) -> Reply:
    triples = describe(store, iri)
    if not triples:
        return text_reply(404, f"nothing is known about <{iri}>")
    return Reply(200, "application/n-triples", ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES))


def json_reply(data: object) -> Reply:
    return Reply(200, "application/json", json.dumps(data, ensure_ascii=False).encode())


def run_check_page(store: ox.Store, rite: str | None) -> Reply:
    """The ``ritegraph check`` report as HTML (without the SHACL part), of one rite or all."""
    from ..check import load_config, report_json, run_check
    from ..check.render import render_html

    report = run_check(store, load_config(None), [rite] if rite else None, shacl=False)
    html = render_html(report_json(report)).replace('href="' + BASE, 'href="/')
    return Reply(200, "text/html; charset=utf-8", html.encode())


def run_view(store: ox.Store, payload: object) -> Reply:
    """A page's view: ``iri`` or ``(iri, witness)``; a witness no file name contains is 400,
    naming the files (the rule of ``ritegraph query --witness``)."""
    iri, witness = payload if isinstance(payload, tuple) else (str(payload), "")
    if witness:
        from ..errors import UsageError
        from ..query import LocalTarget, check_witness

        try:
            check_witness(LocalTarget(store, "the served store"), witness)
        except UsageError as exc:
            return text_reply(400, str(exc))
    return json_reply(view(store, iri, witness))


def handle(store: ox.Store, kind: str, payload: object) -> Reply:
    if kind == "query":
        return run_query(store, payload)  # type: ignore[arg-type]
    if kind == "describe":
        return run_describe(store, str(payload))
    if kind == "view":  # what a resource's HTML page shows beyond its triples
        return run_view(store, payload)
    if kind == "search":
        found = graph_of(store).search(str(payload))
        return json_reply([asdict(c) | {"key": c.key} for c in found])
    if kind == "check":
        return run_check_page(store, payload or None)  # type: ignore[arg-type]
    return text_reply(500, f"unknown job {kind!r}")


@cache
def graph_of(store: ox.Store) -> RiteGraph:
    """The worker's read-layer graph (its label index is built once)."""
    return RiteGraph(store)


def main(conn: Connection, store_path: str, parent: int) -> None:
    """The worker process: open the store, say ``ready``, answer jobs until the pipe closes."""
    exit_with_parent(parent)
    try:
        limit_memory(memory_limit_mb())  # a runaway query fails in this worker, not the host
        store = ox.Store.read_only(store_path)
        check_query("ASK {}")  # import and warm up the parser before the first request
    except Exception as exc:  # reported to the server, which stops with the message
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready", os.getpid()))
    while True:
        try:
            kind, payload = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = handle(store, kind, payload)
        except Exception as exc:
            reply = text_reply(500, f"internal error: {type(exc).__name__}: {exc}")
        conn.send(reply)
