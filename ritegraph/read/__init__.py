"""The one read layer: everything that reads a built store (CLI, check, serve, the Python API).

``open_graph()`` returns a :class:`RiteGraph`; its records are the dataclasses of
:mod:`ritegraph.read.records`. See docs/api.md.
"""

from .graph import RiteGraph, open_graph
from .records import Concept, Mention, Passage, Rite, Section, Step, Where, records_frame

__all__ = ["Concept", "Mention", "Passage", "Rite", "RiteGraph", "Section", "Step", "Where",
           "open_graph", "records_frame"]
