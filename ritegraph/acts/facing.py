"""Which act a facing (东面, 北面 …) belongs to within one sentence."""

from __future__ import annotations

from .context import Head
from .parse import facing_between_verb_and_role
from .rules import Kind, Rules, Token


def head_facings(tokens: list[Token], heads: list[Head], rules: Rules) -> dict[int, str]:
    """Facing per head index: a facing goes to the next verb of its sentence, else the last.

    In the classic, a facing that closes a 于/自 phrase (即位于西阶下东面, 升自阼阶西乡) is the
    position the verb before ends in; and no facing goes back to a verb across a new subject
    (坐于床东 | 众主人在其后西面: not the 坐's)."""
    out: dict[int, str] = {}
    for i, token in enumerate(tokens):
        if token.kind is not Kind.FACING:
            continue
        target = _facing_target(tokens, heads, i, rules)
        if target is not None and target not in out and not heads[target].verb.furnish:
            out[target] = token.labels[0]
    return out


def _facing_target(tokens: list[Token], heads: list[Head], i: int, rules: Rules) -> int | None:
    """The head the facing at ``i`` belongs to: back to the verb before when it closes a
    phrase (classic), else the next verb, else the last one (none across a new subject)."""
    token = tokens[i]
    own = [k for k, h in enumerate(heads) if h.first == i]  # a position's 立 is its facing
    ahead = own or [k for k, h in enumerate(heads) if tokens[h.first].start > token.start]
    behind = [k for k, h in enumerate(heads) if tokens[h.last].end <= token.start
              and not any(t.kind is Kind.ROLE for t in tokens[h.last + 1:i])]
    if behind and not rules.modern and _goes_back(tokens, i):
        return behind[-1]
    if ahead:
        return ahead[0]
    return behind[-1] if behind else None


def _goes_back(tokens: list[Token], i: int) -> bool:
    """Whether the facing at ``i`` is where the verb before ends (classic): closing a 于/自
    phrase, or between the verb and a new subject (:func:`.parse.facing_between_verb_and_role`)."""
    return _closes_phrase(tokens, i) or facing_between_verb_and_role(tokens, i)


def _closes_phrase(tokens: list[Token], i: int) -> bool:
    """Whether the facing at ``i`` follows a 于/自 phrase's place (于西阶下 | 东面)."""
    j = i - 1
    while j >= 0 and tokens[j].kind is Kind.PLACE:
        j -= 1
    return j < i - 1 and j >= 0 and tokens[j].kind in (Kind.LOCATIVE, Kind.ROUTE)
