"""W3C Web Annotations: the evidence linking a mention or a step to the exact characters.

Each annotation has a motivation (``oa:identifying``: the body identifies what the target
states), ``dcterms:created``, a generator (this software at its version, ``as:generator``) and
one target: the document with a position selector (``xsd:nonNegativeInteger`` code-point
offsets into the file as read) and a quote selector (``oa:exact``), so that
``text[start:end] == exact``. See docs/model.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import BinaryIO

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


# --- Export: the annotations as W3C Web Annotation JSON-LD (``export --format annotations``) ---

#: The official Web Annotation JSON-LD context, by reference (vendored: ontology/imports/).
ANNO_CONTEXT = "http://www.w3.org/ns/anno.jsonld"

_ANNOTATIONS_QUERY = """
PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX as: <http://www.w3.org/ns/activitystreams#>
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
SELECT ?a ?body ?motivation ?created ?generator ?t ?source ?p ?start ?end ?q ?exact
       ?prefix ?suffix ?passage WHERE {
  GRAPH ?g { ?a a oa:Annotation ; oa:hasBody ?body ; oa:motivatedBy ?motivation ;
                dcterms:created ?created ; as:generator ?generator ; oa:hasTarget ?t .
             ?t oa:hasSource ?source ; oa:hasSelector ?p , ?q .
             ?p a oa:TextPositionSelector ; oa:start ?start ; oa:end ?end .
             ?q a oa:TextQuoteSelector ; oa:exact ?exact .
             OPTIONAL { ?q oa:prefix ?prefix } OPTIONAL { ?q oa:suffix ?suffix }
             OPTIONAL { ?a rg:inPassage|(oa:hasBody/rg:attestedIn) ?passage } }
  VALUES ?g { %s }
} ORDER BY ?source ?a
"""

_PASSAGES_QUERY = """
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
SELECT ?passage ?start ?text WHERE {
  GRAPH ?g { ?passage rg:start ?start ; rg:text ?text } VALUES ?g { %s } }
"""


def _passages(store, graphs: str) -> dict[str, tuple[int, str]]:
    return {r["passage"].value: (int(r["start"].value), r["text"].value)
            for r in store.query(_PASSAGES_QUERY % graphs)}


def _quote_context(row, passages: dict[str, tuple[int, str]]) -> dict[str, str]:
    """``prefix`` and ``suffix`` of a quote: the store's, or the characters of the quote's
    passage around it (``CONTEXT`` of them, within the passage, as readings have them); none
    at a passage's edge."""
    from ..variants import CONTEXT

    if row["prefix"] is not None or row["suffix"] is not None:
        found = {k: row[k].value for k in ("prefix", "suffix") if row[k] is not None}
    else:
        passage = passages.get(row["passage"].value) if row["passage"] is not None else None
        if passage is None:
            return {}
        offset, text = passage
        start, end = int(row["start"].value) - offset, int(row["end"].value) - offset
        if start < 0 or text[start:end] != row["exact"].value:
            return {}
        found = {"prefix": text[max(0, start - CONTEXT):start],
                 "suffix": text[end:end + CONTEXT]}
    return {k: v for k, v in found.items() if v}  # an empty one says nothing


def _item(row, passages: dict[str, tuple[int, str]]) -> dict:
    return {
        "id": row["a"].value, "type": "Annotation",
        "motivation": row["motivation"].value.removeprefix(str(OA)),
        "created": row["created"].value, "generator": row["generator"].value,
        "body": row["body"].value,
        "target": {"id": row["t"].value, "type": "SpecificResource",
                   "source": row["source"].value, "selector": [
                       {"id": row["p"].value, "type": "TextPositionSelector",
                        "start": int(row["start"].value), "end": int(row["end"].value)},
                       {"id": row["q"].value, "type": "TextQuoteSelector",
                        "exact": row["exact"].value, **_quote_context(row, passages)}]},
    }


def write_annotations(store, graphs: list[str], out: BinaryIO) -> None:
    """The Web Annotations of ``graphs`` as one ``AnnotationCollection`` in the official
    JSON-LD form (``anno.jsonld`` context), one ``AnnotationPage`` per document (each page
    nested in the one before as its ``next``), written as the rows are read.

    Written from one SPARQL query rather than by framing the RDF with a JSON-LD processor,
    which takes minutes for the whole book's 300k annotations; the test reads the result back
    with the official context and compares it with the store."""
    from .iris import DATASET_GRAPH

    values = " ".join(f"<{g}>" for g in graphs)
    passages = _passages(store, values)
    collection = f"{DATASET_GRAPH}/annotations"
    out.write(json.dumps({"@context": ANNO_CONTEXT, "id": collection,
                          "type": "AnnotationCollection",
                          "label": "ritegraph: the evidence of every mention and step"},
                         ensure_ascii=False)[:-1].encode("utf-8"))
    source, annotation, total, page, pages = None, None, 0, "", 0
    for row in store.query(_ANNOTATIONS_QUERY % values):
        if row["a"].value == annotation:
            continue  # a second passage binding of the same annotation
        annotation = row["a"].value
        if row["source"].value != source:
            source = row["source"].value
            page = f"{collection}/page/{source.rsplit('/', 1)[-1]}"
            head = {"id": page, "type": "AnnotationPage", "partOf": collection,
                    "startIndex": total}
            out.write(f'{" ]" if pages else ""},\n "{"next" if pages else "first"}": '
                      f'{json.dumps(head)[:-1]},\n "items": ['.encode())
            pages, separator = pages + 1, "\n  "
        out.write((separator + json.dumps(_item(row, passages), ensure_ascii=False))
                  .encode("utf-8"))
        separator, total = ",\n  ", total + 1
    closing = " ]" + "}" * pages + f', "last": {json.dumps(page)}' if pages else ""
    out.write(f'{closing}, "total": {total}}}\n'.encode())
