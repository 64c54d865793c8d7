"""Export: every format round-trips (graph isomorphism, per named graph for the dataset
formats), Turtle and JSON-LD are canonical, the Web Annotations read with the official context,
and the output file is checked before the work and written with the usual mode."""

from __future__ import annotations

import json
import os
import stat

import pytest
import rdflib
from rdflib.compare import isomorphic

from ritegraph.cli import main
from ritegraph.export import serialize
from ritegraph.store import GRAPH_BASE, open_store, to_rdflib
from ritegraph.vocab import RG

RDFLIB_FORMATS = {"turtle": "turtle", "ntriples": "nt", "rdfxml": "xml"}
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


@pytest.mark.parametrize("fmt,rdflib_format",
                         [("trig", "trig"), ("nquads", "nquads"), ("jsonld", "json-ld")])
def test_dataset_exports_keep_the_named_graphs(built_store, fmt, rdflib_format):
    """Each named graph reads back with exactly the store's triples (the ontology graph has
    blank nodes: OWL restrictions and lists)."""
    data = serialize(open_store(built_store), fmt, SMALL)
    dataset = rdflib.Dataset().parse(data=data, format=rdflib_format)
    names = {str(g.identifier) for g in dataset.graphs() if len(g)}
    assert names == set(SMALL)
    assert not len(dataset.default_graph)
    for name in SMALL:
        assert isomorphic(dataset.graph(rdflib.URIRef(name)), to_rdflib(built_store, [name]))


@pytest.mark.slow  # two seed rebuilds
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
        jsonld = exported.with_suffix(".jsonld")  # the format named by the suffix
        assert main(["export", "--store", str(store), "-o", str(jsonld)]) == 0
        exports.append(exported)
    first, second = exports
    text = first.read_text(encoding="utf-8")
    assert "公食大夫礼" in text and "\\u" not in text
    assert first.read_bytes() == second.read_bytes()
    first, second = (e.with_suffix(".jsonld") for e in exports)
    assert json.loads(first.read_bytes())["@graph"][0]["@id"] == "graph:corpus"
    assert "公食大夫礼" in first.read_text(encoding="utf-8")
    assert first.read_bytes() == second.read_bytes()


def test_export_of_an_unknown_graph_is_a_usage_error(built_store, capsys):
    assert main(["export", "--store", str(built_store), "--graph", "nosuch"]) == 2
    assert "no such graph" in capsys.readouterr().err


ANNOTATED = [GRAPH_BASE + "gongshidafulili", GRAPH_BASE + "yanli"]


@pytest.fixture(scope="module")
def annotations(built_store) -> dict:
    return json.loads(serialize(open_store(built_store), "annotations", ANNOTATED))


def offline_loader(url: str, options: dict | None = None) -> dict:
    """A pyld document loader serving the vendored anno.jsonld and refusing everything else
    (the export must never need the network)."""
    from ritegraph.imports import anno_context_path

    if url != "http://www.w3.org/ns/anno.jsonld":
        raise AssertionError(f"the export made the JSON-LD processor fetch {url}")
    document = json.loads(anno_context_path().read_text(encoding="utf-8"))
    return {"contextUrl": None, "documentUrl": url, "document": document}


def test_annotations_are_one_collection_with_a_page_per_document(annotations):
    assert annotations["@context"] == "http://www.w3.org/ns/anno.jsonld"
    assert annotations["type"] == "AnnotationCollection"
    pages, page = [], annotations["first"]
    while page:
        pages.append(page)
        page = page.get("next")
    sources = [{i["target"]["source"] for i in p["items"]} for p in pages]
    assert all(len(s) == 1 for s in sources)
    assert len({s.pop() for s in sources}) == len(pages) > 1  # yanli: the 经 and a translation
    sizes = [len(p["items"]) for p in pages]
    assert [p["startIndex"] for p in pages] == [sum(sizes[:n]) for n in range(len(pages))]
    assert annotations["total"] == sum(len(p["items"]) for p in pages) > 1000
    assert annotations["last"] == pages[-1]["id"]
    assert all(p["type"] == "AnnotationPage" and p["partOf"] == annotations["id"] for p in pages)


def test_annotation_selectors_compact_to_plain_keys_matching_the_corpus_file(annotations,
                                                                            seed_corpus):
    """Expanded and compacted again with the official context (pyld, offline), the selectors
    are plain ``start``/``end`` integers and ``exact``/``prefix``/``suffix`` strings, and they
    are the characters of the corpus file at those offsets."""
    from pyld import jsonld

    from ritegraph.corpus import load_manifest, read_text
    from ritegraph.rdf.iris import doc_iri

    options = {"documentLoader": offline_loader}
    compacted = jsonld.compact(jsonld.expand(annotations, options),
                               "http://www.w3.org/ns/anno.jsonld", options)
    texts = {doc_iri(f): read_text(f.path) for f in load_manifest(seed_corpus).files}
    items, page = [], compacted["first"]
    while page:
        items, page = items + page["items"], page.get("next")
    assert len(items) == annotations["total"]
    with_context = 0
    for item in items:
        position, quote = sorted(item["target"]["selector"], key=lambda s: s["type"])
        assert position.keys() == {"id", "type", "start", "end"}
        assert set(quote) - {"prefix", "suffix"} == {"id", "type", "exact"}
        start, end = position["start"], position["end"]
        assert type(start) is int and type(end) is int
        text = texts[item["target"]["source"]]
        assert text[start:end] == quote["exact"]
        prefix, suffix = quote.get("prefix", ""), quote.get("suffix", "")
        assert text[start - len(prefix):start] == prefix and text[end:end + len(suffix)] == suffix
        with_context += bool(prefix and suffix)
    assert with_context > len(items) / 2


def test_annotations_read_with_the_official_context_are_the_stores_annotations(built_store,
                                                                              annotations):
    """Read with the official anno.jsonld context (vendored), the annotations are exactly the
    store's annotation triples, and the quote selectors' prefix and suffix besides."""
    from ritegraph.imports import anno_context_path

    step = next(i for i in annotations["first"]["items"] if "/act/" in i["id"])
    assert step["type"] == "Annotation" and step["body"] == step["id"].removesuffix("#evidence")

    official = json.loads(anno_context_path().read_text(encoding="utf-8"))["@context"]
    read = rdflib.Graph().parse(data=json.dumps({**annotations, "@context": official}),
                                format="json-ld")
    oa = rdflib.Namespace("http://www.w3.org/ns/oa#")
    nodes = set()
    for annotation in read.subjects(rdflib.RDF.type, oa.Annotation):
        target = read.value(annotation, oa.hasTarget)
        nodes |= {annotation, target, *read.objects(target, oa.hasSelector)}
    assert len(nodes) == 4 * annotations["total"]
    ours = {t for t in read if t[0] in nodes}
    stored = to_rdflib(built_store, ANNOTATED)
    # ritegraph's own statements about a mention
    not_oa = {rdflib.URIRef(RG.inPassage), rdflib.URIRef(RG.Mention)}
    expected = {t for node in nodes for t in stored.triples((node, None, None))
                if t[1] not in not_oa and t[2] not in not_oa}
    assert expected <= ours
    assert {t[1] for t in ours - expected} == {oa.prefix, oa.suffix}


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


def test_jsonld_keys_are_the_published_contexts_terms(built_store):
    """Every predicate of the seed build has a term in ontology/context.jsonld, so no node key
    is a full IRI or a CURIE like ``oa:hasBody``; the Web Annotation terms are anno.jsonld's."""
    from ritegraph.jsonld import Compactor, context

    document = json.loads(serialize(open_store(built_store), "jsonld"))
    assert document["@context"] == context()
    terms = set(Compactor(context()).terms.values())
    keys = {k for graph in document["@graph"] for node in graph["@graph"] for k in node}
    assert keys - {"@id", "@type"} <= {key for key, _ in terms}
    assert {"body", "target", "selector", "source", "start", "exact", "inPassage"} <= keys
    assert not {k for k in keys if k.startswith("http") or k == "oa:hasBody"}


def test_export_refuses_an_output_suffix_naming_another_format(built_store, tmp_path, capsys):
    target = tmp_path / "x.jsonld"
    assert main(["export", "--store", str(built_store), "--format", "turtle",
                 "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "x.jsonld" in err and "jsonld" in err and "turtle" in err and len(err.splitlines()) == 1
    assert not target.exists()


def test_export_without_a_format_cannot_guess_an_unknown_suffix(built_store, tmp_path, capsys):
    assert main(["export", "--store", str(built_store), "-o", str(tmp_path / "x.txt")]) == 2
    assert "--format" in capsys.readouterr().err


def test_export_into_a_missing_directory_fails_before_reading_the_store(tmp_path, capsys):
    """Exit 2 naming the directory, before anything is done: the store named here does not
    exist, and the error is the directory's."""
    missing = tmp_path / "no" / "such"
    assert main(["export", "--store", str(tmp_path / "nostore"),
                 "-o", str(missing / "x.ttl")]) == 2
    err = capsys.readouterr().err
    assert f"no directory {missing}" in err and "Traceback" not in err


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_export_files_get_the_umasks_mode_and_no_temporary_file_is_left(built_store, tmp_path,
                                                                         umask):
    target = tmp_path / f"ontology-{umask:o}.nt"
    old = os.umask(umask)
    try:
        assert main(["export", "--store", str(built_store), "--graph", "ontology",
                     "-o", str(target)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert target.read_text(encoding="utf-8").startswith("<")
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
