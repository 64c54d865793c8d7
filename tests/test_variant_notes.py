"""鄭注's 古文/今文 notes read as variant claims attributed to 鄭玄."""

from __future__ import annotations

import pytest

from ritegraph.errors import InputError
from ritegraph.resources import data_dir
from ritegraph.variant_notes import load_grammar, parse_claim

from .witness_support import FOLD

GRAMMAR = load_grammar()


def claims(note: str, classic: str) -> list[tuple[str, str, str]]:
    """(kind, X, Y) of the claims after each tradition's name in a note (folded text)."""
    note, classic = FOLD(note), FOLD(classic)
    found = []
    for tradition in GRAMMAR.traditions:
        at = note.find(tradition)
        while at >= 0:
            q = at + len(tradition)
            while (parsed := parse_claim(note, q, classic, GRAMMAR)) is not None:
                y = "" if parsed.y is None else note[slice(*parsed.y)]
                found.append((parsed.kind, note[slice(*parsed.x)], y))
                q = parsed.end
            at = note.find(tradition, at + 1)
    return found


def folded(*rows: tuple[str, str, str]) -> list[tuple[str, str, str]]:
    return [(kind, FOLD(x), FOLD(y)) for kind, x, y in rows]


def test_a_word_written_otherwise_is_a_substitution_with_x_found_in_the_classic():
    # 鄉飲酒禮: 主人卒洗壹揖壹讓以賓升 …【乃降將更盥也古文壹皆作一】
    assert claims("乃降將更盥也古文壹皆作一", "主人卒洗壹揖壹讓以賔升") == folded(
        ("substitution", "壹", "一"))
    assert claims("今文遵爲僎", "遵者降席") == folded(
        ("substitution", "遵", "僎"))


def test_a_word_the_other_text_lacks_is_an_omission_of_the_longest_word_of_the_classic():
    assert claims("今文無南", "主人阼階上南面") == folded(
        ("addition-omission", "南", ""))
    assert claims("今文無與笙", "乃合樂與笙") == folded(
        ("addition-omission", "與笙", ""))


def test_two_claims_of_one_tradition_in_a_row_are_both_read():
    assert claims("今文糅爲縮韜爲翿", "糅而韜之") == folded(
        ("substitution", "糅", "縮"), ("substitution", "韜", "翿"))


def test_a_word_not_in_the_classic_and_a_quoted_clause_give_no_claim():
    assert claims("古文曰某從於子", "某將走見") == []
    assert claims("古文爵作觚", "主人拜送觶") == []  # 爵 is not in the clause


def test_the_grammar_rejects_unknown_and_mistyped_keys(tmp_path):
    path = tmp_path / "collation.toml"
    text = (data_dir("ingest") / "collation.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("longest = 4", 'longest = "4"\nlongst = 4'), encoding="utf-8")
    with pytest.raises(InputError, match=r"unknown keys \['longst'\].*wrongly typed \['longest'\]"):
        load_grammar(path)
