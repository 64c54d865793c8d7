"""``ritegraph serve``: the read-only SPARQL endpoint, the query page and the graph's IRIs.

Exit codes: 0 stopped normally; 2 usage or input error (e.g. no built store); 3 internal error.
"""

from __future__ import annotations

import argparse
import socket
import sys
import traceback

from ..cli import add_store_option, store_dir
from ..errors import RitegraphError, StoreError, UsageError

EXIT_INTERNAL = 3


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        description="Serve the built graph read-only over HTTP: /sparql (SPARQL 1.1 Protocol), "
                    "/query (YASGUI with the named queries) and every IRI under "
                    "https://w3id.org/ritegraph/ at the same path (see docs/serve.md).")
    add_store_option(parser)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                        "(default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, metavar="N",
                        help="port (default 8000; 0 = a free port, printed on start)")
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S",
                        help="per-query deadline in seconds; a query still running then is "
                             "stopped (default 30)")
    parser.add_argument("--max-rows", type=int, default=10_000, metavar="N",
                        help="at most N rows (solutions or triples) per answer (default 10000)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="query worker processes (default 2)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="log every request, and tracebacks of internal errors")
    parser.set_defaults(func=run)


def check_args(args: argparse.Namespace) -> None:
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, not {args.port}")
    if not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    if args.max_rows < 1:
        raise UsageError(f"--max-rows must be at least 1, not {args.max_rows}")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _name, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def database(args: argparse.Namespace):
    """The current build's database, checked to open read-only here first."""
    import pyoxigraph as ox

    from ..store import current_build

    directory = store_dir(args)
    db = current_build(directory) / "oxigraph"
    try:
        ox.Store.read_only(str(db))
    except OSError as exc:
        raise StoreError(f"cannot open the store at {db}: {exc} "
                         f"(rebuild it with `ritegraph build`)") from exc
    return db


def serve(args: argparse.Namespace) -> int:
    from ..serve import ServeConfig, WorkerStartError
    from ..serve import serve as run_server

    check_args(args)
    db = database(args)
    sock = bind(args.host, args.port)
    url = url_of(sock)

    def ready() -> None:
        print(f"ritegraph serve: {url} (SPARQL endpoint {url}sparql, query page {url}query; "
              f"{args.workers} workers, deadline {args.timeout:g} s, at most {args.max_rows} "
              f"rows)", flush=True)

    config = ServeConfig(db, args.timeout, args.max_rows, args.workers, args.verbose, ready)
    try:
        run_server(config, sock)
    except WorkerStartError as exc:
        raise StoreError(str(exc)) from exc
    finally:
        sock.close()
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        return serve(args)
    except (RitegraphError, KeyboardInterrupt):
        raise
    except Exception as exc:
        if args.verbose:
            traceback.print_exc()
        print(f"ritegraph serve: internal error: {type(exc).__name__}: {exc}"
              + ("" if args.verbose else " (run with -v for the traceback)"), file=sys.stderr)
        return EXIT_INTERNAL
