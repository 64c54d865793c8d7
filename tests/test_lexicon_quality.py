"""Lexicon quality: definitions and scope notes, English labels that are labels, no prefLabel
clash between concepts or with the ontology, and the curated Wikidata matches."""

from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from rdflib import RDFS, Graph, Literal, URIRef
from rdflib.namespace import SKOS

from ritegraph.errors import InputError
from ritegraph.lexicon import (
    WD,
    WIKIDATA_FILE,
    concept_iri,
    default_lexicon_dir,
    load_lexicon,
)
from ritegraph.rdf.lexicon import lexicon_graph
from ritegraph.resources import data_dir

#: Lemmas the gold set (GUIDE §4, copied in test_lexicon.py) gives to two schemes, and 洗 that
#: test_matching expects as basin, place and act at once: the act extractor and the gold set
#: name each by (scheme, prefLabel), so they stay bare in both; SKOS asks prefLabels to be
#: unique only within a scheme. Their English labels tell them apart.
GOLD_SHARED = {
    "席": {"object/xi-3", "place/xi"},
    "豆": {"object/dou", "place/dou"},
    "俎": {"object/zu", "place/zu"},
    "鼎": {"object/ding", "place/ding"},
    "丰": {"object/feng", "place/feng"},
    "匕": {"object/bi", "action/bi-2"},
    "筵": {"object/yan", "action/yan"},
    "洗": {"object/xi", "place/xi-2", "action/xi"},
    "筮": {"object/shi-stalks", "action/shi-6"},
    "举": {"object/ju-meat", "action/ju"},
    "巾": {"object/jin-2", "action/jin-4"},  # the cloth, and covering with it (巾之)
    "衣": {"object/yi", "action/yi-9"},  # the garment, and clothing the body (衣尸)
}
#: Concepts of the top of the mention ranking (whole-book build) that must be defined.
MOST_MENTIONED = ("role/bin", "action/yue", "role/gong", "role/zhuren", "role/dafu",
                  "object/jue", "direction/bei", "action/sheng", "role/shi", "action/ji",
                  "object/zhi", "place/zuojie", "place/xijie", "action/xian", "object/zu")


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


@pytest.fixture(scope="module")
def graph(lexicon):
    return lexicon_graph(lexicon)


def _key(concept) -> str:
    return f"{concept.scheme}/{concept.slug}"


def test_definitions_for_at_least_170_concepts(lexicon):
    defined = [c for c in lexicon if c.definition_zh and c.definition_en]
    assert len(defined) >= 170
    # a definition comes in both languages or not at all
    assert all(bool(c.definition_zh) == bool(c.definition_en) for c in lexicon)
    keys = {_key(c) for c in defined}
    assert [k for k in MOST_MENTIONED if k not in keys] == []


def test_definitions_are_one_short_sentence(lexicon):
    for c in lexicon:
        if c.definition_zh:
            assert c.definition_zh.endswith("。") and c.definition_zh.count("。") == 1, _key(c)
            assert len(c.definition_zh) <= 80, _key(c)
        if c.definition_en:
            assert c.definition_en[0].isupper() and c.definition_en.endswith("."), _key(c)
            assert len(c.definition_en) <= 260, _key(c)
        if c.scope_note_en:
            assert c.scope_note_en.endswith("."), _key(c)


def test_known_definitions(lexicon):
    zhi = lexicon.concept("object", "觯")
    assert zhi.en == "zhi cup" and "三升" in zhi.definition_zh
    assert "three sheng" in zhi.definition_en
    zuojie = lexicon.concept("place", "阼阶")
    assert zuojie.en == "east stairs" and "host" in zuojie.definition_en
    assert lexicon.concept("action", "献").en == "presenting the cup"


def test_english_labels_are_labels_not_glosses(lexicon):
    for c in lexicon:
        assert "(" not in c.en and ";" not in c.en, _key(c)
        assert not c.en.startswith(("the ", "to ", "a ")), _key(c)
        assert len(c.en.split()) <= 6, _key(c)


def test_skos_graph_carries_definitions_and_notes(lexicon, graph):
    definitions = defaultdict(set)
    for node, text in graph.subject_objects(SKOS.definition):
        assert isinstance(text, Literal) and text.language in {"zh-Hans", "en"}, node
        definitions[node].add(text.language)
    defined = {URIRef(c.iri) for c in lexicon if c.definition_zh}
    assert set(definitions) == defined
    assert all(langs == {"zh-Hans", "en"} for langs in definitions.values())
    zhi = URIRef(concept_iri("object", "zhi"))
    assert Literal(lexicon.concept("object", "觯").definition_zh, lang="zh-Hans") in set(
        graph.objects(zhi, SKOS.definition))
    notes = {c.iri for c in lexicon if c.scope_note_en}
    assert notes and {str(n) for n in graph.subjects(SKOS.scopeNote, None)} == notes
    assert all(n.language == "en" for n in graph.objects(None, SKOS.scopeNote))
    # the maintainers' notes are editorial notes, not scope notes
    assert {str(n) for n in graph.subjects(SKOS.editorialNote, None)} == {
        c.iri for c in lexicon if c.note}


def _ontology_labels() -> dict[tuple[str, str], set[str]]:
    onto = Graph().parse(data_dir("ontology") / "ritegraph.ttl")
    labels: dict[tuple[str, str], set[str]] = defaultdict(set)
    for node, label in onto.subject_objects(RDFS.label):
        labels[(label.language or "", str(label).casefold())].add(str(node))
    return labels


def test_no_preflabel_clash(lexicon):
    """No two concepts share a prefLabel (zh-Hans, zh-Hant or en), and none is an ontology
    label, except the lemmas the gold set gives to two schemes (GOLD_SHARED)."""
    onto = _ontology_labels()
    by_label: dict[tuple[str, str], set[str]] = defaultdict(set)
    for c in lexicon:
        for lang, text in (("zh-Hans", c.zh), ("zh-Hant", c.zh_hant), ("en", c.en)):
            by_label[(lang, text.casefold())].add(_key(c))
    with_ontology = {key: sorted(onto[key]) for key in by_label if key in onto}
    assert with_ontology == {}
    english = {key: keys for key, keys in by_label.items() if key[0] == "en" and len(keys) > 1}
    assert english == {}
    shared = {key[1]: keys for key, keys in by_label.items()
              if key[0] == "zh-Hans" and len(keys) > 1}
    assert shared == GOLD_SHARED
    for keys in shared.values():  # … never two in one scheme
        assert len({k.split("/")[0] for k in keys}) == len(keys)
    hant = {key[1] for key, keys in by_label.items() if key[0] == "zh-Hant" and len(keys) > 1}
    assert hant == {lexicon.concepts[concept_iri(*k.split("/"))].zh_hant
                    for keys in GOLD_SHARED.values() for k in keys}


def test_qualified_preflabels_keep_their_lemma_as_alt(lexicon):
    qualified = [c for c in lexicon if "（" in c.zh]
    assert {_key(c) for c in qualified} >= {"object/jiuqi", "object/yueqi", "object/fei"}
    for c in qualified:
        bare = c.zh.split("（")[0]
        assert bare in c.alt and "（" in c.zh_hant and c.zh.endswith("）"), _key(c)
    index = lexicon.label_index(modern=True)
    assert {c.slug for c in index["篚"]} == {"fei"}  # the basket and the place at it
    assert {c.scheme for c in index["篚"]} == {"object", "place"}


# --- Wikidata matches ---------------------------------------------------------------------------

def test_wikidata_matches_in_the_graph(lexicon, graph):
    for match in lexicon.matches:
        assert match.concept in lexicon.concepts and match.source.strip()
        relation = SKOS.exactMatch if match.relation == "exact" else SKOS.closeMatch
        assert (URIRef(match.concept), relation, URIRef(match.target)) in graph
        assert match.target.startswith(WD)
    mapped = set(graph.subject_objects(SKOS.exactMatch)) | set(
        graph.subject_objects(SKOS.closeMatch))
    assert len(mapped) == len(lexicon.matches)


GOOD_MATCH = ('[[match]]\nconcept = "object/zhi"\nwikidata = "Q123"\nrelation = "close"\n'
              'source = "a stored page"\n')


def _with_matches(tmp_path: Path, text: str) -> Path:
    directory = tmp_path / "lexicon"
    shutil.copytree(default_lexicon_dir(), directory)
    (directory / WIKIDATA_FILE).write_text(text, encoding="utf-8")
    return directory


def test_a_wellformed_match_is_published(tmp_path):
    lexicon = load_lexicon(_with_matches(tmp_path, GOOD_MATCH))
    graph = lexicon_graph(lexicon)
    zhi = URIRef(concept_iri("object", "zhi"))
    assert (zhi, SKOS.closeMatch, URIRef("http://www.wikidata.org/entity/Q123")) in graph
    assert (zhi, SKOS.exactMatch, None) not in graph


@pytest.mark.parametrize(("old", "new", "message"), [
    ('wikidata = "Q123"', 'wikidata = "Q0123"', "malformed Wikidata id 'Q0123'"),
    ('wikidata = "Q123"', 'wikidata = "q123"', "malformed Wikidata id 'q123'"),
    ('wikidata = "Q123"', 'wikidata = "P31"', "malformed Wikidata id 'P31'"),
    ('concept = "object/zhi"', 'concept = "object/nothing"', "unknown concept 'object/nothing'"),
    ('concept = "object/zhi"', 'concept = "zhi"', "unknown concept 'zhi'"),
    ('relation = "close"', 'relation = "broad"', "unknown relation 'broad'"),
    ('source = "a stored page"', 'source = ""', "lacks 'source'"),
    ('source = "a stored page"\n', 'source = "x"\nlabel = "zhi"\n',
     r"unknown field\(s\) \['label'\]"),
])
def test_bad_matches_are_input_errors(tmp_path, old, new, message):
    assert old in GOOD_MATCH
    directory = _with_matches(tmp_path, GOOD_MATCH.replace(old, new))
    with pytest.raises(InputError, match=message) as info:
        load_lexicon(directory)
    text = str(info.value)
    assert WIKIDATA_FILE in text and "[[match]] #1" in text and ":1:" in text


def test_a_match_given_twice_is_an_error(tmp_path):
    with pytest.raises(InputError, match="given twice"):
        load_lexicon(_with_matches(tmp_path, GOOD_MATCH + "\n" + GOOD_MATCH))


def test_bad_text_field_is_an_input_error(tmp_path):
    directory = tmp_path / "lexicon"
    shutil.copytree(default_lexicon_dir(), directory)
    path = directory / "objects.toml"
    text = path.read_text(encoding="utf-8")
    assert 'en = "zhi cup"\n' in text
    path.write_text(text.replace('en = "zhi cup"\n', 'en = "zhi cup"\nscope_note_en = 3\n', 1),
                    encoding="utf-8")
    with pytest.raises(InputError, match="'scope_note_en' must be a non-empty string"):
        load_lexicon(directory)
