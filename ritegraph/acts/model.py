"""The ritual act: who does what, with which object, where, facing which way, to whom."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

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
    puts: bool = False  # the places are where the object is put (奠于荐西), not where one is
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


def next_links(acts: list[Act]) -> list[tuple[Act, Act]]:
    """(act, following act) for consecutive acts of one section (materialised ``rg:next``)."""
    ordered = sorted(acts, key=lambda a: (a.section is None, a.section or 0, a.order))
    return [(a, b) for a, b in pairwise(ordered)
            if a.section == b.section and b.order == a.order + 1]
