"""Reading the reader fixtures (tests/fixtures/readers/) and checking reader invariants."""

from __future__ import annotations

import tomllib
from functools import cache
from itertools import pairwise
from pathlib import Path

from ritegraph.corpus import CorpusFile, load_manifest, read_text
from ritegraph.model import Layer, Passage, ReadResult
from ritegraph.readers import reader_for

FIXTURES = Path(__file__).parent / "fixtures" / "readers"


@cache
def fixture_index() -> dict[str, dict]:
    data = tomllib.loads((FIXTURES / "fixtures.toml").read_text(encoding="utf-8"))
    return {entry["name"]: entry for entry in data["fixture"]}


def fixture_file(name: str) -> tuple[CorpusFile, str]:
    """A CorpusFile for a fixture, described like the corpus file it was cut from.

    Rites whose heading is not in the excerpt are left out (as a manifest for it would).
    """
    source_name = fixture_index()[name]["source"]
    source = next(f for f in load_manifest().files if f.name == source_name)
    path = FIXTURES / name
    text = read_text(path)
    rites = tuple(s for s in source.rites if s.from_heading is None or s.from_heading in text)
    file = CorpusFile(name, path, source.format, source.edition, source.juan, rites,
                      source.translation)
    return file, text


@cache
def read_fixture(name: str) -> ReadResult:
    file, text = fixture_file(name)
    return reader_for(file)(file, text)


def is_classic(p: Passage) -> bool:
    return p.layer is Layer.JING or (p.layer is Layer.YI and p.translates is Layer.JING)


def passage_with_text(result: ReadResult, text: str, layer: Layer | None = None) -> Passage:
    """The one passage whose text is ``text`` (and of ``layer`` if given)."""
    found = [p for p in result.passages
             if p.text == text and (layer is None or p.layer is layer)]
    assert len(found) == 1, f"{len(found)} passages with text {text!r}"
    return found[0]


def passages_containing(result: ReadResult, fragment: str) -> list[Passage]:
    return [p for p in result.passages if p.parent is None and fragment in p.text]


def check_invariants(result: ReadResult) -> None:
    """What every reader output must satisfy (model.py): exact text, tiling, nesting, sections."""
    text = result.text
    top = [p for p in result.passages if p.parent is None]
    assert [p.index for p in result.passages] == list(range(len(result.passages)))
    for p in result.passages:
        assert p.text == text[p.start:p.end], p
        assert p.start < p.end, p
        assert p.line == text.count("\n", 0, p.start) + 1, p
    cursor = 0
    for p in top:
        assert p.start == cursor, f"gap or overlap at {cursor}: {p}"
        cursor = p.end
    assert cursor == len(text)
    for p in top:
        if p.layer is Layer.SPACE:
            assert not p.text.strip() and p.rite is None, p
        elif p.layer is Layer.MARKUP:
            assert result.markup is not None and p.rite is None, p
            assert not result.markup.sub("", p.text).strip(), p
        else:
            assert p.text.strip(), p
            assert p.rite is not None, p
    nested_by_layer: dict[Layer, list[Passage]] = {}
    for p in result.passages:
        if p.parent is not None:
            parent = result.passages[p.parent]
            assert parent.parent is None
            assert parent.start <= p.start and p.end <= parent.end, p
            assert p.rite == parent.rite
            nested_by_layer.setdefault(p.layer, []).append(p)
    for nested in nested_by_layer.values():
        nested.sort(key=lambda p: p.start)
        for before, after in pairwise(nested):
            assert before.end <= after.start, (before, after)
    for p in result.passages:
        if is_classic(p):
            assert p.section is not None and p.rite is not None, p
            section = result.sections[p.section]
            assert section.start <= p.start and p.end <= section.end, (p, section)
            assert section.rite == p.rite
    ordered = sorted(result.sections, key=lambda s: s.start)
    assert [s.index for s in result.sections] == list(range(len(result.sections)))
    for before, after in pairwise(ordered):
        assert before.end <= after.start, (before, after)
    for section in result.sections:
        assert section.title and section.source in {"右", "疏", "implicit", "aligned", "incipit"}
        if section.line_passage is not None:
            assert result.passages[section.line_passage].layer is Layer.JIE
