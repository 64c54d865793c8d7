"""Variant readings as RDF: one ``rg:VariantReading`` (typed by its kind) per place where the
witnesses of a rite differ, with one ``rg:Reading`` per witness — an ``oa:SpecificResource`` on
the witness's document with position and quote selectors, as the evidence annotations have
(docs/model.md, "Variant readings")."""

from __future__ import annotations

from ..store import rite_graph
from ..variants import KIND_CLASS, Variant
from ..vocab import OA, PROV, RDF, RG
from .iris import edition_iri, rite_iri, variant_iri
from .terms import QuadWriter, literal, non_negative


def _rows(rows: list[tuple[str, str, str]]) -> tuple[str, int]:
    return "".join(f"<{s}> <{p}> {o} <{{graph}}> .\n" for s, p, o in rows), len(rows)


_VARIANT, _VARIANT_QUADS = _rows([
    ("{v}", RDF.type, f"<{RG.VariantReading}>"), ("{v}", RDF.type, "<{kind}>"),
    ("{v}", RG.variantOf, "<{rite}>"), ("{v}", PROV.wasGeneratedBy, "<{activity}>")])
_READING, _READING_QUADS = _rows([
    ("{v}", RG.reading, "<{r}>"), ("{r}", RDF.type, f"<{RG.Reading}>"),
    ("{r}", OA.hasSource, "<{document}>"), ("{r}", RG.witness, "<{edition}>"),
    ("{r}", RG.readingPassage, "<{passage}>"),
    ("{r}", OA.hasSelector, "<{r}-position>"), ("{r}", OA.hasSelector, "<{r}-quote>"),
    ("{r}-position", RDF.type, f"<{OA.TextPositionSelector}>"),
    ("{r}-position", OA.start, "{start}"), ("{r}-position", OA.end, "{end}"),
    ("{r}-quote", RDF.type, f"<{OA.TextQuoteSelector}>"), ("{r}-quote", OA.exact, "{quote}"),
    ("{r}-quote", OA.prefix, "{prefix}"), ("{r}-quote", OA.suffix, "{suffix}")])


def variant_quads(out: QuadWriter, variants: list[Variant], activity: str) -> None:
    """Write each variant reading into its rite's graph (``activity``: the build)."""
    for v in variants:
        graph, first = rite_graph(v.rite), v.readings[0]
        node = variant_iri(first.document, first.start, first.end)
        out.add_block(_VARIANT.format(v=node, kind=KIND_CLASS[v.kind], rite=rite_iri(v.rite),
                                      activity=activity, graph=graph), _VARIANT_QUADS, graph)
        for k, r in enumerate(v.readings):
            out.add_block(_READING.format(
                v=node, r=f"{node}#r{k}", document=r.document, edition=edition_iri(r.edition),
                passage=r.passage, start=non_negative(r.start), end=non_negative(r.end),
                quote=literal(r.quote), prefix=literal(r.prefix), suffix=literal(r.suffix),
                graph=graph), _READING_QUADS, graph)
