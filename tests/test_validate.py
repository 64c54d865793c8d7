"""SHACL validation: every shape has a valid and an invalid example; the SPARQL engine agrees with
pyshacl; exit codes; a corrupted copy of the real graph is caught at the right focus node."""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import RDFS, BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.namespace import SH

from ritegraph.cli import main
from ritegraph.shaclsparql import named_node_shapes
from ritegraph.validate import (
    DataSource,
    load_shapes,
    run_pyshacl,
    run_sparql,
    schema_graph,
    store_source,
    validate,
)

FIXTURES = Path(__file__).parent / "fixtures" / "shapes"
SHAPES_NS = "https://w3id.org/ritegraph/shapes#"
OA = Namespace("http://www.w3.org/ns/oa#")


@pytest.fixture(scope="module")
def shapes() -> Graph:
    return load_shapes()


@pytest.fixture(scope="module")
def schema() -> Graph:
    return schema_graph()


@pytest.fixture(scope="module")
def valid() -> Graph:
    return Graph().parse(FIXTURES / "valid.ttl")


@pytest.fixture(scope="module")
def cases() -> Dataset:
    return Dataset().parse(FIXTURES / "invalid.trig", format="trig")


def case_names() -> list[str]:
    data = Dataset().parse(FIXTURES / "invalid.trig", format="trig")
    return sorted({str(g.identifier).split(":")[2] for g in data.graphs()
                   if str(g.identifier).startswith("urn:case:")})


def case_graph(valid: Graph, cases: Dataset, name: str) -> Graph:
    graph = Graph()
    graph += valid
    graph -= cases.graph(URIRef(f"urn:case:{name}:remove"))
    graph += cases.graph(URIRef(f"urn:case:{name}:add"))
    return graph


def expected(cases: Dataset, name: str) -> set[tuple[str, str, str]]:
    g = cases.graph(URIRef(f"urn:case:{name}:expect"))
    return {(str(g.value(r, SH.focusNode)),
             str(g.value(r, SH.sourceConstraintComponent)).rsplit("#", 1)[1],
             str(g.value(r, SH.resultSeverity)).rsplit("#", 1)[1])
            for r in g.subjects(SH.focusNode, None)}


def source(graph: Graph) -> DataSource:
    store = ox.Store()
    store.load(graph.serialize(format="nt", encoding="utf-8"), format=ox.RdfFormat.N_TRIPLES)
    return DataSource(store)


def test_valid_graph_conforms_with_both_engines(valid, shapes, schema):
    assert run_sparql(source(valid), shapes, schema) == []
    assert run_pyshacl(valid, shapes, schema) == []


def test_every_shape_has_an_invalid_case(shapes):
    names = {str(s)[len(SHAPES_NS):] for s in named_node_shapes(shapes)}
    assert names == set(case_names())
    assert len(names) >= 40


def test_at_least_twelve_cited_warning_rules(shapes):
    rules = [s for s in named_node_shapes(shapes) if shapes.value(s, SH.severity) == SH.Warning]
    assert len(rules) >= 12
    for rule in rules:
        comments = [str(c) for c in shapes.objects(rule, URIRef(
            "http://www.w3.org/2000/01/rdf-schema#comment"))]
        assert any("「" in c for c in comments), f"{rule} cites no text"


@pytest.mark.parametrize("name", case_names())
def test_invalid_case_gives_exactly_the_expected_results(name, valid, cases, shapes, schema):
    results = run_sparql(source(case_graph(valid, cases, name)), shapes, schema)
    got = {(str(r.focus), r.component, r.severity) for r in results}
    assert got == expected(cases, name)
    assert SHAPES_NS + name in {r.shape for r in results}
    assert all(r.messages for r in results)


def _keys(results) -> list[tuple]:
    """Focus node, path, value, source shape, component and severity of each result."""
    return sorted((str(r.focus), str(r.path), r.value.n3() if r.value is not None else "",
                    str(r.source_shape), r.component, r.severity) for r in results)


def _engine_cases() -> list:
    """The valid graph and every fourth case by default; all of them in the slow run (pyshacl
    takes seconds per case)."""
    return ["valid", *(name if k % 4 == 0 else pytest.param(name, marks=pytest.mark.slow)
                       for k, name in enumerate(case_names()))]


@pytest.mark.parametrize("name", _engine_cases())
def test_project_engine_gives_pyshacls_results_with_every_constraint(name, valid, cases,
                                                                     shapes, schema):
    """pyshacl runs every constraint, the SPARQL ones included: the same results, term for
    term (an IRI value stays an IRI, a literal keeps its language)."""
    graph = valid if name == "valid" else case_graph(valid, cases, name)
    ours = run_sparql(source(graph), shapes, schema)
    reference = run_pyshacl(graph, shapes, schema)
    assert _keys(ours) == _keys(reference)
    if name != "valid":
        assert ours, "the case gives results"


def test_pyshacl_runs_the_sparql_constraints(valid, cases, shapes, schema):
    graph = case_graph(valid, cases, "PassageTilingShape")
    results = run_pyshacl(graph, shapes, schema)
    assert {(r.shape, r.component) for r in results} == {
        (SHAPES_NS + "PassageTilingShape", "SPARQLConstraintComponent")}


def test_no_sparql_constraint_uses_what_shacl_forbids(shapes):
    """SHACL 5.3.1: no MINUS, VALUES or SERVICE (pyshacl and Jena refuse them)."""
    for query in shapes.objects(None, SH.select):
        code = "\n".join(line.split("#", 1)[0] for line in str(query).splitlines())
        for word in ("MINUS", "VALUES", "SERVICE"):
            assert word not in code.upper(), (word, code[:80])


def write(graph: Graph, path: Path) -> Path:
    graph.serialize(path, format="turtle")
    return path


def test_exit_codes(tmp_path, valid, cases, capsys):
    good = write(valid, tmp_path / "good.ttl")
    bad = write(case_graph(valid, cases, "QuoteMatchesSourceShape"), tmp_path / "bad.ttl")
    warned = write(case_graph(valid, cases, "WashObjectRule"), tmp_path / "warned.ttl")
    assert main(["validate", "--data", str(good), "--severity", "info"]) == 0
    assert main(["validate", "--data", str(bad)]) == 1
    assert "QuoteMatchesSourceShape" in capsys.readouterr().out
    assert main(["validate", "--data", str(warned)]) == 0
    assert main(["validate", "--data", str(warned), "--severity", "warning"]) == 1
    assert main(["validate", "--data", str(tmp_path / "missing.ttl")]) == 2
    (tmp_path / "broken.ttl").write_text("<a> <b> .", encoding="utf-8")
    assert main(["validate", "--data", str(tmp_path / "broken.ttl")]) == 2
    shapes_dir = tmp_path / "shapes"
    shapes_dir.mkdir()
    (shapes_dir / "bad.ttl").write_text("@prefix sh: <x> . sh:a sh:b", encoding="utf-8")
    assert main(["validate", "--data", str(good), "--shapes", str(shapes_dir)]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["validate", "--data", str(good), "--severity", "fatal"])
    assert exc.value.code == 2


def test_report_formats(tmp_path, valid, cases, capsys):
    bad = write(case_graph(valid, cases, "QuoteMatchesSourceShape"), tmp_path / "bad.ttl")
    assert main(["validate", "--data", str(bad), "--format", "json"]) == 1
    out = capsys.readouterr().out
    assert '"file": "t001.txt"' in out and '"offset": 17' in out and '"conforms": false' in out
    assert main(["validate", "--data", str(bad), "--format", "turtle"]) == 1
    report = Graph().parse(data=capsys.readouterr().out, format="turtle")
    assert len(set(report.subjects(SH.focusNode, None))) == 1


def _run(args: list[str], capsys) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().out


def test_every_format_lists_the_warnings_below_the_default_severity(tmp_path, valid, cases,
                                                                    capsys):
    warned = write(case_graph(valid, cases, "WashObjectRule"), tmp_path / "warned.ttl")
    code, text = _run(["validate", "--data", str(warned)], capsys)
    assert code == 0 and "Warning  WashObjectRule  (1)" in text
    code, out = _run(["validate", "--data", str(warned), "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["conforms"] is True and data["severity"] == "Violation"
    assert [(r["shape"], r["severity"]) for r in data["results"]] == [
        (SHAPES_NS + "WashObjectRule", "Warning")]
    code, out = _run(["validate", "--data", str(warned), "--format", "turtle"], capsys)
    report = Graph().parse(data=out, format="turtle")
    assert code == 0 and len(set(report.objects(None, SH.result))) == 1
    assert set(report.objects(None, SH.conforms)) == {Literal(False)}  # SHACL's: any result


def test_turtle_report_has_the_value_term_path_source_shape_and_tagged_messages(
        tmp_path, valid, cases, capsys):
    data = write(case_graph(valid, cases, "MentionShape"), tmp_path / "mention.ttl")
    code, out = _run(["validate", "--data", str(data), "--format", "turtle"], capsys)
    report = Graph().parse(data=out, format="turtle")
    (result,) = set(report.subjects(SH.sourceConstraintComponent, SH.ClassConstraintComponent))
    assert code == 1
    assert report.value(result, SH.focusNode) == URIRef(
        "https://w3id.org/ritegraph/mention/t001/17-18")
    assert report.value(result, SH.value) == URIRef("https://w3id.org/ritegraph/rite/yanli")
    assert report.value(result, SH.resultPath) == OA.hasBody
    source = report.value(result, SH.sourceShape)
    assert isinstance(source, BNode) and report.value(source, SH.path) == OA.hasBody
    assert report.value(result, SH.resultSeverity) == SH.Violation
    assert {m.language for m in report.objects(result, SH.resultMessage)} == {"zh-Hans", "en"}


def test_a_literal_value_keeps_its_language_and_datatype(tmp_path, valid, cases, capsys):
    graph = case_graph(valid, cases, "AlignmentShape")
    yanli = URIRef("https://w3id.org/ritegraph/rite/yanli")
    graph.add((yanli, RDFS.label, Literal("Y", lang="fr")))
    data = write(graph, tmp_path / "lang.ttl")
    code, out = _run(["validate", "--data", str(data), "--format", "json"], capsys)
    values = {(r["component"], json.dumps(r["value"], sort_keys=True))
              for r in json.loads(out)["results"]}
    assert code == 1
    assert ("LanguageInConstraintComponent",
            '{"type": "literal", "value": "Y", "xml:lang": "fr"}') in values
    assert ("MinInclusiveConstraintComponent", json.dumps(
        {"type": "literal", "value": "0",
         "datatype": "http://www.w3.org/2001/XMLSchema#integer"}, sort_keys=True)) in values
    code, out = _run(["validate", "--data", str(data), "--format", "turtle"], capsys)
    report = Graph().parse(data=out, format="turtle")
    assert Literal("Y", lang="fr") in set(report.objects(None, SH.value))
    code, text = _run(["validate", "--data", str(data)], capsys)
    assert 'value "Y"@fr' in text and "path rdfs:label" in text


def test_blank_source_shapes_get_the_same_label_in_every_run(tmp_path, valid, cases, capsys):
    data = write(case_graph(valid, cases, "MentionShape"), tmp_path / "mention.ttl")
    runs = [json.loads(_run(["validate", "--data", str(data), "--format", "json"], capsys)[1])
            for _ in range(2)]
    shapes = [[r["source_shape"] for r in run["results"]] for run in runs]
    assert shapes[0] == shapes[1] and shapes[0][0]["type"] == "bnode"


def test_seed_graph_conforms_at_violation_level(built_store):
    report = validate(store=built_store)
    assert report.conforms, [r for r in report.reported][:5]
    assert report.triples > 100_000


@pytest.mark.parametrize("rite", ["xiangsheli", "yanli", "gongshidafulili", "pinli"])
def test_each_rite_validated_alone_conforms(built_store, rite):
    """Regression: 000 holds two rites; validating 燕礼 alone reported a tiling gap before
    燕礼第六 (its preceding text is in 乡射礼's graph), and the first fix took 180 s."""
    report = validate(store=built_store, rite=rite)
    assert report.conforms, [(r.shape, r.focus) for r in report.reported][:5]


def test_corrupted_copy_of_the_seed_graph_is_caught(built_store, shapes, schema):
    """One oa:exact altered and one step's action type removed: exactly these two are
    reported."""
    data = store_source(built_store)
    store = data.store
    row = next(iter(store.query(
        "PREFIX oa: <http://www.w3.org/ns/oa#> SELECT ?q ?x WHERE { ?q oa:exact ?x } LIMIT 1",
        use_default_graph_as_union=True)))
    exact = URIRef("http://www.w3.org/ns/oa#exact")
    for quad in list(store.quads_for_pattern(row["q"], ox.NamedNode(str(exact)), row["x"])):
        store.remove(quad)
        store.add(ox.Quad(quad.subject, quad.predicate, ox.Literal(quad.object.value + "X"),
                          quad.graph_name))
    steps = list(store.query(
        "PREFIX rg: <https://w3id.org/ritegraph/ontology#> "
        "SELECT ?a WHERE { ?a a rg:Step ; rg:actionType ?t } LIMIT 1",
        use_default_graph_as_union=True))
    assert steps, "the seed graph has steps"
    broken_step = steps[0]["a"]
    action = ox.NamedNode("https://w3id.org/ritegraph/ontology#actionType")
    for quad in list(store.quads_for_pattern(broken_step, action, None)):
        store.remove(quad)
    results = run_sparql(data, shapes, schema)
    focus = {(r.shape.rsplit("#", 1)[1], str(r.focus)) for r in results
             if r.severity == "Violation"}
    assert focus == {("QuoteMatchesSourceShape", row["q"].value),
                     ("StepShape", broken_step.value)}


# -- RDF input is bounded and never fetches (issue 15) ---------------------------------------

def test_empty_or_non_rdf_data_does_not_conform(tmp_path, capsys):
    for name, text in [("empty.ttl", ""), ("spaces.nt", "  \n"), ("plain.json", '{"a": 1}')]:
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert main(["validate", "--data", str(tmp_path / name)]) == 2, name
        assert "no RDF triples" in capsys.readouterr().err


def test_billion_laughs_is_refused_before_any_expansion(tmp_path, capsys):
    entities = "".join(f'<!ENTITY e{i + 1} "{("&e" + str(i) + ";") * 10}">' for i in range(9))
    (tmp_path / "laughs.rdf").write_text(
        f'<?xml version="1.0"?><!DOCTYPE rdf:RDF [<!ENTITY e0 "lol">{entities}]>'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:ex="http://example.org/"><rdf:Description rdf:about="http://example.org/s">'
        "<ex:p>&e9;</ex:p></rdf:Description></rdf:RDF>", encoding="utf-8")
    assert main(["validate", "--data", str(tmp_path / "laughs.rdf")]) == 2
    assert "<!DOCTYPE declaration is refused" in capsys.readouterr().err


def test_size_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RITEGRAPH_MAX_RDF_MB", "1")
    line = '<http://example.org/s> <http://example.org/p> "%s" .\n'
    (tmp_path / "big.nt").write_text("".join(line % i for i in range(30000)))
    assert main(["validate", "--data", str(tmp_path / "big.nt")]) == 2
    assert "above the limit of 1 MiB" in capsys.readouterr().err


def test_remote_jsonld_context_is_never_fetched(tmp_path, capsys):
    from .remote_support import garbage, loopback

    with loopback(garbage(b'{"@context": {"ex": "http://example.org/"}}',
                          "application/ld+json")) as server:
        (tmp_path / "remote.jsonld").write_text(json.dumps(
            {"@context": server.url("/context.jsonld"), "@id": "http://example.org/s",
             "ex:p": "v"}))
        assert main(["validate", "--data", str(tmp_path / "remote.jsonld")]) == 2
        assert server.seen == []
    assert "never fetches contexts" in capsys.readouterr().err


def test_annotations_export_validates_offline_with_the_vendored_context(small_store_dir,
                                                                         tmp_path, capsys):
    out = tmp_path / "annotations.jsonld"
    assert main(["export", "--format", "annotations", "--output", str(out),
                 "--store", str(small_store_dir)]) == 0
    assert json.loads(out.read_text())["@context"] == "http://www.w3.org/ns/anno.jsonld"
    capsys.readouterr()
    assert main(["validate", "--data", str(out)]) in (0, 1)
    assert " triples, " in capsys.readouterr().out


def test_pyshacl_engine_refusing_a_minus_constraint_is_an_input_error(tmp_path, capsys):
    (tmp_path / "minus.ttl").write_text("""
        @prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ex: <http://example.org/> .
        ex:S a sh:NodeShape ; sh:targetClass ex:C ; sh:sparql [ sh:select
            "SELECT $this WHERE { $this a ex:C MINUS { $this ex:p ?x } }" ] .""",
                                         encoding="utf-8")
    (tmp_path / "data.ttl").write_text("<http://example.org/a> a <http://example.org/C> .",
                                       encoding="utf-8")
    assert main(["validate", "--data", str(tmp_path / "data.ttl"), "--shapes", str(tmp_path),
                 "--engine", "pyshacl"]) == 2
    assert "must not contain a MINUS clause" in capsys.readouterr().err
