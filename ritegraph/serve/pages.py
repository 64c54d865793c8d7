"""The HTML pages of dereferenced IRIs: rite, section, passage, concept and step pages, a generic
page for every other minted IRI, and the search page.

``resource_page(description, view)`` gets the resource's description (its triples and the labels
of what it links to, the same set the RDF formats write) and its view (what the page shows beyond
them, from :mod:`ritegraph.read.views`, computed in a query worker). Links to minted IRIs point at
the local server (``Description.href``); the persistent IRI is shown on every page.
"""

from __future__ import annotations

import urllib.parse

import pyoxigraph as ox
from starlette.responses import HTMLResponse

from ..query import compact
from ..read.describe import Description
from ..vocab import PREFIXES, SKOS
from .templating import environment

LAYER_NAMES = {"jing": "经", "zhu": "注", "shu": "疏", "an": "按", "yin": "音", "yi": "译",
               "yi-of-jing": "译", "ji": "记", "zhuan": "传", "kaozheng": "考證"}


def _cell(term: ox.NamedNode | ox.BlankNode | ox.Literal, d: Description) -> dict[str, str]:
    if isinstance(term, ox.NamedNode):
        label = d.label(term.value)
        return {"href": d.href(term.value), "text": label, "title": term.value}
    if isinstance(term, ox.BlankNode):
        return {"href": f"#b-{term.value}", "text": f"_:{term.value}", "title": ""}
    return {"text": term.value, "lang": term.language or "", "title": term.datatype.value
            if not term.language else ""}


def _rows(subject: ox.NamedNode | ox.BlankNode, d: Description) -> list[dict]:
    triples = d.of(subject)
    triples.sort(key=lambda t: (t.predicate.value, str(t.object)))
    return [{"property": compact(t.predicate.value, PREFIXES),
             "property_iri": t.predicate.value,
             "property_href": d.href(t.predicate.value),
             "value": _cell(t.object, d)} for t in triples]


def property_sections(d: Description) -> list[dict]:
    """The resource's properties as tables: itself first, then what belongs to it."""
    sections = []
    for subject in d.subjects():
        anchor = (subject.value.partition("#")[2] if isinstance(subject, ox.NamedNode)
                  else f"b-{subject.value}")
        rows = _rows(subject, d)
        if rows:
            sections.append({"iri": subject.value, "anchor": anchor, "rows": rows})
    return sections


def _values(d: Description, predicate: str) -> list[ox.Literal]:
    return [t.object for t in d.about() if t.predicate.value == predicate
            and isinstance(t.object, ox.Literal)]


def _step_context(view: dict) -> dict | None:
    """The passage stating a step, split around the step's quote."""
    passage = view.get("passage") or {}
    if not passage.get("found") or "start" not in view:
        return None
    text = "".join(span["text"] for span in passage["spans"])
    a, b = view["start"] - passage["start"], view["end"] - passage["start"]
    return {"before": text[:a], "quote": text[a:b], "after": text[b:], "passage": passage}


def resource_page(description: Description, view: dict | None = None) -> HTMLResponse:
    """The page of a minted IRI: the page of its kind when there is one, else the generic one."""
    d, view = description, view or {}
    kind = view.get("kind", "resource")
    context = {"iri": d.iri, "title": d.label(d.iri), "labels": d.labels(d.iri),
               "formats": d.formats, "root": d.root, "view": view, "d": d,
               "sections": property_sections(d), "layer_names": LAYER_NAMES,
               "definitions": _values(d, str(SKOS.definition)),
               "notes": _values(d, str(SKOS.scopeNote)),
               "alt_labels": _values(d, str(SKOS.altLabel)),
               "witness_query": ("?" + urllib.parse.urlencode({"witness": view["witness"]})
                                 if view.get("witness") else "")}
    if kind == "step":
        context["context"] = _step_context(view)
    template = kind if kind in ("rite", "section", "passage", "concept", "step") else "resource"
    return HTMLResponse(environment().get_template(f"{template}.html").render(**context))


def search_page(text: str, found: list[dict], root: str) -> HTMLResponse:
    """The concepts whose labels contain the search text."""
    return HTMLResponse(environment().get_template("search.html").render(
        q=text, found=found, root=root))
