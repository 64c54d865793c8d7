"""The extractor's data files: checked on load, and spelt only where the lexicon is silent."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ritegraph.acts.grammar import acts_data_dir, lexicon_surfaces, load_data, load_rules
from ritegraph.acts.rules import Kind
from ritegraph.errors import InputError


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    for name in ("terms.toml", "verbs.toml", "grammar.toml"):
        shutil.copy(acts_data_dir() / name, tmp_path / name)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path``; the 1-based line it was on."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.count("\n", 0, at) + 1


def test_an_unknown_verb_flag_is_an_error_naming_file_and_line(data_copy: Path) -> None:
    line = _edit(data_copy / "verbs.toml", "bow = true\n", "bowing = true\n")
    with pytest.raises(InputError, match=r"verbs\.toml:(\d+): \[\[verb\]\] #1 has unknown key "
                                         r"'bowing'") as caught:
        load_data(data_copy)
    assert caught.value.line == line


def test_a_surface_flag_is_no_verb_flag(data_copy: Path) -> None:
    """反命 reports back (grammar [report_back]); verbs.toml cannot say it of every 告."""
    _edit(data_copy / "verbs.toml", "bow = true\n", "bow = true\nreports_back = true\n")
    with pytest.raises(InputError, match=r"unknown key 'reports_back'"):
        load_data(data_copy)


def test_a_flag_of_the_wrong_type_is_an_error(data_copy: Path) -> None:
    _edit(data_copy / "verbs.toml", "bow = true\n", 'bow = "yes"\n')
    with pytest.raises(InputError, match=r"'bow' must be bool, not 'yes'"):
        load_data(data_copy)


def test_an_unknown_grammar_table_and_key_are_errors(data_copy: Path) -> None:
    grammar = data_copy / "grammar.toml"
    original = grammar.read_text(encoding="utf-8")
    line = _edit(grammar, "[negation]", "[negations]")
    with pytest.raises(InputError, match=r"unknown table \[negations\]") as caught:
        load_data(data_copy)
    assert caught.value.line == line
    grammar.write_text(original, encoding="utf-8")
    _edit(grammar, "default_cup =", "default_cups =")
    with pytest.raises(InputError, match=r"\[objects\] has unknown key 'default_cups'"):
        load_data(data_copy)


def test_a_term_surface_list_must_hold_strings(data_copy: Path) -> None:
    _edit(data_copy / "terms.toml", '"卿+大夫" = ["卿大夫"]', '"卿+大夫" = "卿大夫"')
    with pytest.raises(InputError, match=r"\[role\.classic\]: '卿\+大夫' must be"):
        load_data(data_copy)


def test_lexicon_labels_are_read_as_act_surfaces() -> None:
    """A role, object, place or verb the act files never spell is found through the lexicon."""
    classic = load_rules(False)
    kind, labels, verb = classic.surfaces["楹"]
    assert (kind, labels) == (Kind.PLACE, ("楹",))
    kind, labels, verb = classic.surfaces["再拜"]
    assert kind is Kind.VERB and verb is not None and verb.bow
    assert classic.surfaces["賓"][:2] == (Kind.ROLE, ("宾",))  # a traditional label, folded


def test_the_translation_reads_only_the_lexicons_modern_labels() -> None:
    """出 and 去 are ordinary modern words: the translation is not read with classical labels."""
    modern = lexicon_surfaces(True)
    assert "去" not in modern["action"].get("去", ())
    assert "去" in lexicon_surfaces(False)["action"]["去"]


def test_the_act_files_rarely_repeat_a_lexicon_label() -> None:
    """The lexicon is the one list of surfaces: the act files keep only what it cannot say."""
    terms, verbs, _ = load_data()
    repeated = total = 0
    for modern, register in ((False, "classic"), (True, "modern")):
        lexicon = lexicon_surfaces(modern)
        for scheme in ("role", "object", "place"):
            for label, surfaces in terms[scheme][register].items():
                total += len(surfaces)
                repeated += sum(s in lexicon[scheme].get(label, ()) for s in surfaces)
        for verb, surfaces in verbs:
            total += len(surfaces[register])
            repeated += sum(s in lexicon["action"].get(verb.lemma, ())
                            for s in surfaces[register])
    assert repeated / total < 0.1, (repeated, total)


def test_the_pass_order_is_data_and_names_only_known_passes(data_copy: Path) -> None:
    from ritegraph.acts.passes import PASSES

    assert set(load_rules(False).passes) == set(PASSES)
    line = _edit(data_copy / "grammar.toml", '"goals"', '"gaols"')
    with pytest.raises(InputError, match=r"unknown pass\(es\) gaols") as caught:
        load_data(data_copy)
    assert caught.value.line == line
