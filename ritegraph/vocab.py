"""The one home of ritegraph's namespaces (generated from the ontology; do not edit).

``RG``, ``OA`` and ``CRM`` are closed namespaces generated from the ontology (a misspelt term
raises ``AttributeError``); the standard vocabularies are re-exported from rdflib, and the IRI
bases of docs/design.md are plain namespaces. Regenerate with ``python scripts/gen_vocab.py``
(a test fails when this file is out of date).
"""

from rdflib.namespace import (
    DCAT,
    DCTERMS,
    OWL,
    PROV,
    RDF,
    RDFS,
    SH,
    SKOS,
    XSD,
    DefinedNamespace,
    Namespace,
)
from rdflib.term import URIRef

BASE = "https://w3id.org/ritegraph/"

ROLE = Namespace(BASE + "role/")
OBJECT = Namespace(BASE + "object/")
PLACE = Namespace(BASE + "place/")
ACTION = Namespace(BASE + "action/")
DIRECTION = Namespace(BASE + "direction/")
SCHEME = Namespace(BASE + "scheme/")
LAYER = Namespace(BASE + "layer/")
RITE = Namespace(BASE + "rite/")
DOC = Namespace(BASE + "doc/")
TEXT = Namespace(BASE + "text/")
SECTION = Namespace(BASE + "section/")
MENTION = Namespace(BASE + "mention/")
ACT = Namespace(BASE + "act/")
GLYPH = Namespace(BASE + "glyph/")
GRAPH = Namespace(BASE + "graph/")
DATASET = Namespace(BASE + "dataset/")

#: Prefixes for serialisation and SPARQL, in a stable order.
PREFIXES = {
    "rg": "https://w3id.org/ritegraph/ontology#",
    "role": str(ROLE), "obj": str(OBJECT), "place": str(PLACE), "action": str(ACTION),
    "dir": str(DIRECTION), "scheme": str(SCHEME), "layer": str(LAYER), "rite": str(RITE),
    "doc": str(DOC),
    "oa": "http://www.w3.org/ns/oa#", "crm": "http://www.cidoc-crm.org/cidoc-crm/",
    "prov": str(PROV), "skos": str(SKOS), "dcterms": str(DCTERMS), "owl": str(OWL),
    "rdf": str(RDF), "rdfs": str(RDFS), "xsd": str(XSD), "sh": str(SH), "dcat": str(DCAT),
}

__all__ = [
    "ACT", "ACTION", "BASE", "CRM", "DATASET", "DCAT", "DCTERMS", "DIRECTION", "DOC", "GLYPH",
    "GRAPH", "LAYER",
    "MENTION", "OA", "OBJECT", "OWL", "PLACE", "PREFIXES", "PROV", "RDF", "RDFS", "RG", "RITE",
    "ROLE", "SCHEME", "SECTION", "SH", "SKOS", "TEXT", "XSD",
]


class RG(DefinedNamespace):
    """The ritegraph ontology."""

    _fail = True

    # classes
    ActAtEastStairs: URIRef  # act at the east stairs
    ActAtWestStairs: URIRef  # act at the west stairs
    ActWithDrinkingVessel: URIRef  # act with a drinking vessel
    ActionType: URIRef  # action type
    ArcheryGear: URIRef  # archery gear
    BowingAct: URIRef  # bowing act
    Container: URIRef  # container
    CupPassingAct: URIRef  # cup-passing act
    Direction: URIRef  # direction
    Document: URIRef  # document
    Drink: URIRef  # drink
    DrinkingAct: URIRef  # drinking act
    DrinkingVessel: URIRef  # drinking vessel
    Food: URIRef  # food
    FoodVessel: URIRef  # food vessel
    Furnishing: URIRef  # furnishing
    Garment: URIRef  # garment
    Gift: URIRef  # gift
    GlyphIssue: URIRef  # glyph issue
    Layer: URIRef  # text layer
    Mention: URIRef  # mention
    MusicalInstrument: URIRef  # musical instrument
    Passage: URIRef  # passage
    Place: URIRef  # place
    Rite: URIRef  # rite
    RitualAct: URIRef  # ritual act
    RitualObject: URIRef  # ritual object
    RitualRole: URIRef  # ritual role
    Section: URIRef  # section
    Utensil: URIRef  # utensil

    # object properties
    actionType: URIRef  # action type
    agent: URIRef  # agent
    commentsOn: URIRef  # comments on
    facing: URIRef  # facing
    inDocument: URIRef  # in document
    inPassage: URIRef  # in passage
    inRite: URIRef  # in rite
    inSection: URIRef  # in section
    layer: URIRef  # layer
    next: URIRef  # next
    object: URIRef  # object
    parentPassage: URIRef  # parent passage
    place: URIRef  # place
    recipient: URIRef  # recipient
    translates: URIRef  # translates

    # datatype properties
    anchorEnd: URIRef  # anchor end
    anchorStart: URIRef  # anchor start
    column: URIRef  # column
    confidence: URIRef  # confidence
    end: URIRef  # end
    glyphKind: URIRef  # glyph kind
    implicitAgent: URIRef  # implicit agent
    implicitObject: URIRef  # implicit object
    line: URIRef  # line
    negated: URIRef  # negated
    order: URIRef  # order
    sectionSource: URIRef  # section source
    start: URIRef  # start
    text: URIRef  # text

    # annotation properties
    ambiguous: URIRef  # ambiguous
    modernLabel: URIRef  # modern label
    pinyin: URIRef  # pinyin
    title: URIRef  # title

    _NS = Namespace("https://w3id.org/ritegraph/ontology#")

class OA(DefinedNamespace):
    """W3c web annotation (the terms ritegraph declares)."""

    _fail = True

    # classes
    Annotation: URIRef
    Motivation: URIRef
    Selector: URIRef
    SpecificResource: URIRef
    TextPositionSelector: URIRef
    TextQuoteSelector: URIRef

    # object properties
    hasBody: URIRef
    hasSelector: URIRef
    hasSource: URIRef
    hasTarget: URIRef
    motivatedBy: URIRef

    # datatype properties
    bodyValue: URIRef
    end: URIRef
    exact: URIRef
    prefix: URIRef
    start: URIRef
    suffix: URIRef

    _NS = Namespace("http://www.w3.org/ns/oa#")

class CRM(DefinedNamespace):
    """Cidoc-crm (the terms ritegraph declares)."""

    _fail = True

    # classes
    E39_Actor: URIRef
    E53_Place: URIRef
    E55_Type: URIRef
    E7_Activity: URIRef

    # object properties
    P11_had_participant: URIRef
    P14_carried_out_by: URIRef
    P16_used_specific_object: URIRef
    P2_has_type: URIRef
    P7_took_place_at: URIRef

    # terms that are not Python identifiers: use CRM["…"]
    _extras = ('E22_Human-Made_Object',)

    _NS = Namespace("http://www.cidoc-crm.org/cidoc-crm/")
