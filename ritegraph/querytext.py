"""The text of a query: its form, the predeclared prefixes, parameters bound as RDF terms.

``--param NAME=VALUE`` replaces the parameter's ``VALUES ?NAME { … }`` block(s) by one RDF
term parsed from VALUE and serialised by pyoxigraph (N-Triples syntax, escaped): user text never
becomes query syntax. The prefixes of :data:`PREFIXES` (``vocab.SPARQL_PREFIXES``) may be used
without a declaration; an unknown one is a one-line :class:`UsageError`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pyoxigraph as ox

from .errors import UsageError
from .results import XSD, Target, Term, compact
from .vocab import SPARQL_PREFIXES

if TYPE_CHECKING:
    from .query import NamedQuery, Param

#: Prefixes predeclared for queries and ``--param`` values, and used to shorten IRIs in tables.
PREFIXES = SPARQL_PREFIXES

_NOT_CODE = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|<[^<>\s]*>|#[^\n]*""")


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
    literal (a string where the default is one). Values that carry SPARQL syntax where a term
    is expected raise :class:`UsageError`.
    """
    if any(ord(c) < 0x20 for c in value):
        raise UsageError(f"parameter {param.name}: control characters are not allowed")
    if parse_iri(param.default, prefixes) is None:
        if param.default.startswith('"') and not value.startswith('"'):
            return ox.Literal(value)  # a text parameter takes text: witness=002 is no number
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
    terms = " ".join(str(ox.Literal(label, language=tag) if tag else ox.Literal(label))
                     for tag in _LABEL_TAGS)
    found = _labelled(target, _LABEL_TERMS.replace("$TERMS", terms)) or _labelled(
        target, bind(_LABEL_LOOKUP, {"label": ox.Literal(label)}))
    if not found:
        raise UsageError(f"parameter {name}: nothing is labelled {label!r}")
    if len(found) > 1:
        raise UsageError(f"parameter {name}: {label!r} is ambiguous: "
                         + ", ".join(compact(i) for i in found))
    return ox.NamedNode(found[0])


def _labelled(target: Target, query: str) -> list[str]:
    return sorted({row["s"].value for row in target.select(query).rows
                   if isinstance(row.get("s"), ox.NamedNode)})


# The label as a term in each language the graph labels in: looked up by the store's indexes
# (a few ms), where comparing STR(?l) reads every label (0.3 s on the whole book); the scan
# below is the fallback for a label in any other language.
_LABEL_TAGS = ("", "zh-Hans", "zh-Hant", "zh", "en", "zh-Latn-pinyin")
# Participants (``participant/<rite>/<role>``) carry their role's label: a label names the role.
# The prefixes are written out: a remote endpoint has none predeclared.
_LABEL_QUERY = """PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
SELECT DISTINCT ?s WHERE {
  $MATCH
  FILTER NOT EXISTS { ?s a rg:Participant }
}"""
_LABEL_TERMS = _LABEL_QUERY.replace("$MATCH", """VALUES ?l { $TERMS }
  { ?s skos:prefLabel ?l } UNION { ?s skos:altLabel ?l } UNION { ?s rdfs:label ?l }""")
_LABEL_LOOKUP = _LABEL_QUERY.replace("$MATCH", """VALUES ?label { "" }
  VALUES ?p { skos:prefLabel skos:altLabel rdfs:label }
  ?s ?p ?l .
  FILTER(STR(?l) = ?label)""")


def _values_block(name: str) -> re.Pattern[str]:
    return re.compile(r"VALUES\s+\?" + re.escape(name) + r"\s*\{[^{}]*\}", re.I)


def bind(text: str, bindings: Mapping[str, Term]) -> str:
    """Replace each parameter's ``VALUES ?name { … }`` blocks by one serialised term (a
    parameter used in several branches of a UNION has a block in each: ``witness``)."""
    for name, term in bindings.items():
        pattern = _values_block(name)
        if not pattern.search(text):
            raise UsageError(f"the query has no 'VALUES ?{name} {{ … }}' block to bind")
        block = f"VALUES ?{name} {{ {term} }}"
        text = pattern.sub(lambda _m, block=block: block, text)
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


_PROLOGUE = re.compile(r"\bPREFIX\s+[^\s:]*:|\bBASE\b", re.I)
_FIRST_WORD = re.compile(r"([A-Za-z]+)")


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
