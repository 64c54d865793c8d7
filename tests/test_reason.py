"""``ritegraph reason``: HermiT finds ontology + lexicon + acts consistent, writes the inferred
types, and rejects a deliberately mis-typed lexicon entry."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import rdflib

from ritegraph import reason as reason_module
from ritegraph.cli import main
from ritegraph.reason import reason, store_graphs
from ritegraph.store import open_store
from ritegraph.vocab import RG, ROLE

needs_java = pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java")

BOWING = """
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?act WHERE { ?act a rg:Step ; rg:negated false ; rg:actionType ?t .
  ?t skos:broader* <https://w3id.org/ritegraph/action/bai> }
"""
INFERRED = """
SELECT ?act WHERE { GRAPH <https://w3id.org/ritegraph/graph/inferred> {
  ?act a <https://w3id.org/ritegraph/ontology#BowingStep> } }
"""


@pytest.fixture
def store_copy(built_store: Path, tmp_path: Path) -> Path:
    target = tmp_path / "store"
    shutil.copytree(built_store, target, symlinks=True)
    return target


@needs_java
def test_reason_writes_inferred_bowing_steps_never_for_a_negated_one(store_copy, capsys):
    assert main(["reason", "--store", str(store_copy)]) == 0
    assert capsys.readouterr().out.startswith("consistent:")
    store = open_store(store_copy)
    expected = {r["act"].value for r in store.query(BOWING, use_default_graph_as_union=True)}
    inferred = {r["act"].value for r in store.query(INFERRED)}
    assert inferred == expected
    negated = {r["act"].value for r in store.query(BOWING.replace("false", "true"),
                                                      use_default_graph_as_union=True)}
    assert negated and not negated & inferred  # 不拜: a step of not bowing is no bowing step


@needs_java
def test_mistyped_lexicon_entry_makes_the_ontology_inconsistent(built_store):
    lexicon = store_graphs(built_store, with_acts=False)[0]
    assert reason([lexicon]).consistent
    wrong = rdflib.Graph()
    wrong += lexicon
    guest = rdflib.URIRef(ROLE + "bin")
    wrong.add((guest, rdflib.RDF.type, rdflib.URIRef(RG.Place)))  # the guest typed as a place
    report = reason([wrong])
    assert not report.consistent


def test_reason_without_java_exits_2(built_store, monkeypatch, capsys):
    monkeypatch.setattr(reason_module, "java_available", lambda: False)
    assert main(["reason", "--store", str(built_store), "--no-acts", "--dry-run"]) == 2
    assert "Java" in capsys.readouterr().err
