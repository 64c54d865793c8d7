"""``ritegraph serve``: a read-only SPARQL endpoint, a query page and dereferenceable IRIs.

Starlette on uvicorn; queries run in a pool of worker processes (:mod:`.pool`) so that the
per-query deadline really stops them. See docs/serve.md.
"""

from __future__ import annotations

import socket

from .app import ServeConfig, create_app
from .pool import Pool, WorkerStartError

__all__ = ["Pool", "ServeConfig", "WorkerStartError", "create_app", "serve"]


def serve(config: ServeConfig, sock: socket.socket) -> None:
    """Start the workers, then serve on the bound socket until interrupted."""
    import uvicorn

    pool = Pool(config.database, config.workers, config.timeout)
    pool.start()
    try:
        app = create_app(config, pool)
        server = uvicorn.Server(uvicorn.Config(
            app, log_level="info" if config.verbose else "warning", access_log=config.verbose,
            lifespan="on", timeout_graceful_shutdown=5))
        server.run(sockets=[sock])
    finally:
        pool.close()
