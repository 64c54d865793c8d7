"""Counts over a built store: per rite, layer, class and scheme; glyph problems; coverage."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox

from .store import build_info, open_store

_PREFIXES = """
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""

QUERIES = {
    "passages": """SELECT ?rite ?layer (COUNT(?p) AS ?n) WHERE {
        ?p a rg:Passage ; rg:layer/rdfs:label ?layer .
        FILTER(langMatches(lang(?layer), "zh-Hans"))
        OPTIONAL { ?p rg:inRite/rdfs:label ?rite . FILTER(langMatches(lang(?rite), "zh-Hans")) }
    } GROUP BY ?rite ?layer ORDER BY ?rite ?layer""",
    "classes": """SELECT ?graph ?class (COUNT(DISTINCT ?s) AS ?n) WHERE {
        GRAPH ?g { ?s a ?class } BIND(STRAFTER(STR(?g), "/graph/") AS ?graph)
    } GROUP BY ?graph ?class ORDER BY ?graph ?class""",
    "mentions": """SELECT ?rite ?scheme (COUNT(?m) AS ?n) WHERE {
        ?m a rg:Mention ; oa:hasBody/skos:inScheme ?s ; rg:inPassage/rg:inRite/rdfs:label ?rite .
        FILTER(langMatches(lang(?rite), "zh-Hans")) BIND(STRAFTER(STR(?s), "/scheme/") AS ?scheme)
    } GROUP BY ?rite ?scheme ORDER BY ?rite ?scheme""",
    "sections": """SELECT ?rite (COUNT(?s) AS ?n) WHERE {
        ?s a rg:Section ; rg:inRite/rdfs:label ?rite . FILTER(langMatches(lang(?rite), "zh-Hans"))
    } GROUP BY ?rite ORDER BY ?rite""",
}


def _value(term: ox.NamedNode | ox.Literal | None) -> str | int | None:
    if term is None:
        return None
    if isinstance(term, ox.Literal) and term.datatype.value.endswith("#integer"):
        return int(term.value)
    value = term.value
    if isinstance(term, ox.NamedNode) and "#" in value:
        return value.rsplit("#", 1)[1]
    return value


def collect(store_dir: Path) -> dict:
    """All statistics as plain data (JSON-ready)."""
    store = open_store(store_dir)
    out: dict = {}
    for name, body in QUERIES.items():
        result = store.query(_PREFIXES + body, use_default_graph_as_union=True)
        columns = [v.value for v in result.variables]
        out[name] = [{c: _value(row[c]) for c in columns} for row in result]
    info = build_info(store_dir)
    out["files"] = [
        {"name": f["name"], "coverage": round(f["classic_cjk_covered"]
                                              / max(1, f["classic_cjk_characters"]), 4),
         "classic_cjk_characters": f["classic_cjk_characters"],
         "glyph_issues": f["glyph_issues"], "warnings": f["warnings"]}
        for f in info["files"]]
    total = sum(f["classic_cjk_characters"] for f in info["files"])
    covered = sum(f["classic_cjk_covered"] for f in info["files"])
    out["coverage"] = round(covered / max(1, total), 4)
    out["quads"] = info["quads"]
    return out


def render_text(stats: dict) -> str:
    """A readable plain-text report."""
    lines = [f"{stats['quads']} quads; classic-text (经/译-of-经) CJK coverage by mentions: "
             f"{stats['coverage']:.1%}", ""]
    for name in ("sections", "passages", "mentions", "classes"):
        lines.append(f"## {name}")
        for row in stats[name]:
            lines.append("  " + "\t".join("-" if v is None else str(v) for v in row.values()))
        lines.append("")
    lines.append("## files")
    for f in stats["files"]:
        lines.append(f"  {f['name']}: coverage {f['coverage']:.1%} of "
                     f"{f['classic_cjk_characters']} classic CJK characters; "
                     f"{len(f['glyph_issues'])} glyph issues, {len(f['warnings'])} warnings")
        for g in f["glyph_issues"]:
            lines.append(f"    {f['name']}:{g['line']}:{g['column']} (offset {g['offset']}) "
                         f"{g['kind']} U+{ord(g['char']):04X} {g['char']!r}")
        for w in f["warnings"]:
            lines.append(f"    {f['name']}:{w['line']}:{w['column']} warning: {w['message']}")
    return "\n".join(lines) + "\n"
