"""Where the store is: ``--store``, else ``$RITEGRAPH_STORE``, else ``./ritegraph-data``; its
current build, and opening that build's database.

One home for the CLI, the read layer (:func:`ritegraph.open_graph`) and the query process that
``ritegraph query`` starts before its arguments are parsed, so it imports nothing but ``os`` at
start (pyoxigraph when a database is opened); :mod:`ritegraph.store` builds and writes stores.
"""

from __future__ import annotations

import os

from .errors import StoreError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at start
if TYPE_CHECKING:
    from pathlib import Path

    import pyoxigraph as ox

DEFAULT_STORE = "ritegraph-data"
ENV_STORE = "RITEGRAPH_STORE"


def store_location(given: str | os.PathLike[str] | None = None) -> str:
    """The store directory: ``given``, else ``$RITEGRAPH_STORE``, else the default."""
    return os.fspath(given) if given else os.environ.get(ENV_STORE) or DEFAULT_STORE


def current_build(store_dir: str | os.PathLike[str]) -> Path:
    """The directory of the build ``current`` points at; :class:`StoreError` if none."""
    from pathlib import Path

    return Path(_current_build(store_dir))


def _current_build(store_dir: str | os.PathLike[str]) -> str:
    """:func:`current_build` as a string, through :mod:`os.path`: the query process opens the
    store without importing :mod:`pathlib` (~5 ms of its start)."""
    link = os.path.join(store_dir, "current")
    if not os.path.exists(link):
        raise StoreError(f"no graph in {os.fspath(store_dir)}: run `ritegraph build` first "
                         f"(or point --store / $RITEGRAPH_STORE at a built store)")
    return os.path.realpath(link)


def open_store(store_dir: str | os.PathLike[str], *, read_only: bool = True) -> ox.Store:
    """Open the current build's database (read-only by default)."""
    import pyoxigraph as ox

    db = os.path.join(_current_build(store_dir), "oxigraph")
    if not os.path.isdir(db):
        raise StoreError(f"{db} is not a store database (rebuild with `ritegraph build`)")
    try:
        return ox.Store.read_only(db) if read_only else ox.Store(db)
    except (OSError, RuntimeError) as exc:
        raise StoreError(f"cannot open the store at {db}: {exc} (the store is damaged or "
                         "unreadable: rebuild it with `ritegraph build`)") from exc
