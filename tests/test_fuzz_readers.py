"""Fuzzing every reader of the registry (judou, zhushu, kanripo in its three editions, the
collation lists) with hypothesis: on any text that ``read_text`` accepts, a reader either
raises ``InputError`` or returns a reading that keeps the promises of ``ritegraph/model.py``
(docs/reliability.md):

- every passage's text is its file slice (``text[start:end]``), non-empty;
- the top-level passages tile the whole file, markup and whitespace included (空白 and 标记
  passages hold what lies between text passages), in order, without gap or overlap;
- nested passages lie inside their parent;
- every section lies inside the file with ``start <= end``, sections do not overlap, and each
  passage's section (if any) is a valid index;
- the reader finishes (hypothesis's deadline).

Inputs are built from the tokens the readers act on (brackets, separators, section lines,
page breaks, headers, 疏/注 markers, gloss shapes, whitespace of every kind) mixed with
slices of the real fixture files. ``RITEGRAPH_FUZZ_EXAMPLES`` (default 60 per reader) raises
the volume on demand: ``RITEGRAPH_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_readers.py``.
"""

from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ritegraph.corpus import CorpusFile, RiteSpan, _refuse_controls
from ritegraph.errors import InputError
from ritegraph.model import Layer, ReadResult
from ritegraph.readers import reader_for

EXAMPLES = int(os.environ.get("RITEGRAPH_FUZZ_EXAMPLES", "60"))
FIXTURES = Path(__file__).parent / "fixtures" / "readers"
NOWHERE = Path("/nonexistent-ritegraph-fuzz")  # no sibling edition is ever found

TOKENS = [
    "【", "】", "（", "）", "(", ")", "○", "〇", "，", "。", "；", "：", "、", "“", "”",
    "右", "右戒宾", "右陈设。", "记", "译", "译右边是", "注解说：", "按：", "燕礼第六",
    "乡射礼第五",
    "卷六", "仪礼郑注句读卷六", "[疏]", "释曰", "注釋曰", "疏", "注", "傳曰", "音", "音义",
    "自此至宾出论燕之事", "古可反", "音鱼", "读为", "上声", "主人", "宾", "拜", "揖",
    "\n", "\n\n", "\r\n", " ", "\u3000", "\u3000\u3000", "\u00a0", "\t", "¶", "¶\n", "/",
    "<pb:KR1d0028_WYG_006-1a>", "<pb:KR1d0038_WYG_006-2b>¶\n", "#+PROPERTY: JUAN 卷六\n",
    "#+PROPERTY: JUAN 卷六考證\n", "# -*- mode: mandoku-view; -*-\n", "　右", "音義(", "疏(",
    "?", "\ufffd", "\ue7cb", "𤣥", "&KR0123;", "a", "Й",
    "士冠禮¶\n", "燕禮¶\n", "儀禮監本正誤(附/)¶\n", "　兩圜壺壺誤作壼(第四/&KR1114;)¶\n",
    "　　(&KR1114;/)¶\n", "脱一席字", "下脱", "誤以", "句倒置", "句之上",
]


def _fixture_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(FIXTURES.rglob("*.txt"))]


SLICES = _fixture_texts()


@st.composite
def texts(draw: st.DrawFn, header: str = "") -> str:
    """A text from tokens, CJK characters and slices of the real fixtures."""
    parts = draw(st.lists(st.one_of(
        st.sampled_from(TOKENS),
        st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x4E80), min_size=1,
                max_size=6),
        st.builds(lambda text, a, n: text[a:a + n], st.sampled_from(SLICES),
                  st.integers(0, 2000), st.integers(1, 400)),
    ), min_size=1, max_size=40))
    return header + "".join(parts)


def _acceptable(text: str) -> bool:
    """What ``read_text`` would let through (readers are given text as read)."""
    if not text.strip():
        return False
    try:
        _refuse_controls(text, Path("fuzz.txt"))
    except InputError:
        return False
    return True


def check_reading(result: ReadResult, text: str) -> None:
    """The promises every reader keeps (see the module docstring)."""
    assert result.text == text
    top = [p for p in result.passages if p.parent is None]
    cursor = 0
    for p in result.passages:
        assert 0 <= p.start < p.end <= len(text), p
        assert p.text == text[p.start:p.end], p
    for p in top:
        assert p.start == cursor, f"gap or overlap at {cursor}: {p}"
        cursor = p.end
    assert cursor == len(text)
    for p in result.passages:
        if p.parent is not None:
            parent = result.passages[p.parent]
            assert parent.parent is None and parent.start <= p.start and p.end <= parent.end, p
        if p.section is not None:
            assert 0 <= p.section < len(result.sections), p
        if p.layer is Layer.SPACE:
            assert not p.text.strip(), p
    ordered = sorted(result.sections, key=lambda s: (s.start, s.end))
    for section in result.sections:
        assert 0 <= section.start <= section.end <= len(text), section
    for before, after in pairwise(ordered):
        assert before.end <= after.start, (before, after)


def _file(fmt: str, name: str, translation: bool = False,
          rites: tuple[RiteSpan, ...] = (RiteSpan("yanli"),)) -> CorpusFile:
    return CorpusFile(name, NOWHERE / name, fmt, "", (), rites, translation)


READERS = {
    "judou": (_file("judou", "002_fuzz.txt"), ""),
    "judou-translation": (_file("judou", "000_fuzz.txt", translation=True,
                                rites=(RiteSpan("xiangsheli"),
                                       RiteSpan("yanli", "燕礼第六"))), ""),
    "zhushu": (_file("zhushu", "004_fuzz.txt"), ""),
    "kanripo-KR1d0026": (_file("kanripo", "KR1d0026/KR1d0026_006.txt"),
                         "#+PROPERTY: ID KR1d0026\n"),
    "kanripo-KR1d0038": (_file("kanripo", "KR1d0038/KR1d0038_006.txt"),
                         "#+PROPERTY: ID KR1d0038\n"),
    "kanripo-KR1d0038-sangfu": (_file("kanripo", "KR1d0038/KR1d0038_011.txt"),
                                "#+PROPERTY: ID KR1d0038\n"),
    "kanripo-KR1d0028": (_file("kanripo", "KR1d0028/KR1d0028_006.txt"),
                         "#+PROPERTY: ID KR1d0028\n#+PROPERTY: JUAN 卷六\n"),
    "collation": (_file("collation", "KR1d0038/KR1d0038_018.txt",
                        rites=(RiteSpan("shiguanli", "士冠禮"), RiteSpan("yanli", "燕禮"))),
                  "#+PROPERTY: ID KR1d0038\n"),
}


@pytest.mark.parametrize("key", sorted(READERS))
def test_readers_keep_their_promises_on_any_text(key: str) -> None:
    file, header = READERS[key]
    read = reader_for(file)

    @settings(max_examples=EXAMPLES, deadline=2000, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(texts(header).filter(_acceptable))
    def run(text: str) -> None:
        try:
            result = read(file, text)
        except InputError:
            return
        check_reading(result, text)

    run()


def test_registry_readers_are_all_fuzzed() -> None:
    from ritegraph.readers import _REGISTRY

    reader_for(READERS["judou"][0])  # registers every reader module
    assert {f.format for f, _ in READERS.values()} == set(_REGISTRY)


# Inputs the fuzzer found (each failed on the code before its fix).
SECTION_BEFORE_START = (
    "西阶东、北面答拜。（西阶东，少就主君，敬也。）摈者辞，（辞拜於下。）\n\n拜也。公降一等，"
    "辞曰：“寡君从子，虽将拜，兴也。”（宾降再拜，公降，摈者释辞矣。宾犹降，终其再拜稽首。兴，起也。）"
    "\n\n[疏]“宾西”至“答拜”。\n\n○释曰：自此尽“稽首”，论宾降答拜之事公当楣北乡，至再拜，宾降也，"
    "公再拜。（楣谓之梁。至再拜者，兴礼俟宾，嘉其来也。公再拜，宾降矣。）\n\n[疏]“公当”至“再拜”。"
    "\n\n○注“楣谓”至“降矣”。\n\n○释曰：自此尽“稽首”，论公拜至宾答拜之事")


def test_two_openers_at_one_passage_never_make_a_section_end_before_it_starts() -> None:
    file, _ = READERS["zhushu"]
    result = reader_for(file)(file, SECTION_BEFORE_START)
    check_reading(result, SECTION_BEFORE_START)
    assert ("宾降答拜", 36, 61) in [(s.title, s.start, s.end) for s in result.sections]


def test_a_zhushu_paragraph_that_is_only_a_heading_is_read() -> None:
    file, _ = READERS["zhushu"]
    check_reading(reader_for(file)(file, "燕礼第六"), "燕礼第六")  # was an IndexError


def test_kanripo_zhushu_text_after_its_kaozheng_is_an_input_error() -> None:
    file, header = READERS["kanripo-KR1d0028"]
    text = (header + "燕禮○小臣戒與者¶\n#+PROPERTY: JUAN 卷六考證\n考證¶\n"
            "#+PROPERTY: JUAN 卷七\n經文¶\n")
    with pytest.raises(InputError, match=r"KR1d0028_006.txt:7:1: chapter text after the 考證"):
        reader_for(file)(file, text)  # was an AssertionError (unassigned text)
