"""OWL reasoning with owlready2 and HermiT: consistency of ontology + lexicon (+ acts).

Each run uses a fresh owlready2 ``World`` (never the default world), loaded from rdflib graphs
serialised as N-Triples (owlready2 does not read Turtle).
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterable
from pathlib import Path

import rdflib

from .errors import UsageError
from .resources import data_dir

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
