"""Passage, mention and act IRIs come from citations, so edits elsewhere leave them alone."""

from __future__ import annotations

from pathlib import Path

from ritegraph.acts import extract_acts
from ritegraph.corpus import CorpusFile, load_manifest, read_text
from ritegraph.rdf.iris import act_iri, passage_iri
from ritegraph.readers import reader_for

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def read_iris(file: CorpusFile, text: str) -> tuple[dict[str, tuple[int, str]], ...]:
    """Passage and act IRIs, each with its start offset and its quote."""
    result = reader_for(file)(file, text)
    passages = {passage_iri(file.stem, p): (p.start, p.text) for p in result.passages}
    acts = {act_iri(a): (a.start, a.quote) for a in extract_acts(result, file.stem)}
    assert len(acts) == len(extract_acts(result, file.stem))
    return passages, acts


def edited(file: CorpusFile, text: str, at: int, insert: str, tmp_path: Path) -> CorpusFile:
    path = tmp_path / Path(file.name).name
    path.write_text(text[:at] + insert + text[at:], encoding="utf-8")
    return CorpusFile(file.name, path, file.format, file.edition, file.juan, file.rites,
                      file.translation, file.id)


def seed(name: str) -> CorpusFile:
    return next(f for f in load_manifest().files if f.name.startswith(name))


def test_a_blank_line_renames_no_passage_and_no_act(tmp_path):
    file = seed("000_")
    text = read_text(file.path)
    at = text.index("\n", len(text) // 3) + 1
    before = read_iris(file, text)
    after = read_iris(edited(file, text, at, "\n", tmp_path), read_text(tmp_path / file.name))
    assert {i: q for i, (_, q) in before[0].items() if "+" not in i} == {
        i: q for i, (_, q) in after[0].items() if "+" not in i}
    assert {i: q for i, (_, q) in before[1].items()} == {i: q for i, (_, q) in after[1].items()}
    assert len(before[1]) > 1000


def test_an_edit_near_the_end_leaves_every_iri_before_it(tmp_path):
    for file in (seed("002_"), next(f for f in load_manifest().files
                                    if f.name.endswith("KR1d0038_005.txt"))):
        text = read_text(file.path)
        at = text.rindex("主人", 0, len(text) - 200)
        before = read_iris(file, text)
        after = read_iris(edited(file, text, at, "主人再拜", tmp_path),
                          read_text(tmp_path / Path(file.name).name))
        for kind in (0, 1):
            kept = {i: q for i, (start, q) in before[kind].items() if start < at - 300}
            assert len(kept) > 100, (file.name, kind)
            assert {i: after[kind].get(i, (0, None))[1] for i in kept} == kept, (file.name, kind)


def test_kanripo_citations_name_page_and_line():
    file = next(f for f in load_manifest().files if f.name.endswith("KR1d0026_005.txt"))
    result = reader_for(file)(file, read_text(file.path))
    first = next(p for p in result.passages if p.text.startswith("鄕射之禮"))
    assert passage_iri(file.stem, first).endswith("text/KR1d0026_005/005-1a.3.1")
    iris = [passage_iri(file.stem, p) for p in result.passages]
    assert len(iris) == len(set(iris))


def test_every_passage_iri_is_unique_in_every_file():
    for file in load_manifest().files:
        result = reader_for(file)(file, read_text(file.path))
        iris = [passage_iri(file.stem, p) for p in result.passages]
        assert len(iris) == len(set(iris)), file.name


