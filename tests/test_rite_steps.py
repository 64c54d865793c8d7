"""Rite-level steps: the acts of every witness merged through the alignment, one step per
clause, and the steps whose witnesses disagree."""

from __future__ import annotations

from collections import Counter

import pytest

from ritegraph.acts.extract import extract_acts
from ritegraph.build import file_witnesses, read_file
from ritegraph.corpus import load_manifest
from ritegraph.lexicon import load_lexicon
from ritegraph.matching import Matcher
from ritegraph.rdf.iris import act_iri
from ritegraph.rite_steps import WitnessAct, rite_steps, witness_act

from .witness_support import witness

CLAUSES = ["主人坐取爵", "賓拜受爵於筵前", "主人荅拜"]


def act(file: str, clauses: list[str], quote: str, action: str, agents=("主人",),
        objects=()) -> WitnessAct:
    """An act of hand-made witness ``file`` (clauses as in :func:`witness`) quoting ``quote``."""
    text = "".join(clauses)
    start = text.index(quote)
    return WitnessAct("yanli", file, f"edition-{file}", f"act/{file}/{start}", start,
                      start + len(quote), quote, action, frozenset(agents), frozenset(objects),
                      False)


def test_the_same_act_in_two_witnesses_is_one_step_attested_by_both():
    simplified = ["主人坐取爵", "宾拜受爵于筵前", "主人答拜"]
    a, _ = witness("a", CLAUSES)
    b, _ = witness("b", simplified)
    acts = [act("a", CLAUSES, "主人荅拜", "拜"), act("b", simplified, "主人答拜", "拜"),
            act("a", CLAUSES, "賓拜受爵", "拜", ("宾",)),
            act("b", simplified, "宾拜受爵", "拜", ("宾",))]
    steps = rite_steps([a, b], acts)
    assert sorted(sorted(x.file for x in s.acts) for s in steps) == [["a", "b"], ["a", "b"]]
    assert not any(s.disagrees for s in steps)


def test_a_witness_that_carries_the_clause_but_states_no_act_is_missing():
    a, _ = witness("a", CLAUSES)
    b, _ = witness("b", CLAUSES)
    steps = rite_steps([a, b], [act("a", CLAUSES, "主人荅拜", "拜")])
    assert [(len(s.acts), [f for f, _ in s.missing]) for s in steps] == [(1, ["b"])]


def test_witnesses_that_differ_on_the_object_disagree_and_a_variant_explains_it():
    a, _ = witness("a", CLAUSES)
    b, _ = witness("b", CLAUSES)
    steps = rite_steps([a, b], [act("a", CLAUSES, "主人坐取爵", "取", objects=("爵",)),
                                act("b", CLAUSES, "主人坐取爵", "取")])
    assert [(s.differing, s.variant) for s in steps] == [(["object"], False)]


@pytest.fixture(scope="module")
def xiangyinjiuli():
    """乡饮酒礼 in the three Kanripo editions: (witnesses, acts) of each file."""
    lexicon = load_lexicon()
    matcher = Matcher(lexicon)
    found = {}
    for file in load_manifest().files:
        if file.name.endswith("_004.txt") and file.name.startswith("kanripo/"):
            fg = read_file(file, matcher)
            acts = extract_acts(fg.result, file.stem)
            found[file.name] = (file_witnesses(fg, lexicon.fold),
                                [witness_act(a, file.edition, act_iri(a)) for a in acts])
    assert len(found) == 3
    return found


def test_xiangyinjiuli_has_as_many_bowing_steps_with_one_edition_as_with_three(xiangyinjiuli):
    def bowing(files: list[str]) -> int:
        witnesses = [w for f in files for w in xiangyinjiuli[f][0]]
        acts = [a for f in files for a in xiangyinjiuli[f][1]]
        return Counter(s.action for s in rite_steps(witnesses, acts))["拜"]

    files = sorted(xiangyinjiuli)
    alone = {f: bowing([f]) for f in files}
    assert len(set(alone.values())) == 1 and alone[files[0]] > 20
    assert bowing(files) == alone[files[0]]
