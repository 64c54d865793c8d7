"""Shared fixtures: the seed corpus built once per test session."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph.build import BuildReport, build
from ritegraph.store import new_build

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
SHARED = REPO.parent / "shared"  # present for developers and CI, never needed at run time
SMALL_QUERY_GRAPH = REPO / "tests" / "fixtures" / "queries" / "small.trig"


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildReport:
    """The bundled seed corpus built into a temporary store (once per session)."""
    return build(tmp_path_factory.mktemp("store"))


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
