"""Render a check report (its JSON form) as a terminal table, CSV tables or an HTML page."""

from __future__ import annotations

import csv
import io
import re
from html import escape

from ..tables import render
from .heatmap import heatmap_svg

HEATMAP_ROWS = 40  # entities shown in the heatmap and the terminal matrix


def table(rows: list[list[str]]) -> list[str]:
    """The lines of an aligned table whose first row is the header (:mod:`ritegraph.tables`)."""
    return render(rows[0], rows[1:]) if rows else []


def where_text(w: dict) -> str:
    place = f"{w['file']}:{w['start']}" if w.get("file") else ""
    line = f" (line {w['line']})" if w.get("line") else ""
    if w.get("citation"):  # the document (edition and 卷) and its page and printed line
        line += f" {w.get('document', '')} {w['citation']}"
    section = f"〔{w['section']}〕" if w.get("section") else ""
    return f"{w['rite_label']}{section} 「{w['quote']}」 {place}{line}"


def exception_reason(e: dict, rule: dict) -> str:
    if e["negated"]:
        return "but: " + "；".join(e["negated"])
    if e["found"]:
        return f"has {'、'.join(e['found'])}"
    kind = rule["conclusion"]["kind"]
    return f"no {rule['conclusion']['value']} {kind} it" if kind in ("before", "after") else ""


def top(counts: dict[str, int], n: int = 6) -> str:
    items = list(counts.items())
    text = ", ".join(f"{k} {v}" for k, v in items[:n])
    return text + (f", … ({len(items) - n} more)" if len(items) > n else "")


def rite_labels(report: dict) -> dict[str, str]:
    return {r["slug"]: r["label"] for r in report["rites"]}


def matrix_rows(report: dict) -> list[dict]:
    """The entities with the most acts (then mentions), at most HEATMAP_ROWS."""
    rows = sorted(report["usage"]["matrix"], key=lambda e: (
        -sum(v["acts"] for v in e["rites"].values()),
        -sum(v["mentions"] for v in e["rites"].values()), e["scheme"], e["entity"]))
    return rows[:HEATMAP_ROWS]


def render_rule(rule: dict, labels: dict[str, str], limit: int | None) -> list[str]:
    rites = "、".join(f"{labels.get(r, r)} {v['support']}/{v['stated']}"
                     for r, v in rule["rites"].items())
    head = f"{rule.get('id', '') + ': ' if rule.get('id') else ''}{rule['text_zh']}"
    lines = [f"{head}   [{rule['support']}/{rule['stated']} = {rule['confidence']:.0%}; "
             f"unstated {rule['unstated']}; {rites}]",
             f"    {rule['text_en']}"]
    shown = rule["exceptions"] if limit is None else rule["exceptions"][:limit]
    for e in shown:
        lines.append(f"    ✗ {where_text(e)}  {exception_reason(e, rule)}")
    if len(shown) < len(rule["exceptions"]):
        lines.append(f"    … {len(rule['exceptions']) - len(shown)} more exceptions (see JSON)")
    return lines


_LAYOUT = re.compile(r"<[^>]*>|¶|\s+")


def one_line(quote: str) -> str:
    """A quote for a one-line display: page breaks, ¶ and line ends left out."""
    return _LAYOUT.sub("", quote)


def cross_witness_lines(found: dict | None, labels: dict[str, str], shown: int) -> list[str]:
    """The disagreeing rite steps, each with every witness's quote (at most ``shown``)."""
    if not found:
        return []
    rows = found["disagreeing"]
    at_variants = sum(d["explained_by"] == "variant" for d in rows)
    out = ["", f"## Witnesses disagree: {len(rows)} of {found['steps']} rite steps "
               f"({at_variants} at a variant reading)", ""]
    for d in rows[:shown]:
        why = ", ".join(d["disagrees_on"] + [f"not stated in {m}" for m in d["missing_in"]])
        quotes = "  ".join(f"{a['file']}:{a['start']}「{one_line(a['quote'])}」"
                           f"{'、'.join(a['agent'])}"
                           f"{'→' + '、'.join(a['object']) if a['object'] else ''}"
                           for a in d["attestations"])
        out.append(f"{labels.get(d['rite'], d['rite'])} {d['action']}: {why} "
                   f"({d['explained_by']}) — {quotes}")
    if len(rows) > shown:
        out.append(f"… and {len(rows) - shown} more (--format json lists all)")
    return out


def render_text(report: dict, max_exceptions: int = 20) -> str:
    labels = rite_labels(report)
    out = ["# ritegraph check", ""]
    out += table([["rite", "acts", "mentions"]] + [
        [labels[r], str(c["acts"]), str(c["mentions"])] for r, c in report["counts"].items()])
    out += _usage_lines(report, labels)
    out += _rule_lines(report, labels, max_exceptions)
    out += _identity_lines(report["identity"], labels)
    out += cross_witness_lines(report.get("cross_witness"), labels, max_exceptions)
    out += _shacl_lines(report["shacl"], labels)
    return "\n".join(out) + "\n"


def _usage_lines(report: dict, labels: dict[str, str]) -> list[str]:
    slugs = list(labels)
    out = ["", f"## Usage matrix (acts / mentions), top {HEATMAP_ROWS} entities", ""]
    out += table([["entity", "scheme", *[labels[s] for s in slugs]]] + [
        [e["entity"], e["scheme"], *[f"{e['rites'][s]['acts']}/{e['rites'][s]['mentions']}"
                                     for s in slugs]] for e in matrix_rows(report)])
    out += ["", "## Used differently across rites", ""]
    for d in report["usage"]["divergences"]:
        a, b = (top(c) for c in d["counts"])
        out.append(f"{d['entity']} ({d['slot']}) → {d['dimension']}: "
                   f"{labels[d['rites'][0]]} {{{a}}} vs {labels[d['rites'][1]]} {{{b}}} "
                   f"[distance {d['distance']:.2f}]")
    return out


def _rule_lines(report: dict, labels: dict[str, str], max_exceptions: int) -> list[str]:
    t = report["thresholds"]
    out = ["", f"## Rules (support ≥ {t['min_support']}, confidence ≥ {t['min_confidence']}, "
               f"in ≥ {t['min_rites']} rites), {len(report['rules'])} found", ""]
    for rule in report["rules"]:
        out += render_rule(rule, labels, max_exceptions)
    out += ["", "## Declared rules (" + (report["config"] or "config") + ")", ""]
    for rule in report["declared_rules"]:
        flag = "STRICT " if rule.get("strict") else ""
        status = "broken" if rule["exceptions"] else "holds"
        out += [f"[{flag}{status}]", *render_rule(rule, labels, max_exceptions)]
    return out


def _identity_lines(ident: dict, labels: dict[str, str]) -> list[str]:
    out = ["", "## Identity: possible split concepts", ""]
    for s in ident["split_candidates"]:
        out.append(f"{' / '.join(s['concepts'])}: share {'、'.join(s['shared_forms'])}; rites "
                   f"{', '.join(s['rites'][0])} | {', '.join(s['rites'][1])}"
                   + (" (complementary)" if s["complementary"] else ""))
    out += ["", "## Identity: forms found in one rite only", ""]
    for o in ident["one_rite_forms"]:
        out.append(f"{o['concept']} written 「{o['form']}」 ×{o['count']} only in "
                   f"{labels.get(o['rite'], o['rite'])}: {where_text(o['example'])}")
    out += ["", "## Identity: candidate lexicon gaps (uncovered, in role/object positions)", ""]
    out += table([["text", "count", "positions", "example"]] + [
        [g["text"], str(g["count"]), ", ".join(f"{k} {v}" for k, v in g["positions"].items()),
         where_text(g["example"])] for g in ident["lexicon_gaps"]])
    return out


def _shacl_lines(shacl: dict, labels: dict[str, str]) -> list[str]:
    out = ["", "## SHACL results per rite", ""]
    if not shacl["available"]:
        out.append(shacl["note"])
    for rite, counts in shacl["per_rite"].items():
        out.append(f"{labels.get(rite, rite)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        for g in shacl["groups"]:
            if g["rite"] == rite:
                out.append(f"    {g['severity']} ×{g['count']} {g['shape']}: {g['message']}"
                           f"{shacl_example(g['example'])}")
    return out


def shacl_example(example: dict) -> str:
    if not example.get("quote"):
        return ""
    return f" — e.g. 「{example['quote']}」 {example['file']}:{example['offset']}"


# --- CSV --------------------------------------------------------------------------------------

RULE_COLUMNS = ["kind", "id", "strict", "rule_zh", "rule_en", "support", "stated", "confidence",
                "unstated", "rites", "exception_rite", "exception_section", "exception_quote",
                "exception_file", "exception_start", "exception_end", "exception_line",
                "exception_found", "exception_act", "exception_passage", "exception_document",
                "exception_citation"]


def _csv(header: list[str], rows: list[list]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def render_csv(report: dict) -> dict[str, str]:
    """Three tables: ``rules`` (one row per exception), ``usage`` and ``gaps``."""
    rows = []
    for kind, rules in (("mined", report["rules"]), ("declared", report["declared_rules"])):
        for r in rules:
            base = [kind, r.get("id", ""), r.get("strict", ""), r["text_zh"], r["text_en"],
                    r["support"], r["stated"], r["confidence"], r["unstated"],
                    " ".join(f"{k}:{v['support']}/{v['stated']}" for k, v in r["rites"].items())]
            if not r["exceptions"]:
                rows.append([*base, *[""] * 12])
            for e in r["exceptions"]:
                rows.append([*base, e["rite"], e["section"], e["quote"], e["file"], e["start"],
                             e["end"], e["line"], exception_reason(e, r), e["act"],
                             e["passage"], e["document"], e["citation"]])
    usage = [[e["entity"], e["scheme"], rite, v["mentions"], v["acts"]]
             for e in report["usage"]["matrix"] for rite, v in e["rites"].items()]
    gaps = [[g["text"], g["count"], g["positions"].get("role", 0), g["positions"].get("object", 0),
             g["example"]["rite"], g["example"]["file"], g["example"]["start"],
             g["example"]["quote"]] for g in report["identity"]["lexicon_gaps"]]
    return {"rules": _csv(RULE_COLUMNS, rows),
            "usage": _csv(["entity", "scheme", "rite", "mentions", "acts"], usage),
            "gaps": _csv(["text", "count", "role_positions", "object_positions", "example_rite",
                          "example_file", "example_start", "example_quote"], gaps)}


# --- HTML -------------------------------------------------------------------------------------

STYLE = """
body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}
h1,h2{font-weight:600} table{border-collapse:collapse;margin:.5rem 0}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
.rule{margin:1rem 0;padding:.5rem 1rem;border-left:4px solid #a50f15;background:#fafafa}
.rule .zh{font-size:1.2rem}.rule .en{color:#555}.stats{color:#555;font-size:.9rem}
.quote{font-family:serif} ul.exceptions{margin:.3rem 0} .strict{color:#a50f15;font-weight:600}
"""


def quote_html(w: dict) -> str:
    where = f"{w['file']}:{w['start']}" if w.get("file") else ""
    section = f"〔{escape(w['section'])}〕" if w.get("section") else ""
    link = escape(w["passage"] or "#")
    return (f'{escape(w["rite_label"])}{section} <a class="quote" href="{link}">'
            f'「{escape(w["quote"])}」</a> <code>{escape(where)}</code>')


def rule_html(rule: dict, labels: dict[str, str]) -> str:
    rites = "、".join(f"{escape(labels.get(r, r))} {v['support']}/{v['stated']}"
                     for r, v in rule["rites"].items())
    strict = ' <span class="strict">strict</span>' if rule.get("strict") else ""
    ident = f"<code>{escape(rule['id'])}</code> " if rule.get("id") else ""
    items = "".join(f"<li>{quote_html(e)} — {escape(exception_reason(e, rule))}</li>"
                    for e in rule["exceptions"])
    return (f'<div class="rule"><div class="zh">{ident}{escape(rule["text_zh"])}{strict}</div>'
            f'<div class="en">{escape(rule["text_en"])}</div>'
            f'<div class="stats">support {rule["support"]} of {rule["stated"]} stated '
            f'({rule["confidence"]:.0%}); unstated {rule["unstated"]}; {rites}; '
            f'{len(rule["exceptions"])} exceptions</div>'
            + (f'<ul class="exceptions">{items}</ul>' if items else "") + "</div>")


def html_table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def render_html(report: dict) -> str:
    """A self-contained page: heatmap, rules with exceptions, usage, identity, SHACL."""
    labels = rite_labels(report)
    slugs = list(labels)
    entities = matrix_rows(report)
    svg = heatmap_svg([(e["entity"], f"{e['entity']} ({e['scheme']})",
                        [e["rites"][s]["acts"] for s in slugs]) for e in entities],
                      [labels[s] for s in slugs])
    t = report["thresholds"]
    ident = report["identity"]
    parts = [
        "<!DOCTYPE html><html lang=\"zh-Hans\"><head><meta charset=\"utf-8\">",
        "<title>ritegraph check</title>", f"<style>{STYLE}</style></head><body>",
        "<h1>ritegraph check — 释例</h1>",
        html_table(["rite", "acts", "mentions"], [[escape(labels[r]), str(c["acts"]),
                                                   str(c["mentions"])]
                                                  for r, c in report["counts"].items()]),
        "<h2 id=\"heatmap\">Acts per entity and rite</h2>", svg,
        f"<h2 id=\"rules\">Rules (凡例): support ≥ {t['min_support']}, confidence ≥ "
        f"{t['min_confidence']}, in ≥ {t['min_rites']} rites</h2>",
        *(rule_html(r, labels) for r in report["rules"]),
        "<h2 id=\"declared\">Declared rules</h2>",
        *(rule_html(r, labels) for r in report["declared_rules"]),
        "<h2 id=\"divergences\">Used differently across rites</h2>",
        _divergences_html(report["usage"]["divergences"], labels),
        "<h2 id=\"identity\">Identity</h2><h3>Possible split concepts</h3>",
        *_identity_html(ident, labels),
        "<h2 id=\"shacl\">SHACL results per rite</h2>",
        _shacl_html(report["shacl"], labels),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _divergences_html(divergences: list[dict], labels: dict[str, str]) -> str:
    def side(d: dict, i: int) -> str:
        return escape(f"{labels[d['rites'][i]]}: " + ", ".join(f"{k} {v}"
                                                              for k, v in d["counts"][i].items()))

    return html_table(["entity", "slot", "compared", "rite A", "rite B", "distance"], [
        [escape(d["entity"]), d["slot"], d["dimension"], side(d, 0), side(d, 1),
         f"{d['distance']:.2f}"] for d in divergences])


def _identity_html(ident: dict, labels: dict[str, str]) -> list[str]:
    slugs = list(labels)
    return [
        html_table(["concepts", "shared forms", "rites", "complementary"], [
            [escape(" / ".join(s["concepts"])), escape("、".join(s["shared_forms"])),
             escape(" | ".join(", ".join(r) for r in s["rites"])), str(s["complementary"])]
            for s in ident["split_candidates"]]),
        "<h3>Forms found in one rite only</h3>",
        html_table(["concept", "form", "count", "example"], [
            [escape(o["concept"]), escape(o["form"]), str(o["count"]), quote_html(o["example"])]
            for o in ident["one_rite_forms"]]),
        "<h3>Candidate lexicon gaps</h3>",
        html_table(["text", "count", "positions", "example"], [
            [escape(g["text"]), str(g["count"]),
             escape(", ".join(f"{k} {v}" for k, v in g["positions"].items())),
             quote_html(g["example"])] for g in ident["lexicon_gaps"]]),
        "<h3>Surface forms per concept and rite</h3>",
        html_table(["concept", "scheme", *[escape(labels[s]) for s in slugs]], [
            [escape(f["concept"]), f["scheme"], *[escape("、".join(
                f"{k}×{v}" for k, v in f["rites"].get(s, {}).items())) for s in slugs]]
            for f in ident["forms"]]),
    ]


def _shacl_html(shacl: dict, labels: dict[str, str]) -> str:
    if not shacl["available"]:
        return f"<p>{escape(shacl['note'])}</p>"
    return html_table(["rite", "severity", "shape", "count", "message", "example"], [
        [escape(labels.get(g["rite"], g["rite"])), g["severity"], escape(g["shape"]),
         str(g["count"]), escape(g["message"]), escape(shacl_example(g["example"]))]
        for g in shacl["groups"]])
