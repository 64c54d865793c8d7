"""Token passes for the words that are both a verb and a thing (匕, 筵, 羞, 命): which one a
word is where it stands — a verb where a noun stands is that thing (匕奠于鼎, 执二匕, 房中之羞),
a thing where its verb stands is the act (司宫筵于奥, 巾之), a role's 命 after 以/有/唯 is his
command. Registered by name in :mod:`ritegraph.acts.passes`.
"""

from __future__ import annotations

from .passes_nouns import counted
from .rules import Kind, Rules, Token, Verb


def verbal_nouns(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A verb that is also a thing, right before another verb (匕奠于鼎), right after a verb
    that is not a preverb (取匕, 加匕于鼎) or one that sets it out (设洗), or after a count
    (执一匕, 执二匕: a numeral quantifies a noun, never a verb) or 之 (房中之羞), is that thing."""
    if rules.modern:
        return tokens
    out = list(tokens)
    for i, token in enumerate(tokens):
        surface = text[token.start:token.end]
        if token.kind is Kind.VERB and _set_out(tokens, i, surface, rules):
            out[i] = Token(token.start, token.end, Kind.OBJECT, (surface,))
            continue
        if token.kind is Kind.VERB and _taken_up(tokens, i, surface, rules):
            out[i] = Token(token.start, token.end, Kind.OBJECT, (rules.set_down[surface],))
            continue
        if token.kind is Kind.VERB and surface in rules.nouns and _used_as_noun(tokens, i, text):
            out[i] = Token(token.start, token.end, Kind.OBJECT, rules.nouns[surface])
    return out


def _used_as_noun(tokens: list[Token], i: int, text: str) -> bool:
    """A verb-noun right before another verb (a topic), governed by a verb before it (after a
    count at most), or after 之 (房中之羞: the dish)."""
    token = tokens[i]
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    before = tokens[i - 1] if i else None
    topic = (after is not None and after.kind is Kind.VERB and not after.verb.fold
             and after.start == token.end)
    governed = (before is not None and before.kind is Kind.VERB and not before.verb.fold
                and counted(text[before.end:token.start]))
    owned = before is not None and before.kind is Kind.PRONOUN and before.end == token.start
    return topic or governed or owned


def _set_out(tokens: list[Token], i: int, surface: str, rules: Rules) -> bool:
    """A verb word that also names a furnishing of the rite (洗, the basin: grammar
    ``[objects] also_places``), written right after a verb that sets a thing out (设洗于阼阶东南,
    陈洗) or after 于/自, which govern nouns (盥于洗, 尸盥于洗), is that thing."""
    before = tokens[i - 1] if i else None
    return (surface in rules.also_places and before is not None
            and before.end == tokens[i].start
            and (before.kind in (Kind.LOCATIVE, Kind.ROUTE)  # 盥于洗: 于 governs a noun
                 or (before.kind is Kind.VERB and before.verb.puts)))


def _taken_up(tokens: list[Token], i: int, surface: str, rules: Rules) -> bool:
    """奠 right after a verb that takes a thing up again (取奠, 举奠: grammar ``[objects]
    set_down``, ``taken_by``) is the cup that was set down, not a setting down."""
    before = tokens[i - 1] if i else None
    return (surface in rules.set_down and before is not None and before.kind is Kind.VERB
            and before.verb.lemma in rules.taken_by and before.end == tokens[i].start)


def verbal_things(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A thing that is also a verb's action (筵: the mat, laying it), written right before 于
    with no verb before it in its clause, is the act (司宫筵于奥, 又筵于西序东面), and so is one
    whose verb takes a recipient written right before a role (乃醴賔: serving the 宾 the sweet
    wine); after a verb it stays the thing (坐奠于筵, 升筵, 請醴賔). One written right before 之
    with no verb before it is the act done to that thing (士丧礼 祝受巾巾之: the 祝 covers the 奠),
    and so is one written solid after its doer or a negation with no thing or place after it (祝與
    執豆者巾乃出, 不巾): the cloth received (受巾) stays the thing."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        verb = rules.verbal_things.get(text[token.start:token.end])
        if token.kind is Kind.OBJECT and verb is not None and (
                _verbal_before(before, after, token, verb, text)
                or _verbal_closing(before, after, token)):
            out[i] = Token(token.start, token.end, Kind.VERB, (verb.lemma,), verb)
    return out


def _verbal_before(before: Token | None, after: Token | None, token: Token, verb: Verb,
                   text: str) -> bool:
    """司宫|筵|于奥, 乃|醴|賔, 受巾|巾|之, 商祝|布|絞衾 (a verb that `puts`, before the thing
    it lays): the thing's verb, by what is written right after it."""
    if after is None or after.start != token.end:
        return False
    if text[after.start:after.end] == "之" and (before is None or before.kind is not Kind.VERB):
        return True
    if after.kind is Kind.ROLE and verb.handles:
        return True  # 入|衣|尸, 以|衣|尸: done to the body written solid after it
    return ((before is None or before.kind in _BEFORE_VERBAL_THING)
            and (after.kind is Kind.LOCATIVE or (after.kind is Kind.ROLE and verb.recipient)
                 or (after.kind is Kind.OBJECT and verb.puts)))


def _verbal_closing(before: Token | None, after: Token | None, token: Token) -> bool:
    """執豆者|巾|乃出, 不|巾: solid after its doer or a negation, closing its clause."""
    return (before is not None and before.kind in (Kind.ROLE, Kind.NEGATION)
            and before.end == token.start
            and (after is None or (after.kind in _AFTER_CLOSING_THING
                                   and after.start == token.end)))


#: What may follow, written solid, a thing read as its verb closing its clause (祝與執豆者巾|乃出):
#: no thing, place or 于 (主人筵前獻賓: the mat is where he offers, 前 being no word read).
_AFTER_CLOSING_THING = {Kind.CLAUSE_END, Kind.ADVERB, Kind.VERB}


#: What may stand right before a thing read as its verb (司宫|筵于奥, 又|筵于西序): not a verb
#: governing it (设筵于户西), nor 于 (坐奠于筵).
_BEFORE_VERBAL_THING = {Kind.ROLE, Kind.ADVERB, Kind.CLAUSE_END, Kind.NEGATION}


def place_nouns(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A place and 之 make the word after them a noun (堂上之馔八, 房中之羞): a verb written
    there names the things of that place, it is no act (the verbs that are also things became
    those things in verbal_nouns)."""
    if rules.modern:
        return tokens
    return [t for k, t in enumerate(tokens)
            if not (k > 1 and t.kind is Kind.VERB and tokens[k - 1].kind is Kind.PRONOUN
                    and tokens[k - 2].kind is Kind.PLACE
                    and tokens[k - 2].end == tokens[k - 1].start == t.start - 1)]


def owned_verbs(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A role and a verb of grammar ``[owned_verbs]`` (命) written solid after a word that takes
    a noun — 以, 有, 唯 — are a noun phrase, the role's command: 以君命聘 'with the lord's
    command', 有君命, 唯君命出; neither the role nor the verb acts. After a bow the role may
    open the next clause (公答再拜公命小臣辞), so a bow is not such a word."""
    drop: set[int] = set()
    for i, token in enumerate(tokens[1:-1], start=1):
        before, after = tokens[i - 1], tokens[i + 1]
        if (token.kind is Kind.ROLE and after.kind is Kind.VERB
                and text[after.start:after.end] in rules.owned_verbs
                and before.end == token.start and token.end == after.start
                and before.kind in (Kind.INSTRUMENT, Kind.BOUNDARY)):
            drop.update((i, i + 1))
    return [t for k, t in enumerate(tokens) if k not in drop]
