"""ritegraph: a knowledge graph of the rites of the 仪礼 and its commentaries.

``from ritegraph import open_graph`` opens a built store for reading (see docs/api.md);
``ritegraph.__version__`` is the version of pyproject.toml.
"""

from __future__ import annotations

_VERSION: list[str] = []  # looked up once: the package imports nothing at start (issue 14)


def _version() -> str:
    """pyproject.toml's version: read from it in a checkout (an editable install's metadata
    keeps the version it was installed with), from the installed metadata otherwise."""
    if not _VERSION:
        _VERSION.append(_look_up_version())
    return _VERSION[0]


def _look_up_version() -> str:
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        import tomllib

        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == "ritegraph":
            return project["version"]
    from importlib.metadata import version

    return version("ritegraph")


def __getattr__(name: str):  # lazy: the CLI and the build need not import the read layer
    if name == "__version__":
        return _version()
    if name in ("open_graph", "RiteGraph", "records_frame"):
        from . import read

        return getattr(read, name)
    raise AttributeError(f"module 'ritegraph' has no attribute {name!r}")
