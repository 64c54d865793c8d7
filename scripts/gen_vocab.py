"""Generate ``ritegraph/vocab.py``: closed rdflib namespaces from ``ontology/ritegraph.ttl``.

``RG`` lists every ``rg:`` term the ontology defines; ``OA`` and ``CRM`` list the external terms
the ontology declares. A misspelt term raises (``_fail = True``). Run after editing the ontology::

    python scripts/gen_vocab.py          # rewrite ritegraph/vocab.py
    python scripts/gen_vocab.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import keyword
import sys
from pathlib import Path

from rdflib import OWL, RDF, RDFS, Graph, URIRef

ROOT = Path(__file__).resolve().parent.parent
ONTOLOGY = ROOT / "ontology" / "ritegraph.ttl"
TARGET = ROOT / "ritegraph" / "vocab.py"

#: (class name, namespace IRI, what it is) for each generated namespace.
NAMESPACES = [
    ("RG", "https://w3id.org/ritegraph/ontology#", "the ritegraph ontology"),
    ("OA", "http://www.w3.org/ns/oa#", "W3C Web Annotation (the terms ritegraph declares)"),
    ("CRM", "http://www.cidoc-crm.org/cidoc-crm/", "CIDOC-CRM (the terms ritegraph declares)"),
    ("AS", "http://www.w3.org/ns/activitystreams#",
     "Activity Streams (the terms ritegraph declares)"),
]

#: Kinds of declaration, in the order they appear in the generated class.
KINDS = [
    (OWL.Class, "classes"),
    (OWL.ObjectProperty, "object properties"),
    (OWL.DatatypeProperty, "datatype properties"),
    (OWL.AnnotationProperty, "annotation properties"),
    (OWL.NamedIndividual, "individuals"),
]

HEADER = '''"""The one home of ritegraph's namespaces (generated from the ontology; do not edit).

``RG``, ``OA``, ``CRM`` and ``AS`` are closed namespaces generated from the ontology (a misspelt
term raises ``AttributeError``); the standard vocabularies are re-exported from rdflib, and the IRI
bases of docs/design.md are plain namespaces. Regenerate with ``python scripts/gen_vocab.py``
(a test fails when this file is out of date).
"""

from rdflib.namespace import (
    DCAT,
    DCTERMS,
    OWL,
    PROV,
    RDF,
    RDFS,
    SH,
    SKOS,
    VOID,
    XSD,
    DefinedNamespace,
    Namespace,
)
from rdflib.term import URIRef

BASE = "https://w3id.org/ritegraph/"

ROLE = Namespace(BASE + "role/")
OBJECT = Namespace(BASE + "object/")
PLACE = Namespace(BASE + "place/")
ACTION = Namespace(BASE + "action/")
DIRECTION = Namespace(BASE + "direction/")
SCHEME = Namespace(BASE + "scheme/")
LAYER = Namespace(BASE + "layer/")
RITE = Namespace(BASE + "rite/")
DOC = Namespace(BASE + "doc/")
TEXT = Namespace(BASE + "text/")
SECTION = Namespace(BASE + "section/")
MENTION = Namespace(BASE + "mention/")
ACT = Namespace(BASE + "act/")
GLYPH = Namespace(BASE + "glyph/")
GRAPH = Namespace(BASE + "graph/")
DATASET = Namespace(BASE + "dataset/")
EDITION = Namespace(BASE + "edition/")
PARTICIPANT = Namespace(BASE + "participant/")
SPDX = Namespace("http://spdx.org/rdf/terms#")

#: Prefixes for serialisation and SPARQL, in a stable order.
PREFIXES = {
    "rg": "https://w3id.org/ritegraph/ontology#",
    "role": str(ROLE), "obj": str(OBJECT), "place": str(PLACE), "action": str(ACTION),
    "dir": str(DIRECTION), "scheme": str(SCHEME), "layer": str(LAYER), "rite": str(RITE),
    "doc": str(DOC),
    "oa": "http://www.w3.org/ns/oa#", "crm": "http://www.cidoc-crm.org/cidoc-crm/",
    "prov": str(PROV), "skos": str(SKOS), "dcterms": str(DCTERMS), "owl": str(OWL),
    "rdf": str(RDF), "rdfs": str(RDFS), "xsd": str(XSD), "sh": str(SH), "dcat": str(DCAT),
    "as": "http://www.w3.org/ns/activitystreams#", "void": str(VOID), "spdx": str(SPDX),
}

#: Prefixes predeclared in ``ritegraph query`` (``--sparql``, .rq files, ``--param`` values) and
#: used to shorten IRIs in tables: :data:`PREFIXES` and the bases of the minted resources.
SPARQL_PREFIXES = {
    **PREFIXES,
    "text": str(TEXT), "section": str(SECTION), "act": str(ACT), "mention": str(MENTION),
    "edition": str(EDITION), "participant": str(PARTICIPANT), "glyph": str(GLYPH),
    "graph": str(GRAPH), "dataset": str(DATASET),
}

__all__ = [
    "ACT", "ACTION", "AS", "BASE", "CRM", "DATASET", "DCAT", "DCTERMS", "DIRECTION", "DOC",
    "EDITION", "GLYPH", "GRAPH", "LAYER", "MENTION", "OA", "OBJECT", "OWL", "PARTICIPANT",
    "PLACE", "PREFIXES", "PROV", "RDF", "RDFS", "RG", "RITE", "ROLE", "SCHEME", "SECTION", "SH",
    "SKOS", "SPARQL_PREFIXES", "SPDX", "TEXT", "VOID", "XSD", "sparql_prefixes",
]


def sparql_prefixes(*names: str) -> str:
    """``PREFIX`` lines for SPARQL text (the named prefixes, or all of :data:`PREFIXES`)."""
    chosen = names or tuple(PREFIXES)
    return "".join(f"PREFIX {n}: <{PREFIXES[n]}>\\n" for n in chosen)

'''


def _english_label(graph: Graph, term: URIRef) -> str:
    for label in graph.objects(term, RDFS.label):
        if getattr(label, "language", None) == "en":
            return str(label)
    return ""


def _terms(graph: Graph, namespace: str) -> dict[str, list[tuple[str, str]]]:
    """Terms of ``namespace`` declared in ``graph``, grouped by kind, sorted by name."""
    grouped: dict[str, list[tuple[str, str]]] = {}
    seen: set[str] = set()
    for kind, title in KINDS:
        names = sorted(
            str(s)[len(namespace):] for s in graph.subjects(RDF.type, kind)
            if isinstance(s, URIRef) and str(s).startswith(namespace)
        )
        rows = [(n, _english_label(graph, URIRef(namespace + n))) for n in names if n not in seen]
        seen.update(names)
        if rows:
            grouped[title] = rows
    return grouped


def _render_namespace(graph: Graph, name: str, iri: str, what: str) -> str:
    lines = ["", "", f"class {name}(DefinedNamespace):", f'    """{what.capitalize()}."""', "",
             "    _fail = True"]
    extras: list[str] = []
    for title, rows in _terms(graph, iri).items():
        lines += ["", f"    # {title}"]
        for term, label in rows:
            if term.isidentifier() and not keyword.iskeyword(term):
                lines.append(f"    {term}: URIRef" + (f"  # {label}" if label else ""))
            else:
                extras.append(term)
    if extras:
        lines += ["", "    # terms that are not Python identifiers: use " + name + '["…"]',
                  f"    _extras = {tuple(extras)!r}"]
    lines += ["", f'    _NS = Namespace("{iri}")']
    return "\n".join(lines)


def render(ontology: Path = ONTOLOGY) -> str:
    """The text of ``vocab.py`` for the given ontology file."""
    graph = Graph().parse(ontology, format="turtle")
    body = "".join(_render_namespace(graph, *spec) for spec in NAMESPACES)
    return HEADER + body + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that vocab.py is current")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date: run python scripts/gen_vocab.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
