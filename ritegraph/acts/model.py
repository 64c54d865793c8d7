"""The ritual act: who does what, with which object, where, facing which way, to whom."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..vocab import BASE

#: The eight directions an agent can face (lexicon direction prefLabels).
DIRECTIONS = ("北", "南", "东", "西", "东北", "西北", "东南", "西南")


@dataclass
class Act:
    """One act of the procedure, extracted from a 经 passage or its translation.

    Labels are the lexicon's zh-Hans prefLabels (normalised simplified classical lemmas); the
    RDF step resolves them to concept IRIs. ``text[start:end] == quote`` always.
    """

    file: str
    start: int
    end: int
    quote: str
    passage: int  # index of the passage the act comes from
    rite: str  # rite slug
    section: int | None  # index of the reader's section
    layer: str  # "经" or "译"
    action: str
    agents: list[str] = field(default_factory=list)
    objects: list[str] = field(default_factory=list)
    recipients: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    facing: str | None = None
    negated: bool = False
    implicit_agent: bool = False
    implicit_object: bool = False
    confidence: float = 0.0
    order: int = 0  # 1-based position within its section (or file when no section)
    n: int = 1  # distinguishes acts sharing one span
    doc: str = ""  # the document id (manifest ``id``)
    key: str = ""  # passage citation and span relative to it (``p12.1/3-6``): the IRI's part

    @property
    def stem(self) -> str:
        return self.doc or self.file.split("_", 1)[0]

    @property
    def iri(self) -> str:
        where = self.key or f"{self.start}-{self.end}"
        return f"{BASE}act/{self.stem}/{where}/{self.n}"

    def to_record(self, section_title: str | None = None) -> dict:
        """The act as one ``ritegraph acts --format jsonl`` record (the issue's keys)."""
        return {
            "file": self.file, "start": self.start, "end": self.end, "quote": self.quote,
            "rite": self.rite, "section": section_title, "layer": self.layer,
            "agent": self.agents[0] if self.agents else None, "action": self.action,
            "object": list(self.objects), "recipient": list(self.recipients),
            "place": list(self.places), "facing": self.facing, "negated": self.negated,
            "implicit_agent": self.implicit_agent, "confidence": round(self.confidence, 3),
            "iri": self.iri,
        }
