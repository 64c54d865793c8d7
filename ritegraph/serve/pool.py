"""A small pool of query worker processes, with a deadline that really stops the work.

pyoxigraph cannot interrupt a running query, so each query runs in a worker process
(:mod:`ritegraph.serve.worker`); a worker still busy at the deadline is killed and a fresh one
started in its place, while the other workers go on answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path

from . import worker
from .worker import Reply, text_reply

log = logging.getLogger("ritegraph.serve")

START_SECONDS = 60.0  # a worker that has not opened the store by then is a startup failure


class WorkerStartError(RuntimeError):
    """A worker could not open the store."""


class Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, store_path: Path) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.conn, child = context.Pipe()
        self.process = context.Process(target=worker.main, name="ritegraph-query-worker",
                                       args=(child, str(store_path), os.getpid()), daemon=True)
        self.process.start()
        child.close()

    def wait_ready(self, seconds: float = START_SECONDS) -> None:
        """Block until the worker has opened the store; :class:`WorkerStartError` if it fails."""
        if not self.conn.poll(seconds):
            self.kill()
            raise WorkerStartError(f"a query worker did not start within {seconds:g} s")
        try:
            status, detail = self.conn.recv()
        except (EOFError, OSError) as exc:
            self.kill()
            raise WorkerStartError(f"a query worker died while starting ({exc})") from exc
        if status != "ready":
            self.kill()
            raise WorkerStartError(f"a query worker could not open the store: {detail}")

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
            self.process.join(5)
        with contextlib.suppress(OSError):
            self.conn.close()


def _started(store_path: Path) -> Worker:
    w = Worker(store_path)
    w.wait_ready()
    return w


async def _readable(conn: Connection, seconds: float) -> bool:
    """Whether ``conn`` has data (or was closed) within ``seconds``, without a thread."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    fd = conn.fileno()
    loop.add_reader(fd, lambda: ready.done() or ready.set_result(True))
    try:
        await asyncio.wait_for(ready, seconds)
        return True
    except TimeoutError:
        return False
    finally:
        loop.remove_reader(fd)


class Pool:
    """``size`` workers on one store; :meth:`run` gives each job at most ``deadline`` seconds."""

    def __init__(self, store_path: Path, size: int, deadline: float) -> None:
        self.store_path, self.size, self.deadline = store_path, size, deadline
        self.idle: asyncio.Queue[Worker] = asyncio.Queue()
        self.busy: set[Worker] = set()
        self.replacing: set[asyncio.Task] = set()
        self.killed = 0  # workers stopped at the deadline (reported by /sparql's headers)

    def start(self) -> None:
        """Start every worker (in parallel, blocking); :class:`WorkerStartError` if one cannot."""
        with ThreadPoolExecutor(self.size) as executor:
            futures = [executor.submit(_started, self.store_path) for _ in range(self.size)]
        failed = [f.exception() for f in futures if f.exception() is not None]
        started = [f.result() for f in futures if f.exception() is None]
        if failed:
            for w in started:
                w.kill()
            raise failed[0]
        for w in started:
            self.idle.put_nowait(w)

    def close(self) -> None:
        """Kill every worker (idle or busy)."""
        for task in list(self.replacing):
            task.cancel()
        while not self.idle.empty():
            self.idle.get_nowait().kill()
        for w in list(self.busy):
            w.kill()

    def _replace(self, dead: Worker) -> None:
        """Kill ``dead`` and start a fresh worker in the background."""
        self.busy.discard(dead)
        dead.kill()

        async def respawn() -> None:
            try:
                self.idle.put_nowait(await asyncio.to_thread(_started, self.store_path))
            except WorkerStartError as exc:
                log.error("could not replace a query worker: %s", exc)

        task = asyncio.get_running_loop().create_task(respawn())
        self.replacing.add(task)
        task.add_done_callback(self.replacing.discard)

    async def run(self, kind: str, payload: object) -> Reply:
        """Run one job on an idle worker, for at most ``deadline`` seconds once it has it;
        503 at the deadline, or when no worker frees up within the deadline."""
        try:
            w = await asyncio.wait_for(self.idle.get(), self.deadline)
        except TimeoutError:
            return text_reply(503, f"all {self.size} query workers stayed busy for the deadline "
                                   f"of {self.deadline:g} s; try again later")
        self.busy.add(w)
        try:
            w.conn.send((kind, payload))
            if not await _readable(w.conn, self.deadline):
                self.killed += 1
                self._replace(w)
                return text_reply(503, f"the query was stopped at the deadline of "
                                       f"{self.deadline:g} s (its worker was killed)")
            reply = await asyncio.to_thread(w.conn.recv)
        except (EOFError, OSError) as exc:
            self._replace(w)
            return text_reply(500, f"the query worker died ({type(exc).__name__}); "
                                   "a fresh one is starting")
        except BaseException:  # cancelled (client gone): the worker may still be busy
            self._replace(w)
            raise
        self.busy.discard(w)
        self.idle.put_nowait(w)
        return reply
