"""Extract ritual acts from the 经 passages (and the 译 passages translating them).

The reading is rule-based and general: a passage is split into sentences (reported speech is
skipped), each sentence into tokens (``rules.py``); every verb is the head of one act, 坐/进
preverbs fold into the verb they govern, listed verb pairs merge (送…再拜 → 拜送), and the
tokens between two heads are shared out — objects, 于-places and addressees to the verb before,
subjects, negation, facing, preverbal places and adverbs to the verb after. A missing subject is
carried over from the clause before; a pivot verb (命, 使) hands its addressee on as the next
verb's agent; a bow or a verb addressed to a person (辞, 对, 揖…) with no addressee stated is
directed to the last other actor.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..model import Layer, Passage, ReadResult
from .grammar import load_rules
from .model import Act
from .rules import Kind, Rules, Token, Verb

#: Kinds that may stand between a preverb (坐, 进) and the verb it governs.
_PREVERBAL = {Kind.FACING, Kind.ADVERB, Kind.INSTRUMENT, Kind.NEGATION, Kind.ADDRESSEE}
_PHRASE_TAIL = {Kind.PLACE, Kind.OBJECT, Kind.ROLE}
#: How many distinct recent actors the context keeps for "the last other actor" and "the last
#: two principals" (in the 17 chapters a file has at most 48 and a lookup reaches the 6th).
RECENT_ACTORS = 64


def act_regions(result: ReadResult) -> list[Passage]:
    """The passages acts are taken from: 经, and 译 passages that translate the 经."""
    return [p for p in result.passages
            if p.layer is Layer.JING or (p.layer is Layer.YI and p.translates is Layer.JING)]


@dataclass
class _Head:
    """A verb (possibly folded or merged) heading one act; token indices into the sentence."""

    first: int
    last: int
    lemma: str
    verb: Verb
    pre: list[Token] = field(default_factory=list)
    post: list[Token] = field(default_factory=list)
    inherited: tuple[str, ...] = ()  # agent handed on by a pivot or addressee before it


@dataclass
class _Context:
    """What carries over from clause to clause within a file."""

    subject: tuple[str, ...] = ()
    last_object: tuple[str, ...] = ()
    last_cup: tuple[str, ...] = ()
    last_group: tuple[str, ...] = ()  # last addressee (for 一人 = its chief)
    performer: str | None = None  # the role an act of the sentence names (一人 … 举觯: 举觯者)
    section: int | None = None
    #: The recent distinct actors, the latest last (an ordered set, at most RECENT_ACTORS):
    #: the scans below only ever need each actor's latest turn, so older repeats are dropped
    #: and the lookups stay bounded however long the file is.
    actors: dict[tuple[str, ...], None] = field(default_factory=dict)
    turns: int = 0  # how many times the acting party has changed so far in the file
    last_bower: tuple[str, ...] = ()  # who bowed last (答拜 answers him)
    bow_at: int = 0  # turns right after that bow: how many actors have come since
    gift: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # (giver, receiver) of the last cup

    def other_actor(self, agents: list[str], skip: frozenset[str] = frozenset()) -> list[str]:
        """The last actor other than ``agents``, passing over ``skip`` roles while another
        actor is left (a 小臣 declining for the lord is not the one bowed to)."""
        agents_ = set(agents)
        first: tuple[str, ...] | None = None
        for actor in reversed(self.actors):
            if agents_.intersection(actor):
                continue
            if not skip.issuperset(actor):
                return list(actor)
            if first is None:
                first = actor
        return list(first) if first is not None else []

    def principal_pair(self) -> list[str]:
        """The last two principals to act, for a mutual greeting (三揖, 三让)."""
        pair: list[str] = []
        for actor in reversed(self.actors):
            for label in actor:
                if label in self.principals and label not in pair:
                    pair.append(label)
            if len(pair) >= 2:
                return pair[:2]
        return pair

    principals: frozenset[str] = frozenset()

    def add_actor(self, actor: tuple[str, ...]) -> None:
        """Record that ``actor`` acts now (a repeat of the current actor is no new turn)."""
        if self.actors and next(reversed(self.actors)) == actor:
            return
        self.actors.pop(actor, None)
        self.actors[actor] = None
        self.turns += 1
        if len(self.actors) > RECENT_ACTORS:
            del self.actors[next(iter(self.actors))]


def sentences(text: str, start: int, end: int, rules: Rules) -> Iterator[tuple[int, int]]:
    """Sentence ranges of ``text[start:end]``, with quoted (reported) speech left out."""
    begin, depth = start, 0
    for i in range(start, end):
        char = text[i]
        if char in rules.quote_open:
            if depth == 0 and i > begin:
                yield begin, i
            depth += 1
        elif char in rules.quote_close and depth:
            depth -= 1
            begin = i + 1
        elif depth == 0 and char in rules.sentence_end:
            if i > begin:
                yield begin, i
            begin = i + 1
    if depth == 0 and begin < end:
        yield begin, end


def _drop_possessors(tokens: list[Token]) -> list[Token]:
    """Drop roles that are not actors: a possessor (旅食之尊, 大夫的右侧, 宾客和大夫的弓) with
    its 之/的, and a role compared with (如同宾客一样) or become (为下射); mark a role after 向
    (向大夫敬酒) as addressed."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.kind is Kind.ROLE and following is not None and (
                following.kind is Kind.POSSESSIVE
                or (following.kind is Kind.PRONOUN and i + 2 < len(tokens)
                    and tokens[i + 2].kind in (Kind.PLACE, Kind.OBJECT))):
            while len(out) > 1 and out[-1].kind is Kind.JOINT and out[-2].kind is Kind.ROLE:
                del out[-2:]  # 宾客和大夫的弓: both own the thing
            i += 2
            continue
        if token.kind is Kind.COMPARISON:
            i += 2 if following is not None and following.kind is Kind.ROLE else 1
            continue
        if token.kind is Kind.ADDRESSEE and following is not None and following.kind is Kind.ROLE:
            out.append(Token(following.start, following.end, Kind.ADDRESSEE, following.labels))
            i += 2
            continue
        if token.kind not in (Kind.POSSESSIVE, Kind.ADDRESSEE):
            out.append(token)
        i += 1
    return out


def _named_by_act(tokens: list[Token], end: int, rules: Rules) -> int:
    """Start index of the act that names a person, written solid before the nominalizer at
    ``end``: its verb with the things it takes (执散爵者); in the translation also the verbs
    before it (登堂饮酒的人), up to one that takes a person (交给 | 跟随的人)."""
    def solid(j: int) -> bool:
        return j > 0 and tokens[j - 1].end == tokens[j].start

    j, verbs = end, 0
    while solid(j):
        kind = tokens[j - 1].kind
        if kind is Kind.VERB:
            if verbs and (not rules.modern or tokens[j - 1].verb.recipient):
                break
            verbs += 1
        elif kind not in (Kind.OBJECT, Kind.PLACE, Kind.ADVERB):
            break
        j -= 1
    return j if verbs else end


def _is_manner(token: Token, after: Token | None, rules: Rules) -> bool:
    """A manner verb written right before the verb it qualifies (立饮, 站着喝酒)."""
    return (token.kind is Kind.VERB and after is not None and after.kind is Kind.VERB
            and after.start == token.end
            and after.verb.lemma in rules.manner.get(token.verb.lemma, ()))


def _is_carrying(tokens: list[Token], i: int, rules: Rules) -> bool:
    """A holding verb with only its things before a movement in the same clause (拿着爵杯走下台阶):
    it only says what the mover carries, like 以爵降."""
    token = tokens[i]
    movements = rules.carrying.get(token.verb.lemma) if token.kind is Kind.VERB else None
    if not movements:
        return False
    j = i + 1
    while j < len(tokens) and tokens[j].kind is Kind.OBJECT:
        j += 1
    return (j > i + 1 and j < len(tokens) and tokens[j].kind is Kind.VERB
            and tokens[j].verb.lemma in movements)


def _is_attributive(token: Token, after: Token | None, tokens: list[Token], i: int,
                    rules: Rules) -> bool:
    """In the translation a verb written before 的 and a thing only qualifies the thing
    (诱射的箭: the arrows of the demonstration), it is not an act."""
    return (rules.modern and token.kind is Kind.VERB and after is not None
            and after.kind is Kind.POSSESSIVE and after.start == token.end
            and i + 2 < len(tokens) and tokens[i + 2].kind in (Kind.OBJECT, Kind.PLACE))


def _is_content(before: Token | None, token: Token) -> bool:
    """A verb written right after one that asks, orders or awaits (请彻俎, 请求坐下, 等待撤去俎)
    is what is asked, not an act; speech (命曰) is left to merge."""
    return (token.kind is Kind.VERB and before is not None and before.kind is Kind.VERB
            and before.verb.content and before.end == token.start and not token.verb.speech)


def _is_side(tokens: list[Token], i: int, text: str, rules: Rules) -> bool:
    """In the translation a facing word right after 的 names a side, not a facing (站在宾客的
    南面, 所设中的东北面), and so does a 经-style {d}面 right after 在 and a landmark that is
    no place of the rite (在路寝东面); after a place it is a facing (在西阶上北面)."""
    token = tokens[i]
    if not rules.modern or token.kind is not Kind.FACING:
        return False
    if text[token.start - 1:token.start] == "的":
        return True
    if not text[token.start:token.end].endswith("面"):
        return False
    if not i or tokens[i - 1].kind is not Kind.LOCATIVE:  # 在西阶上北面: a place, then facing
        return False
    return tokens[i - 1].end < token.start  # a landmark between that is no place of the rite


def _enumerations(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A listing mark between two roles joins them (宾客、主人、大夫作揖: all three bow)."""
    out = list(tokens)
    for i in range(1, len(tokens) - 1):
        token = tokens[i]
        if (token.kind is Kind.CLAUSE_END and text[token.start:token.end] in rules.enumeration
                and tokens[i - 1].kind is Kind.ROLE and tokens[i + 1].kind is Kind.ROLE):
            out[i] = Token(token.start, token.end, Kind.JOINT)
    return out


def _goals(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A goal locative that opens a clause holding only places is a going there (到西阶上：适)."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.kind is not Kind.LOCATIVE or text[token.start:token.end] not in rules.goals:
            continue
        if i and tokens[i - 1].kind is not Kind.CLAUSE_END:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].kind is Kind.PLACE:
            j += 1
        if j > i + 1 and (j == len(tokens) or tokens[j].kind is Kind.CLAUSE_END):
            verb = rules.verbs["适"]
            out[i] = Token(token.start, token.end, Kind.VERB, (verb.lemma,), verb)
    return out


def _owns_place(before: Token | None, token: Token, after: Token | None, rules: Rules) -> bool:
    """In the translation, a role between 在/到 and a place owns the place (在宾客席前)."""
    return (rules.modern and token.kind is Kind.ROLE and before is not None
            and after is not None and before.kind is Kind.LOCATIVE and after.kind is Kind.PLACE)


def _drop_noun_phrases(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """Drop verbs that only name a thing or a person, and manner verbs.

    X所V(Y) is "the Y that X Vs" (賔所媵觯, 所设置的楅): X and V go, Y stays for the verb that
    governs it; V(Y)者 / V的人 names a person (卒受爵者, 登堂饮酒的人): V and Y go; a manner
    verb right before the verb it qualifies (立饮, 站着喝酒) goes, and so does a verb before 的
    and a thing (诱射的箭); in the translation a role between 在/到 and a place owns the place
    (在宾客席前). A verb right after 请/命/俟 with no one between is only what is asked
    (请彻俎). A holding verb before its thing and a movement (拿着爵杯走下台阶) becomes the
    instrument of the movement (以爵降).
    """
    drop: set[int] = set()
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.kind is Kind.RELATIVE:
            drop.add(i)
            if before is not None and before.kind is Kind.ROLE and before.end == token.start:
                drop.add(i - 1)
            j = i + 1
            while j < len(tokens) and tokens[j].kind is Kind.VERB \
                    and tokens[j].start == tokens[j - 1].end:
                drop.add(j)
                j += 1
        elif token.kind is Kind.NOMINALIZER:
            drop.update(range(_named_by_act(tokens, i, rules), i + 1))
        elif (_is_content(before, token) or _is_manner(token, after, rules)
              or _owns_place(before, token, after, rules)
              or _is_attributive(token, after, tokens, i, rules)
              or _is_side(tokens, i, text, rules)):
            drop.add(i)
    return [Token(t.start, t.end, Kind.INSTRUMENT) if _is_carrying(tokens, k, rules) else t
            for k, t in enumerate(tokens) if k not in drop]


def _drop_classic_possessors(tokens: list[Token], rules: Rules) -> list[Token]:
    """Classic V+role+thing written solid (受公爵, 彻公俎): the role owns the thing, it is not
    the next verb's subject; verbs with an addressee (授宰玉) keep it."""
    if rules.modern:
        return tokens
    out: list[Token] = []
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if (token.kind is Kind.ROLE and before is not None and after is not None
                and before.kind is Kind.VERB and not before.verb.recipient
                and after.kind is Kind.OBJECT
                and before.end == token.start and token.end == after.start):
            continue
        out.append(token)
    return out


def _standing_head(tokens: list[Token], rules: Rules) -> _Head | None:
    """A verbless clause naming a role, (a place) and a facing (小臣，东堂下，南面) says where the
    role stands: one 立 act, its agent the role that opens the clause."""
    content = [t for t in tokens if t.kind is not Kind.CLAUSE_END]
    if (not content or content[0].kind is not Kind.ROLE
            or any(t.kind is Kind.VERB for t in content)):
        return None
    facing = next((k for k, t in enumerate(tokens) if t.kind is Kind.FACING), None)
    if facing is None:
        return None
    pre = [t for t in tokens[:facing] if t.kind is not Kind.ROLE or t is content[0]]
    return _Head(facing, facing, "立", rules.verbs["立"], pre=pre)


def _topics(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A verb that is also a thing, right before another verb (匕奠于鼎) or right after a verb
    that is not a preverb (取匕, 加匕于鼎), is that thing."""
    if rules.modern:
        return tokens
    out = list(tokens)
    for i, token in enumerate(tokens):
        surface = text[token.start:token.end]
        if token.kind is not Kind.VERB or surface not in rules.nouns:
            continue
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        before = tokens[i - 1] if i else None
        topic = (after is not None and after.kind is Kind.VERB and not after.verb.fold
                 and after.start == token.end)
        governed = (before is not None and before.kind is Kind.VERB and not before.verb.fold
                    and before.end == token.start)
        if topic or governed:
            out[i] = Token(token.start, token.end, Kind.OBJECT, rules.nouns[surface])
    return out


def _speech_segments(tokens: list[Token], rules: Rules) -> list[list[Token]]:
    """Split a sentence at reported speech; in unpunctuated classic text the words said after
    曰 run up to the next role or 皆 (对曰诺敢不醉皆反坐), and are dropped."""
    segments: list[list[Token]] = [[]]
    skipping = False
    for token in tokens:
        if skipping and token.kind not in (Kind.ROLE, Kind.ALL):
            continue
        skipping = False
        segments[-1].append(token)
        if token.kind is Kind.VERB and token.verb.speech:
            segments.append([])
            skipping = not rules.modern
    return [s for s in segments if s]


def _heads(tokens: list[Token], rules: Rules) -> list[_Head]:
    heads: list[_Head] = []
    fold_allow = _PREVERBAL | {Kind.DISPOSAL, Kind.OBJECT, Kind.LOCATIVE, Kind.ROUTE, Kind.PLACE}
    for i, token in enumerate(tokens):
        if token.kind is not Kind.VERB:
            continue
        if token.verb.fold and _folds(tokens, i, fold_allow, rules):
            continue
        heads.append(_Head(i, i, token.verb.lemma, token.verb))
    merged: list[_Head] = []
    for head in heads:
        if merged:
            before = merged[-1]
            lemma = rules.merges.get((before.lemma, head.lemma))
            between = tokens[before.last + 1:head.first]
            if lemma and all(t.kind in {Kind.PLACE, Kind.LOCATIVE, Kind.ROUTE, Kind.ROLE,
                                        Kind.ADDRESSEE, Kind.FACING, Kind.ADVERB,
                                        Kind.INSTRUMENT}
                             for t in between):
                before.last = head.last
                before.lemma = lemma
                before.verb = rules.verbs.get(lemma, before.verb)
                continue
        merged.append(head)
    return merged


def _folds(tokens: list[Token], i: int, allow: set[Kind], rules: Rules) -> bool:
    """A preverb folds when the verb it governs follows (modern: across one comma)."""
    previous = None
    for token in tokens[i + 1:]:
        kind = token.kind
        if kind is Kind.VERB:
            if token.verb.fold:
                previous = kind
                continue
            return True
        if kind is Kind.CLAUSE_END and rules.modern:
            allow = allow - {Kind.PLACE, Kind.OBJECT}
        elif kind not in allow and not (kind is Kind.OBJECT and previous is Kind.DISPOSAL):
            return False
        previous = kind
    return False


def _phrase_end(tokens: list[Token], i: int) -> int:
    """Index after a 于/自 phrase starting at ``i`` (the preposition and its nouns)."""
    j = i + 1
    if j < len(tokens) and tokens[j].kind is Kind.ROLE:
        return j + 1
    while j < len(tokens) and tokens[j].kind in (Kind.PLACE, Kind.OBJECT):
        j += 1
    return j


def _leads_to_head(tokens: list[Token], j: int, stop: int, rules: Rules,
                    clause_ends: int | None = None) -> bool:
    """Whether only preverbal material lies between ``j`` and the next head at ``stop``.

    A modern-Chinese phrase may reach its verb across one comma (在西阶上，面向北坐下…).
    """
    allow = _PREVERBAL | {Kind.VERB}  # folded preverbs are VERB tokens
    ends = clause_ends if clause_ends is not None else (1 if rules.modern else 0)
    for token in tokens[j:stop]:
        if token.kind is Kind.CLAUSE_END:
            ends -= 1
            if ends < 0:
                return False
        elif token.kind not in allow:
            return False
    return True


def _split_gap(tokens: list[Token], lo: int, hi: int, head: _Head, rules: Rules) -> int:
    """Index in [lo, hi] where the material of the verb before ends and the next one's begins."""
    p = lo
    while p < hi:
        token = tokens[p]
        kind = token.kind
        if kind in (Kind.OBJECT, Kind.PRONOUN, Kind.PERSON):
            p += 1
        elif kind in (Kind.LOCATIVE, Kind.ROUTE):
            end = min(_phrase_end(tokens, p), hi)
            if rules.modern or kind is Kind.ROUTE:
                right_after = p == lo and not rules.modern
                if not right_after and _leads_to_head(tokens, end, hi, rules):
                    return p
            p = end
        elif kind is Kind.ROLE:
            if head.verb.recipient and p == lo:
                p += 1
            else:
                return p
        elif kind is Kind.PLACE:
            if p > lo and _leads_to_head(tokens, p + 1, hi, rules, clause_ends=0):
                return p
            p += 1
        elif kind is Kind.CLAUSE_END and _verbless_clause(tokens, p + 1, hi):
            p += 1
        else:
            return p
    return p


def _verbless_clause(tokens: list[Token], j: int, stop: int) -> bool:
    """Whether the clause starting at ``j`` holds only places (宾升，西楹西，东面)."""
    seen = False
    for token in tokens[j:stop]:
        if token.kind is Kind.CLAUSE_END:
            return seen
        if token.kind is not Kind.PLACE:
            return False
        seen = True
    return False


def _strip(tokens: list[Token]) -> list[Token]:
    lo, hi = 0, len(tokens)
    while lo < hi and tokens[lo].kind in (Kind.CLAUSE_END, Kind.BOUNDARY):
        lo += 1
    while hi > lo and tokens[hi - 1].kind is Kind.CLAUSE_END:
        hi -= 1
    return tokens[lo:hi]


def parse_sentence(tokens: list[Token], rules: Rules) -> list[_Head]:
    """Heads of one sentence with their preverbal and postverbal tokens."""
    heads = _heads(tokens, rules)
    if not heads:
        return []
    heads[0].pre = tokens[:heads[0].first]
    for head, after in zip(heads, [*heads[1:], None], strict=True):
        lo = head.last + 1
        if after is None:
            tail = tokens[lo:]
            stop = next((k for k, t in enumerate(tail) if t.kind is Kind.BOUNDARY), len(tail))
            head.post = [t for t in tail[:stop]
                         if t.kind is not Kind.ROLE or head.verb.recipient]
            break
        split = _split_gap(tokens, lo, after.first, head, rules)
        head.post = tokens[lo:split]
        after.pre = tokens[split:after.first]
        last = _strip(head.post)
        if last and last[-1].kind is Kind.ROLE and head.verb.recipient:
            direct = len(last) == 1 and not after.pre
            pivot = head.verb.pivot and not any(t.kind is Kind.CLAUSE_END for t in after.pre)
            if direct or pivot:
                after.inherited = last[-1].labels
    return heads


def _facings(tokens: list[Token], heads: list[_Head]) -> dict[int, str]:
    """Facing per head index: a facing goes to the next verb of its sentence, else the last."""
    out: dict[int, str] = {}
    for token in tokens:
        if token.kind is not Kind.FACING:
            continue
        ahead = [k for k, h in enumerate(heads) if tokens[h.first].start > token.start]
        behind = [k for k, h in enumerate(heads) if tokens[h.last].end <= token.start]
        target = ahead[0] if ahead else (behind[-1] if behind else None)
        if target is not None and target not in out and not heads[target].verb.furnish:
            out[target] = token.labels[0]
    return out


def _arguments(head: _Head, own: list[Token], rules: Rules
               ) -> tuple[list[str], list[str], list[str], bool]:
    """(objects, places, recipients, pronoun seen) from the head's tokens (``own``: the verb's)."""
    objects: list[str] = []
    places: list[str] = []
    recipients: list[str] = []
    pronoun = False
    in_phrase = False
    after_disposal = False
    post = set(map(id, head.post + own[1:]))
    run = head.pre + own + head.post
    for k, token in enumerate(run):
        kind = token.kind
        if kind is Kind.VERB:
            in_phrase = after_disposal = False
            continue
        if kind in (Kind.LOCATIVE, Kind.ROUTE):
            in_phrase = True
            continue
        if kind is Kind.PLACE:
            places.extend(token.labels)
        elif kind is Kind.OBJECT:
            carried = (k and run[k - 1].kind is Kind.INSTRUMENT) or (
                k + 1 < len(run) and run[k + 1].kind is Kind.INSTRUMENT)
            if in_phrase:
                places.extend(x for x in token.labels if x in rules.also_places)
                if head.verb.into and kind is Kind.OBJECT:
                    objects.extend(token.labels)
            elif id(token) in post or after_disposal or carried or (
                    not rules.modern and head.pre and token is head.pre[-1]):
                objects.extend(token.labels)
        elif (kind is Kind.ROLE and id(token) in post) or kind is Kind.ADDRESSEE:
            recipients.extend(token.labels)
        elif kind is Kind.PRONOUN and id(token) in post:
            pronoun = True
        elif kind is Kind.PERSON and id(token) in post:
            recipients.append("")  # resolved by the caller
        after_disposal = kind is Kind.DISPOSAL
        in_phrase = in_phrase and kind in _PHRASE_TAIL
    return objects, places, recipients, pronoun


def _agents(head: _Head, ctx: _Context) -> tuple[list[str], bool]:
    """(agents, stated in the span) for one head."""
    roles = [t for t in head.pre if t.kind is Kind.ROLE]
    pre = [t for k, t in enumerate(head.pre)  # a joint joins only a role written after it
           if t.kind is not Kind.JOINT
           or (k + 1 < len(head.pre) and head.pre[k + 1].kind is Kind.ROLE)]
    joint = any(t.kind is Kind.JOINT for t in pre)
    chief = any(t.kind is Kind.CHIEF for t in head.pre)
    agents: list[str] = []
    if roles:
        first_is_joint = joint and pre.index(next(t for t in pre if t.kind in
                                                  (Kind.ROLE, Kind.JOINT))) == \
            pre.index(next(t for t in pre if t.kind is Kind.JOINT))
        if first_is_joint:
            agents.extend(ctx.subject)
        elif not joint:
            roles = roles[-1:]
        for role in roles:
            agents.extend(label for label in role.labels if label not in agents)
        return agents, True
    if chief and ctx.performer:
        return [ctx.performer], True
    if chief and ctx.last_group:
        return list(ctx.last_group), True
    if head.inherited:
        return list(head.inherited), False
    return list(ctx.subject), False


def _negated(pre: list[Token]) -> bool:
    """A 不/无/未 before the verb, in the verb's own clause."""
    for token in reversed(pre):
        if token.kind is Kind.CLAUSE_END:
            return False
        if token.kind is Kind.NEGATION:
            return True
    return False


def _uniq(items: list[str]) -> list[str]:
    return [x for i, x in enumerate(items) if x and x not in items[:i]]


def extract_from_passage(text: str, passage: Passage, rules: Rules, ctx: _Context,
                         file: str, rite: str) -> list[Act]:
    """Acts of one passage, in text order (``ctx`` carries subjects and objects across)."""
    acts: list[Act] = []
    if passage.section != ctx.section:  # things handled do not carry into a new section
        ctx.section, ctx.last_object, ctx.last_cup = passage.section, (), ()
    for s, e in sentences(text, passage.start, passage.end, rules):
        tokens = [t for t in rules.tokens(text, s, e) if t.kind is not Kind.OPAQUE]
        tokens = _goals(_drop_noun_phrases(tokens, text, rules), text, rules)
        tokens = _enumerations(tokens, text, rules)
        tokens = _topics(_drop_classic_possessors(_drop_possessors(tokens), rules), text, rules)
        for segment in _speech_segments(tokens, rules):
            heads = parse_sentence(segment, rules)
            facings = _facings(segment, heads)
            standing = None if heads else _standing_head(segment, rules)
            if standing is not None:
                heads, facings = [standing], {0: segment[standing.first].labels[0]}
            ctx.performer = next((h.verb.performer for h in heads if h.verb.performer), None)
            made = [_make_act(text, segment, head, facings.get(k), ctx, rules, passage, file,
                              rite) for k, head in enumerate(heads)]
            _wash_the_cup_used(made, [h.verb for h in heads], rules)
            acts.extend(made)
    return acts


def _wash_the_cup_used(acts: list[Act], verbs: list[Verb], rules: Rules) -> None:
    """A cup washed with none named is the one the sentence goes on to use (洗升媵觚 → 觚,
    洗升献士 → the cup of 献士)."""
    for k, (act, verb) in enumerate(zip(acts, verbs, strict=True)):
        if verb.carry != "cup" or verb.recipient or not act.implicit_object:
            continue
        later = next((a for a, v in zip(acts[k + 1:], verbs[k + 1:], strict=True)
                      if set(a.objects) & rules.cups and (not a.implicit_object or v.offer)), None)
        if later is not None:
            act.objects = [o for o in later.objects if o in rules.cups]


def _make_act(text: str, tokens: list[Token], head: _Head, facing: str | None, ctx: _Context,
              rules: Rules, passage: Passage, file: str, rite: str) -> Act:
    verb = head.verb
    agents, stated = _agents(head, ctx)
    agents = _contextual_agents(head, agents, stated, ctx, rules)
    by_office = not stated and verb.officer in agents  # known from the act: no party to address
    skip = rules.intermediaries
    objects, places, recipients, pronoun = _arguments(head, tokens[head.first:head.last + 1], rules)
    implicit_object = False
    if verb.mutual and not recipients and len(agents) > 1:
        recipients = list(agents)  # the two greet each other
    if pronoun and verb.recipient and verb.carry is not True:
        recipients = recipients or ctx.other_actor(agents, skip)
    elif pronoun and not objects and ctx.last_object:
        objects = list(ctx.last_object)
    if verb.object and verb.object not in objects and not (verb.by_object and objects):
        objects.insert(0, verb.object)
    carried = (ctx.last_cup or (rules.default_cup,)) if verb.carry == "cup" else ctx.last_object
    in_hand = bool(head.pre) and head.pre[-1].kind is Kind.INSTRUMENT  # 以降, 以出: what he holds
    if not objects and (verb.carry or in_hand) and carried:
        objects, implicit_object = list(carried), True
    if implicit_object and verb.offer:  # the cup an offering is made with goes by its receiver
        cups = [rules.cup_by_recipient[r] for r in recipients if r in rules.cup_by_recipient]
        objects = cups[:1] or [rules.default_cup]
        ctx.last_cup = tuple(objects)
    if verb.place and verb.place not in places:
        places.append(verb.place)
    negated = _negated(head.pre)
    if "" in recipients or ((verb.bow or verb.addressed) and not recipients
                            and head.lemma != "拜受" and not (negated and head.lemma == "拜")):
        recipients = [r for r in recipients if r] or _bowed_to(head, agents, ctx, rules)
    on_behalf = (bool(agents) and set(agents) <= skip and head.lemma in rules.to_bower
                 and recipients == list(ctx.last_bower))
    if not stated and not verb.mutual and agents and recipients \
            and set(agents) <= set(recipients):
        agents = ctx.other_actor(recipients) or agents  # 士立于东方乃荐士: not by the 士
    span = _strip(head.pre + tokens[head.first:head.last + 1] + head.post)
    start, end = span[0].start, span[-1].end

    if on_behalf:  # 下拜小臣辞升成拜: the one the intermediary addressed goes on
        ctx.subject = tuple(recipients)
    elif agents and not by_office:  # an officer known only from the act is no one's subject
        ctx.subject = tuple(agents)
        if any(t.kind is Kind.JOINT and text[t.start:t.end] in rules.leading for t in head.pre):
            ctx.subject = tuple(agents[:1])  # 主人带领大夫走上去，拜谢到来: the leader goes on
        ctx.add_actor(ctx.subject)
    if verb.bow and not negated:
        ctx.last_bower, ctx.bow_at = tuple(agents), ctx.turns
    if recipients and agents and (head.lemma == "拜送" or (verb.carry == "cup" and verb.recipient)):
        ctx.gift = (tuple(agents), tuple(recipients))
    elif stated and tuple(agents) == ctx.gift[0]:  # the giver named again acts for himself
        ctx.gift = ((), ())
    handled = tuple(o for o in objects
                    if o not in rules.contents and o not in rules.accessories)
    if handled and not implicit_object:
        ctx.last_object = handled
        ctx.last_cup = tuple(o for o in handled if o in rules.cups) or ctx.last_cup
    if recipients:
        ctx.last_group = tuple(recipients)
    confidence = 0.9 if stated else (0.7 if agents else 0.4)
    if rules.modern:
        confidence -= 0.1
    return Act(file=file, start=start, end=end, quote=text[start:end], passage=passage.index,
               rite=passage.rite or rite, section=passage.section, layer=passage.layer.value,
               action=verb.lemma_for(objects) if verb.by_object else head.lemma,
               agents=agents, objects=_uniq(objects), recipients=_uniq(recipients),
               places=_uniq(places), puts=verb.puts, facing=facing, negated=negated,
               implicit_agent=not stated, implicit_object=implicit_object,
               confidence=round(confidence, 2))


def _contextual_agents(head: _Head, agents: list[str], stated: bool, ctx: _Context,
                       rules: Rules) -> list[str]:
    """Agents known from the kind of act when none is stated: an officer's act is not a
    principal's (奏 → 工), a mutual greeting is the last two principals', and a drinking act
    right after a cup was given is the receiver's."""
    if stated:
        return agents
    verb = head.verb
    if verb.officer and (not agents or set(agents) <= rules.principals):
        return [verb.officer]
    if verb.mutual:
        return ctx.principal_pair() or agents
    giver, receiver = ctx.gift
    if verb.drinker and not head.inherited and agents and tuple(agents) == giver:
        return list(receiver)
    return agents


def _bowed_to(head: _Head, agents: list[str], ctx: _Context, rules: Rules) -> list[str]:
    """Whom an act with no addressee stated is directed to: 答拜 answers the last who bowed; an
    intermediary's 辞 (摈者, 小臣 …) right after a bow (at most the lord's 命 between) declines
    it for the lord; any other act goes to the last other actor who is not an intermediary."""
    if head.lemma == "答拜" and ctx.last_bower and not set(ctx.last_bower) & set(agents):
        return list(ctx.last_bower)
    skip = rules.intermediaries
    if agents and set(agents) <= skip and head.lemma in rules.to_bower and ctx.last_bower \
            and ctx.turns - ctx.bow_at <= 1 and not set(ctx.last_bower) & set(agents):
        return list(ctx.last_bower)  # 下拜小臣辞: declines the bow on the lord's behalf
    return ctx.other_actor(agents, skip)


def number_acts(acts: list[Act]) -> list[Act]:
    """Give each act its order within its section and a distinct ``n`` per shared span."""
    acts.sort(key=lambda a: (a.start, a.end))
    per_section: dict[int | None, int] = {}
    per_span: dict[tuple[int, int], int] = {}
    for act in acts:
        per_section[act.section] = per_section.get(act.section, 0) + 1
        act.order = per_section[act.section]
        per_span[(act.start, act.end)] = per_span.get((act.start, act.end), 0) + 1
        act.n = per_span[(act.start, act.end)]
    return acts


def extract_acts(result: ReadResult, doc: str = "") -> list[Act]:
    """All acts of one read file, numbered within their sections.

    The extractor's vocabulary is ``ingest/acts`` (whose labels are the lexicon's prefLabels).
    It reads the matching view of the file (:class:`FoldedText`: markup left out, variants
    and traditional forms folded), and every act's offsets and quote are mapped back to the
    file as read. ``doc`` is the document id used in act IRIs.
    """
    ctx = _Context(principals=load_rules(False).principals)
    folded = FoldedText(result.text, result.markup)
    acts: list[Act] = []
    for passage in act_regions(result):
        rules = load_rules(passage.layer is Layer.YI)
        in_view = replace(passage, start=folded.position(passage.start),
                          end=folded.position(passage.end))
        acts.extend(extract_from_passage(folded.view, in_view, rules, ctx, result.file,
                                         passage.rite or ""))
    for act in acts:
        act.start, act.end = folded.file_span(act.start, act.end)
        act.quote, act.doc = result.text[act.start:act.end], doc
        passage = result.passages[act.passage]
        if passage.citation is not None:
            at = passage.start
            act.key = f"{passage.citation}/{act.start - at}-{act.end - at}"
    return number_acts(acts)


class FoldedText:
    """A file's matching view: markup left out, every character folded (OpenCC t2s and the
    lexicon's variants), with the map of each view position back to its file offset."""

    def __init__(self, text: str, markup: re.Pattern[str] | None) -> None:
        from ..lexicon import default_folder
        from ..matching import kept_offsets

        if markup is None:
            self.offsets = None
            self.view = default_folder()(text)
            return
        kept = kept_offsets(text, 0, len(text), markup)
        self.offsets = kept
        self.view = default_folder()("".join(text[k] for k in kept))

    def position(self, offset: int) -> int:
        """View index of the first kept character at or after file ``offset``."""
        return offset if self.offsets is None else bisect_left(self.offsets, offset)

    def file_span(self, start: int, end: int) -> tuple[int, int]:
        if self.offsets is None:
            return start, end
        return self.offsets[start], self.offsets[end - 1] + 1


def corpus_acts(corpus_dir: Path | None = None) -> list[Act]:
    """Read every corpus file and extract its acts (no store, no lexicon matching)."""
    from ..corpus import load_manifest, read_text
    from ..readers import reader_for

    acts: list[Act] = []
    for file in load_manifest(corpus_dir).files:
        result = reader_for(file)(file, read_text(file.path))
        acts.extend(extract_acts(result, file.stem))
    return acts
