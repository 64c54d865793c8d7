"""From reader output and lexicon matches to RDF (N-Quads), one named graph per rite.

The shape written here is documented in docs/design.md; every mention is a W3C Web Annotation
whose selectors point at exact code-point offsets in the source file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .acts.model import Act
from .corpus import CorpusFile, Manifest
from .matching import Match
from .model import NON_TEXT_LAYERS, Layer, Passage, ReadResult, Section
from .ntriples import QuadWriter, integer, iri, literal
from .store import GRAPH_CORPUS, rite_graph
from .vocab import (
    DATASET,
    DCAT,
    DCTERMS,
    DOC,
    GLYPH,
    LAYER,
    MENTION,
    OA,
    PROV,
    RDF,
    RDFS,
    RG,
    RITE,
    SECTION,
    TEXT,
)

QUOTE_CONTEXT = 12  # characters of oa:prefix / oa:suffix


def doc_iri(file: CorpusFile | str) -> str:
    stem = file.stem if isinstance(file, CorpusFile) else file.split("_", 1)[0]
    return f"{DOC}{stem}"


def rite_iri(slug: str) -> str:
    return f"{RITE}{slug}"


def layer_iri(layer: Layer) -> str:
    return f"{LAYER}{layer.slug}"


def passage_iri(stem: str, passage: Passage) -> str:
    """``text/<document>/<citation>``: page and line (Kanripo) or paragraph (seeds), never
    offsets, so that an edit elsewhere in the file leaves the IRI alone (docs/design.md)."""
    return f"{TEXT}{stem}/{passage.citation}"


def section_iri(stem: str, section: Section) -> str:
    return f"{SECTION}{stem}/{section.index + 1}"


def mention_iri(stem: str, match: Match, passage: Passage) -> str:
    """The passage's citation, the span relative to the passage, and the concept."""
    c, at = match.concept, passage.start
    span = f"{match.start - at}-{match.end - at}"
    return f"{MENTION}{stem}/{passage.citation}/{span}/{c.scheme}/{c.slug}"


def target_quads(out: QuadWriter, subject: str, document: str, text: str, start: int, end: int,
                 graph: str) -> None:
    """Attach an OA target with position and quote selectors on ``text[start:end]``."""
    target, position, quote = f"{subject}#target", f"{subject}#position", f"{subject}#quote"
    out.add(subject, OA.hasTarget, iri(target), graph)
    out.add(target, RDF.type, iri(OA.SpecificResource), graph)
    out.add(target, OA.hasSource, iri(document), graph)
    out.add(target, OA.hasSelector, iri(position), graph)
    out.add(target, OA.hasSelector, iri(quote), graph)
    out.add(position, RDF.type, iri(OA.TextPositionSelector), graph)
    out.add(position, OA.start, integer(start), graph)
    out.add(position, OA.end, integer(end), graph)
    out.add(quote, RDF.type, iri(OA.TextQuoteSelector), graph)
    out.add(quote, OA.exact, literal(text[start:end]), graph)
    out.add(quote, OA.prefix, literal(text[max(0, start - QUOTE_CONTEXT):start]), graph)
    out.add(quote, OA.suffix, literal(text[end:end + QUOTE_CONTEXT]), graph)


@dataclass
class FileGraph:
    """What one corpus file contributes to the graph (kept for stats and the acts step)."""

    file: CorpusFile
    result: ReadResult
    matches: dict[int, list[Match]] = field(default_factory=dict)  # passage index → matches
    acts: list[Act] = field(default_factory=list)


def corpus_quads(out: QuadWriter, manifest: Manifest) -> None:
    """Rites and documents, in the corpus graph."""
    g = GRAPH_CORPUS
    for rite in manifest.rites.values():
        r = rite_iri(rite.slug)
        out.add(r, RDF.type, iri(RG.Rite), g)
        out.add(r, RDFS.label, literal(rite.label, "zh-Hans"), g)
        out.add(r, RDFS.label, literal(rite.label_hant, "zh-Hant"), g)
        out.add(r, RDFS.label, literal(rite.pinyin, "zh-Latn-pinyin"), g)
        out.add(r, RDFS.label, literal(rite.english, "en"), g)
        out.add(r, RG.order, integer(rite.chapter), g)
    for c in manifest.collections:
        ds = f"{DATASET}{c.id}"
        out.add(ds, RDF.type, iri(DCAT.Dataset), g)
        out.add(ds, DCTERMS.title, literal(c.title), g)
        out.add(ds, DCTERMS.source, iri(c.source), g)
        out.add(ds, DCTERMS.hasVersion, literal(c.version), g)
        out.add(ds, DCTERMS.license, iri(c.licence), g)
        out.add(ds, DCTERMS.bibliographicCitation, literal(c.credit), g)
    for file in manifest.files:
        d = doc_iri(file)
        out.add(d, RDF.type, iri(RG.Document), g)
        collection = manifest.collection_of(file)
        if collection is not None:
            out.add(d, DCTERMS.isPartOf, iri(f"{DATASET}{collection.id}"), g)
            out.add(d, DCTERMS.license, iri(collection.licence), g)
            out.add(d, DCTERMS.bibliographicCitation, literal(collection.credit), g)
        out.add(d, DCTERMS.identifier, literal(file.name), g)
        out.add(d, DCTERMS.title, literal(file.edition, "zh-Hans"), g)
        out.add(d, DCTERMS.language, literal("zh-Hans" if file.translation else "lzh"), g)
        for juan in file.juan:
            out.add(d, DCTERMS.isPartOf, literal(juan, "zh-Hans"), g)
        for span in file.rites:
            out.add(d, DCTERMS.subject, iri(rite_iri(span.rite)), g)


def file_quads(out: QuadWriter, fg: FileGraph) -> None:
    """Sections, passages, glyph issues and mentions of one file, each in its rite's graph."""
    stem, result = fg.file.stem, fg.result
    d = doc_iri(fg.file)
    passages = result.passages
    default_rite = fg.file.rites[0].rite
    for section in result.sections:
        s, g = section_iri(stem, section), rite_graph(section.rite)
        out.add(s, RDF.type, iri(RG.Section), g)
        out.add(s, RDFS.label, literal(section.title, "zh-Hans"), g)
        out.add(s, RG.order, integer(section.index + 1), g)
        out.add(s, RG.inRite, iri(rite_iri(section.rite)), g)
        out.add(s, RG.inDocument, iri(d), g)
        out.add(s, RG.start, integer(section.start), g)
        out.add(s, RG.end, integer(section.end), g)
        out.add(s, RG.sectionSource, literal(section.source), g)
    rite = default_rite  # whitespace passages have no rite: they go with the text before them
    for p in passages:
        rite = p.rite or rite
        pi, g = passage_iri(stem, p), rite_graph(rite)
        out.add(pi, RDF.type, iri(RG.Passage), g)
        out.add(pi, RG.inDocument, iri(d), g)
        out.add(pi, RG.layer, iri(layer_iri(p.layer)), g)
        out.add(pi, RG.start, integer(p.start), g)
        out.add(pi, RG.end, integer(p.end), g)
        out.add(pi, RG.text, literal(p.text), g)
        out.add(pi, RG.line, integer(p.line), g)
        out.add(pi, RG.order, integer(p.index), g)
        out.add(pi, PROV.wasDerivedFrom, iri(d), g)
        if p.rite:
            out.add(pi, RG.inRite, iri(rite_iri(p.rite)), g)
        if p.section is not None:
            out.add(pi, RG.inSection, iri(section_iri(stem, result.sections[p.section])), g)
        if p.parent is not None:
            out.add(pi, RG.parentPassage, iri(passage_iri(stem, passages[p.parent])), g)
        if p.translates is not None:
            out.add(pi, RG.translates, iri(layer_iri(p.translates)), g)
        if p.anchor is not None:
            out.add(pi, RG.commentsOn, iri(passage_iri(stem, passages[p.anchor])), g)
        if p.anchor_span is not None:
            out.add(pi, RG.anchorStart, integer(p.anchor_span[0]), g)
            out.add(pi, RG.anchorEnd, integer(p.anchor_span[1]), g)
        for m in fg.matches.get(p.index, ()):
            mention_quads(out, stem, d, result.text, p, pi, m, g)
    for issue in result.glyphs:
        gi = f"{GLYPH}{stem}/{issue.offset}"
        out.add(gi, RDF.type, iri(RG.GlyphIssue), GRAPH_CORPUS)
        out.add(gi, RG.inDocument, iri(d), GRAPH_CORPUS)
        out.add(gi, RG.start, integer(issue.offset), GRAPH_CORPUS)
        out.add(gi, RG.end, integer(issue.offset + 1), GRAPH_CORPUS)
        out.add(gi, RG.text, literal(issue.char), GRAPH_CORPUS)
        out.add(gi, RG.glyphKind, literal(issue.kind), GRAPH_CORPUS)
        out.add(gi, RG.line, integer(issue.line), GRAPH_CORPUS)
        out.add(gi, RG.column, integer(issue.column), GRAPH_CORPUS)


def mention_quads(out: QuadWriter, stem: str, document: str, text: str, passage: Passage,
                  passage_iri_: str, match: Match, graph: str) -> None:
    m = mention_iri(stem, match, passage)
    out.add(m, RDF.type, iri(OA.Annotation), graph)
    out.add(m, RDF.type, iri(RG.Mention), graph)
    out.add(m, OA.hasBody, iri(match.concept.iri), graph)
    out.add(m, RG.inPassage, iri(passage_iri_), graph)
    out.add(m, PROV.wasDerivedFrom, iri(passage_iri_), graph)
    target_quads(out, m, document, text, match.start, match.end, graph)


def match_ranges(passages: list[Passage]) -> Iterable[tuple[Passage, int, int]]:
    """(passage, start, end) ranges to match against the lexicon.

    Top-level passages except whitespace, minus the 音 glosses nested in them (a gloss such as
    ``X音Y`` names a sound, not an entity).
    """
    glosses: dict[int, list[Passage]] = {}
    for p in passages:
        if p.parent is not None and p.layer is Layer.YIN:
            glosses.setdefault(p.parent, []).append(p)
    for p in passages:
        if not p.is_top_level or p.layer in NON_TEXT_LAYERS or p.layer is Layer.YIN:
            continue
        cursor = p.start
        for gloss in sorted(glosses.get(p.index, ()), key=lambda g: g.start):
            if gloss.start > cursor:
                yield p, cursor, gloss.start
            cursor = max(cursor, gloss.end)
        if cursor < p.end:
            yield p, cursor, p.end
