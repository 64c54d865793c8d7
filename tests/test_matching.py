"""Offset-preserving matching on real excerpts of the corpus (offsets are file code points)."""

from __future__ import annotations

import itertools

import pytest

from ritegraph.corpus import load_manifest, read_text
from ritegraph.lexicon import load_lexicon
from ritegraph.matching import Matcher


@pytest.fixture(scope="module")
def matcher():
    return Matcher(load_lexicon())


@pytest.fixture(scope="module")
def texts():
    return {f.stem: read_text(f.path) for f in load_manifest().files}


def spans(matcher, text, quote, start, *, modern=False):
    """(start, end, surface, scheme, prefLabel) of every match inside the excerpt."""
    assert text[start:start + len(quote)] == quote
    return [(m.start, m.end, m.surface, m.concept.scheme, m.concept.zh)
            for m in matcher.find(text, start, start + len(quote), modern=modern)]


def test_variant_guest_and_ambiguous_basin(matcher, texts):
    # 002 (句读, unpunctuated): 賔 is folded to 宾; 洗 is basin, place and act at once.
    assert spans(matcher, texts["002"], "賔降洗象觯升酌", 2805) == [
        (2805, 2806, "賔", "role", "宾"),
        (2806, 2807, "降", "action", "降"),
        (2807, 2808, "洗", "object", "洗"),
        (2807, 2808, "洗", "place", "洗"),
        (2807, 2808, "洗", "action", "洗"),
        (2808, 2810, "象觯", "object", "象觯"),
        (2810, 2811, "升", "action", "升"),
        (2811, 2812, "酌", "action", "酌"),
    ]


def test_traditional_characters_fold_on_the_view_only(matcher, texts):
    text = texts["003"]
    assert text[164:167] == "统於门"
    assert matcher.fold(text[164:167]) == "统于门"
    assert matcher.fold("觶賓階") == "觯宾阶"
    assert spans(matcher, text, "统於门", 164) == [(166, 167, "门", "place", "门")]


def test_private_use_glyph_is_xing(matcher, texts):
    text = texts["003"]
    assert text[6420] == "\ue7cb"
    assert spans(matcher, text, "\ue7cb", 6420) == [(6420, 6421, "\ue7cb", "object", "铏")]


def test_direction_and_place(matcher, texts):
    assert spans(matcher, texts["003"], "公当楣北乡，至再拜", 956) == [
        (956, 957, "公", "role", "公"),
        (958, 959, "楣", "place", "楣"),
        (959, 961, "北乡", "direction", "北"),
        (962, 963, "至", "action", "至"),
        (963, 965, "再拜", "action", "再拜"),
    ]


def test_sima_is_not_ma_and_modern_labels(matcher, texts):
    assert spans(matcher, texts["000"], "司马命令获者拿着旌旗背对箭靶", 10227, modern=True) == [
        (10227, 10229, "司马", "role", "司马"),
        (10229, 10231, "命令", "action", "命"),
        (10231, 10233, "获者", "role", "获者"),
        (10233, 10235, "拿着", "action", "执"),
        (10235, 10237, "旌旗", "object", "旌"),
        (10237, 10241, "背对箭靶", "action", "负侯"),
    ]


def test_binke_is_the_guest_only_in_modern_text(matcher, texts):
    text, quote = texts["000"], "宾客与众宾客于是跟随他"
    assert spans(matcher, text, quote, 1799, modern=True) == [
        (1799, 1801, "宾客", "role", "宾"),
        (1802, 1805, "众宾客", "role", "众宾"),
        (1807, 1809, "跟随", "action", "从"),
    ]
    classical = spans(matcher, text, quote, 1799)
    assert (1799, 1800, "宾", "role", "宾") in classical
    assert (1802, 1804, "众宾", "role", "众宾") in classical
    assert not any(s[4] == "从" for s in classical)  # 跟随 is a modern synonym only


def test_zhong_tally_holder_versus_middle(matcher, texts):
    text = texts["000"]
    assert (12167, 12168, "中", "object", "中") in spans(
        matcher, text, "于是设置中作为释获的射箭", 12163, modern=True)
    middle = spans(matcher, text, "站在悬挂乐器的中间，面向西", 6362, modern=True)
    assert not any(s[4] == "中" for s in middle)
    assert spans(matcher, text, "在中庭面向北，坐下放置觯", 7639, modern=True) == [
        (7640, 7642, "中庭", "place", "中庭"),
        (7642, 7645, "面向北", "direction", "北"),
        (7646, 7648, "坐下", "action", "坐"),
        (7648, 7650, "放置", "action", "奠"),
        (7650, 7651, "觯", "object", "觯"),
    ]


def test_blockers(matcher, texts):
    # 诸侯 (the lords, a role of its own) is not the target 侯; 节奏 is not the act 奏
    assert spans(matcher, texts["004"], "此诸侯夫人劳卿大夫", 311) == [
        (312, 314, "诸侯", "role", "诸侯"),
        (314, 316, "夫人", "role", "夫人"),
        (316, 317, "劳", "action", "劳"),
        (317, 318, "卿", "role", "卿"),
        (318, 320, "大夫", "role", "大夫"),
    ]
    assert not any(s[4] == "奏" for s in spans(
        matcher, texts["000"], "与音乐节奏相配合", 453, modern=True))


def test_slice_bounds_and_exact_surfaces_over_the_corpus(matcher, texts):
    for stem, text in texts.items():
        for modern in (False, True):
            matches = matcher.find(text, modern=modern)
            assert matches, stem
            assert all(text[m.start:m.end] == m.surface for m in matches)
            assert all(a.start <= b.start for a, b in itertools.pairwise(matches))
    text = texts["002"]
    inside = matcher.find(text, 2806, 2810)
    assert {(m.start, m.end) for m in inside} == {(2806, 2807), (2807, 2808), (2808, 2810)}


def test_automaton_agrees_with_the_naive_reference(matcher, texts):
    for stem in ("002", "003"):
        for modern in (False, True):
            assert matcher.find(texts[stem], modern=modern) == \
                matcher.find_naive(texts[stem], modern=modern)
