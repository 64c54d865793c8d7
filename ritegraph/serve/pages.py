"""The HTML page of a dereferenced IRI: the hook for the real pages.

``resource_page(description)`` is called for every minted IRI whose request prefers
``text/html`` (or asks for ``/<path>.html``). This generic fallback shows the resource's
properties as a table, with its labels; links to other minted IRIs point at the local server
(``Description.href``) while the text shown is the persistent IRI or its label.
"""

from __future__ import annotations

import pyoxigraph as ox
from starlette.responses import HTMLResponse

from ..vocab import PREFIXES
from .describe import Description
from .templating import environment


def compact(iri: str) -> str:
    """``prefix:local`` for an IRI under a known namespace, else the IRI."""
    for prefix, namespace in sorted(PREFIXES.items(), key=lambda p: -len(p[1])):
        if iri.startswith(namespace):
            return f"{prefix}:{iri[len(namespace):]}"
    return iri


def _cell(term: ox.NamedNode | ox.BlankNode | ox.Literal, d: Description) -> dict[str, str]:
    if isinstance(term, ox.NamedNode):
        label = d.label(term.value)
        return {"href": d.href(term.value), "text": label, "title": term.value}
    if isinstance(term, ox.BlankNode):
        return {"href": f"#b-{term.value}", "text": f"_:{term.value}", "title": ""}
    return {"text": term.value, "lang": term.language or "", "title": term.datatype.value
            if not term.language else ""}


def _rows(subject: ox.NamedNode | ox.BlankNode, d: Description) -> list[dict]:
    triples = [t for t in d.triples if t.subject == subject]
    triples.sort(key=lambda t: (t.predicate.value, str(t.object)))
    return [{"property": compact(t.predicate.value), "property_iri": t.predicate.value,
             "property_href": d.href(t.predicate.value),
             "value": _cell(t.object, d)} for t in triples]


def resource_page(description: Description) -> HTMLResponse:
    """A readable table of the resource's properties (and of what belongs to it)."""
    d = description
    sections = []
    for subject in d.subjects():
        anchor = (subject.value.partition("#")[2] if isinstance(subject, ox.NamedNode)
                  else f"b-{subject.value}")
        rows = _rows(subject, d)
        if rows:
            sections.append({"iri": subject.value, "anchor": anchor, "rows": rows})
    html = environment().get_template("resource.html").render(
        iri=d.iri, title=d.label(d.iri), labels=d.labels(d.iri), sections=sections,
        formats=d.formats, root=d.root)
    return HTMLResponse(html)
