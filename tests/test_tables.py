"""The one table renderer (ritegraph.tables): display widths, alignment, clipping, no escapes."""

from __future__ import annotations

from ritegraph.tables import CELL_WIDTH, clip, render, render_text, width

from .tables_support import columns


def test_cjk_wide_characters_count_two_columns_and_combining_marks_none():
    assert width("司正") == 4
    assert width("𤣥") == 2  # outside the BMP
    assert width("e\u0301") == 1
    assert width("a¶b") == 3


def test_cjk_and_latin_cells_line_up_by_display_column():
    rows = [["司正", "洗觯", "1"], ["sizheng", "x", "12"], ["𤣥", "立司正命安賔", "3"]]
    lines = render(["agent", "what", "n"], rows)
    assert columns(lines) == [["agent", "what", "n"], *rows]
    starts = {width(line[:line.index(cell)]) for line, cell in
              zip(lines[2:], ["洗觯", "x", "立司正命安賔"], strict=True)}
    assert len(starts) == 1


def test_columns_of_numbers_are_right_aligned():
    lines = render(["name", "acts"], [["a", "7"], ["b", "1,250"], ["c", ""]])
    assert lines[2].endswith("    7") and lines[3].endswith("1,250")
    assert lines[0].endswith("acts")


def test_control_characters_in_data_are_shown_escaped_never_sent_to_the_terminal():
    text = render_text(["quote"], [["red\x1b[31m text\r\nnext\tline\x07"]])
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text
    assert "red\\x1b[31m text next line\\x07" in text
    assert text.count("\n") == 3  # header, rule, one row: the cell stays on one line


def test_long_cells_are_clipped_except_in_the_last_column():
    long = "主人" * 40
    lines = render(["a", "b"], [[long, long]])
    first, last = lines[2].split("  ", 1)
    assert first == clip(long) and first.endswith("…") and width(first) <= CELL_WIDTH
    assert last.strip() == long


def test_a_table_without_rows_has_its_header_and_rule():
    assert render_text(["rite", "acts"], [], "(0 rows)") == "rite  acts\n----  ----\n(0 rows)\n"
