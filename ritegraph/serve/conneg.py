"""Content negotiation: the media types the server writes and ``Accept`` header matching."""

from __future__ import annotations

from dataclasses import dataclass

import pyoxigraph as ox


@dataclass(frozen=True)
class Format:
    """One output format: its media type, the pyoxigraph format writing it, a file suffix."""

    media_type: str
    writer: ox.QueryResultsFormat | ox.RdfFormat | None
    suffix: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def content_type(self) -> str:
        return f"{self.media_type}; charset=utf-8"


R = ox.QueryResultsFormat
F = ox.RdfFormat

#: SELECT and ASK results, the first the default.
RESULTS = (
    Format("application/sparql-results+json", R.JSON, ".srj", ("application/json",)),
    Format("application/sparql-results+xml", R.XML, ".srx", ("application/xml", "text/xml")),
    Format("text/csv", R.CSV, ".csv"),
    Format("text/tab-separated-values", R.TSV, ".tsv"),
)

#: CONSTRUCT and DESCRIBE results, the first the default.
GRAPHS = (
    Format("text/turtle", F.TURTLE, ".ttl", ("application/x-turtle",)),
    Format("application/n-triples", F.N_TRIPLES, ".nt", ("text/plain",)),
    Format("application/ld+json", F.JSON_LD, ".jsonld", ("application/json",)),
    Format("application/rdf+xml", F.RDF_XML, ".rdf"),
)

HTML = Format("text/html", None, ".html", ("application/xhtml+xml",))

#: What a dereferenced IRI answers with, HTML first (the default for ``*/*``).
DOCUMENTS = (HTML, *GRAPHS[:3])


def parse_accept(header: str | None) -> list[tuple[str, float]]:
    """``(media range, q)`` pairs of an ``Accept`` header; ``*/*`` when it is absent."""
    if not header or not header.strip():
        return [("*/*", 1.0)]
    ranges = []
    for part in header.split(","):
        fields = [f.strip() for f in part.split(";")]
        if not fields[0]:
            continue
        weight = 1.0
        for param in fields[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = max(0.0, min(1.0, float(value)))
                except ValueError:
                    weight = 0.0
        ranges.append((fields[0].lower(), weight))
    return ranges


def _quality(media_type: str, ranges: list[tuple[str, float]]) -> float:
    """The q of the most specific range matching ``media_type`` (RFC 9110 §12.5.1)."""
    kind = media_type.split("/")[0]
    best, specificity = 0.0, -1
    for media_range, weight in ranges:
        if media_range == media_type:
            rank = 2
        elif media_range == f"{kind}/*":
            rank = 1
        elif media_range == "*/*":
            rank = 0
        else:
            continue
        if rank > specificity:
            best, specificity = weight, rank
    return best


def negotiate(header: str | None, offers: tuple[Format, ...]) -> Format | None:
    """The offer the client prefers (ties go to the earlier offer); ``None`` if none fits."""
    ranges = parse_accept(header)
    best, best_q = None, 0.0
    exact = dict(ranges)
    for offer in offers:
        aliases = [exact[a] for a in offer.aliases if a in exact]  # no wildcard for aliases
        q = max([_quality(offer.media_type, ranges), *aliases])
        if q > best_q:
            best, best_q = offer, q
    return best


def by_suffix(path: str, offers: tuple[Format, ...] = DOCUMENTS) -> tuple[str, Format | None]:
    """``(path without suffix, format)`` for ``/role/bin.ttl``; ``(path, None)`` otherwise."""
    for offer in offers:
        if offer.suffix and path.endswith(offer.suffix):
            return path[: -len(offer.suffix)], offer
    return path, None


def listing(offers: tuple[Format, ...]) -> str:
    return ", ".join(o.media_type for o in offers)
