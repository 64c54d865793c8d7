"""The Starlette application: ``/sparql``, the query page, static files and every minted IRI.

A minted IRI ``https://w3id.org/ritegraph/<path>`` answers at ``/<path>``. The generic URL
negotiates on ``Accept`` (HTML, Turtle, JSON-LD, N-Triples) and says so (``Vary: Accept``,
``Content-Location`` naming the format's own URL, ``Link`` to the alternates); the
format-specific URLs (``/<path>.html``, ``.ttl``, ``.jsonld``, ``.nt``) always answer in their
format. No 303: the generic URL answers directly, as ``curl -H 'Accept: text/turtle'`` expects.
"""

from __future__ import annotations

import contextlib
import json
import logging
import urllib.parse
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

import pyoxigraph as ox
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import query as q
from ..read.describe import Description
from ..read.snapshot import is_iri
from ..results import prefixes_for
from ..vocab import BASE, PREFIXES
from . import pages, templating
from .conneg import DOCUMENTS, HTML, by_suffix, listing, negotiate
from .pool import Pool
from .sparql import limit_headers, sparql

log = logging.getLogger("ritegraph.serve")
HERE = Path(__file__).resolve().parent
EXPOSED = ["X-Ritegraph-Deadline", "X-Ritegraph-Row-Cap", "X-Ritegraph-Truncated",
           "Content-Location", "Link", "Vary"]


@dataclass(frozen=True)
class ServeConfig:
    """What ``ritegraph serve`` runs with."""

    database: Path  # the pyoxigraph database directory (a build's ``oxigraph/``)
    timeout: float = 30.0
    max_rows: int = 10_000
    workers: int = 2
    verbose: bool = False
    on_ready: Callable[[], None] | None = None


def guarded(endpoint: Callable) -> Callable:
    """A 500 with a one-line message instead of an unhandled exception (traceback with -v)."""

    @wraps(endpoint)
    async def run(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Exception as exc:
            verbose = request.app.state.config.verbose
            log.error("%s %s: %s: %s", request.method, request.url.path, type(exc).__name__,
                      exc, exc_info=verbose)
            return PlainTextResponse(f"internal error: {type(exc).__name__}: {exc}\n", 500)

    return run


# ------------------------------------------------------------------------ pages


def named_queries() -> list[dict[str, str]]:
    """The catalogue of ``queries/*.rq`` for the query page."""
    return [{"name": name, "summary": nq.summary, "description": nq.description,
             "text": nq.text} for name, nq in q.catalogue().items()]


async def query_page(request: Request) -> Response:
    template = templating.environment().get_template("query.html")
    root = request.scope.get("root_path", "")
    return HTMLResponse(template.render(
        root=root, endpoint=str(request.url_for("sparql")),
        queries=json.dumps(named_queries(), ensure_ascii=False).replace("</", "<\\/")))


async def search_page(request: Request) -> Response:
    """Concepts whose labels (simplified, traditional, pinyin, English) contain ``q``."""
    text = request.query_params.get("q", "").strip()
    reply = await request.app.state.pool.run("search", text)
    if reply.status != 200:
        return Response(reply.body, reply.status, media_type=reply.media_type)
    return pages.search_page(text, json.loads(reply.body), request.scope.get("root_path", ""))


async def check_page(request: Request) -> Response:
    """The ``ritegraph check`` report (``?rite=slug`` for one rite), computed by a worker."""
    reply = await request.app.state.pool.run("check", request.query_params.get("rite"))
    return Response(reply.body, reply.status, media_type=reply.media_type,
                    headers=limit_headers(request))


async def index(request: Request) -> Response:
    reply = await request.app.state.pool.run("view", BASE)
    rites = json.loads(reply.body)["rites"] if reply.status == 200 else []
    template = templating.environment().get_template("index.html")
    return HTMLResponse(template.render(root=request.scope.get("root_path", ""), base=BASE,
                                        rites=rites))


# ------------------------------------------------------------------------ dereferencing


def _alternates(root: str, path: str) -> dict[str, str]:
    quoted = urllib.parse.quote(path, safe="/+")
    return {f.media_type: f"{root}{quoted}{f.suffix}" for f in DOCUMENTS}


async def _description(request: Request, path: str) -> tuple[Description | None, Response]:
    if not is_iri(BASE + path.lstrip("/")):
        return None, PlainTextResponse(f"not found: {path} is not a ritegraph IRI\n", 404)
    reply = await request.app.state.pool.run("describe", BASE + path.lstrip("/"))
    if reply.status != 200:
        return None, Response(reply.body, reply.status, media_type=reply.media_type,
                              headers=limit_headers(request))
    triples = [quad.triple for quad in ox.parse(reply.body, format=ox.RdfFormat.N_TRIPLES)]
    root = request.scope.get("root_path", "")
    return Description(BASE + path.lstrip("/"), triples, root, _alternates(root, path)), None


async def resource(request: Request) -> Response:
    """The description of a minted IRI, in the negotiated (or the URL's) format."""
    full = "/" + request.path_params["path"]
    path, fixed = by_suffix(full)
    description, failure = await _description(request, path)
    if description is None and fixed is not None:
        path, fixed = full, None  # not a suffix after all
        description, failure = await _description(request, path)
    if description is None:
        return failure
    chosen = fixed or negotiate(request.headers.get("accept"), DOCUMENTS)
    if chosen is None:
        return PlainTextResponse(f"not acceptable: this resource is available as "
                                 f"{listing(DOCUMENTS)}\n", 406, headers={"Vary": "Accept"})
    if chosen is HTML:
        witness = request.query_params.get("witness", "")
        reply = await request.app.state.pool.run("view", (description.iri, witness))
        if reply.status != 200:
            return Response(reply.body, reply.status, media_type=reply.media_type,
                            headers=limit_headers(request))
        response = pages.resource_page(description, json.loads(reply.body))
    else:
        body = ox.serialize(description.triples, format=chosen.writer,
                            prefixes=prefixes_for(description.triples, PREFIXES))
        response = Response(body, media_type=chosen.content_type)
    response.headers.update(limit_headers(request))
    if fixed is None:
        response.headers["Vary"] = "Accept"
        response.headers["Content-Location"] = description.formats[chosen.media_type]
        response.headers["Link"] = ", ".join(
            f'<{url}>; rel="alternate"; type="{media}"'
            for media, url in description.formats.items() if media != chosen.media_type)
    return response


# ------------------------------------------------------------------------ the app


def routes() -> Sequence[Route | Mount]:
    return [
        Route("/", guarded(index), name="index"),
        Route("/sparql", guarded(sparql), methods=["GET", "POST"], name="sparql"),
        Route("/query", guarded(query_page), name="query_page"),
        Route("/search", guarded(search_page), name="search"),
        Route("/check", guarded(check_page), name="check"),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        Route("/{path:path}", guarded(resource), name="resource"),
    ]


def create_app(config: ServeConfig, pool: Pool) -> Starlette:
    """The application on a started worker pool, which its shutdown closes."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if config.on_ready is not None:
            config.on_ready()
        try:
            yield
        finally:
            pool.close()

    middleware = [Middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET", "POST"],
                             allow_headers=["*"], expose_headers=EXPOSED, max_age=3600)]
    app = Starlette(routes=routes(), middleware=middleware, lifespan=lifespan)
    app.state.config, app.state.pool = config, pool
    return app
