"""RDF terms as N-Triples/N-Quads text, and the quad writer, fast (a build emits millions).

UTF-8 is written as is, so CJK stays readable; only the characters N-Triples requires are escaped.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import TextIO

XSD = "http://www.w3.org/2001/XMLSchema#"

_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})


def iri(value: str) -> str:
    return f"<{value}>"


def literal(value: str, lang: str | None = None) -> str:
    text = '"' + value.translate(_ESCAPES) + '"'
    return f"{text}@{lang}" if lang else text


def integer(value: int) -> str:
    return f'"{value}"^^<{XSD}integer>'


def non_negative(value: int) -> str:
    """An ``xsd:nonNegativeInteger`` (what Web Annotation requires of selector offsets)."""
    return f'"{value}"^^<{XSD}nonNegativeInteger>'


def date_time(value: str) -> str:
    """An ``xsd:dateTime`` from its ISO 8601 lexical form."""
    return f'"{value}"^^<{XSD}dateTime>'


def decimal(value: float) -> str:
    return f'"{value:.3f}"^^<{XSD}decimal>'


def boolean(value: bool) -> str:
    return f'"{"true" if value else "false"}"^^<{XSD}boolean>'


class QuadWriter:
    """Writes N-Quads lines, one named graph per call site.

    ``QuadWriter()`` keeps the lines in memory (``data()`` returns them, for tests and small
    graphs); ``QuadWriter(path)`` streams them to ``path`` as UTF-8 through a large buffer, so a
    build's memory does not grow with the corpus. Close it (or use it as a context manager)
    before loading the file.
    """

    BUFFER = 1 << 20  # bytes of the file's write buffer

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.lines: list[str] = []
        self.count = 0
        self.per_graph: Counter[str] = Counter()  # quads written per named graph
        self._file: TextIO | None = None
        if self.path is not None:
            self._file = open(self.path, "w", encoding="utf-8", newline="\n",  # noqa: SIM115
                              buffering=self.BUFFER)
            self._write = self._file.write
        else:
            self._write = self.lines.append

    def add(self, subject: str, predicate: str, obj: str, graph: str) -> None:
        """Add one quad; ``subject``/``predicate``/``graph`` are IRIs, ``obj`` an N-Triples term."""
        self._write(f"<{subject}> <{predicate}> {obj} <{graph}> .\n")
        self.count += 1
        self.per_graph[graph] += 1

    def add_block(self, lines: str, count: int, graph: str) -> None:
        """Add ``count`` ready-made N-Quads ``lines`` of one named graph (hot paths)."""
        self._write(lines)
        self.count += count
        self.per_graph[graph] += count

    def write_raw(self, data: bytes, graph: str) -> None:
        """Append already serialised N-Quads (UTF-8) of one named graph, e.g. from
        ``pyoxigraph.serialize``."""
        text = data.decode("utf-8")
        if text and not text.endswith("\n"):
            text += "\n"
        self._write(text)
        lines = text.count("\n")
        self.count += lines
        self.per_graph[graph] += lines

    def data(self) -> bytes:
        """The lines written so far, as UTF-8 (in-memory writers only)."""
        if self.path is not None:
            raise ValueError(f"this QuadWriter streams to {self.path}: load that file instead")
        return "".join(self.lines).encode("utf-8")

    def close(self) -> None:
        """Flush and close the file (streaming writers; a no-op in memory)."""
        if self._file is not None and not self._file.closed:
            self._file.close()

    def __enter__(self) -> QuadWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        return self.count
