"""The embedded persistent store (pyoxigraph), built atomically.

Layout of a store directory::

    ritegraph-data/
      current -> builds/20261130T161500-1234   (symlink, replaced atomically)
      builds/<id>/oxigraph/                    (the pyoxigraph database)
      builds/<id>/build.json                   (what was built, counts, timings)

A build writes a new ``builds/<id>`` and only then repoints ``current``; a failed build removes
its own directory and leaves ``current`` (and so every reader) on the previous build.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyoxigraph as ox

from .errors import StoreError
from .vocab import GRAPH, OA, XSD

GRAPH_BASE = str(GRAPH)
GRAPH_ONTOLOGY = GRAPH_BASE + "ontology"
GRAPH_LEXICON = GRAPH_BASE + "lexicon"
GRAPH_CORPUS = GRAPH_BASE + "corpus"
GRAPH_INFERRED = GRAPH_BASE + "inferred"
GRAPH_DATASET = GRAPH_BASE + "dataset"  # the dataset description (VoID, DCAT, PROV-O)


def rite_graph(rite_slug: str) -> str:
    return GRAPH_BASE + rite_slug


def current_build(store_dir: Path) -> Path:
    """The directory of the build ``current`` points at; :class:`StoreError` if none."""
    link = Path(store_dir) / "current"
    if not link.exists():
        raise StoreError(f"no graph in {store_dir}: run `ritegraph build` first "
                         f"(or point --store / $RITEGRAPH_STORE at a built store)")
    return link.resolve()


def open_store(store_dir: Path, *, read_only: bool = True) -> ox.Store:
    """Open the current build's database (read-only by default)."""
    db = current_build(store_dir) / "oxigraph"
    try:
        return ox.Store.read_only(str(db)) if read_only else ox.Store(str(db))
    except OSError as exc:
        raise StoreError(f"cannot open the store at {db}: {exc}") from exc


def build_info(store_dir: Path) -> dict:
    """The ``build.json`` of the current build."""
    path = current_build(store_dir) / "build.json"
    return json.loads(path.read_text(encoding="utf-8"))


@contextmanager
def new_build(store_dir: Path) -> Iterator[tuple[ox.Store, Path]]:
    """Yield a fresh store in a new build directory; on success repoint ``current`` to it.

    On any exception the new directory is removed and ``current`` is left untouched.
    """
    store_dir = Path(store_dir)
    builds = store_dir / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    build_id = time.strftime("%Y%m%dT%H%M%S") + f"-{os.getpid()}-{time.monotonic_ns() % 10**6}"
    build_dir = builds / build_id
    build_dir.mkdir()
    try:
        store = ox.Store(str(build_dir / "oxigraph"))
        yield store, build_dir
        store.flush()
        del store
    except BaseException:
        shutil.rmtree(build_dir, ignore_errors=True)
        raise
    _repoint(store_dir, build_dir)


def _repoint(store_dir: Path, build_dir: Path) -> None:
    link = store_dir / "current"
    previous = link.resolve() if link.exists() else None
    tmp = store_dir / f".current-{os.getpid()}"
    if tmp.is_symlink() or tmp.exists():
        tmp.unlink()
    tmp.symlink_to(Path("builds") / build_dir.name)
    os.replace(tmp, link)  # atomic on POSIX
    if previous is not None and previous != build_dir.resolve():
        shutil.rmtree(previous, ignore_errors=True)


def named_graphs(store: ox.Store) -> list[str]:
    """IRIs of the named graphs in the store, sorted."""
    return sorted(g.value for g in store.named_graphs())


#: Web Annotation types selector offsets ``xsd:nonNegativeInteger``; pyoxigraph keeps such
#: literals as ``xsd:integer`` (it normalises derived datatypes to their primitive type), so
#: what is read out of the store for others (exports, rdflib graphs) gets the type back.
_NON_NEGATIVE = frozenset(ox.NamedNode(str(p)) for p in (OA.start, OA.end))
_NON_NEGATIVE_TYPE = ox.NamedNode(str(XSD.nonNegativeInteger))


def graph_quads(store: ox.Store, graph: str) -> list[ox.Quad]:
    """The quads of one named graph, with the datatypes the vocabularies declare."""
    quads = []
    for q in store.quads_for_pattern(None, None, None, ox.NamedNode(graph)):
        if q.predicate in _NON_NEGATIVE and isinstance(q.object, ox.Literal):
            q = ox.Quad(q.subject, q.predicate,
                        ox.Literal(q.object.value, datatype=_NON_NEGATIVE_TYPE), q.graph_name)
        quads.append(q)
    return quads


def to_rdflib(store_dir: Path, graphs: list[str] | None = None):
    """Load the given named graphs (default: all) into one in-memory ``rdflib.Graph``."""
    import rdflib

    store = open_store(store_dir)
    wanted = graphs if graphs is not None else named_graphs(store)
    graph = rdflib.Graph()
    for name in wanted:
        triples = [ox.Triple(q.subject, q.predicate, q.object) for q in graph_quads(store, name)]
        graph.parse(data=ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES), format="nt")
    return graph
