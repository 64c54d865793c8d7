"""``/sparql``: the SPARQL 1.1 Protocol, read-only, on the worker pool.

Queries come as ``GET ?query=``, ``POST`` form-urlencoded ``query=`` or ``POST``
``application/sparql-query``; ``default-graph-uri`` and ``named-graph-uri`` set the dataset
(without them the default graph is the union of the named graphs). Updates are refused (403).
"""

from __future__ import annotations

import urllib.parse

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from .conneg import GRAPHS, HTML, negotiate
from .worker import QueryJob, Reply, text_reply

FORM = "application/x-www-form-urlencoded"
QUERY = "application/sparql-query"
UPDATE = "application/sparql-update"
MAX_BODY = 1 << 20  # bytes of a POSTed query
READ_ONLY = "this endpoint is read-only: SPARQL updates are refused"


class ProtocolError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def limit_headers(request: Request, reply: Reply | None = None) -> dict[str, str]:
    """The deadline and row cap on every answer; whether the rows were cut on results."""
    config = request.app.state.config
    headers = {"X-Ritegraph-Deadline": f"{config.timeout:g}",
               "X-Ritegraph-Row-Cap": str(config.max_rows)}
    if reply is not None and reply.status == 200:
        headers["X-Ritegraph-Truncated"] = "true" if reply.truncated else "false"
    return headers


async def _body(request: Request) -> str:
    size = request.headers.get("content-length")
    if size and size.isdigit() and int(size) > MAX_BODY:
        raise ProtocolError(413, f"the request body is over {MAX_BODY} bytes")
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ProtocolError(413, f"the request body is over {MAX_BODY} bytes")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(400, f"the request body is not UTF-8 ({exc})") from exc


async def protocol_params(request: Request) -> list[tuple[str, str]]:
    """The protocol's parameters (name, value), from the URL and a POSTed body."""
    params = list(request.query_params.multi_items())
    if request.method != "POST":
        return params
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type == UPDATE:
        raise ProtocolError(403, READ_ONLY)
    if media_type == FORM:
        return params + urllib.parse.parse_qsl(await _body(request), keep_blank_values=True)
    if media_type == QUERY:
        return [*params, ("query", await _body(request))]
    raise ProtocolError(415, f"POST a query as {FORM} (query=…) or as {QUERY}, "
                             f"not {media_type or 'a body without Content-Type'}")


def make_job(request: Request, params: list[tuple[str, str]]) -> QueryJob | None:
    """The job for these parameters; ``None`` when no query was given."""
    names = [name for name, _value in params]
    if "update" in names:
        raise ProtocolError(403, READ_ONLY)
    queries = [value for name, value in params if name == "query"]
    if len(queries) > 1:
        raise ProtocolError(400, "give one query parameter, not several")
    if not queries:
        return None
    return QueryJob(text=queries[0], accept=request.headers.get("accept"),
                    max_rows=request.app.state.config.max_rows,
                    default_graphs=tuple(v for n, v in params if n == "default-graph-uri"),
                    named_graphs=tuple(v for n, v in params if n == "named-graph-uri"))


def service_description(request: Request) -> Response:
    """Without a query: the query page for browsers, else a SPARQL service description."""
    if negotiate(request.headers.get("accept"), (HTML, *GRAPHS[:1])) is HTML:
        return RedirectResponse(request.url_for("query_page"), status_code=303)
    results = "".join(f"    sd:resultFormat <http://www.w3.org/ns/formats/{name}> ;\n"
                      for name in ("SPARQL_Results_JSON", "SPARQL_Results_XML",
                                   "SPARQL_Results_CSV", "SPARQL_Results_TSV", "Turtle",
                                   "N-Triples", "JSON-LD", "RDF_XML"))
    endpoint = request.url_for("sparql")
    body = ("@prefix sd: <http://www.w3.org/ns/sparql-service-description#> .\n"
            f"<{endpoint}> a sd:Service ;\n"
            f"    sd:endpoint <{endpoint}> ;\n"
            "    sd:supportedLanguage sd:SPARQL11Query ;\n"
            f"{results}"
            "    sd:feature sd:UnionDefaultGraph .\n")
    return Response(body, media_type="text/turtle; charset=utf-8",
                    headers=limit_headers(request))


async def sparql(request: Request) -> Response:
    """The endpoint: parameters → job → worker → response with the limit headers."""
    try:
        job = make_job(request, await protocol_params(request))
    except ProtocolError as exc:
        reply = text_reply(exc.status, str(exc))
    else:
        if job is None:
            return service_description(request)
        reply = await request.app.state.pool.run("query", job)
    headers = {**limit_headers(request, reply), **reply.headers}
    if reply.status == 200:
        headers["Vary"] = "Accept"
    if reply.status == 503:
        headers["Retry-After"] = "1"
    return Response(reply.body, status_code=reply.status, media_type=reply.media_type,
                    headers=headers)

