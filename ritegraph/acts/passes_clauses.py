"""Token passes about persons and their clause: a listing mark joins roles, a goal opens a
going there, an office word after a role is acting in that office (宗人擯), 以 before a person
is leading him, X在Y is a position only for a person, a repeated handling verb is a heading,
a torch written as a subject is its bearer. Registered by name in :mod:`ritegraph.acts.passes`.
"""

from __future__ import annotations

from dataclasses import replace

from .passes_nouns import counted
from .rules import Kind, Rules, Token


def enumerations(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A listing mark between two roles joins them (宾客、主人、大夫作揖: all three bow)."""
    out = list(tokens)
    for i in range(1, len(tokens) - 1):
        token = tokens[i]
        if (token.kind is Kind.CLAUSE_END and text[token.start:token.end] in rules.enumeration
                and tokens[i - 1].kind is Kind.ROLE and tokens[i + 1].kind is Kind.ROLE):
            out[i] = Token(token.start, token.end, Kind.JOINT)
    return out


def goals(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
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


def acting_as(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """An office word written bare right after a role and closing its clause says that the
    role acts in that office (宗人摈, 祝摈: the 宗人 acts as 摈, grammar ``[acting_as]``);
    摈者 and a 摈 before its own verb (摈者出, 摈出请) stay the officer."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        verb = rules.acting_as.get(text[token.start:token.end])
        if verb is None or token.kind is not Kind.ROLE or not i:
            continue
        before = tokens[i - 1]
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if (before.kind is Kind.ROLE and before.end == token.start
                and (after is None or after.kind in (Kind.CLAUSE_END, Kind.ROLE))):
            out[i] = Token(token.start, token.end, Kind.VERB, (verb.lemma,), verb)
    return out


def assisting(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A helper's word (grammar ``[assisting]``, 赞) written solid between a role and a verb is
    no role: the role before it does the verb, assisting the one acting, so the act is an aside
    and the series goes on with him (燕礼 公祭如賓禮膳宰贊授肺不拜酒: the 公's 不拜酒)."""
    out: list[Token] = []
    helper = False
    for i, token in enumerate(tokens):
        if helper:  # the verb the helper's word stands before
            token, helper = replace(token, verb=replace(token.verb, aside=True)), False
        elif _is_helper(tokens, i, text, rules):
            helper = True
            continue
        out.append(token)
    return out


def _is_helper(tokens: list[Token], i: int, text: str, rules: Rules) -> bool:
    token = tokens[i]
    before = tokens[i - 1] if i else None
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    men = text[max(0, token.start - 2):token.start]  # 二人贊: "two men" help, unnamed
    helped = ((before is not None and before.kind is Kind.ROLE and before.end == token.start)
              or (len(men) == 2 and men[1] == "人" and counted(men[0])))
    return (token.kind is Kind.ROLE and text[token.start:token.end] in rules.assisting
            and helped and after is not None and after.kind is Kind.VERB
            and after.start == token.end)


def adverb_verbs(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """An adverb that is also a verb, written right before a thing or 之 rather than before a
    verb, governs it and is the act (命筮者受视反之, 宾降反俎于西塾: giving back, grammar
    ``[adverb_verbs]``); before a verb it stays the adverb (反奠之, 反位)."""
    out = list(tokens)
    for i, token in enumerate(tokens[:-1]):
        verb = rules.adverb_verbs.get(text[token.start:token.end])
        after = tokens[i + 1]
        if (verb is not None and token.kind is Kind.ADVERB and after.start == token.end
                and after.kind in (Kind.OBJECT, Kind.PRONOUN)):
            out[i] = Token(token.start, token.end, Kind.VERB, (verb.lemma,), verb)
    return out


def things_in_place(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """X在Y is a position (君在堂, 亲者在室, 宾皆在, 士，在宰东北: 立) only when X is a person,
    the role before 在 over adverbs and commas; after a thing or a place it says where a thing
    is set out (水在洗东, 篚在洗西, 蒲筵二在南, 牛羊豕鱼在牛西), which is no act: the 在 then
    ends the clause."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.kind is not Kind.VERB or text[token.start:token.end] not in rules.position_words:
            continue
        j = i - 1
        while j >= 0 and tokens[j].kind in _BEFORE_POSITION:
            j -= 1
        if j < 0 or tokens[j].kind is not Kind.ROLE:
            out[i] = Token(token.start, token.end, Kind.BOUNDARY)
    return out


#: What may stand between a person and the 在 of his position (宾皆在, 士，在宰东北, 小臣师一人在).
_BEFORE_POSITION = {Kind.CLAUSE_END, Kind.ADVERB, Kind.ALL, Kind.NEGATION, Kind.CHIEF}


def leading(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """Classic 以 right before a person is leading him, not carrying a thing (主人以宾揖, 以宾升,
    公以宾及卿大夫皆坐): a leading joint (grammar ``[leading]``), so both act and then the
    leader goes on alone; before a thing (以爵降) it stays the instrument, and so before the
    lord, who is never led (以君命, 以公赐: his command, his gift)."""
    if rules.modern:
        return tokens
    out = list(tokens)
    for i, token in enumerate(tokens[:-1]):
        after = tokens[i + 1]
        if (token.kind is Kind.INSTRUMENT and text[token.start:token.end] in rules.leading
                and after.kind is Kind.ROLE and after.start == token.end
                and not rules.never_led.intersection(after.labels)):
            out[i] = Token(token.start, token.end, Kind.JOINT)
    return out


def headings(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A bare verb of handling things (verbs.toml ``puts`` or ``carry``) that the words right
    after it repeat with its agent named (乃羞宰夫羞房中之羞, 乃举司马举羊鼎司士举豕鼎) heads the
    acts that follow, it is no act of its own: it goes. A movement so repeated is two acts
    (乃降宾降: the host goes down, then the guest)."""
    if rules.modern:
        return tokens
    drop: set[int] = set()
    for i, token in enumerate(tokens[:-2]):
        role, again = tokens[i + 1], tokens[i + 2]
        if (token.kind is Kind.VERB and (token.verb.puts or token.verb.carry)
                and role.kind is Kind.ROLE and again.kind is Kind.VERB
                and again.verb.lemma == token.verb.lemma
                and token.end == role.start and role.end == again.start
                and (not i or tokens[i - 1].kind in (Kind.ADVERB, Kind.CLAUSE_END))):
            drop.add(i)
    return [t for k, t in enumerate(tokens) if k not in drop]


def fronted_bows(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A role written solid right before a bow that says how the bower bows to a group
    (grammar ``[fronted_bows]``: 特拜 one by one, 旅之 all at once) is the one bowed to, not the
    bower: 主人拜賔大夫特拜士旅之即位 — the host bows to each 大夫 and to the 士 together,
    then goes to his place."""
    out = list(tokens)
    for i in range(1, len(tokens)):
        token, before = tokens[i], tokens[i - 1]
        if (token.kind is Kind.VERB and text[token.start:token.end] in rules.fronted_bows
                and before.kind is Kind.ROLE and before.end == token.start):
            out[i - 1] = Token(before.start, before.end, Kind.ADDRESSEE, before.labels)
    return out


def bearers(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A thing carried in the procession (grammar ``[bearers]``: 烛) written where a subject
    stands — right before its verb, with no verb right before it to govern it — stands for the
    one who bears it (烛入, 二烛俟于殡门外: the torch-bearers; 酒错, 醴错于西: the 执事 who
    carry them); 灭烛 keeps the thing, and so does 以 (宰夫以笾受: what he takes it with). The
    offering 奠, a verb too, is its bearers only written solid before a going of
    ``[bearer_moves]`` with no role, adverb or verb solid before it (既夕 奠升設于柩西, 奠從:
    the 执事 go up, follow; 坐奠, 主人奠升, 卒奠出 stay the setting down)."""
    if rules.modern:
        return tokens
    out = list(tokens)
    for i, token in enumerate(tokens[:-1]):
        bearer = rules.bearers.get(text[token.start:token.end])
        before = tokens[i - 1] if i else None
        after = tokens[i + 1]
        if bearer and (_bears_thing(token, before, after)
                       or _bears_offering(token, before, after, rules)):
            out[i] = Token(token.start, token.end, Kind.ROLE, (bearer,))
    return out


def _bears_thing(token: Token, before: Token | None, after: Token) -> bool:
    """烛|入: a carried thing solid before its verb, none governing it, no 以 before it."""
    return (token.kind is Kind.OBJECT and after.kind is Kind.VERB
            and after.start == token.end
            and not (before is not None and before.kind is Kind.INSTRUMENT)
            and not (before is not None and before.kind is Kind.VERB
                     and before.end >= token.start - 1))


def _bears_offering(token: Token, before: Token | None, after: Token, rules: Rules) -> bool:
    """奠|升, 奠|從, 奠|由楹内: the offering going, solid before a going or a route."""
    goes = after.kind is Kind.ROUTE or (
        after.kind is Kind.VERB and bool(after.labels) and after.labels[0] in rules.bearer_moves)
    alone = before is None or not (before.kind in (Kind.ROLE, Kind.ADVERB, Kind.VERB)
                                   and before.end == token.start)
    return token.kind is Kind.VERB and after.start == token.end and goes and alone


def placeholders(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A role written solid after 某 (grammar ``[placeholder]``) is a name in the words said
    (反命曰以君命聘于某君某君受幣): no actor, and it does not end the speech."""
    marks = tuple(rules.placeholders)
    return [t for t in tokens
            if not (t.kind is Kind.ROLE and marks and text.endswith(marks, 0, t.start))]


_BEFORE_A_SUBJECT = (Kind.FACING, Kind.PLACE, Kind.VERB)


def verb_roles(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """A verb of grammar ``[verb_roles]`` (三献) is the one who does it where a role stands:
    after a verb (拜三獻, 受三獻爵), before a facing, place or verb (三獻北面答拜), or before 之
    unless its doer is written solid before it (尸作三獻之爵); after its doer or a thing and
    before anything else it stays the act (賔長三獻主人降拜, 賔長洗繶爵三獻如亞獻)."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        role = (rules.verb_roles.get(text[token.start:token.end])
                if token.kind is Kind.VERB else None)
        if role is None:
            continue
        before = tokens[i - 1].kind if i and tokens[i - 1].end == token.start else None
        after = tokens[i + 1].kind if i + 1 < len(tokens) else None
        if (before is Kind.VERB or after in _BEFORE_A_SUBJECT
                or (after in (Kind.POSSESSIVE, Kind.PRONOUN) and before is not Kind.ROLE)):
            out[i] = Token(token.start, token.end, Kind.ROLE, (role,))
    return out
