"""Damaged and stand-in glyphs (ritegraph.glyphs) on excerpts cut from the corpus."""

from __future__ import annotations

from ritegraph.glyphs import circle_is_separator, find_glyph_issues
from ritegraph.model import GlyphIssue

from .readers_support import fixture_file, read_fixture


def issues(name: str) -> tuple[str, list[GlyphIssue]]:
    _, text = fixture_file(name)
    return text, find_glyph_issues(name, text)


def around(text: str, issue: GlyphIssue) -> str:
    return text[issue.offset - 2:issue.offset + 3]


def test_private_use_and_katakana() -> None:
    text, found = issues("003_glyphs.txt")
    kinds = {(issue.char, issue.kind) for issue in found}
    assert kinds == {("\ue2e7", "private-use"), ("\ue3d1", "private-use"),
                     ("\ue20d", "private-use"), ("ゾ", "foreign-script")}
    zo = [around(text, i) for i in found if i.char == "ゾ"]
    assert zo == ["礼，ゾ\ue3d1。", "则有ゾ\ue3d1。"]


def test_kana_and_greek_stand_ins() -> None:
    text, found = issues("004_glyphs.txt")
    foreign = [(i.char, around(text, i)) for i in found if i.kind == "foreign-script"]
    assert foreign == [("は", "：‘は裘青"), ("α", "青犴α，绞"), ("は", "衣，は裘。")]


def test_replacement_and_latin_letter() -> None:
    text, found = issues("002_replacement.txt")
    assert [(i.char, i.kind) for i in found] == [("\ufffd", "replacement"),
                                                 ("k", "foreign-script")]
    assert around(text, found[1]) == "腋文k狗胾"


def test_question_mark_between_cjk() -> None:
    text, found = issues("002_glyphs.txt")
    assert [(i.kind, around(text, i)) for i in found] == [
        ("question-mark", "谓冠?端缁"), ("question-mark", "燕礼?冠而")]


def test_nbsp_indentation_is_not_an_issue() -> None:
    text, found = issues("002_start.txt")
    assert "\u00a0" in text and found == []


def test_lost_circle_versus_separator() -> None:
    text, found = issues("000_intro.txt")
    lost = [around(text, i) for i in found if i.kind == "lost"]
    assert lost == ["放置〇酒，", "酒与〇酒以", "时，〇端。"]  # 玄酒, 玄酒, 玄端
    separators = [i for i, ch in enumerate(text) if ch == "〇" and circle_is_separator(text, i)]
    assert [text[i + 1:i + 4] for i in separators] == [
        "两壶酒", "下面的", "深，读", "钟和磬", "县，读", "侯的形", "侯面向",
        "中，读", "乏的形", "定，读"]
    assert len(separators) + len(lost) == text.count("〇")


def test_lost_circle_in_classic_text_and_in_note() -> None:
    text, found = issues("000_unclosed.txt")
    assert [(i.kind, around(text, i)) for i in found] == [
        ("lost", "拿着〇而左"), ("lost", "当执〇也。")]


def test_positions_are_one_based_line_and_column() -> None:
    for name in ("003_glyphs.txt", "004_glyphs.txt", "000_intro.txt"):
        text, found = issues(name)
        for issue in found:
            assert text[issue.offset] == issue.char
            line_start = text.rfind("\n", 0, issue.offset) + 1
            assert issue.line == text.count("\n", 0, issue.offset) + 1
            assert issue.column == issue.offset - line_start + 1


def test_reader_reports_the_glyph_issues() -> None:
    result = read_fixture("004_glyphs.txt")
    assert result.glyphs == find_glyph_issues("004_glyphs.txt", result.text)
