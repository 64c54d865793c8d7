"""Counts over a built store: per rite, layer, class and scheme; glyph problems; coverage."""

from __future__ import annotations

from pathlib import Path

from .read.snapshot import select
from .store import build_info, open_store
from .tables import render
from .variants import KINDS

#: Named counts, each a query ``ritegraph/read/queries/stats-<name>.rq``.
COUNTS = ("passages", "classes", "mentions", "sections")


def _local(value: object) -> object:
    """Class IRIs by their local name (``Passage``), everything else as read."""
    return value.rsplit("#", 1)[1] if isinstance(value, str) and "://" in value and "#" in value \
        else value


def collect(store_dir: Path) -> dict:
    """All statistics as plain data (JSON-ready)."""
    store = open_store(store_dir)
    out: dict = {name: [{k: _local(v) for k, v in row.items()}
                        for row in select(store, f"stats-{name}")] for name in COUNTS}
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
    out["by_rite_and_edition"] = by_rite_and_edition(info["files"])
    out["alignment"] = info.get("alignment", [])
    out["variants"] = info.get("variants", [])
    out["steps"] = info.get("steps", [])
    return out


def by_rite_and_edition(files: list[dict]) -> list[dict]:
    """Per rite (the rites of a file, joined by +) and edition: passages per layer, sections,
    mentions, acts, 经 coverage by mentions and glyph issues, summed over its files."""
    rows: dict[tuple[str, str], dict] = {}
    for f in files:
        key = ("+".join(f.get("rites", [])) or "-", f.get("edition") or f["format"])
        row = rows.setdefault(key, {"rite": key[0], "edition": key[1], "files": 0,
                                    "passages": {}, "sections": 0, "mentions": 0, "acts": 0,
                                    "classic_cjk_characters": 0, "classic_cjk_covered": 0,
                                    "glyph_issues": 0, "warnings": 0})
        row["files"] += 1
        for layer, n in f["passages"].items():
            row["passages"][layer] = row["passages"].get(layer, 0) + n
        for name in ("sections", "acts", "classic_cjk_characters", "classic_cjk_covered"):
            row[name] += f[name]
        row["mentions"] += sum(f["mentions"].values())
        row["glyph_issues"] += len(f["glyph_issues"])
        row["warnings"] += len(f["warnings"])
    for row in rows.values():
        row["coverage"] = round(row["classic_cjk_covered"] / max(1, row["classic_cjk_characters"]),
                                4)
    return sorted(rows.values(), key=lambda r: (r["rite"], r["edition"]))


_TABLE_LAYERS = ("经", "传", "注", "疏", "按", "音", "译", "考证", "节")


def _table(header: list[str], rows: list[list[object]]) -> list[str]:
    return render(header, [["-" if v is None else v for v in row] for row in rows],
                  indent="  ")


def _tables(stats: dict) -> list[str]:
    """The counts as aligned tables (:mod:`ritegraph.tables`), each under a heading."""
    lines = []
    for name in ("sections", "passages", "mentions", "classes"):
        rows = stats[name]
        lines.append(f"## {name}")
        if rows:
            lines += _table(list(rows[0]), [list(row.values()) for row in rows])
        lines.append("")
    lines.append("## by rite and edition")
    lines += _table(["rite", "edition", *_TABLE_LAYERS, "sections", "mentions", "acts",
                     "coverage", "glyphs"], [
        [r["rite"], r["edition"], *[r["passages"].get(layer, 0) for layer in _TABLE_LAYERS],
         r["sections"], r["mentions"], r["acts"], f"{r['coverage']:.1%}", r["glyph_issues"]]
        for r in stats.get("by_rite_and_edition", [])])
    lines += ["", "## alignment of witnesses (经 characters equal after folding to another "
                  "witness)"]
    lines += _table(["rite", "file", "characters", "coverage", "sections", "unaligned sections"],
                    [[a["rite"], a["file"], a["characters"], f"{a['coverage']:.1%}",
                      a["sections"], len(a["unaligned_sections"])]
                     for a in stats.get("alignment", [])])
    lines += ["", "## variant readings (ritegraph variants; claims: the commentators')"]
    lines += _table(["rite", *KINDS, "claims", "gaps", "gap characters"],
                    [[v[k] for k in ("rite", *KINDS, "claims", "gaps", "gap_characters")]
                     for v in stats.get("variants", [])])
    lines += ["", "## rite steps (ritegraph steps): steps merged across witnesses, acts per "
                  "witness"]
    lines += _table(["rite", "steps", "disagreeing", "at variants", "acts per witness"], [
        [r["rite"], r["steps"], r["disagreeing"], r["disagreeing_at_variants"],
         ", ".join(f"{f.rsplit('/', 1)[-1]} {c['acts']}" for f, c in r["acts"].items())]
        for r in stats.get("steps", [])])
    return lines


def render_text(stats: dict) -> str:
    """A readable plain-text report."""
    lines = [f"{stats['quads']} quads; classic-text (经/译-of-经) CJK coverage by mentions: "
             f"{stats['coverage']:.1%}", ""]
    lines += _tables(stats)
    lines.append("")
    lines.append("## files")
    for f in stats["files"]:
        lines.append(f"  {f['name']}: coverage {f['coverage']:.1%} of "
                     f"{f['classic_cjk_characters']} classic CJK characters; "
                     f"{len(f['glyph_issues'])} glyph issues, {len(f['warnings'])} warnings")
        for g in f["glyph_issues"]:
            code = f"U+{ord(g['char']):04X} " if len(g["char"]) == 1 else ""  # &KR…; codes
            lines.append(f"    {f['name']}:{g['line']}:{g['column']} (offset {g['offset']}) "
                         f"{g['kind']} {code}{g['char']!r}")
        for w in f["warnings"]:
            lines.append(f"    {f['name']}:{w['line']}:{w['column']} warning: {w['message']}")
    return "\n".join(lines) + "\n"
