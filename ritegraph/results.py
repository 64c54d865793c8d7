"""Query results and their formats: tables with labels, the W3C results formats, RDF graphs.

A :class:`Result` holds a SELECT's solutions, an ASK's boolean or a CONSTRUCT/DESCRIBE's
triples, as pyoxigraph terms (local and remote answers compare exactly). It is written as

- ``table``: labels instead of IRIs (:func:`labels`), :mod:`ritegraph.tables`;
- ``csv``, ``tsv``, ``xml``: the SPARQL 1.1 CSV/TSV and SPARQL Query Results XML formats,
  written by pyoxigraph; ``json``: SPARQL 1.1 Query Results JSON (indented, CJK unescaped);
  with labels, each IRI variable ``v`` gets a ``v_label`` variable beside it;
- ``turtle``, ``ntriples``, ``nquads``, ``trig``, ``rdfxml``, ``jsonld`` for graph results,
  written by pyoxigraph with the project's prefixes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple, Protocol

import pyoxigraph as ox

from .errors import UsageError
from .localrun import answer_iris, label_queries, label_row
from .tables import render_text
from .vocab import SPARQL_PREFIXES

Term = ox.NamedNode | ox.Literal | ox.BlankNode

XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS_PREF_LABEL = "http://www.w3.org/2004/02/skos/core#prefLabel"
LABEL_LANGUAGE = "zh-hans"  # pyoxigraph lower-cases language tags
LABEL_SUFFIX = "_label"
BOM = "\ufeff"

#: Formats of SELECT and ASK results, and of CONSTRUCT and DESCRIBE results (graphs).
SOLUTION_FORMATS = ("table", "csv", "tsv", "json", "xml")
GRAPH_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES,
                 "nquads": ox.RdfFormat.N_QUADS, "trig": ox.RdfFormat.TRIG,
                 "rdfxml": ox.RdfFormat.RDF_XML, "jsonld": ox.RdfFormat.JSON_LD}
FORMATS = (*SOLUTION_FORMATS, *GRAPH_FORMATS)
_QUAD_FORMATS = ("nquads", "trig")
_BOM_FORMATS = ("csv", "tsv")
_PYOXIGRAPH = {"csv": ox.QueryResultsFormat.CSV, "tsv": ox.QueryResultsFormat.TSV,
               "xml": ox.QueryResultsFormat.XML}


class Result(NamedTuple):
    """A SELECT (``variables``, ``rows``), ASK (``boolean``) or CONSTRUCT/DESCRIBE
    (``triples``) result, as pyoxigraph terms. A NamedTuple, not a dataclass: the CLI's start
    need not import :mod:`dataclasses` (and :mod:`inspect`, ~15 ms)."""

    variables: list[str]
    rows: list[dict[str, Term]] = []  # noqa: RUF012 - never mutated: results are values
    boolean: bool | None = None
    triples: list[ox.Triple] | None = None

    def tuples(self) -> list[tuple[Term | None, ...]]:
        return [tuple(row.get(v) for v in self.variables) for row in self.rows]

    def truncated(self, limit: int | None) -> Result:
        if limit is None:
            return self
        triples = None if self.triples is None else self.triples[:limit]
        return Result(self.variables, self.rows[:limit], self.boolean, triples)

    @property
    def is_graph(self) -> bool:
        return self.triples is not None


class Target(Protocol):
    """Where queries run."""

    description: str

    def select(self, text: str) -> Result: ...


def check_format(fmt: str, form: str, bom: bool = False) -> None:
    """:class:`UsageError` unless a ``form`` query (SELECT, ASK, CONSTRUCT, DESCRIBE) can be
    written in ``fmt`` (and ``bom`` only for CSV and TSV)."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")
    graph = form in ("CONSTRUCT", "DESCRIBE")
    if graph and fmt not in GRAPH_FORMATS:
        raise UsageError(f"a {form} query answers with RDF triples, not a table: use --format "
                         + "|".join(GRAPH_FORMATS))
    if not graph and fmt in GRAPH_FORMATS:
        raise UsageError(f"a {form} query answers with a table, not RDF: use --format "
                         + "|".join(SOLUTION_FORMATS))
    if bom and fmt not in _BOM_FORMATS:
        raise UsageError(f"--bom is for --format csv or tsv (spreadsheets), not {fmt}")


# ---------------------------------------------------------------------------------- JSON


def term_from_json(value: Mapping[str, str]) -> Term:
    kind = value["type"]
    if kind == "uri":
        return ox.NamedNode(value["value"])
    if kind == "bnode":
        return ox.BlankNode(value["value"])
    if kind in ("literal", "typed-literal"):
        if "xml:lang" in value:
            return ox.Literal(value["value"], language=value["xml:lang"])
        if "datatype" in value:
            return ox.Literal(value["value"], datatype=ox.NamedNode(value["datatype"]))
        return ox.Literal(value["value"])
    raise ValueError(f"unknown term type {kind!r}")


def term_to_json(term: Term) -> dict[str, str]:
    if isinstance(term, ox.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, ox.BlankNode):
        return {"type": "bnode", "value": term.value}
    out = {"type": "literal", "value": term.value}
    if term.language:
        out["xml:lang"] = term.language
    elif term.datatype.value != XSD + "string":
        out["datatype"] = term.datatype.value
    return out


def result_from_json(data: Mapping) -> Result:
    """A :class:`Result` from SPARQL 1.1 Query Results JSON."""
    if "boolean" in data:
        return Result([], [], bool(data["boolean"]))
    names = list(data["head"]["vars"])
    rows = [{n: term_from_json(b[n]) for n in names if n in b}
            for b in data["results"]["bindings"]]
    return Result(names, rows)


def result_to_json(result: Result) -> dict:
    """SPARQL 1.1 Query Results JSON."""
    if result.boolean is not None:
        return {"head": {}, "boolean": result.boolean}
    return {"head": {"vars": result.variables},
            "results": {"bindings": [{n: term_to_json(row[n]) for n in result.variables
                                      if n in row} for row in result.rows]}}


# ---------------------------------------------------------------------------------- labels


def compact(iri: str, prefixes: Mapping[str, str] = SPARQL_PREFIXES) -> str:
    """``prefix:rest`` for an IRI under one of ``prefixes`` (default: the predeclared ones),
    else the IRI."""
    best = max((ns for ns in prefixes.values() if iri.startswith(ns)), key=len, default=None)
    if best is None:
        return iri
    prefix = next(p for p, ns in prefixes.items() if ns == best)
    return f"{prefix}:{iri[len(best):]}"


def _label_rank(predicate: str, language: str) -> tuple[int, int]:
    lang = language.lower()
    return (0 if lang == LABEL_LANGUAGE else 1 if lang.startswith("zh") or not lang else 2,
            0 if predicate == SKOS_PREF_LABEL else 1)


def labels(target: Target, iris: Iterable[str]) -> dict[str, ox.Literal]:
    """Best label per IRI: skos:prefLabel@zh-Hans, then rdfs:label@zh-Hans, then other
    Chinese or untagged labels, then any; of equal ones the first in code-point order.
    Those that came with the last answer (a target's
    ``known_labels``, :class:`~ritegraph.localrun.ProcessTarget`) are not asked again."""
    wanted = sorted(set(iris))
    known = getattr(target, "known_labels", None)
    rows = known(wanted) if known is not None else None
    if rows is None:
        rows = [label_row(row.get("s"), row.get("p"), row.get("label"))
                for text in label_queries(wanted) for row in target.select(text).rows]
    best: dict[str, tuple[tuple[int, int, str], tuple]] = {}
    for row in rows:
        if row is None:
            continue
        rank = (*_label_rank(row[1], row[3]), row[2])
        if row[0] not in best or rank < best[row[0]][0]:
            best[row[0]] = (rank, row)
    return {iri: _literal(row) for iri, (_rank, row) in best.items()}


def _literal(row: tuple[str, str, str, str, str]) -> ox.Literal:
    value, language, datatype = row[2:]
    return (ox.Literal(value, language=language) if language
            else ox.Literal(value, datatype=ox.NamedNode(datatype)))


def _iris(result: Result) -> list[str]:
    return answer_iris(result.rows)


def display(term: Term | None, label_of: Mapping[str, ox.Literal | str]) -> str:
    """A term as a table shows it: an IRI's label, else the IRI shortened by a prefix."""
    if term is None:
        return ""
    if isinstance(term, ox.NamedNode):
        label = label_of.get(term.value)
        return (label if isinstance(label, str) else label.value) if label else compact(
            term.value)
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    return term.value


def with_labels(result: Result, target: Target) -> Result:
    """``result`` with a ``v_label`` variable right after each variable ``v`` bound to an IRI
    that has a label (:func:`labels`) in some row, holding the label where there is one (a
    column of IRIs without labels, such as acts, gets no empty column)."""
    iris = _iris(result)
    label_of = labels(target, iris) if iris else {}
    iri_vars = [v for v in result.variables if any(
        isinstance(row.get(v), ox.NamedNode) and row[v].value in label_of for row in result.rows)]
    if not iri_vars:
        return result
    taken, names, variables = set(result.variables), {}, []
    for v in result.variables:
        variables.append(v)
        if v in iri_vars:
            name = v + LABEL_SUFFIX
            while name in taken:
                name += "_"
            taken.add(name)
            names[v] = name
            variables.append(name)
    rows = []
    for row in result.rows:
        out = dict(row)
        for v, name in names.items():
            term = row.get(v)
            if isinstance(term, ox.NamedNode) and term.value in label_of:
                out[name] = label_of[term.value]
        rows.append(out)
    return Result(variables, rows, result.boolean)


# ---------------------------------------------------------------------------------- formats


def format_table(result: Result, target: Target | None) -> str:
    """Labels instead of IRIs (when ``target`` is given), aligned, with a row count."""
    if result.boolean is not None:
        return "yes\n" if result.boolean else "no\n"
    iris = _iris(result)
    label_of = labels(target, iris) if target is not None and iris else {}
    cells = [[display(row.get(v), label_of) for v in result.variables] for row in result.rows]
    count = len(cells)
    return render_text(result.variables, cells, f"({count} row{'s' if count != 1 else ''})")


def _solutions(result: Result) -> ox.QuerySolutions | ox.QueryBoolean:
    """``result`` as pyoxigraph results (through TSV, which is exact), for its writers."""
    if result.boolean is not None:
        import json

        return ox.parse_query_results(json.dumps(result_to_json(result)),
                                      ox.QueryResultsFormat.JSON)
    lines = ["\t".join("?" + v for v in result.variables)]
    lines += ["\t".join(str(row[v]) if v in row else "" for v in result.variables)
              for row in result.rows]
    return ox.parse_query_results("\n".join(lines) + "\n", ox.QueryResultsFormat.TSV)


def format_solutions(result: Result, fmt: str) -> str:
    """CSV, TSV or XML written by pyoxigraph; an ASK in CSV/TSV is a one-column table
    (``boolean`` / ``?boolean``), as the W3C formats define none for it."""
    if result.boolean is not None and fmt in _BOM_FORMATS:
        head = "boolean" if fmt == "csv" else "?boolean"
        end = "\r\n" if fmt == "csv" else "\n"
        return f"{head}{end}{'true' if result.boolean else 'false'}{end}"
    return _solutions(result).serialize(format=_PYOXIGRAPH[fmt]).decode("utf-8")


def format_json(result: Result) -> str:
    import json  # here: a table needs none (~2 ms of the CLI's start)

    return json.dumps(result_to_json(result), ensure_ascii=False, indent=2) + "\n"


def prefixes_for(triples: Iterable[ox.Triple],
                 known: Mapping[str, str] = SPARQL_PREFIXES) -> dict[str, str]:
    """The ``known`` prefixes whose namespace some IRI of ``triples`` starts with."""
    iris = {t.value if isinstance(t, ox.NamedNode) else t.datatype.value
            for triple in triples for t in triple if isinstance(t, ox.NamedNode | ox.Literal)}
    return {p: ns for p, ns in known.items() if any(iri.startswith(ns) for iri in iris)}


def format_graph(triples: list[ox.Triple], fmt: str) -> str:
    """Triples in an RDF format (N-Quads and TriG: in the default graph)."""
    items: list = triples
    if fmt in _QUAD_FORMATS:
        items = [ox.Quad(t.subject, t.predicate, t.object) for t in triples]
    body = ox.serialize(items, format=GRAPH_FORMATS[fmt], prefixes=prefixes_for(triples))
    return body.decode("utf-8")


def format_result(result: Result, fmt: str, target: Target | None = None, *,
                  with_label_columns: bool = False, bom: bool = False) -> str:
    """``result`` in ``fmt``; ``with_label_columns`` adds ``v_label`` columns (CSV, TSV,
    JSON, XML; looked up on ``target``), ``bom`` starts CSV/TSV with a UTF-8 BOM."""
    if result.is_graph:
        check_format(fmt, "CONSTRUCT", bom)
        return format_graph(result.triples or [], fmt)
    check_format(fmt, "ASK" if result.boolean is not None else "SELECT", bom)
    if fmt == "table":
        return format_table(result, target)
    if with_label_columns and target is not None:
        result = with_labels(result, target)
    text = format_json(result) if fmt == "json" else format_solutions(result, fmt)
    return BOM + text if bom else text
