"""Token passes: rewrites of one sentence's tokens before its verbs are read as acts.

Each pass takes (tokens, text, rules) and returns the tokens; their order is data
(``ingest/acts/grammar.toml`` ``[passes] order``) and every name there must be one of
:data:`PASSES`. The passes live in :mod:`~ritegraph.acts.passes_nouns` (things and persons
named), :mod:`~ritegraph.acts.passes_verbs` (words both a verb and a thing) and
:mod:`~ritegraph.acts.passes_clauses` (persons and their clause); docs/acts.md shows each with
one worked clause.
"""

from __future__ import annotations

from collections.abc import Callable

from .passes_clauses import (
    acting_as,
    adverb_verbs,
    assisting,
    bearers,
    enumerations,
    fronted_bows,
    goals,
    headings,
    leading,
    placeholders,
    things_in_place,
    verb_roles,
)
from .passes_nouns import drop_classic_possessors, drop_noun_phrases, drop_possessors
from .passes_verbs import owned_verbs, place_nouns, verbal_nouns, verbal_things
from .rules import Kind, Rules, Token

Pass = Callable[[list[Token], str, Rules], list[Token]]


#: The passes by the name the grammar orders them with.
PASSES: dict[str, Pass] = {
    "noun_phrases": drop_noun_phrases,
    "goals": goals,
    "enumerations": enumerations,
    "possessors": drop_possessors,
    "classic_possessors": drop_classic_possessors,
    "verbal_nouns": verbal_nouns,
    "verbal_things": verbal_things,
    "acting_as": acting_as,
    "assisting": assisting,
    "adverb_verbs": adverb_verbs,
    "things_in_place": things_in_place,
    "leading": leading,
    "headings": headings,
    "place_nouns": place_nouns,
    "bearers": bearers,
    "fronted_bows": fronted_bows,
    "owned_verbs": owned_verbs,
    "placeholders": placeholders,
    "verb_roles": verb_roles,
}


def run_passes(tokens: list[Token], text: str, rules: Rules) -> list[Token]:
    """The sentence's tokens after every pass, in the grammar's order (opaque phrases first)."""
    tokens = [t for t in tokens if t.kind is not Kind.OPAQUE]
    for name in rules.passes:
        tokens = PASSES[name](tokens, text, rules)
    return tokens
