"""The build streams its N-Quads through a temporary file: same graph, nothing left behind.

The reference graph is what the build wrote before streaming: every quad collected in an
in-memory ``QuadWriter`` and bulk-loaded from bytes. Speed and memory are measured by
benchmarks/bench_build.py, not here.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import ClassVar

import pyoxigraph as ox
import pytest
import rdflib
from rdflib.compare import isomorphic

import ritegraph.build as build_module
from ritegraph import __version__
from ritegraph.acts import extract_acts
from ritegraph.build import build, build_time, file_witnesses, read_file
from ritegraph.corpus import load_manifest
from ritegraph.errors import InputError, StoreError
from ritegraph.lexicon import load_lexicon
from ritegraph.matching import Matcher
from ritegraph.rdf.annotation import Provenance
from ritegraph.rdf.iris import doc_iri, passage_iri, software_iri
from ritegraph.rdf.lexicon import lexicon_graph
from ritegraph.rdf.steps import StepWriter
from ritegraph.rdf.terms import QuadWriter, iri, literal
from ritegraph.rdf.text import corpus_quads, file_quads
from ritegraph.resources import data_dir
from ritegraph.store import GRAPH_DATASET, GRAPH_LEXICON, GRAPH_ONTOLOGY, open_store
from ritegraph.witness_build import WitnessWork

from .conftest import CORPUS, SEED_MANIFEST

EPOCH = "1796918400"  # 2026-12-01T00:00:00Z

SMALL = ("002_057a3db194e8ed57.txt", "003_d97f4fe9e082d3c1.txt")  # the two smallest seed files


def subset_corpus(target: Path, names: tuple[str, ...]) -> Path:
    """A corpus directory holding only ``names`` of the seed corpus, with their manifest entries."""
    target.mkdir()
    head, *blocks = re.split(r"(?m)^(?=\[\[file\]\])", SEED_MANIFEST.read_text("utf-8"))
    kept = [b for b in blocks if any(f'"{n}"' in b for n in names)]
    assert len(kept) == len(names)
    (target / "corpus.toml").write_text(head + "".join(kept), encoding="utf-8")
    for name in names:
        shutil.copy(CORPUS / name, target / name)
    return target


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(corpus, store) of the two smallest seed files, built once for the module."""
    base = tmp_path_factory.mktemp("stream")
    corpus = subset_corpus(base / "corpus", SMALL)
    store = base / "store"
    with pytest.MonkeyPatch.context() as env:  # the same annotation times as the reference
        env.setenv("SOURCE_DATE_EPOCH", EPOCH)
        build(store, corpus)
    return corpus, store


def copy_store(store: Path, target: Path) -> Path:
    shutil.copytree(store, target, symlinks=True)  # `current` is a relative symlink
    return target


def leftovers(store: Path) -> list[str]:
    return sorted(p.name for p in store.iterdir() if p.suffix == ".nq")


def test_streaming_writer_writes_what_the_in_memory_writer_holds(tmp_path):
    quads = [("http://x/s", "http://x/p", literal('引"号"\n换行', "zh"), "http://x/g"),
             ("http://x/s", "http://x/p", iri("http://x/o"), "http://x/g")]
    memory = QuadWriter()
    with QuadWriter(tmp_path / "q.nq") as streamed:
        for quad in quads:
            memory.add(*quad)
            streamed.add(*quad)
        with pytest.raises(ValueError, match="streams to"):
            streamed.data()
    assert (tmp_path / "q.nq").read_bytes() == memory.data()
    assert len(streamed) == len(memory) == 2


def test_the_streamed_build_has_the_quads_of_the_in_memory_build(small, monkeypatch):
    corpus, store = small
    manifest, lexicon = load_manifest(corpus), load_lexicon()
    matcher = Matcher(lexicon)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    made = Provenance(build_time(), software_iri(__version__))
    reference = QuadWriter()  # the build as it was: every line in memory
    corpus_quads(reference, manifest)
    steps, work = StepWriter(reference, lexicon, made), WitnessWork()
    for file in manifest.files:
        fg = read_file(file, matcher)
        file_quads(reference, file, fg.result, fg.matches, made)
        acts = extract_acts(fg.result, file.stem)
        assert steps.file_steps(file, fg.result, acts) == []
        work.add(file_witnesses(fg, lexicon.fold), fg.result, acts, file.format,
                 edition=file.edition, file=file.name, document=doc_iri(file), fold=lexicon.fold,
                 passage_iri=lambda i, fg=fg, file=file: passage_iri(file.stem,
                                                                     fg.result.passages[i]))
    work.write(reference, lexicon, {})  # alignment, variants, rite steps: once all are read
    loaded = ox.Store()  # loaded as before: from bytes, in one store
    loaded.bulk_load(reference.data(), format=ox.RdfFormat.N_QUADS)
    for ttl in sorted(data_dir("ontology").glob("*.ttl")):
        loaded.load(path=str(ttl), format=ox.RdfFormat.TURTLE,
                    to_graph=ox.NamedNode(GRAPH_ONTOLOGY))
    loaded.load(lexicon_graph(lexicon).serialize(format="nt", encoding="utf-8"),
                format=ox.RdfFormat.N_TRIPLES, to_graph=ox.NamedNode(GRAPH_LEXICON))
    built = open_store(store)
    dataset = ox.NamedNode(GRAPH_DATASET)  # the build's own description: compared below
    assert any(built.quads_for_pattern(None, None, None, dataset))
    built = ox.Store()
    built.extend(q for q in open_store(store) if q.graph_name != dataset)

    def without_blank_nodes(source: ox.Store) -> set[ox.Quad]:
        return {q for q in source if not any(isinstance(t, ox.BlankNode)
                                             for t in (q.subject, q.object))}

    assert without_blank_nodes(built) == without_blank_nodes(loaded)
    assert len(built) == len(loaded)

    def graph(source: ox.Store, name: str) -> rdflib.Graph:  # blank nodes: compared as graphs
        data = source.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.NamedNode(name))
        return rdflib.Graph().parse(data=data, format="nt")

    for name in (GRAPH_ONTOLOGY, GRAPH_LEXICON):
        assert isomorphic(graph(built, name), graph(loaded, name)), name
    assert leftovers(store) == []


class Spy(QuadWriter):
    """A streaming writer that remembers itself, to check a failure came after some quads."""

    made: ClassVar[list[Spy]] = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        Spy.made.append(self)


def fail_at_second_file(kind: str, corpus: Path, monkeypatch) -> str:
    """Make the build fail on the second file, after the first file's quads; return the
    message expected."""
    if kind == "reader error":
        (corpus / SMALL[1]).write_bytes(b"")
        return "file is empty"
    calls = []

    real = StepWriter.file_steps

    def missing_labels(*args, **kwargs):
        calls.append(1)
        found = real(*args, **kwargs)
        return [*found, "role:无此人"] if len(calls) == 2 else found

    monkeypatch.setattr(build_module.StepWriter, "file_steps", missing_labels)
    return "act labels missing from the lexicon: role:无此人"


@pytest.mark.parametrize("kind", ["reader error", "act-label error"])
def test_an_input_error_after_some_quads_leaves_the_store_and_no_quads_file(
        kind, small, tmp_path, monkeypatch):
    corpus = subset_corpus(tmp_path / "corpus", SMALL)
    store = copy_store(small[1], tmp_path / "store")
    build_id = (store / "current").resolve().name
    before = len(open_store(store))
    expected = fail_at_second_file(kind, corpus, monkeypatch)
    monkeypatch.setattr(build_module, "QuadWriter", Spy)
    Spy.made.clear()
    with pytest.raises(InputError, match=expected):
        build(store, corpus)
    (writer,) = Spy.made
    assert len(writer) > 10000  # the first file was written out before the error
    assert not writer.path.exists()
    assert leftovers(store) == []
    assert [p.name for p in (store / "builds").iterdir()] == [build_id]
    assert (store / "current").resolve().name == build_id
    assert len(open_store(store)) == before


def test_a_failure_inside_the_new_build_removes_the_quads_file(small, tmp_path, monkeypatch):
    store = copy_store(small[1], tmp_path / "store")
    build_id = (store / "current").resolve().name

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(build_module, "lexicon_graph", fail)
    with pytest.raises(StoreError, match="disk full"):  # a write failure: exit 2, clear message
        build(store, small[0])
    assert leftovers(store) == []
    assert [p.name for p in (store / "builds").iterdir()] == [build_id]
    assert len(open_store(store)) > 0


def test_a_failed_first_build_leaves_no_store_directory(small, tmp_path):
    corpus = subset_corpus(tmp_path / "corpus", SMALL)
    (corpus / SMALL[1]).write_bytes(b"")
    store = tmp_path / "new-store"
    with pytest.raises(InputError, match="file is empty"):
        build(store, corpus)
    assert not store.exists()
