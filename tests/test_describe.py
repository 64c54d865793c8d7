"""The description behind every resource page (ritegraph.read.describe.Description)."""

from __future__ import annotations

import pyoxigraph as ox

from ritegraph.read.describe import Description
from ritegraph.serve.pages import property_sections

RG = "https://w3id.org/ritegraph/"
SKOS_PREF = ox.NamedNode("http://www.w3.org/2004/02/skos/core#prefLabel")
RDFS_LABEL = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
PART = ox.NamedNode("http://www.cidoc-crm.org/cidoc-crm/P106_is_composed_of")


def a_rite_with_acts(n: int) -> Description:
    """A rite composed of ``n`` acts, two of them labelled (a hand-written description)."""
    rite = ox.NamedNode(RG + "rite/yanli")
    acts = [ox.NamedNode(f"{RG}act/002/p{i}/0-4/1") for i in range(n)]
    triples = [ox.Triple(rite, RDFS_LABEL, ox.Literal("Yan li", language="en")),
               ox.Triple(rite, RDFS_LABEL, ox.Literal("燕礼", language="zh-Hans"))]
    triples += [ox.Triple(rite, PART, act) for act in acts]
    triples += [ox.Triple(acts[0], SKOS_PREF, ox.Literal("献", language="zh-Hans")),
                ox.Triple(acts[1], RDFS_LABEL, ox.Literal("酢"))]
    return Description(rite.value, triples)


def test_labels_and_triples_by_subject_come_from_the_whole_description():
    d = a_rite_with_acts(3000)
    assert d.label(d.iri) == "燕礼" and [x.value for x in d.labels(d.iri)] == ["燕礼", "Yan li"]
    assert d.label(RG + "act/002/p0/0-4/1") == "献" and d.label(RG + "act/002/p1/0-4/1") == "酢"
    assert d.label(RG + "act/002/p2/0-4/1") == "1"  # no label: the last path segment
    assert len(d.about()) == 3002 and d.of(ox.NamedNode(RG + "act/002/p1/0-4/1")) == [
        ox.Triple(ox.NamedNode(RG + "act/002/p1/0-4/1"), RDFS_LABEL, ox.Literal("酢"))]


def test_a_rite_page_lists_every_act_it_is_composed_of_with_its_label():
    """A rite's description holds its thousands of acts (P106): the page's table lists each
    once, labelled where the description labels it (this page took 17 s on 乡射礼's 5,889 acts
    when every label was looked up by scanning the whole description)."""
    sections = property_sections(a_rite_with_acts(3000))
    (own,) = [s for s in sections if s["iri"] == RG + "rite/yanli"]
    parts = [row["value"]["text"] for row in own["rows"]
             if row["property"] == "crm:P106_is_composed_of"]
    assert len(parts) == 3000 and parts.count("献") == 1 and parts.count("酢") == 1
