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
from .terms import QuadWriter, date_time, iri, literal, non_negative


@dataclass(frozen=True)
class Provenance:
    """What every annotation of one build says about its making."""

    created: str  # ISO 8601 dateTime
    generator: str  # IRI of the software (with its version)


def annotation_quads(out: QuadWriter, annotation: str, body: str, *, document: str, text: str,
                     start: int, end: int, graph: str, made: Provenance) -> None:
    """Write one annotation whose body is ``body`` and whose target is ``text[start:end]``."""
    sep = "-" if "#" in annotation else "#"  # <step>#evidence-target, <mention>#target
    target, position, quote = (f"{annotation}{sep}{part}" for part in ("target", "position",
                                                                        "quote"))
    out.add(annotation, RDF.type, iri(OA.Annotation), graph)
    out.add(annotation, OA.motivatedBy, iri(OA.identifying), graph)
    out.add(annotation, OA.hasBody, iri(body), graph)
    out.add(annotation, DCTERMS.created, date_time(made.created), graph)
    out.add(annotation, AS.generator, iri(made.generator), graph)
    out.add(annotation, OA.hasTarget, iri(target), graph)
    out.add(target, RDF.type, iri(OA.SpecificResource), graph)
    out.add(target, OA.hasSource, iri(document), graph)
    out.add(target, OA.hasSelector, iri(position), graph)
    out.add(target, OA.hasSelector, iri(quote), graph)
    out.add(position, RDF.type, iri(OA.TextPositionSelector), graph)
    out.add(position, OA.start, non_negative(start), graph)
    out.add(position, OA.end, non_negative(end), graph)
    out.add(quote, RDF.type, iri(OA.TextQuoteSelector), graph)
    out.add(quote, OA.exact, literal(text[start:end]), graph)
