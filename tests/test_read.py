"""The read layer and Python API (ritegraph.read) on the seed build."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from ritegraph import open_graph
from ritegraph.errors import UsageError
from ritegraph.read.records import BASE
from ritegraph.read.snapshot import bind_iris, select
from ritegraph.store import open_store

DOCS = Path(__file__).resolve().parents[1] / "docs" / "api.md"


@pytest.fixture(scope="module")
def graph(built_store):
    return open_graph(built_store)


def test_the_api_examples_in_docs_run_as_written(built_store, monkeypatch):
    monkeypatch.setenv("RITEGRAPH_STORE", str(built_store))
    failures, tried = doctest.testfile(str(DOCS), module_relative=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 10 and failures == 0


def test_steps_filtered_by_role_and_action_have_that_agent_and_action(graph):
    bin_, bai = graph.concept("宾").iri, graph.concept("action/bai").iri
    steps = graph.steps(rite="yanli", role="宾", action="拜")
    assert steps and all(bin_ in s.values("agent") and bai in s.values("action") for s in steps)
    assert {s.where.rite for s in steps} == {"yanli"}


def test_step_and_mention_quotes_are_the_file_slices(graph, seed_corpus):
    records = graph.steps(rite="pinli") + graph.mentions(rite="pinli")
    assert len(records) > 1000
    texts: dict[str, str] = {}
    for r in records:
        w = r.where
        text = texts.setdefault(w.file, (seed_corpus / w.file).read_text(encoding="utf-8"))
        assert text[w.start:w.end] == w.quote, r.iri


def test_counts_agree_with_a_direct_sparql_count(graph, built_store):
    rows = list(select(open_store(built_store), "stats-sections"))
    per_rite = {r["rite"]: r["n"] for r in rows}
    for rite in graph.rites():
        assert len(graph.sections(rite.slug)) == per_rite[rite.label]
    count = graph.sparql("PREFIX rg: <https://w3id.org/ritegraph/ontology#> "
                         "SELECT (COUNT(?s) AS ?n) WHERE { ?s a rg:Step }")[0]["n"]
    assert len(graph.steps()) == count


@pytest.mark.parametrize("name", ["宾", "賓", "bīn", "role/bin", "https://w3id.org/ritegraph/role/bin",
                                  "guest of honour"])
def test_a_concept_is_found_by_any_of_its_names(graph, name):
    assert graph.concept(name).key == "role/bin"


def test_unknown_and_ambiguous_names_are_usage_errors(graph):
    with pytest.raises(UsageError, match="ambiguous: action/bin, action/bin-2, role/bin"):
        graph.concept("bin")
    with pytest.raises(UsageError, match="no concept"):
        graph.concept("不存在")
    with pytest.raises(UsageError, match=r"unknown rite 'nowhere'; give a slug or a label of "
                                         r"one of: xiangsheli"):
        graph.steps(rite="nowhere")


def test_search_ranks_exact_label_matches_first(graph):
    found = [c.key for c in graph.search("jue")]
    assert found[0] == "object/jue" and "action/tuojueshe" in found
    assert graph.search("  ") == []


def test_search_ranks_equal_matches_by_their_mentions(graph):
    """爵 (jué, a cup) and 掘 (jué, to dig) are both exact matches of "jue": the cup, mentioned
    far more often, comes first."""
    found = [c.key for c in graph.search("jue")]
    assert graph.mention_count(f"{BASE}object/jue") > graph.mention_count(f"{BASE}action/jue")
    assert found.index("object/jue") < found.index("action/jue")


def test_bound_iris_are_written_into_the_query_and_nothing_else_is():
    text = "SELECT ?s WHERE { ?s ?p ?passage . ?passageX ?p ?passage }"
    assert bind_iris(text, {"passage": "https://x/y"}) == \
        "SELECT ?s WHERE { ?s ?p <https://x/y> . ?passageX ?p <https://x/y> }"
    for bad in ("https://x/y> } ; <a", "https://x/ y", 'https://x/"'):
        with pytest.raises(ValueError, match="not an IRI"):
            bind_iris(text, {"passage": bad})
