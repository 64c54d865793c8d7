"""The one home of ritegraph's namespaces (generated from the ontology; do not edit).

``RG``, ``OA``, ``CRM`` and ``AS`` are closed namespaces generated from the ontology (a misspelt
term raises ``AttributeError``); the standard vocabularies are re-exported from rdflib, and the IRI
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
    VOID,
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
EDITION = Namespace(BASE + "edition/")
PARTICIPANT = Namespace(BASE + "participant/")
SPDX = Namespace("http://spdx.org/rdf/terms#")

#: Prefixes for serialisation and SPARQL, in a stable order.
PREFIXES = {
    "rg": "https://w3id.org/ritegraph/ontology#",
    "role": str(ROLE), "obj": str(OBJECT), "place": str(PLACE), "action": str(ACTION),
    "dir": str(DIRECTION), "scheme": str(SCHEME), "layer": str(LAYER), "rite": str(RITE),
    "doc": str(DOC),
    "oa": "http://www.w3.org/ns/oa#", "crm": "http://www.cidoc-crm.org/cidoc-crm/",
    "prov": str(PROV), "skos": str(SKOS), "dcterms": str(DCTERMS), "owl": str(OWL),
    "rdf": str(RDF), "rdfs": str(RDFS), "xsd": str(XSD), "sh": str(SH), "dcat": str(DCAT),
    "as": "http://www.w3.org/ns/activitystreams#", "void": str(VOID), "spdx": str(SPDX),
}

#: Prefixes predeclared in ``ritegraph query`` (``--sparql``, .rq files, ``--param`` values) and
#: used to shorten IRIs in tables: :data:`PREFIXES` and the bases of the minted resources.
SPARQL_PREFIXES = {
    **PREFIXES,
    "text": str(TEXT), "section": str(SECTION), "act": str(ACT), "mention": str(MENTION),
    "edition": str(EDITION), "participant": str(PARTICIPANT), "glyph": str(GLYPH),
    "graph": str(GRAPH), "dataset": str(DATASET),
}

__all__ = [
    "ACT", "ACTION", "AS", "BASE", "CRM", "DATASET", "DCAT", "DCTERMS", "DIRECTION", "DOC",
    "EDITION", "GLYPH", "GRAPH", "LAYER", "MENTION", "OA", "OBJECT", "OWL", "PARTICIPANT",
    "PLACE", "PREFIXES", "PROV", "RDF", "RDFS", "RG", "RITE", "ROLE", "SCHEME", "SECTION", "SH",
    "SKOS", "SPARQL_PREFIXES", "SPDX", "TEXT", "VOID", "XSD", "sparql_prefixes",
]


def sparql_prefixes(*names: str) -> str:
    """``PREFIX`` lines for SPARQL text (the named prefixes, or all of :data:`PREFIXES`)."""
    chosen = names or tuple(PREFIXES)
    return "".join(f"PREFIX {n}: <{PREFIXES[n]}>\n" for n in chosen)



class RG(DefinedNamespace):
    """The ritegraph ontology."""

    _fail = True

    # classes
    ActionType: URIRef  # action type
    AdditionOmission: URIRef  # addition or omission
    Alignment: URIRef  # alignment of witnesses
    ArcheryGear: URIRef  # archery gear
    BowingStep: URIRef  # bowing step
    Container: URIRef  # container
    CupPassingStep: URIRef  # cup-passing step
    Direction: URIRef  # direction
    Document: URIRef  # document
    Drink: URIRef  # drink
    DrinkingStep: URIRef  # drinking step
    DrinkingVessel: URIRef  # drinking vessel
    Edition: URIRef  # edition
    Food: URIRef  # food
    FoodVessel: URIRef  # food vessel
    Furnishing: URIRef  # furnishing
    Garment: URIRef  # garment
    Gift: URIRef  # gift
    GlyphIssue: URIRef  # glyph issue
    GraphicVariant: URIRef  # graphic variant
    Layer: URIRef  # text layer
    Mention: URIRef  # mention
    MusicalInstrument: URIRef  # musical instrument
    Participant: URIRef  # participant
    Passage: URIRef  # passage
    Place: URIRef  # place
    Reading: URIRef  # reading
    Rite: URIRef  # rite
    RiteStep: URIRef  # rite step
    RitualObject: URIRef  # ritual object type
    RitualRole: URIRef  # ritual role
    Section: URIRef  # section
    Step: URIRef  # prescribed step
    StepAtEastStairs: URIRef  # step at the east stairs
    StepAtWestStairs: URIRef  # step at the west stairs
    StepWithDrinkingVessel: URIRef  # step with a drinking vessel
    Substitution: URIRef  # substitution
    Transposition: URIRef  # transposition
    Utensil: URIRef  # utensil
    VariantReading: URIRef  # variant reading
    Work: URIRef  # work

    # object properties
    actionType: URIRef  # action type
    actsAs: URIRef  # acts as
    addressee: URIRef  # addressee
    agent: URIRef  # agent role
    alignedPassage: URIRef  # aligned passage
    alignedSpan: URIRef  # aligned span
    attestation: URIRef  # attestation
    attestedIn: URIRef  # attested in
    commentsOn: URIRef  # comments on
    editionOf: URIRef  # edition of
    explains: URIRef  # explains commentary
    facing: URIRef  # facing
    inDocument: URIRef  # in document
    inEdition: URIRef  # in edition
    inPassage: URIRef  # in passage
    inRite: URIRef  # in rite
    inSection: URIRef  # in section
    layer: URIRef  # layer
    missingIn: URIRef  # missing in
    next: URIRef  # next
    object: URIRef  # object type
    parallel: URIRef  # parallel passage
    parentPassage: URIRef  # parent passage
    performer: URIRef  # performer
    place: URIRef  # place type
    placement: URIRef  # placement
    reading: URIRef  # reading
    readingPassage: URIRef  # reading passage
    recipient: URIRef  # recipient role
    stepOf: URIRef  # step of the rite
    translates: URIRef  # translates layer
    variantOf: URIRef  # variant in rite
    witness: URIRef  # witness

    # datatype properties
    alignedCharacters: URIRef  # aligned characters
    anchorEnd: URIRef  # anchor end
    anchorStart: URIRef  # anchor start
    atVariant: URIRef  # at a variant
    column: URIRef  # column
    confidence: URIRef  # confidence
    disagreesOn: URIRef  # disagrees on
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
    tradition: URIRef  # tradition
    witnessesDisagree: URIRef  # witnesses disagree

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
    end: URIRef
    exact: URIRef
    prefix: URIRef
    start: URIRef
    suffix: URIRef

    # individuals
    identifying: URIRef

    _NS = Namespace("http://www.w3.org/ns/oa#")

class CRM(DefinedNamespace):
    """Cidoc-crm (the terms ritegraph declares)."""

    _fail = True

    # classes
    E21_Person: URIRef
    E29_Design_or_Procedure: URIRef
    E33_Linguistic_Object: URIRef
    E73_Information_Object: URIRef
    E89_Propositional_Object: URIRef

    # object properties
    P106_is_composed_of: URIRef
    P106i_forms_part_of: URIRef
    P2_has_type: URIRef
    P70i_is_documented_in: URIRef

    _NS = Namespace("http://www.cidoc-crm.org/cidoc-crm/")

class AS(DefinedNamespace):
    """Activity streams (the terms ritegraph declares)."""

    _fail = True

    # classes
    Application: URIRef

    # object properties
    generator: URIRef

    _NS = Namespace("http://www.w3.org/ns/activitystreams#")
