"""Typed records read from the store: what the read layer hands to the CLI, check, serve and the
Python API. Plain frozen dataclasses; ``records_frame`` turns a list of them into a DataFrame."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, is_dataclass

from ..vocab import BASE

SCHEMES = ("role", "object", "place", "action", "direction")

#: Step property (local name in the ontology) → slot name in :class:`Step`.
STEP_SLOTS = {"actionType": "action", "agent": "agent", "recipient": "recipient",
              "object": "object", "place": "place", "placement": "placement",
              "facing": "facing"}


@dataclass(frozen=True)
class Concept:
    """A lexicon concept (role, object type, place type, action type or direction)."""

    iri: str
    scheme: str  # role, object, place, action, direction (from the IRI)
    label: str  # zh-Hans prefLabel, else the slug
    en: str  # English prefLabel, else the label

    @property
    def key(self) -> str:
        """``scheme/slug``, as written in configs (``role/bin``)."""
        return self.iri.removeprefix(BASE)

    @property
    def gloss(self) -> str:
        """A short English name: the English prefLabel without its parenthetical notes."""
        return self.en.split(" (", 1)[0]


@dataclass(frozen=True)
class Rite:
    iri: str
    slug: str
    label: str  # zh-Hans
    en: str
    order: int  # chapter number


@dataclass(frozen=True)
class Section:
    iri: str
    rite: str  # rite slug
    title: str
    order: int  # in its file
    document: str | None  # corpus file name


@dataclass(frozen=True)
class Where:
    """Provenance of a mention or a step: file, offsets, quote, passage, rite, section."""

    rite: str  # rite slug
    file: str | None
    start: int | None
    end: int | None
    quote: str
    passage: str | None
    section: str | None  # section IRI
    line: int | None = None

    @property
    def file_offset(self) -> str:
        return f"{self.file}:{self.start}" if self.file else ""

    @property
    def document(self) -> str:
        """The document id from the passage IRI (``text/<document>/<citation>``)."""
        return self.passage.rsplit("/", 2)[-2] if self.passage and "/text/" in self.passage else ""

    @property
    def citation(self) -> str:
        """The passage's citation: Kanripo ``卷-leaf.line.n`` (``005-2a.3.1``) or a seed's
        paragraph (``p12.1``)."""
        return self.passage.rsplit("/", 1)[-1] if self.passage and "/text/" in self.passage else ""


@dataclass(frozen=True)
class Mention:
    iri: str
    concept: str  # concept IRI
    layer: str  # layer slug; "yi-of-jing" for a translation of the classic
    where: Where


@dataclass(frozen=True)
class Step:
    """A prescribed step of a rite, with its slots as concept IRIs and where it is attested."""

    iri: str
    where: Where
    order: int
    negated: bool
    implicit_agent: bool
    layer: str = ""
    confidence: float | None = None
    slots: Mapping[str, frozenset[str]] = field(default_factory=dict)  # slot → concept IRIs
    rite_step: str | None = None  # the rg:RiteStep it attests (merged across witnesses)

    def values(self, slot: str) -> frozenset[str]:
        return self.slots.get(slot, frozenset())


@dataclass(frozen=True)
class RiteStepRecord:
    """A step of the rite, merged across witnesses: the steps each witness states (in text
    order of the first), and what its witnesses disagree on."""

    iri: str
    rite: str  # rite slug
    action: str  # action concept IRI
    attestations: tuple[Step, ...]
    disagree: bool
    disagrees_on: frozenset[str]  # "agent", "object", "negated"
    missing_in: frozenset[str]  # files that carry the clause but state no such step
    at_variant: bool  # a variant reading lies in the clause

    @property
    def first_place(self) -> tuple[str, int]:
        """(file, offset) of the first attestation: the step's place in text order."""
        where = self.attestations[0].where if self.attestations else None
        return (where.file or "", where.start or 0) if where else ("", 0)

    def to_json(self, label: Callable[[str], str]) -> dict:
        """The step and each witness's attestation as JSON (``label``: a concept's name);
        ``explained_by`` says whether a variant reading or the extractor explains a
        disagreement."""
        def names(s: Step, slot: str) -> list[str]:
            return sorted(label(c) for c in s.values(slot))
        return {
            "iri": self.iri, "rite": self.rite, "action": label(self.action),
            "witnesses": len(self.attestations), "disagree": self.disagree,
            "disagrees_on": sorted(self.disagrees_on), "missing_in": sorted(self.missing_in),
            "at_variant": self.at_variant,
            "explained_by": ("variant" if self.at_variant else "extraction")
            if self.disagree else None,
            "attestations": [{"file": s.where.file, "start": s.where.start, "end": s.where.end,
                              "quote": s.where.quote, "agent": names(s, "agent"),
                              "object": names(s, "object"), "negated": s.negated,
                              "iri": s.iri} for s in self.attestations]}


@dataclass(frozen=True)
class Passage:
    iri: str
    layer: str
    text: str
    start: int
    line: int | None
    where: Where


def _flat(record: object) -> dict:
    row = asdict(record) if is_dataclass(record) else dict(record)  # type: ignore[arg-type]
    where = row.pop("where", None)
    if isinstance(where, dict):
        row.update({k: v for k, v in where.items() if k not in row})
    for name, value in list(row.items()):
        if isinstance(value, Mapping):  # a step's slots: one column each, sorted values
            row.pop(name)
            row.update({k: sorted(v) for k, v in value.items()})
    return row


def records_frame(records: Iterable[object]):
    """The records as a ``pandas.DataFrame`` (one column per field; a step's ``where`` and
    ``slots`` flattened). Needs pandas (``pip install pandas``)."""
    try:
        import pandas as pd
    except ModuleNotFoundError as exc:
        raise ModuleNotFoundError("records_frame needs pandas: pip install pandas") from exc
    rows = [_flat(r) for r in records]
    return pd.DataFrame(rows)

