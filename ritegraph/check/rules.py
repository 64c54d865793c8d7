"""Mined general rules (凡例) with their exceptions, and declared rules from the config.

A rule says: every act matching a *premise* — an action (or a broader one), optionally with an
agent, a recipient or an object — has a *conclusion*: a value in another slot (agent, recipient,
object, place where the act is done, placement where it puts its object, facing), or a
neighbouring act (``before``/``after``, within a window of acts in
the same section, optionally by a given role). Counting is explainable:

* matching acts: not negated, premise holds;
* stated: matching acts that say anything in the conclusion's slot (all of them for sequences);
* support: stated acts where the conclusion holds; exceptions: the other stated acts;
* confidence = support / stated. A mined rule needs support ≥ k, confidence ≥ c and support in
  at least ``min_rites`` rites; a more specific premise is kept only when it raises confidence by
  ``min_improvement`` over every more general rule with the same conclusion.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

from ..errors import InputError
from ..read.records import Step
from ..read.snapshot import Snapshot
from .config import SEQUENCE_RELATIONS, CheckConfig, DeclaredRule, MiningConfig

EPSILON = 1e-9


@dataclass(frozen=True, order=True)
class Premise:
    action: str  # action concept IRI
    items: tuple[tuple[str, str], ...] = ()  # sorted (slot, concept IRI) pairs

    def slot(self, name: str) -> str | None:
        return next((v for s, v in self.items if s == name), None)

    def generalisations(self, broader: dict[str, frozenset[str]], use_broader: bool
                        ) -> Iterable[Premise]:
        actions = {self.action} | (set(broader.get(self.action, ())) if use_broader else set())
        for action in actions:
            for size in range(len(self.items) + 1):
                for items in combinations(self.items, size):
                    if (action, items) != (self.action, self.items):
                        yield Premise(action, items)


@dataclass(frozen=True, order=True)
class Conclusion:
    kind: str  # a slot (agent, recipient, object, place, placement, facing) or "before"/"after"
    value: str  # concept IRI (an action for sequences)
    who: str | None = None  # sequences: the agent of the neighbouring act

    @property
    def is_sequence(self) -> bool:
        return self.kind in SEQUENCE_RELATIONS


@dataclass
class RuleException:
    act: Step
    found: list[str] = field(default_factory=list)  # what the act has instead (concept IRIs)
    negated: list[Step] = field(default_factory=list)  # sequences: neighbours saying 不X


@dataclass
class Rule:
    premise: Premise
    conclusion: Conclusion
    supporting: list[Step]
    exceptions: list[RuleException]
    unstated: list[Step]
    declared: DeclaredRule | None = None
    text_zh: str = ""
    text_en: str = ""
    per_rite: dict[str, tuple[int, int]] = field(default_factory=dict)  # rite → (support, stated)

    @property
    def support(self) -> int:
        return len(self.supporting)

    @property
    def stated(self) -> int:
        return len(self.supporting) + len(self.exceptions)

    @property
    def confidence(self) -> float:
        return self.support / self.stated if self.stated else 0.0

    @property
    def rites(self) -> list[str]:
        return [r for r, (s, _) in self.per_rite.items() if s]

    @property
    def broken(self) -> bool:
        return bool(self.exceptions)


class ActIndex:
    """Acts grouped for matching: expanded actions, section neighbours."""

    def __init__(self, data: Snapshot, mining: MiningConfig) -> None:
        self.data, self.mining = data, mining
        self.position: dict[str, tuple[tuple[str, str], int]] = {}
        groups: dict[tuple[str, str], list[Step]] = defaultdict(list)
        for act in data.steps:
            groups[(act.where.rite, act.where.section or act.where.passage or act.iri)].append(act)
        self.groups = {k: sorted(v, key=lambda a: (a.where.start or 0, a.order, a.iri))
                       for k, v in groups.items()}
        for key, acts in self.groups.items():
            for i, act in enumerate(acts):
                self.position[act.iri] = (key, i)
        self._actions: dict[str, frozenset[str]] = {}

    def actions(self, act: Step) -> frozenset[str]:
        """The act's action types, with their broader actions when configured."""
        found = self._actions.get(act.iri)
        if found is None:
            found = own = act.values("action")
            if self.mining.broader_actions:
                found = own.union(*(self.data.broader.get(a, frozenset()) for a in own))
            self._actions[act.iri] = found
        return found

    def neighbours(self, act: Step, relation: str) -> list[Step]:
        key, i = self.position[act.iri]
        acts, window = self.groups[key], self.mining.sequence_window
        return acts[max(0, i - window):i] if relation == "before" else acts[i + 1:i + 1 + window]

    def matches(self, act: Step, premise: Premise) -> bool:
        return (not act.negated and premise.action in self.actions(act)
                and all(v in act.values(s) for s, v in premise.items))

    def neighbour_does(self, neighbour: Step, conclusion: Conclusion) -> bool:
        return conclusion.value in self.actions(neighbour) and (
            conclusion.who is None or conclusion.who in neighbour.values("agent"))

    def judge(self, act: Step, conclusion: Conclusion) -> tuple[str, RuleException | None]:
        """("support" | "exception" | "unstated", the exception when there is one)."""
        if conclusion.is_sequence:
            near = [n for n in self.neighbours(act, conclusion.kind)
                    if self.neighbour_does(n, conclusion)]
            if any(not n.negated for n in near):
                return "support", None
            return "exception", RuleException(act, negated=near)  # 不洗 … or nothing at all
        values = act.values(conclusion.kind)
        if not values:
            return "unstated", None
        if conclusion.value in values:
            return "support", None
        return "exception", RuleException(act, found=sorted(values))


def evaluate(index: ActIndex, premise: Premise, conclusion: Conclusion,
             acts: Iterable[Step] | None = None) -> Rule:
    """Count a rule over the acts matching its premise: every act, or ``acts``, which all
    match it."""
    candidates = index.data.steps if acts is None else acts
    rule = Rule(premise, conclusion, [], [], [])
    counts: dict[str, list[int]] = {r: [0, 0] for r in index.data.rites}
    for act in candidates:
        if acts is None and not index.matches(act, premise):
            continue
        verdict, exception = index.judge(act, conclusion)
        if verdict == "unstated":
            rule.unstated.append(act)
            continue
        tally = counts.setdefault(act.where.rite, [0, 0])
        tally[1] += 1
        if verdict == "support":
            rule.supporting.append(act)
            tally[0] += 1
        elif exception is not None:
            rule.exceptions.append(exception)
    rule.per_rite = {r: (s, n) for r, (s, n) in counts.items()}
    return rule


def premises_of(act: Step, index: ActIndex) -> Iterable[Premise]:
    mining = index.mining
    extras = sorted((slot, v) for slot in mining.premise_slots for v in act.values(slot))
    for action in index.actions(act):
        for size in range(mining.max_premise_items + 1):
            for items in combinations(extras, size):
                if len({s for s, _ in items}) == size:
                    yield Premise(action, items)


def conclusions_of(act: Step, premise: Premise, index: ActIndex) -> Iterable[Conclusion]:
    """Candidate conclusions seen on an act; never one the premise's lemma already contains
    (卒觯 → 用觯, 就席 → 在席: skos:related in the lexicon)."""
    used = {s for s, _ in premise.items}
    implied = index.data.related.get(premise.action, frozenset())
    for slot in index.mining.conclusion_slots:
        if slot not in used:
            for value in act.values(slot):
                if value not in implied:
                    yield Conclusion(slot, value)
    if index.mining.sequences:
        for relation in SEQUENCE_RELATIONS:
            for n in index.neighbours(act, relation):
                if n.negated:
                    continue
                for action in n.values("action"):
                    yield Conclusion(relation, action)
                    for who in n.values("agent"):
                        yield Conclusion(relation, action, who)


def mine(data: Snapshot, config: CheckConfig) -> list[Rule]:
    """Every rule that passes the thresholds, pruned and ranked by support."""
    mining = config.mining
    index = ActIndex(data, mining)
    passing: dict[tuple[Premise, Conclusion], Rule] = {}
    for premise, acts in _acts_by_premise(data, index).items():
        if len(acts) < mining.min_support:
            continue
        support = _support(acts, index)
        for conclusion in {c for act in acts for c in conclusions_of(act, premise, index)}:
            if _may_pass(conclusion, support, len(acts), mining):
                rule = evaluate(index, premise, conclusion, acts)
                if _passes(rule, mining):
                    passing[(premise, conclusion)] = rule
    by_someone = defaultdict(set)  # (premise, relation, action) → supports of "先/后 X by Y"
    for (premise, c), rule in passing.items():
        if c.is_sequence and c.who is not None:
            by_someone[(premise, c.kind, c.value)].add(rule.support)
    kept = [r for r in passing.values() if not _redundant(r, passing, by_someone, data, mining)]
    for rule in kept:
        phrase(rule, data, config)
    return rank(kept)


def _acts_by_premise(data: Snapshot, index: ActIndex) -> dict[Premise, list[Step]]:
    """The acts (not negated) matching each premise seen on one of them."""
    by_premise: dict[Premise, list[Step]] = defaultdict(list)
    for act in data.steps:
        if not act.negated:
            for premise in set(premises_of(act, index)):
                by_premise[premise].append(act)
    return by_premise


def _support(acts: list[Step], index: ActIndex) -> Counter:
    """What :func:`evaluate` would count over ``acts`` (which match one premise), for every
    conclusion at once: slot → acts stating it, Conclusion → supporting acts."""
    counts: Counter = Counter()
    for act in acts:
        for slot in index.mining.conclusion_slots:
            values = act.values(slot)
            if values:
                counts[slot] += 1
                counts.update(Conclusion(slot, v) for v in values)
        if index.mining.sequences:
            counts.update(_sequences_done(act, index))
    return counts


def _sequences_done(act: Step, index: ActIndex) -> set[Conclusion]:
    """The sequence conclusions an act supports: a non-negated neighbour does the action (or
    a narrower one), by anyone or by one of its agents (:meth:`ActIndex.judge`)."""
    done = set()
    for relation in SEQUENCE_RELATIONS:
        for n in index.neighbours(act, relation):
            if not n.negated:
                for action in index.actions(n):
                    done.add(Conclusion(relation, action))
                    done.update(Conclusion(relation, action, who) for who in n.values("agent"))
    return done


def _may_pass(conclusion: Conclusion, support: Counter, acts: int, mining: MiningConfig
              ) -> bool:
    """Whether a candidate meets the support and confidence thresholds (counted at once by
    :func:`_support`; a sequence is stated on every act)."""
    stated = acts if conclusion.is_sequence else support[conclusion.kind]
    found = support[conclusion]
    return found >= mining.min_support and found / stated >= mining.min_confidence - EPSILON


def _passes(rule: Rule, mining: MiningConfig) -> bool:
    """Whether ``rule`` meets the support, confidence and rite-count thresholds."""
    return (rule.support >= mining.min_support
            and rule.confidence >= mining.min_confidence - EPSILON
            and len(rule.rites) >= mining.min_rites)


def _redundant(rule: Rule, passing: dict[tuple[Premise, Conclusion], Rule],
               by_someone: dict[tuple[Premise, str, str], set[int]], data: Snapshot,
               mining: MiningConfig) -> bool:
    for general in rule.premise.generalisations(data.broader, mining.broader_actions):
        other = passing.get((general, rule.conclusion))
        gain = rule.confidence - other.confidence if other is not None else 1.0
        if gain < mining.min_improvement - EPSILON:
            return True
    c = rule.conclusion
    if c.is_sequence and c.who is None:  # "先洗" is redundant beside "先主人洗" with equal support
        return rule.support in by_someone.get((rule.premise, c.kind, c.value), ())
    return False


def rank(rules: list[Rule]) -> list[Rule]:
    return sorted(rules, key=lambda r: (-r.support, -r.confidence, r.text_zh, r.premise,
                                        r.conclusion))


# --- declared rules ---------------------------------------------------------------------------

def resolve(data: Snapshot, name: str, scheme: str, where: str) -> str:
    """A concept IRI from a zh-Hans label or ``scheme/slug``; :class:`InputError` if unknown."""
    for concept in data.concepts.values():
        if concept.scheme == scheme and name in (concept.label, concept.key,
                                                 concept.key.partition("/")[2]):
            return concept.iri
    raise InputError(f"{where}: no {scheme} concept named {name!r} in the graph's lexicon")


SLOT_SCHEMES = {"action": "action", "agent": "role", "recipient": "role", "object": "object",
                "place": "place", "placement": "place", "facing": "direction",
                "before": "action", "after": "action", "who": "role"}


def declared(data: Snapshot, config: CheckConfig) -> list[Rule]:
    """The config's rules, evaluated over every act (whatever the thresholds)."""
    index = ActIndex(data, config.mining)
    rules = []
    for spec in config.rules:
        where = f"{config.source}: rule {spec.id}"
        iri = {k: resolve(data, v, SLOT_SCHEMES[k], where)
               for k, v in (*spec.when.items(), *spec.then.items())}
        premise = Premise(iri["action"], tuple(sorted(
            (s, iri[s]) for s in spec.when if s != "action")))
        kind = next(k for k in spec.then if k != "who")
        rule = evaluate(index, premise, Conclusion(kind, iri[kind], iri.get("who")))
        rule.declared = spec
        phrase(rule, data, config)
        rules.append(rule)
    return rules


# --- phrasing -----------------------------------------------------------------------------------

def premise_zh(premise: Premise, data: Snapshot) -> str:
    agent, recipient, obj = (premise.slot(s) for s in ("agent", "recipient", "object"))
    text = (data.label(agent) if agent else "") + data.label(premise.action)
    if obj:
        text += data.label(obj) + (f"于{data.label(recipient)}" if recipient else "")
    elif recipient:
        text += data.label(recipient)
    return "凡" + text


def _en(data: Snapshot, iri: str) -> str:
    gloss, label = data.gloss(iri), data.label(iri)
    return label if gloss == label else f"{gloss} ({label})"


def premise_en(premise: Premise, data: Snapshot) -> str:
    """"In every act of presenting the cup (献) by host (主人) with … to …": the lexicon's
    English action labels are verbal nouns."""
    agent, recipient, obj = (premise.slot(s) for s in ("agent", "recipient", "object"))
    text = f"In every act of {_en(data, premise.action)}"
    if agent:
        text += f" by {_en(data, agent)}"
    if obj:
        text += f" with {_en(data, obj)}"
    if recipient:
        text += f" to {_en(data, recipient)}"
    return text


def phrase(rule: Rule, data: Snapshot, config: CheckConfig) -> None:
    """Fill ``text_zh`` (凡例 style) and ``text_en`` from the configured templates."""
    c, p = rule.conclusion, rule.premise
    same_agent = c.who is not None and c.who == p.slot("agent")
    who_zh = "" if c.who is None or same_agent else data.label(c.who)
    who_en = ("the same actor" if same_agent else _en(data, c.who)) if c.who else "someone"
    zh = config.phrasing.get("zh", {}).get(c.kind, "{v}")
    en = config.phrasing.get("en", {}).get(c.kind, "{v}")
    rule.text_zh = premise_zh(p, data) + "，" + zh.format(
        v=data.label(c.value), a=data.label(p.action), who=who_zh)
    rule.text_en = premise_en(p, data) + ", " + en.format(
        v=_en(data, c.value), a=_en(data, p.action), who=who_en) + "."
