"""Reading acts back from the store (SPARQL on pyoxigraph), as records for output and eval."""

from __future__ import annotations

from pathlib import Path

from ..model import Layer
from ..store import open_store
from ..vocab import sparql_prefixes

_PREFIXES = sparql_prefixes("rg", "oa", "rdfs", "skos", "dcterms")

ACTS_QUERY = _PREFIXES + """
SELECT ?act ?file ?start ?end ?quote ?rite ?riteIri ?section ?sectionOrder ?layer ?action ?facing
       ?negated ?implicit ?confidence ?order
WHERE {
  ?act a rg:Step ; rg:actionType ?actionType ; rg:negated ?negated ;
       rg:implicitAgent ?implicit ; rg:confidence ?confidence ; rg:order ?order ;
       rg:inRite ?riteIri ; rg:attestedIn ?passage .
  ?evidence oa:hasBody ?act ; oa:hasTarget ?target .
  ?target oa:hasSource ?doc ; oa:hasSelector ?position , ?quoteSel .
  ?position a oa:TextPositionSelector ; oa:start ?start ; oa:end ?end .
  ?quoteSel a oa:TextQuoteSelector ; oa:exact ?quote .
  ?doc dcterms:identifier ?file .
  ?passage rg:layer ?layer .
  ?actionType skos:prefLabel ?action . FILTER(langMatches(lang(?action), "zh-Hans"))
  ?riteIri rdfs:label ?rite . FILTER(langMatches(lang(?rite), "zh-Hans"))
  OPTIONAL { ?act rg:inSection ?sectionIri . ?sectionIri rdfs:label ?section ;
             rg:order ?sectionOrder . }
  OPTIONAL { ?act rg:facing ?facingIri . ?facingIri skos:prefLabel ?facing .
             FILTER(langMatches(lang(?facing), "zh-Hans")) }
}
"""

LINKS_QUERY = _PREFIXES + """
SELECT ?act ?property ?label WHERE {
  VALUES ?property { rg:agent rg:object rg:recipient rg:place rg:placement }
  ?act a rg:Step ; ?property ?concept .
  ?concept skos:prefLabel ?label . FILTER(langMatches(lang(?label), "zh-Hans"))
}
"""

#: Property → record field; where a thing is put (rg:placement) is one of the act's places.
_FIELDS = {"agent": "agents", "object": "objects", "recipient": "recipients", "place": "places",
           "placement": "places"}
_LAYERS = {layer.slug: layer.value for layer in Layer}


def _value(term) -> object:
    if term is None:
        return None
    value = term.value
    datatype = getattr(term, "datatype", None)
    if datatype is not None:
        kind = datatype.value.rsplit("#", 1)[-1]
        if kind in ("integer", "nonNegativeInteger"):
            return int(value)
        if kind == "decimal":
            return float(value)
        if kind == "boolean":
            return value == "true"
    return value


def acts_from_store(store_dir: Path) -> list[dict]:
    """Every act in the store as a record with list-valued ``agents``, ``objects`` …, sorted by
    file and position. The agent of the JSONL output is ``agents[0]``."""
    store = open_store(store_dir)
    records: dict[str, dict] = {}
    for row in store.query(ACTS_QUERY, use_default_graph_as_union=True):
        act = row["act"].value
        record = {name: _value(row[name]) for name in (
            "file", "start", "end", "quote", "rite", "section", "sectionOrder", "action",
            "facing", "negated", "implicit", "confidence", "order")}
        record["layer"] = _LAYERS.get(row["layer"].value.rsplit("/", 1)[-1])
        record["iri"] = act
        record["rite_slug"] = row["riteIri"].value.rsplit("/", 1)[-1]
        for plural in _FIELDS.values():
            record[plural] = []
        records[act] = record
    order: dict[str, dict[str, list[str]]] = {}
    for row in store.query(LINKS_QUERY, use_default_graph_as_union=True):
        act = row["act"].value
        if act in records:
            name = _FIELDS[row["property"].value.rsplit("#", 1)[-1]]
            order.setdefault(act, {}).setdefault(name, []).append(row["label"].value)
    for act, fields in order.items():
        for name, labels in fields.items():
            records[act][name] = sorted(labels)
    return sorted(records.values(), key=lambda r: (r["file"], r["start"], r["end"], r["iri"]))


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
        "iri": record["iri"],
    }


def score_record(record: dict) -> dict:
    """A store record as the scorer reads it (all agents)."""
    return {"file": record["file"], "start": record["start"], "end": record["end"],
            "quote": record["quote"], "action": record["action"], "agent": record["agents"],
            "object": record["objects"], "recipient": record["recipients"],
            "place": record["places"], "facing": record["facing"],
            "negated": record["negated"]}
