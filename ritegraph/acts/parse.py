"""Reading one sentence: its verbs as act heads, and the tokens each head takes (its
sentences and reported speech: `speech.py`; its facings: `facing.py`)."""

from __future__ import annotations

from itertools import pairwise

from .context import Head
from .rules import LINK, STEP, Kind, Rules, Token

#: Kinds that may stand between a preverb (坐, 进) and the verb it governs.
_PREVERBAL = {Kind.FACING, Kind.ADVERB, Kind.HAND, Kind.INSTRUMENT, Kind.NEGATION, Kind.PROHIBITION,
              Kind.ADDRESSEE}


def standing_head(tokens: list[Token], rules: Rules) -> Head | None:
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
    return Head(facing, facing, "立", rules.verbs["立"], pre=pre)


def _heads(tokens: list[Token], rules: Rules) -> list[Head]:
    heads: list[Head] = []
    fold_allow = _PREVERBAL | {Kind.DISPOSAL, Kind.OBJECT, Kind.LOCATIVE, Kind.ROUTE, Kind.PLACE}
    for i, token in enumerate(tokens):
        if token.kind is Kind.FACING and _is_position(tokens, i, rules):
            heads.append(Head(i, i, "立", rules.verbs["立"]))
        if token.kind is not Kind.VERB:
            continue
        if token.verb.fold and _folds(tokens, i, fold_allow, rules):
            continue
        heads.append(Head(i, i, token.verb.lemma, token.verb))
    merged: list[Head] = []
    for head in heads:
        if merged:
            before = merged[-1]
            lemma = rules.merges.get((before.lemma, head.lemma))
            between = tokens[before.last + 1:head.first]
            if lemma and all(t.kind in rules.merge_across for t in between) and not (
                    rules.destination_closes and _goes_to_place(between)):
                before.last = head.last
                before.lemma = lemma
                before.verb = rules.verbs.get(lemma, before.verb)
                continue
        merged.append(head)
    return merged


def _goes_to_place(tokens: list[Token]) -> bool:
    """Whether a 于-phrase naming a place stands in ``tokens`` (送于门外: where one went)."""
    return any(a.kind is Kind.LOCATIVE and b.kind is Kind.PLACE
               for a, b in pairwise(tokens))


def _is_position(tokens: list[Token], i: int, rules: Rules) -> bool:
    """A role, its places and a facing with no verb, then the next role or the end (众兄弟堂下北面,
    主人门东南面宗人…, 主人朝服西面于门东史…: a 于-phrase may close it): where the role stands,
    one 立 (in the classic; a facing before a verb, a 于-phrase leading to a verb or a comma is
    the next verb's: 主人西面拜, 主妇北面于阼阶上答拜)."""
    after = i + 1  # a 于-phrase may close the position (主人朝服西面于门东史…)
    if after < len(tokens) and tokens[after].kind is Kind.LOCATIVE:
        after += 1
        while after < len(tokens) and tokens[after].kind is Kind.PLACE:
            after += 1
        if after == i + 2:
            return False  # 于 with no place: the next verb's
    if rules.modern or (after < len(tokens) and tokens[after].kind is not Kind.ROLE):
        return False
    j = i - 1
    while j >= 0 and tokens[j].kind in (Kind.PLACE, Kind.ALL):  # 尸侑皆北面于西楹西
        j -= 1
    return j >= 0 and tokens[j].kind is Kind.ROLE


def _folds(tokens: list[Token], i: int, allow: set[Kind], rules: Rules) -> bool:
    """A preverb folds when the verb it governs follows (across a comma where the grammar's
    ``[fold] across_clause_end`` says so: 南面坐，奠爵 is one 坐奠); not before a hand's act
    (坐左执爵右祭脯醢: the 坐 governs both hands' acts and stands alone, GUIDE-kanripo §7), nor
    across a ``[step]`` adverb (士冠礼 坐如初乃冠: the 坐, then the capping)."""
    previous = None
    for token in tokens[i + 1:]:
        kind = token.kind
        if kind is Kind.HAND or (kind is Kind.ADVERB and STEP in token.labels):
            return False
        if kind is Kind.VERB:
            if token.verb.fold:
                previous = kind
                continue
            return True
        if kind is Kind.CLAUSE_END and rules.fold_across_clause_end:
            allow = allow - {Kind.PLACE, Kind.OBJECT}
        elif kind not in allow and not (kind is Kind.OBJECT and previous is Kind.DISPOSAL):
            return False
        previous = kind
    return False


def _phrase_end(tokens: list[Token], i: int) -> int:
    """Index after a 于/自 phrase starting at ``i`` (the preposition and its nouns); a role is
    its noun only written solid after it (告于公; 置于宫尚左公侯伯子男皆就其旂: the lords, after
    words the lexicon does not read, open the next clause)."""
    j = i + 1
    if j < len(tokens) and tokens[j].kind is Kind.ROLE:
        return j + 1 if tokens[j].start == tokens[i].end else j
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


def _split_gap(tokens: list[Token], lo: int, hi: int, head: Head, rules: Rules) -> int:
    """Index in [lo, hi] where the material of the verb before ends and the next one's begins."""
    p = lo
    while p < hi:
        kind = tokens[p].kind
        if kind in (Kind.OBJECT, Kind.PRONOUN, Kind.PERSON):
            step = p + 1
        elif kind in (Kind.LOCATIVE, Kind.ROUTE):
            step = _after_phrase(tokens, p, lo, hi, rules)
        elif kind is Kind.ROLE:
            step = p + 1 if _role_of_verb_before(tokens, p, lo, head, rules) else None
        elif kind is Kind.PLACE:  # bare places leading to the verb after (西阶上当楣北面答拜)
            q = next((k for k in range(p + 1, hi) if tokens[k].kind is not Kind.PLACE), hi)
            leads = p > lo and _leads_to_head(tokens, q, hi, rules, clause_ends=0)
            step = None if leads else p + 1
        elif _ends_verb_before(tokens, p, lo, hi, rules):
            step = p + 1
        else:
            step = None
        if step is None:
            return p
        p = step
    return p


def _ends_verb_before(tokens: list[Token], p: int, lo: int, hi: int, rules: Rules) -> bool:
    """Whether the clause end, facing or 以 at ``p`` still belongs to the verb before: a clause
    end before a clause of places only, a facing solid between the verb and a new subject, the
    以 of V之以X with its thing (饰之以布维之以索: the 布 is what the 饰 is done with), or the
    以/用 written solid right after the verb with its thing (既夕 贈用制幣: the 币 given)."""
    if tokens[p].kind is Kind.CLAUSE_END:
        return _verbless_clause(tokens, p + 1, hi)
    if tokens[p].kind is Kind.INSTRUMENT:
        solid = p == lo and tokens[p].start == tokens[p - 1].end
        return ((solid or (p > lo and tokens[p - 1].kind is Kind.PRONOUN)) and p + 1 < hi
                and tokens[p + 1].kind is Kind.OBJECT)
    return tokens[p].kind is Kind.FACING and _facing_closes(tokens, p, lo, rules)


def _facing_closes(tokens: list[Token], p: int, lo: int, rules: Rules) -> bool:
    """The facing at ``p``, right after the verb, is where that verb ends (classic)."""
    return not rules.modern and p == lo and facing_between_verb_and_role(tokens, p)


def facing_between_verb_and_role(tokens: list[Token], i: int) -> bool:
    """A facing written solid after a verb with a role written solid after it: the verb ends
    there and the role opens the next clause (既夕 婦人從升東面奠升: the women go up facing
    east, then the 执事 go up)."""
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return (i > 0 and tokens[i - 1].kind is Kind.VERB and tokens[i - 1].end == tokens[i].start
            and nxt is not None and nxt.kind is Kind.ROLE and nxt.start == tokens[i].end)


def _after_phrase(tokens: list[Token], p: int, lo: int, hi: int, rules: Rules) -> int | None:
    """Where a 于/自-phrase at ``p`` ends, or None if it already leads to the next head (a
    route, or in the translation any phrase, not right after the verb)."""
    end = min(_phrase_end(tokens, p), hi)
    if (not rules.modern and end < hi and tokens[end].kind is Kind.FACING
            and tokens[end].start - tokens[end - 1].end <= 1):
        end += 1  # 立于洗东北西面: the facing closing the phrase is the verb before's
    if rules.modern or tokens[p].kind is Kind.ROUTE:
        right_after = p == lo and not rules.modern
        if not right_after and _leads_to_head(tokens, end, hi, rules):
            return None
    return end


def _role_of_verb_before(tokens: list[Token], p: int, lo: int, head: Head,
                         rules: Rules) -> bool:
    """Whether the role at ``p`` belongs to the verb before: the body it handles (冯尸踊) or
    the one it is addressed to, written right after it; never roles solid before 皆."""
    token = tokens[p]
    if _starts_roles_before_all(tokens, p) or p != lo:
        return False
    if head.verb.handles and token.start == tokens[p - 1].end:
        return True  # 冯尸踊: the body handled, not the next verb's subject
    if head.verb.replies and _verb_solid_after(tokens, p):
        return False  # 賔對主人卒盥: the 主人 washes; 答君而俟 keeps 君 the one answered
    return bool(head.verb.recipient and token.start - tokens[p - 1].end <= 1 and (
        not head.verb.bow or _bowed_to(token, tokens[p - 1], tokens[:head.first], rules)))


def _verb_solid_after(tokens: list[Token], p: int) -> bool:
    """Whether a verb follows the token at ``p`` solid, over solid adverbs only (主人卒盥), none
    of them linking (答君而俟)."""
    k = p + 1
    while k < len(tokens) and tokens[k].kind is Kind.ADVERB and LINK not in tokens[k].labels \
            and tokens[k].start == tokens[k - 1].end:
        k += 1
    return k < len(tokens) and tokens[k].kind is Kind.VERB and tokens[k].start == tokens[k - 1].end


def solid_roles_before_all(tokens: list[Token], k: int) -> list[Token]:
    """The roles written solid up to and including the role at ``k`` when 皆 follows it solid
    and no thing after it (主人主婦皆不哭, 尸侑主人皆升筵: they all act; 侑主人皆一魚: each gets
    one), else []. A role written solid after a verb is that verb's (大夫送賔公皆再拜: the
    賔 is escorted, 公 bows; 公勞介介皆再拜稽首)."""
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    then = tokens[k + 2] if k + 2 < len(tokens) else None
    if tokens[k].kind is not Kind.ROLE or after is None or after.kind is not Kind.ALL \
            or after.start != tokens[k].end or (then is not None and then.kind is Kind.OBJECT):
        return []
    lo = k
    while lo and tokens[lo - 1].kind is Kind.ROLE and tokens[lo - 1].end == tokens[lo].start \
            and not (lo > 1 and tokens[lo - 2].kind is Kind.VERB
                     and tokens[lo - 2].end == tokens[lo - 1].start):
        lo -= 1
    return tokens[lo:k + 1]


def _starts_roles_before_all(tokens: list[Token], p: int) -> bool:
    """Whether the role at ``p`` begins a solid run of roles right before 皆 (命毋哭主人主婦皆
    不哭: 主人 is not the one ordered, he is one of those who do not wail)."""
    k = p
    while k + 1 < len(tokens) and tokens[k + 1].kind is Kind.ROLE \
            and tokens[k + 1].start == tokens[k].end:
        k += 1
    run = solid_roles_before_all(tokens, k)
    return len(run) > 1 and run[0] is tokens[p]


def _bowed_to(role: Token, verb: Token, before: list[Token], rules: Rules) -> bool:
    """A role written right after a bow is the one bowed to (拜宾), unless it is an
    intermediary, who is not bowed to but speaks next (降拜小臣辞: the 小臣 declines for the
    lord), or the subject written last before the bow, named again for what follows (侯氏送于
    门外再拜侯氏遂从之); a role written further on is not (拜如初尸: the 尸 acts next)."""
    subject = next((t.labels for t in reversed(before) if t.kind is Kind.ROLE), None)
    return (role.start == verb.end and not set(role.labels) <= rules.intermediaries
            and role.labels != subject)


def _answers_bow(head: Head, rules: Rules) -> bool:
    """Whether the one just bowed to, written solid before ``head``, does its act: answering
    the bow or taking up the cup (主人再拜賔答拜, 主婦拜祝受尸爵, 又拜上佐食綏祭); any other
    act goes on with the bower (主人拜賔入即位袒: the host goes in)."""
    return head.verb.bow or head.verb.drinker or head.lemma in rules.bow_answers


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


def _negated_at(tokens: list[Token], i: int) -> bool:
    """Whether a negation is written right before the verb at ``i`` (不言, 不敢言)."""
    j = i - 1
    while j >= 0 and tokens[j].kind is Kind.ADVERB:
        j -= 1
    return j >= 0 and tokens[j].kind in (Kind.NEGATION, Kind.PROHIBITION)


def strip_ends(tokens: list[Token]) -> list[Token]:
    lo, hi = 0, len(tokens)
    while lo < hi and tokens[lo].kind in (Kind.CLAUSE_END, Kind.BOUNDARY):
        lo += 1
    while hi > lo and tokens[hi - 1].kind is Kind.CLAUSE_END:
        hi -= 1
    return tokens[lo:hi]


def parse_sentence(tokens: list[Token], rules: Rules) -> list[Head]:
    """Heads of one sentence with their preverbal and postverbal tokens."""
    heads = [h for h in _heads(tokens, rules) if not h.verb.negated_only
             or _negated_at(tokens, h.first)]
    if not heads:
        return []
    heads[0].pre = tokens[:heads[0].first]
    for head, after in zip(heads, [*heads[1:], None], strict=True):
        if after is None:
            head.post = _last_post(tokens, head)
            break
        split = _split_gap(tokens, head.last + 1, after.first, head, rules)
        head.post = tokens[head.last + 1:split]
        after.pre = tokens[split:after.first]
        addressed = _addressed_goes_on(head, after, rules)
        if addressed is not None:
            after.inherited = addressed
            _lend_answerer(head, after, rules)
    return heads


#: What may stand between the one bowed to and his answer: where he stands and faces, or a
#: negation (主人再拜賔西階上當楣北面答再拜; 拜尸不顧).
_BEFORE_ANSWER = (Kind.FACING, Kind.NEGATION, Kind.PLACE)


def _lend_answerer(head: Head, after: Head, rules: Rules) -> None:
    """The one bowed to, written solid before his answer (主人再拜賔答拜, 卒爵拜主人答拜), is
    quoted with the answer (GUIDE: 賔答拜), though he stays the bow's recipient."""
    role = head.post[-1] if head.post else None
    if head.verb.bow and role is not None and role.kind is Kind.ROLE and all(
            t.kind in _BEFORE_ANSWER for t in after.pre) \
            and _answers_bow(after, rules):
        head.lent = after.borrowed = role


def _last_post(tokens: list[Token], head: Head) -> list[Token]:
    """What follows the sentence's last head up to a boundary; a role only if the verb takes a
    recipient or handles a body written solid after it."""
    tail = tokens[head.last + 1:]
    stop = next((k for k, t in enumerate(tail) if t.kind is Kind.BOUNDARY), len(tail))
    return [t for k, t in enumerate(tail[:stop])
            if t.kind is not Kind.ROLE or head.verb.recipient
            or (head.verb.handles and not k and t.start == tokens[head.last].end)]


def _handed(head: Head, after: Head, post: list[Token]) -> tuple[str, ...] | None:
    """The one a `gives` act hands things to, written right after it, when the act right after
    `receives` with no one named before it: only the things handed, a facing or a folded
    preverb between."""
    if not (head.verb.gives and after.verb.receives and post and post[0].kind is Kind.ROLE
            and post[0].labels):
        return None
    between = [*post[1:], *after.pre]
    if all(t.kind in _HANDED_BETWEEN or (t.kind is Kind.VERB and t.verb.fold) for t in between):
        return post[0].labels
    return None


#: What may stand between the one handed things and his receiving them (授次賔疏匕與俎受).
_HANDED_BETWEEN = (Kind.OBJECT, Kind.JOINT, Kind.FACING)


def _addressed_goes_on(head: Head, after: Head, rules: Rules) -> tuple[str, ...] | None:
    """The labels of the role ``head`` is addressed to when he acts next: written alone right
    before ``after`` or before the preverb folded into it (賔辭主人坐奠爵: the host sets the
    cup down), and answering, after a bow, also with the facing it is done in written between
    (再拜主人東面答拜: the host answers); or ordered by a pivot verb (命X V); or, the things
    handed written after him, receiving right after a handing-over (授次賔疏匕與俎受: the 次宾)."""
    last = strip_ends(head.post)
    handed = _handed(head, after, last)
    if handed is not None:
        return handed
    if not (last and last[-1].kind is Kind.ROLE and head.verb.recipient):
        return None
    direct = (len(last) == 1 and not head.verb.gives  # the giver goes on (以授尸坐取簞)
              and _goes_on_directly(head, after, rules))
    pivot = head.verb.pivot and not any(t.kind is Kind.CLAUSE_END for t in after.pre)
    return last[-1].labels if direct or pivot else None


def _bowed_to_not_bowing(head: Head, after: Head) -> bool:
    """迎賔拜, 見贊者西面拜: the one met or seen is bowed to, he bows not; but the one a message
    is delivered to (``thanked``: 致命主人拜稽顙) bows his thanks."""
    return (after.verb.bow and not head.verb.bow and not after.verb.answers
            and not head.verb.thanked)


def _goes_on_directly(head: Head, after: Head, rules: Rules) -> bool:
    """Whether the one ``head`` is addressed to, written alone right before ``after``, does it:
    only a folded preverb between, a facing unless ``after`` is a bow (見贊者西面拜: the bow is
    to the one seen), or after a bow where he stands and faces (再拜主人東面答拜, 再拜賔西階上…
    答再拜) or a negation (拜尸不顧); after a bow, ``after`` answers it or is refused."""
    bow = head.verb.bow
    if _bowed_to_not_bowing(head, after):
        return False
    faced = bow or not after.verb.bow
    between = all((t.kind is Kind.VERB and t.verb.fold) or (faced and t.kind is Kind.FACING)
                  or (bow and t.kind in _BEFORE_ANSWER) for t in after.pre)
    refrains = any(t.kind is Kind.NEGATION for t in after.pre)
    return between and (not bow or refrains or _answers_bow(after, rules))
