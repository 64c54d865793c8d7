"""Cross-witness consistency: the rite steps whose witnesses disagree, with every quote."""

from __future__ import annotations

import pyoxigraph as ox

from ..read.snapshot import Snapshot, read_attestations, read_rite_steps
from ..store import GRAPH_CORPUS, rite_graph


def cross_witness(store: ox.Store, data: Snapshot) -> dict:
    """The rite steps of the snapshot's rites and those whose witnesses disagree: on what, the
    files that carry the clause but state no such step, whether a variant reading explains it,
    and each witness's quote (as JSON-ready data)."""
    graphs = [rite_graph(slug) for slug in data.rites] + [GRAPH_CORPUS]
    steps = [s for s in read_rite_steps(store, graphs) if s["rite"] in data.rites]
    attested = read_attestations(store, graphs)
    disagreeing = []
    for s in steps:
        if not s["disagree"]:
            continue
        acts = sorted((attested[a] for a in s["attestations"] if a in attested),
                      key=lambda a: (a.where.file or "", a.where.start or 0))
        disagreeing.append({
            "step": s["iri"], "rite": s["rite"], "action": data.label(s["action"]),
            "disagrees_on": sorted(s["disagrees_on"]), "missing_in": sorted(s["missing_in"]),
            "explained_by": "variant" if s["at_variant"] else "extraction",
            "attestations": [{"file": a.where.file, "start": a.where.start, "end": a.where.end,
                              "quote": a.where.quote,
                              "agent": sorted(data.label(c) for c in a.values("agent")),
                              "object": sorted(data.label(c) for c in a.values("object"))}
                             for a in acts]})
    disagreeing.sort(key=lambda d: (list(data.rites).index(d["rite"]),
                                    d["attestations"][0]["file"] if d["attestations"] else "",
                                    d["attestations"][0]["start"] if d["attestations"] else 0))
    return {"steps": len(steps), "disagreeing": disagreeing}
