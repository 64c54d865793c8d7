"""Ritual acts: extraction from the classic text (and its translation), evaluation.

``Act`` and ``DIRECTIONS`` come from the light :mod:`.model`; the extractor is imported only
when ``act_regions`` or ``extract_acts`` is first asked for, so that code needing the record
type (the RDF writers, the store readers) does not load the whole grammar.
"""

from .model import DIRECTIONS, Act

__all__ = ["DIRECTIONS", "Act", "act_regions", "extract_acts"]


def __getattr__(name: str):
    if name in ("act_regions", "extract_acts"):
        from . import extract

        return getattr(extract, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
