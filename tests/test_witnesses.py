"""The alignment of witnesses: each rite's 经 in every file, paired passage by passage."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from ritegraph.check.config import load_config
from ritegraph.check.render import render_text as render_check
from ritegraph.check.report import report_json, run_check
from ritegraph.cli import main
from ritegraph.read import open_graph
from ritegraph.stats import collect, render_text
from ritegraph.store import open_store
from ritegraph.validate import validate
from ritegraph.variants import KINDS
from ritegraph.vocab import BASE
from ritegraph.witnesses import align_witnesses

from .tables_support import columns
from .witness_support import REPO, YANLI, witness


def test_passages_carrying_the_same_clause_are_parallel_across_scripts():
    a, text_a = witness("a", ["主人獻賓於西階上", "賓拜受爵", "主人荅拜"])
    b, text_b = witness("b", ["主人献宾于西阶上，", "宾拜受爵。", "主人答拜。"])
    parallels, coverage = align_witnesses([a, b])
    pairs = {(p.a.passage.rsplit("/", 1)[1], p.b.passage.rsplit("/", 1)[1]) for p in parallels}
    assert pairs == {("p0", "p0"), ("p1", "p1"), ("p2", "p2")}
    texts = {"a": text_a, "b": text_b}
    for p in parallels:  # each side's span is the aligned clause, as the file has it
        for side in (p.a, p.b):
            quote = texts[side.document.rsplit("/", 1)[1]][side.start:side.end]
            assert side.quote == quote
            assert quote.rstrip("，。") in ("主人獻賓於西階上", "賓拜受爵", "主人荅拜",
                                           "主人献宾于西阶上", "宾拜受爵", "主人答拜")
    assert {c.file: c.aligned / c.characters for c in coverage} == {"a": 1.0, "b": 1.0}


def test_a_clause_one_witness_lacks_lowers_coverage_and_its_section_is_reported():
    a, _ = witness("a", ["主人獻賓", "賓拜受爵", "公命徹幕"])
    b, _ = witness("b", ["主人献宾", "宾拜受爵"])
    parallels, coverage = align_witnesses([a, b])
    table = {c.file: c for c in coverage}
    assert table["a"].aligned == 8 and table["a"].characters == 12
    assert table["a"].unaligned_sections == ["https://w3id.org/ritegraph/section/a/2"]
    assert table["b"].unaligned_sections == []
    assert all(not p.a.passage.endswith("/p2") for p in parallels)


def test_three_witnesses_are_paired_two_by_two_through_the_reference():
    a, _ = witness("a", ["主人獻賓於西階上"])
    b, _ = witness("b", ["主人献宾于西阶上"])
    c, _ = witness("c", ["主人獻賔於西階上"])  # 賔: a variant folded by the variant table
    parallels, _ = align_witnesses([a, b, c])
    sides = {frozenset((p.a.document[-1], p.b.document[-1])) for p in parallels}
    assert sides == {frozenset("ab"), frozenset("ac"), frozenset("bc")}


def test_one_witness_alone_is_not_aligned():
    a, _ = witness("a", ["主人獻賓"])
    assert align_witnesses([a]) == ([], [])


def test_the_build_aligns_the_seed_and_the_kanripo_yanli(yanli):
    report, store_dir = yanli
    table = {row["file"]: row for row in report.alignment}
    assert set(table) == set(YANLI)
    assert all(row["coverage"] > 0.95 for row in table.values()), table
    stats = collect(store_dir)
    assert stats["alignment"] == report.alignment
    assert "KR1d0038_006.txt  " in render_text(stats)  # an aligned column
    store = open_store(store_dir)
    query = """PREFIX rg: <https://w3id.org/ritegraph/ontology#>
    PREFIX oa: <http://www.w3.org/ns/oa#> PREFIX dcterms: <http://purl.org/dc/terms/>
    SELECT ?file ?start ?end ?pstart ?pend WHERE {
      ?n a rg:Alignment ; rg:alignedSpan ?span ; rg:alignedPassage ?passage .
      ?span oa:hasSource ?doc ; oa:hasSelector ?sel . ?sel oa:start ?start ; oa:end ?end .
      ?passage rg:inDocument ?doc ; rg:start ?pstart ; rg:end ?pend .
      ?doc dcterms:identifier ?file .
      FILTER(?start >= ?pstart && ?end <= ?pend) }"""
    rows = list(store.query(query, use_default_graph_as_union=True))
    assert len(rows) > 200
    n = int(next(iter(store.query(
        "SELECT (COUNT(*) AS ?n) WHERE { ?a a <https://w3id.org/ritegraph/ontology#Alignment> }",
        use_default_graph_as_union=True)))["n"].value)
    assert len(rows) == 2 * n  # every aligned span lies inside its own passage
    symmetric = store.query("""PREFIX rg: <https://w3id.org/ritegraph/ontology#>
        ASK { ?a rg:parallel ?b FILTER NOT EXISTS { ?b rg:parallel ?a } }""",
                            use_default_graph_as_union=True)
    assert not bool(symmetric)


@pytest.mark.slow  # about 30 s
def test_the_aligned_build_conforms_to_the_shapes(yanli):
    report = validate(store=yanli[1])  # the alignment shapes among all the others
    assert report.conforms, [(r.shape, r.focus, r.messages) for r in report.reported][:5]


def test_a_section_page_shows_its_text_in_every_witness(yanli):
    from ritegraph import open_graph

    from .serve_support import running

    graph = open_graph(yanli[1])
    section = next(s for s in graph.sections("yanli") if s.document == YANLI[1] and s.order == 2)
    with running(yanli[1], "--workers", "1") as server:
        answer = server.get("/" + section.iri.removeprefix(BASE), accept="text/html")
        assert answer.status == 200
        html = answer.text
        others = {r["file"].value for r in open_store(yanli[1]).query(
            f"""PREFIX rg: <https://w3id.org/ritegraph/ontology#>
            PREFIX dcterms: <http://purl.org/dc/terms/>
            SELECT DISTINCT ?file WHERE {{ ?p rg:inSection <{section.iri}> ; rg:parallel ?o .
              ?o rg:inDocument/dcterms:identifier ?file }}""", use_default_graph_as_union=True)}
        assert YANLI[2] in others
        assert html.count('<div class="witness">') == 1 + len(others)  # a column each
        assert all(f'<span class="muted">{name}</span>' in html for name in others)
        passage = next(p for p in graph.passages("yanli") if p.where.section == section.iri)
        shown = server.get("/" + passage.iri.removeprefix(BASE), accept="text/html").text
        assert "In the other witnesses" in shown and YANLI[2] in shown


def test_the_build_records_yanli_variant_readings_with_the_files_exact_text(yanli, capsys):
    report, store_dir = yanli
    variants = [v for v in open_graph(store_dir).variants("燕礼") if not v.attributed_to]
    counts = Counter(v.kind for v in variants)
    assert [{k: n for k, n in row.items() if k in KINDS and n}
            for row in report.variants] == [dict(counts)]
    assert counts["graphic"] > 20 and counts["substitution"] > 5
    texts = {name: (REPO / "corpus" / name).read_text(encoding="utf-8") for name in YANLI}
    for v in variants:
        assert len({r.file for r in v.readings}) == len(v.readings) >= 2
        for r in v.readings:
            text = texts[r.file]
            assert text[r.start:r.end] == r.quote
            assert text[r.start - len(r.prefix):r.start] == r.prefix
            assert text[r.end:r.end + len(r.suffix)] == r.suffix
    # 觚 of 張爾岐's edition is a missing glyph coded &KR1152; in the 四部叢刊 鄭注
    assert any({r.quote for r in v.readings} == {"觚", "&KR1152;"} for v in variants
               if v.kind == "substitution")
    assert main(["variants", "--store", str(store_dir), "--rite", "yanli",
                 "--kind", "graphic", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == counts["graphic"]  # none of 鄭玄's claims is graphic
    assert set(listed[0]) == {"rite", "kind", "attributed_to", "readings"}
    assert {"witness", "file", "start", "end", "quote"} <= set(listed[0]["readings"][0])


def test_zheng_xuans_note_that_the_new_text_writes_gu_is_one_claim_in_every_witness(yanli):
    """燕礼: 大夫長升拜受觶 …【今文觶作觚】 — in the seed and both Kanripo editions."""
    claims = [v for v in open_graph(yanli[1]).variants("yanli")
              if v.attributed_to == f"{BASE}person/zheng-xuan"]
    assert len(claims) > 10
    gu = [v for v in claims if {r.reads for r in v.readings} == {None, "觚"}
          and {r.quote for r in v.readings} >= {"今文觶作觚", "觶"}]
    assert len(gu) == 1
    readings = gu[0].readings
    assert {r.file for r in readings if r.tradition == ""} == set(YANLI)
    assert {r.file for r in readings if r.tradition == "今文"} == set(YANLI)
    texts = {name: (REPO / "corpus" / name).read_text(encoding="utf-8") for name in YANLI}
    assert all(texts[r.file][r.start:r.end] == r.quote for r in readings)


def test_yanli_steps_are_merged_across_witnesses_and_listed_with_their_quotes(yanli, capsys):
    report, store_dir = yanli
    graph = open_graph(store_dir)
    steps = graph.rite_steps("燕礼")
    row = report.steps[0]
    assert row["steps"] == len(steps)
    assert all(c["in_steps"] == c["acts"] for c in row["acts"].values())  # all acts in 经
    attested = Counter(len(s.attestations) for s in steps)  # the seed has a third of 燕礼
    assert attested[2] + attested[3] > 0.95 * len(steps) and attested[3] > 200
    assert all(len({a.where.file for a in s.attestations}) == len(s.attestations)
               for s in steps)
    # every act of every witness belongs to exactly one step, and says which
    acts = [a for s in steps for a in s.attestations]
    assert len(acts) == len({a.iri for a in acts}) == sum(c["acts"] for c in row["acts"].values())
    assert all(a.rite_step == s.iri for s in steps for a in s.attestations)
    # 坐取觚 in 張爾岐's edition, 坐取 in the 四部叢刊 (觚 a missing glyph there): a variant
    variant = [s for s in steps if s.disagrees_on == {"object"} and s.at_variant]
    assert variant and any("觚" in a.where.quote for a in variant[0].attestations)
    assert main(["steps", "--store", str(store_dir), "--disagreeing", "--format",
                 "jsonl"]) == 1
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(listed) == row["disagreeing"] > 0
    assert all(s["disagree"] and s["explained_by"] in ("variant", "extraction") for s in listed)
    assert main(["steps", "--store", str(store_dir), "--witness", "KR1d0026",
                 "--format", "jsonl"]) == 0
    own = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert own and all(a["file"].endswith("KR1d0026_006.txt")
                       for s in own for a in s["attestations"])
    assert len(own) == row["acts"]["kanripo/KR1d0026/KR1d0026_006.txt"]["acts"]


def test_check_runs_on_the_rite_steps_and_on_one_witness_with_witness(yanli):
    report, store_dir = yanli
    store = open_store(store_dir)
    merged = run_check(store, load_config(None), ["yanli"], shacl=False)
    assert len(merged.data.steps) == report.steps[0]["steps"]
    one = run_check(store, load_config(None), ["yanli"], shacl=False, witness="KR1d0026")
    assert len(one.data.steps) == report.steps[0]["acts"]["kanripo/KR1d0026/KR1d0026_006.txt"][
        "acts"]
    # the cross-witness check: every disagreeing step, with each witness's quote
    found = merged.cross_witness
    assert found["steps"] == report.steps[0]["steps"]
    assert len(found["disagreeing"]) == report.steps[0]["disagreeing"] > 0
    texts = {name: (REPO / "corpus" / name).read_text(encoding="utf-8") for name in YANLI}
    for d in found["disagreeing"]:
        assert d["explained_by"] in ("variant", "extraction")
        assert d["disagrees_on"] or d["missing_in"]
        for a in d["attestations"]:
            assert texts[a["file"]][a["start"]:a["end"]] == a["quote"]
    text = render_check(report_json(merged))
    assert f"## Witnesses disagree: {len(found['disagreeing'])} of {found['steps']}" in text


def test_steps_and_variants_tables_are_aligned_with_one_row_each(yanli, capsys):
    _, store_dir = yanli
    assert main(["steps", "--store", str(store_dir), "--rite", "yanli"]) == 0
    header, *rows = columns(capsys.readouterr().out.splitlines())
    assert header[:3] == ["rite", "action", "n"]
    assert len(rows) == len(open_graph(store_dir).rite_steps("yanli"))
    assert main(["variants", "--store", str(store_dir), "--rite", "yanli"]) == 0
    header, *rows = columns(capsys.readouterr().out.splitlines())
    assert header[:3] == ["rite", "kind", "by"]
    assert len(rows) == len(open_graph(store_dir).variants("yanli"))
    assert {r[1] for r in rows} <= set(KINDS)


def test_a_fragment_is_placed_where_its_anchors_are_not_at_a_similar_clause_before() -> None:
    """Seed 002 holds the second half of 燕礼; against KR1d0028's whole chapter a global edit
    distance put its opening 卒歌主人洗 on the chapter's first 主人卒洗 (eleven leaves before).
    Aligned inside the window its long identical runs place it in, it opens where it is."""
    from ritegraph.corpus import load_manifest, read_text
    from ritegraph.lexicon import default_folder
    from ritegraph.readers import reader_for
    from ritegraph.witnesses import equal_pairs, witnesses_of

    files = {f.name: f for f in load_manifest().files}
    chars = {}
    for name in ("002_057a3db194e8ed57.txt", "kanripo/KR1d0028/KR1d0028_006.txt"):
        f = files[name]
        result = reader_for(f)(f, read_text(f.path))
        (w,) = [w for w in witnesses_of(result, f.stem, f.stem, name, default_folder(),
                                        lambda i: f"p{i}", lambda i: None) if w.rite == "yanli"]
        chars[name] = w.chars
    reference = chars["kanripo/KR1d0028/KR1d0028_006.txt"]
    fragment = chars["002_057a3db194e8ed57.txt"]
    assert fragment.startswith("卒歌主人洗")
    first = [i for i, j in equal_pairs(reference, fragment) if j < 5]
    assert reference[first[0]:first[0] + 5] == "卒歌主人洗"
    assert first == list(range(first[0], first[0] + 5))
    assert reference.index("主人卒洗") < first[0] - 1000  # the clause it used to land on


def test_object_usage_counts_a_clause_once_however_many_witnesses_attest_it(yanli):
    """燕礼 in three witnesses: the named query counts the 觯 washed once per rite step, so the
    count lies between one witness's and the three witnesses' together."""
    from ritegraph import query as q

    _, store_dir = yanli
    store = open_store(store_dir)
    usage = {(r["object"].value, r["action"].value): int(r["acts"].value)
             for r in q.run(q.LocalTarget(store), q.catalogue()["object-usage"]).rows}
    counted = usage[(BASE + "object/zhi", BASE + "action/xi")]
    per_witness = Counter(row["file"].value for row in store.query(f"""
        PREFIX rg: <https://w3id.org/ritegraph/ontology#>
        PREFIX oa: <http://www.w3.org/ns/oa#>
        PREFIX dcterms: <http://purl.org/dc/terms/>
        SELECT ?act ?file WHERE {{ ?act a rg:Step ; rg:object <{BASE}object/zhi> ;
          rg:actionType <{BASE}action/xi> . ?e oa:hasBody ?act ; oa:hasTarget ?t .
          ?t oa:hasSource/dcterms:identifier ?file }}""", use_default_graph_as_union=True))
    assert len(per_witness) == 3
    assert max(per_witness.values()) <= counted < sum(per_witness.values())
