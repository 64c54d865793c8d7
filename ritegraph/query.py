"""Named SPARQL queries: the catalogue in ``queries/*.rq``, safe parameters, local and remote runs.

A query file starts with header comments::

    #+ summary: one line
    #+ description: what the query answers (may repeat; lines are joined)
    #+ param: object — the object handled (obj:zhi)

and each parameter ``NAME`` has exactly one default block ``VALUES ?NAME { … }`` in the body.
Binding a parameter replaces that block by one RDF term parsed from the user's value and
serialised by pyoxigraph (N-Triples syntax, escaped): user text never becomes query syntax.

Queries run against a :class:`LocalTarget` (the embedded pyoxigraph store, default graph = union
of the named graphs) or a :class:`RemoteTarget` (any SPARQL 1.1 endpoint, :mod:`ritegraph.remote`).
Both return a :class:`~ritegraph.results.Result` of pyoxigraph terms, so that their answers
compare exactly; :mod:`ritegraph.results` writes them. The prefixes of
:data:`ritegraph.vocab.SPARQL_PREFIXES` are predeclared: a query may use ``rg:``, ``role:`` …
without declaring them (:func:`declare_prefixes`).
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

from .errors import RemoteError, UsageError
from .remote import Client, Response, first_lines, redact, where
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
from .vocab import SPARQL_PREFIXES

#: Prefixes predeclared for queries and ``--param`` values, and used to shorten IRIs in tables.
PREFIXES = SPARQL_PREFIXES

ENV_USER = "RITEGRAPH_ENDPOINT_USER"
ENV_PASSWORD = "RITEGRAPH_ENDPOINT_PASSWORD"
ENV_AUTH = "RITEGRAPH_ENDPOINT_AUTH"  # "basic" (default) or "digest"
POST_ABOVE = 2000  # URL-encoded query length above which requests are POSTed

# ---------------------------------------------------------------------------------- catalogue

_HEADER = re.compile(r"^#\+\s*(\w+)\s*:\s*(.*?)\s*$")
_PARAM = re.compile(r"^(\w+)\s*[—–-]+\s*(.*?)\s*\(([^()]*)\)\s*$")


@dataclass(frozen=True)
class Param:
    """A declared parameter: ``#+ param: NAME — meaning (default)``."""

    name: str
    meaning: str
    default: str


@dataclass(frozen=True)
class NamedQuery:
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
    queries = catalogue(directory)
    if spec not in queries:
        raise UsageError(f"no query named {spec!r} (see `ritegraph query --list`)")
    return queries[spec]


# ---------------------------------------------------------------------------------- parameters

_IRI_FORBIDDEN = re.compile(r'[\x00-\x20<>"{}|^`\\]')
_PREFIXED = re.compile(r"^([A-Za-z][\w.-]*)?:([\w.%/-]*)$")
_LITERAL = re.compile(
    r'^"((?:[^"\\\r\n]|\\.)*)"(?:@([A-Za-z]+(?:-[A-Za-z0-9]+)*)|\^\^<([^<>]*)>)?$')
_INTEGER = re.compile(r"^[+-]?\d+$")
_DECIMAL = re.compile(r"^[+-]?\d*\.\d+$")
_SYNTAX = re.compile(r'[\x00-\x1f{}<>";#?$]')
_ESCAPES = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}


def query_prefixes(text: str) -> dict[str, str]:
    """PREFIX declarations of a query, over the predeclared :data:`PREFIXES`."""
    found = dict(PREFIXES)
    for match in _DECLARED.finditer(_code(text)):
        found[match.group(1) or ""] = match.group(2)
    return found


def _unescape(body: str) -> str:
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif nxt in "uU":
            width = 4 if nxt == "u" else 8
            digits = body[i + 2:i + 2 + width]
            if len(digits) != width or not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise UsageError(f"bad escape \\{nxt}{digits} in literal")
            out.append(chr(int(digits, 16)))
            i += 2 + width
        else:
            raise UsageError(f"bad escape \\{nxt} in literal")
    return "".join(out)


def _iri(value: str) -> ox.NamedNode:
    if _IRI_FORBIDDEN.search(value):
        raise UsageError(f"not an IRI: {value!r}")
    try:
        return ox.NamedNode(value)
    except ValueError as exc:
        raise UsageError(f"not an IRI: {value!r} ({exc})") from exc


def parse_iri(value: str, prefixes: Mapping[str, str]) -> ox.NamedNode | None:
    """``<iri>`` or ``prefix:local`` as an IRI; ``None`` if ``value`` is neither (e.g. a label)."""
    if value.startswith("<"):
        if not value.endswith(">"):
            raise UsageError(f"unterminated IRI: {value!r}")
        return _iri(value[1:-1])
    match = _PREFIXED.match(value)
    if match and (match.group(1) or "") in prefixes:
        return _iri(prefixes[match.group(1) or ""] + match.group(2))
    if match and "//" in value:
        return _iri(value)  # a full IRI written without <>
    return None


def parse_literal(value: str) -> ox.Literal:
    """A quoted N-Triples literal, a number, a boolean, or else a plain string literal."""
    if value.startswith('"'):
        match = _LITERAL.match(value)
        if not match:
            raise UsageError(f"malformed literal: {value!r}")
        body, lang, datatype = match.groups()
        if lang:
            return ox.Literal(_unescape(body), language=lang)
        if datatype:
            return ox.Literal(_unescape(body), datatype=_iri(datatype))
        return ox.Literal(_unescape(body))
    if _INTEGER.match(value):
        return ox.Literal(value, datatype=ox.NamedNode(XSD + "integer"))
    if _DECIMAL.match(value):
        return ox.Literal(value, datatype=ox.NamedNode(XSD + "decimal"))
    if value in ("true", "false"):
        return ox.Literal(value, datatype=ox.NamedNode(XSD + "boolean"))
    return ox.Literal(value)


def parse_param_value(param: Param, value: str, prefixes: Mapping[str, str],
                      target: Target | None = None) -> Term:
    """The RDF term for ``--param NAME=value``.

    A parameter whose default is an IRI takes an IRI (``<…>`` or ``prefix:local``) or a label,
    looked up on ``target`` (skos:prefLabel / skos:altLabel / rdfs:label); anything else is a
    literal. Values that carry SPARQL syntax where a term is expected raise :class:`UsageError`.
    """
    if any(ord(c) < 0x20 for c in value):
        raise UsageError(f"parameter {param.name}: control characters are not allowed")
    if parse_iri(param.default, prefixes) is None:
        return parse_literal(value)
    iri = parse_iri(value, prefixes)
    if iri is not None:
        return iri
    if _SYNTAX.search(value) or not value.strip():
        raise UsageError(f"parameter {param.name}: {value!r} is neither an IRI "
                         f"(<…> or prefix:local) nor a label")
    if target is None:
        raise UsageError(f"parameter {param.name}: give an IRI (<…> or prefix:local)")
    return lookup_label(target, value, param.name)


def lookup_label(target: Target, label: str, name: str = "value") -> ox.NamedNode:
    """The one resource whose preferred, alternative or rdfs label is ``label`` (participants,
    labelled with their role's label, are left out: the label names the role)."""
    query = bind(_LABEL_LOOKUP, {"label": ox.Literal(label)})
    found = sorted({row["s"].value for row in target.select(query).rows
                    if isinstance(row.get("s"), ox.NamedNode)})
    if not found:
        raise UsageError(f"parameter {name}: nothing is labelled {label!r}")
    if len(found) > 1:
        raise UsageError(f"parameter {name}: {label!r} is ambiguous: "
                         + ", ".join(compact(i) for i in found))
    return ox.NamedNode(found[0])


# Participants (``participant/<rite>/<role>``) carry their role's label: a label names the role.
_LABEL_LOOKUP = """PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
SELECT DISTINCT ?s WHERE {
  VALUES ?label { "" }
  VALUES ?p { skos:prefLabel skos:altLabel rdfs:label }
  ?s ?p ?l .
  FILTER(STR(?l) = ?label)
  FILTER NOT EXISTS { ?s a rg:Participant }
}"""


def _values_block(name: str) -> re.Pattern[str]:
    return re.compile(r"VALUES\s+\?" + re.escape(name) + r"\s*\{[^{}]*\}", re.I)


def bind(text: str, bindings: Mapping[str, Term]) -> str:
    """Replace each parameter's ``VALUES ?name { … }`` block by one serialised term."""
    for name, term in bindings.items():
        pattern = _values_block(name)
        if len(pattern.findall(text)) != 1:
            raise UsageError(f"the query has no single 'VALUES ?{name} {{ … }}' block to bind")
        block = f"VALUES ?{name} {{ {term} }}"
        text = pattern.sub(lambda _m, block=block: block, text, count=1)
    return text


def bind_params(query: NamedQuery, values: Mapping[str, str], target: Target | None) -> str:
    """The query text with the given ``name → value`` strings bound as RDF terms."""
    prefixes = query_prefixes(query.text)
    terms = {name: parse_param_value(query.param(name), value, prefixes, target)
             for name, value in values.items()}
    return bind(query.text, terms)


_TRAILING_LIMIT = re.compile(r"\bLIMIT\s+\d+\s*(OFFSET\s+\d+\s*)?$", re.I)


def with_limit(text: str, limit: int | None) -> str:
    """Append ``LIMIT n`` unless the query already ends with a LIMIT (rows are cut anyway)."""
    if limit is None:
        return text
    if limit < 0:
        raise UsageError("--limit must be ≥ 0")
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    if _TRAILING_LIMIT.search(body.rstrip()):
        return text
    return text.rstrip() + f"\nLIMIT {int(limit)}\n"


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
            answer = self.store.query(text, use_default_graph_as_union=True,
                                      prefixes=SPARQL_PREFIXES)
        except SyntaxError as exc:
            raise UsageError(parse_error(exc)) from exc
        if isinstance(answer, ox.QueryBoolean):
            return Result([], [], bool(answer))
        if isinstance(answer, ox.QueryTriples):
            return Result([], triples=list(answer))
        names = [v.value for v in answer.variables]
        rows = []
        for solution in answer:
            rows.append({n: solution[n] for n in names if solution[n] is not None})
        return Result(names, rows)


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
            return result_from_json(json.loads(response.body))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise RemoteError(f"{where}: {status}: malformed SPARQL JSON results "
                              f"({type(exc).__name__}: {exc})") from exc


def _graph_answer(response: Response, where: str) -> Result:
    """A CONSTRUCT/DESCRIBE answer: the triples of the RDF document the endpoint sent."""
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
    head, sep, rest = message.partition(": ")
    return rest if sep and head == where(url) else message


_PROLOGUE = re.compile(r"\bPREFIX\s+[^\s:]*:|\bBASE\b", re.I)
_FIRST_WORD = re.compile(r"([A-Za-z]+)")
_NOT_CODE = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|<[^<>\s]*>|#[^\n]*""")


def query_form(text: str) -> str:
    """SELECT, ASK, CONSTRUCT or DESCRIBE: the first keyword after the prologue (PREFIX and
    BASE declarations), outside comments, strings and IRIs; :class:`UsageError` otherwise
    (e.g. an update: ``ritegraph query`` runs queries only)."""
    code = _PROLOGUE.sub(" ", _NOT_CODE.sub(" ", text))
    match = _FIRST_WORD.search(code)
    if match is None or match.group(1).upper() not in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE"):
        found = f" (it starts with {match.group(1).upper()})" if match else ""
        raise UsageError(f"not a SPARQL query (SELECT, ASK, CONSTRUCT or DESCRIBE){found}; "
                         "`ritegraph query` runs queries only, never updates")
    return match.group(1).upper()


# ---------------------------------------------------------------------------------- prefixes

_COMMENTS_AND_STRINGS = re.compile(
    r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|(<[^<>\s]*>)|#[^\n]*""")
_DECLARED = re.compile(r"\bPREFIX\s+([A-Za-z][\w.-]*)?:\s*<([^<>\s]*)>", re.I)
_IRI_REF = re.compile(r"<[^<>\s]*>")
_USED = re.compile(r"(?<![\w.:?$@-])([A-Za-z](?:[\w.-]*[\w-])?)?:")


def _code(text: str) -> str:
    """``text`` without comments and strings (IRIs kept)."""
    return _COMMENTS_AND_STRINGS.sub(lambda m: m.group(1) or " ", text)


def undeclared_prefixes(text: str) -> dict[str, str]:
    """The predeclared prefixes (:data:`PREFIXES`) that ``text`` uses without a ``PREFIX``
    declaration; :class:`UsageError` for a prefix that is neither declared nor predeclared."""
    code = _code(text)
    declared = {m.group(1) or "" for m in _DECLARED.finditer(code)}
    used = {m.group(1) or "" for m in _USED.finditer(_IRI_REF.sub(" ", code))}
    unknown = sorted(used - declared - set(PREFIXES))
    if unknown:
        raise UsageError(f'unknown prefix "{unknown[0]}:" — known: {", ".join(PREFIXES)} '
                         f"(or declare it: PREFIX {unknown[0] or ''}: <…>)")
    return {p: PREFIXES[p] for p in sorted(used - declared)}


def with_prefixes(text: str) -> str:
    """``text`` with ``PREFIX`` lines for the predeclared prefixes it uses undeclared (for
    endpoints, which know none; the local store is given them by the parser)."""
    missing = undeclared_prefixes(text)
    return "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in missing.items()) + text


# ---------------------------------------------------------------------------------- running


def run(target: Target, query: NamedQuery | str, params: Mapping[str, str] | None = None,
        limit: int | None = None) -> Result:
    """Bind ``params`` (name → value text), run on ``target``, keep at most ``limit`` rows."""
    if isinstance(query, str):
        query = NamedQuery("<sparql>", query)
    text = bind_params(query, params or {}, target)
    undeclared_prefixes(text)  # an unknown prefix: one line, before the parser's
    return target.select(with_limit(text, limit)).truncated(limit)
