"""Variant readings as RDF: one ``rg:VariantReading`` (typed by its kind) per place where the
witnesses of a rite differ, with one ``rg:Reading`` per witness — an ``oa:SpecificResource`` on
the witness's document with position and quote selectors, as the evidence annotations have.
A commentator's claim is attributed to its author (``prov:wasAttributedTo``); its note's
reading names the text it reports on (``rg:tradition``) and that text's reading (``rdf:value``)
(docs/model.md, "Variant readings")."""

from __future__ import annotations

from ..store import GRAPH_CORPUS, rite_graph
from ..variant_notes import Commentator
from ..variants import KIND_CLASS, Variant
from ..vocab import CRM, OA, PROV, RDF, RDFS, RG
from .iris import edition_iri, rite_iri, variant_iri
from .terms import QuadWriter, iri, literal, non_negative


def _rows(rows: list[tuple[str, str, str]]) -> tuple[str, int]:
    return "".join(f"<{s}> <{p}> {o} <{{graph}}> .\n" for s, p, o in rows), len(rows)


_VARIANT, _VARIANT_QUADS = _rows([
    ("{v}", RDF.type, f"<{RG.VariantReading}>"), ("{v}", RDF.type, "<{kind}>"),
    ("{v}", RG.variantOf, "<{rite}>"), ("{v}", PROV.wasGeneratedBy, "<{activity}>")])
_READING, _READING_QUADS = _rows([
    ("{v}", RG.reading, "<{r}>"), ("{r}", RDF.type, f"<{RG.Reading}>"),
    ("{r}", OA.hasSource, "<{document}>"), ("{r}", RG.readingPassage, "<{passage}>"),
    ("{r}", OA.hasSelector, "<{r}-position>"), ("{r}", OA.hasSelector, "<{r}-quote>"),
    ("{r}-position", RDF.type, f"<{OA.TextPositionSelector}>"),
    ("{r}-position", OA.start, "{start}"), ("{r}-position", OA.end, "{end}"),
    ("{r}-quote", RDF.type, f"<{OA.TextQuoteSelector}>"), ("{r}-quote", OA.exact, "{quote}"),
    ("{r}-quote", OA.prefix, "{prefix}"), ("{r}-quote", OA.suffix, "{suffix}")])


def variant_quads(out: QuadWriter, variants: list[Variant], activity: str) -> None:
    """Write each variant reading into its rite's graph (``activity``: the build)."""
    for v in variants:
        graph, first = rite_graph(v.rite), v.readings[0]
        node = variant_iri(first.document, first.start, first.end, v.attributed_to)
        out.add_block(_VARIANT.format(v=node, kind=KIND_CLASS[v.kind], rite=rite_iri(v.rite),
                                      activity=activity, graph=graph), _VARIANT_QUADS, graph)
        if v.attributed_to:
            out.add(node, PROV.wasAttributedTo, iri(v.attributed_to), graph)
        for k, r in enumerate(v.readings):
            reading = f"{node}#r{k}"
            out.add_block(_READING.format(
                v=node, r=reading, document=r.document, passage=r.passage,
                start=non_negative(r.start), end=non_negative(r.end), quote=literal(r.quote),
                prefix=literal(r.prefix), suffix=literal(r.suffix), graph=graph),
                _READING_QUADS, graph)
            if r.edition:
                out.add(reading, RG.witness, iri(edition_iri(r.edition)), graph)
            if r.tradition:
                out.add(reading, RG.tradition, literal(r.tradition, "lzh"), graph)
                out.add(reading, RDF.value, literal(r.reads or "", "lzh"), graph)


def person_quads(out: QuadWriter, person: str, grammar: Commentator) -> None:
    """The commentator a grammar's claims are attributed to (in the corpus graph)."""
    g = GRAPH_CORPUS
    for cls in (CRM.E21_Person, PROV.Person):
        out.add(person, RDF.type, iri(cls), g)
    for text, lang in ((grammar.label, "zh-Hans"), (grammar.label_hant, "zh-Hant"),
                       (grammar.label_en, "en")):
        out.add(person, RDFS.label, literal(text, lang), g)
