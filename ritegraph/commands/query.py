"""``ritegraph query``: run a named query, a .rq file or SPARQL text, locally or on an endpoint."""

from __future__ import annotations

import argparse
import sys

from ..cli import add_store_option, store_dir
from ..errors import UsageError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing before the fork (~5 ms)
if TYPE_CHECKING:
    from ..query import Target

# The query machinery (ritegraph.query) is imported only once the local query process is
# forked, so that the child opens the store meanwhile (start-up ≤ 2× a bare pyoxigraph script).


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "query",
        description="Run a named query, a .rq file or SPARQL text on the local store "
                    "(default graph = union of the named graphs) or on a SPARQL 1.1 endpoint. "
                    "The project's prefixes (rg:, role:, obj:, place:, action:, rite:, skos:, "
                    "rdfs: … see docs/queries.md) are predeclared.")
    parser.add_argument("query", nargs="?", metavar="NAME|FILE.rq",
                        help="a named query (see --list) or a .rq file")
    parser.add_argument("--sparql", metavar="TEXT", help="SPARQL query text")
    parser.add_argument("--list", action="store_true", help="list the named queries")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="bind a declared parameter (IRI as <…> or prefix:local, a label, "
                             "or a literal); repeatable")
    parser.add_argument(
        "--format", default=None, metavar="FORMAT",
        help="SELECT/ASK: table (default; labels instead of IRIs, aligned), csv, tsv (SPARQL "
             "1.1 CSV/TSV results), json (SPARQL 1.1 JSON results), xml (SPARQL Query Results "
             "XML); CONSTRUCT/DESCRIBE: turtle (default), ntriples, nquads, trig, rdfxml, jsonld")
    parser.add_argument(
        "--labels", action=argparse.BooleanOptionalAction, default=True,
        help="csv, tsv, json, xml: beside each column of labelled IRIs a column VAR_label with "
             "each IRI's label (skos:prefLabel or rdfs:label, zh-Hans first); on by default, "
             "--no-labels gives the query's own columns only")
    parser.add_argument("--bom", action="store_true",
                        help="start csv or tsv with a UTF-8 byte order mark (for Excel)")
    parser.add_argument("--endpoint", metavar="URL",
                        help="SPARQL 1.1 query endpoint (credentials from "
                             "$RITEGRAPH_ENDPOINT_USER / $RITEGRAPH_ENDPOINT_PASSWORD)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="deadline in seconds: of the whole HTTP request with --endpoint, of "
                             "the run on the local store otherwise (default 60)")
    parser.add_argument("--witness", metavar="W",
                        help="the acts of one witness instead of one act per rite step (part "
                             "of a file name: KR1d0026); the same as --param witness=W")
    parser.add_argument("--limit", type=int, metavar="N", help="at most N rows")
    add_store_option(parser)
    parser.set_defaults(func=run)


def parse_params(pairs: list[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--param expects NAME=VALUE, got {pair!r}")
        params[name.strip()] = value
    return params


def list_queries() -> str:
    from .. import query as q

    queries = q.catalogue()
    name_width = max((len(n) for n in queries), default=0)
    lines = []
    for name, nq in queries.items():
        params = " ".join(f"[{p.name}={p.default}]" for p in nq.params)
        lines.append(f"{name:<{name_width}}  {nq.summary}" + (f"  {params}" if params else ""))
    return "\n".join(lines) + "\n"


def make_target(args: argparse.Namespace) -> Target:
    """The endpoint given by --endpoint, else the local store (queried in a child process
    that the deadline, Ctrl-C or its memory bound stop)."""
    if args.endpoint:
        from ..query import RemoteTarget

        return RemoteTarget(args.endpoint, timeout=args.timeout)
    from ..localrun import ProcessTarget

    return ProcessTarget(store_dir(args), deadline=args.timeout)


def run(args: argparse.Namespace) -> int:
    if args.list:
        sys.stdout.write(list_queries())
        return 0
    if bool(args.query) == bool(args.sparql):
        raise UsageError("give one of NAME, FILE.rq or --sparql TEXT (or --list)")
    params = parse_params(args.param)
    target = make_target(args)  # first: the local query process opens the store meanwhile
    try:
        from .. import query as q

        named = (q.resolve_query(args.query) if args.query
                 else q.NamedQuery("<sparql>", args.sparql))
        if args.witness is not None:
            if q.WITNESS in params:
                raise UsageError("give the witness once: --witness W or --param witness=W")
            named.param(q.WITNESS)  # a query without acts has no witness to restrict
            params[q.WITNESS] = args.witness
        form = q.query_form(named.text)
        fmt = args.format or ("turtle" if form in q.GRAPH_FORMS else "table")
        q.check_format(fmt, form, args.bom)
        if hasattr(target, "labels_ahead"):  # the local store: labels come with the answer
            target.labels_ahead = form not in q.GRAPH_FORMS and (fmt == "table" or args.labels)
        result = q.run(target, named, params, args.limit)
        sys.stdout.write(q.format_result(result, fmt, target, with_label_columns=args.labels,
                                         bom=args.bom))
    finally:
        close = getattr(target, "close", None)
        if close is not None:
            close()
    return 0
