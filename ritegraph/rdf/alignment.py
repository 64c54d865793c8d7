"""The alignment of witnesses as RDF: one ``rg:Alignment`` per parallel pair of passages, with
the aligned span on each side (an ``oa:SpecificResource`` with position and quote selectors, as
the evidence annotations have), and the ``rg:parallel`` shortcut both ways (docs/model.md)."""

from __future__ import annotations

from ..store import rite_graph
from ..vocab import OA, RDF, RG
from ..witnesses import Parallel
from .iris import parallel_iri
from .terms import QuadWriter, literal, non_negative


def _template() -> tuple[str, int]:
    rows = [("{a}", RG.parallel, "<{b}>"), ("{b}", RG.parallel, "<{a}>"),
            ("{n}", RDF.type, f"<{RG.Alignment}>"), ("{n}", RG.alignedPassage, "<{a}>"),
            ("{n}", RG.alignedPassage, "<{b}>"), ("{n}", RG.alignedCharacters, "{equal}")]
    for side in ("a", "b"):
        span, position, quote = (f"{{n}}#{side}", f"{{n}}#{side}-position",
                                 f"{{n}}#{side}-quote")
        rows += [("{n}", RG.alignedSpan, f"<{span}>"),
                 (span, RDF.type, f"<{OA.SpecificResource}>"),
                 (span, OA.hasSource, f"<{{{side}_doc}}>"),
                 (span, OA.hasSelector, f"<{position}>"),
                 (span, OA.hasSelector, f"<{quote}>"),
                 (position, RDF.type, f"<{OA.TextPositionSelector}>"),
                 (position, OA.start, f"{{{side}_start}}"),
                 (position, OA.end, f"{{{side}_end}}"),
                 (quote, RDF.type, f"<{OA.TextQuoteSelector}>"),
                 (quote, OA.exact, f"{{{side}_quote}}")]
    return "".join(f"<{s}> <{p}> {o} <{{graph}}> .\n" for s, p, o in rows), len(rows)


_ALIGNMENT, _ALIGNMENT_QUADS = _template()


def alignment_quads(out: QuadWriter, parallels: list[Parallel]) -> None:
    """Write each parallel into its rite's graph."""
    for p in parallels:
        graph = rite_graph(p.rite)
        out.add_block(_ALIGNMENT.format(
            n=parallel_iri(p.a.passage, p.b.passage), a=p.a.passage, b=p.b.passage,
            equal=non_negative(p.equal), graph=graph,
            a_doc=p.a.document, a_start=non_negative(p.a.start), a_end=non_negative(p.a.end),
            b_doc=p.b.document, b_start=non_negative(p.b.start), b_end=non_negative(p.b.end),
            a_quote=literal(p.a.quote), b_quote=literal(p.b.quote)),
            _ALIGNMENT_QUADS, graph)
