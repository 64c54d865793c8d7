"""Rite steps as RDF: one ``rg:RiteStep`` per step of a rite, with the action, an
``rg:attestation`` per witness's ``rg:Step`` (and ``rg:stepOf`` back), the one that stands for it
in counts (``rg:representative``: the first, which names it), and what its witnesses
disagree on (docs/model.md, "Rite steps")."""

from __future__ import annotations

from ..lexicon import Lexicon
from ..rite_steps import RiteStep, step_iri
from ..store import rite_graph
from ..vocab import RDF, RG
from .iris import rite_iri
from .terms import QuadWriter, boolean, iri, literal


def rite_step_quads(out: QuadWriter, steps: list[RiteStep], lexicon: Lexicon) -> None:
    """Write each rite step into its rite's graph."""
    for step in steps:
        graph, node = rite_graph(step.rite), step_iri(step)
        out.add(node, RDF.type, iri(RG.RiteStep), graph)
        out.add(node, RG.inRite, iri(rite_iri(step.rite)), graph)
        out.add(node, RG.actionType, iri(lexicon.concept("action", step.action).iri), graph)
        out.add(node, RG.representative, iri(step.acts[0].iri), graph)
        for act in step.acts:
            out.add(node, RG.attestation, iri(act.iri), graph)
            out.add(act.iri, RG.stepOf, iri(node), graph)
        out.add(node, RG.witnessesDisagree, boolean(step.disagrees), graph)
        out.add(node, RG.atVariant, boolean(step.variant), graph)
        for name in step.differing:
            out.add(node, RG.disagreesOn, literal(name), graph)
        for _file, document in step.missing:
            out.add(node, RG.missingIn, iri(document), graph)
