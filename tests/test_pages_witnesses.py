"""The pages of `ritegraph serve` on a rite held in several witnesses (燕礼 in three): one entry
per rite step, with its witnesses, and counts as the named queries count, over HTTP."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph import open_graph
from ritegraph import query as q
from ritegraph.read.records import Section
from ritegraph.store import open_store
from ritegraph.vocab import BASE

from .serve_support import Server, running
from .test_pages import Page, local, page
from .witness_support import YANLI

PREFIXES = """PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX oa: <http://www.w3.org/ns/oa#>
"""


@pytest.fixture(scope="module")
def store(yanli) -> ox.Store:
    return open_store(yanli[1])


@pytest.fixture(scope="module")
def server(yanli) -> Iterator[Server]:
    with running(yanli[1], "--timeout", "60", "--workers", "1") as s:
        yield s


def section_titled(store_dir: Path, file: str, title: str) -> Section:
    return next(s for s in open_graph(store_dir).sections("yanli")
                if s.document == file and title in s.title)


def attestations(store: ox.Store, section: str) -> dict[str, dict[str, str]]:
    """The rite steps the section's acts belong to, each with its attestations' quotes."""
    found: dict[str, dict[str, str]] = {}
    for row in store.query(PREFIXES + f"""SELECT ?riteStep ?a ?quote WHERE {{
            ?act rg:inSection <{section}> ; rg:stepOf ?riteStep . ?riteStep rg:attestation ?a .
            ?e oa:hasBody ?a ; oa:hasTarget/oa:hasSelector/oa:exact ?quote }}""",
                           use_default_graph_as_union=True):
        found.setdefault(row["riteStep"].value, {})[row["a"].value] = row["quote"].value
    return found


def named(store: ox.Store, name: str) -> list[dict[str, str]]:
    result = q.run(q.LocalTarget(store, "燕礼"), q.catalogue()[name])
    return [{v: row[v].value for v in result.variables if v in row} for row in result.rows]


def step_links(shown) -> list[str]:
    """The rite step each row links its witness count to."""
    return [href for href, text in shown.links if href.startswith("/step/")
            and text.strip().isdigit()]


def test_a_section_in_three_witnesses_lists_each_rite_step_once_with_its_witnesses(
        server, store, yanli):
    section = section_titled(yanli[1], YANLI[1], "立司正")
    expected = attestations(store, section.iri)
    assert Counter(len(quotes) for quotes in expected.values())[3] > 0  # three witnesses state some
    shown = page(server, local(section.iri))
    rows = shown.rows["steps"][1:]
    linked = step_links(shown)
    assert len(rows) == len(expected) == len(linked) == len(set(linked))  # each step once
    assert {BASE + href.lstrip("/") for href in linked} == set(expected)
    for row, href in zip(rows, linked, strict=True):
        quotes = expected[BASE + href.lstrip("/")]
        count, *others = row[-2].split(" · ")
        assert int(count) == len(quotes) == 1 + len(others)  # the number, the other witnesses
        shown_quotes = [row[-1][1:]] + [o.split(" ", 1)[1] for o in others]
        assert Counter(shown_quotes) == Counter(quotes.values())


def steps_on_rite_page(html: str, section: str) -> int:
    """The steps figure of a section's row on the rite page."""
    match = re.search(rf'<a href="{re.escape(local(section))}">[^<]*</a></td><td>(\d+)</td>', html)
    assert match, section
    return int(match.group(1))


def test_the_reference_witness_s_section_counts_as_the_named_query_section_acts(
        server, store, yanli):
    section = section_titled(yanli[1], YANLI[1], "立司正")
    counted = {r["section"]: int(r["acts"]) for r in named(store, "section-acts")}
    shown = page(server, local(section.iri))
    assert len(shown.rows["steps"][1:]) == counted[section.iri] > 0


@pytest.mark.parametrize("file", YANLI)
def test_a_section_s_figure_on_the_rite_page_is_the_number_of_its_entries(server, yanli, file):
    section = section_titled(yanli[1], file, "立司正")
    html = server.get("/rite/yanli", accept="text/html").text
    entries = page(server, local(section.iri)).rows["steps"][1:]
    assert steps_on_rite_page(html, section.iri) == len(entries) > 0


def test_the_rite_page_counts_steps_as_rite_overview_does(server, store):
    overview = next(r for r in named(store, "rite-overview") if r["rite"].endswith("/yanli"))
    shown = page(server, "/rite/yanli")
    assert shown.texts["n-acts"] == [overview["acts"]]
    assert shown.texts["n-rite-steps"] == [overview["riteSteps"]]
    assert shown.texts["n-witness-acts"] == [overview["witnessActs"]]
    assert shown.texts["n-witnesses"] == ["3"]
    assert int(overview["acts"]) < int(overview["witnessActs"])  # not tripled by the editions


def test_another_witness_s_section_shows_the_representative_and_marks_its_own_act(
        server, store, yanli):
    section = section_titled(yanli[1], YANLI[2], "立司正")
    expected = attestations(store, section.iri)
    shown = page(server, local(section.iri))
    rows = shown.rows["steps"][1:]
    assert len(rows) == len(expected) > 0
    represented = {row["a"].value for row in store.query(PREFIXES + f"""SELECT ?a WHERE {{
        ?a rg:inSection <{section.iri}> . ?r rg:representative ?a }}""",
                                                       use_default_graph_as_union=True)}
    html = server.get(local(section.iri), accept="text/html").text
    assert len(rows) > len(represented)  # most of its steps are named by the reference witness
    assert html.count('class="attestation here"') == len(rows) - len(represented)
    assert sum("KR1d0026_006" in row[-2] for row in rows) == len(rows) - len(represented)


def test_with_witness_the_rite_page_counts_that_witness_s_acts_as_rite_overview_does(
        server, store):
    result = q.run(q.LocalTarget(store, "燕礼"), q.catalogue()["rite-overview"],
                   {q.WITNESS: "KR1d0026"})
    acts = next(row["acts"].value for row in result.rows if row["rite"].value.endswith("/yanli"))
    answer = server.get("/rite/yanli?witness=KR1d0026", accept="text/html")
    shown = Page(answer.text)
    assert shown.texts["n-acts"] == [acts]
    sections = {href for href, _ in shown.links if href.startswith("/section/")}
    assert sections and all(h.startswith("/section/KR1d0026_006/") for h in sections)
    assert 'href="/section/KR1d0026_006/1?witness=KR1d0026"' in answer.text  # links keep it


def test_with_witness_a_section_page_lists_that_witness_s_own_acts_and_quotes(
        server, store, yanli):
    section = section_titled(yanli[1], YANLI[2], "立司正")
    own = Counter(row["quote"].value for row in store.query(PREFIXES + f"""SELECT ?a ?quote
        WHERE {{ ?a rg:inSection <{section.iri}> ; a rg:Step .
                 ?e oa:hasBody ?a ; oa:hasTarget/oa:hasSelector/oa:exact ?quote }}""",
                                                            use_default_graph_as_union=True))
    shown = page(server, local(section.iri) + "?witness=KR1d0026")
    rows = shown.rows["steps"][1:]
    assert Counter(row[-1][1:] for row in rows) == own
    assert all("KR1d0038_006" in row[-2] for row in rows)  # the reference states each too
    other = page(server, local(section.iri) + "?witness=KR1d0038")  # another witness's section
    assert other.rows["steps"][1:] == []


def test_a_witness_no_file_name_contains_is_a_client_error_naming_the_files(server, yanli):
    section = section_titled(yanli[1], YANLI[1], "立司正")
    answer = server.get(local(section.iri) + "?witness=KR9z", accept="text/html")
    assert answer.status == 400
    assert "no witness 'KR9z'" in answer.text and "KR1d0038_006" in answer.text
