"""Export the store as linked data.

Turtle, TriG, N-Triples and N-Quads are written canonically by this module (sorted subjects,
predicates and objects, fixed prefixes, blank nodes inlined or named by content), so that
rebuilding an unchanged corpus gives a byte-identical file; so is JSON-LD (``jsonld.py``: a
dataset with its named graphs, compacted through ``ontology/context.jsonld``). The Web
Annotations are written by ``rdf/annotation.py``; RDF/XML goes through rdflib. CJK text is
written as UTF-8, never as ``\\u`` escapes. Files are written atomically, with the usual mode.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import secrets
from collections import defaultdict
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import BinaryIO

import pyoxigraph as ox

from .errors import UsageError
from .store import graph_quads
from .vocab import GRAPH
from .vocab import PREFIXES as VOCAB_PREFIXES

PREFIXES: dict[str, str] = {**VOCAB_PREFIXES, "graph": str(GRAPH)}

#: Each format and the file suffixes it is written to; a suffix names the first format listing
#: it (``.jsonld`` is JSON-LD; Web Annotations are JSON-LD too, so they may take it).
FORMATS: dict[str, tuple[str, ...]] = {
    "turtle": (".ttl",), "trig": (".trig",), "ntriples": (".nt",), "nquads": (".nq",),
    "jsonld": (".jsonld", ".json"), "rdfxml": (".rdf", ".owl", ".xml"),
    "annotations": (".jsonld", ".json"),
}


def format_for(output: Path | None, fmt: str | None) -> str:
    """The format to write: ``fmt``, checked against the suffix of ``output``, or the one the
    suffix names; :class:`UsageError` when they contradict or neither says."""
    suffix = output.suffix.lower() if output is not None else ""
    named = next((f for f, suffixes in FORMATS.items() if suffix in suffixes), None)
    if fmt is None:
        if output is None:
            return "turtle"
        if named is None:
            raise UsageError(f"cannot tell the format of {output} from its suffix; give "
                             f"--format ({', '.join(FORMATS)})")
        return named
    if named is not None and suffix not in FORMATS[fmt]:
        raise UsageError(f"--output {output} has the suffix of {named}, not of --format {fmt} "
                         f"({', '.join(FORMATS[fmt])}); change one of them")
    return fmt


def check_output(output: Path) -> None:
    """:class:`UsageError` unless ``output`` can be written: checked before the work."""
    parent = output.parent
    if output.is_dir():
        raise UsageError(f"--output {output} is a directory; give a file name")
    if not parent.is_dir():
        raise UsageError(f"--output {output}: no directory {parent}; create it first")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"--output {output}: the directory {parent} is not writable")

RDF_TYPE = PREFIXES["rdf"] + "type"
RDF_FIRST, RDF_REST, RDF_NIL = (PREFIXES["rdf"] + n for n in ("first", "rest", "nil"))
XSD = PREFIXES["xsd"]
_PLAIN_DATATYPES = {XSD + "integer", XSD + "boolean", XSD + "decimal"}
_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})
_LOCAL_OK = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

Term = ox.NamedNode | ox.BlankNode | ox.Literal
Triple = tuple[Term, ox.NamedNode, Term]


def _qname(value: str) -> str:
    best = None
    for prefix, namespace in PREFIXES.items():
        if value.startswith(namespace) and (best is None or len(namespace) > len(best[1])):
            best = (prefix, namespace)
    if best:
        local = value[len(best[1]):]
        if local and set(local) <= _LOCAL_OK and local[0] != "-" and local[-1] != "-":
            return f"{best[0]}:{local}"
    return f"<{value}>"


def _literal(term: ox.Literal, *, turtle: bool) -> str:
    datatype = term.datatype.value
    if turtle and datatype in _PLAIN_DATATYPES:
        return term.value
    text = '"' + term.value.translate(_ESCAPES) + '"'
    if term.language:
        return f"{text}@{term.language}"
    if datatype == XSD + "string":
        return text
    return f"{text}^^{_qname(datatype) if turtle else '<' + datatype + '>'}"


class _TurtleWriter:
    """Canonical Turtle for one graph's triples."""

    def __init__(self, triples: Iterable[Triple]) -> None:
        self.by_subject: dict[Term, list[tuple[ox.NamedNode, Term]]] = defaultdict(list)
        refs: dict[ox.BlankNode, int] = defaultdict(int)
        for s, p, o in triples:
            self.by_subject[s].append((p, o))
            if isinstance(o, ox.BlankNode):
                refs[o] += 1
        # Blank nodes used once as an object are written inline; others get content labels.
        self.inline = {b for b, n in refs.items() if n == 1 and b in self.by_subject}
        self.referenced = set(refs)
        self._labels: dict[ox.BlankNode, str] = {}

    def term(self, term: Term, depth: int = 0) -> str:
        if isinstance(term, ox.NamedNode):
            return _qname(term.value)
        if isinstance(term, ox.Literal):
            return _literal(term, turtle=True)
        if term in self.inline and depth < 32:
            items = self._as_list(term)
            if items is not None:
                return "(" + " ".join(self.term(i, depth + 1) for i in items) + ")"
            return "[ " + " ; ".join(self._predicate_objects(term, depth + 1)) + " ]"
        return self.label(term)

    def label(self, node: ox.BlankNode) -> str:
        """A label derived from the node's rendered content (store bnode ids are random)."""
        if node not in self._labels:
            self._labels[node] = "_:b"  # provisional, guards against cycles
            lines = []
            for p, o in self.by_subject.get(node, []):
                shown = o in self.inline or not isinstance(o, ox.BlankNode)
                lines.append(f"{p.value} {self.term(o, 1) if shown else '_'}")
            content = "\n".join(sorted(lines))
            self._labels[node] = "_:b" + hashlib.sha1(content.encode()).hexdigest()[:12]
        return self._labels[node]

    def _as_list(self, node: Term) -> list[Term] | None:
        items: list[Term] = []
        seen = set()
        while isinstance(node, ox.BlankNode) and node not in seen:
            seen.add(node)
            props = dict((p.value, o) for p, o in self.by_subject.get(node, []))
            if set(props) != {RDF_FIRST, RDF_REST} or len(self.by_subject[node]) != 2:
                return None
            items.append(props[RDF_FIRST])
            node = props[RDF_REST]
            if node != ox.NamedNode(RDF_NIL) and node not in self.inline:
                return None
        return items if node == ox.NamedNode(RDF_NIL) else None

    def _predicate_objects(self, subject: Term, depth: int) -> list[str]:
        grouped: dict[str, list[str]] = defaultdict(list)
        for p, o in self.by_subject[subject]:
            grouped[p.value].append(self.term(o, depth))
        order = sorted(grouped, key=lambda p: (p != RDF_TYPE, _qname(p)))
        return [("a" if p == RDF_TYPE else _qname(p)) + " " + " , ".join(sorted(set(grouped[p])))
                for p in order]

    def body(self, indent: str = "") -> str:
        blocks = []
        sep = f" ;\n{indent}    "
        for s in self.by_subject:
            if s in self.inline:
                continue
            po = sep.join(self._predicate_objects(s, 0))
            if isinstance(s, ox.BlankNode) and s not in self.referenced:
                blocks.append((1, f"{indent}[ {po} ] .\n"))  # an anonymous top-level node
            else:
                blocks.append((isinstance(s, ox.BlankNode), f"{indent}{self.term(s)} {po} .\n"))
        return "\n".join(text for _, text in sorted(blocks))


def _prefix_header() -> str:
    return "".join(f"@prefix {p}: <{ns}> .\n" for p, ns in PREFIXES.items()) + "\n"


def _nt_term(term: Term) -> str:
    if isinstance(term, ox.NamedNode):
        return f"<{term.value}>"
    if isinstance(term, ox.Literal):
        return _literal(term, turtle=False)
    return f"_:{term.value}"


def _dedupe(quads: Iterable[ox.Quad]) -> list[Triple]:
    return list({(q.subject, q.predicate, q.object) for q in quads})


def export(store: ox.Store, fmt: str, out: BinaryIO, graphs: list[str] | None = None) -> None:
    """Write the named ``graphs`` (default: every named graph) of ``store`` to ``out`` in
    ``fmt``; JSON-LD and the annotations are written as they are read."""
    names = graphs if graphs is not None else sorted(g.value for g in store.named_graphs())
    writer = _WRITERS.get(fmt)
    if writer is None:
        raise ValueError(f"unknown export format {fmt!r}")
    writer(store, names, out)


def _write_jsonld(store: ox.Store, names: list[str], out: BinaryIO) -> None:
    from .jsonld import write_jsonld

    write_jsonld(store, names, out)


def _write_annotations(store: ox.Store, names: list[str], out: BinaryIO) -> None:
    from .rdf.annotation import write_annotations

    write_annotations(store, names, out)


def _write_turtle(store: ox.Store, names: list[str], out: BinaryIO) -> None:
    triples = _dedupe(q for name in names for q in graph_quads(store, name))
    out.write((_prefix_header() + _TurtleWriter(triples).body()).encode("utf-8"))


def _write_trig(store: ox.Store, names: list[str], out: BinaryIO) -> None:
    out.write(_prefix_header().encode("utf-8"))
    for name in names:
        quads = graph_quads(store, name)
        writer = _TurtleWriter((q.subject, q.predicate, q.object) for q in quads)
        out.write(f"{_qname(name)} {{\n{writer.body('    ')}}}\n\n".encode())


def _write_lines(store: ox.Store, names: list[str], out: BinaryIO, *, quads: bool) -> None:
    """N-Triples or N-Quads, one sorted line per distinct statement."""
    lines = set()
    for name in names:
        g = f" <{name}>" if quads else ""
        for q in graph_quads(store, name):
            terms = (_nt_term(q.subject), _nt_term(q.predicate), _nt_term(q.object))
            lines.add(" ".join(terms) + f"{g} .\n")
    out.write("".join(sorted(lines)).encode("utf-8"))


def _write_rdfxml(store: ox.Store, names: list[str], out: BinaryIO) -> None:
    out.write(_rdfxml(store, names))


_WRITERS = {
    "jsonld": _write_jsonld, "annotations": _write_annotations, "turtle": _write_turtle,
    "trig": _write_trig, "rdfxml": _write_rdfxml,
    "ntriples": partial(_write_lines, quads=False), "nquads": partial(_write_lines, quads=True),
}


def serialize(store: ox.Store, fmt: str, graphs: list[str] | None = None) -> bytes:
    """:func:`export` into bytes."""
    buffer = io.BytesIO()
    export(store, fmt, buffer, graphs)
    return buffer.getvalue()


def _rdfxml(store: ox.Store, names: list[str]) -> bytes:
    """RDF/XML through rdflib (its namespace declarations), refusing what XML cannot hold."""
    import rdflib

    graph = rdflib.Graph()
    for name in names:
        triples = [ox.Triple(q.subject, q.predicate, q.object) for q in graph_quads(store, name)]
        graph.parse(data=ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES), format="nt")
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace, replace=True)
    refuse_xml_illegal(graph)
    return graph.serialize(format="xml").encode("utf-8")


#: Characters XML 1.0 cannot carry, not even as character references.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def refuse_xml_illegal(graph) -> None:
    """:class:`UsageError` naming the first literal RDF/XML cannot hold (the texts keep every
    character as the file has it: KR1d0026 卷一 holds a U+0001)."""
    for s, p, o in graph:
        found = _XML_ILLEGAL.search(str(o))
        if found:
            raise UsageError(f"RDF/XML (XML 1.0) cannot carry U+{ord(found.group()):04X}, which "
                             f"<{s}> has in <{p}>; export turtle, trig, nquads or jsonld instead")


@contextlib.contextmanager
def atomic_output(path: Path) -> Iterator[BinaryIO]:
    """A binary handle on a temporary file beside ``path``, renamed over ``path`` when the block
    ends without an error (removed otherwise). The file gets the usual mode (0o666 less the
    umask, as ``open`` gives; ``mkstemp``'s 0o600 is for secrets, an export is not one)."""
    path = Path(path)
    tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through :func:`atomic_output`."""
    with atomic_output(path) as handle:
        handle.write(data)
