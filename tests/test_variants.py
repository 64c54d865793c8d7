"""Variant readings (異文): where the aligned witnesses of a rite read differently."""

from __future__ import annotations

from ritegraph.variants import find_variants

from .witness_support import FOLD, witness

CLAUSES = ["主人獻賓於西階上", "賓拜受爵于筵前", "主人荅拜乃薦脯醢", "賓升筵自西方"]


def variants_of(*versions: list[str]):
    """The variants of witnesses a, b, … with the given clauses, and their texts."""
    made = [witness(chr(ord("a") + k), clauses) for k, clauses in enumerate(versions)]
    texts = {w.file: text for w, text in made}
    found, gaps = find_variants([w for w, _ in made], FOLD.script)
    return found, gaps, texts


def readings(variant) -> dict[str, str]:
    return {r.file: r.quote for r in variant.readings}


def test_another_character_in_one_witness_is_a_substitution_with_both_quotes():
    changed = [c.replace("受", "授") for c in CLAUSES]
    found, gaps, texts = variants_of(CLAUSES, changed)
    assert [(v.kind, readings(v)) for v in found] == [("substitution", {"a": "受", "b": "授"})]
    assert gaps == []
    for r in found[0].readings:  # the quote is the file's text at the offsets
        assert texts[r.file][r.start:r.end] == r.quote
        assert r.prefix == "賓拜" and r.suffix == "爵于筵前"


def test_a_variant_character_of_the_variant_table_is_graphic_but_the_script_is_not():
    graphic = [c.replace("荅", "答") for c in CLAUSES]
    found, _, _ = variants_of(CLAUSES, graphic)
    assert [(v.kind, readings(v)) for v in found] == [("graphic", {"a": "荅", "b": "答"})]
    simplified = ["主人献宾于西阶上", "宾拜受爵于筵前", "主人答拜乃荐脯醢", "宾升筵自西方"]
    # 獻/献 is the script, not a variant; 荅/答 (traditional against simplified) is a variant
    found, _, _ = variants_of(CLAUSES, simplified)
    assert [(v.kind, readings(v)) for v in found] == [("graphic", {"a": "荅", "b": "答"})]


def test_a_character_one_witness_lacks_is_an_addition_or_omission_with_an_empty_reading():
    lacking = [c.replace("自西方", "西方") for c in CLAUSES]
    found, _, texts = variants_of(CLAUSES, lacking)
    assert [(v.kind, readings(v)) for v in found] == [("addition-omission", {"a": "自", "b": ""})]
    empty = next(r for r in found[0].readings if r.file == "b")
    assert empty.start == empty.end and texts["b"][empty.start - 2:empty.start] == "升筵"


def test_the_same_characters_in_another_order_are_an_order_variant():
    turned = [c.replace("脯醢", "醢脯") for c in CLAUSES]
    found, _, _ = variants_of(CLAUSES, turned)
    assert [(v.kind, readings(v)) for v in found] == [("order", {"a": "脯醢", "b": "醢脯"})]


def test_a_clause_missing_from_a_witness_is_a_gap_not_a_variant():
    found, gaps, _ = variants_of([*CLAUSES, "主人坐取爵實之"], CLAUSES)
    assert found == []
    assert [(g.file, g.characters) for g in gaps] == [("b", 7)]


def test_three_witnesses_give_one_variant_with_a_reading_from_each():
    found, _, _ = variants_of(CLAUSES, [c.replace("受", "授") for c in CLAUSES], CLAUSES)
    assert len(found) == 1
    assert readings(found[0]) == {"a": "受", "b": "授", "c": "受"}
    assert {r.edition for r in found[0].readings} == {"edition-a", "edition-b", "edition-c"}
