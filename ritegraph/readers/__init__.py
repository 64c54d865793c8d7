"""Readers: one module per edition format, behind a small registry.

A reader is a function ``read(file: CorpusFile, text: str) -> ReadResult``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..corpus import CorpusFile
from ..errors import InputError
from ..model import ReadResult

Reader = Callable[[CorpusFile, str], ReadResult]

_REGISTRY: dict[str, Reader] = {}


def register(key: str) -> Callable[[Reader], Reader]:
    def decorate(func: Reader) -> Reader:
        _REGISTRY[key] = func
        return func

    return decorate


def reader_for(file: CorpusFile) -> Reader:
    # Import the reader modules lazily so that registering happens on first use.
    from . import collation, judou, kanripo, zhushu  # noqa: F401
    from .common import complete_citations

    try:
        reader = _REGISTRY[file.format]
    except KeyError:
        raise InputError(f"no reader for edition format {file.format!r}", path=str(file.path),
                         hint=f"known formats: {', '.join(sorted(_REGISTRY))}") from None
    return lambda f, text: complete_citations(reader(f, text))
