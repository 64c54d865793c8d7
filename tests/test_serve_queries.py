"""Every named query through ``ritegraph serve``'s ``/sparql`` answers as on the local store:
by SPARQLWrapper directly, and by ``ritegraph query --endpoint``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from SPARQLWrapper import GET, JSON, POST, SPARQLWrapper

from ritegraph import query as q
from ritegraph.cli import main
from ritegraph.store import open_store

from .serve_support import Server, running

pytestmark = pytest.mark.slow

QUERIES = q.catalogue()


@pytest.fixture(scope="module")
def server(built_store: Path) -> Iterator[Server]:
    with running(built_store, "--timeout", "120") as s:
        yield s


def rows(result: q.Result) -> list[tuple[str, ...]]:
    return [tuple("" if t is None else str(t) for t in row) for row in result.tuples()]


def test_sparqlwrapper_runs_every_named_query_with_the_local_results(server, built_store):
    local = q.LocalTarget(open_store(built_store))
    nonempty = 0
    for i, (name, nq) in enumerate(QUERIES.items()):
        text = q.bind_params(nq, {}, None)
        sw = SPARQLWrapper(server.url + "sparql")
        sw.setQuery(text)
        sw.queryType = q.query_form(text)  # its own guess reads "INSERT" etc. in comments
        sw.setReturnFormat(JSON)
        sw.setMethod(POST if i % 2 else GET)
        there = q.result_from_json(sw.queryAndConvert())
        here = local.select(text)
        assert there.variables == here.variables, name
        assert rows(there) == rows(here), name  # every named query orders its rows
        nonempty += bool(here.rows)
    assert nonempty >= len(QUERIES) - 2


@pytest.mark.parametrize("name", ["roles-per-rite", "who-handles", "term-passages"])
def test_ritegraph_query_endpoint_prints_what_the_local_query_prints(server, built_store,
                                                                     capsys, name):
    assert main(["query", name, "--format", "json", "--store", str(built_store)]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main(["query", name, "--format", "json", "--endpoint", server.url + "sparql"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert remote == local and local["results"]["bindings"]
    assert main(["query", name, "--endpoint", server.url + "sparql"]) == 0  # table, labels
    assert "rows)" in capsys.readouterr().out
