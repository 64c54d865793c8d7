"""Generate ``ritegraph/vocab.py``: the namespaces as plain strings, from the ontology.

``RG`` lists every ``rg:`` term the ontology defines; ``OA``, ``CRM`` and ``AS`` list the external
terms the ontology declares; the standard vocabularies list rdflib's terms (so the file depends on
the installed rdflib's lists, not on rdflib at run time). A misspelt term raises. Run after
editing the ontology or upgrading rdflib::

    python scripts/gen_vocab.py          # rewrite ritegraph/vocab.py
    python scripts/gen_vocab.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import keyword
import sys
import textwrap
from pathlib import Path

from rdflib import OWL, RDF, RDFS, Graph, URIRef
from rdflib.namespace import DCAT, DCTERMS, PROV, SH, SKOS, VOID, XSD

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

Every term is a plain ``str`` (its IRI), so that importing this module costs nothing: no rdflib
(rdflib users wrap a term in ``URIRef`` where they need one). ``RG``, ``OA``, ``CRM`` and ``AS``
are generated from the ontology, the standard vocabularies from rdflib's term lists; all are
closed (a misspelt term raises ``AttributeError``) except ``DCAT`` and ``XSD``, open as in
rdflib. ``SH["and"]`` reaches a term that is not a Python identifier. The IRI bases of
docs/design.md are plain strings. Regenerate with ``python scripts/gen_vocab.py`` (a test fails
when this file is out of date).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the CLI's start-up)
if TYPE_CHECKING:
    from typing import Any


class Vocabulary(type):
    """Metaclass of a vocabulary: its terms are class attributes holding IRIs as plain strings
    (``_terms`` lists more, one word each); ``str(V)`` is the namespace IRI."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]):
        cls = super().__new__(mcs, name, bases, namespace)
        for term in namespace.get("_terms", "").split():
            setattr(cls, term, namespace["_NS"] + term)
        return cls

    def __getattr__(cls, name: str) -> str:
        if cls.__dict__.get("_open") and not name.startswith("_"):
            return cls._NS + name
        raise AttributeError(f"{name!r} is not a term of {cls.__name__} ({cls._NS})")

    def __getitem__(cls, name: str) -> str:
        value = None if name.startswith("_") else cls.__dict__.get(name)
        return value if isinstance(value, str) else getattr(cls, name)

    def __str__(cls) -> str:
        return cls._NS


BASE = "https://w3id.org/ritegraph/"

ROLE = BASE + "role/"
OBJECT = BASE + "object/"
PLACE = BASE + "place/"
ACTION = BASE + "action/"
DIRECTION = BASE + "direction/"
SCHEME = BASE + "scheme/"
LAYER = BASE + "layer/"
RITE = BASE + "rite/"
DOC = BASE + "doc/"
TEXT = BASE + "text/"
SECTION = BASE + "section/"
MENTION = BASE + "mention/"
ACT = BASE + "act/"
GLYPH = BASE + "glyph/"
GRAPH = BASE + "graph/"
DATASET = BASE + "dataset/"
EDITION = BASE + "edition/"
PARTICIPANT = BASE + "participant/"


class SPDX(metaclass=Vocabulary):
    """SPDX (open: any term)."""

    _NS = "http://spdx.org/rdf/terms#"
    _open = True

__all__ = [
    "ACT", "ACTION", "AS", "BASE", "CRM", "DATASET", "DCAT", "DCTERMS", "DIRECTION", "DOC",
    "EDITION", "GLYPH", "GRAPH", "LAYER", "MENTION", "OA", "OBJECT", "OWL", "PARTICIPANT",
    "PLACE", "PREFIXES", "PROV", "RDF", "RDFS", "RG", "RITE", "ROLE", "SCHEME", "SECTION", "SH",
    "SKOS", "SPARQL_PREFIXES", "SPDX", "TEXT", "VOID", "XSD", "Vocabulary", "sparql_prefixes",
]
'''

FOOTER = '''

#: Prefixes for serialisation and SPARQL, in a stable order.
PREFIXES = {
    "rg": str(RG),
    "role": ROLE, "obj": OBJECT, "place": PLACE, "action": ACTION,
    "dir": DIRECTION, "scheme": SCHEME, "layer": LAYER, "rite": RITE,
    "doc": DOC,
    "oa": str(OA), "crm": str(CRM),
    "prov": str(PROV), "skos": str(SKOS), "dcterms": str(DCTERMS), "owl": str(OWL),
    "rdf": str(RDF), "rdfs": str(RDFS), "xsd": str(XSD), "sh": str(SH), "dcat": str(DCAT),
    "as": str(AS), "void": str(VOID), "spdx": str(SPDX),
}

#: Prefixes predeclared in ``ritegraph query`` (``--sparql``, .rq files, ``--param`` values) and
#: used to shorten IRIs in tables: :data:`PREFIXES` and the bases of the minted resources.
SPARQL_PREFIXES = {
    **PREFIXES,
    "text": str(TEXT), "section": str(SECTION), "act": str(ACT), "mention": str(MENTION),
    "edition": str(EDITION), "participant": str(PARTICIPANT), "glyph": str(GLYPH),
    "graph": str(GRAPH), "dataset": str(DATASET),
}


def sparql_prefixes(*names: str) -> str:
    """``PREFIX`` lines for SPARQL text (the named prefixes, or all of :data:`PREFIXES`)."""
    chosen = names or tuple(PREFIXES)
    return "".join(f"PREFIX {n}: <{PREFIXES[n]}>\\n" for n in chosen)
'''

#: The standard vocabularies, from rdflib's term lists (open when rdflib's are).
STANDARD = [(DCAT, "DCAT"), (DCTERMS, "DCMI Metadata Terms"), (OWL, "OWL 2"), (PROV, "PROV-O"),
            (RDF, "RDF"), (RDFS, "RDF Schema"), (SH, "SHACL"), (SKOS, "SKOS"), (VOID, "VoID"),
            (XSD, "XML Schema datatypes")]


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
    lines = ["", "", f"class {name}(metaclass=Vocabulary):", f'    """{what.capitalize()}."""', "",
             f'    _NS = "{iri}"']
    extras: list[str] = []
    for title, rows in _terms(graph, iri).items():
        lines += ["", f"    # {title}"]
        for term, label in rows:
            if term.isidentifier() and not keyword.iskeyword(term):
                lines.append(f'    {term} = _NS + "{term}"' + (f"  # {label}" if label else ""))
            else:
                extras.append(term)
    if extras:
        lines += ["", f'    # terms that are not Python identifiers: use {name}["…"]',
                  f'    _terms = "{" ".join(extras)}"']
    return "\n".join(lines)


def _render_standard(namespace: type, title: str) -> str:
    """A standard vocabulary: rdflib's term list, as one ``_terms`` string."""
    terms = sorted({*namespace.__annotations__, *getattr(namespace, "_extras", ())})
    lines = ["", "", f"class {namespace.__name__}(metaclass=Vocabulary):",
             f'    """{title} (the terms rdflib lists)."""', "",
             f'    _NS = "{namespace._NS}"']
    if not namespace._fail:
        lines.append("    _open = True")
    lines += textwrap.wrap(" ".join(terms), 92, initial_indent='    _terms = """',
                           subsequent_indent="        ", break_on_hyphens=False)
    lines[-1] += '"""'
    return "\n".join(lines)


def render(ontology: Path = ONTOLOGY) -> str:
    """The text of ``vocab.py`` for the given ontology file."""
    graph = Graph().parse(ontology, format="turtle")
    body = "".join(_render_namespace(graph, *spec) for spec in NAMESPACES)
    body += "".join(_render_standard(*spec) for spec in STANDARD)
    return HEADER + body + "\n" + FOOTER


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
