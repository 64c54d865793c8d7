"""Shared fixtures: the seed corpus built once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from ritegraph.build import BuildReport, build

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
SHARED = REPO.parent / "shared"  # present for developers and CI, never needed at run time


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildReport:
    """The bundled seed corpus built into a temporary store (once per session)."""
    return build(tmp_path_factory.mktemp("store"))


@pytest.fixture(scope="session")
def built_store(built: BuildReport) -> Path:
    """Directory of the store built from the seed corpus."""
    return built.store
