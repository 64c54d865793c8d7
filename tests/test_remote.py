"""Against real servers on loopback: Oxigraph (``oxigraph serve``, from the PyPI package) and, when
installed, Virtuoso. Push the graph, run every named query locally and remotely, compare."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph import query as q
from ritegraph.cli import main
from ritegraph.errors import RemoteError
from ritegraph.push import graph_lines, push, remote_count, update_graph
from ritegraph.remote import Client, redact
from ritegraph.store import named_graphs, open_store

from . import remote_support as rs
from .remote_support import LOOPBACK, Oxigraph, free_port, oxigraph_server, wait_until_up

pytestmark = pytest.mark.slow

FIXTURE = Path(__file__).parent / "fixtures" / "queries" / "small.trig"
QUERIES = q.catalogue()


@pytest.fixture(scope="module")
def oxigraph(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Oxigraph]:
    with oxigraph_server(tmp_path_factory.mktemp("oxigraph-server")) as server:
        if server is None:
            pytest.skip("the oxigraph server binary is not installed (pip install oxigraph)")
        yield server


def clear(server: Oxigraph) -> None:
    request = urllib.request.Request(server.update, data=b"update=DROP%20ALL", method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=30):
        pass


def canonical(result: q.Result) -> tuple[list[str], list[tuple[str, ...]]]:
    rows = sorted(tuple(str(t) if t is not None else "" for t in row) for row in result.tuples())
    return result.variables, rows


def assert_same_answers(local_dir: Path, endpoint: str) -> int:
    local = q.LocalTarget(open_store(local_dir))
    remote = q.RemoteTarget(endpoint, timeout=60)
    nonempty = 0
    for name, nq in QUERIES.items():
        here, there = q.run(local, nq), q.run(remote, nq)
        assert canonical(here) == canonical(there), name
        nonempty += bool(here.rows)
    return nonempty


# ------------------------------------------------------------------ Oxigraph

def test_push_small_graph_and_compare_every_query(oxigraph, small_store_dir):
    clear(oxigraph)
    report = push(open_store(small_store_dir), oxigraph.query, graph_store=oxigraph.store)
    assert report.ok, report.summary()
    assert {g.method for g in report.graphs} == {"graph store PUT"}
    assert [g.graph for g in report.graphs] == named_graphs(open_store(small_store_dir))
    assert assert_same_answers(small_store_dir, oxigraph.query) >= len(QUERIES) - 1


def test_push_is_idempotent_and_update_fallback_replaces(oxigraph, small_store_dir):
    clear(oxigraph)
    store = open_store(small_store_dir)
    first = push(store, oxigraph.query, graph_store=oxigraph.store)
    again = push(store, oxigraph.query, graph_store=oxigraph.store)
    by_update = push(store, oxigraph.query, update=oxigraph.update)
    for report in (first, again, by_update):
        assert report.ok, report.summary()
        assert [g.remote for g in report.graphs] == [g.local for g in report.graphs]
    assert {g.method for g in by_update.graphs} == {"SPARQL Update"}
    # a Graph Store URL that is not one falls back to SPARQL Update
    fallback = push(store, oxigraph.query, graph_store=oxigraph.query.replace("/query", "/nope"),
                    update=oxigraph.update)
    assert fallback.ok and {g.method for g in fallback.graphs} == {"SPARQL Update"}


def test_update_in_small_chunks_replaces_the_graph(oxigraph, small_store_dir):
    clear(oxigraph)
    store = open_store(small_store_dir)
    graph = "https://w3id.org/ritegraph/graph/xiangsheli"
    lines = graph_lines(store, graph)
    http = Client(timeout=30)
    for _ in range(2):  # twice: replaced, not duplicated
        update_graph(http, oxigraph.update, graph, lines, chunk=50)
    assert remote_count(q.RemoteTarget(oxigraph.query), graph) == len(lines) > 100


def test_seed_graph_local_and_remote_agree(oxigraph, built_store):
    clear(oxigraph)
    report = push(open_store(built_store), oxigraph.query, graph_store=oxigraph.store)
    assert report.ok, report.summary()
    assert sum(g.local for g in report.graphs) == len(open_store(built_store))
    assert assert_same_answers(built_store, oxigraph.query) >= len(QUERIES) - 2


def test_cli_query_and_push_against_oxigraph(oxigraph, small_store_dir, capsys):
    clear(oxigraph)
    assert main(["push", "--endpoint", oxigraph.query, "--graph-store", oxigraph.store,
                 "--store", str(small_store_dir)]) == 0
    assert "pushed 5 graphs" in capsys.readouterr().out
    assert main(["query", "object-usage", "--format", "json", "--store",
                 str(small_store_dir)]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main(["query", "object-usage", "--format", "json", "--endpoint",
                 oxigraph.query]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert local == remote and local["results"]["bindings"]
    assert main(["query", "who-handles", "--param", "object=觯", "--endpoint",
                 oxigraph.query]) == 0
    out = capsys.readouterr().out
    assert "司正" in out and "立司正" in out


def test_construct_describe_and_predeclared_prefixes_on_an_endpoint(oxigraph, small_store_dir,
                                                                     capsys):
    clear(oxigraph)
    push(open_store(small_store_dir), oxigraph.query, graph_store=oxigraph.store)
    for text in ("CONSTRUCT { ?r rdfs:label ?l } WHERE { ?a rg:agent ?r . "
                 "?r skos:prefLabel ?l }", "DESCRIBE role:bin"):
        answers = []
        for where in (["--store", str(small_store_dir)], ["--endpoint", oxigraph.query]):
            assert main(["query", "--sparql", text, "--format", "ntriples", *where]) == 0
            out = capsys.readouterr().out
            answers.append({t.triple for t in ox.parse(out, format=ox.RdfFormat.N_TRIPLES)})
        assert answers[0] == answers[1] and answers[0], text
    remote = q.run(q.RemoteTarget(oxigraph.query), "SELECT (COUNT(*) AS ?n) { ?a a rg:Step }")
    assert remote.rows[0]["n"].value == "22"


def test_long_queries_are_posted(oxigraph, small_store_dir):
    clear(oxigraph)
    push(open_store(small_store_dir), oxigraph.query, graph_store=oxigraph.store)
    padding = "\n".join(f"# {'x' * 70}" for _ in range(60))
    text = padding + ("\nSELECT (COUNT(*) AS ?n) WHERE "
                      "{ ?a a <https://w3id.org/ritegraph/ontology#Step> }")
    assert len(text) > q.POST_ABOVE
    assert q.RemoteTarget(oxigraph.query).select(text).rows[0]["n"].value == "22"


def test_push_failure_names_the_graphs(oxigraph, small_store_dir, capsys):
    port = free_port()  # nothing listens there
    assert main(["push", "--endpoint", f"http://{LOOPBACK}:{port}/query", "--graph-store",
                 f"http://{LOOPBACK}:{port}/store", "--timeout", "2",
                 "--store", str(small_store_dir)]) == 2
    err = capsys.readouterr().err
    assert "unreachable" in err and "Traceback" not in err
    assert "replaced and verified: none" in err
    assert "kept their previous state: https://w3id.org/ritegraph/graph/" in err


# ------------------------------------------------------------------ errors, on fake servers

class _Handler(http.server.BaseHTTPRequestHandler):
    mode = "garbage"
    seen_auth: list[str] = []  # noqa: RUF012 (test-only shared record)

    def do_GET(self) -> None:
        _Handler.seen_auth.append(self.headers.get("Authorization", ""))
        if self.mode == "slow":
            time.sleep(1.5)
        if self.mode == "status":
            self.send_response(503)
            self.end_headers()
            return
        body = b"<html>not SPARQL results</html>"
        self.send_response(200)
        self.send_header("Content-Type", "application/sparql-results+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError):
            self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def fake_server() -> Iterator[tuple[str, type[_Handler]]]:
    handler = type("Handler", (_Handler,), {})
    server = http.server.ThreadingHTTPServer((LOOPBACK, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{LOOPBACK}:{server.server_address[1]}/sparql", handler
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_malformed_results(fake_server):
    url, _handler = fake_server
    with pytest.raises(RemoteError, match=r"endpoint http://127\.0\.0\.1:\d+/sparql: HTTP 200: "
                                          r"malformed"):
        q.RemoteTarget(url).select("ASK {}")


def test_http_error_status(fake_server):
    url, handler = fake_server
    handler.mode = "status"
    with pytest.raises(RemoteError, match=r"/sparql: HTTP 503"):
        q.RemoteTarget(url).select("ASK {}")


def test_timeout(fake_server):
    url, handler = fake_server
    handler.mode = "slow"
    with pytest.raises(RemoteError, match=r"timed out after 0\.5 s"):
        q.RemoteTarget(url, timeout=0.5).select("ASK {}")


def test_unreachable_host_exit_2(capsys):
    url = f"http://{LOOPBACK}:{free_port()}/sparql"
    assert main(["query", "object-usage", "--endpoint", url, "--timeout", "2"]) == 2
    err = capsys.readouterr().err
    assert url in err and "unreachable" in err


def test_bad_query_reports_status(oxigraph):
    with pytest.raises(RemoteError, match=r"/query: HTTP 400"):
        q.RemoteTarget(oxigraph.query).select("SELECT * {")


def test_credentials_are_sent_but_never_printed(fake_server, monkeypatch, capsys):
    url, handler = fake_server
    monkeypatch.setenv(q.ENV_USER, "alice")
    monkeypatch.setenv(q.ENV_PASSWORD, "s3cret-pw")
    handler.mode = "status"
    assert main(["query", "--sparql", "ASK {}", "--endpoint", url]) == 2
    err = capsys.readouterr().err
    assert "s3cret-pw" not in err and "alice" not in err
    assert any(h.startswith("Basic ") for h in handler.seen_auth)
    secret_url = url.replace("http://", "http://alice:s3cret-pw@")
    assert "s3cret-pw" not in redact(secret_url) and redact(secret_url) == url


# ------------------------------------------------------------------ Virtuoso (if installed)

VIRTUOSO = shutil.which("virtuoso-t")
ISQL = shutil.which("isql-vt")
VIRTUOSO_INI = Path("/etc/virtuoso-opensource-7/virtuoso.ini")


@pytest.fixture(scope="module")
def virtuoso(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not (VIRTUOSO and ISQL and VIRTUOSO_INI.exists()):
        pytest.skip("Virtuoso is not installed (Debian: apt-get install virtuoso-opensource)")
    if os.environ.get("RITEGRAPH_SKIP_VIRTUOSO"):
        pytest.skip("RITEGRAPH_SKIP_VIRTUOSO is set")
    directory = tmp_path_factory.mktemp("virtuoso")
    sql_port, http_port = free_port(), free_port()
    ini = configure_virtuoso(VIRTUOSO_INI.read_text(encoding="utf-8"), directory, sql_port,
                             http_port)
    (directory / "virtuoso.ini").write_text(ini, encoding="utf-8")
    process = subprocess.Popen([VIRTUOSO, "+foreground", "+configfile", "virtuoso.ini"],
                               cwd=directory, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    isql = [ISQL, f"{LOOPBACK}:{sql_port}", "dba", "dba"]
    try:
        endpoint = f"http://{LOOPBACK}:{http_port}/sparql"
        wait_until_up(endpoint + "?query=ASK%7B%7D", process, seconds=60)
        subprocess.run([*isql, "exec=grant SPARQL_UPDATE to \"SPARQL\";"], check=True,
                       capture_output=True, timeout=60)
        subprocess.run([*isql, "exec=DB.DBA.RDF_DEFAULT_USER_PERMS_SET('nobody', 7);"],
                       check=True, capture_output=True, timeout=60)
        yield endpoint
    finally:
        subprocess.run([*isql, "exec=shutdown;"], capture_output=True, timeout=60, check=False)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def configure_virtuoso(ini: str, directory: Path, sql_port: int, http_port: int) -> str:
    """The packaged virtuoso.ini, listening on loopback only, with its database in ``directory``."""
    out, section = [], ""
    for line in ini.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped
        key, sep, value = (part.strip() for part in line.partition("="))
        if sep and key == "ServerPort":
            port = http_port if section == "[HTTPServer]" else sql_port
            line = f"ServerPort = {LOOPBACK}:{port}"
        elif sep and key in VIRTUOSO_FILES:
            line = f"{key} = {directory / Path(value).name}"
        out.append(line)
    return "\n".join(out) + "\n"


VIRTUOSO_FILES = {"DatabaseFile", "ErrorLogFile", "LockFile", "TransactionFile",
                  "xa_persistent_file"}


@pytest.mark.parametrize("graph", ["small", "seed"])
def test_virtuoso_push_and_compare(virtuoso, graph, request):
    store_dir = request.getfixturevalue("small_store_dir" if graph == "small" else "built_store")
    report = push(open_store(store_dir), virtuoso, graph_store=virtuoso + "-graph-crud")
    assert report.ok, report.summary()
    local = q.LocalTarget(open_store(store_dir))
    remote = q.RemoteTarget(virtuoso, timeout=60)
    for name, nq in QUERIES.items():
        here, there = q.run(local, nq), q.run(remote, nq)
        assert values(here) == values(there), name


def values(result: q.Result) -> list[tuple[str, ...]]:
    """Rows compared by value: Virtuoso types counts as xsd:int and booleans as 0/1."""
    return sorted(tuple(normal(t) for t in row) for row in result.tuples())


NUMERIC = {q.XSD + name for name in ("integer", "int", "long", "decimal", "double", "float")}


def normal(term) -> str:
    if term is None:
        return ""
    if isinstance(term, ox.Literal):
        if term.datatype.value == q.XSD + "boolean":
            return str(term.value in ("1", "true"))
        if term.datatype.value in NUMERIC:
            return str(Decimal(term.value).normalize())
    return term.value


# ------------------------------------------------------------------ push faults, real Oxigraph

def _dump(server: Oxigraph) -> dict[str, set[str]]:
    """Every named graph on the server, as sets of N-Triples lines."""
    request = urllib.request.Request(server.store, headers={"Accept": "application/n-quads"})
    with urllib.request.urlopen(request, timeout=30) as response:
        quads = ox.parse(response.read(), format=ox.RdfFormat.N_QUADS)
    graphs: dict[str, set[str]] = {}
    for quad in quads:
        if isinstance(quad.graph_name, ox.NamedNode):
            graphs.setdefault(quad.graph_name.value, set()).add(str(quad.triple))
    return graphs


def _previous_state(server: Oxigraph, store) -> dict[str, set[str]]:
    """The store's graphs pushed, plus one extra triple in each: what a stale server holds."""
    clear(server)
    assert push(store, server.query, graph_store=server.store).ok
    extra = " ;\n".join(f'INSERT DATA {{ GRAPH <{g}> {{ <urn:old> <urn:p> "old" }} }}'
                        for g in named_graphs(store))
    request = urllib.request.Request(
        server.update, data=urllib.parse.urlencode({"update": extra}).encode(), method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=30):
        pass
    return _dump(server)


@pytest.mark.parametrize("gsp", [False, True], ids=["update", "graph-store"])
@pytest.mark.parametrize("how", [rs.status(500), rs.close_midway], ids=["500", "closed"])
@pytest.mark.parametrize("n", [1, 4, 6, 9])
def test_push_through_a_failing_proxy_never_loses_oxigraph_data(oxigraph, small_store_dir, gsp,
                                                                how, n):
    store = open_store(small_store_dir)
    before = _previous_state(oxigraph, store)
    proxy = rs.Proxy(oxigraph.base)
    proxy.fault = rs.fail_nth(n, how)
    with rs.loopback(proxy) as loop:
        report = push(store, loop.url("/query"), update=loop.url("/update"),
                      graph_store=loop.url("/store") if gsp else None, timeout=10)
    after = _dump(oxigraph)
    assert not [g for g in after if "staging" in g], report.summary()
    for item in report.graphs:
        local = {str(t.triple) for t in store.quads_for_pattern(
            None, None, None, ox.NamedNode(item.graph))}
        if item.state == "replaced":
            assert after[item.graph] == local, item.line()
        else:
            assert item.state == "kept", item.line()
            assert after[item.graph] == before[item.graph], item.line()
    assert report.ok == (report.error is None)
