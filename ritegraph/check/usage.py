"""Usage matrix: per entity and rite, its mentions, acts and what it occurs with; and where the
same entity is used differently in different rites."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from ..read.snapshot import Snapshot
from .config import UsageConfig

ACT_SLOTS = ("agent", "action", "object", "recipient", "place", "placement", "facing")
# A place is used where an act is done (place) and where an act puts its object (placement).
ENTITY_SLOTS = {"role": ("agent", "recipient"), "object": ("object",),
                "place": ("place", "placement"), "action": ("action",)}


@dataclass
class Usage:
    """One entity in one rite."""

    mentions: int = 0
    acts: int = 0
    # (slot the entity fills, other slot) → co-occurring concept → acts
    with_: dict[tuple[str, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))


@dataclass
class Divergence:
    """The same entity, in the same slot, occurring with different things in two rites."""

    entity: str
    slot: str  # the slot the entity fills (agent, recipient, object, place, placement, action)
    dimension: str  # the slot compared (action, object, place …)
    rites: tuple[str, str]
    counts: tuple[Counter[str], Counter[str]]
    distance: float  # total-variation distance of the two distributions (0 = same, 1 = disjoint)

    @property
    def shared(self) -> list[str]:
        return sorted(set(self.counts[0]) & set(self.counts[1]))


@dataclass
class UsageReport:
    rows: dict[str, dict[str, Usage]]  # entity → rite → usage (entities ordered by scheme, acts)
    divergences: list[Divergence]


def usage_rows(data: Snapshot) -> dict[str, dict[str, Usage]]:
    rows: dict[str, dict[str, Usage]] = defaultdict(lambda: {r: Usage() for r in data.rites})
    for m in data.mentions:
        if data.concept(m.concept).scheme in ENTITY_SLOTS:
            rows[m.concept][m.where.rite].mentions += 1
    for act in data.steps:
        if act.negated:
            continue
        counted: set[str] = set()
        for slot in ACT_SLOTS:
            for entity in act.values(slot):
                if data.concept(entity).scheme not in ENTITY_SLOTS:
                    continue
                usage = rows[entity][act.where.rite]
                if entity not in counted:
                    usage.acts += 1
                    counted.add(entity)
                for other in ACT_SLOTS:
                    if other != slot:
                        usage.with_[(slot, other)].update(act.values(other))
    order = {"role": 0, "object": 1, "place": 2, "action": 3}
    return dict(sorted(rows.items(), key=lambda kv: (
        order[data.concept(kv[0]).scheme], -sum(u.acts for u in kv[1].values()),
        -sum(u.mentions for u in kv[1].values()), kv[0])))


def total_variation(a: Counter[str], b: Counter[str]) -> float:
    na, nb = sum(a.values()), sum(b.values())
    # summed in a fixed order: over a set, the float rounding (and so the ranking of ties and
    # which divergences make the list) changed with the interpreter's string hashing
    return 0.5 * sum(abs(a[k] / na - b[k] / nb) for k in sorted(set(a) | set(b)))


def divergences(data: Snapshot, rows: dict[str, dict[str, Usage]], config: UsageConfig
                ) -> list[Divergence]:
    """Pairs of rites in which an entity (in one slot) co-occurs with clearly different things."""
    out = []
    wanted = {tuple(c.split(":", 1)) for c in config.compare}
    for entity, per_rite in rows.items():
        keys = {k for u in per_rite.values() for k in u.with_} & wanted
        for slot, dimension in sorted(keys):
            usable = [(r, u.with_[(slot, dimension)]) for r, u in per_rite.items()
                      if sum(u.with_[(slot, dimension)].values()) >= config.min_acts]
            for (r1, c1), (r2, c2) in combinations(usable, 2):
                distance = total_variation(c1, c2)
                if distance >= config.min_divergence:
                    out.append(Divergence(entity, slot, dimension, (r1, r2), (c1, c2), distance))
    out.sort(key=lambda d: (-d.distance * min(sum(d.counts[0].values()), sum(d.counts[1].values())),
                            d.entity, d.slot, d.dimension, d.rites))
    return out[:config.limit]


def usage(data: Snapshot, config: UsageConfig) -> UsageReport:
    rows = usage_rows(data)
    return UsageReport(rows, divergences(data, rows, config))
