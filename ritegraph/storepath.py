"""Where the store is: ``--store``, else ``$RITEGRAPH_STORE``, else ``./ritegraph-data``.

One home for the CLI, the read layer (:func:`ritegraph.open_graph`) and the query process that
``ritegraph query`` starts before its arguments are parsed, so it imports nothing but ``os``.
"""

from __future__ import annotations

import os

DEFAULT_STORE = "ritegraph-data"
ENV_STORE = "RITEGRAPH_STORE"


def store_location(given: str | os.PathLike[str] | None = None) -> str:
    """The store directory: ``given``, else ``$RITEGRAPH_STORE``, else the default."""
    return os.fspath(given) if given else os.environ.get(ENV_STORE) or DEFAULT_STORE
