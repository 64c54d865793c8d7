"""Acts as RDF: ``rg:RitualAct`` nodes with typed links, OA provenance and ``rg:next``.

Quads are written into the build's :class:`~ritegraph.ntriples.QuadWriter`, in the rite's
graph, with the same target shape as mentions (``ritegraph.graph.target_quads``). Labels are
resolved to concept IRIs through the lexicon; a label the lexicon lacks is skipped and returned
so that the build can report it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..corpus import CorpusFile
from ..graph import doc_iri, passage_iri, rite_iri, section_iri, target_quads
from ..lexicon import Lexicon
from ..model import ReadResult
from ..ntriples import QuadWriter, boolean, decimal, integer, iri
from ..store import rite_graph
from ..vocab import PROV, RDF, RG
from .extract import next_links
from .model import Act

#: Act field → (property, lexicon scheme).
LINKS = (("agents", RG.agent, "role"), ("objects", RG.object, "object"),
         ("recipients", RG.recipient, "role"), ("places", RG.place, "place"))


def concept_iri(lexicon: Lexicon, scheme: str, label: str) -> str | None:
    try:
        return lexicon.concept(scheme, label).iri
    except KeyError:
        return None


def act_quads(out: QuadWriter, act: Act, *, lexicon: Lexicon, document: str, text: str,
              passage: str, section: str | None, rite: str, graph: str) -> list[str]:
    """Write one act (IRIs of its document, passage, section and rite given); return the
    labels the lexicon lacks, as ``scheme:label``."""
    a = act.iri
    missing: list[str] = []

    def link(prop: str, scheme: str, label: str) -> None:
        concept = concept_iri(lexicon, scheme, label)
        if concept is None:
            missing.append(f"{scheme}:{label}")
        else:
            out.add(a, prop, iri(concept), graph)

    out.add(a, RDF.type, iri(RG.RitualAct), graph)
    link(RG.actionType, "action", act.action)
    for field_name, prop, scheme in LINKS:
        for label in getattr(act, field_name):
            link(prop, scheme, label)
    if act.facing:
        link(RG.facing, "direction", act.facing)
    out.add(a, RG.negated, boolean(act.negated), graph)
    out.add(a, RG.implicitAgent, boolean(act.implicit_agent), graph)
    out.add(a, RG.implicitObject, boolean(act.implicit_object), graph)
    out.add(a, RG.confidence, decimal(act.confidence), graph)
    out.add(a, RG.order, integer(act.order), graph)
    out.add(a, RG.inRite, iri(rite), graph)
    if section is not None:
        out.add(a, RG.inSection, iri(section), graph)
    out.add(a, PROV.wasDerivedFrom, iri(passage), graph)
    target_quads(out, a, document, text, act.start, act.end, graph)
    return missing


def next_quads(out: QuadWriter, acts: list[Act], graph_of: Callable[[Act], str]) -> int:
    """Materialise ``rg:next`` between consecutive acts of each section; return the count."""
    links = next_links(acts)
    for before, after in links:
        out.add(before.iri, RG.next, iri(after.iri), graph_of(before))
    return len(links)


def file_act_quads(out: QuadWriter, file: CorpusFile, result: ReadResult, acts: list[Act],
                   lexicon: Lexicon) -> list[str]:
    """All acts of one file with their ``rg:next`` links, each in its rite's graph.

    Returns the labels the lexicon lacks (``scheme:label``, deduplicated, in order).
    """
    stem, document = file.stem, doc_iri(file)
    missing: list[str] = []
    for act in acts:
        passage = result.passages[act.passage]
        section = (section_iri(stem, result.sections[act.section])
                   if act.section is not None else None)
        missing += act_quads(out, act, lexicon=lexicon, document=document, text=result.text,
                             passage=passage_iri(stem, passage), section=section,
                             rite=rite_iri(act.rite), graph=rite_graph(act.rite))
    next_quads(out, acts, lambda act: rite_graph(act.rite))
    return list(dict.fromkeys(missing))
