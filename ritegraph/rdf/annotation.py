"""W3C Web Annotations: the evidence linking a mention or a step to the exact characters.

Each annotation has a motivation (``oa:identifying``: the body identifies what the target
states), ``dcterms:created``, a generator (this software at its version, ``as:generator``) and
one target: the document with a position selector (``xsd:nonNegativeInteger`` code-point
offsets into the file as read) and a quote selector (``oa:exact``), so that
``text[start:end] == exact``. See docs/model.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..vocab import AS, DCTERMS, OA, RDF
from .iris import annotation_part
from .terms import QuadWriter, date_time, iri, literal, non_negative


@dataclass(frozen=True)
class Provenance:
    """What every annotation of one build says about its making."""

    created: str  # ISO 8601 dateTime
    generator: str  # IRI of the software (with its version)


def _template() -> tuple[str, int]:
    """The quads of one annotation as one format string (a build writes ~300k annotations:
    one string per annotation instead of 15 calls is most of the RDF phase's speed)."""
    rows = [
        ("{a}", RDF.type, iri(OA.Annotation)),
        ("{a}", OA.motivatedBy, iri(OA.identifying)),
        ("{a}", OA.hasBody, "<{body}>"),
        ("{a}", DCTERMS.created, "{created}"),
        ("{a}", AS.generator, "<{generator}>"),
        ("{a}", OA.hasTarget, "<{target}>"),
        ("{target}", RDF.type, iri(OA.SpecificResource)),
        ("{target}", OA.hasSource, "<{document}>"),
        ("{target}", OA.hasSelector, "<{position}>"),
        ("{target}", OA.hasSelector, "<{quote}>"),
        ("{position}", RDF.type, iri(OA.TextPositionSelector)),
        ("{position}", OA.start, "{start}"),
        ("{position}", OA.end, "{end}"),
        ("{quote}", RDF.type, iri(OA.TextQuoteSelector)),
        ("{quote}", OA.exact, "{exact}"),
    ]
    lines = "".join(f"<{s}> <{p}> {o} <{{graph}}> .\n" for s, p, o in rows)
    return lines, len(rows)


_ANNOTATION, _ANNOTATION_QUADS = _template()


def annotation_quads(out: QuadWriter, annotation: str, body: str, *, document: str, text: str,
                     start: int, end: int, graph: str, made: Provenance) -> None:
    """Write one annotation whose body is ``body`` and whose target is ``text[start:end]``."""
    target, position, quote = (annotation_part(annotation, part)
                               for part in ("target", "position", "quote"))
    out.add_block(_ANNOTATION.format(
        a=annotation, target=target, position=position, quote=quote, body=body,
        document=document, graph=graph,
        created=date_time(made.created), generator=made.generator,
        start=non_negative(start), end=non_negative(end), exact=literal(text[start:end])),
        _ANNOTATION_QUADS, graph)
