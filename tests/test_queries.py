"""The named query library: headers, safe parameters, results on a hand-written graph and on
the seed graph, output formats and the ``ritegraph query`` command."""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from rdflib.plugins.sparql import prepareQuery

from ritegraph import query as q
from ritegraph.cli import main
from ritegraph.errors import UsageError
from ritegraph.store import open_store

FIXTURE = Path(__file__).parent / "fixtures" / "queries" / "small.trig"
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
QUERIES = q.catalogue()


@pytest.fixture(scope="module")
def small() -> q.LocalTarget:
    store = ox.Store()
    store.load(path=str(FIXTURE), format=ox.RdfFormat.TRIG)
    return q.LocalTarget(store)


def table(result: q.Result, *variables: str) -> list[tuple[str, ...]]:
    """Rows as tuples of compact IRIs / literal values, in result order."""
    def show(term):
        if term is None:
            return ""
        return q.compact(term.value) if isinstance(term, ox.NamedNode) else term.value
    names = variables or tuple(result.variables)
    return [tuple(show(row.get(v)) for v in names) for row in result.rows]


# ------------------------------------------------------------------ the catalogue itself

def test_catalogue_has_at_least_fifteen_documented_queries():
    assert len(QUERIES) >= 15
    for name, nq in QUERIES.items():
        assert nq.summary, name
        assert nq.description, name


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_query_parses_in_rdflib_and_pyoxigraph(name):
    text = QUERIES[name].text
    prepareQuery(text)
    ox.Store().query(text)  # raises SyntaxError if it does not parse


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_param_has_values_blocks_holding_its_default(name):
    """One block per parameter, or one in each branch that uses it (``witness``)."""
    nq = QUERIES[name]
    prefixes = q.query_prefixes(nq.text)
    for param in nq.params:
        blocks = re.findall(r"VALUES\s+\?" + param.name + r"\s*\{([^{}]*)\}", nq.text)
        assert len(blocks) == (2 if param.name == "witness" else 1), (name, param.name)
        for block in blocks:
            written = block.strip()
            in_body = q.parse_iri(written, prefixes) or q.parse_literal(written)
            declared = q.parse_param_value(param, param.default, prefixes)
            assert in_body == declared, (name, param.name, written, param.default)


def test_no_query_joins_on_arithmetic():
    for name, nq in QUERIES.items():
        assert not re.search(r"\?\w+\s*[+-]\s*1\b", nq.text), name


def test_parse_header():
    text = ("#+ summary: S\n#+ description: one\n#+ description: two\n"
            "#+ param: role — the agent (role:sishe)\nSELECT * {}\n")
    assert q.parse_header(text) == ("S", "one two",
                                    (q.Param("role", "the agent", "role:sishe"),))
    with pytest.raises(UsageError):
        q.parse_header("#+ param: role without default\n")


# ------------------------------------------------------------------ safe parameters

WHO = QUERIES["who-handles"]
PHRASE = QUERIES["commentary-on"]


def test_iri_params_accept_prefixed_full_and_label_forms(small):
    zhi = ox.NamedNode("https://w3id.org/ritegraph/object/zhi")
    prefixes = q.query_prefixes(WHO.text)
    param = WHO.param("object")
    assert q.parse_param_value(param, "obj:zhi", prefixes) == zhi
    assert q.parse_param_value(param, f"<{zhi.value}>", prefixes) == zhi
    assert q.parse_param_value(param, "觯", prefixes, small) == zhi
    assert q.parse_param_value(param, "东阶", prefixes, small).value.endswith("place/zuojie")


def test_a_role_label_names_the_role_not_its_participants(small):
    """participant/<rite>/<role> carries its role's label; the label still names the role."""
    nq = QUERIES["role-acts-in-section"]
    prefixes = q.query_prefixes(nq.text)
    assert q.parse_param_value(nq.param("role"), "司正", prefixes, small) == ox.NamedNode(
        "https://w3id.org/ritegraph/role/sizheng")
    assert len(small.select("""SELECT ?p WHERE {
        ?p a <https://w3id.org/ritegraph/ontology#Participant> ;
           <http://www.w3.org/2000/01/rdf-schema#label> "司正"@zh-Hans }""").rows) == 2


@pytest.mark.parametrize("value", [
    "obj:zhi } ; DROP ALL ; SELECT * {",
    "<https://w3id.org/ritegraph/object/zhi> } UNION { ?s ?p ?o",
    "<https://w3id.org/x> } #",
    "<https://w3id.org/x",
    "觯 } ?s ?p ?o {",
    "obj:zhi\nLIMIT 0",
    '"lit"',
    "",
])
def test_iri_params_reject_injection(small, value):
    with pytest.raises(UsageError):
        q.bind_params(WHO, {"object": value}, small)


@pytest.mark.parametrize("value", [
    '"x" . ?s ?p ?o',
    '"x"@en } ; DROP ALL',
    '"x"^^<http://a> } #',
    '"unterminated',
    "x\n} ; DROP ALL",
])
def test_literal_params_reject_malformed_literals(small, value):
    with pytest.raises(UsageError):
        q.bind_params(PHRASE, {"phrase": value}, small)


def test_a_plain_value_with_quotes_stays_one_literal(small):
    value = 'x" } ; DROP ALL ; SELECT * { ?s ?p ?o } #'
    text = q.bind_params(PHRASE, {"phrase": value}, small)
    assert 'VALUES ?phrase { "x\\" } ; DROP ALL ; SELECT * { ?s ?p ?o } #" }' in text
    before = len(small.store)
    assert small.select(text).rows == []
    assert len(small.store) == before


def test_unknown_param_is_a_usage_error(small):
    with pytest.raises(UsageError, match="no parameter"):
        q.bind_params(WHO, {"objekt": "obj:zhi"}, small)


def test_unknown_label_is_a_usage_error(small):
    with pytest.raises(UsageError, match="nothing is labelled"):
        q.bind_params(WHO, {"object": "不存在之物"}, small)


def test_with_limit():
    assert q.with_limit("SELECT * { ?s ?p ?o }", 3).rstrip().endswith("LIMIT 3")
    limited = "SELECT * { ?s ?p ?o } LIMIT 10"
    assert q.with_limit(limited, 3) == limited
    with pytest.raises(UsageError):
        q.with_limit(limited, -1)


# ------------------------------------------------------------------ results on the small graph

EXPECTED: dict[str, tuple[tuple[str, ...], list[tuple[str, ...]]]] = {
    # name: (columns compared, expected rows in order)
    "roles-per-rite": (("rite", "role", "acts", "implicitAgent"), [
        ("rite:xiangsheli", "role:sizheng", "5", "0"),
        ("rite:xiangsheli", "role:zhuren", "3", "0"),
        ("rite:xiangsheli", "role:bin", "2", "0"),
        ("rite:xiangsheli", "role:sishe", "2", "1"),
        ("rite:yanli", "role:sizheng", "4", "0"),
        ("rite:yanli", "role:zhuren", "3", "0"),
        ("rite:yanli", "role:gong", "2", "0"),
        ("rite:yanli", "role:sheren", "1", "0")]),
    "object-usage": (("object", "rite", "action", "acts"), [
        ("obj:jue", "rite:yanli", "action:bai", "2"),
        ("obj:zhi", "rite:xiangsheli", "action:dian", "1"),
        ("obj:zhi", "rite:xiangsheli", "action:xi", "1"),
        ("obj:zhi", "rite:xiangsheli", "action:zhuo", "1"),
        ("obj:zhi", "rite:yanli", "action:dian", "1"),
        ("obj:zhi", "rite:yanli", "action:qu", "1"),
        ("obj:zhi", "rite:yanli", "action:xi", "1")]),
    "role-acts-in-section": (("section", "order", "action", "quote", "nextAction"), [
        ("司射诱射", "11", "action:li", "司射面向东站在三对射者的北边", "action:youshe"),
        ("司射诱射", "12", "action:youshe", "诱射", "")]),
    "who-handles": (("agent", "rite", "section", "action", "acts"), [
        ("role:sizheng", "rite:xiangsheli", "立司正", "action:dian", "1"),
        ("role:sizheng", "rite:xiangsheli", "立司正", "action:xi", "1"),
        ("role:sizheng", "rite:xiangsheli", "立司正", "action:zhuo", "1"),
        ("role:sizheng", "rite:yanli", "立司正命安賔", "action:dian", "1"),
        ("role:sizheng", "rite:yanli", "立司正命安賔", "action:qu", "1"),
        ("role:sizheng", "rite:yanli", "立司正命安賔", "action:xi", "1")]),
    "role-positions": (("role", "place", "facing", "acts"), [
        ("role:bin", "place:xijie", "", "1"),
        ("role:sheren", "place:zuojie", "", "1"),
        ("role:sishe", "", "dir:dong", "1"),
        # 奠 in 中庭 facing north: 中庭 is where the 觯 is put (rg:placement), not a position
        ("role:sizheng", "", "dir:bei", "1"),
        ("role:sizheng", "place:xijie", "", "1"),
        ("role:sizheng", "place:zuojie", "dir:bei", "1"),
        ("role:zhuren", "place:xijie", "", "1"),
        ("role:zhuren", "place:zuojie", "", "1")]),
    "xian-zuo-chou": (("rite", "host", "guest", "presented", "returned", "toasted", "steps"), [
        ("rite:xiangsheli", "role:zhuren", "role:bin", "1", "1", "1", "3")]),
    "term-passages": (("layer", "passage", "exact"), [
        ("layer:jing", "text:000/7429-7467", "觯"),
        ("layer:jing", "text:002/1624-1667", "觯"),
        ("layer:zhu", "text:000/7659-7695", "觯")]),
    "term-layers": (("rite", "layer", "mentions"), [
        ("rite:xiangsheli", "layer:jing", "1"),
        ("rite:xiangsheli", "layer:zhu", "1"),
        ("rite:yanli", "layer:jing", "1")]),
    "commentary-only": (("concept", "layer", "mentions"), [
        ("role:shi", "layer:zhu", "1")]),
    "negated-acts": (("rite", "section", "agent", "action", "quote"), [
        ("rite:yanli", "献工", "role:gong", "action:xing", "工不兴")]),
    "commentary-on": (("classic", "layer", "commentary"), [
        ("text:002/1492-1510", "layer:zhu", "text:002/1511-1553")]),
    "section-acts": (("rite", "section", "acts", "agents"), [
        ("rite:xiangsheli", "section:000/3", "3", "2"),
        ("rite:xiangsheli", "section:000/20", "7", "3"),
        ("rite:xiangsheli", "section:000/24", "2", "1"),
        ("rite:yanli", "section:002/1", "0", "0"),  # a section without acts
        ("rite:yanli", "section:002/2", "5", "2"),
        ("rite:yanli", "section:002/6", "5", "2")]),
    "objects-by-class": (("rite", "class", "object", "acts"), [
        ("rite:xiangsheli", "rg:DrinkingVessel", "obj:zhi", "3"),
        ("rite:yanli", "rg:DrinkingVessel", "obj:zhi", "3"),
        ("rite:yanli", "rg:DrinkingVessel", "obj:jue", "2")]),
    "acts-at-place": (("rite", "section", "agent", "action", "relation", "facing"), [
        ("rite:xiangsheli", "立司正", "role:sizheng", "action:shouming", "rg:place", "dir:bei"),
        ("rite:xiangsheli", "立司正", "role:zhuren", "action:bai", "rg:place", ""),
        ("rite:yanli", "立司正命安賔", "role:sheren", "action:qing", "rg:place", "")]),
    "roles-never": (("role", "acts"), [
        ("role:sishe", "2"),
        ("role:sheren", "1")]),
    "exchanges": (("rite", "agent", "recipient", "acts"), [
        ("rite:xiangsheli", "role:bin", "role:zhuren", "1"),
        ("rite:xiangsheli", "role:zhuren", "role:bin", "1")]),
    "rite-steps": (("agent", "action", "steps", "acts"), [
        ("role:sizheng", "action:bai", "1", "1"),
        ("role:sizheng", "action:qu", "1", "1")]),
    "variant-readings": (("rite", "class", "witness", "file", "start", "quote"), [
        ("rite:yanli", "rg:GraphicVariant", "edition:seed-judou", "002_057a3db194e8ed57.txt", "5",
         "賔"),
        ("rite:yanli", "rg:GraphicVariant", "edition:seed-judou", "000_a642de9eda7ba160.txt",
         "30378", "宾")]),
    "inferred-agents": (("rite", "agent", "action", "confidence", "quote"), [
        ("rite:xiangsheli", "role:sishe", "action:youshe", "0.6", "诱射")]),
    "rite-overview": (("rite", "sections", "passages", "mentions", "acts", "riteSteps"), [
        ("rite:xiangsheli", "3", "9", "4", "12", ""),
        ("rite:yanli", "3", "5", "3", "10", "2")]),
    "scheme-mentions": (("concept", "layer", "mentions"), [
        ("role:shi", "layer:zhu", "1"),
        ("role:sizheng", "layer:jing", "1")]),
    "section-sequence": (("rite", "order", "agent", "action", "object", "place", "placement"), [
        ("rite:xiangsheli", "4", "role:sizheng", "action:xi", "obj:zhi", "", ""),
        ("rite:xiangsheli", "5", "role:sizheng", "action:sheng", "", "place:xijie", ""),
        ("rite:xiangsheli", "6", "role:sizheng", "action:shouming", "", "place:zuojie", ""),
        ("rite:xiangsheli", "7", "role:zhuren", "action:bai", "", "place:zuojie", ""),
        ("rite:xiangsheli", "8", "role:bin", "action:bai", "", "place:xijie", ""),
        ("rite:xiangsheli", "9", "role:sizheng", "action:zhuo", "obj:zhi", "", ""),
        ("rite:xiangsheli", "10", "role:sizheng", "action:dian", "obj:zhi", "", "place:zhongting"),
        ("rite:yanli", "6", "role:sheren", "action:qing", "", "place:zuojie", ""),
        ("rite:yanli", "7", "role:sizheng", "action:xi", "obj:zhi", "", ""),
        ("rite:yanli", "8", "role:sizheng", "action:dian", "obj:zhi", "", "place:zhongting"),
        ("rite:yanli", "9", "role:sizheng", "action:qu", "obj:zhi", "", ""),
        ("rite:yanli", "10", "role:sizheng", "action:bai", "", "", "")]),
}


def test_every_named_query_has_an_expectation():
    assert set(EXPECTED) | {"action-transitions"} == set(QUERIES)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_named_query_on_the_small_graph(small, name):
    columns, rows = EXPECTED[name]
    result = q.run(small, QUERIES[name])
    assert table(result, *columns) == rows


def test_action_transitions_follow_next(small):
    result = q.run(small, QUERIES["action-transitions"], {"min_times": "1"})
    rows = table(result, "rite", "action", "nextAction", "times")
    assert ("rite:xiangsheli", "action:xian", "action:zuo", "1") in rows
    assert ("rite:xiangsheli", "action:li", "action:youshe", "1") in rows
    assert ("rite:xiangsheli", "action:chou", "action:xi", "1") not in rows  # across sections
    assert sum(int(r[3]) for r in rows) == 22 - 5  # acts minus the last of each section
    assert q.run(small, QUERIES["action-transitions"]).rows == []  # each pair occurs once


def test_a_placement_is_a_place_of_the_act_but_not_where_its_agent_stands(small):
    """奠于中庭: acts-at-place finds 中庭 as where the 觯 is put; role-positions does not
    count it as a position of 司正 (rg:place only)."""
    at = q.run(small, QUERIES["acts-at-place"], {"place": "中庭"})
    assert table(at, "rite", "agent", "action", "relation", "facing") == [
        ("rite:xiangsheli", "role:sizheng", "action:dian", "rg:placement", "dir:bei"),
        ("rite:yanli", "role:sizheng", "action:dian", "rg:placement", "")]
    positions = table(q.run(small, QUERIES["role-positions"]), "place")
    assert ("place:zhongting",) not in positions


def test_params_change_the_answer(small):
    bows = q.run(small, QUERIES["who-handles"], {"object": "爵"})
    assert table(bows, "agent", "action") == [("role:gong", "action:bai"),
                                              ("role:zhuren", "action:bai")]
    never_wash = q.run(small, QUERIES["roles-never"], {"action": "action:xi"})
    assert {r[0] for r in table(never_wash, "role")} == {"role:bin", "role:gong",
                                                           "role:sheren", "role:sishe"}
    low = q.run(small, QUERIES["inferred-agents"], {"threshold": "0.5"})
    assert low.rows == []


def test_fixture_text_matches_the_corpus(small):
    """The hand-written graph quotes the corpus exactly (offsets are code points)."""
    texts = {p.name.split("_", 1)[0]: p.read_text(encoding="utf-8")
             for p in CORPUS.glob("*.txt")}
    rows = small.select("""PREFIX rg: <https://w3id.org/ritegraph/ontology#>
        PREFIX oa: <http://www.w3.org/ns/oa#>
        SELECT ?doc ?s ?e ?t WHERE {
          { ?x rg:start ?s ; rg:end ?e ; rg:text ?t ; rg:inDocument ?doc }
          UNION { { ?m oa:hasTarget ?sr } UNION { ?v rg:reading ?sr }
                  ?sr oa:hasSource ?doc ; oa:hasSelector ?p, ?qs .
                  ?p oa:start ?s ; oa:end ?e . ?qs oa:exact ?t } }""").rows
    assert len(rows) == 14 + 7 + 22 + 2  # passages + mentions + step evidence + readings
    for row in rows:
        stem = row["doc"].value.rsplit("/", 1)[1]
        assert texts[stem][int(row["s"].value):int(row["e"].value)] == row["t"].value
    contexts = small.select("""PREFIX oa: <http://www.w3.org/ns/oa#>
        SELECT ?doc ?s ?e ?pre ?suf WHERE {
          ?sr oa:hasSource ?doc ; oa:hasSelector ?p, ?qs .
          ?p oa:start ?s ; oa:end ?e . ?qs oa:prefix ?pre ; oa:suffix ?suf }""").rows
    assert len(contexts) == 7 + 2  # mentions and the two readings of a variant
    for row in contexts:
        text = texts[row["doc"].value.rsplit("/", 1)[1]]
        start, end = int(row["s"].value), int(row["e"].value)
        prefix, suffix = row["pre"].value, row["suf"].value
        assert text[start - len(prefix):start] == prefix
        assert text[end:end + len(suffix)] == suffix


def _value(term) -> tuple[str, str]:
    """(kind, lexical value) of a pyoxigraph or rdflib term, for comparing the two engines."""
    if term is None:
        return ("", "")
    kind = "iri" if isinstance(term, ox.NamedNode | rdflib.URIRef) else "literal"
    return (kind, term.value if isinstance(term, ox.NamedNode | ox.Literal) else str(term))


@pytest.fixture(scope="module")
def small_rdflib(small: q.LocalTarget) -> rdflib.Graph:
    """The small graph's named graphs merged into one rdflib graph (the union default graph)."""
    dataset = rdflib.Dataset()
    dataset.parse(data=small.store.dump(format=ox.RdfFormat.N_QUADS), format="nquads")
    merged = rdflib.Graph()
    for s, p, o, _graph in dataset.quads():
        merged.add((s, p, o))
    return merged


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_rdflib_gives_the_same_answers(small, small_rdflib, name):
    """The queries are tuned for Oxigraph (subqueries); rdflib's engine, which miscounts some
    joins of subqueries inside an OPTIONAL subquery, must still give the same rows."""
    ours = sorted(tuple(_value(t) for t in row) for row in q.run(small, QUERIES[name]).tuples())
    theirs = sorted(tuple(_value(t) for t in row) for row in small_rdflib.query(QUERIES[name].text))
    assert theirs == ours


# ------------------------------------------------------------------ output formats

def test_in_memory_copy_answers_the_same(small):
    copy = q.LocalTarget.in_memory(small.store)
    assert len(copy.store) == len(small.store)
    for nq in QUERIES.values():
        assert q.run(copy, nq) == q.run(small, nq)


def test_table_shows_labels(small):
    out = q.format_result(q.run(small, QUERIES["who-handles"]), "table", small)
    assert "司正" in out and "乡射礼" in out and "https://" not in out
    assert out.rstrip().endswith("(6 rows)")


def test_json_is_sparql_results_json(small):
    result = q.run(small, QUERIES["xian-zuo-chou"])
    data = json.loads(q.format_result(result, "json"))
    assert data["head"]["vars"] == result.variables
    binding = data["results"]["bindings"][0]
    assert binding["host"] == {"type": "uri", "value": "https://w3id.org/ritegraph/role/zhuren"}
    assert binding["presented"]["datatype"].endswith("#integer")
    assert q.result_from_json(data) == result


def test_csv_and_tsv(small):
    result = q.run(small, QUERIES["negated-acts"])
    rows = list(csv.reader(io.StringIO(q.format_result(result, "csv"))))
    assert rows[0] == result.variables
    assert rows[1][0] == "https://w3id.org/ritegraph/rite/yanli" and "工不兴" in rows[1]
    tsv = q.format_result(result, "tsv").splitlines()
    assert tsv[0].split("\t")[0] == "?rite"
    assert "<https://w3id.org/ritegraph/rite/yanli>" in tsv[1] and '"工不兴"' in tsv[1]


def test_ask_results(small):
    result = small.select("ASK { ?a <https://w3id.org/ritegraph/ontology#negated> true }")
    assert result.boolean is True
    assert json.loads(q.format_json(result)) == {"head": {}, "boolean": True}


# ------------------------------------------------------------------ the command

def test_cli_list(capsys):
    assert main(["query", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in QUERIES)
    assert "[object=obj:zhi]" in out


def test_cli_named_query_table(small_store_dir, capsys):
    assert main(["query", "object-usage", "--store", str(small_store_dir)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["object", "rite", "action", "acts"]
    assert "觯" in out and "燕礼" in out


def test_cli_param_label_json_and_limit(small_store_dir, capsys):
    assert main(["query", "who-handles", "--param", "object=觯", "--format", "json",
                 "--limit", "2", "--store", str(small_store_dir)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["results"]["bindings"]) == 2


def test_cli_file_and_sparql(small_store_dir, capsys, tmp_path):
    path = tmp_path / "mine.rq"
    path.write_text("SELECT (COUNT(*) AS ?n) WHERE { ?a a "
                    "<https://w3id.org/ritegraph/ontology#Step> }", encoding="utf-8")
    assert main(["query", str(path), "--format", "csv", "--store", str(small_store_dir)]) == 0
    assert capsys.readouterr().out.split() == ["n", "22"]
    assert main(["query", "--sparql", "ASK { ?s ?p ?o }", "--format", "tsv",
                 "--store", str(small_store_dir)]) == 0
    assert capsys.readouterr().out.split() == ["?boolean", "true"]


@pytest.mark.parametrize("argv", [
    ["query", "who-handles", "--param", "object=obj:zhi } ; DROP ALL ; SELECT * {"],
    ["query", "who-handles", "--param", "object=<http://x> } UNION { ?s ?p ?o"],
    ["query", "commentary-on", "--param", 'phrase="x" . ?s ?p ?o'],
    ["query", "who-handles", "--param", "nosuch=1"],
    ["query", "who-handles", "--param", "object"],
    ["query", "no-such-query"],
    ["query"],
    ["query", "--sparql", "SELECT * {"],
    ["query", "--sparql", "DELETE WHERE { ?s ?p ?o }"],
    ["query", "--sparql", "SELECT * { ?s nosuch:p ?o }"],
])
def test_cli_usage_errors_exit_2(small_store_dir, capsys, argv):
    assert main([*argv, "--store", str(small_store_dir)]) == 2
    assert "error" in capsys.readouterr().err
    fresh = ox.Store()
    fresh.load(path=str(FIXTURE), format=ox.RdfFormat.TRIG)
    assert len(open_store(small_store_dir)) == len(fresh)  # nothing was changed


def test_cli_without_store_exits_2(tmp_path, capsys):
    assert main(["query", "object-usage", "--store", str(tmp_path / "none")]) == 2
    assert "ritegraph build" in capsys.readouterr().err


# ------------------------------------------------------------------ the seed graph

RG = "https://w3id.org/ritegraph/ontology#"


@pytest.fixture(scope="module")
def seed(built_store) -> q.LocalTarget:
    return q.LocalTarget(open_store(built_store), "the seed graph")


@pytest.fixture(scope="module")
def seed_acts(seed) -> q.LocalTarget:
    if not seed.select(f"ASK {{ ?a a <{RG}Step> }}").boolean:
        pytest.skip("acts not built")
    return seed


def labelled(target: q.Target, result: q.Result, *variables: str) -> list[tuple[str, ...]]:
    """Rows with IRIs replaced by their labels (as the table format shows them)."""
    names = variables or tuple(result.variables)
    iris = [t.value for row in result.rows for t in row.values() if isinstance(t, ox.NamedNode)]
    label_of = q.labels(target, iris)
    return [tuple(q.display(row.get(v), label_of) for v in names) for row in result.rows]


def test_seed_every_query_runs(seed):
    for name, nq in QUERIES.items():
        result = q.run(seed, nq)
        assert result.variables, name


def test_seed_rite_overview(seed):
    rows = labelled(seed, q.run(seed, QUERIES["rite-overview"]), "rite", "sections",
                    "passages", "mentions")
    assert {r[0] for r in rows} == {"乡射礼", "燕礼", "聘礼", "公食大夫礼"}
    assert all(int(r[1]) > 0 and int(r[2]) > 0 and int(r[3]) > 0 for r in rows)


def test_seed_term_passages_quote_the_term(seed):
    result = q.run(seed, QUERIES["term-passages"], {"term": "觯"})
    assert len(result.rows) > 20
    for row in result.rows:
        assert row["exact"].value in row["text"].value
        assert int(row["start"].value) < int(row["end"].value)
    layers = {r[0] for r in labelled(seed, result, "layer")}
    assert {"经", "注"} <= layers


def test_seed_commentary_on_the_lisizheng_passage(seed):
    rows = labelled(seed, q.run(seed, QUERIES["commentary-on"]), "classicText", "layer", "text")
    assert ("射人自阼阶下请立司正公许射人遂为司正", "注") in {r[:2] for r in rows}
    assert any(r[2].startswith("【君许其请因命用为司正") for r in rows)


def test_seed_commentary_only_concepts_never_in_the_classic(seed):
    result = q.run(seed, QUERIES["commentary-only"])
    concepts = {row["concept"].value for row in result.rows}
    assert concepts
    classic = {row["c"].value for row in seed.select(f"""
        PREFIX oa: <http://www.w3.org/ns/oa#>
        SELECT DISTINCT ?c WHERE {{ ?m oa:hasBody ?c ; <{RG}inPassage> ?p .
          {{ ?p <{RG}layer> <https://w3id.org/ritegraph/layer/jing> }}
          UNION {{ ?p <{RG}translates> <https://w3id.org/ritegraph/layer/jing> }} }}""").rows}
    assert not concepts & classic


def test_seed_zhi_is_handled_by_sizheng_in_lisizheng(seed_acts):
    rows = labelled(seed_acts, q.run(seed_acts, QUERIES["who-handles"], {"object": "觯"}),
                    "agent", "rite", "section", "action")
    lisizheng = {(r[1], r[3]) for r in rows if r[0] == "司正" and r[2] == "立司正"}
    assert ("乡射礼", "洗") in lisizheng and ("乡射礼", "奠") in lisizheng
    assert any(r[0] == "司正" and r[1] == "燕礼" and r[2].startswith("立司正") for r in rows)


def test_seed_sishe_acts_in_xiangsheli_include_the_youshe_episode(seed_acts):
    result = q.run(seed_acts, QUERIES["role-acts-in-section"], {"role": "司射", "rite": "乡射礼"})
    rows = labelled(seed_acts, result, "section", "action", "quote")
    youshe = [r for r in rows if r[0] == "司射诱射"]
    assert len(youshe) >= 5  # 司射 demonstrates the shooting (诱射): 揖, 升, 执弓, 取矢 …
    assert {"揖", "升"} <= {r[1] for r in youshe}
    orders = [(row.get("section"), int(row["order"].value)) for row in result.rows]
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(orders) if a[0] == b[0])


def test_seed_xian_zuo_chou_between_host_and_guest(seed_acts):
    rows = labelled(seed_acts, q.run(seed_acts, QUERIES["xian-zuo-chou"]),
                    "rite", "host", "guest", "returned", "toasted", "steps")
    host_guest = [r for r in rows if r[:3] == ("乡射礼", "主人", "宾")]
    assert host_guest and int(host_guest[0][3]) >= 1 and int(host_guest[0][4]) >= 1
    assert all(int(r[5]) >= 2 for r in rows)


def test_seed_roles_that_never_bow(seed_acts):
    result = q.run(seed_acts, QUERIES["roles-never"])
    never = {row["role"].value for row in result.rows}
    bowing = {row["r"].value for row in seed_acts.select(f"""SELECT DISTINCT ?r WHERE {{
        ?a <{RG}actionType> <https://w3id.org/ritegraph/action/bai> ; <{RG}agent> ?r ;
           <{RG}negated> false }}""").rows}
    assert never and not never & bowing
    assert {"https://w3id.org/ritegraph/role/zhuren", "https://w3id.org/ritegraph/role/bin"} \
        <= bowing


def test_seed_negated_acts_quote_a_negation(seed_acts):
    result = q.run(seed_acts, QUERIES["negated-acts"])
    assert len(result.rows) >= 10
    negators = ("不", "无", "未", "弗", "毋", "勿", "没有", "莫", "非")
    assert sum(any(n in row["quote"].value for n in negators)
               for row in result.rows) >= 0.9 * len(result.rows)


def test_seed_places_and_classes(seed_acts):
    at_zuojie = labelled(seed_acts, q.run(seed_acts, QUERIES["acts-at-place"],
                                          {"place": "阼阶"}), "agent")
    assert ("主人",) in at_zuojie
    positions = labelled(seed_acts, q.run(seed_acts, QUERIES["role-positions"]), "role", "place")
    assert ("主人", "阼阶") in positions
    classes = labelled(seed_acts, q.run(seed_acts, QUERIES["objects-by-class"]), "class",
                       "object")
    assert ("酒器", "觯") in classes
    usage = labelled(seed_acts, q.run(seed_acts, QUERIES["object-usage"]), "object", "rite",
                     "action")
    assert ("觯", "乡射礼", "洗") in usage


def test_seed_section_sequence_and_counts(seed_acts):
    result = q.run(seed_acts, QUERIES["section-sequence"], {"title": "立司正"})
    rows = labelled(seed_acts, result, "rite", "agent", "object")
    assert ("乡射礼", "司正", "觯") in rows and ("燕礼", "司正", "觯") in rows
    counts = labelled(seed_acts, q.run(seed_acts, QUERIES["section-acts"]), "section", "acts")
    assert any(title == "立司正" and int(n) > 0 for title, n in counts)


def test_seed_transitions_exchanges_and_inferred_agents(seed_acts):
    transitions = q.run(seed_acts, QUERIES["action-transitions"])
    assert transitions.rows and all(int(r["times"].value) >= 2 for r in transitions.rows)
    bows = labelled(seed_acts, q.run(seed_acts, QUERIES["exchanges"]), "rite", "agent",
                    "recipient")
    assert ("乡射礼", "主人", "宾") in bows and ("乡射礼", "宾", "主人") in bows
    inferred = q.run(seed_acts, QUERIES["inferred-agents"])
    assert inferred.rows
    assert all(float(r["confidence"].value) <= 0.6 for r in inferred.rows)
    roles = labelled(seed_acts, q.run(seed_acts, QUERIES["roles-per-rite"]), "rite", "role")
    assert ("乡射礼", "司射") in roles
