"""Views of one resource for its HTML page: what a rite, section, passage, concept or step page
shows beyond the resource's own triples. Each view is plain data (JSON-ready) read with the
``page-*.rq`` queries, bound to the resource's IRI; :func:`view` picks one by the IRI's kind.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import PurePosixPath

import pyoxigraph as ox

from ..rdf.iris import annotation_part, evidence_iri
from ..vocab import BASE, SKOS
from .records import SCHEMES, STEP_SLOTS
from .snapshot import layer_slug, read_rites, select, slug_of

View = dict[str, object]


def rite_view(store: ox.Store, iri: str, witness: str = "") -> View:
    """The rite's steps counted as ``rite-overview`` counts them, and its sections in every
    document, in order, with their steps (the rite steps their acts attest) and agents; with
    ``witness``, that witness's acts and sections (the per-edition view)."""
    values = {"witness": witness}
    sections = [dict(r) for r in select(store, "page-rite-sections", bind={"rite": iri},
                                         values=values)]
    documents: dict[str, dict] = {}
    for section in sections:
        documents.setdefault(section["file"], {
            "file": section["file"], "iri": section["document"], "title": section["title"],
            "sections": []})["sections"].append(section)
    counts = next(iter(select(store, "page-rite-counts", bind={"rite": iri}, values=values)), {})
    return {"kind": "rite", "documents": list(documents.values()), "counts": counts,
            "witness": witness}


def section_view(store: ox.Store, iri: str, witness: str = "") -> View:
    """The section's steps in order, one per rite step its acts attest (its representative's
    who, what, with what, where, facing, to whom and quote, and every witness's attestation),
    each act in no rite step as itself; and the section's text in every witness. With
    ``witness``, the acts of that witness each as itself (none if the section is another's)."""
    steps: dict[str, dict] = {}
    for r in select(store, "page-section-steps", bind={"section": iri},
                    values={"witness": witness}):
        step = steps.setdefault(r["act"], {
            "iri": r["entry"], "act": r["act"], "rite_step": r["riteStep"], "order": r["order"],
            "negated": r["negated"], "slots": defaultdict(list), "attestations": []})
        if r["property"]:
            step["slots"][STEP_SLOTS[r["property"].rsplit("#", 1)[-1]]].append(
                {"iri": r["value"], "label": r["label"] or slug_of(r["value"])})
    for r in select(store, "page-section-evidence", bind={"section": iri}):
        if r["step"] in steps:
            steps[r["step"]].update(quote=r["quote"], start=r["start"],
                                    layer=layer_slug(r["layer"], None))
    _attestations(store, iri, steps)
    ordered = sorted(steps.values(), key=lambda s: (s.get("start") or 0, s["order"]))
    for step in ordered:
        step["slots"] = dict(step["slots"])
    text = [{"iri": r["passage"], "layer": layer_slug(r["layer"], None), "text": r["text"]}
            for r in select(store, "page-section-text", bind={"section": iri})]
    witnesses: dict[str, dict] = {}
    for r in select(store, "page-section-witnesses", bind={"section": iri}):
        witnesses.setdefault(r["file"], {"file": r["file"], "title": r["title"],
                                         "text": []})["text"].append(
            {"iri": r["other"], "layer": layer_slug(r["layer"], None), "text": r["text"]})
    return {"kind": "section", "steps": ordered, "text": text,
            "witnesses": list(witnesses.values()), "witness": witness}


def _attestations(store: ox.Store, section: str, steps: dict[str, dict]) -> None:
    """Give each entry of a rite step its witnesses' attestations (the quote of the act shown,
    the representative's but in the per-edition view, stands for the step) and ``witnesses``,
    their number; an act in no rite step has one."""
    by_rite_step = {s["rite_step"]: s for s in steps.values() if s["rite_step"]}
    for r in select(store, "page-section-attestations", bind={"section": section}):
        step = by_rite_step.get(r["riteStep"])
        if step is None:
            continue
        step["attestations"].append({
            "iri": r["attestation"], "file": r["file"], "name": PurePosixPath(r["file"]).stem,
            "title": r["title"],
            "passage": r["passage"], "quote": r["quote"], "start": r["start"],
            "layer": layer_slug(r["layer"], None), "here": r["attestation"] == step["act"],
            "entry": r["attestation"] == step["iri"]})
        if r["attestation"] == step["iri"]:
            step.update(quote=r["quote"], layer=layer_slug(r["layer"], None))
    for step in steps.values():
        step["witnesses"] = len(step["attestations"]) or 1


def passage_view(store: ox.Store, iri: str) -> View:
    """The passage's text with each mention as a span, and the commentary on it."""
    rows = list(select(store, "page-passage", bind={"passage": iri}))
    if not rows:
        return {"kind": "passage", "found": False}
    p = rows[0]
    text, start = p["text"] or "", p["start"]
    spans, cursor = [], 0
    for m in select(store, "page-passage-mentions", bind={"passage": iri}):
        a, b = m["start"] - start, m["end"] - start
        if a < cursor or b > len(text):  # overlapping mentions: the first one is shown
            continue
        if a > cursor:
            spans.append({"text": text[cursor:a]})
        spans.append({"text": text[a:b], "concept": m["concept"]})
        cursor = b
    spans.append({"text": text[cursor:]})
    commentary = [{"iri": r["comment"], "layer": layer_slug(r["layer"], None),
                   "text": r["text"] or ""}
                  for r in select(store, "page-passage-commentary", bind={"passage": iri})]
    parallels = [{"iri": r["other"], "file": r["file"], "title": r["title"], "text": r["text"],
                  "quote": r["quote"], "equal": r["equal"]}
                 for r in select(store, "page-passage-parallels", bind={"passage": iri})]
    return {"kind": "passage", "found": True, "layer": layer_slug(p["layer"], None),
            "parallels": parallels,
            "file": p["file"], "title": p["title"], "juan": p["juan"], "start": start,
            "end": p["end"], "line": p["line"],
            "citation": iri.removeprefix(BASE + "text/"), "rite": p["rite"],
            "section": p["section"], "parent": p["parent"], "comments_on": p["commentsOn"],
            "explains": p["explains"], "spans": spans, "commentary": commentary}


def concept_view(store: ox.Store, iri: str) -> View:
    """Usage of the concept per rite (mentions and steps), and its first mentions and steps."""
    rites = read_rites(store)  # in chapter order
    labels = {r.iri: r.label for r in rites}
    usage: dict[str, dict[str, int]] = defaultdict(lambda: {"mentions": 0, "steps": 0})
    for r in select(store, "page-concept-usage", bind={"concept": iri}):
        usage[r["rite"]][r["kind"]] = r["n"]
    rows = [{"rite": r.iri, "label": r.label, **usage[r.iri]} for r in rites if r.iri in usage]
    mentions = [{"iri": r["mention"], "passage": r["passage"], "quote": r["quote"],
                 "layer": layer_slug(r["layer"], None), "rite": labels.get(r["rite"], "")}
                for r in select(store, "page-concept-mentions", bind={"concept": iri})]
    steps = [{"iri": r["step"], "quote": r["quote"], "rite": labels.get(r["rite"], "")}
             for r in select(store, "page-concept-steps", bind={"concept": iri})]
    narrower = sorted(q.subject.value for q in store.quads_for_pattern(
        None, ox.NamedNode(str(SKOS.broader)), ox.NamedNode(iri)))
    return {"kind": "concept", "usage": rows, "narrower": narrower,
            "most": max((max(r["mentions"], r["steps"]) for r in rows), default=0),
            "mentions": mentions, "steps": steps}


def step_view(store: ox.Store, iri: str) -> View:
    """The passage that states the step, with the quote marked in it."""
    attested = [q.object.value for q in store.quads_for_pattern(
        ox.NamedNode(iri), ox.NamedNode(BASE + "ontology#attestedIn"), None)]
    if not attested:
        return {"kind": "step", "context": None}
    passage = passage_view(store, attested[0])
    position = ox.NamedNode(annotation_part(evidence_iri(iri), "position"))
    return {"kind": "step", "passage": passage, "passage_iri": attested[0],
            **_offsets(store, position)}


def _offsets(store: ox.Store, selector: ox.NamedNode) -> dict[str, int]:
    return {q.predicate.value.rsplit("#", 1)[-1]: int(q.object.value)
            for q in store.quads_for_pattern(selector, None, None)
            if isinstance(q.object, ox.Literal) and q.predicate.value.endswith(("start", "end"))}


def home_view(store: ox.Store, iri: str) -> View:
    """The rites in chapter order, for the home page."""
    return {"kind": "home", "rites": [{"iri": r.iri, "label": r.label, "en": r.en,
                                       "order": r.order} for r in read_rites(store)]}


_BY_KIND: dict[str, Callable[[ox.Store, str], View]] = {
    "": home_view, "rite": rite_view, "section": section_view, "text": passage_view,
    "act": step_view,
    **{scheme: concept_view for scheme in SCHEMES},
}


#: The views that take a ``witness`` (the per-edition view, as ``ritegraph query --witness``).
_BY_WITNESS: dict[str, Callable[[ox.Store, str, str], View]] = {
    "rite": rite_view, "section": section_view}


def view(store: ox.Store, iri: str, witness: str = "") -> View | None:
    """The view for a minted IRI by its kind (the first path segment), or None; ``witness``
    restricts a rite or section page to that witness's acts."""
    kind = iri.removeprefix(BASE).split("/", 1)[0]
    if witness and kind in _BY_WITNESS:
        return _BY_WITNESS[kind](store, iri, witness)
    found = _BY_KIND.get(kind)
    return found(store, iri) if found else None
