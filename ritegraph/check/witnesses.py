"""Cross-witness consistency: the rite steps whose witnesses disagree, with every quote."""

from __future__ import annotations

import pyoxigraph as ox

from ..read.records import Step
from ..read.snapshot import Snapshot, read_rite_step_records
from ..store import GRAPH_CORPUS, rite_graph


def cross_witness(store: ox.Store, data: Snapshot, attested: dict[str, Step] | None = None
                  ) -> dict:
    """The number of rite steps of the snapshot's rites and those whose witnesses disagree
    (JSON-ready, as ``ritegraph steps --disagreeing`` gives them), in rite and text order;
    ``attested``: every witness's step by IRI, when the snapshot has read them already."""
    graphs = [rite_graph(slug) for slug in data.rites] + [GRAPH_CORPUS]
    steps = [s for s in read_rite_step_records(store, graphs, attested)
             if s.rite in data.rites]
    order = {slug: k for k, slug in enumerate(data.rites)}
    disagreeing = sorted((s for s in steps if s.disagree),
                         key=lambda s: (order[s.rite], s.first_place))
    return {"steps": len(steps), "disagreeing": [s.to_json(data.label) for s in disagreeing]}
