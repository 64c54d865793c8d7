"""Steps read back from the store (through the read layer), as records for output and eval."""

from __future__ import annotations

from ..model import Layer
from ..read import RiteGraph

#: Record field → the step's slots it lists (where a thing is put is one of the step's places).
_FIELDS = {"agents": ("agent",), "objects": ("object",), "recipients": ("recipient",),
           "places": ("place", "placement")}
_LAYERS = {layer.slug: layer.value for layer in Layer}


def acts_from_store(graph: RiteGraph, rite: str | None = None) -> list[dict]:
    """Every step (of one rite, by slug or label) as a record with list-valued ``agents``,
    ``objects`` …, sorted by file and position. The agent of the JSONL output is ``agents[0]``."""
    data = graph.snapshot([graph.rite(rite).slug] if rite else None)
    records = []
    for step in data.steps:
        where, section = step.where, data.sections.get(step.where.section or "")
        facing = sorted(step.values("facing"))
        record = {
            "iri": step.iri, "file": where.file, "start": where.start, "end": where.end,
            "quote": where.quote, "rite": data.rites[where.rite].label, "rite_slug": where.rite,
            "section": section.title if section else None,
            "sectionOrder": section.order if section else None,
            "layer": _LAYERS.get(step.layer.split("-of-", 1)[0]),
            "action": next((data.label(a) for a in sorted(step.values("action"))), None),
            "facing": data.label(facing[0]) if facing else None,
            "negated": step.negated, "implicit": step.implicit_agent,
            "confidence": step.confidence, "order": step.order, "step": step.rite_step}
        for name, slots in _FIELDS.items():
            record[name] = sorted(data.label(c) for slot in slots for c in step.values(slot))
        records.append(record)
    return sorted(records, key=lambda r: (r["file"], r["start"], r["end"], r["iri"]))


def output_record(record: dict) -> dict:
    """A store record as one line of ``ritegraph acts --format jsonl`` (the issue's keys)."""
    return {
        "file": record["file"], "start": record["start"], "end": record["end"],
        "quote": record["quote"], "rite": record["rite"], "section": record["section"],
        "layer": record["layer"], "agent": record["agents"][0] if record["agents"] else None,
        "action": record["action"], "object": record["objects"],
        "recipient": record["recipients"], "place": record["places"],
        "facing": record["facing"], "negated": record["negated"],
        "implicit_agent": record["implicit"], "confidence": record["confidence"],
        "iri": record["iri"], "step": record["step"],
    }


def score_record(record: dict) -> dict:
    """A store record as the scorer reads it (all agents)."""
    return {"file": record["file"], "start": record["start"], "end": record["end"],
            "quote": record["quote"], "action": record["action"], "agent": record["agents"],
            "object": record["objects"], "recipient": record["recipients"],
            "place": record["places"], "facing": record["facing"],
            "negated": record["negated"]}
