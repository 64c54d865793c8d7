"""The embedded persistent store (pyoxigraph), built atomically.

Layout of a store directory::

    ritegraph-data/
      current -> builds/20261130T161500-1234   (symlink, replaced atomically)
      builds/<id>/oxigraph/                    (the pyoxigraph database)
      builds/<id>/build.json                   (what was built, counts, timings)

A build writes a new ``builds/<id>`` and only then repoints ``current``; a failed build removes
its own directory and leaves ``current`` (and so every reader) on the previous build.

Ownership (docs/reliability.md): each build directory carries a marker file
(``builds/<id>/.ritegraph-build``: id, pid, host, start time) written when it is made, and a
build only ever deletes a directory that lies inside ``<store>/builds/`` *and* carries the
marker: the build it replaces, its own on failure, or a stale one (a killed build's: not
``current``, its owner no longer running on this host, or older than a day). A ``current``
that is not a symlink into ``<store>/builds/`` is not ours: the build refuses (exit 2) and
touches nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyoxigraph as ox

from .errors import StoreError
from .storepath import current_build, open_store  # the store API, with building and writing
from .vocab import GRAPH, OA, XSD

GRAPH_BASE = str(GRAPH)
GRAPH_ONTOLOGY = GRAPH_BASE + "ontology"
GRAPH_LEXICON = GRAPH_BASE + "lexicon"
GRAPH_CORPUS = GRAPH_BASE + "corpus"
GRAPH_INFERRED = GRAPH_BASE + "inferred"
GRAPH_DATASET = GRAPH_BASE + "dataset"  # the dataset description (VoID, DCAT, PROV-O)


def rite_graph(rite_slug: str) -> str:
    return GRAPH_BASE + rite_slug


MARKER = ".ritegraph-build"  # written into every build directory a build creates
STALE_SECONDS = 24 * 3600  # a marked build directory this old that is not current is stale

#: Messages of pyoxigraph's storage errors (RocksDB statuses, raised as RuntimeError/OSError).
_STORAGE_STATUS = ("Corruption:", "IO error:", "Invalid argument:", "Not implemented:",
                   "Resource busy", "No space", "Operation aborted")


def is_storage_error(exc: BaseException) -> bool:
    """Whether ``exc`` is pyoxigraph reporting a damaged or unusable database."""
    return isinstance(exc, RuntimeError | OSError) and str(exc).startswith(_STORAGE_STATUS)


def build_info(store_dir: Path) -> dict:
    """The ``build.json`` of the current build."""
    path = current_build(store_dir) / "build.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StoreError(f"cannot read {path}: {exc} (rebuild with `ritegraph build`)") from exc


def read_marker(build_dir: Path) -> dict | None:
    """The ownership marker of a build directory, or None if it has none (not ours)."""
    path = Path(build_dir) / MARKER
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("id") == Path(build_dir).name else None


def _owner_alive(marker: dict) -> bool:
    """Whether the process that made a build may still be running (True when unsure)."""
    if marker.get("host") != os.uname().nodename:
        return True
    pid = marker.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, but is someone else's
    return True


def check_current(store_dir: Path) -> Path | None:
    """The build ``current`` points at, or None when there is none yet.

    :class:`StoreError` when ``current`` is not ours to replace: not a symlink, or pointing
    outside ``<store>/builds/``. Nothing is touched either way.
    """
    store_dir = Path(store_dir)
    link = store_dir / "current"
    if not link.is_symlink():
        if link.exists():
            raise StoreError(f"{link} is not a symlink made by ritegraph; it was left as it is "
                             f"(move it away, or build into another --store)")
        return None
    target = link.resolve()
    builds = (store_dir / "builds").resolve()
    if target.parent != builds:
        raise StoreError(f"{link} points to {target}, outside {builds}; it was left as it is "
                         f"(remove the link, or build into another --store)")
    return target


def quads_prefix() -> str:
    """The name prefix of a build's temporary N-Quads file in the store directory: it names
    the host and process, so that the sweeper knows a killed build's file."""
    return f".quads-{os.uname().nodename}-{os.getpid()}-"


_QUADS_FILE = re.compile(r"\.quads-(?P<host>.+)-(?P<pid>\d+)-[^-]+\.nq")


def _sweep_quads_files(store_dir: Path, now: float) -> list[str]:
    """Remove the temporary N-Quads files of builds that are not running (see
    :func:`quads_prefix`; an older file without host and pid only after STALE_SECONDS)."""
    removed = []
    for entry in sorted(store_dir.glob(".quads-*.nq")):
        m = _QUADS_FILE.fullmatch(entry.name)
        with contextlib.suppress(OSError):
            old = now - entry.stat().st_mtime > STALE_SECONDS
            owner = {"host": m["host"], "pid": int(m["pid"])} if m else None
            if entry.is_file() and not entry.is_symlink() and (
                    old or (owner is not None and not _owner_alive(owner))):
                entry.unlink()
                removed.append(entry.name)
    return removed


def sweep_stale_builds(store_dir: Path, *, now: float | None = None) -> list[str]:
    """Remove build directories and temporary N-Quads files left by killed builds; return
    their names.

    A directory is removed only if it carries the marker, is not ``current``, and its owner is
    not running on this host or it is older than :data:`STALE_SECONDS`. Nothing unmarked is
    ever removed.
    """
    now = time.time() if now is None else now
    quads = _sweep_quads_files(Path(store_dir), now) if Path(store_dir).is_dir() else []
    builds = Path(store_dir) / "builds"
    if not builds.is_dir():
        return quads
    current = check_current(store_dir)
    removed = quads
    for entry in sorted(builds.iterdir()):
        if entry.is_symlink() or not entry.is_dir() or entry.resolve() == current:
            continue
        marker = read_marker(entry)
        if marker is None:
            continue
        started = marker.get("started")
        old = isinstance(started, int | float) and now - started > STALE_SECONDS
        if old or not _owner_alive(marker):
            _remove_tree(entry)
            removed.append(entry.name)
    return removed


def _remove_tree(path: Path) -> None:
    """Remove a build directory of ours, whatever is left of it (shutil is imported here: a
    query opening the store need not pay for it)."""
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def prepare_store_dir(store_dir: Path) -> Path:
    """Make sure ``store_dir`` can take a new build: :class:`StoreError` if it cannot."""
    store_dir = Path(store_dir)
    if store_dir.exists() and not store_dir.is_dir():
        raise StoreError(f"{store_dir} is not a directory (give --store a directory)")
    check_current(store_dir)
    try:
        (store_dir / "builds").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the store in {store_dir}: {exc.strerror or exc} "
                         "(choose a writable --store)") from exc
    if not os.access(store_dir / "builds", os.W_OK | os.X_OK):
        raise StoreError(f"{store_dir} is not writable (choose a writable --store)")
    return store_dir


def _make_build_dir(builds: Path) -> Path:
    build_id = time.strftime("%Y%m%dT%H%M%S") + f"-{os.getpid()}-{time.monotonic_ns() % 10**6}"
    build_dir = builds / build_id
    try:
        build_dir.mkdir()
        marker = {"id": build_id, "pid": os.getpid(), "host": os.uname().nodename,
                  "started": time.time(), "program": "ritegraph"}
        (build_dir / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    except OSError as exc:
        _remove_tree(build_dir)
        raise StoreError(f"cannot write a new build in {builds}: {exc.strerror or exc} "
                         "(is the disk full or read-only?)") from exc
    return build_dir


@contextmanager
def new_build(store_dir: Path) -> Iterator[tuple[ox.Store, Path]]:
    """Yield a fresh store in a new build directory; on success repoint ``current`` to it.

    Stale build directories are swept first (:func:`sweep_stale_builds`). On any exception the
    new directory is removed and ``current`` is left untouched; a storage failure (disk full,
    I/O error) becomes a :class:`StoreError`.
    """
    store_dir = prepare_store_dir(Path(store_dir))
    sweep_stale_builds(store_dir)
    build_dir = _make_build_dir(store_dir / "builds")
    try:
        try:
            store = ox.Store(str(build_dir / "oxigraph"))
            yield store, build_dir
            store.flush()
            del store
        except (OSError, RuntimeError) as exc:
            if not isinstance(exc, OSError) and not is_storage_error(exc):
                raise
            raise StoreError(f"writing the new build in {build_dir} failed: {exc} (is the disk "
                             "full? the previous build is still current)") from exc
    except BaseException:
        _remove_tree(build_dir)
        raise
    _repoint(store_dir, build_dir)


def _repoint(store_dir: Path, build_dir: Path) -> None:
    """Point ``current`` at ``build_dir``; remove the build it pointed at only if it is ours
    (inside ``builds/``, marked). A ``current`` that is not ours raises before anything moves."""
    link = store_dir / "current"
    previous = check_current(store_dir)
    tmp = store_dir / f".current-{os.getpid()}"
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    tmp.symlink_to(Path("builds") / build_dir.name)
    os.replace(tmp, link)  # atomic on POSIX
    if (previous is not None and previous != build_dir.resolve() and previous.is_dir()
            and not previous.is_symlink() and read_marker(previous) is not None):
        _remove_tree(previous)


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
