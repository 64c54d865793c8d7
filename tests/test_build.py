"""The build over the whole seed corpus: provenance, tiling, bad input, atomic store swap."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph.cli import main
from ritegraph.corpus import load_manifest, read_text
from ritegraph.store import build_info, open_store

from .conftest import CORPUS

PREFIXES = """PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX as: <http://www.w3.org/ns/activitystreams#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
"""


def select(store_dir: Path, body: str) -> list[dict]:
    result = open_store(store_dir).query(PREFIXES + body, use_default_graph_as_union=True)
    names = [v.value for v in result.variables]
    return [{n: row[n] for n in names} for row in result]


@pytest.fixture(scope="module")
def texts(seed_corpus) -> dict[str, str]:
    return {f.name: read_text(f.path) for f in load_manifest(seed_corpus).files}


def test_every_selector_quotes_the_exact_file_slice(built_store, texts):
    rows = select(built_store, """SELECT ?file ?s ?e ?q WHERE {
        ?a oa:hasTarget ?t . ?t oa:hasSource/dcterms:identifier ?file ;
           oa:hasSelector ?pos, ?quote .
        ?pos oa:start ?s ; oa:end ?e . ?quote oa:exact ?q . }""")
    assert len(rows) > 1000
    bad = [r for r in rows
           if texts[r["file"].value][int(r["s"].value):int(r["e"].value)] != r["q"].value]
    assert bad == []


def test_every_passage_text_is_its_file_slice_and_top_level_passages_tile(built_store, texts):
    rows = select(built_store, """SELECT ?file ?s ?e ?text ?nested WHERE {
        ?p a rg:Passage ; rg:inDocument/dcterms:identifier ?file ; rg:start ?s ; rg:end ?e ;
           rg:text ?text .
        BIND(EXISTS { ?p rg:parentPassage ?parent } AS ?nested) }""")
    spans: dict[str, list[tuple[int, int]]] = {name: [] for name in texts}
    for r in rows:
        s, e, name = int(r["s"].value), int(r["e"].value), r["file"].value
        assert texts[name][s:e] == r["text"].value, (name, s, e)
        if r["nested"].value == "false":
            spans[name].append((s, e))
    for name, text in texts.items():
        cursor = 0
        for s, e in sorted(spans[name]):
            assert s == cursor, f"{name}: gap or overlap at {cursor}"
            cursor = e
        assert cursor == len(text), name


def test_every_classic_passage_has_a_section_and_a_rite(built_store):
    rows = select(built_store, """SELECT ?p WHERE {
        ?p a rg:Passage ; rg:layer <https://w3id.org/ritegraph/layer/jing> .
        FILTER NOT EXISTS { ?p rg:inSection ?s ; rg:inRite ?r } }""")
    assert rows == []


def test_mentions_have_the_web_annotation_shape(built_store):
    # Counted as a positive join (FILTER NOT EXISTS over this pattern is pathological). The
    # store keeps xsd:nonNegativeInteger offsets as xsd:integer values (pyoxigraph normalises
    # derived datatypes); exports restore the type (test_export).
    (total,) = select(built_store, "SELECT (COUNT(?m) AS ?n) WHERE { ?m a rg:Mention }")
    (shaped,) = select(built_store, """SELECT (COUNT(DISTINCT ?m) AS ?n) WHERE {
          ?m a rg:Mention, oa:Annotation ; oa:hasBody ?c ; oa:hasTarget ?sr ; rg:inPassage ?p ;
             oa:motivatedBy oa:identifying ; dcterms:created ?when ; as:generator ?software .
          ?sr oa:hasSource ?doc ; oa:hasSelector ?pos, ?q .
          ?pos a oa:TextPositionSelector ; oa:start ?s ; oa:end ?e .
          ?q a oa:TextQuoteSelector ; oa:exact ?x .
          FILTER(?s >= 0 && ?e > ?s && datatype(?when) = xsd:dateTime) }""")
    assert int(total["n"].value) > 10000
    assert shaped["n"].value == total["n"].value


def test_each_rite_has_its_own_named_graph(built_store):
    graphs = {g.value.rsplit("/", 1)[1] for g in open_store(built_store).named_graphs()}
    assert {"ontology", "lexicon", "corpus", "xiangsheli", "yanli", "gongshidafulili",
            "pinli"} <= graphs


# --- bad input: clear message, exit 2, previous store intact -------------------------------


def copy_corpus(tmp_path: Path) -> Path:
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS, target)
    return target


def previous_store(tmp_path: Path) -> Path:
    """A small valid store built from one real file, to check it survives failed builds."""
    corpus = tmp_path / "good"
    corpus.mkdir()
    name = "003_d97f4fe9e082d3c1.txt"
    shutil.copy(CORPUS / name, corpus / name)
    manifest = (CORPUS / "corpus.toml").read_text(encoding="utf-8")
    head, _, _ = manifest.partition("\n[[file]]\n")
    entry = ("\n[[file]]\n" f'name = "{name}"\n' 'format = "注疏"\n'
             'rites = [{ rite = "gongshidafulili" }]\n')
    (corpus / "corpus.toml").write_text(head + entry, encoding="utf-8")
    store = tmp_path / "store"
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 0
    return store


def assert_store_still_queryable(store: Path, build_id: str) -> None:
    assert build_info(store) and open_store(store) is not None
    assert (store / "current").resolve().name == build_id
    assert len(open_store(store)) > 0


def break_corpus(kind: str, corpus: Path) -> str:
    """Damage a copy of the corpus; return the text the error message must contain."""
    manifest = corpus / "corpus.toml"
    if kind == "empty file":
        (corpus / "002_057a3db194e8ed57.txt").write_bytes(b"")
        return "002_057a3db194e8ed57.txt: file is empty"
    if kind == "GBK file":
        path = corpus / "002_057a3db194e8ed57.txt"
        path.write_bytes(path.read_text(encoding="utf-8")[:200].encode("gbk", errors="replace"))
        return "002_057a3db194e8ed57.txt:1:"
    if kind == "unknown format":
        text = manifest.read_text(encoding="utf-8").replace('format = "注疏"', 'format = "石经"', 1)
        manifest.write_text(text, encoding="utf-8")
        return "unknown edition format '石经'"
    if kind == "file missing from manifest":
        shutil.copy(corpus / "002_057a3db194e8ed57.txt", corpus / "005_new.txt")
        return "005_new.txt is in the corpus but not in the manifest"
    if kind == "manifest names a missing file":
        (corpus / "004_aefd866fd5241153.txt").unlink()
        return "manifest names 004_aefd866fd5241153.txt, which is not in"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["empty file", "GBK file", "unknown format",
                                  "file missing from manifest", "manifest names a missing file"])
def test_bad_input_exits_2_with_a_clear_message_and_keeps_the_store(kind, tmp_path, capsys):
    store = previous_store(tmp_path)
    build_id = (store / "current").resolve().name
    corpus = copy_corpus(tmp_path)
    expected = break_corpus(kind, corpus)
    capsys.readouterr()
    assert main(["build", "--corpus", str(corpus), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert expected in err
    assert_store_still_queryable(store, build_id)


def test_a_failure_while_writing_leaves_the_previous_build_current(tmp_path, monkeypatch,
                                                                    seed_corpus, capsys):
    store = previous_store(tmp_path)
    build_id = (store / "current").resolve().name

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("ritegraph.build.lexicon_graph", fail)  # raised inside the new build
    assert main(["build", "--corpus", str(seed_corpus), "--store", str(store)]) == 2
    assert "disk full" in capsys.readouterr().err
    assert_store_still_queryable(store, build_id)
    assert [p.name for p in (store / "builds").iterdir()] == [build_id]


def test_store_location_from_environment(tmp_path, monkeypatch, capsys):
    store = previous_store(tmp_path)
    monkeypatch.setenv("RITEGRAPH_STORE", str(store))
    assert main(["stats", "--format", "json"]) == 0
    assert '"quads"' in capsys.readouterr().out


def test_commands_on_a_missing_store_exit_2(tmp_path, capsys):
    assert main(["stats", "--store", str(tmp_path / "nothing")]) == 2
    assert "run `ritegraph build` first" in capsys.readouterr().err


def warning_corpus(tmp_path: Path) -> Path:
    """The first lines of KR1d0026 卷三 with a note left open: the reader warns about it."""
    corpus = tmp_path / "warned"
    (corpus / "KR1d0026").mkdir(parents=True)
    real = CORPUS / "kanripo" / "KR1d0026" / "KR1d0026_003.txt"
    lines = real.read_text(encoding="utf-8").split("\n")[:20]
    broken = [line.replace(")", "", 1) if k == 12 else line for k, line in enumerate(lines)]
    (corpus / "KR1d0026" / "KR1d0026_003.txt").write_text("\n".join(broken), encoding="utf-8")
    head, _, _ = (CORPUS / "corpus.toml").read_text(encoding="utf-8").partition("\n[[file]]\n")
    entry = ('\n[[file]]\nname = "KR1d0026/KR1d0026_003.txt"\nid = "KR1d0026_003"\n'
             'format = "kanripo"\nrites = [{ rite = "shixiangjianli" }]\n')
    (corpus / "corpus.toml").write_text(head + entry, encoding="utf-8")
    return corpus


def test_build_strict_turns_reader_warnings_into_findings_and_keeps_the_store(tmp_path, capsys):
    store = previous_store(tmp_path)
    build_id = (store / "current").resolve().name
    corpus = warning_corpus(tmp_path)
    assert main(["build", "-q", "--strict", "--corpus", str(corpus), "--store", str(store)]) == 1
    err = capsys.readouterr().err
    assert "KR1d0026/KR1d0026_003.txt:13:" in err and "is not closed" in err
    assert_store_still_queryable(store, build_id)
    assert main(["build", "-q", "-v", "--corpus", str(corpus), "--store", str(store)]) == 0
    assert "warning: KR1d0026/KR1d0026_003.txt:13:" in capsys.readouterr().err
    assert (store / "current").resolve().name != build_id


def test_stats_counts_per_rite_and_edition_add_up_to_the_files(built_store, capsys):
    import json

    assert main(["stats", "--format", "json", "--store", str(built_store)]) == 0
    stats = json.loads(capsys.readouterr().out)
    rows = stats["by_rite_and_edition"]
    files = build_info(built_store)["files"]
    assert {(r["rite"], r["edition"]) for r in rows} == {
        ("+".join(f["rites"]), f["edition"]) for f in files}
    assert sum(r["acts"] for r in rows) == sum(f["acts"] for f in files) > 1000
    assert sum(r["passages"].get("经", 0) for r in rows) == sum(
        f["passages"].get("经", 0) for f in files)
    assert all(0 < r["coverage"] <= 1 and r["sections"] > 0 for r in rows)
    assert main(["stats", "--store", str(built_store)]) == 0
    assert "## by rite and edition" in capsys.readouterr().out


def test_the_graph_credits_the_kanseki_repository_and_its_licence():
    from ritegraph.corpus import load_manifest
    from ritegraph.rdf.terms import QuadWriter
    from ritegraph.rdf.text import corpus_quads

    out = QuadWriter()
    corpus_quads(out, load_manifest())
    store = ox.Store()
    store.load(out.data(), format=ox.RdfFormat.N_QUADS)
    rows = list(store.query("""
        PREFIX dcterms: <http://purl.org/dc/terms/>
        PREFIX dcat: <http://www.w3.org/ns/dcat#>
        SELECT ?doc ?licence ?credit ?source WHERE { GRAPH ?g {
          ?doc dcterms:isPartOf ?ds ; dcterms:license ?licence .
          ?ds a dcat:Dataset ; dcterms:license ?licence ; dcterms:source ?source ;
              dcterms:bibliographicCitation ?credit } }"""))
    assert len(rows) == 51 + 2  # the 51 chapters and 張爾岐's two collation lists
    assert {r["licence"].value for r in rows} == {"https://creativecommons.org/licenses/by-sa/4.0/"}
    assert {r["credit"].value for r in rows} == {"Kanseki Repository (kanripo.org), CC BY-SA 4.0"}
    assert {r["source"].value for r in rows} == {
        f"https://github.com/kanripo/{e}" for e in ("KR1d0026", "KR1d0028", "KR1d0038")}


def test_stats_text_shows_kanripo_codes_and_non_bmp_glyphs():
    from ritegraph.stats import render_text

    glyphs = [{"line": 3, "column": 5, "offset": 40, "kind": "kanripo-code", "char": "&KR0123;"},
              {"line": 4, "column": 1, "offset": 50, "kind": "non-bmp", "char": "𤣥"}]
    stats = {"quads": 1, "coverage": 0.5, "sections": [], "passages": [], "mentions": [],
             "classes": [], "files": [{"name": "x.txt", "coverage": 0.5, "warnings": [],
                                       "classic_cjk_characters": 2, "glyph_issues": glyphs}]}
    text = render_text(stats)
    assert "x.txt:3:5 (offset 40) kanripo-code '&KR0123;'" in text
    assert "x.txt:4:1 (offset 50) non-bmp U+248E5 '𤣥'" in text
