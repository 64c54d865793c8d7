"""IRI minting: the one place where the citable IRI scheme of docs/design.md is written.

Every IRI is built from plain records (manifest entries, reader passages, lexicon matches,
extracted acts) and never from offsets alone, so that an edit elsewhere in a file leaves the
IRIs of untouched passages alone.
"""

from __future__ import annotations

from ..acts.model import Act
from ..corpus import CorpusFile
from ..matching import Match
from ..model import Layer, Passage, Section
from ..vocab import (
    ACT,
    BASE,
    DATASET,
    DOC,
    GLYPH,
    LAYER,
    MENTION,
    RITE,
    SECTION,
    TEXT,
)

WORK = f"{BASE}work/yili"  # the 仪礼 as a work
EDITION = f"{BASE}edition/"
PARTICIPANT = f"{BASE}participant/"
PERSON = f"{BASE}person/"  # commentators (鄭玄 …)
SOFTWARE = f"{BASE}software/ritegraph"
DATASET_GRAPH = f"{DATASET}ritegraph"  # the whole graph as a void:Dataset
BUILD = f"{DATASET_GRAPH}/build"  # the build that made it (a prov:Activity)


def doc_iri(file: CorpusFile | str) -> str:
    """``doc/<id>``: one corpus file (its manifest ``id``, or the file name's stem)."""
    stem = file.stem if isinstance(file, CorpusFile) else file.split("_", 1)[0]
    return f"{DOC}{stem}"


def edition_iri(edition_id: str) -> str:
    return f"{EDITION}{edition_id}"


def rite_iri(slug: str) -> str:
    return f"{RITE}{slug}"


def participant_iri(rite: str, role_slug: str) -> str:
    """``participant/<rite>/<role>``: whoever holds one role in one rite's procedure."""
    return f"{PARTICIPANT}{rite}/{role_slug}"


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


def act_iri(act: Act) -> str:
    """``act/<document>/<citation>/<span>/<n>``: one prescribed step as one witness states it."""
    where = act.key or f"{act.start}-{act.end}"
    return f"{ACT}{act.stem}/{where}/{act.n}"


def evidence_iri(step: str) -> str:
    """The Web Annotation linking a step to the characters that state it."""
    return f"{step}#evidence"


def parallel_iri(a: str, b: str) -> str:
    """``parallel/<document>/<citation>--<document>/<citation>``: the alignment of two passages
    (by their IRIs, so it keeps its name while they keep theirs)."""
    return f"{BASE}parallel/{a.removeprefix(TEXT)}--{b.removeprefix(TEXT)}"


def annotation_part(annotation: str, part: str) -> str:
    """A part of an annotation: its ``target``, ``position`` or ``quote`` (selectors).
    ``<mention>#target``; for a step's evidence, ``<step>#evidence-target``."""
    return f"{annotation}{'-' if '#' in annotation else '#'}{part}"


def evidenced_by_selector(selector: str) -> str:
    """The mention or step whose evidence a selector IRI (from :func:`annotation_part`) is part
    of: the inverse of the naming above, for readers that join selectors to what they anchor."""
    base, _, part = selector.partition("#")
    return base if part.startswith(("evidence-", "position", "quote")) else selector


def glyph_iri(stem: str, offset: int) -> str:
    return f"{GLYPH}{stem}/{offset}"


def collection_iri(collection_id: str) -> str:
    return f"{DATASET}{collection_id}"


def software_iri(version: str) -> str:
    return f"{SOFTWARE}/{version}"


def variant_iri(document: str, start: int, end: int, by: str | None = None) -> str:
    """``variant/<document>/<start>-<end>``: a variant reading, named by its first reading
    (the reference witness's: its document and file offsets); a commentator's claim adds
    ``/<person>`` (a note and the alignment may speak of the same characters)."""
    name = f"{BASE}variant/{document.removeprefix(DOC)}/{start}-{end}"
    return f"{name}/{by.removeprefix(PERSON)}" if by else name


def person_iri(person_id: str) -> str:
    return f"{PERSON}{person_id}"
