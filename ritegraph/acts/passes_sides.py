"""Sides of a person (classic): a role with a side after it is where an act passes or happens,
beside him, not an actor (宰由主人之北舉幣, 宰自公左受玉, 主人賓右奠觚). Used by the
``possessors`` pass (:mod:`ritegraph.acts.passes_nouns`).
"""

from __future__ import annotations

from .rules import Kind, Rules, Token


def is_landmark(tokens: list[Token], i: int, text: str, rules: Rules) -> bool:
    """A role after 由/自/于, or right after the subject, with 之 and a side (宰由主人之北舉幣,
    立于主人之東, 主婦主人之北西面拜送爵), a hand side too (燕礼 賔主人之左拜送爵): where the act
    passes or happens, beside that person; he neither acts nor is addressed (classic)."""
    if rules.modern or not 0 < i < len(tokens) - 1 or tokens[i].kind is not Kind.ROLE:
        return False
    before, following = tokens[i - 1], tokens[i + 1]
    return (before.kind in (Kind.ROUTE, Kind.LOCATIVE, Kind.ROLE) and before.end == tokens[i].start
            and following.kind is Kind.PRONOUN and following.start == tokens[i].end
            and text[following.end:following.end + 1] in _SIDES | rules.hands)


def leave_beside(tokens: list[Token], i: int, out: list[Token]) -> int:
    """Leave the role beside whom the act is out; before a facing a clause end stands in its
    place (主人亦升自西階賓右北面至再拜: 北面 is the 拜至's, not the 升's)."""
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    if following is not None and following.kind is Kind.FACING:
        out.append(Token(tokens[i].start, tokens[i].end, Kind.CLAUSE_END))
    return 1


def is_beside(tokens: list[Token], i: int, text: str, rules: Rules) -> bool:
    """A role written solid before a hand side 左/右 (classic) where the side is his, not a
    hand: after 由/自, with no surface reading the side (宰自公左受玉: the way passes on that
    side of him), after the subject and before the verb (燕礼 主人賔右奠觚, 主人賔右拜送爵), or
    before a facing (賔右北面至再拜: the 主人's); he neither acts nor is addressed."""
    token = tokens[i]
    if (rules.modern or i < 1 or token.kind is not Kind.ROLE
            or text[token.end:token.end + 1] not in rules.hands):
        return False
    before = tokens[i - 1]
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    hand = following is not None and following.kind is Kind.HAND
    if before.end == token.start and before.kind in (Kind.ROUTE, Kind.ROLE):
        free = following is None or following.start > token.end or hand  # 自公左受: 左 a hand
        return free if before.kind is Kind.ROUTE else hand
    return (following is not None and following.kind is Kind.FACING
            and following.start == token.end + 1)


#: The sides of a person a route or a place is given by (由主人之北).
_SIDES = frozenset("东西南北東")
