"""Shared fixtures: the seed corpus built once per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph.build import BuildReport, build
from ritegraph.store import new_build

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
SHARED = REPO.parent / "shared"  # present for developers and CI, never needed at run time
SMALL_QUERY_GRAPH = REPO / "tests" / "fixtures" / "queries" / "small.trig"

# The browser-test fixtures (chromium, browser_server, page, page_errors; tests/browser_support.py).
pytest_plugins = ["tests.browser_support"]


SEED_MANIFEST = REPO / "tests" / "fixtures" / "seed-corpus" / "corpus.toml"
SEED_FILES = sorted(p.name for p in CORPUS.glob("00[0-9]_*.txt"))


def make_seed_corpus(directory: Path) -> Path:
    """``directory`` holding the four bundled seed texts and a manifest listing only them."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in SEED_FILES:
        shutil.copyfile(CORPUS / name, directory / name)
    shutil.copyfile(SEED_MANIFEST, directory / "corpus.toml")
    return directory


@pytest.fixture(scope="session")
def seed_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed texts alone, as a corpus directory (the full book is built by slow tests)."""
    return make_seed_corpus(tmp_path_factory.mktemp("seed-corpus"))


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory, seed_corpus: Path) -> BuildReport:
    """The seed corpus built into a temporary store (once per session)."""
    return build(tmp_path_factory.mktemp("store"), seed_corpus)


@pytest.fixture(scope="session")
def built_store(built: BuildReport) -> Path:
    """Directory of the store built from the seed corpus."""
    return built.store


@pytest.fixture(scope="session")
def small_store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding the small hand-written query graph (tests/fixtures/queries/small.trig)."""
    directory = tmp_path_factory.mktemp("small-store")
    with new_build(directory) as (store, _build_dir):
        store.load(path=str(SMALL_QUERY_GRAPH), format=ox.RdfFormat.TRIG)
    return directory


@pytest.fixture(scope="session")
def yanli(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildReport, Path]:
    """燕礼 in three witnesses (the seed and two Kanripo editions), built: (report, store)."""
    from .witness_support import YANLI, corpus_of

    base = tmp_path_factory.mktemp("yanli")
    report = build(base / "store", corpus_of(YANLI, base / "corpus"))
    return report, base / "store"
