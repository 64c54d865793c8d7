"""The text as RDF: the work, its editions, rites and documents (the corpus graph), and each
file's sections, passages, glyph issues and mentions (each in its rite's graph).

Mentions are W3C Web Annotations (``ritegraph.rdf.annotation``) whose selectors point at exact
code-point offsets in the source file. The model is documented in docs/model.md.
"""

from __future__ import annotations

from ..corpus import CorpusFile, Manifest
from ..matching import Match
from ..model import Passage, ReadResult
from ..store import GRAPH_CORPUS, rite_graph
from ..vocab import DCAT, DCTERMS, RDF, RDFS, RG
from .annotation import Provenance, annotation_quads
from .iris import (
    WORK,
    collection_iri,
    doc_iri,
    edition_iri,
    glyph_iri,
    layer_iri,
    mention_iri,
    passage_iri,
    rite_iri,
    section_iri,
)
from .terms import QuadWriter, integer, iri, literal


def corpus_quads(out: QuadWriter, manifest: Manifest) -> None:
    """The work, its rites (as procedures), editions, source collections and documents."""
    g = GRAPH_CORPUS
    out.add(WORK, RDF.type, iri(RG.Work), g)
    out.add(WORK, RDFS.label, literal("仪礼", "zh-Hans"), g)
    out.add(WORK, RDFS.label, literal("儀禮", "zh-Hant"), g)
    out.add(WORK, RDFS.label, literal("Yili (The Book of Etiquette and Ceremonial)", "en"), g)
    for rite in manifest.rites.values():
        r = rite_iri(rite.slug)
        out.add(r, RDF.type, iri(RG.Rite), g)
        out.add(r, RDFS.label, literal(rite.label, "zh-Hans"), g)
        out.add(r, RDFS.label, literal(rite.label_hant, "zh-Hant"), g)
        out.add(r, RDFS.label, literal(rite.pinyin, "zh-Latn-pinyin"), g)
        out.add(r, RDFS.label, literal(rite.english, "en"), g)
        out.add(r, RG.order, integer(rite.chapter), g)
    for edition in manifest.editions.values():
        e = edition_iri(edition.id)
        out.add(e, RDF.type, iri(RG.Edition), g)
        out.add(e, RDFS.label, literal(edition.title), g)
        out.add(e, RG.editionOf, iri(WORK), g)
    for c in manifest.collections:
        ds = collection_iri(c.id)
        out.add(ds, RDF.type, iri(DCAT.Dataset), g)
        out.add(ds, DCTERMS.title, literal(c.title), g)
        out.add(ds, DCTERMS.source, iri(c.source), g)
        out.add(ds, DCTERMS.hasVersion, literal(c.version), g)
        out.add(ds, DCTERMS.license, iri(c.licence), g)
        out.add(ds, DCTERMS.bibliographicCitation, literal(c.credit), g)
    for file in manifest.files:
        document_quads(out, manifest, file)


def document_quads(out: QuadWriter, manifest: Manifest, file: CorpusFile) -> None:
    g, d = GRAPH_CORPUS, doc_iri(file)
    out.add(d, RDF.type, iri(RG.Document), g)
    if file.edition:
        out.add(d, RG.inEdition, iri(edition_iri(file.edition)), g)
        out.add(d, DCTERMS.title, literal(manifest.editions[file.edition].title), g)
    else:
        out.add(d, DCTERMS.title, literal(file.name), g)
    collection = manifest.collection_of(file)
    if collection is not None:
        out.add(d, DCTERMS.isPartOf, iri(collection_iri(collection.id)), g)
        out.add(d, DCTERMS.license, iri(collection.licence), g)
        out.add(d, DCTERMS.bibliographicCitation, literal(collection.credit), g)
    out.add(d, DCTERMS.identifier, literal(file.name), g)
    out.add(d, DCTERMS.language, literal("zh-Hans" if file.translation else "lzh"), g)
    for juan in file.juan:
        out.add(d, DCTERMS.isPartOf, literal(juan, "zh-Hans"), g)
    for span in file.rites:
        out.add(d, DCTERMS.subject, iri(rite_iri(span.rite)), g)


_MENTION = (f"<{{m}}> <{RDF.type}> <{RG.Mention}> <{{g}}> .\n"
            f"<{{m}}> <{RG.inPassage}> <{{p}}> <{{g}}> .\n")


def file_quads(out: QuadWriter, file: CorpusFile, result: ReadResult,
               matches: dict[int, list[Match]], made: Provenance) -> None:
    """Sections, passages, glyph issues and mentions of one file, each in its rite's graph.

    ``matches`` maps a passage index to the lexicon matches in it."""
    stem, d = file.stem, doc_iri(file)
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
    rite = file.rites[0].rite  # whitespace passages have no rite: they go with the text before
    for p in result.passages:
        rite = p.rite or rite
        g = rite_graph(rite)
        pi = passage_quads(out, stem, d, result, p, g)
        for m in matches.get(p.index, ()):
            mention = mention_iri(stem, m, p)
            out.add_block(_MENTION.format(m=mention, p=pi, g=g), 2, g)
            annotation_quads(out, mention, m.concept.iri, document=d, text=result.text,
                             start=m.start, end=m.end, graph=g, made=made)
    for issue in result.glyphs:
        gi, g = glyph_iri(stem, issue.offset), GRAPH_CORPUS
        out.add(gi, RDF.type, iri(RG.GlyphIssue), g)
        out.add(gi, RG.inDocument, iri(d), g)
        out.add(gi, RG.start, integer(issue.offset), g)
        out.add(gi, RG.end, integer(issue.offset + len(issue.char)), g)
        out.add(gi, RG.text, literal(issue.char), g)
        out.add(gi, RG.glyphKind, literal(issue.kind), g)
        out.add(gi, RG.line, integer(issue.line), g)
        out.add(gi, RG.column, integer(issue.column), g)


def passage_quads(out: QuadWriter, stem: str, document: str, result: ReadResult, p: Passage,
                  g: str) -> str:
    """One passage with its links to document, section, parent and the text it explains."""
    passages = result.passages
    pi = passage_iri(stem, p)
    out.add(pi, RDF.type, iri(RG.Passage), g)
    out.add(pi, RG.inDocument, iri(document), g)
    out.add(pi, RG.layer, iri(layer_iri(p.layer)), g)
    out.add(pi, RG.start, integer(p.start), g)
    out.add(pi, RG.end, integer(p.end), g)
    out.add(pi, RG.text, literal(p.text), g)
    out.add(pi, RG.line, integer(p.line), g)
    out.add(pi, RG.order, integer(p.index), g)
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
    if p.explains is not None:
        out.add(pi, RG.explains, iri(passage_iri(stem, passages[p.explains])), g)
    if p.anchor_span is not None:
        out.add(pi, RG.anchorStart, integer(p.anchor_span[0]), g)
        out.add(pi, RG.anchorEnd, integer(p.anchor_span[1]), g)
    return pi
