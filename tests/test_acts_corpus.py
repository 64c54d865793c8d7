"""Acts over the whole seed corpus: provenance property, RDF shape, and the dev-set score."""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph import __version__
from ritegraph.acts.evaluate import act_record, evaluate, load_gold
from ritegraph.acts.extract import act_regions, extract_acts
from ritegraph.corpus import load_manifest, read_text
from ritegraph.lexicon import load_lexicon
from ritegraph.model import Layer
from ritegraph.rdf.annotation import Provenance
from ritegraph.rdf.iris import software_iri
from ritegraph.rdf.steps import StepWriter
from ritegraph.rdf.terms import QuadWriter
from ritegraph.readers import reader_for

GOLD = Path(__file__).resolve().parents[2] / "shared" / "gold" / "dev.jsonl"


@pytest.fixture(scope="module")
def corpus() -> list[tuple]:
    files = []
    for file in load_manifest().files:
        result = reader_for(file)(file, read_text(file.path))
        files.append((file, result, extract_acts(result)))
    return files


def test_every_act_is_an_exact_slice_inside_a_classic_passage(corpus: list[tuple]) -> None:
    total = 0
    for _file, result, acts in corpus:
        regions = act_regions(result)
        for act in acts:
            assert result.text[act.start:act.end] == act.quote
            passage = result.passages[act.passage]
            assert passage in regions
            assert passage.start <= act.start < act.end <= passage.end
            assert passage.layer is Layer.JING or passage.translates is Layer.JING
            total += 1
    assert total > 500  # every file yields acts


def test_act_labels_are_all_in_the_lexicon_and_rdf_loads(corpus: list[tuple]) -> None:
    lexicon = load_lexicon()
    out = QuadWriter()
    steps = StepWriter(out, lexicon, Provenance("2026-12-01T00:00:00Z", software_iri(__version__)))
    for file, result, acts in corpus:
        assert steps.file_steps(file, result, acts) == []
    store = ox.Store()
    store.bulk_load(out.data(), format=ox.RdfFormat.N_QUADS)
    rows = list(store.query("""
        PREFIX rg: <https://w3id.org/ritegraph/ontology#>
        PREFIX oa: <http://www.w3.org/ns/oa#>
        SELECT (COUNT(?a) AS ?n) WHERE { GRAPH ?g {
          ?a a rg:Step ; rg:attestedIn ?passage . ?e oa:hasBody ?a ; oa:hasTarget ?t .
          ?t oa:hasSelector ?p , ?q .
          ?p oa:start ?s . ?q oa:exact ?x } }"""))
    assert int(rows[0]["n"].value) == sum(len(acts) for _, _, acts in corpus)
    nexts = list(store.query("""
        PREFIX rg: <https://w3id.org/ritegraph/ontology#>
        SELECT ?a ?b WHERE { GRAPH ?g { ?a rg:next ?b . ?a rg:inSection ?s1 .
          ?b rg:inSection ?s2 . FILTER(?s1 != ?s2) } }"""))
    assert nexts == []


@pytest.mark.skipif(not GOLD.is_file(), reason="the shared dev gold set is not present")
def test_dev_set_targets(corpus: list[tuple]) -> None:
    predicted = [act_record(a) for _, _, acts in corpus for a in acts]
    total, _ = evaluate(load_gold(GOLD), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.85, json.dumps(figures)
    assert figures["object_accuracy"] >= 0.85
    assert figures["place_accuracy"] >= 0.80
    assert figures["facing_accuracy"] >= 0.90
    assert figures["negated_accuracy"] >= 0.95


def test_a_role_read_with_its_generic_label_is_written_as_the_specific_one() -> None:
    """衆介 is read [众介, 介] (GUIDE-kanripo §10); the step names one party, the 众介 (its 介
    follows by skos:broader), while two roles read together (卿大夫) stay two."""
    lexicon = load_lexicon()
    steps = StepWriter(QuadWriter(), lexicon,
                       Provenance("2026-12-01T00:00:00Z", software_iri(__version__)))
    assert steps.narrowest_roles(["众介", "介"]) == [("众介", lexicon.concept("role", "众介").iri)]
    assert [label for label, _ in steps.narrowest_roles(["卿", "大夫"])] == ["卿", "大夫"]
    assert steps.narrowest_roles(["无此人"]) == [] and steps.missing == ["role:无此人"]
