"""The one home of ritegraph's namespaces (generated from the ontology; do not edit).

Every term is a plain ``str`` (its IRI), so that importing this module costs nothing: no rdflib
(rdflib users wrap a term in ``URIRef`` where they need one). ``RG``, ``OA``, ``CRM`` and ``AS``
are generated from the ontology, the standard vocabularies from rdflib's term lists; all are
closed (a misspelt term raises ``AttributeError``) except ``DCAT`` and ``XSD``, open as in
rdflib. ``SH["and"]`` reaches a term that is not a Python identifier. The IRI bases of
docs/design.md are plain strings. Regenerate with ``python scripts/gen_vocab.py`` (a test fails
when this file is out of date).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the CLI's start-up)
if TYPE_CHECKING:
    from typing import Any


class Vocabulary(type):
    """Metaclass of a vocabulary: its terms are class attributes holding IRIs as plain strings
    (``_terms`` lists more, one word each); ``str(V)`` is the namespace IRI."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]):
        cls = super().__new__(mcs, name, bases, namespace)
        for term in namespace.get("_terms", "").split():
            setattr(cls, term, namespace["_NS"] + term)
        return cls

    def __getattr__(cls, name: str) -> str:
        if cls.__dict__.get("_open") and not name.startswith("_"):
            return cls._NS + name
        raise AttributeError(f"{name!r} is not a term of {cls.__name__} ({cls._NS})")

    def __getitem__(cls, name: str) -> str:
        value = None if name.startswith("_") else cls.__dict__.get(name)
        return value if isinstance(value, str) else getattr(cls, name)

    def __str__(cls) -> str:
        return cls._NS


BASE = "https://w3id.org/ritegraph/"

ROLE = BASE + "role/"
OBJECT = BASE + "object/"
PLACE = BASE + "place/"
ACTION = BASE + "action/"
DIRECTION = BASE + "direction/"
SCHEME = BASE + "scheme/"
LAYER = BASE + "layer/"
RITE = BASE + "rite/"
DOC = BASE + "doc/"
TEXT = BASE + "text/"
SECTION = BASE + "section/"
MENTION = BASE + "mention/"
ACT = BASE + "act/"
GLYPH = BASE + "glyph/"
GRAPH = BASE + "graph/"
DATASET = BASE + "dataset/"
EDITION = BASE + "edition/"
PARTICIPANT = BASE + "participant/"


class SPDX(metaclass=Vocabulary):
    """SPDX (open: any term)."""

    _NS = "http://spdx.org/rdf/terms#"
    _open = True

__all__ = [
    "ACT", "ACTION", "AS", "BASE", "CRM", "DATASET", "DCAT", "DCTERMS", "DIRECTION", "DOC",
    "EDITION", "GLYPH", "GRAPH", "LAYER", "MENTION", "OA", "OBJECT", "OWL", "PARTICIPANT",
    "PLACE", "PREFIXES", "PROV", "RDF", "RDFS", "RG", "RITE", "ROLE", "SCHEME", "SECTION", "SH",
    "SKOS", "SPARQL_PREFIXES", "SPDX", "TEXT", "VOID", "XSD", "Vocabulary", "sparql_prefixes",
]


class RG(metaclass=Vocabulary):
    """The ritegraph ontology."""

    _NS = "https://w3id.org/ritegraph/ontology#"

    # classes
    ActionType = _NS + "ActionType"  # action type
    AdditionOmission = _NS + "AdditionOmission"  # addition or omission
    Alignment = _NS + "Alignment"  # alignment of witnesses
    ArcheryGear = _NS + "ArcheryGear"  # archery gear
    BowingStep = _NS + "BowingStep"  # bowing step
    Container = _NS + "Container"  # container
    CupPassingStep = _NS + "CupPassingStep"  # cup-passing step
    Direction = _NS + "Direction"  # direction
    Document = _NS + "Document"  # document
    Drink = _NS + "Drink"  # drink
    DrinkingStep = _NS + "DrinkingStep"  # drinking step
    DrinkingVessel = _NS + "DrinkingVessel"  # drinking vessel
    Edition = _NS + "Edition"  # edition
    Food = _NS + "Food"  # food
    FoodVessel = _NS + "FoodVessel"  # food vessel
    Furnishing = _NS + "Furnishing"  # furnishing
    Garment = _NS + "Garment"  # garment
    Gift = _NS + "Gift"  # gift
    GlyphIssue = _NS + "GlyphIssue"  # glyph issue
    GraphicVariant = _NS + "GraphicVariant"  # graphic variant
    Layer = _NS + "Layer"  # text layer
    Mention = _NS + "Mention"  # mention
    MusicalInstrument = _NS + "MusicalInstrument"  # musical instrument
    Participant = _NS + "Participant"  # participant
    Passage = _NS + "Passage"  # passage
    Place = _NS + "Place"  # place
    Reading = _NS + "Reading"  # reading
    Rite = _NS + "Rite"  # rite
    RiteStep = _NS + "RiteStep"  # rite step
    RitualObject = _NS + "RitualObject"  # ritual object type
    RitualRole = _NS + "RitualRole"  # ritual role
    Section = _NS + "Section"  # section
    Step = _NS + "Step"  # prescribed step
    StepAtEastStairs = _NS + "StepAtEastStairs"  # step at the east stairs
    StepAtWestStairs = _NS + "StepAtWestStairs"  # step at the west stairs
    StepWithDrinkingVessel = _NS + "StepWithDrinkingVessel"  # step with a drinking vessel
    Substitution = _NS + "Substitution"  # substitution
    Transposition = _NS + "Transposition"  # transposition
    Utensil = _NS + "Utensil"  # utensil
    VariantReading = _NS + "VariantReading"  # variant reading
    Work = _NS + "Work"  # work

    # object properties
    actionType = _NS + "actionType"  # action type
    actsAs = _NS + "actsAs"  # acts as
    addressee = _NS + "addressee"  # addressee
    agent = _NS + "agent"  # agent role
    alignedPassage = _NS + "alignedPassage"  # aligned passage
    alignedSpan = _NS + "alignedSpan"  # aligned span
    attestation = _NS + "attestation"  # attestation
    attestedIn = _NS + "attestedIn"  # attested in
    commentsOn = _NS + "commentsOn"  # comments on
    editionOf = _NS + "editionOf"  # edition of
    explains = _NS + "explains"  # explains commentary
    facing = _NS + "facing"  # facing
    inDocument = _NS + "inDocument"  # in document
    inEdition = _NS + "inEdition"  # in edition
    inPassage = _NS + "inPassage"  # in passage
    inRite = _NS + "inRite"  # in rite
    inSection = _NS + "inSection"  # in section
    layer = _NS + "layer"  # layer
    missingIn = _NS + "missingIn"  # missing in
    next = _NS + "next"  # next
    object = _NS + "object"  # object type
    parallel = _NS + "parallel"  # parallel passage
    parentPassage = _NS + "parentPassage"  # parent passage
    performer = _NS + "performer"  # performer
    place = _NS + "place"  # place type
    placement = _NS + "placement"  # placement
    reading = _NS + "reading"  # reading
    readingPassage = _NS + "readingPassage"  # reading passage
    recipient = _NS + "recipient"  # recipient role
    representative = _NS + "representative"  # representative
    stepOf = _NS + "stepOf"  # step of the rite
    translates = _NS + "translates"  # translates layer
    variantOf = _NS + "variantOf"  # variant in rite
    witness = _NS + "witness"  # witness

    # datatype properties
    alignedCharacters = _NS + "alignedCharacters"  # aligned characters
    anchorEnd = _NS + "anchorEnd"  # anchor end
    anchorStart = _NS + "anchorStart"  # anchor start
    atVariant = _NS + "atVariant"  # at a variant
    column = _NS + "column"  # column
    confidence = _NS + "confidence"  # confidence
    disagreesOn = _NS + "disagreesOn"  # disagrees on
    end = _NS + "end"  # end
    glyphKind = _NS + "glyphKind"  # glyph kind
    implicitAgent = _NS + "implicitAgent"  # implicit agent
    implicitObject = _NS + "implicitObject"  # implicit object
    line = _NS + "line"  # line
    negated = _NS + "negated"  # negated
    order = _NS + "order"  # order
    sectionSource = _NS + "sectionSource"  # section source
    start = _NS + "start"  # start
    text = _NS + "text"  # text
    tradition = _NS + "tradition"  # tradition
    witnessesDisagree = _NS + "witnessesDisagree"  # witnesses disagree

    # annotation properties
    ambiguous = _NS + "ambiguous"  # ambiguous
    modernLabel = _NS + "modernLabel"  # modern label
    pinyin = _NS + "pinyin"  # pinyin
    title = _NS + "title"  # title

class OA(metaclass=Vocabulary):
    """W3c web annotation (the terms ritegraph declares)."""

    _NS = "http://www.w3.org/ns/oa#"

    # classes
    Annotation = _NS + "Annotation"
    Motivation = _NS + "Motivation"
    Selector = _NS + "Selector"
    SpecificResource = _NS + "SpecificResource"
    TextPositionSelector = _NS + "TextPositionSelector"
    TextQuoteSelector = _NS + "TextQuoteSelector"

    # object properties
    hasBody = _NS + "hasBody"
    hasSelector = _NS + "hasSelector"
    hasSource = _NS + "hasSource"
    hasTarget = _NS + "hasTarget"
    motivatedBy = _NS + "motivatedBy"

    # datatype properties
    end = _NS + "end"
    exact = _NS + "exact"
    prefix = _NS + "prefix"
    start = _NS + "start"
    suffix = _NS + "suffix"

    # individuals
    identifying = _NS + "identifying"

class CRM(metaclass=Vocabulary):
    """Cidoc-crm (the terms ritegraph declares)."""

    _NS = "http://www.cidoc-crm.org/cidoc-crm/"

    # classes
    E21_Person = _NS + "E21_Person"
    E29_Design_or_Procedure = _NS + "E29_Design_or_Procedure"
    E33_Linguistic_Object = _NS + "E33_Linguistic_Object"
    E73_Information_Object = _NS + "E73_Information_Object"
    E89_Propositional_Object = _NS + "E89_Propositional_Object"

    # object properties
    P106_is_composed_of = _NS + "P106_is_composed_of"
    P106i_forms_part_of = _NS + "P106i_forms_part_of"
    P2_has_type = _NS + "P2_has_type"
    P70i_is_documented_in = _NS + "P70i_is_documented_in"

class AS(metaclass=Vocabulary):
    """Activity streams (the terms ritegraph declares)."""

    _NS = "http://www.w3.org/ns/activitystreams#"

    # classes
    Application = _NS + "Application"

    # object properties
    generator = _NS + "generator"

class DCAT(metaclass=Vocabulary):
    """DCAT (the terms rdflib lists)."""

    _NS = "http://www.w3.org/ns/dcat#"
    _open = True
    _terms = """Catalog CatalogRecord DataService Dataset Distribution Relationship Resource
        Role accessService accessURL bbox byteSize catalog centroid compressFormat
        contactPoint dataset distribution downloadURL endDate endpointDescription
        endpointURL hadRole keyword landingPage mediaType packageFormat qualifiedRelation
        record servesDataset service spatialResolutionInMeters startDate temporalResolution
        theme themeTaxonomy"""

class DCTERMS(metaclass=Vocabulary):
    """DCMI Metadata Terms (the terms rdflib lists)."""

    _NS = "http://purl.org/dc/terms/"
    _terms = """Agent AgentClass BibliographicResource Box DCMIType DDC FileFormat Frequency
        IMT ISO3166 ISO639-2 ISO639-3 Jurisdiction LCC LCSH LicenseDocument LinguisticSystem
        Location LocationPeriodOrJurisdiction MESH MediaType MediaTypeOrExtent
        MethodOfAccrual MethodOfInstruction NLM Period PeriodOfTime PhysicalMedium
        PhysicalResource Point Policy ProvenanceStatement RFC1766 RFC3066 RFC4646 RFC5646
        RightsStatement SizeOrDuration Standard TGN UDC URI W3CDTF abstract accessRights
        accrualMethod accrualPeriodicity accrualPolicy alternative audience available
        bibliographicCitation conformsTo contributor coverage created creator date
        dateAccepted dateCopyrighted dateSubmitted description educationLevel extent format
        hasFormat hasPart hasVersion identifier instructionalMethod isFormatOf isPartOf
        isReferencedBy isReplacedBy isRequiredBy isVersionOf issued language license
        mediator medium modified provenance publisher references relation replaces requires
        rights rightsHolder source spatial subject tableOfContents temporal title type valid"""

class OWL(metaclass=Vocabulary):
    """OWL 2 (the terms rdflib lists)."""

    _NS = "http://www.w3.org/2002/07/owl#"
    _terms = """AllDifferent AllDisjointClasses AllDisjointProperties Annotation
        AnnotationProperty AsymmetricProperty Axiom Class DataRange DatatypeProperty
        DeprecatedClass DeprecatedProperty FunctionalProperty InverseFunctionalProperty
        IrreflexiveProperty NamedIndividual NegativePropertyAssertion Nothing ObjectProperty
        Ontology OntologyProperty ReflexiveProperty Restriction SymmetricProperty Thing
        TransitiveProperty allValuesFrom annotatedProperty annotatedSource annotatedTarget
        assertionProperty backwardCompatibleWith bottomDataProperty bottomObjectProperty
        cardinality complementOf datatypeComplementOf deprecated differentFrom
        disjointUnionOf disjointWith distinctMembers equivalentClass equivalentProperty
        hasKey hasSelf hasValue imports incompatibleWith intersectionOf inverseOf
        maxCardinality maxQualifiedCardinality members minCardinality
        minQualifiedCardinality onClass onDataRange onDatatype onProperties onProperty oneOf
        priorVersion propertyChainAxiom propertyDisjointWith qualifiedCardinality rational
        real sameAs someValuesFrom sourceIndividual targetIndividual targetValue
        topDataProperty topObjectProperty unionOf versionIRI versionInfo withRestrictions"""

class PROV(metaclass=Vocabulary):
    """PROV-O (the terms rdflib lists)."""

    _NS = "http://www.w3.org/ns/prov#"
    _terms = """Accept Activity ActivityInfluence Agent AgentInfluence Association
        Attribution Bundle Collection Communication Contribute Contributor Copyright Create
        Creator Delegation Derivation Dictionary DirectQueryService EmptyCollection
        EmptyDictionary End Entity EntityInfluence Generation Influence Insertion
        InstantaneousEvent Invalidation KeyEntityPair Location Modify Organization Person
        Plan PrimarySource Publish Publisher Quotation Removal Replace Revision
        RightsAssignment RightsHolder Role ServiceDescription SoftwareAgent Start Submit
        Usage actedOnBehalfOf activity activityOfInfluence agent agentOfInfluence
        alternateOf aq asInBundle atLocation atTime category component constraints
        contributed definition derivedByInsertionFrom derivedByRemovalFrom describesService
        dictionary dm editorialNote editorsDefinition ended endedAtTime entity
        entityOfInfluence generalizationOf generated generatedAsDerivation generatedAtTime
        hadActivity hadDelegate hadDerivation hadDictionaryMember hadGeneration hadInfluence
        hadMember hadPlan hadPrimarySource hadRevision hadRole hadUsage has_anchor
        has_provenance has_query_service influenced influencer informed
        insertedKeyEntityPair invalidated invalidatedAtTime inverse locationOf mentionOf n
        order pairEntity pairKey pingback provenanceUriTemplate qualifiedAssociation
        qualifiedAssociationOf qualifiedAttribution qualifiedAttributionOf
        qualifiedCommunication qualifiedCommunicationOf qualifiedDelegation
        qualifiedDelegationOf qualifiedDerivation qualifiedDerivationOf qualifiedEnd
        qualifiedEndOf qualifiedForm qualifiedGeneration qualifiedGenerationOf
        qualifiedInfluence qualifiedInfluenceOf qualifiedInsertion qualifiedInvalidation
        qualifiedInvalidationOf qualifiedPrimarySource qualifiedQuotation
        qualifiedQuotationOf qualifiedRemoval qualifiedRevision qualifiedSourceOf
        qualifiedStart qualifiedStartOf qualifiedUsage qualifiedUsingActivity quotedAs
        removedKey revisedEntity sharesDefinitionWith specializationOf started startedAtTime
        todo unqualifiedForm used value wasActivityOfInfluence wasAssociateFor
        wasAssociatedWith wasAttributedTo wasDerivedFrom wasEndedBy wasGeneratedBy
        wasInfluencedBy wasInformedBy wasInvalidatedBy wasMemberOf wasPlanOf
        wasPrimarySourceOf wasQuotedFrom wasRevisionOf wasRoleIn wasStartedBy wasUsedBy
        wasUsedInDerivation"""

class RDF(metaclass=Vocabulary):
    """RDF (the terms rdflib lists)."""

    _NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    _terms = """Alt Bag CompoundLiteral HTML JSON List PlainLiteral Property Seq Statement
        XMLLiteral direction first langString language nil object predicate rest subject
        type value"""

class RDFS(metaclass=Vocabulary):
    """RDF Schema (the terms rdflib lists)."""

    _NS = "http://www.w3.org/2000/01/rdf-schema#"
    _terms = """Class Container ContainerMembershipProperty Datatype Literal Resource
        comment domain isDefinedBy label member range seeAlso subClassOf subPropertyOf"""

class SH(metaclass=Vocabulary):
    """SHACL (the terms rdflib lists)."""

    _NS = "http://www.w3.org/ns/shacl#"
    _terms = """AbstractResult AndConstraintComponent AndConstraintComponent-and BlankNode
        BlankNodeOrIRI BlankNodeOrLiteral ClassConstraintComponent
        ClassConstraintComponent-class ClosedConstraintComponent
        ClosedConstraintComponent-closed ClosedConstraintComponent-ignoredProperties
        ConstraintComponent DatatypeConstraintComponent DatatypeConstraintComponent-datatype
        DisjointConstraintComponent DisjointConstraintComponent-disjoint
        EqualsConstraintComponent EqualsConstraintComponent-equals
        ExpressionConstraintComponent ExpressionConstraintComponent-expression Function
        HasValueConstraintComponent HasValueConstraintComponent-hasValue IRI IRIOrLiteral
        InConstraintComponent InConstraintComponent-in Info JSConstraint JSConstraint-js
        JSConstraintComponent JSExecutable JSFunction JSLibrary JSRule JSTarget JSTargetType
        JSValidator LanguageInConstraintComponent LanguageInConstraintComponent-languageIn
        LessThanConstraintComponent LessThanConstraintComponent-lessThan
        LessThanOrEqualsConstraintComponent
        LessThanOrEqualsConstraintComponent-lessThanOrEquals Literal
        MaxCountConstraintComponent MaxCountConstraintComponent-maxCount
        MaxExclusiveConstraintComponent MaxExclusiveConstraintComponent-maxExclusive
        MaxInclusiveConstraintComponent MaxInclusiveConstraintComponent-maxInclusive
        MaxLengthConstraintComponent MaxLengthConstraintComponent-maxLength
        MinCountConstraintComponent MinCountConstraintComponent-minCount
        MinExclusiveConstraintComponent MinExclusiveConstraintComponent-minExclusive
        MinInclusiveConstraintComponent MinInclusiveConstraintComponent-minInclusive
        MinLengthConstraintComponent MinLengthConstraintComponent-minLength
        NodeConstraintComponent NodeConstraintComponent-node NodeKind
        NodeKindConstraintComponent NodeKindConstraintComponent-nodeKind NodeShape
        NotConstraintComponent NotConstraintComponent-not OrConstraintComponent
        OrConstraintComponent-or Parameter Parameterizable PatternConstraintComponent
        PatternConstraintComponent-flags PatternConstraintComponent-pattern
        PrefixDeclaration PropertyConstraintComponent PropertyConstraintComponent-property
        PropertyGroup PropertyShape QualifiedMaxCountConstraintComponent
        QualifiedMaxCountConstraintComponent-qualifiedMaxCount
        QualifiedMaxCountConstraintComponent-qualifiedValueShape
        QualifiedMaxCountConstraintComponent-qualifiedValueShapesDisjoint
        QualifiedMinCountConstraintComponent
        QualifiedMinCountConstraintComponent-qualifiedMinCount
        QualifiedMinCountConstraintComponent-qualifiedValueShape
        QualifiedMinCountConstraintComponent-qualifiedValueShapesDisjoint ResultAnnotation
        Rule SPARQLAskExecutable SPARQLAskValidator SPARQLConstraint
        SPARQLConstraintComponent SPARQLConstraintComponent-sparql SPARQLConstructExecutable
        SPARQLExecutable SPARQLFunction SPARQLRule SPARQLSelectExecutable
        SPARQLSelectValidator SPARQLTarget SPARQLTargetType SPARQLUpdateExecutable Severity
        Shape Target TargetType TripleRule UniqueLangConstraintComponent
        UniqueLangConstraintComponent-uniqueLang ValidationReport ValidationResult Validator
        Violation Warning XoneConstraintComponent XoneConstraintComponent-xone
        alternativePath and annotationProperty annotationValue annotationVarName ask class
        closed condition conforms construct datatype deactivated declare defaultValue
        description detail disjoint entailment equals expression filterShape flags focusNode
        group hasValue ignoredProperties in intersection inversePath js jsFunctionName
        jsLibrary jsLibraryURL labelTemplate languageIn lessThan lessThanOrEquals maxCount
        maxExclusive maxInclusive maxLength message minCount minExclusive minInclusive
        minLength name namespace node nodeKind nodeValidator nodes not object oneOrMorePath
        optional or order parameter path pattern predicate prefix prefixes property
        propertyValidator qualifiedMaxCount qualifiedMinCount qualifiedValueShape
        qualifiedValueShapesDisjoint result resultAnnotation resultMessage resultPath
        resultSeverity returnType rule select severity shapesGraph shapesGraphWellFormed
        sourceConstraint sourceConstraintComponent sourceShape sparql subject
        suggestedShapesGraph target targetClass targetNode targetObjectsOf targetSubjectsOf
        this union uniqueLang update validator value xone zeroOrMorePath zeroOrOnePath"""

class SKOS(metaclass=Vocabulary):
    """SKOS (the terms rdflib lists)."""

    _NS = "http://www.w3.org/2004/02/skos/core#"
    _terms = """Collection Concept ConceptScheme OrderedCollection altLabel broadMatch
        broader broaderTransitive changeNote closeMatch definition editorialNote exactMatch
        example hasTopConcept hiddenLabel historyNote inScheme mappingRelation member
        memberList narrowMatch narrower narrowerTransitive notation note prefLabel related
        relatedMatch scopeNote semanticRelation topConceptOf"""

class VOID(metaclass=Vocabulary):
    """VoID (the terms rdflib lists)."""

    _NS = "http://rdfs.org/ns/void#"
    _terms = """Dataset DatasetDescription Linkset TechnicalFeature class classPartition
        classes dataDump distinctObjects distinctSubjects documents entities exampleResource
        feature inDataset linkPredicate objectsTarget openSearchDescription properties
        property propertyPartition rootResource sparqlEndpoint subjectsTarget subset target
        triples uriLookupEndpoint uriRegexPattern uriSpace vocabulary"""

class XSD(metaclass=Vocabulary):
    """XML Schema datatypes (the terms rdflib lists)."""

    _NS = "http://www.w3.org/2001/XMLSchema#"
    _open = True
    _terms = """Assertions ENTITIES ENTITY ID IDREF IDREFS NCName NMTOKEN NMTOKENS NOTATION
        Name QName anyURI base64Binary boolean bounded byte cardinality date dateTime
        dateTimeStamp day dayTimeDuration decimal double duration enumeration
        explicitTimezone float fractionDigits gDay gMonth gMonthDay gYear gYearMonth
        hexBinary hour int integer language length long maxExclusive maxInclusive maxLength
        minExclusive minInclusive minLength minute month negativeInteger nonNegativeInteger
        nonPositiveInteger normalizedString numeric ordered pattern positiveInteger second
        short string time timezoneOffset token totalDigits unsignedByte unsignedInt
        unsignedLong unsignedShort whiteSpace year yearMonthDuration"""


#: Prefixes for serialisation and SPARQL, in a stable order.
PREFIXES = {
    "rg": str(RG),
    "role": ROLE, "obj": OBJECT, "place": PLACE, "action": ACTION,
    "dir": DIRECTION, "scheme": SCHEME, "layer": LAYER, "rite": RITE,
    "doc": DOC,
    "oa": str(OA), "crm": str(CRM),
    "prov": str(PROV), "skos": str(SKOS), "dcterms": str(DCTERMS), "owl": str(OWL),
    "rdf": str(RDF), "rdfs": str(RDFS), "xsd": str(XSD), "sh": str(SH), "dcat": str(DCAT),
    "as": str(AS), "void": str(VOID), "spdx": str(SPDX),
}

#: Prefixes predeclared in ``ritegraph query`` (``--sparql``, .rq files, ``--param`` values) and
#: used to shorten IRIs in tables: :data:`PREFIXES` and the bases of the minted resources.
SPARQL_PREFIXES = {
    **PREFIXES,
    "text": str(TEXT), "section": str(SECTION), "act": str(ACT), "mention": str(MENTION),
    "edition": str(EDITION), "participant": str(PARTICIPANT), "glyph": str(GLYPH),
    "graph": str(GRAPH), "dataset": str(DATASET),
}


def sparql_prefixes(*names: str) -> str:
    """``PREFIX`` lines for SPARQL text (the named prefixes, or all of :data:`PREFIXES`)."""
    chosen = names or tuple(PREFIXES)
    return "".join(f"PREFIX {n}: <{PREFIXES[n]}>\n" for n in chosen)
