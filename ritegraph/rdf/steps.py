"""Prescribed steps as RDF: ``rg:Step`` nodes (parts of their rite's procedure) with typed
links, per-rite participants, ``rg:next``, and one evidence annotation each.

A step is a ``crm:E29_Design_or_Procedure``, never an annotation: its link to the characters
that state it is a separate W3C Web Annotation (``<step>#evidence``, body = the step). Labels are
resolved to concept IRIs through the lexicon; a label the lexicon lacks is skipped and returned
so that the build can report it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..acts.model import Act, next_links
from ..corpus import CorpusFile
from ..lexicon import Lexicon
from ..model import ReadResult
from ..store import rite_graph
from ..vocab import CRM, RDF, RDFS, RG
from .annotation import Provenance, annotation_quads
from .iris import (
    act_iri,
    doc_iri,
    evidence_iri,
    participant_iri,
    passage_iri,
    rite_iri,
    section_iri,
)
from .terms import QuadWriter, boolean, decimal, integer, iri, literal

#: Role field → (property to the role type, property to the participant).
ROLES = (("agents", RG.agent, RG.performer), ("recipients", RG.recipient, RG.addressee))


class StepWriter:
    """Writes the steps of one build; remembers the participants already written."""

    def __init__(self, out: QuadWriter, lexicon: Lexicon, made: Provenance) -> None:
        self.out, self.lexicon, self.made = out, lexicon, made
        self.participants: set[str] = set()
        self.missing: list[str] = []

    def concept(self, scheme: str, label: str) -> str | None:
        try:
            return self.lexicon.concept(scheme, label).iri
        except KeyError:
            self.missing.append(f"{scheme}:{label}")
            return None

    def narrowest_roles(self, labels: list[str]) -> list[tuple[str, str]]:
        """(label, concept IRI) of each role, leaving out one broader than another of the same
        act (衆介 read [众介, 介]: one party, the 众介; its 介 follows by skos:broader)."""
        concepts = []
        for label in labels:
            try:
                concepts.append((label, self.lexicon.concept("role", label)))
            except KeyError:
                self.missing.append(f"role:{label}")
        broader = {b for _, concept in concepts for b in concept.broader}
        return [(label, c.iri) for label, c in concepts if c.iri not in broader]

    def participant(self, rite: str, role_label: str, role: str, graph: str) -> str:
        """``participant/<rite>/<role>``, written once per build."""
        p = participant_iri(rite, role.rsplit("/", 1)[-1])
        if p not in self.participants:
            self.participants.add(p)
            self.out.add(p, RDF.type, iri(RG.Participant), graph)
            self.out.add(p, CRM.P2_has_type, iri(role), graph)
            self.out.add(p, RG.inRite, iri(rite_iri(rite)), graph)
            self.out.add(p, RDFS.label, literal(role_label, "zh-Hans"), graph)
        return p

    def step(self, act: Act, *, document: str, text: str, passage: str, section: str | None,
             graph: str) -> None:
        """Write one step (IRIs of its document, passage and section given)."""
        out, a = self.out, act_iri(act)
        rite = rite_iri(act.rite)
        out.add(a, RDF.type, iri(RG.Step), graph)
        action = self.concept("action", act.action)
        if action is not None:
            out.add(a, RG.actionType, iri(action), graph)
        for field_name, type_prop, participant_prop in ROLES:
            for label, role in self.narrowest_roles(getattr(act, field_name)):
                out.add(a, type_prop, iri(role), graph)
                out.add(a, participant_prop,
                        iri(self.participant(act.rite, label, role, graph)), graph)
        place = RG.placement if act.puts else RG.place
        for labels, prop, scheme in ((act.objects, RG.object, "object"),
                                     (act.places, place, "place")):
            for label in labels:
                concept = self.concept(scheme, label)
                if concept is not None:
                    out.add(a, prop, iri(concept), graph)
        if act.facing:
            facing = self.concept("direction", act.facing)
            if facing is not None:
                out.add(a, RG.facing, iri(facing), graph)
        out.add(a, RG.negated, boolean(act.negated), graph)
        out.add(a, RG.implicitAgent, boolean(act.implicit_agent), graph)
        out.add(a, RG.implicitObject, boolean(act.implicit_object), graph)
        out.add(a, RG.confidence, decimal(act.confidence), graph)
        out.add(a, RG.order, integer(act.order), graph)
        out.add(a, RG.inRite, iri(rite), graph)
        out.add(rite, CRM.P106_is_composed_of, iri(a), graph)
        if section is not None:
            out.add(a, RG.inSection, iri(section), graph)
        out.add(a, RG.attestedIn, iri(passage), graph)
        annotation_quads(out, evidence_iri(a), a, document=document, text=text,
                         start=act.start, end=act.end, graph=graph, made=self.made)

    def file_steps(self, file: CorpusFile, result: ReadResult, acts: list[Act]) -> list[str]:
        """All steps of one file with their ``rg:next`` links, each in its rite's graph.

        Returns the labels the lexicon lacks (``scheme:label``, deduplicated, in order)."""
        self.missing = []
        stem, document = file.stem, doc_iri(file)
        for act in acts:
            passage = result.passages[act.passage]
            section = (section_iri(stem, result.sections[act.section])
                       if act.section is not None else None)
            self.step(act, document=document, text=result.text,
                      passage=passage_iri(stem, passage), section=section,
                      graph=rite_graph(act.rite))
        next_quads(self.out, acts, lambda act: rite_graph(act.rite))
        return list(dict.fromkeys(self.missing))


def next_quads(out: QuadWriter, acts: list[Act], graph_of: Callable[[Act], str]) -> int:
    """Materialise ``rg:next`` between consecutive steps of each section; return the count."""
    links = next_links(acts)
    for before, after in links:
        out.add(act_iri(before), RG.next, iri(act_iri(after)), graph_of(before))
    return len(links)
