"""Locate the data directories (ontology, ingest, shapes, queries, corpus).

In a checkout they sit at the top level beside the package; in an installed wheel they are
shipped as ``ritegraph/_data/<name>``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the directory holding the named data (``ontology``, ``shapes`` …)."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"ritegraph data directory {name!r} not found beside {_PACKAGE}")
