"""``ritegraph serve`` over real HTTP: the SPARQL protocol, formats, read-only rules, the
deadline and row cap, CORS, the query page, and dereferencing with content negotiation."""

from __future__ import annotations

import csv
import http.server
import io
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pyoxigraph as ox
import pytest
import rdflib
from rdflib.compare import isomorphic
from rdflib.namespace import SKOS

from ritegraph import query as q
from ritegraph.cli import main
from ritegraph.serve.conneg import GRAPHS, RESULTS, negotiate
from ritegraph.serve.worker import Refused, check_query
from ritegraph.store import open_store

from .serve_support import Server, running

RG = "https://w3id.org/ritegraph/"
ROLES = """PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?role ?label WHERE {
  ?role a rg:RitualRole ; skos:prefLabel ?label FILTER(LANG(?label) = "zh-hans")
} ORDER BY ?role"""
ROLE_TRIPLES = f"CONSTRUCT WHERE {{ ?role a <{RG}ontology#RitualRole> ; ?p ?o }}"
FOREVER = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


@pytest.fixture(scope="module")
def server(built_store: Path) -> Iterator[Server]:
    with running(built_store, "--timeout", "60", "--workers", "2") as s:
        yield s


@pytest.fixture(scope="module")
def strict(built_store: Path) -> Iterator[Server]:
    """A short deadline and a row cap of 5."""
    with running(built_store, "--timeout", "2", "--max-rows", "5", "--workers", "2") as s:
        yield s


@pytest.fixture(scope="module")
def local(built_store: Path) -> q.LocalTarget:
    return q.LocalTarget(open_store(built_store))


def rows_of_json(body: bytes) -> list[tuple[str, ...]]:
    result = q.result_from_json(json.loads(body))
    return [tuple(str(t) for t in row) for row in result.tuples()]


def local_rows(local: q.LocalTarget, text: str) -> list[tuple[str, ...]]:
    return [tuple(str(t) for t in row) for row in local.select(text).tuples()]


# ------------------------------------------------------------------ units (no server)


def test_negotiation_follows_q_values_and_specificity():
    assert negotiate(None, RESULTS).media_type == "application/sparql-results+json"
    assert negotiate("text/csv;q=0.5, text/tab-separated-values", RESULTS).suffix == ".tsv"
    assert negotiate("text/*;q=0.9, text/csv;q=0.1", RESULTS).media_type == \
        "text/tab-separated-values"
    assert negotiate("application/json", GRAPHS).media_type == "application/ld+json"
    assert negotiate("image/png", RESULTS) is None


@pytest.mark.parametrize("text", [
    "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
    "select * where { optional { service silent ?endpoint { ?s ?p ?o } } }",
    "SELECT * WHERE { { SELECT ?s WHERE { SERVICE <http://x/> { ?s ?p ?o } } } }",
])
def test_service_is_found_by_parsing(text):
    with pytest.raises(Refused, match="SERVICE is not allowed") as info:
        check_query(text)
    assert info.value.status == 400


@pytest.mark.parametrize("text", [
    'SELECT * WHERE { ?s ?p "SERVICE <http://x/> { ?a ?b ?c }" }',
    "SELECT * WHERE { ?s ?p ?o } # SERVICE <http://x/> { ?s ?p ?o }",
    "PREFIX service: <http://x/> SELECT ?service WHERE { ?service service:p ?o }",
    'SELECT * WHERE { ?s ?p """a\nSERVICE <http://x/> { }""" }',
])
def test_the_word_service_in_strings_comments_and_names_is_not_a_service_call(text):
    check_query(text)


def test_updates_are_recognised_by_parsing():
    with pytest.raises(Refused) as info:
        check_query("INSERT DATA { <http://x/a> <http://x/b> <http://x/c> }")
    assert info.value.status == 403


def test_no_store_is_a_usage_error_naming_the_build(tmp_path, capsys):
    assert main(["serve", "--store", str(tmp_path / "none"), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "ritegraph build" in err and "Traceback" not in err


def test_bad_options_are_usage_errors(built_store, capsys):
    assert main(["serve", "--store", str(built_store), "--timeout", "0"]) == 2
    assert "--timeout" in capsys.readouterr().err


# ------------------------------------------------------------------ the protocol


@pytest.mark.parametrize("method", ["GET", "form", "direct"])
def test_the_three_protocol_forms_answer_like_the_local_store(server, local, method):
    answer = server.sparql(ROLES, method=method)
    assert answer.status == 200, answer.text
    assert answer.media_type == "application/sparql-results+json"
    rows = rows_of_json(answer.body)
    assert rows == local_rows(local, ROLES)
    assert (f"<{RG}role/bin>", '"宾"@zh-hans') in rows


def parse_results(body: bytes, fmt: str) -> list[tuple[str, ...]]:
    if fmt == "text/csv":  # CSV has no term types: compare values
        reader = csv.reader(io.StringIO(body.decode("utf-8")))
        next(reader)
        return [tuple(row) for row in reader]
    kind = {"application/sparql-results+xml": ox.QueryResultsFormat.XML,
            "text/tab-separated-values": ox.QueryResultsFormat.TSV,
            "application/sparql-results+json": ox.QueryResultsFormat.JSON}[fmt]
    solutions = ox.parse_query_results(body, kind)
    names = [v.value for v in solutions.variables]
    return [tuple(str(s[n]) for n in names) for s in solutions]


@pytest.mark.parametrize("fmt", [f.media_type for f in RESULTS])
def test_select_results_in_each_format_parse_back_to_the_local_rows(server, local, fmt):
    answer = server.sparql(ROLES, accept=fmt)
    assert answer.status == 200 and answer.media_type == fmt
    expected = local_rows(local, ROLES)
    if fmt == "text/csv":
        expected = [tuple(t.value for t in row) for row in local.select(ROLES).tuples()]
    assert parse_results(answer.body, fmt) == expected
    assert len(expected) > 10


def test_ask_in_json_and_xml(server):
    yes = server.sparql(f"ASK {{ <{RG}role/bin> ?p ?o }}", method="form")
    no = server.sparql(f"ASK {{ <{RG}role/no-such-role> ?p ?o }}",
                       accept="application/sparql-results+xml")
    assert json.loads(yes.body) == {"head": {}, "boolean": True}
    assert bool(ox.parse_query_results(no.body, ox.QueryResultsFormat.XML)) is False


@pytest.mark.parametrize(("fmt", "rdflib_format"), [
    ("text/turtle", "turtle"), ("application/n-triples", "nt"), ("application/ld+json", "json-ld")])
def test_construct_in_each_format_parses_to_the_local_triples(server, local, fmt,
                                                                rdflib_format):
    answer = server.sparql(ROLE_TRIPLES, accept=fmt, method="direct")
    assert answer.status == 200 and answer.media_type == fmt
    graph = rdflib.Graph().parse(data=answer.body, format=rdflib_format)
    expected = list(local.store.query(ROLE_TRIPLES, use_default_graph_as_union=True))
    assert len(graph) == len(set(expected)) > 100
    assert (rdflib.URIRef(RG + "role/bin"), SKOS.prefLabel,
            rdflib.Literal("宾", lang="zh-hans")) in graph


def test_updates_are_refused(server, local):
    before = len(local.store)
    update = f"INSERT DATA {{ <{RG}x> <{RG}y> <{RG}z> }}"
    forms = [
        server.request("sparql", data=f"update={update}".encode(),
                       headers={"Content-Type": "application/x-www-form-urlencoded"}),
        server.request("sparql", data=update.encode(),
                       headers={"Content-Type": "application/sparql-update"}),
        server.sparql("DROP ALL", method="form"),
    ]
    for answer in forms:
        assert answer.status == 403, answer.text
        assert "read-only" in answer.text
    assert len(local.store) == before


class Recorder(http.server.BaseHTTPRequestHandler):
    calls: ClassVar[list[str]] = []

    def do_GET(self):
        Recorder.calls.append(self.path)
        self.send_response(200)
        self.end_headers()

    do_POST = do_GET

    def log_message(self, *args):
        pass


def test_service_is_refused_and_never_called(server):
    listener = http.server.HTTPServer(("127.0.0.1", 0), Recorder)
    threading.Thread(target=listener.serve_forever, daemon=True).start()
    try:
        there = f"http://127.0.0.1:{listener.server_address[1]}/sparql"
        answer = server.sparql(f"SELECT * WHERE {{ SERVICE <{there}> {{ ?s ?p ?o }} }}")
        quoted = server.sparql(f'SELECT ?s WHERE {{ ?s ?p "SERVICE <{there}> {{ }}" }} '
                               f"# SERVICE <{there}> {{ ?s ?p ?o }}")
    finally:
        listener.shutdown()
    assert answer.status == 400 and "SERVICE is not allowed" in answer.text
    assert quoted.status == 200, quoted.text
    assert Recorder.calls == []


def test_a_malformed_query_is_a_400_with_the_parsers_message(server):
    answer = server.sparql("SELECT ?s WHERE { ?s ?p }", method="form")
    assert answer.status == 400
    assert "does not parse" in answer.text and "1:" in answer.text


def test_an_unacceptable_format_is_a_406_naming_the_formats(server):
    answer = server.sparql(ROLES, accept="image/png")
    assert answer.status == 406 and "text/csv" in answer.text


def test_the_deadline_and_row_cap_are_on_every_answer(strict):
    for answer in (strict.sparql(ROLES), strict.sparql("SELECT ?s WHERE {"),
                   strict.sparql("DROP ALL", method="form"), strict.get("role/bin")):
        assert answer.headers["X-Ritegraph-Deadline"] == "2"
        assert answer.headers["X-Ritegraph-Row-Cap"] == "5"


def test_the_row_cap_cuts_selects_and_constructs_and_says_so(strict, local):
    capped = strict.sparql(ROLES)
    assert len(local_rows(local, ROLES)) > 5
    assert rows_of_json(capped.body) == local_rows(local, ROLES)[:5]
    assert capped.headers["X-Ritegraph-Truncated"] == "true"
    few = strict.sparql(ROLES.replace("ORDER BY ?role", "ORDER BY ?role LIMIT 3"))
    assert len(rows_of_json(few.body)) == 3 and few.headers["X-Ritegraph-Truncated"] == "false"
    graph = strict.sparql(ROLE_TRIPLES, accept="application/n-triples")
    assert len(graph.text.strip().splitlines()) == 5
    assert graph.headers["X-Ritegraph-Truncated"] == "true"


def worker_pids(server: Server) -> set[int]:
    children = set()
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        children |= {int(p) for p in (task / "children").read_text().split()}
    return {p for p in children
            if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()}


@pytest.mark.slow
def test_a_query_past_the_deadline_is_stopped_while_others_are_answered(strict):
    before = worker_pids(strict)
    slow: list = []
    runner = threading.Thread(target=lambda: slow.append(strict.sparql(FOREVER)))
    start = time.monotonic()
    runner.start()
    time.sleep(0.5)
    quick = [strict.sparql(f"ASK {{ <{RG}role/bin> ?p ?o }}") for _ in range(3)]
    assert runner.is_alive(), "the long query should still be running"
    assert all(a.status == 200 and json.loads(a.body)["boolean"] for a in quick)
    runner.join(30)
    elapsed = time.monotonic() - start
    (answer,) = slow
    assert answer.status == 503
    assert "stopped at the deadline of 2 s" in answer.text
    assert 2 <= elapsed < 10
    deadline = time.monotonic() + 30
    while len(worker_pids(strict)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    after = worker_pids(strict)
    assert len(after) == 2 and len(before - after) == 1, (before, after)  # one was killed
    assert strict.sparql(ROLES).status == 200


def test_cors_headers_for_browsers(server):
    simple = server.request("sparql?query=ASK%7B%7D", headers={"Origin": "https://example.org"})
    assert simple.headers["Access-Control-Allow-Origin"] == "*"
    assert "X-Ritegraph-Truncated" in simple.headers["Access-Control-Expose-Headers"]
    preflight = server.request("sparql", method="OPTIONS", headers={
        "Origin": "https://example.org", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert preflight.status == 200
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]


def test_sparql_without_a_query(server):
    browser = server.get("sparql", accept="text/html")
    assert browser.status == 303 and browser.headers["Location"].endswith("/query")
    machine = server.get("sparql", accept="text/turtle")
    graph = rdflib.Graph().parse(data=machine.body, format="turtle")
    sd = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")
    assert (None, sd.endpoint, rdflib.URIRef(server.url + "sparql")) in graph


# ------------------------------------------------------------------ the query page


def test_the_query_page_offers_every_named_query_on_the_endpoint(server):
    page = server.get("query")
    assert page.status == 200 and page.media_type == "text/html"
    start = page.text.index('id="named-queries">') + len('id="named-queries">')
    offered = json.loads(page.text[start:page.text.index("</script>", start)])
    assert [o["name"] for o in offered] == list(q.catalogue())
    assert offered[0]["text"] == next(iter(q.catalogue().values())).text
    assert json.dumps(server.url + "sparql") in page.text
    script = server.get("static/yasgui/yasgui.min.js")
    assert script.status == 200 and "javascript" in script.media_type
    assert len(script.body) > 500_000 and b"Yasgui" in script.body
    assert server.get("static/yasgui/yasgui.min.css").status == 200


# ------------------------------------------------------------------ dereferencing


def test_role_bin_in_turtle_has_the_concepts_labels(server):
    answer = server.get("role/bin", accept="text/turtle")
    assert answer.status == 200 and answer.media_type == "text/turtle"
    assert "Accept" in answer.headers["Vary"]
    assert answer.headers["Content-Location"] == "/role/bin.ttl"
    graph = rdflib.Graph().parse(data=answer.body, format="turtle")
    bin_ = rdflib.URIRef(RG + "role/bin")
    labels = set(graph.objects(bin_, SKOS.prefLabel))
    assert {rdflib.Literal("宾", lang="zh-hans"), rdflib.Literal("賓", lang="zh-hant")} <= labels
    scheme = rdflib.URIRef(RG + "scheme/role")
    assert (bin_, SKOS.inScheme, scheme) in graph
    assert any(graph.objects(scheme, None)), "the labels of what it links to"


@pytest.mark.parametrize(("accept", "rdflib_format", "suffix"), [
    ("application/ld+json", "json-ld", ".jsonld"), ("application/n-triples", "nt", ".nt")])
def test_role_bin_in_json_ld_and_n_triples_is_the_same_graph(server, accept, rdflib_format,
                                                              suffix):
    turtle = rdflib.Graph().parse(data=server.get("role/bin.ttl").body, format="turtle")
    answer = server.get("role/bin", accept=accept)
    assert answer.media_type == accept and answer.headers["Content-Location"] == \
        "/role/bin" + suffix
    graph = rdflib.Graph().parse(data=answer.body, format=rdflib_format)
    assert isomorphic(graph, turtle) and len(graph) > 10
    assert server.get("role/bin" + suffix).body == answer.body


def test_a_format_url_answers_in_its_format_whatever_the_accept(server):
    answer = server.get("role/bin.nt", accept="text/html")
    assert answer.media_type == "application/n-triples"
    assert "Accept" not in (answer.headers.get("Vary") or "")


def test_the_html_fallback_links_locally_and_shows_the_labels(server):
    answer = server.get("role/bin", accept="text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
    assert answer.status == 200 and answer.media_type == "text/html"
    page = answer.text
    assert "<h1>宾</h1>" in page and "賓" in page and "guest of honour" in page
    assert f"{RG}role/bin" in page  # the persistent IRI is shown
    assert 'href="/scheme/role"' in page  # links go to the local server
    assert answer.headers["Content-Location"] == "/role/bin.html"


def test_a_step_has_its_evidence_annotation_with_target_and_selectors(server, local):
    (step,) = local.select(f"SELECT ?s WHERE {{ ?s a <{RG}ontology#Step> }} LIMIT 1").tuples()
    path = step[0].value.removeprefix(RG)
    graph = rdflib.Graph().parse(data=server.get(path, accept="text/turtle").body,
                                 format="turtle")
    oa = rdflib.Namespace("http://www.w3.org/ns/oa#")
    annotation = rdflib.URIRef(step[0].value + "#evidence")
    assert (annotation, oa.hasBody, rdflib.URIRef(step[0].value)) in graph
    target = graph.value(annotation, oa.hasTarget)
    selectors = set(graph.objects(target, oa.hasSelector))
    assert len(selectors) == 2
    exact = [graph.value(s, oa.exact) for s in selectors if graph.value(s, oa.exact)]
    start = [graph.value(s, oa.start) for s in selectors if graph.value(s, oa.start) is not None]
    assert exact and start and int(start[0].toPython()) >= 0
    hash_doc = server.get(path + "#evidence", accept="text/turtle")  # fragments stay client-side
    assert hash_doc.body == server.get(path, accept="text/turtle").body


def test_the_ontology_document_holds_its_terms(server):
    graph = rdflib.Graph().parse(data=server.get("ontology", accept="text/turtle").body,
                                 format="turtle")
    step = rdflib.URIRef(RG + "ontology#Step")
    assert (step, rdflib.RDFS.label, rdflib.Literal("仪节", lang="zh-hans")) in graph


def test_a_named_graph_is_described_by_the_dataset_subset_naming_it(server):
    answer = server.get("graph/corpus", accept="application/n-triples")
    graph = rdflib.Graph().parse(data=answer.body, format="nt")
    void = rdflib.Namespace("http://rdfs.org/ns/void#")
    sd = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")
    subset = graph.value(None, sd.name, rdflib.URIRef(RG + "graph/corpus"))
    assert int(graph.value(subset, void.triples)) > 0
    assert "void:triples" in server.get("graph/corpus.html").text


def test_unknown_iris_are_404_and_unacceptable_types_406(server):
    assert server.get("role/no-such-role", accept="text/turtle").status == 404
    assert server.get("no/such/thing.ttl").status == 404
    assert server.get("role/bin", accept="image/png").status == 406
