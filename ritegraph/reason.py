"""OWL reasoning with owlready2 and HermiT: consistency of ontology + lexicon (+ acts).

Each run uses a fresh owlready2 ``World`` (never the default world), loaded from rdflib graphs
serialised as N-Triples (owlready2 does not read Turtle).
"""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import rdflib

from .errors import UsageError
from .resources import data_dir
from .vocab import sparql_prefixes

ONTOLOGY_IRI = "https://w3id.org/ritegraph/ontology"
ONTOLOGY_FILE = "ritegraph.ttl"


def ontology_path() -> Path:
    """The ontology file (``ontology/ritegraph.ttl`` in a checkout or a wheel)."""
    return data_dir("ontology") / ONTOLOGY_FILE


def ontology_graph() -> rdflib.Graph:
    """The ontology parsed into a fresh rdflib graph."""
    return rdflib.Graph().parse(ontology_path(), format="turtle")


def java_available() -> bool:
    return shutil.which("java") is not None


def load_world(graphs: Iterable[rdflib.Graph]):
    """A fresh owlready2 ``World`` holding the union of ``graphs``; returns (world, ontology)."""
    import owlready2

    merged = rdflib.Graph()
    for graph in graphs:
        merged += graph
    world = owlready2.World()
    data = merged.serialize(format="nt", encoding="utf-8")
    onto = world.get_ontology(ONTOLOGY_IRI).load(fileobj=io.BytesIO(data), format="ntriples")
    return world, onto


def run_hermit(world, onto) -> None:
    """Run HermiT on ``world`` (class and individual types are inferred into it).

    Raises ``owlready2.OwlReadyInconsistentOntologyError`` when the ontology is inconsistent
    and :class:`UsageError` (exit 2) when Java is missing.
    """
    import owlready2

    if not java_available():
        raise UsageError("the OWL reasoner needs Java (HermiT runs on Java 17): install a JRE")
    with onto:
        owlready2.sync_reasoner_hermit(world, infer_property_values=False, debug=0)


# -- ritegraph reason -------------------------------------------------------------------------

#: What of each step the reasoner needs (the defined classes use the step's type, action type,
#: negation, object types and place types; the role and facing links are kept for consistency).
ACTS_QUERY = sparql_prefixes("rg") + """
CONSTRUCT { ?act a rg:Step ; ?p ?o }
WHERE { ?act a rg:Step ; ?p ?o .
        VALUES ?p { rg:actionType rg:negated rg:agent rg:recipient rg:object rg:place
                    rg:placement rg:facing } }
"""


@dataclass
class ReasonReport:
    """The outcome of one reasoning run."""

    consistent: bool
    individuals: int
    inferred: list[tuple[str, str]]  # (individual IRI, inferred class IRI), not asserted
    explanation: str = ""
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for _, cls in self.inferred:
            out[cls] = out.get(cls, 0) + 1
        return dict(sorted(out.items()))


def store_graphs(store_dir: Path, with_acts: bool = True) -> list[rdflib.Graph]:
    """The lexicon graph and (optionally) the acts of every rite, from the store."""
    import pyoxigraph as ox

    from .store import GRAPH_LEXICON, open_store, to_rdflib

    graphs = [to_rdflib(store_dir, [GRAPH_LEXICON])]
    if with_acts:
        store = open_store(store_dir)
        data = store.query(ACTS_QUERY, use_default_graph_as_union=True)
        acts = rdflib.Graph()
        acts.parse(data=data.serialize(format=ox.RdfFormat.N_TRIPLES).decode("utf-8"),
                   format="nt")
        graphs.append(acts)
    return graphs


def reason(data: Iterable[rdflib.Graph]) -> ReasonReport:
    """HermiT over ontology + ``data``: consistency and the types it infers for individuals."""
    import owlready2

    start = time.perf_counter()
    ontology = ontology_graph()
    asserted = rdflib.Graph()
    for graph in data:
        asserted += graph
    world, onto = load_world([ontology, asserted])
    try:
        run_hermit(world, onto)
    except owlready2.OwlReadyInconsistentOntologyError as exc:
        return ReasonReport(False, 0, [], explanation=str(exc).strip() or "inconsistent",
                            seconds=time.perf_counter() - start)
    asserted += ontology
    meta = (str(rdflib.OWL), str(rdflib.RDF), str(rdflib.RDFS))
    subjects = sorted({s for s, t in asserted.subject_objects(rdflib.RDF.type)
                       if isinstance(s, rdflib.URIRef) and not str(t).startswith(meta)})
    inferred = []
    individuals = 0
    for subject in subjects:
        entity = world[str(subject)]
        if not isinstance(entity, owlready2.Thing):
            continue  # a class or property, not an individual
        individuals += 1
        for cls in entity.is_a:
            iri = getattr(cls, "iri", None)
            if iri and (subject, rdflib.RDF.type, rdflib.URIRef(iri)) not in asserted:
                inferred.append((str(subject), iri))
    return ReasonReport(True, individuals, sorted(inferred), seconds=time.perf_counter() - start)


def write_inferred(store_dir: Path, inferred: list[tuple[str, str]]) -> None:
    """Replace the store's inferred graph by the given ``rdf:type`` triples."""
    import pyoxigraph as ox

    from .store import GRAPH_INFERRED, current_build

    store = ox.Store(str(current_build(store_dir) / "oxigraph"))
    graph = ox.NamedNode(GRAPH_INFERRED)
    if graph in set(store.named_graphs()):
        store.remove_graph(graph)
    rdf_type = ox.NamedNode(str(rdflib.RDF.type))
    store.extend(ox.Quad(ox.NamedNode(s), rdf_type, ox.NamedNode(c), graph) for s, c in inferred)
    store.flush()
