"""The HTML pages of `ritegraph serve`, over HTTP, against what the read layer says."""

from __future__ import annotations

import urllib.parse
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ritegraph import open_graph
from ritegraph.vocab import BASE

from .serve_support import Server, running


class Page(HTMLParser):
    """Links, table rows per table class, and the text of each element class."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.rows: dict[str, list[list[str]]] = {}
        self.texts: dict[str, list[str]] = {}
        self._stack: list[tuple[str, dict]] = []
        self._link: list | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attributes = dict(attrs)
        if tag in ("br", "input", "meta", "link"):
            return
        self._stack.append((tag, attributes))
        if tag == "a":
            self._link = [attributes.get("href", ""), ""]
        if tag == "tr":
            table = next((a.get("class", "") for t, a in reversed(self._stack) if t == "table"), "")
            self.rows.setdefault(table, []).append([])
        if tag == "td" and self.rows:
            table = next((a.get("class", "") for t, a in reversed(self._stack) if t == "table"), "")
            self.rows[table][-1].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._link is not None:
            self.links.append((self._link[0], self._link[1]))
            self._link = None
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link[1] += data
        for tag, attributes in self._stack:
            for name in attributes.get("class", "").split():
                self.texts.setdefault(name, [""])[-1] += data
            if tag == "mark":
                self.texts.setdefault("mark", [""])[-1] += data
        if any(t == "td" for t, _ in self._stack):
            table = next((a.get("class", "") for t, a in reversed(self._stack) if t == "table"), "")
            if table in self.rows and self.rows[table] and self.rows[table][-1]:
                self.rows[table][-1][-1] += data


@pytest.fixture(scope="module")
def server(built_store: Path) -> Iterator[Server]:
    with running(built_store, "--timeout", "60", "--workers", "2") as s:
        yield s


@pytest.fixture(scope="module")
def graph(built_store: Path):
    return open_graph(built_store)


def page(server: Server, path: str) -> Page:
    answer = server.get(path, accept="text/html")
    assert answer.status == 200, (path, answer.text[:300])
    assert answer.media_type == "text/html"
    return Page(answer.text)


def local(iri: str) -> str:
    return "/" + iri.removeprefix(BASE)


def test_the_home_page_links_every_rite(server, graph):
    hrefs = {href for href, _ in page(server, "/").links}
    assert {local(r.iri) for r in graph.rites()} <= hrefs


def test_a_rite_page_lists_its_sections_with_links(server, graph):
    sections = graph.sections("yanli")
    shown = page(server, "/rite/yanli")
    assert len([row for row in shown.rows["sections"] if row]) == len(sections)  # one per file
    assert {local(s.iri) for s in sections} <= {href for href, _ in shown.links}


def test_a_section_page_has_one_row_per_step_with_its_quote(server, graph):
    section = next(s for s in graph.sections("yanli") if graph.steps(section=s.iri))
    steps = graph.steps(rite="yanli", section=section.iri)
    shown = page(server, local(section.iri))
    rows = shown.rows["steps"][1:]
    assert len(rows) == len(steps)
    assert Counter(row[-1][1:] for row in rows) == Counter(s.where.quote for s in steps)
    first = steps[0]
    agents = {graph.label(a) for a in first.values("agent")}
    assert any(agents <= set(row[1].split("、")) for row in rows)


def test_a_passage_page_links_each_mention_and_keeps_the_text(server, graph):
    mention = graph.mentions("觯", rite="yanli")[0]
    shown = page(server, local(mention.where.passage))
    text = "".join(shown.texts["text"])
    passage = next(p for p in graph.passages("yanli") if p.iri == mention.where.passage)
    assert text == passage.text
    assert (local(mention.concept), mention.where.quote) in shown.links


def test_a_concept_page_counts_its_mentions_per_rite(server, graph):
    shown = page(server, "/role/bin")
    counts = {row[0]: int(row[1].split()[-1]) for row in shown.rows["usage"][1:]}
    for rite in graph.rites():
        expected = len(graph.mentions("role/bin", rite=rite.slug))
        assert counts.get(rite.label, 0) == expected, rite.slug


def test_a_step_page_marks_its_quote_in_its_passage(server, graph):
    step = graph.steps(rite="yanli", role="宾", action="拜", layer="jing")[0]
    shown = page(server, local(step.iri))
    assert shown.texts["mark"] == [step.where.quote]
    assert any(graph.label(a) == text for a in step.values("agent") for _, text in shown.links)


@pytest.mark.parametrize("query", ["賓", "bin", "guest of honour"])
def test_search_finds_a_concept_by_any_label(server, query):
    shown = page(server, "/search?q=" + urllib.parse.quote(query))
    assert "/role/bin" in {href for href, _ in shown.links}


def test_the_check_report_is_served_with_local_links(server):
    answer = server.get("/check?rite=yanli", accept="text/html")
    assert answer.status == 200 and "燕礼" in answer.text
    assert 'href="https://w3id.org/ritegraph/' not in answer.text


def test_a_path_that_is_no_iri_is_not_found_not_an_error(server):
    for accept in ("text/html", "text/turtle"):
        answer = server.get("/text/a%3E%20%7D", accept=accept)
        assert answer.status == 404 and "not a ritegraph IRI" in answer.text


def test_a_concept_page_shows_every_label_of_the_concept(server, graph):
    shown = page(server, "/role/bin")
    written = "".join(shown.texts["alt"])  # the variant forms and the reading
    variants = [label for label, lang in graph.labels_of(graph.concept("role/bin").iri)
                if lang in ("zh", "zh-latn-pinyin")]
    assert variants and all(label in written for label in variants)


def test_a_rite_page_names_each_witness(server):
    shown = page(server, "/rite/yanli")
    assert any(href.startswith("/doc/") for href, _ in shown.links)
