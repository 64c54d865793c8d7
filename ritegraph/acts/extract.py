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
from dataclasses import replace
from pathlib import Path

from ..model import Layer, Passage, ReadResult
from .context import Context, Head
from .facing import head_facings
from .grammar import load_rules
from .model import Act
from .parse import parse_sentence, standing_head, strip_ends
from .passes import run_passes
from .resolve import resolve, uniq
from .rules import Rules, Token, Verb
from .speech import sentences, speech_segments
from .update import update_context


def act_regions(result: ReadResult) -> list[Passage]:
    """The passages acts are taken from: 经, and 译 passages that translate the 经."""
    return [p for p in result.passages
            if p.layer is Layer.JING or (p.layer is Layer.YI and p.translates is Layer.JING)]


def extract_from_passage(text: str, passage: Passage, rules: Rules, ctx: Context,
                         file: str, rite: str) -> list[Act]:
    """Acts of one passage, in text order (``ctx`` carries subjects and objects across)."""
    acts: list[Act] = []
    if passage.section != ctx.section:  # things handled do not carry into a new section
        ctx.section, ctx.last_object, ctx.last_cup = passage.section, (), ()
        ctx.below = frozenset()
    for s, e in sentences(text, passage.start, passage.end, rules):
        tokens = run_passes(rules.tokens(text, s, e), text, rules)
        for segment, obeys in speech_segments(tokens, rules, text):
            if obeys and acts and acts[-1].recipients:  # 摈者延之曰升升: the one bidden goes up
                ctx.subject = tuple(acts[-1].recipients)
            heads = parse_sentence(segment, rules)
            facings = head_facings(segment, heads, rules)
            standing = None if heads else standing_head(segment, rules)
            if standing is not None:
                heads, facings = [standing], {0: segment[standing.first].labels[0]}
            ctx.performer = next((h.verb.performer for h in heads if h.verb.performer), None)
            made = [make_act(text, segment, head, facings.get(k), ctx, rules, passage, file,
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
    ctx = Context(principals=load_rules(False).principals)
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


def make_act(text: str, tokens: list[Token], head: Head, facing: str | None, ctx: Context,
             rules: Rules, passage: Passage, file: str, rite: str) -> Act:
    """The act of one head: resolved, then the context updated for what follows."""
    reading = resolve(head, tokens, ctx, rules)
    update_context(ctx, head, reading, text, rules, tokens[head.last].end)
    post = [t for t in head.post if t is not head.lent]
    borrowed = [head.borrowed] if head.borrowed is not None else []
    span = strip_ends(borrowed + head.pre + tokens[head.first:head.last + 1] + post)
    start, end = span[0].start, span[-1].end
    confidence = 0.9 if reading.stated else (0.7 if reading.agents else 0.4)
    if rules.modern:
        confidence -= 0.1
    verb, objects = head.verb, reading.objects
    return Act(file=file, start=start, end=end, quote=text[start:end], passage=passage.index,
               rite=passage.rite or rite, section=passage.section, layer=passage.layer.value,
               action=verb.lemma_for(objects) if verb.by_object else head.lemma,
               agents=reading.agents, objects=uniq(objects),
               recipients=uniq(reading.recipients), places=uniq(reading.places),
               puts=verb.puts, facing=facing, negated=reading.negated,
               implicit_agent=not reading.stated, implicit_object=reading.implicit_object,
               confidence=round(confidence, 2))
