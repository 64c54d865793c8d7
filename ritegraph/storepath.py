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

    link = Path(store_dir) / "current"
    if not link.exists():
        raise StoreError(f"no graph in {os.fspath(store_dir)}: run `ritegraph build` first "
                         f"(or point --store / $RITEGRAPH_STORE at a built store)")
    return link.resolve()


def open_store(store_dir: str | os.PathLike[str], *, read_only: bool = True) -> ox.Store:
    """Open the current build's database (read-only by default)."""
    import pyoxigraph as ox

    db = current_build(store_dir) / "oxigraph"
    if not db.is_dir():
        raise StoreError(f"{db} is not a store database (rebuild with `ritegraph build`)")
    try:
        return ox.Store.read_only(str(db)) if read_only else ox.Store(str(db))
    except (OSError, RuntimeError) as exc:
        raise StoreError(f"cannot open the store at {db}: {exc} (the store is damaged or "
                         "unreadable: rebuild it with `ritegraph build`)") from exc
