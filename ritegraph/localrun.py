"""Local queries in a child process, so that a deadline, a memory bound and Ctrl-C really stop
them (pyoxigraph cannot interrupt a running query).

``ritegraph query`` on the local store forks one child for the whole command, first thing: the
console command (:mod:`ritegraph.launch`) forks it before the CLI is even imported
(:func:`start_early`), on the store the arguments name, and :class:`ProcessTarget` takes it over;
the child opens the store while the parent imports the CLI and the query machinery and prepares
the query. Where the output shows labels, the child looks up the labels of each answer's IRIs
right after it and sends them with it (:attr:`ProcessTarget.labels_ahead`): one round trip less
for every table. The child opens the store read-only, bounds its own address space (``RLIMIT_AS``,
:data:`ENV_MEMORY`) and answers queries over a pipe. The parent waits for each answer at most
``deadline`` seconds; at the deadline, on Ctrl-C or when the child dies (out of memory), it
kills the child and says so. The child ends with its parent.

The serve module's query workers (:mod:`ritegraph.serve.worker`) share :func:`limit_memory`
and :func:`exit_with_parent`; they are long-lived and spawned, which costs a fresh interpreter
per worker, too much for one command-line query.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time

from .errors import InputError, RitegraphError, StoreError, UsageError
from .storepath import store_location

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing before the fork
if TYPE_CHECKING:
    from pathlib import Path

ENV_MEMORY = "RITEGRAPH_QUERY_MEMORY_MB"
DEFAULT_MEMORY_MB = 4096  # address space of a query process; 0 = unbounded


def memory_limit_mb() -> int:
    """The address-space bound of a query process in MiB (``$RITEGRAPH_QUERY_MEMORY_MB``)."""
    value = os.environ.get(ENV_MEMORY, "").strip()
    if not value:
        return DEFAULT_MEMORY_MB
    try:
        mb = int(value)
    except ValueError:
        raise InputError(f"${ENV_MEMORY} must be a whole number of MiB (0: no bound), "
                         f"not {value!r}") from None
    if mb < 0:
        raise InputError(f"${ENV_MEMORY} must be ≥ 0, not {mb}")
    return mb


def limit_memory(mb: int) -> None:
    """Bound this process's address space to ``mb`` MiB (0: leave it)."""
    if mb <= 0:
        return
    import resource

    limit = mb << 20
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def exit_with_parent(parent: int, every: float = 1.0) -> None:
    """End this process when ``parent`` is gone (it may be busy in a long query).

    A thread of the builtin :mod:`_thread`: :mod:`threading` costs ~2 ms to import, on the
    way from the store being open to the first answer."""
    import _thread

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(0)
    _thread.start_new_thread(watch, ())


class Channel:
    """Messages over two pipe ends, each framed by its length: query texts as UTF-8 after a
    one-byte kind (:data:`PLAIN`, :data:`LABELLED`), answers pickled; an empty frame says the
    store is open.

    Hand-written over ``os.pipe`` because :mod:`multiprocessing` (its ``Pipe`` and ``Process``)
    costs more to import than a whole local query on a small store (issue 14's start-up goal).
    """

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read_fd, self.write_fd = read_fd, write_fd

    def send_bytes(self, data: bytes) -> None:
        view = memoryview(len(data).to_bytes(8, "little") + data)
        while view:
            view = view[os.write(self.write_fd, view):]

    def send(self, message: object) -> None:
        import pickle

        self.send_bytes(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))

    def poll(self, timeout: float | None) -> bool:
        """Whether a message (or the end of the pipe) is ready within ``timeout`` seconds."""
        import select

        return bool(select.select([self.read_fd], [], [], timeout)[0])

    def recv_bytes(self) -> bytes:
        return self._read(int.from_bytes(self._read(8), "little"))

    def recv(self) -> object:
        """An answer: unpickled, or ``READY`` for an empty frame."""
        data = self.recv_bytes()
        if not data:
            return READY
        import pickle

        return pickle.loads(data)

    def _read(self, size: int) -> bytes:
        chunks, left = [], size
        while left:
            chunk = os.read(self.read_fd, min(left, 1 << 20))
            if not chunk:
                raise EOFError("the other end of the pipe closed")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def close(self) -> None:
        for fd in (self.read_fd, self.write_fd):
            with contextlib.suppress(OSError):
                os.close(fd)


READY = ("ready", None)


def answer(store, text: str) -> tuple[list[str], list[dict], bool | None, list | None]:
    """The answer of SPARQL ``text`` on ``store`` (default graph = union of the named graphs)
    as the fields of a :class:`~ritegraph.results.Result`: plain data that pickles, computed
    without the query module (the child process does not import it). Raises SyntaxError."""
    import pyoxigraph as ox

    from .vocab import SPARQL_PREFIXES

    found = store.query(text, use_default_graph_as_union=True, prefixes=SPARQL_PREFIXES)
    if isinstance(found, ox.QueryBoolean):
        return [], [], bool(found), None
    if isinstance(found, ox.QueryTriples):
        return [], [], None, list(found)
    names = [v.value for v in found.variables]
    same: dict = {}  # one object per distinct term: pickled once, referred to after (5× less)
    rows = [{n: same.setdefault(term, term) for n in names if (term := solution[n]) is not None}
            for solution in found]
    return names, rows, None, None


#: The labels of a batch of IRIs (``%s``: the batch as SPARQL terms): one query text for the
#: table's labels wherever they are looked up (:func:`ritegraph.results.labels`, the child).
LABELS_QUERY = """PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?s ?p ?label WHERE {
  VALUES ?s { %s }
  { ?s skos:prefLabel ?label BIND(skos:prefLabel AS ?p) }
  UNION { ?s rdfs:label ?label BIND(rdfs:label AS ?p) }
}"""  # a UNION, not VALUES ?p: 3× faster on the embedded store (9 ms against 28 for 132 IRIs)
LABEL_BATCH = 400  # IRIs per label query


def label_queries(iris: list[str]) -> list[str]:
    """The :data:`LABELS_QUERY` texts that look up ``iris``, :data:`LABEL_BATCH` at a time."""
    import pyoxigraph as ox

    return [LABELS_QUERY % " ".join(str(ox.NamedNode(iri)) for iri in iris[i:i + LABEL_BATCH])
            for i in range(0, len(iris), LABEL_BATCH)]


def answer_iris(rows: list[dict]) -> list[str]:
    """The IRIs bound in ``rows``, sorted, each once."""
    import pyoxigraph as ox

    return sorted({t.value for row in rows for t in row.values() if isinstance(t, ox.NamedNode)})


def label_row(s, p, label) -> tuple[str, str, str, str, str] | None:
    """A label row ``(s, p, value, language, datatype)`` of strings (they pickle fast) from
    the terms of a :data:`LABELS_QUERY` solution; None unless it binds IRIs and a literal."""
    import pyoxigraph as ox

    if not isinstance(label, ox.Literal) or s is None or p is None:
        return None
    return s.value, p.value, label.value, label.language or "", label.datatype.value


LABEL_PREDICATES = ("http://www.w3.org/2004/02/skos/core#prefLabel",
                    "http://www.w3.org/2000/01/rdf-schema#label")  # those of LABELS_QUERY


def _label_rows(store, rows: list[dict]) -> tuple[list[str], list[tuple]]:
    """The IRIs of an answer's ``rows`` and their :func:`label_row` rows, each once: what
    :data:`LABELS_QUERY` finds, by triple patterns over every graph (~40% faster)."""
    import pyoxigraph as ox

    iris = answer_iris(rows)
    predicates = [ox.NamedNode(p) for p in LABEL_PREDICATES]
    found = {label_row(q.subject, q.predicate, q.object) for iri in iris for p in predicates
             for q in store.quads_for_pattern(ox.NamedNode(iri), p, None, None)}
    return iris, [row for row in found if row is not None]


# A query frame starts with one of these: answer only, or answer and the labels of its IRIs.
PLAIN, LABELLED = b"?", b"L"


def _child(conn: Channel, store_dir: str, memory_mb: int, parent: int) -> None:
    """The query process: open the store, answer query texts until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and kills us
    _quiet_stderr()  # an allocator's abort message would reach the terminal: the parent reports
    try:
        limit_memory(memory_mb)
        from .storepath import open_store

        store = open_store(store_dir)
    except (RitegraphError, OSError, MemoryError) as exc:
        conn.send(("error", _portable(exc)))
        return
    conn.send_bytes(b"")  # ready
    exit_with_parent(parent)

    while True:
        try:
            frame = conn.recv_bytes()
        except (EOFError, OSError):
            return
        conn.send(_answer_message(store, frame[1:].decode("utf-8"), frame[:1] == LABELLED,
                                  store_dir, memory_mb))


def _answer_message(store, text: str, labelled: bool, store_dir: str,
                    memory_mb: int) -> tuple[str, object]:
    """``("ok", (answer, labels))``, labels ``(iris, rows)`` if ``labelled`` and the answer has
    rows, else None; ``("syntax", message)``; ``("error", exception)``."""
    try:
        found = answer(store, text)
        return "ok", (found, _label_rows(store, found[1]) if labelled and found[1] else None)
    except SyntaxError as exc:
        return "syntax", str(exc)
    except MemoryError:
        return "error", _memory_error(memory_mb)
    except Exception as exc:  # a storage error of a corrupted store, …
        return "error", StoreError(f"the query failed on the store in {store_dir}: "
                                   f"{type(exc).__name__}: {exc}")


def _quiet_stderr() -> None:
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)


def _portable(exc: BaseException) -> RitegraphError:
    """An exception that pickles (re-raised in the parent with its exit code)."""
    if isinstance(exc, RitegraphError):
        clone = RitegraphError(str(exc))
        clone.exit_code = exc.exit_code
        return clone
    return StoreError(f"{type(exc).__name__}: {exc}")


def _memory_error(mb: int) -> InputError:
    return InputError(f"the query needed more than its memory bound of {mb} MiB and was "
                      f"stopped (a corrupted store or a query whose intermediate results "
                      f"explode); raise the bound with ${ENV_MEMORY}=N (MiB, 0: none)")


class QueryProcess:
    """One forked child process answering queries on the store in ``store_dir``."""

    def __init__(self, store_dir: str | Path, memory_mb: int | None = None) -> None:
        self.store_dir = os.path.normpath(store_dir)
        self.memory_mb = memory_limit_mb() if memory_mb is None else memory_mb
        self.shown = 0.0  # the deadline as the user gave it, for messages
        self.pid: int | None = None
        self.conn: Channel | None = None
        self.ready = False

    def _fork(self) -> None:
        import pickle  # noqa: F401 - both processes need these: imported once, before the fork

        import pyoxigraph  # noqa: F401

        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the caller's code
            code = 0
            try:
                import gc

                gc.freeze()  # its collector leaves the inherited objects (and their pages) alone
                os.close(parent_reads)
                os.close(parent_writes)
                _child(Channel(child_reads, child_writes), self.store_dir,
                       self.memory_mb, parent)
            except BaseException:  # the parent reports a dead child
                code = 1
            finally:
                os._exit(code)
        os.close(child_reads)
        os.close(child_writes)
        self.pid, self.conn, self.ready = pid, Channel(parent_reads, parent_writes), False

    def _wait_ready(self, deadline: float | None) -> None:
        status, detail = self._receive(deadline, "opening the store")
        if status != "ready":
            self.close()
            raise detail
        self.ready = True

    def start(self) -> None:
        """Fork the child now: it opens the store while this process prepares the query."""
        if self.pid is None:
            self._fork()

    def select(self, text: str, deadline: float | None, labelled: bool = False):
        """The :func:`answer` to ``text`` and, if ``labelled``, the labels of its IRIs (see
        :func:`_answer_message`), within ``deadline`` seconds (SyntaxError for a query the
        store cannot parse)."""
        started = time.monotonic()
        self.shown = deadline or 0.0
        self.start()
        if not self.ready:
            self._wait_ready(deadline)
        assert self.conn is not None
        if deadline is not None:
            deadline = max(deadline - (time.monotonic() - started), 0.001)
        self.conn.send_bytes((LABELLED if labelled else PLAIN) + text.encode("utf-8"))
        status, detail = self._receive(deadline, "the query")
        if status == "syntax":
            raise SyntaxError(detail)
        if status == "error":
            raise detail
        return detail

    def _receive(self, deadline: float | None, what: str) -> tuple[str, object]:
        assert self.conn is not None
        try:
            if not self.conn.poll(deadline):
                self.close()
                raise InputError(f"{what} was stopped at the deadline of {self.shown:g} s "
                                 f"(its process was killed); raise it with --timeout")
            return self.conn.recv()
        except (EOFError, OSError, ConnectionError):
            code = self._reap()
            if code in (-signal.SIGKILL, -signal.SIGABRT, 134):
                raise _memory_error(self.memory_mb) from None
            raise StoreError(f"{what} failed: the query process on {self.store_dir} died "
                             f"(exit {code})") from None
        except KeyboardInterrupt:
            self.close()
            raise

    def _reap(self) -> int | None:
        """The dead child's exit code (a signal as its negative number)."""
        code = None
        if self.pid is not None:
            with contextlib.suppress(ChildProcessError):
                code = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
            self.pid = None
        self.close()
        return code

    def close(self) -> None:
        """Kill the child (idle or busy); it is reaped in the background (its teardown, the
        store's unmapping, takes milliseconds a command need not wait for)."""
        if self.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
                _reap_in_background(self.pid)
        if self.conn is not None:
            self.conn.close()
        self.pid, self.conn = None, None


def _reap_in_background(pid: int) -> None:
    import _thread  # not threading: ~1 ms to import, for one short thread

    def reap() -> None:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
    _thread.start_new_thread(reap, ())


_EARLY: list[QueryProcess] = []  # the process start_early forked, until a ProcessTarget takes it


def start_early(argv: list[str]) -> None:
    """For ``ritegraph query …`` on the local store, fork the query process now, before the
    arguments are parsed, on the store they name (``--store DIR``, ``--store=DIR``, else
    ``$RITEGRAPH_STORE`` or the default). :class:`ProcessTarget` takes it over only if the
    parsed arguments name the same store and kills it otherwise: a wrong guess costs time,
    never a result. Never raises: the parsed command reports what is wrong."""
    command = next((word for word in argv if not word.startswith("-")), None)
    if command != "query" or any(word in ("-h", "--help", "--list")
                                 or word.startswith("--endpoint") for word in argv):
        return
    store = None
    for word, following in zip(argv, [*argv[1:], None], strict=True):
        if word == "--store" and following is not None:
            store = following
        elif word.startswith("--store="):
            store = word.partition("=")[2]
    try:
        process = QueryProcess(store_location(store))
        process.start()
    except (RitegraphError, OSError):
        return
    _EARLY.append(process)


def _take_early(store_dir: str | Path) -> QueryProcess | None:
    """The process :func:`start_early` forked, if it is on ``store_dir`` (else it is killed)."""
    while _EARLY:
        process = _EARLY.pop()
        if process.store_dir == os.path.normpath(store_dir) and process.pid is not None:
            return process
        process.close()
    return None


class ProcessTarget:
    """The local store (default graph = union of the named graphs), queried in a
    :class:`QueryProcess` with a deadline per query: a :class:`~ritegraph.query.Target`."""

    def __init__(self, store_dir: Path, deadline: float | None = None,
                 description: str | None = None) -> None:
        if deadline is not None and not deadline > 0:
            raise InputError(f"--timeout must be a positive number of seconds, not {deadline:g}")
        from .storepath import current_build

        current_build(store_dir)  # no store: StoreError now, in this process
        self.deadline = deadline
        self.description = description or f"the store in {store_dir}"
        self.process = _take_early(store_dir) or QueryProcess(store_dir)
        self.process.start()  # now: the child opens the store while this process goes on
        #: Whether the child looks up the labels of each answer's IRIs with the answer (set
        #: when the output shows labels): one round trip less (:meth:`known_labels`).
        self.labels_ahead = False
        self._labels: tuple[set[str], list[tuple]] = (set(), [])

    def select(self, text: str):
        from .query import parse_error, query_form
        from .results import Result

        query_form(text)
        try:
            found, labels = self.process.select(text, self.deadline, self.labels_ahead)
        except SyntaxError as exc:
            raise UsageError(parse_error(exc)) from None
        if labels is not None:
            self._labels = (set(labels[0]), labels[1])
        return Result(*found)

    def known_labels(self, iris: list[str]) -> list[tuple] | None:
        """The :func:`label_row` rows of ``iris`` if they came with the last answer."""
        looked_up, rows = self._labels
        if not looked_up.issuperset(iris):
            return None
        wanted = set(iris)
        return [row for row in rows if row[0] in wanted]

    def close(self) -> None:
        self.process.close()
