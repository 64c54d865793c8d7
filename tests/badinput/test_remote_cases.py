"""Bad-input catalogue, remote part: endpoints, push, ``validate --data`` and queries.

One row per case: an id, the loopback server (if any), the command, the expected exit code and
a fragment of the message. Every case runs the ``ritegraph`` command against real loopback
servers and asserts the exit code, the fragment, and that no traceback reaches stderr: in this
process (``main(argv)``; an exception escaping it fails the case), or, for local queries (which
fork a query process), as a process of its own.
``outcome`` says what the case shows: ``error`` (a clear error, exit 2) or ``handled`` (done
correctly, exit 0).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph.cli import main
from ritegraph.store import new_build

from .. import remote_support as rs

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "queries" / "small.trig"
CREDS = {"RITEGRAPH_ENDPOINT_USER": "alice", "RITEGRAPH_ENDPOINT_PASSWORD": "s3cret-pw"}
PATHOLOGICAL = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
EXPLODING = "SELECT ?a WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?c ?f ?i LIMIT 1"


@dataclass
class Ctx:
    """What a case's command may refer to."""

    url: str  # the case's server (its /sparql)
    other: str  # a second server (its /sparql), e.g. a redirect's target
    store: Path
    files: Path


@dataclass
class Case:
    id: str
    server: Callable | None  # handler factory (other's URL → handler), or None
    argv: Callable[[Ctx], list[str]]
    exit: int
    fragment: str
    env: dict[str, str] = field(default_factory=dict)
    check: Callable[[Ctx, rs.Loopback, rs.Loopback], None] | None = None
    process: bool = False  # run as a process of its own (local queries fork)

    @property
    def outcome(self) -> str:
        return "handled" if self.exit == 0 else "error"


def query(*extra: str, endpoint: bool = True) -> Callable[[Ctx], list[str]]:
    def argv(ctx: Ctx) -> list[str]:
        where = ["--endpoint", ctx.url] if endpoint else ["--store", str(ctx.store)]
        return ["query", *extra, *where]
    return argv


ASK = ("--sparql", "ASK {}")


def other_untouched(_ctx: Ctx, _server: rs.Loopback, other: rs.Loopback) -> None:
    assert not other.seen, "the redirect's target was contacted"


def other_no_credentials(_ctx: Ctx, _server: rs.Loopback, other: rs.Loopback) -> None:
    assert all("Authorization" not in s.headers for s in other.seen)


def server_untouched(_ctx: Ctx, server: rs.Loopback, _other: rs.Loopback) -> None:
    assert not server.seen, "the server was contacted"


def data(name: str) -> Callable[[Ctx], list[str]]:
    return lambda ctx: ["validate", "--data", str(ctx.files / name)]


def push(*extra: str) -> Callable[[Ctx], list[str]]:
    return lambda ctx: ["push", "--endpoint", ctx.url, *extra, "--store", str(ctx.store),
                        "--timeout", "5"]


def sparql_with(fault: Callable) -> Callable[[str], Callable]:
    """A pyoxigraph-backed SPARQL server holding one old triple per graph, with ``fault``."""
    def make(_other: str) -> Callable:
        server = rs.Sparql()
        for graph in ("corpus", "lexicon", "ontology", "xiangsheli", "yanli"):
            server.store.add(ox.Quad(ox.NamedNode("urn:old"), ox.NamedNode("urn:p"),
                                     ox.Literal("old"),
                                     ox.NamedNode(f"https://w3id.org/ritegraph/graph/{graph}")))
        server.fault = fault
        return server
    return make


def old_data_intact(_ctx: Ctx, server: rs.Loopback, _other: rs.Loopback) -> None:
    graphs = server.handle.graphs()  # type: ignore[attr-defined]
    assert sorted(graphs) == [f"https://w3id.org/ritegraph/graph/{g}" for g in
                              ("corpus", "lexicon", "ontology", "xiangsheli", "yanli")], graphs
    for graph, quads in graphs.items():
        assert [q.subject.value for q in quads] == ["urn:old"], graph


def constant(handler: Callable) -> Callable[[str], Callable]:
    return lambda _other: handler


CASES: list[Case] = [
    # ---------------------------------------------------------------- endpoints: redirects
    Case("redirect-cross-origin-with-credentials", lambda other: rs.redirect_to(other),
         query(*ASK), 2, "another origin: not followed", CREDS, other_untouched),
    Case("redirect-307-cross-origin-with-credentials",
         lambda other: rs.redirect_to(other, 307), query(*ASK), 2, "another origin", CREDS,
         other_untouched),
    Case("redirect-cross-origin-without-credentials", lambda other: rs.redirect_to(other),
         query(*ASK), 0, "yes", {}, other_no_credentials),
    Case("redirect-same-origin-with-credentials", lambda _o: _same_origin_redirect(),
         query(*ASK), 0, "yes", CREDS),
    Case("redirect-loop", lambda _o: _loop(), query(*ASK), 2, "more than 5 redirects"),
    Case("redirect-to-file-url", constant(rs.redirect_to("file:///etc/passwd")), query(*ASK),
         2, "not an http(s) URL"),
    # ---------------------------------------------------------------- endpoints: answers
    Case("http-500", constant(rs.status(500, b"boom")), query(*ASK), 2, "HTTP 500"),
    Case("http-401", constant(rs.status(401, b"who are you")), query(*ASK), 2, "HTTP 401"),
    Case("html-page", constant(rs.garbage(b"<html><body>login</body></html>", "text/html")),
         query(*ASK), 2, "text/html, not SPARQL JSON results"),
    Case("xml-results", constant(rs.garbage(b"<sparql/>", "application/sparql-results+xml")),
         query(*ASK), 2, "not SPARQL JSON results"),
    Case("truncated-json", constant(rs.garbage(b'{"head": {"vars": ["n"]}, "resu')),
         query(*ASK), 2, "malformed SPARQL JSON results"),
    Case("json-not-results", constant(rs.garbage(b"[1, 2, 3]")), query(*ASK), 2,
         "malformed SPARQL JSON results"),
    Case("bindings-of-wrong-shape",
         constant(rs.garbage(b'{"head": {"vars": ["n"]}, "results": {"bindings": [{"n": 5}]}}')),
         query(*ASK), 2, "malformed SPARQL JSON results"),
    Case("binary-garbage", constant(rs.garbage(bytes(range(256)) * 4)), query(*ASK), 2,
         "malformed SPARQL JSON results"),
    # ---------------------------------------------------------------- endpoints: the wire
    Case("stall", constant(rs.stall(8)), query(*ASK, "--timeout", "1"), 2,
         "timed out after 1 s"),
    Case("dribble-body", constant(rs.dribble(0.5)), query(*ASK, "--timeout", "2"), 2,
         "timed out after 2 s"),
    Case("dribble-headers", constant(rs.dribble(0.5, in_headers=True)),
         query(*ASK, "--timeout", "2"), 2, "timed out after 2 s"),
    Case("close-midway", constant(rs.close_midway), query(*ASK), 2,
         "connection was closed before the answer was complete"),
    Case("close-without-answer", constant(rs.close_at_once), query(*ASK), 2,
         "connection was closed"),
    Case("not-http", constant(rs.garbage(b"")), lambda ctx: [
        "query", *ASK, "--endpoint", ctx.url.replace("http://", "ftp://")], 2,
         "not an http(s) URL"),
    Case("bad-port", None, lambda _ctx: ["query", *ASK, "--endpoint",
                                         "http://127.0.0.1:99999/sparql"], 2, "bad port"),
    Case("unreachable", None, lambda _ctx: ["query", *ASK, "--endpoint",
                                            f"http://127.0.0.1:{rs.free_port()}/sparql"], 2,
         "unreachable"),
    Case("credentials-in-url-redacted", constant(rs.status(500, b"no")), lambda ctx: [
        "query", *ASK, "--endpoint", ctx.url.replace("http://", "http://bob:hunter2@")], 2,
         "HTTP 500"),
    Case("timeout-zero", constant(rs.ok_json), query(*ASK, "--timeout", "0"), 2,
         "positive number"),
    # ---------------------------------------------------------------- queries
    Case("update-through-query-remote", constant(rs.ok_json),
         query("--sparql", "INSERT DATA { <urn:a> <urn:b> <urn:c> }"), 2,
         "runs queries only", {}, server_untouched),
    Case("update-through-query-local", None,
         query("--sparql", "DELETE WHERE { ?s ?p ?o }", endpoint=False), 2,
         "runs queries only", process=True),
    Case("bad-sparql-local", None, query("--sparql", "SELECT * { ?s ?p ", endpoint=False), 2,
         "does not parse", process=True),
    Case("bad-sparql-remote-oxigraph-style", constant(rs.status(400, b"Parse error at 1:5")),
         query("--sparql", "SELECT * { ?s ?p "), 2, "HTTP 400"),
    Case("unknown-prefix-local", None,
         query("--sparql", "SELECT * { ?s nope:p ?o }", endpoint=False), 2,
         "unknown prefix \"nope:\"", process=True),
    Case("unknown-named-query", None, query("no-such-query", endpoint=False), 2,
         "no query named", process=True),
    Case("param-injection", None,
         query("who-handles", "--param", "object=} ; DROP ALL ; {", endpoint=False), 2,
         "neither an IRI", process=True),
    Case("local-deadline", None,
         query("--sparql", PATHOLOGICAL, "--timeout", "1", endpoint=False), 2,
         "stopped at the deadline of 1 s", process=True),
    Case("local-memory-bound", None, query("--sparql", EXPLODING, endpoint=False), 2,
         "memory bound of 600 MiB", {"RITEGRAPH_QUERY_MEMORY_MB": "600"}, process=True),
    Case("local-memory-bound-bad-value", None, query(*ASK, endpoint=False), 2,
         "RITEGRAPH_QUERY_MEMORY_MB", {"RITEGRAPH_QUERY_MEMORY_MB": "lots"}, process=True),
    # ---------------------------------------------------------------- push
    Case("push-500-midway", sparql_with(rs.fail_nth(3, rs.status(500))), push(), 2,
         "kept their previous state: https://w3id.org/ritegraph/graph/corpus", {},
         old_data_intact),
    Case("push-garbage-midway", sparql_with(rs.fail_nth(4, rs.garbage(b"<html>", "text/html"))),
         push(), 2, "replaced and verified: none", {}, old_data_intact),
    Case("push-closed-midway", sparql_with(rs.fail_nth(2, rs.close_midway)), push(), 2,
         "connection was closed", {}, old_data_intact),
    Case("push-cross-origin-redirect", lambda other: rs.redirect_to(other, 307), push(), 2,
         "another origin", CREDS, other_untouched),
    Case("push-unreachable", None, lambda ctx: [
        "push", "--endpoint", f"http://127.0.0.1:{rs.free_port()}/sparql", "--store",
        str(ctx.store), "--timeout", "2"], 2, "unreachable"),
    Case("push-ok", sparql_with(None), push(), 0, "pushed 5 graphs"),
    # ---------------------------------------------------------------- validate --data
    Case("data-empty", None, data("empty.ttl"), 2, "no RDF triples"),
    Case("data-whitespace", None, data("blank.nt"), 2, "no RDF triples"),
    Case("data-json-not-jsonld", None, data("plain.json"), 2, "no RDF triples"),
    Case("data-not-json", None, data("broken.jsonld"), 2, "not JSON"),
    Case("data-html-as-rdfxml", None, data("page.rdf"), 2, "cannot read RDF"),
    Case("data-binary-as-turtle", None, data("binary.ttl"), 2, "cannot read RDF"),
    Case("data-billion-laughs", None, data("laughs.rdf"), 2, "<!DOCTYPE declaration is refused"),
    Case("data-external-entity", None, data("external.rdf"), 2, "declaration is refused"),
    Case("data-remote-context", constant(rs.garbage(b'{"@context": {}}', "application/ld+json")),
         lambda ctx: ["validate", "--data", str(_remote_context(ctx))], 2,
         "never fetches contexts", {}, server_untouched),
    Case("data-context-import", None, data("import.jsonld"), 2, "@import"),
    Case("data-too-large", None, data("big.nt"), 2, "above the limit of 1 MiB",
         {"RITEGRAPH_MAX_RDF_MB": "1"}),
    Case("data-only-ontology", None, data("ontology.trig"), 2, "not validated"),
    Case("data-unknown-suffix", None, data("notes.txt"), 2, "unknown RDF format"),
]


def _same_origin_redirect() -> Callable:
    def handle(request, seen) -> None:
        if seen.path.startswith("/sparql"):
            rs.answer(request, 302, headers={"Location": seen.path.replace("/sparql", "/real")})
        elif seen.headers.get("Authorization", "").startswith("Basic "):
            rs.answer(request, 200, rs.ASK_TRUE, rs.JSON_RESULTS)
        else:
            rs.answer(request, 401, b"credentials were not sent after the redirect")
    return handle


def _loop() -> Callable:
    return lambda request, seen: rs.answer(request, 302, headers={"Location": seen.path})


def _remote_context(ctx: Ctx) -> Path:
    path = ctx.files / "remote-context.jsonld"
    path.write_text(json.dumps({"@context": ctx.url.replace("/sparql", "/context.jsonld"),
                                "@id": "http://example.org/s", "http://example.org/p": "v"}))
    return path


LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
""" + "".join(f' <!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n'
              for i in range(9)) + """]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://example.org/">
  <rdf:Description rdf:about="http://example.org/s"><ex:p>&j;</ex:p></rdf:Description>
</rdf:RDF>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://example.org/">
  <rdf:Description rdf:about="http://example.org/s"><ex:p>&secret;</ex:p></rdf:Description>
</rdf:RDF>
"""


def write_files(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    files = {
        "empty.ttl": "", "blank.nt": "\n   \n\t\n", "plain.json": '{"a": 1}',
        "broken.jsonld": '{"@context": ', "page.rdf": "<html><body>hi</body></html>",
        "laughs.rdf": LAUGHS, "external.rdf": EXTERNAL, "notes.txt": "just text",
        "import.jsonld": json.dumps({"@context": {"@import": "http://example.org/c.jsonld"},
                                     "@id": "http://example.org/s"}),
        "ontology.trig": "<https://w3id.org/ritegraph/graph/ontology> "
                         "{ <urn:a> <urn:b> <urn:c> . }\n",
    }
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    (directory / "binary.ttl").write_bytes(bytes(range(256)) * 16)
    line = '<http://example.org/s> <http://example.org/p> "%s" .\n'
    (directory / "big.nt").write_text("".join(line % i for i in range(40000)))
    return directory


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    store = tmp_path_factory.mktemp("badinput-remote-store")
    with new_build(store) as (db, _build):
        db.load(path=str(SMALL), format=ox.RdfFormat.TRIG)
    return store, write_files(tmp_path_factory.mktemp("badinput-remote-files"))


@contextlib.contextmanager
def servers(case: Case) -> Iterator[tuple[rs.Loopback, rs.Loopback]]:
    with rs.loopback(rs.ok_json) as other:
        handler = case.server(other.url("/stolen")) if case.server else rs.status(418, b"unused")
        with rs.loopback(handler) as server:
            yield server, other


def run_process(argv: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("RITEGRAPH_")}
    environment |= {"PYTHONPATH": str(REPO), **env}
    done = subprocess.run([sys.executable, "-m", "ritegraph", *argv], env=environment,
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    return done.returncode, done.stdout, done.stderr


def run_here(argv: list[str], env: dict[str, str], monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture) -> tuple[int, str, str]:
    for name in [k for k in os.environ if k.startswith("RITEGRAPH_")]:
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    except Exception as exc:
        pytest.fail(f"an exception escaped the command (a traceback): {exc!r}")
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(case: Case, workspace: tuple[Path, Path], monkeypatch, capsys) -> None:
    store, files = workspace
    with servers(case) as (server, other):
        ctx = Ctx(server.url(), other.url("/stolen"), store, files)
        if case.process:
            code, out, err = run_process(case.argv(ctx), case.env)
        else:
            code, out, err = run_here(case.argv(ctx), case.env, monkeypatch, capsys)
        output = out + err
        assert "Traceback" not in err, err
        assert code == case.exit, output
        assert case.fragment in output, output
        for secret in ("s3cret-pw", "hunter2"):
            assert secret not in output
        if case.check is not None:
            case.check(ctx, server, other)


def test_catalogue_size() -> None:
    outcomes = [c.outcome for c in CASES]
    assert len(CASES) >= 20 and len({c.id for c in CASES}) == len(CASES)
    assert outcomes.count("error") >= 40 and outcomes.count("handled") >= 3
