"""Writing RDF terms as N-Triples/N-Quads text, fast (the build emits hundreds of thousands).

UTF-8 is written as is, so CJK stays readable; only the characters N-Triples requires are escaped.
"""

from __future__ import annotations

XSD = "http://www.w3.org/2001/XMLSchema#"

_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})


def iri(value: str) -> str:
    return f"<{value}>"


def literal(value: str, lang: str | None = None) -> str:
    text = '"' + value.translate(_ESCAPES) + '"'
    return f"{text}@{lang}" if lang else text


def integer(value: int) -> str:
    return f'"{value}"^^<{XSD}integer>'


def decimal(value: float) -> str:
    return f'"{value:.3f}"^^<{XSD}decimal>'


def boolean(value: bool) -> str:
    return f'"{"true" if value else "false"}"^^<{XSD}boolean>'


class QuadWriter:
    """Accumulates N-Quads lines, one named graph per call site."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, subject: str, predicate: str, obj: str, graph: str) -> None:
        """Add one quad; ``subject``/``predicate``/``graph`` are IRIs, ``obj`` an N-Triples term."""
        self.lines.append(f"<{subject}> <{predicate}> {obj} <{graph}> .\n")

    def data(self) -> bytes:
        return "".join(self.lines).encode("utf-8")

    def __len__(self) -> int:
        return len(self.lines)
