"""Layouts the readers meet in the wild must read, not crash: indented 注疏 paragraphs, blank
lines of full-width spaces, ``●卷N`` lines, a 疏 before any 经 (excerpts of seed 003, laid out
that way by hand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ritegraph.corpus import CorpusFile, RiteSpan
from ritegraph.model import Layer
from ritegraph.readers import reader_for

from .readers_support import check_invariants

SEED = Path(__file__).resolve().parents[1] / "corpus" / "003_d97f4fe9e082d3c1.txt"
PARAGRAPHS = [p for p in SEED.read_text(encoding="utf-8").split("\n") if p.strip()][1:12]

LAYOUTS = {
    "indented, blank lines of full-width spaces": "\n　　\n".join("　　" + p for p in PARAGRAPHS),
    "●卷 line, single newlines": "●卷二十五\n" + "\n".join("　　" + p for p in PARAGRAPHS),
    "●卷 line with the rite heading": "●卷二十五　公食大夫礼第九\n\n" + "\n\n".join(PARAGRAPHS),
    "a 疏 before any 经": "[疏]“大夫”至“北上”。\n\n" + "\n\n".join(PARAGRAPHS),
    "a lone ○ line": "○\n\n" + "\n\n".join(PARAGRAPHS),
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_zhushu_reader_reads_the_layout(layout, tmp_path):
    path = tmp_path / "zs.txt"
    path.write_text(LAYOUTS[layout], encoding="utf-8")
    file = CorpusFile("zs.txt", path, "zhushu", "", (), (RiteSpan("gongshidafulili"),))
    result = reader_for(file)(file, LAYOUTS[layout])
    check_invariants(result)
    layers = {p.layer for p in result.passages}
    assert {Layer.JING, Layer.ZHU, Layer.SHU} <= layers
    for p in result.passages:
        if p.text.startswith("●卷"):
            assert p.layer is Layer.BIAOTI, p


def test_a_rite_heading_in_a_table_of_contents_is_not_the_rite_start(tmp_path):
    seed = Path(__file__).resolve().parents[1] / "corpus" / "000_a642de9eda7ba160.txt"
    text = seed.read_text(encoding="utf-8")
    spans = (RiteSpan("xiangsheli"), RiteSpan("yanli", "燕礼第六"))

    def yanli_start(body: str) -> int:
        path = tmp_path / "000.txt"
        path.write_text(body, encoding="utf-8")
        file = CorpusFile("000.txt", path, "judou", "", (), spans, translation=True)
        result = reader_for(file)(file, body)
        check_invariants(result)
        return min(p.start for p in result.passages if p.rite == "yanli")

    contents = "目录\n\n乡射礼第五\n\n燕礼第六\n\n"
    assert yanli_start(contents + text) == yanli_start(text) + len(contents)
