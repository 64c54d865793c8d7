"""Regression tests of issue 15, remote half, on real loopback servers: credentials never cross
origins, whole-request deadlines, push that never loses remote data, bounded local queries."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph import query as q
from ritegraph.cli import main
from ritegraph.errors import RemoteError
from ritegraph.push import KEPT, REPLACED, UNKNOWN, push
from ritegraph.remote import Client
from ritegraph.store import named_graphs, open_store

from . import remote_support as rs

REPO = Path(__file__).resolve().parents[1]
USER, PASSWORD = "alice", "s3cret-pw"


@pytest.fixture
def credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(q.ENV_USER, USER)
    monkeypatch.setenv(q.ENV_PASSWORD, PASSWORD)


# ------------------------------------------------------------------ redirects and credentials

def test_query_redirect_to_another_port_never_gets_credentials(credentials, capsys):
    with rs.loopback(rs.ok_json) as second, \
            rs.loopback(rs.redirect_to(second.url("/steal"))) as first:
        assert main(["query", "--sparql", "ASK {}", "--endpoint", first.url()]) == 2
        err = capsys.readouterr().err
        assert f"redirected (HTTP 302) to {second.url('/steal')}, another origin" in err
        assert PASSWORD not in err and USER not in err
        assert second.seen == []  # not contacted at all
        assert first.seen[0].headers["Authorization"].startswith("Basic ")


def test_push_verification_query_never_follows_credentials_elsewhere(credentials,
                                                                     small_store_dir):
    with rs.loopback(rs.ok_json) as second, \
            rs.loopback(rs.redirect_to(second.url("/steal"), 307)) as first:
        report = push(open_store(small_store_dir), first.url(), timeout=5)
        assert not report.ok and "another origin" in report.error
        assert second.seen == []
        assert {g.state for g in report.graphs} == {KEPT}


def test_same_origin_redirect_keeps_credentials_and_post_body(credentials):
    def handle(request, seen) -> None:
        if seen.path == "/old":
            rs.answer(request, 307, headers={"Location": "/new"})
        else:
            rs.answer(request, 200, seen.body, rs.JSON_RESULTS)
    with rs.loopback(handle) as server:
        answer = Client(5, (USER, PASSWORD)).request("POST", server.url("/old"), b"query=x")
        assert answer.status == 200 and answer.body == b"query=x"
        assert [s.path for s in server.seen] == ["/old", "/new"]
        assert all(s.headers["Authorization"].startswith("Basic ") for s in server.seen)


def test_without_credentials_cross_origin_redirects_are_followed():
    with rs.loopback(rs.ok_json) as second, \
            rs.loopback(rs.redirect_to(second.url("/moved"), 301)) as first:
        assert q.RemoteTarget(first.url(), auth=None).select("ASK {}").boolean is True
        assert [s.path.split("?")[0] for s in second.seen] == ["/moved"]


def test_post_redirected_by_302_is_refused_not_turned_into_get():
    with rs.loopback(rs.redirect_to("/elsewhere", 302)) as server, \
            pytest.raises(RemoteError, match=r"a POST is only followed on 307/308"):
        Client(5).request("POST", server.url(), b"update=DROP+ALL")


def test_digest_credentials_answer_the_challenge_of_the_same_origin_only():
    def handle(request, seen) -> None:
        if seen.headers.get("Authorization", "").startswith("Digest "):
            rs.answer(request, 200, rs.ASK_TRUE, rs.JSON_RESULTS)
        else:
            rs.answer(request, 401, b"", headers={
                "WWW-Authenticate": 'Digest realm="r", nonce="abc", qop="auth"'})
    with rs.loopback(handle) as server:
        target = q.RemoteTarget(server.url(), auth=(USER, PASSWORD), auth_scheme="digest")
        assert target.select("ASK {}").boolean is True
        first, second = server.seen
        assert "Authorization" not in first.headers
        assert f'username="{USER}"' in second.headers["Authorization"]
        assert PASSWORD not in second.headers["Authorization"]


# ------------------------------------------------------------------ deadlines

@pytest.mark.parametrize("in_headers", [False, True], ids=["body", "headers"])
def test_dribbling_server_is_cut_at_the_whole_request_deadline(in_headers):
    with rs.loopback(rs.dribble(0.3, in_headers=in_headers)) as server:
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "ritegraph.cli", "query", "--sparql", "ASK {}",
             "--endpoint", server.url(), "--timeout", "2"], capture_output=True, text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
        elapsed = time.monotonic() - started
    assert done.returncode == 2, done.stderr
    assert "timed out after 2 s" in done.stderr and "Traceback" not in done.stderr
    assert elapsed < 10  # a generous functional bound: the old per-read timeout took ~30 s


def test_push_requests_have_a_deadline_too(small_store_dir):
    with rs.loopback(rs.stall(5)) as server:
        started = time.monotonic()
        report = push(open_store(small_store_dir), server.url(), timeout=0.5)
        assert time.monotonic() - started < 4
    assert "timed out after 0.5 s" in report.error


# ------------------------------------------------------------------ push staging

def _old_server() -> rs.Sparql:
    server = rs.Sparql()
    for graph in ("corpus", "lexicon", "ontology", "xiangsheli", "yanli"):
        server.store.add(ox.Quad(ox.NamedNode("urn:old"), ox.NamedNode("urn:p"),
                                 ox.Literal("old"),
                                 ox.NamedNode(f"https://w3id.org/ritegraph/graph/{graph}")))
    return server


def _old_intact(server: rs.Sparql) -> bool:
    graphs = server.graphs()
    return len(graphs) == 5 and all([x.subject.value for x in quads] == ["urn:old"]
                                    for quads in graphs.values())


@pytest.mark.parametrize("n", range(1, 13))
@pytest.mark.parametrize("how", [rs.status(500), rs.garbage(b"<html>", "text/html"),
                                 rs.close_midway], ids=["500", "garbage", "closed"])
def test_update_push_failing_at_any_write_keeps_every_graph(small_store_dir, n, how):
    """Writes 1–10 fill the five staging graphs (DROP, INSERT each), 11 is the swap (MOVE);
    12 is past the end (the push succeeds)."""
    server = _old_server()
    server.fault = rs.fail_nth(n, how)
    with rs.loopback(server) as loop:
        report = push(open_store(small_store_dir), loop.url(), timeout=5)
    states = {g.graph: g.state for g in report.graphs}
    if report.ok:  # the fault fell after the last write
        assert set(states.values()) == {REPLACED}
        return
    assert set(states.values()) <= {KEPT, REPLACED}, report.summary()
    if set(states.values()) == {KEPT}:
        assert _old_intact(server), report.summary()
    assert not [g for g in server.graphs() if "staging" in g]


def test_update_push_swaps_every_graph_in_one_request(small_store_dir):
    server = _old_server()
    with rs.loopback(server) as loop:
        report = push(open_store(small_store_dir), loop.url(), timeout=5)
    assert report.ok, report.summary()
    store = open_store(small_store_dir)
    assert {g: len(qs) for g, qs in server.graphs().items()} == {
        g: len(list(store.quads_for_pattern(None, None, None, ox.NamedNode(g))))
        for g in named_graphs(store)}
    moves = [s for s in loop.seen if b"MOVE" in s.body]
    assert len(moves) == 1 and moves[0].body.count(b"MOVE") == 5


def test_a_swap_whose_answer_is_lost_is_reported_replaced(small_store_dir):
    server = _old_server()

    def lose_answer(request, seen, _n) -> bool:
        if b"MOVE" not in seen.body:
            return False
        server.store.update(dict(urllib.parse.parse_qsl(seen.body.decode()))["update"])
        rs.close_at_once(request, seen)
        return True
    server.fault = lose_answer
    with rs.loopback(server) as loop:
        report = push(open_store(small_store_dir), loop.url(), timeout=5)
    assert "connection was closed" in report.error
    assert {g.state for g in report.graphs} == {REPLACED}
    assert all(g.remote == g.local for g in report.graphs)


def test_graph_store_push_puts_final_graphs_only_after_every_staging(small_store_dir):
    server = _old_server()
    server.fault = rs.fail_nth(5, rs.status(500), methods=("PUT",))  # the 5th staging PUT
    with rs.loopback(server) as loop:
        report = push(open_store(small_store_dir), loop.url(), graph_store=loop.url("/store"),
                      timeout=5)
    assert {g.state for g in report.graphs} == {KEPT} and _old_intact(server)
    server.fault = rs.fail_nth(2, rs.status(500), methods=("PUT",))  # the 2nd final PUT
    server.fault = _after(5, server.fault)
    with rs.loopback(server) as loop:
        report = push(open_store(small_store_dir), loop.url(), graph_store=loop.url("/store"),
                      timeout=5)
    states = [g.state for g in report.graphs]
    assert states == [REPLACED, KEPT, KEPT, KEPT, KEPT], report.summary()
    assert report.graphs[0].ok and "HTTP 500" in report.error
    assert not [g for g in server.graphs() if "staging" in g]


def _after(skip: int, fault):
    """``fault``, counting only the PUTs after the first ``skip`` ones."""
    seen = {"n": 0}

    def wrapped(request, s, number) -> bool:
        if s.method != "PUT":
            return False
        seen["n"] += 1
        return seen["n"] > skip and fault(request, s, number)
    return wrapped


def test_a_graph_changed_by_someone_else_during_the_swap_is_reported_unknown(small_store_dir):
    server = _old_server()

    def fault(request, seen, _n) -> bool:
        if b"MOVE" in seen.body:  # someone else writes, then the swap fails
            server.store.add(ox.Quad(ox.NamedNode("urn:x"), ox.NamedNode("urn:p"),
                                     ox.Literal("x"),
                                     ox.NamedNode("https://w3id.org/ritegraph/graph/yanli")))
            rs.answer(request, 500, b"failed")
            return True
        return False
    server.fault = fault
    store = open_store(small_store_dir)
    with rs.loopback(server) as loop:
        report = push(store, loop.url(), timeout=5)
    states = {g.graph.rsplit("/", 1)[1]: g.state for g in report.graphs}
    assert states == {"corpus": KEPT, "lexicon": KEPT, "ontology": KEPT, "xiangsheli": KEPT,
                      "yanli": UNKNOWN}
    pushed = sum(1 for _ in store.quads_for_pattern(
        None, None, None, ox.NamedNode("https://w3id.org/ritegraph/graph/yanli")))
    assert f"state unknown: 2 triples on the server now (had 1, pushed {pushed})" in \
        report.summary()


def test_push_cli_reports_exactly(small_store_dir, capsys):
    server = _old_server()
    server.fault = rs.fail_nth(3, rs.status(500))
    with rs.loopback(server) as loop:
        assert main(["push", "--endpoint", loop.url(), "--store", str(small_store_dir)]) == 2
    err = capsys.readouterr().err
    assert "replaced and verified: none" in err
    assert "kept their previous state: https://w3id.org/ritegraph/graph/corpus, " in err
    assert "Traceback" not in err and _old_intact(server)


# ------------------------------------------------------------------ local queries

PATHOLOGICAL = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def _interrupt_by_default() -> None:
    """Ctrl-C as a terminal gives it: a run started in the background by a shell without job
    control (``nohup .ci/run &``) inherits SIGINT ignored, and Python then keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _query_process(store: Path, *extra: str) -> subprocess.Popen:
    """`ritegraph query` as the console command runs it (its query process forked first)."""
    return subprocess.Popen(
        [sys.executable, "-m", "ritegraph", "query", "--store", str(store), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)}, preexec_fn=_interrupt_by_default)


def test_local_query_deadline_stops_the_work(small_store_dir):
    started = time.monotonic()
    process = _query_process(small_store_dir, "--sparql", PATHOLOGICAL, "--timeout", "1")
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and "stopped at the deadline of 1 s" in err
    assert time.monotonic() - started < 10


def test_ctrl_c_stops_a_local_query_at_once(small_store_dir):
    process = _query_process(small_store_dir, "--sparql",
                             "SELECT (COUNT(DISTINCT ?x) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . "
                             "BIND(CONCAT(STR(?c), STR(?f)) AS ?x) }")
    time.sleep(2.0)
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert time.monotonic() - sent < 2  # the old code waited for the query (~6 s here)
    assert "Traceback" not in err


def test_local_queries_still_answer_through_the_query_process(small_store_dir, capsys):
    assert main(["query", "object-usage", "--format", "json", "--store",
                 str(small_store_dir)]) == 0
    rows = json.loads(capsys.readouterr().out)["results"]["bindings"]
    assert rows
    assert main(["query", "who-handles", "--param", "object=觯", "--store",
                 str(small_store_dir)]) == 0
    assert "司正" in capsys.readouterr().out
