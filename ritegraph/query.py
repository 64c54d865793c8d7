"""Named SPARQL queries: the catalogue in ``queries/*.rq``, local and remote runs.

A query file starts with header comments::

    #+ summary: one line
    #+ description: what the query answers (may repeat; lines are joined)
    #+ param: object — the object handled (obj:zhi)

and each parameter ``NAME`` has a default block ``VALUES ?NAME { … }`` in the body (one in
each branch that uses it: ``witness``),
bound by :mod:`ritegraph.querytext` (which also predeclares the project's prefixes).

Queries run against a :class:`LocalTarget` (the embedded pyoxigraph store, default graph = union
of the named graphs) or a :class:`RemoteTarget` (any SPARQL 1.1 endpoint, :mod:`ritegraph.remote`).
Both return a :class:`~ritegraph.results.Result` of pyoxigraph terms, so that their answers
compare exactly; :mod:`ritegraph.results` writes them.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pyoxigraph as ox

from .errors import RemoteError, UsageError
from .localrun import answer
from .querytext import (  # noqa: F401 - re-exported: the query API
    PREFIXES,
    bind,
    bind_params,
    lookup_label,
    parse_iri,
    parse_literal,
    parse_param_value,
    query_form,
    query_prefixes,
    undeclared_prefixes,
    with_limit,
    with_prefixes,
)
from .resources import data_dir
from .results import (  # noqa: F401 - re-exported: the query API's result types and formats
    FORMATS,
    GRAPH_FORMATS,
    SOLUTION_FORMATS,
    XSD,
    Result,
    Target,
    Term,
    check_format,
    compact,
    display,
    format_json,
    format_result,
    labels,
    result_from_json,
    result_to_json,
    term_from_json,
    term_to_json,
)

if TYPE_CHECKING:  # the HTTP client is imported only when an endpoint is asked
    from .remote import Response

ENV_USER = "RITEGRAPH_ENDPOINT_USER"
ENV_PASSWORD = "RITEGRAPH_ENDPOINT_PASSWORD"
ENV_AUTH = "RITEGRAPH_ENDPOINT_AUTH"  # "basic" (default) or "digest"
POST_ABOVE = 2000  # URL-encoded query length above which requests are POSTed

# ---------------------------------------------------------------------------------- catalogue

_HEADER = re.compile(r"^#\+\s*(\w+)\s*:\s*(.*?)\s*$")
_PARAM = re.compile(r"^(\w+)\s*[—–-]+\s*(.*?)\s*\(([^()]*)\)\s*$")


class Param(NamedTuple):
    """A declared parameter: ``#+ param: NAME — meaning (default)``."""

    name: str
    meaning: str
    default: str


class NamedQuery(NamedTuple):
    name: str
    text: str
    summary: str = ""
    description: str = ""
    params: tuple[Param, ...] = ()
    path: Path | None = None

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.params) or "none"
        raise UsageError(f"query {self.name!r} has no parameter {name!r} (parameters: {known})")


def parse_header(text: str, source: str = "<query>") -> tuple[str, str, tuple[Param, ...]]:
    """(summary, description, params) from the ``#+`` lines at the top of a query."""
    summary, description, params = "", [], []
    for line in text.splitlines():
        match = _HEADER.match(line)
        if not match:
            continue
        key, value = match.group(1).lower(), match.group(2)
        if key == "summary":
            summary = value
        elif key == "description":
            description.append(value)
        elif key == "param":
            pm = _PARAM.match(value)
            if not pm:
                raise UsageError(f"{source}: bad param header {value!r} "
                                 f"(expected 'NAME — meaning (default)')")
            params.append(Param(pm.group(1), pm.group(2), pm.group(3).strip()))
    return summary, " ".join(description), tuple(params)


def load_query_file(path: Path) -> NamedQuery:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read query file {path}: {exc}") from exc
    summary, description, params = parse_header(text, str(path))
    return NamedQuery(path.stem, text, summary, description, params, path)


def catalogue(directory: Path | None = None) -> dict[str, NamedQuery]:
    """The named queries, by name (file stem), sorted."""
    directory = Path(directory) if directory else data_dir("queries")
    return {p.stem: load_query_file(p) for p in sorted(directory.glob("*.rq"))}


def resolve_query(spec: str, directory: Path | None = None) -> NamedQuery:
    """A named query, or a ``.rq`` file given by path."""
    if spec.endswith(".rq") or os.sep in spec:
        return load_query_file(Path(spec))
    path = (Path(directory) if directory else data_dir("queries")) / f"{spec}.rq"
    if not path.is_file():  # only this file is read: the whole catalogue costs ~2 ms
        raise UsageError(f"no query named {spec!r} (see `ritegraph query --list`)")
    return load_query_file(path)


# ---------------------------------------------------------------------------------- targets


class LocalTarget:
    """The embedded store, its default graph the union of all named graphs."""

    def __init__(self, store: ox.Store, description: str = "the local store") -> None:
        self.store, self.description = store, description

    @classmethod
    def in_memory(cls, store: ox.Store, description: str = "an in-memory copy") -> LocalTarget:
        """A copy of ``store`` in memory (~2 s for the seed graph; queries 3–7× faster than on
        disk): for long-lived processes that run many queries."""
        memory = ox.Store()
        memory.bulk_extend(store)
        return cls(memory, description)

    def select(self, text: str) -> Result:
        query_form(text)
        try:
            return Result(*answer(self.store, text))
        except SyntaxError as exc:
            raise UsageError(parse_error(exc)) from exc


_AT = re.compile(r"error at (\d+:\d+)")


_EXPECTED = re.compile(r'"(?:[^"\\]|\\.)*"')


def parse_error(exc: SyntaxError) -> str:
    """pyoxigraph's parse error on one line: its position and the first few tokens it
    expected (not its character classes, walls of Unicode ranges)."""
    text = " ".join(str(exc).split())
    at = _AT.search(text)
    where = f" at {at.group(1)}" if at else ""
    if "Prefix not found" in text:
        return (f"the query does not parse{where}: a prefix is used without a declaration "
                f"(add PREFIX name: <…> to the query)")
    _head, sep, expected = text.partition("expected one of ")
    if not sep:
        return f"the query does not parse: {text[:160]}" + ("…" if len(text) > 160 else "")
    tokens = _EXPECTED.findall(expected)
    shown = ", ".join(tokens[:12]) + (", …" if len(tokens) > 12 else "")
    return f"the query does not parse{where}: expected one of {shown or 'another token'}"


def credentials() -> tuple[str, str] | None:
    """(user, password) from the environment, if both are set."""
    user, password = os.environ.get(ENV_USER), os.environ.get(ENV_PASSWORD)
    return (user, password) if user and password is not None else None


RESULTS_JSON = "application/sparql-results+json"
RDF_ACCEPT = ("application/n-triples, text/turtle;q=0.9, application/rdf+xml;q=0.5, "
              "application/ld+json;q=0.4")
GRAPH_FORMS = ("CONSTRUCT", "DESCRIBE")
_NOT_JSON = ("text/html", "application/xhtml+xml")


class RemoteTarget:
    """A SPARQL 1.1 query endpoint (:mod:`ritegraph.remote`: one deadline for the whole request,
    credentials only for the endpoint's origin)."""

    def __init__(self, endpoint: str, timeout: float = 60.0,
                 auth: tuple[str, str] | None = None, auth_scheme: str | None = None) -> None:
        self.endpoint, self.timeout = endpoint, timeout
        self.auth = auth if auth is not None else credentials()
        self.auth_scheme = (auth_scheme or os.environ.get(ENV_AUTH) or "basic").lower()
        from .remote import Client, redact

        self.description = redact(endpoint)
        self.client = Client(timeout, self.auth, self.auth_scheme)

    def request(self, text: str) -> Response:
        """The endpoint's answer to ``text`` (GET, or a form POST for long queries)."""
        graph = query_form(text) in GRAPH_FORMS
        headers = {"Accept": RDF_ACCEPT if graph else f"{RESULTS_JSON}, application/json;q=0.9"}
        encoded = urllib.parse.urlencode({"query": text})
        if len(encoded) > POST_ABOVE:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            return self.client.request("POST", self.endpoint, encoded.encode(), headers)
        separator = "&" if "?" in self.endpoint else "?"
        return self.client.request("GET", self.endpoint + separator + encoded, None, headers)

    def select(self, text: str) -> Result:
        """The answer to ``text``, with the predeclared prefixes it uses declared."""
        from .remote import first_lines

        where = f"endpoint {self.description}"
        try:
            response = self.request(with_prefixes(text))
        except RemoteError as exc:
            raise RemoteError(f"{where}: {_after_url(str(exc), self.endpoint)}") from exc
        status = f"HTTP {response.status}"
        if not response.ok:
            detail = first_lines(response.body)
            raise RemoteError(f"{where}: {status} {response.reason}".rstrip()
                              + (f": {detail}" if detail else ""))
        if query_form(text) in GRAPH_FORMS:
            return _graph_answer(response, f"{where}: {status}")
        if response.media_type in _NOT_JSON or response.media_type.endswith("xml"):
            raise RemoteError(f"{where}: {status}: the answer is {response.media_type}, not "
                              f"SPARQL JSON results ({first_lines(response.body, 120)!r})")
        try:
            import json

            return result_from_json(json.loads(response.body))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise RemoteError(f"{where}: {status}: malformed SPARQL JSON results "
                              f"({type(exc).__name__}: {exc})") from exc


def _graph_answer(response: Response, where: str) -> Result:
    """A CONSTRUCT/DESCRIBE answer: the triples of the RDF document the endpoint sent."""
    from .remote import first_lines

    rdf_format = ox.RdfFormat.from_media_type(response.media_type or "")
    if rdf_format is None:
        raise RemoteError(f"{where}: the answer is {response.media_type or 'untyped'}, not RDF "
                          f"({first_lines(response.body, 120)!r})")
    try:
        quads = ox.parse(response.body, format=rdf_format)
        return Result([], triples=[q.triple for q in quads])
    except (SyntaxError, ValueError) as exc:
        raise RemoteError(f"{where}: malformed {rdf_format.name} "
                          f"({' '.join(str(exc).split())[:160]})") from exc


def _after_url(message: str, url: str) -> str:
    """A :mod:`ritegraph.remote` message without its leading ``URL: `` when that is ``url``
    (said once already)."""
    from .remote import where

    head, sep, rest = message.partition(": ")
    return rest if sep and head == where(url) else message


# ---------------------------------------------------------------------------------- running


def run(target: Target, query: NamedQuery | str, params: Mapping[str, str] | None = None,
        limit: int | None = None) -> Result:
    """Bind ``params`` (name → value text), run on ``target``, keep at most ``limit`` rows."""
    if isinstance(query, str):
        query = NamedQuery("<sparql>", query)
    text = bind_params(query, params or {}, target)
    undeclared_prefixes(text)  # an unknown prefix: one line, before the parser's
    check_witness(target, (params or {}).get(WITNESS, ""))
    return target.select(with_limit(text, limit)).truncated(limit)


#: The parameter of the act queries that restricts them to one witness's acts (docs/queries.md).
WITNESS = "witness"
_WITNESS_FILES = """PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?file WHERE { ?doc a rg:Document ; dcterms:identifier ?file }"""


def check_witness(target: Target, witness: str) -> None:
    """:class:`UsageError` unless some document's file name contains ``witness`` (the rule of
    ``steps --witness`` and ``check --witness``); an empty one means the rite steps."""
    if not witness:
        return
    files = sorted(row["file"].value for row in target.select(_WITNESS_FILES).rows)
    if not any(witness in f for f in files):
        shown = ", ".join(files[:6]) + (", …" if len(files) > 6 else "")
        raise UsageError(f"no witness {witness!r}: no document's file name contains it "
                         f"(files: {shown or 'none'})")
