"""Sentences of a passage, and the reported speech inside one (the words said are no acts)."""

from __future__ import annotations

from collections.abc import Iterator

from .rules import Kind, Rules, Token


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


def speech_segments(tokens: list[Token], rules: Rules, text: str
                    ) -> list[tuple[list[Token], bool]]:
    """Split a sentence at reported speech; in unpunctuated classic text the words said after
    曰 run up to the next role or 皆 (对曰诺敢不醉皆反坐), a closing formula's verb (敢不敬从)
    or a bidding obeyed at once (延之曰升升: the second 升 is done), and are dropped, but for
    the words that do what they say (grammar ``[said]``: 请, 敢辞, 敢不从), each a segment of
    its own (the speaker's act). Each segment comes with whether it opens with a bidding
    obeyed (its agent is the one bidden)."""
    segments: list[tuple[list[Token], bool]] = [([], False)]
    state = _NARRATIVE
    for k, token in enumerate(tokens):
        if token.kind is Kind.CLOSING:  # 敢不从 is words said even with no 曰 in the sentence
            state = _CLOSING
        if state != _NARRATIVE:
            before, state = state, _speech_state(tokens, k, state)
            if state == _LAST and _repeated(tokens, k) and not tokens[k].verb.addressed:
                segments[-1] = (segments[-1][0], True)
            if state != _NARRATIVE:
                if _performed(tokens, k, before, text, rules):
                    segments += [(_said(tokens, k, rules), False), ([], False)]
                continue
        segments[-1][0].append(token)
        if token.kind is Kind.VERB and token.verb.speech:
            segments.append(([], False))
            state = _NARRATIVE if rules.modern else _words_after(tokens, k, rules)
    return [s for s in segments if s[0]]


_NARRATIVE, _WORDS, _CLOSING, _LAST, _REPLY = "narrative", "words", "closing", "last", "reply"


def _performed(tokens: list[Token], k: int, before: str, text: str, rules: Rules) -> bool:
    """Whether the verb at ``k``, in the words said, does what it says: the closing formula's
    verb when one of ``[said] closing`` (敢不从), a verb of ``[said] always`` (请), one of
    ``dared`` right after 敢 (敢辞); not one written solid after the 曰 (曰请祭期: the saying is
    the request, one act)."""
    token, previous = tokens[k], tokens[k - 1] if k else None
    if token.kind is not Kind.VERB or rules.modern or before == _REPLY:
        return False
    if (previous is not None and previous.kind is Kind.VERB and previous.verb.speech
            and previous.end == token.start):
        return False
    lemma = token.verb.lemma
    return ((before == _CLOSING and lemma in rules.said_closing) or lemma in rules.said
            or (lemma in rules.dared and text.endswith(rules.dare, 0, token.start)))


def _said(tokens: list[Token], k: int, rules: Rules) -> list[Token]:
    """The verb said, with the 不 of 不敢辞 written before its 敢."""
    previous = tokens[k - 1] if k else None
    if (previous is not None and previous.kind is Kind.NEGATION
            and previous.end + len(rules.dare) == tokens[k].start):
        return [previous, tokens[k]]
    return [tokens[k]]


def _words_after(tokens: list[Token], k: int, rules: Rules) -> str:
    """The words said after the 曰 at ``k``: a one-word reply written solid after it (曰诺,
    grammar ``[reply]``) is all of them, else they run on."""
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    if (after is not None and after.kind is Kind.VERB and after.start == tokens[k].end
            and after.verb.lemma in rules.replies):
        return _REPLY
    return _WORDS


def _speech_state(tokens: list[Token], k: int, state: str) -> str:
    """Where token ``k`` stands in unpunctuated reported speech: still in the words said,
    after 敢不 (the closing formula's verb is the last word), the last word, or back in the
    narrative. A role named by an act (將命者, no label) is spoken of in the words, no
    speaker (士相见礼 固以請於將命者主人對曰: 主人 opens the narrative)."""
    token = tokens[k]
    if state == _REPLY:  # the reply itself is the last word
        return _LAST
    named = token.kind is Kind.ROLE and (token.labels or token.verb is None)
    if state == _LAST or named or token.kind is Kind.ALL:
        return _NARRATIVE
    if token.kind is Kind.CLOSING:
        return _CLOSING
    if token.kind is Kind.VERB and (state == _CLOSING or _repeated(tokens, k)):
        return _LAST
    return state


def _repeated(tokens: list[Token], k: int) -> bool:
    """曰升升: a verb said and written again right after it is the bidding done (许诺: the
    reply given, by the speaker himself when the verb is addressed)."""
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    return (after is not None and after.kind is Kind.VERB and after.start == tokens[k].end
            and after.verb.lemma == tokens[k].verb.lemma and not after.verb.speech)
