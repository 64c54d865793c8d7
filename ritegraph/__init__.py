"""ritegraph: a knowledge graph of the rites of the 仪礼 and its commentaries.

``from ritegraph import open_graph`` opens a built store for reading (see docs/api.md).
"""

__version__ = "0.1.0"


def __getattr__(name: str):  # lazy: the CLI and the build need not import the read layer
    if name in ("open_graph", "RiteGraph", "records_frame"):
        from . import read

        return getattr(read, name)
    raise AttributeError(f"module 'ritegraph' has no attribute {name!r}")
