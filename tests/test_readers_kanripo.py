"""The Kanripo (mandoku) reader on excerpts cut from the three editions (tests/fixtures/readers/
kanripo/: the first lines of 卷五 鄉射禮 in each, and 卷一 士冠禮 around 右執項 in KR1d0038)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ritegraph.corpus import CorpusFile, RiteSpan, read_text
from ritegraph.errors import InputError
from ritegraph.lexicon import load_lexicon
from ritegraph.matching import Matcher
from ritegraph.model import Layer, ReadResult
from ritegraph.readers.kanripo import read

from .readers_support import check_invariants

EXCERPTS = Path(__file__).parent / "fixtures" / "readers" / "kanripo"


def read_excerpt(relative: str, rite: str = "xiangsheli") -> ReadResult:
    path = EXCERPTS / relative
    file = CorpusFile(relative, path, "kanripo", "", (), (RiteSpan(rite),))
    result = read(file, read_text(path))
    check_invariants(result)
    return result


def passage_starting(result: ReadResult, text: str):
    found = [p for p in result.passages if p.parent is None and p.text.startswith(text)]
    assert found, f"no passage starts with {text!r}"
    return found[0]


def test_a_note_over_several_printed_lines_is_one_passage_and_keeps_its_markup():
    result = read_excerpt("KR1d0026/KR1d0026_005.txt")
    note = passage_starting(result, "(主人州長也")
    assert note.layer is Layer.ZHU
    assert note.text.count(")¶\n(") == 3 and note.text.endswith("衆庻乎)")
    assert result.text[note.start:note.end] == note.text
    assert result.passages[note.anchor].text == "鄕射之禮主人戒賔賔出迎再拜主人荅再¶\n拜乃請"
    assert note.citation == "005-1a.4.1"


def test_header_and_page_breaks_are_markup_and_passages_run_across_them():
    result = read_excerpt("KR1d0026/KR1d0026_005.txt")
    assert result.passages[0].layer is Layer.MARKUP
    assert result.passages[0].text.startswith("# -*- mode: mandoku-view")
    jing = passage_starting(result, "賔¶\n禮辭許")
    assert jing.layer is Layer.JING and "<pb:KR1d0026_SBCK_005-1b>" in jing.text


def test_words_are_matched_across_line_ends_and_traditional_forms():
    result = read_excerpt("KR1d0026/KR1d0026_005.txt")
    matcher = Matcher(load_lexicon())
    found = [m for p in result.passages if p.layer is Layer.JING
             for m in matcher.find(result.text, p.start, p.end, markup=result.markup)]
    across = {m.surface for m in found if "¶\n" in m.surface}
    assert across, "no word matched across a line end"
    assert {m.surface for m in found} >= {"賔", "阼階"}  # folded: 賔 = 宾, 階 = 阶
    for m in found:
        assert result.text[m.start:m.end] == m.surface


def test_judou_notes_split_at_the_circle_into_zhu_an_and_yin():
    result = read_excerpt("KR1d0038/KR1d0038_005.txt")
    zhu = passage_starting(result, "(榮屋翼也")
    assert zhu.layer is Layer.ZHU and zhu.text == "(榮屋翼也"
    after = result.passages[zhu.index + 1:zhu.index + 3]
    assert [(p.layer, p.text) for p in after] == [(Layer.AN, "○下篚亦/以貯觶"),
                                                   (Layer.YIN, "○深申鴆反)")]
    assert all(p.anchor == zhu.anchor for p in after)


def test_zhang_line_closes_a_section_and_classic_text_may_begin_with_you():
    result = read_excerpt("KR1d0038/KR1d0038_005.txt")
    jie = passage_starting(result, "右戒賔")
    assert jie.layer is Layer.JIE
    assert result.sections[0].title == "戒賔" and result.sections[0].end == jie.end
    other = read_excerpt("KR1d0038/KR1d0038_001.txt", "shiguanli")
    classic = [p for p in other.passages if "右執項左執前" in p.text]
    assert [p.layer for p in classic] == [Layer.JING]
    assert [p.text for p in other.passages if p.layer is Layer.JIE] == [
        "右初加", "右再加", "右三加", "右賔醴冠者", "右冠者見于母"]


def test_zhushu_zhu_ends_where_the_next_jing_begins_found_by_alignment():
    result = read_excerpt("KR1d0028/KR1d0028_005.txt")
    zhu = passage_starting(result, "注雖")
    assert zhu.layer is Layer.ZHU
    assert result.markup.sub("", zhu.text) == "注雖先飲酒主於射也其序賓之禮略"
    jing = passage_starting(result, "無介")
    assert jing.layer is Layer.JING and jing.text == "無介"
    assert zhu.anchor == jing.index


def test_zhushu_shu_is_split_into_a_note_on_the_jing_and_one_on_the_zhu():
    result = read_excerpt("KR1d0028/KR1d0028_005.txt")
    on_jing = passage_starting(result, "疏(釋曰自此至無介")
    on_zhu = result.passages[on_jing.index + 1]
    assert on_jing.layer is on_zhu.layer is Layer.SHU
    assert on_zhu.text.startswith("注釋曰")
    assert result.passages[on_jing.anchor].layer is Layer.JING and on_jing.explains is None
    assert on_zhu.anchor == on_jing.anchor  # both comment on the 經 …
    assert result.passages[on_zhu.explains].layer is Layer.ZHU  # … the second explains its 注
    assert result.sections[0].title == "州長將射先戒賓" and result.sections[0].source == "疏"
    yinyi = passage_starting(result, "音義(")
    assert yinyi.layer is Layer.YIN


def test_zhushu_without_its_reference_edition_warns(tmp_path):
    lonely = tmp_path / "KR1d0028"
    lonely.mkdir()
    (lonely / "KR1d0028_005.txt").write_bytes(
        (EXCERPTS / "KR1d0028" / "KR1d0028_005.txt").read_bytes())
    path = lonely / "KR1d0028_005.txt"
    result = read(CorpusFile("KR1d0028_005.txt", path, "kanripo", "", (),
                             (RiteSpan("xiangsheli"),)), read_text(path))
    assert any("reference edition" in w.message for w in result.warnings)


def test_a_file_of_an_unknown_edition_is_an_input_error(tmp_path):
    path = tmp_path / "X_005.txt"
    path.write_text("#+PROPERTY: ID KR9z9999\n<pb:KR9z9999_X_005-1a>¶\n經文¶\n",
                    encoding="utf-8")
    with pytest.raises(InputError, match="KR9z9999"):
        read(CorpusFile("X_005.txt", path, "kanripo", "", (), (RiteSpan("xiangsheli"),)),
             read_text(path))


def test_non_bmp_characters_are_kept_and_reported():
    result = read_excerpt("KR1d0038/KR1d0038_005.txt")
    non_bmp = [g for g in result.glyphs if g.kind == "non-bmp"]
    assert non_bmp and all(result.text[g.offset] == g.char == "𤣥" for g in non_bmp)


def test_unknown_keys_in_the_conventions_are_errors(tmp_path):
    from ritegraph.readers.kanripo_conventions import conventions

    real = (Path(__file__).resolve().parents[1] / "ingest" / "kanripo.toml").read_text("utf-8")
    bad = tmp_path / "kanripo.toml"
    bad.write_text(real.replace('layout = "notes"', 'layout = "notes"\nlayuot = "x"', 1),
                   encoding="utf-8")
    with pytest.raises(InputError, match="layuot"):
        conventions(bad)
