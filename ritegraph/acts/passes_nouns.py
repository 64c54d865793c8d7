"""Token passes that tell things from acts: a possessor is no actor (旅食之尊), a noun phrase
names a thing or a person (賔所媵觯, 卒受爵者), a role's thing written solid after a verb is his
(受公爵). The words that are both a verb and a thing are read in :mod:`.passes_verbs`.
Registered by name in :mod:`ritegraph.acts.passes`.
"""

from __future__ import annotations

from .passes_sides import is_beside, is_landmark, leave_beside
from .rules import Kind, Rules, Token


def drop_possessors(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """Drop roles that are not actors: a possessor (旅食之尊, 大夫的右侧, 宾客和大夫的弓) with
    its 之/的, and a role compared with (如同宾客一样) or become (为下射); mark a role after 向
    (向大夫敬酒) as addressed; a role after 有 is a condition (有大夫则特拜之), not an actor."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        i += _possessor_step(tokens, i, out, text, rules)
    return out


def _possessor_step(tokens: list[Token], i: int, out: list[Token], text: str,
                    rules: Rules) -> int:
    """Read ``tokens[i]`` (and its follower) into ``out``; how many tokens it took."""
    token = tokens[i]
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    if is_landmark(tokens, i, text, rules):
        return 2
    if is_beside(tokens, i, text, rules):
        return leave_beside(tokens, i, out)
    if _is_possessor(tokens, i):
        while len(out) > 1 and out[-1].kind is Kind.JOINT and out[-2].kind is Kind.ROLE:
            del out[-2:]  # 宾客和大夫的弓: both own the thing
        return 2
    if token.kind is Kind.COMPARISON:
        if following is not None and following.kind is Kind.ROLE:
            return 2
        return _compared_act(tokens, i, out, rules)
    if following is not None and _addressed_role(tokens, i, text, rules):
        if token.kind is Kind.BOUNDARY:
            out.append(token)  # 有大夫则特拜之: there being a 大夫 is the condition, he is 之
        out.append(Token(following.start, following.end, Kind.ADDRESSEE, following.labels))
        return 2
    if token.kind not in (Kind.POSSESSIVE, Kind.ADDRESSEE):
        out.append(token)
    return 1


def _compared_act(tokens: list[Token], i: int, out: list[Token], rules: Rules) -> int:
    """How many tokens from the 如 at ``i`` to leave out: in the classic, 如 and the verb just
    done written again with what it was done to are what the act is likened to, no act (見姑姊
    如見母: he sees the aunts as he saw his mother); else 如 alone (如執雉 is the holding)."""
    verb = tokens[i + 1] if i + 1 < len(tokens) else None
    if rules.modern or verb is None or verb.kind is not Kind.VERB or verb.start != tokens[i].end:
        return 1
    if _dress_of(tokens, i + 2, verb, rules):
        return 3  # 有司皆如宿服: dressed as for the 宿, no 宿 done
    done = next((t for t in reversed(out) if t.kind is Kind.VERB), None)
    if done is None or done.labels != verb.labels:
        return 1
    k = i + 2
    while (k < len(tokens) and tokens[k].kind in (Kind.ROLE, Kind.OBJECT, Kind.PLACE)
           and tokens[k].start == tokens[k - 1].end):
        k += 1
    return k - i


def _dress_of(tokens: list[Token], k: int, verb: Token, rules: Rules) -> bool:
    """Whether ``tokens[k]`` is a thing of grammar ``[objects] dress`` written solid after
    ``verb`` (如宿服: the dress of the 宿)."""
    dress = tokens[k] if k < len(tokens) else None
    return (dress is not None and dress.kind is Kind.OBJECT and dress.start == verb.end
            and bool(set(dress.labels) & rules.dress))


def _is_possessor(tokens: list[Token], i: int) -> bool:
    """A role followed by 之/的 (or by 其 before a thing): the owner of what follows."""
    if tokens[i].kind is not Kind.ROLE or i + 1 >= len(tokens):
        return False
    following = tokens[i + 1]
    return following.kind is Kind.POSSESSIVE or (
        following.kind is Kind.PRONOUN and i + 2 < len(tokens)
        and tokens[i + 2].kind in (Kind.PLACE, Kind.OBJECT))


def _addressed_role(tokens: list[Token], i: int, text: str, rules: Rules) -> bool:
    """Whether the token after ``tokens[i]`` is a role acted on: after an existential 有 with
    an act on him to follow, or after 向."""
    token, following = tokens[i], tokens[i + 1]
    if token.kind is Kind.BOUNDARY:
        return text[token.start:token.end] in rules.existential and _acted_on_after(tokens, i + 2)
    return token.kind is Kind.ADDRESSEE and following.kind is Kind.ROLE


def _acted_on_after(tokens: list[Token], j: int) -> bool:
    """Whether the role before ``j`` is taken up by a verb and 之 after it, over adverbs only
    (有大夫 | 则特拜之); 有襚者则将命 and 有客后至 are that role's own acts."""
    if tokens[j - 1].kind is not Kind.ROLE:
        return False
    while j < len(tokens) and tokens[j].kind is Kind.ADVERB:
        j += 1
    return (j + 1 < len(tokens) and tokens[j].kind is Kind.VERB
            and tokens[j + 1].kind is Kind.PRONOUN and tokens[j].end == tokens[j + 1].start)


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
    is what is asked, not an act; speech (命曰) is left to merge. So is a negation written
    right after it with the verb it forbids (命毋哭: neither is done then)."""
    return (token.kind in (Kind.VERB, Kind.PROHIBITION) and before is not None
            and before.kind is Kind.VERB and before.verb.content and before.end == token.start
            and not (token.verb and token.verb.speech))


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


def _owns_place(before: Token | None, token: Token, after: Token | None, rules: Rules) -> bool:
    """In the translation, a role between 在/到 and a place owns the place (在宾客席前)."""
    return (rules.modern and token.kind is Kind.ROLE and before is not None
            and after is not None and before.kind is Kind.LOCATIVE and after.kind is Kind.PLACE)


def drop_noun_phrases(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
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
    doers: dict[int, Token] = {}
    for i, token in enumerate(tokens):
        if token.kind is Kind.RELATIVE:
            drop.update(_relative_clause(tokens, i))
        elif token.kind is Kind.NOMINALIZER:
            first = _named_by_act(tokens, i, rules)
            drop.update(range(first, i + 1))
            if not rules.modern and _names_a_doer(tokens[first:i]):
                doers[first] = _doer(tokens[first:i + 1])
        elif _names_no_act(tokens, i, drop, text, rules):
            drop.add(i)
    return [doers[k] if k in doers else
            Token(t.start, t.end, Kind.INSTRUMENT) if _is_carrying(tokens, k, rules) else t
            for k, t in enumerate(tokens) if k not in drop or k in doers]


def _names_a_doer(act: list[Token]) -> bool:
    """A classic V(Y)者 that names the one who did it: with its thing (媵爵者), or bare when its
    verb is done to someone (聘礼 勞者: the 卿 sent to 勞; a bare 退者 is whoever does it now)."""
    return any(t.kind is Kind.OBJECT for t in act) or (
        len(act) == 1 and act[0].kind is Kind.VERB and act[0].verb.recipient)


def _doer(span: list[Token]) -> Token:
    """The person a classic V+Y者 names (媵爵者, with the thing: a bare 退者 is whoever does it
    now): a role token with no label of its own that carries the verb, read as the last who did
    it (``resolve``)."""
    verb = next(t.verb for t in span if t.kind is Kind.VERB)
    return Token(span[0].start, span[-1].end, Kind.ROLE, (), verb)


def _relative_clause(tokens: list[Token], i: int) -> list[int]:
    """X所V…: the 所 at ``i``, the role written solid before it and the verbs solid after."""
    token, before = tokens[i], tokens[i - 1] if i else None
    dropped = [i]
    if before is not None and before.kind is Kind.ROLE and before.end == token.start:
        dropped.append(i - 1)
    j = i + 1
    while j < len(tokens) and tokens[j].kind is Kind.VERB and tokens[j].start == tokens[j - 1].end:
        dropped.append(j)
        j += 1
    return dropped


def _names_no_act(tokens: list[Token], i: int, drop: set[int], text: str,
                  rules: Rules) -> bool:
    """Whether ``tokens[i]`` only names or qualifies (a content, a manner verb, a verb after a
    dropped prohibition, a place's owner, an attribute, a side)."""
    token = tokens[i]
    before = tokens[i - 1] if i else None
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    prohibited = (before is not None and i - 1 in drop and before.kind is Kind.PROHIBITION
                  and token.kind is Kind.VERB and before.end == token.start)
    return (_is_content(before, token) or _is_manner(token, after, rules) or prohibited
            or _owns_place(before, token, after, rules)
            or _is_attributive(token, after, tokens, i, rules)
            or _is_side(tokens, i, text, rules))


def drop_classic_possessors(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """Classic V+role+thing written solid (受公爵, 彻公俎; a count or one qualifying word may
    stand before the thing: 举尸牢肺, 举尸一鱼): the role owns the thing, it is not the next
    verb's subject; verbs with an addressee (授宰玉) keep it."""
    if rules.modern:
        return tokens
    out: list[Token] = []
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if (token.kind is Kind.ROLE and before is not None and after is not None
                and before.kind is Kind.VERB and not before.verb.recipient
                and after.kind is Kind.OBJECT
                and before.end == token.start and _qualified(text[token.end:after.start])):
            continue
        out.append(token)
    return out


def _qualified(between: str) -> bool:
    """Whether only a count or one qualifying word stands between an owner and his thing
    (举尸牢肺: the 尸's 牢 lung; 举尸一鱼)."""
    return len(between) <= 1 or counted(between)


#: Numerals that may stand between a verb and the thing it takes (执二匕).
_NUMERALS = frozenset("一二三四五六七八九十两壹")


def counted(between: str) -> bool:
    """Whether only a count (or nothing) stands between a verb and the word after it."""
    return all(char in _NUMERALS for char in between)
