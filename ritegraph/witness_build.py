"""The build's work across witnesses: what it keeps of each file, and what it writes once every
file is read — the alignment of the 经, variant readings (aligned and claimed by commentators)
and the rite-level steps."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .acts.model import Act
from .collation_lists import Entry, ListCounts, claims_by_rite, file_entries, resolve_entries
from .collation_parse import ListGrammar, load_list_grammar
from .kaozheng import KaozhengClaim, KaozhengCounts, resolve_claims
from .kaozheng import file_claims as kaozheng_claims
from .kaozheng_parse import KaozhengGrammar, load_kaozheng_grammar
from .lexicon import Lexicon
from .model import ReadResult
from .rdf.alignment import alignment_quads
from .rdf.iris import BUILD, act_iri, person_iri
from .rdf.rite_steps import rite_step_quads
from .rdf.terms import QuadWriter
from .rdf.variants import person_quads, variant_quads
from .rite_steps import WitnessAct, rite_steps, step_summary, witness_act
from .variant_notes import Claim, NoteGrammar, file_claims, load_grammar, merge_claims
from .variants import Variant, find_variants, variant_summary
from .witnesses import Witness, align_witnesses


@dataclass
class WitnessWork:
    """Per file, a few KB: each rite's folded 经, the notes' claims, the acts, the
    collation lists' parsed entries and the 考證's parsed claims."""

    notes: NoteGrammar = field(default_factory=load_grammar)
    lists: ListGrammar = field(default_factory=load_list_grammar)
    witnesses: list[Witness] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    acts: list[WitnessAct] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    list_counts: list[ListCounts] = field(default_factory=list)
    kaozheng: KaozhengGrammar = field(default_factory=load_kaozheng_grammar)
    kz_claims: list[KaozhengClaim] = field(default_factory=list)
    kz_counts: KaozhengCounts = field(default_factory=KaozhengCounts)

    def add(self, witnesses: list[Witness], result: ReadResult, acts: list[Act], fmt: str, *,
            edition: str, file: str, document: str, fold, passage_iri) -> None:
        self.witnesses += witnesses
        self.claims += file_claims(result, edition, file, document, fold, passage_iri,
                                   self.notes)
        self.acts += [witness_act(a, edition, act_iri(a)) for a in acts]
        if fmt == "collation":
            found, counts = file_entries(result, file, document, fold, passage_iri, self.lists)
            self.entries += found
            self.list_counts.append(counts)
        if edition == self.kaozheng.edition:
            self.kz_claims += kaozheng_claims(result, file, document, fold, passage_iri,
                                              self.kaozheng, self.kz_counts)

    def claimed(self, out: QuadWriter) -> list[Variant]:
        """The commentators' claims as variants (鄭玄's notes, 張爾岐's lists, the 四庫
        editors' 考證); their authors written once each."""
        zheng, zhang = person_iri(self.notes.person), person_iri(self.lists.person)
        siku = person_iri(self.kaozheng.person)
        found: list[Variant] = []
        for grammar, person, made in (
                (self.notes, zheng, merge_claims(self.claims, zheng)),
                (self.lists, zhang, resolve_entries(self.entries, self.witnesses, self.lists,
                                                    zhang, self.list_counts)),
                (self.kaozheng, siku, resolve_claims(self.kz_claims, self.witnesses,
                                                     self.kaozheng, siku, self.kz_counts))):
            if made:
                person_quads(out, person, grammar)
            found += made
        return found

    def write(self, out: QuadWriter, lexicon: Lexicon, seconds: dict[str, float]) -> dict:
        """Write the alignment, the variants and the rite steps; their tables for build.json."""
        clock = time.perf_counter()
        parallels, coverage = align_witnesses(self.witnesses)
        alignment_quads(out, parallels)
        seconds["align"] = time.perf_counter() - clock
        clock = time.perf_counter()
        variants, gaps = find_variants(self.witnesses, lexicon.fold.script)
        claimed = self.claimed(out)
        variant_quads(out, variants + claimed, BUILD)
        seconds["variants"] = time.perf_counter() - clock
        clock = time.perf_counter()
        steps = rite_steps(self.witnesses, self.acts,
                           [v for v in variants if v.kind != "graphic"])
        rite_step_quads(out, steps, lexicon)
        seconds["rite_steps"] = time.perf_counter() - clock
        return {"alignment": [c.to_json() for c in coverage],
                "variants": variant_summary(variants + claimed, gaps),
                "steps": step_summary(steps, self.acts),
                "collation": {"lists": [c.to_json() for c in self.list_counts],
                              "claims_by_rite": claims_by_rite(
                                  claimed, person_iri(self.lists.person)),
                              "kaozheng": {**self.kz_counts.to_json(),
                                           "claims_by_rite": claims_by_rite(
                                               claimed, person_iri(self.kaozheng.person))}}}
