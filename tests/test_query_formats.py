"""``ritegraph query`` output: label columns, BOM, SPARQL XML, RDF for CONSTRUCT/DESCRIBE,
predeclared prefixes and one-line errors (on the hand-written graph, tests/fixtures/queries)."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

import pyoxigraph as ox
import pytest

from ritegraph import query as q
from ritegraph.cli import main
from ritegraph.results import GRAPH_FORMATS

from .conftest import SMALL_QUERY_GRAPH
from .tables_support import columns

SPARQL_RESULTS = "{http://www.w3.org/2005/sparql-results#}"
ROLE = "https://w3id.org/ritegraph/role/"
CONSTRUCT = "CONSTRUCT { ?r rdfs:label ?l } WHERE { ?a rg:agent ?r . ?r skos:prefLabel ?l }"


def run(argv: list[str], store, capsys) -> tuple[int, str, str]:
    code = main(["query", *argv, "--store", str(store)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def small() -> q.LocalTarget:
    store = ox.Store()
    store.load(path=str(SMALL_QUERY_GRAPH), format=ox.RdfFormat.TRIG)
    return q.LocalTarget(store)


def test_csv_has_a_label_column_beside_each_iri_column(small_store_dir, capsys):
    code, out, _ = run(["who-handles", "--format", "csv"], small_store_dir, capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and list(rows[0]) == ["agent", "agent_label", "rite", "rite_label",
                                           "section", "action", "action_label", "acts"]
    assert {(r["agent"], r["agent_label"]) for r in rows} == {(ROLE + "sizheng", "司正")}
    assert {r["rite_label"] for r in rows} == {"乡射礼", "燕礼"}


def test_a_column_of_iris_without_labels_gets_no_label_column(small_store_dir, capsys):
    _, out, _ = run(["--sparql", "SELECT ?a ?r { ?a rg:agent ?r } ORDER BY ?a LIMIT 3",
                     "--format", "csv"], small_store_dir, capsys)
    header, first = out.splitlines()[:2]
    assert header == "a,r,r_label" and first.startswith("https://w3id.org/ritegraph/act/")


def test_no_labels_gives_the_query_variables_only(small_store_dir, capsys):
    _, out, _ = run(["who-handles", "--format", "csv", "--no-labels"], small_store_dir, capsys)
    assert out.splitlines()[0] == "agent,rite,section,action,acts"


def test_tsv_and_json_labels_keep_their_language_tag(small_store_dir, capsys):
    _, out, _ = run(["who-handles", "--format", "tsv"], small_store_dir, capsys)
    head, first = out.splitlines()[:2]
    assert head.split("\t")[:2] == ["?agent", "?agent_label"]
    assert first.split("\t")[:2] == [f"<{ROLE}sizheng>", '"司正"@zh-hans']
    _, out, _ = run(["who-handles", "--format", "json"], small_store_dir, capsys)
    data = json.loads(out)
    assert data["head"]["vars"][:2] == ["agent", "agent_label"]
    assert data["results"]["bindings"][0]["agent_label"] == {
        "type": "literal", "value": "司正", "xml:lang": "zh-hans"}


def test_xml_is_sparql_query_results_xml_with_the_same_answer_as_json(small_store_dir, capsys):
    _, xml, _ = run(["who-handles", "--format", "xml"], small_store_dir, capsys)
    root = ET.fromstring(xml)
    assert root.tag == SPARQL_RESULTS + "sparql"
    names = [v.get("name") for v in root.iter(SPARQL_RESULTS + "variable")]
    assert names[:2] == ["agent", "agent_label"]
    _, js, _ = run(["who-handles", "--format", "json"], small_store_dir, capsys)
    from_xml = ox.parse_query_results(xml, ox.QueryResultsFormat.XML)
    from_json = ox.parse_query_results(js, ox.QueryResultsFormat.JSON)
    assert [str(s) for s in from_xml] == [str(s) for s in from_json]


def test_ask_in_xml_is_a_boolean_document(small_store_dir, capsys):
    _, out, _ = run(["--sparql", "ASK { ?s rg:negated true }", "--format", "xml"],
                    small_store_dir, capsys)
    assert ET.fromstring(out).find(SPARQL_RESULTS + "boolean").text == "true"


def test_bom_starts_csv_and_tsv_for_spreadsheets(small_store_dir, capsys):
    for fmt in ("csv", "tsv"):
        _, out, _ = run(["object-usage", "--format", fmt, "--bom"], small_store_dir, capsys)
        assert out.startswith("\ufeff") and out.count("\ufeff") == 1
        assert out.encode("utf-8").decode("utf-8-sig").startswith(("object,", "?object\t"))


def test_bom_is_refused_for_formats_that_are_not_spreadsheets(small_store_dir, capsys):
    code, out, err = run(["object-usage", "--format", "json", "--bom"], small_store_dir, capsys)
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "--bom is for --format csv or tsv" in err


def test_construct_writes_turtle_by_default_with_the_projects_prefixes(small, small_store_dir,
                                                                        capsys):
    code, out, _ = run(["--sparql", CONSTRUCT], small_store_dir, capsys)
    assert code == 0 and "@prefix role: <https://w3id.org/ritegraph/role/> ." in out
    got = {q.triple for q in ox.parse(out, format=ox.RdfFormat.TURTLE)}
    assert got == set(small.store.query(CONSTRUCT, use_default_graph_as_union=True,
                                        prefixes=q.PREFIXES))
    assert ox.Triple(ox.NamedNode(ROLE + "sizheng"), ox.NamedNode(q.PREFIXES["rdfs"] + "label"),
                     ox.Literal("司正", language="zh-Hans")) in got


@pytest.mark.parametrize("fmt", sorted(GRAPH_FORMATS))
def test_describe_in_every_rdf_format_gives_the_same_triples(fmt, small_store_dir, capsys):
    code, out, _ = run(["--sparql", "DESCRIBE role:bin", "--format", fmt], small_store_dir,
                       capsys)
    assert code == 0
    got = {q.triple for q in ox.parse(out, format=GRAPH_FORMATS[fmt])}
    _, nt, _ = run(["--sparql", "DESCRIBE role:bin", "--format", "ntriples"], small_store_dir,
                   capsys)
    assert got == {q.triple for q in ox.parse(nt, format=ox.RdfFormat.N_TRIPLES)}
    assert any(t.object == ox.Literal("宾客", language="zh-hans") for t in got)


@pytest.mark.parametrize("argv, message", [
    (["--sparql", CONSTRUCT, "--format", "table"], "a CONSTRUCT query answers with RDF triples"),
    (["--sparql", "DESCRIBE role:bin", "--format", "csv"], "use --format turtle|ntriples"),
    (["object-usage", "--format", "turtle"], "a SELECT query answers with a table, not RDF"),
])
def test_a_format_that_does_not_fit_the_query_form_is_one_line_exit_2(argv, message,
                                                                      small_store_dir, capsys):
    code, out, err = run(argv, small_store_dir, capsys)
    assert code == 2 and out == "" and message in err and err.strip().count("\n") == 0


def test_sparql_text_uses_the_predeclared_prefixes(small_store_dir, capsys, tmp_path):
    code, out, _ = run(["--sparql", "SELECT (COUNT(*) AS ?n) { ?a a rg:Step ; rg:agent "
                        "role:sizheng }", "--format", "csv"], small_store_dir, capsys)
    assert code == 0 and out.split() == ["n", "9"]
    path = tmp_path / "mine.rq"
    path.write_text("SELECT ?l { role:bin skos:prefLabel ?l }", encoding="utf-8")
    code, out, _ = run([str(path), "--format", "csv"], small_store_dir, capsys)
    assert code == 0 and out.split() == ["l", "宾"]


def test_a_query_s_own_prefix_declaration_wins_over_the_predeclared_one(small_store_dir, capsys):
    code, out, _ = run(["--sparql", "PREFIX rg: <http://example.org/other#> "
                        "SELECT (COUNT(*) AS ?n) { ?a a rg:Step }", "--format", "csv"],
                       small_store_dir, capsys)
    assert code == 0 and out.split() == ["n", "0"]


def test_an_unknown_prefix_is_one_line_naming_the_known_ones(small_store_dir, capsys):
    code, out, err = run(["--sparql", "SELECT * { ?s foo:bar ?o }"], small_store_dir, capsys)
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0
    assert 'unknown prefix "foo:" — known: rg, role, obj, place' in err and "\\u{" not in err


def test_a_syntax_error_is_one_short_line_without_unicode_ranges(small_store_dir, capsys):
    code, _, err = run(["--sparql", "SELECT * {"], small_store_dir, capsys)
    assert code == 2 and err.strip().count("\n") == 0
    assert "does not parse at 1:11: expected one of" in err and "\\u{" not in err
    assert len(err) < 300


def test_remote_queries_get_prefix_lines_for_the_prefixes_they_use_undeclared():
    text = "PREFIX rg: <https://w3id.org/ritegraph/ontology#>\nASK { ?a rg:agent role:bin }"
    sent = q.with_prefixes(text)
    assert sent == "PREFIX role: <https://w3id.org/ritegraph/role/>\n" + text
    assert q.with_prefixes("ASK { <http://a.example/b:c> ?p 'x:y' } # rg:") == (
        "ASK { <http://a.example/b:c> ?p 'x:y' } # rg:")
    assert ox.Store().query(sent).__bool__() is False  # parses with no predeclared prefixes


def test_the_table_is_aligned_and_shows_labels(small_store_dir, capsys):
    _, out, _ = run(["who-handles"], small_store_dir, capsys)
    lines = out.splitlines()
    assert lines[-1] == "(6 rows)"
    header, *rows = columns(lines[:-1])
    assert header == ["agent", "rite", "section", "action", "acts"]
    assert {tuple(r[:2]) for r in rows} == {("司正", "乡射礼"), ("司正", "燕礼")}
