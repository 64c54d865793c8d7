"""Export: every format round-trips (graph isomorphism), Turtle is canonical and readable."""

from __future__ import annotations

import pytest
import rdflib
from rdflib.compare import isomorphic

from ritegraph.cli import main
from ritegraph.export import serialize
from ritegraph.store import GRAPH_BASE, open_store, to_rdflib
from ritegraph.vocab import RG

RDFLIB_FORMATS = {"turtle": "turtle", "ntriples": "nt", "jsonld": "json-ld", "rdfxml": "xml"}
SMALL = [GRAPH_BASE + "gongshidafulili", GRAPH_BASE + "ontology"]


@pytest.fixture(scope="module")
def expected(built_store) -> rdflib.Graph:
    return to_rdflib(built_store, SMALL)


@pytest.mark.parametrize("fmt", sorted(RDFLIB_FORMATS))
def test_export_round_trips_as_an_isomorphic_graph(built_store, expected, fmt):
    data = serialize(open_store(built_store), fmt, SMALL)
    parsed = rdflib.Graph().parse(data=data, format=RDFLIB_FORMATS[fmt])
    assert len(parsed) == len(expected)
    assert isomorphic(parsed, expected)


@pytest.mark.parametrize("fmt,rdflib_format", [("trig", "trig"), ("nquads", "nquads")])
def test_dataset_exports_keep_the_named_graphs(built_store, fmt, rdflib_format):
    data = serialize(open_store(built_store), fmt, SMALL)
    dataset = rdflib.Dataset().parse(data=data, format=rdflib_format)
    names = {str(g.identifier) for g in dataset.graphs() if len(g)}
    assert names == set(SMALL)
    for name in SMALL:
        assert isomorphic(dataset.graph(rdflib.URIRef(name)), to_rdflib(built_store, [name]))


def test_turtle_keeps_cjk_readable_and_is_byte_identical_after_a_rebuild(tmp_path, seed_corpus,
                                                                          monkeypatch):
    # Build times (annotations' dcterms:created, the build activity) come from
    # $SOURCE_DATE_EPOCH when it is set, as reproducible builds expect.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796918400")
    exports = []
    for name in ("a", "b"):
        store, exported = tmp_path / f"store-{name}", tmp_path / f"{name}.ttl"
        assert main(["build", "-q", "--corpus", str(seed_corpus), "--store", str(store)]) == 0
        assert main(["export", "--store", str(store), "--output", str(exported)]) == 0
        exports.append(exported)
    first, second = exports
    text = first.read_text(encoding="utf-8")
    assert "公食大夫礼" in text and "\\u" not in text
    assert first.read_bytes() == second.read_bytes()


def test_export_of_an_unknown_graph_is_a_usage_error(built_store, capsys):
    assert main(["export", "--store", str(built_store), "--graph", "nosuch"]) == 2
    assert "no such graph" in capsys.readouterr().err


def test_annotations_read_with_the_official_context_are_the_stores_annotations(built_store):
    """``--format annotations`` is Web Annotation JSON-LD: with the official anno.jsonld
    context (vendored), it reads back as exactly the store's annotation triples."""
    import json

    from ritegraph.imports import anno_context_path

    rite = GRAPH_BASE + "gongshidafulili"
    document = json.loads(serialize(open_store(built_store), "annotations", [rite]))
    assert document["@context"] == "http://www.w3.org/ns/anno.jsonld"
    assert document["type"] == "AnnotationCollection"
    items = document["first"]["items"]
    assert document["total"] == len(items) > 1000
    step = next(i for i in items if "/act/" in i["id"])
    assert step["type"] == "Annotation" and step["body"] == step["id"].removesuffix("#evidence")
    assert step["target"]["source"].startswith("https://w3id.org/ritegraph/doc/")
    position, quote = step["target"]["selector"]
    assert position["start"] < position["end"] and quote["exact"]

    official = json.loads(anno_context_path().read_text(encoding="utf-8"))["@context"]
    read = rdflib.Graph().parse(data=json.dumps({**document, "@context": official}),
                                format="json-ld")
    oa = rdflib.Namespace("http://www.w3.org/ns/oa#")
    nodes = set()
    for annotation in read.subjects(rdflib.RDF.type, oa.Annotation):
        target = read.value(annotation, oa.hasTarget)
        nodes |= {annotation, target, *read.objects(target, oa.hasSelector)}
    assert len(nodes) == 4 * len(items)
    ours = {t for t in read if t[0] in nodes}
    stored = to_rdflib(built_store, [rite])
    # ritegraph's own statements about a mention
    not_oa = {rdflib.URIRef(RG.inPassage), rdflib.URIRef(RG.Mention)}
    expected = {t for node in nodes for t in stored.triples((node, None, None))
                if t[1] not in not_oa and t[2] not in not_oa}
    assert ours == expected


def test_rdfxml_refuses_a_character_xml_cannot_carry_instead_of_writing_broken_xml():
    """KR1d0026 卷一 holds a U+0001 in its text, kept as the file has it; XML 1.0 has no way
    to write it, so the RDF/XML export says so (exit 2) and the other formats carry it."""
    import pyoxigraph as ox

    from ritegraph.errors import UsageError

    store = ox.Store()
    graph = ox.NamedNode(GRAPH_BASE + "corpus")
    passage = ox.NamedNode("https://w3id.org/ritegraph/text/KR1d0026_001/p1")
    store.add(ox.Quad(passage, ox.NamedNode(RG.text), ox.Literal("冠\x01禮"), graph))
    with pytest.raises(UsageError, match=r"U\+0001.*text/KR1d0026_001/p1"):
        serialize(store, "rdfxml")
    assert "冠\x01禮" in serialize(store, "ntriples").decode("utf-8")
