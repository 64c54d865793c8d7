"""The served pages in a real browser (the system Chromium through Playwright): the query page
runs a named query in YASGUI, a concept's page shows its labels in rendered CJK, and its links
lead to other pages. Screenshots go to tests-artefacts/screenshots/ (or $RITEGRAPH_ARTEFACTS).

The assertions are about what a reader sees (labels, rows, links that work), not about the
markup, so that they hold as the pages get richer."""

from __future__ import annotations

import json
import re

import pytest

from ritegraph import query as q

from .browser_support import (
    assert_cjk_renders,
    external_requests,
    fontconfig_without_cjk,
    launch,
    resource_links,
    screenshot,
)

NAMED = "roles-per-rite"
RG = "https://w3id.org/ritegraph/"


def endpoint_rows(server, text: str) -> list[dict[str, str]]:
    answer = server.sparql(text)
    assert answer.status == 200, answer.text
    return [{k: v["value"] for k, v in b.items()}
            for b in json.loads(answer.body)["results"]["bindings"]]


def test_the_query_page_lists_the_named_queries_and_runs_one(page, page_errors,
                                                             browser_server):
    page.goto("/query")
    listed = page.locator("body").inner_text()
    for name, named in q.catalogue().items():
        assert name in listed and named.summary in listed, name

    page.get_by_role("button", name=re.compile(rf"^{NAMED}\b")).click()
    tab = page.locator(".tabPanel.active")
    assert NAMED in page.locator(".tabsList .tab.active").inner_text()
    tab.locator(".yasqe_queryButton").click()
    rows = tab.locator(".yasr table tbody tr")
    rows.first.wait_for()

    expected = endpoint_rows(browser_server, q.catalogue()[NAMED].text)
    assert len(expected) > 10
    assert f"{len(expected)} results" in tab.locator(".yasr").inner_text()
    shown = rows.all_inner_texts()
    assert 10 <= len(shown) <= len(expected)
    for text, row in zip(shown, expected, strict=False):  # the first page of the table
        assert row["rite"] in text and row["role"] in text, (text, row)
    assert any(f"{RG}rite/" in t and f"{RG}role/bin" in t for t in shown)
    screenshot(page, f"query-{NAMED}")
    assert page_errors == []
    assert external_requests(page) == []


def test_a_concepts_page_shows_its_labels_in_rendered_cjk(page, page_errors):
    answer = page.goto("/role/bin")  # the browser's own Accept header
    assert answer is not None and answer.status == 200
    assert answer.headers["content-type"].startswith("text/html")
    heading = page.locator("h1")
    assert heading.inner_text().strip() == "宾"
    assert "宾" in page.title()
    for label in ("賓", "guest of honour"):  # its traditional and English labels
        assert page.get_by_text(label, exact=False).first.is_visible(), label
    assert_cjk_renders(heading)
    assert_cjk_renders(page)
    screenshot(page, "role-bin")
    assert page_errors == []


def test_a_link_from_a_concepts_page_leads_to_a_page_with_a_title(page, page_errors):
    page.goto("/role/bin")
    links = resource_links(page)
    assert links, "no link to another resource on /role/bin"
    # Any link will do; one outside the (very long) ontology document keeps the test quick.
    href, _text = next((link for link in links if not link[0].startswith("/ontology")),
                       links[0])
    with page.expect_navigation() as navigation:
        page.locator(f'a[href="{href}"]').first.click()
    answer = navigation.value
    assert answer is not None and answer.status == 200, (href, answer)
    assert page.url.split("#")[0].endswith(href.split("#")[0])
    assert page.title().strip() and page.locator("h1").first.inner_text().strip()
    screenshot(page, "role-bin-link")
    assert page_errors == []


TOFU_PAGE = ('<html lang="zh-Hans"><body style="font-family: system-ui, \'Noto Sans CJK SC\', '
             'sans-serif"><h1>宾主燕礼</h1></body></html>')


def test_the_cjk_check_fails_when_no_cjk_font_is_available(playwright_session, tmp_path):
    """The negative control: a Chromium whose fontconfig rejects the CJK fonts draws boxes,
    and the check says so (it would pass vacuously were it measuring nothing)."""
    browser = launch(playwright_session, env=fontconfig_without_cjk(tmp_path))
    try:
        tofu = browser.new_page()
        tofu.set_content(TOFU_PAGE)
        with pytest.raises(AssertionError, match=r"tofu|drawn alike|full-width"):
            assert_cjk_renders(tofu.locator("h1"))
    finally:
        browser.close()


def test_the_cjk_check_passes_with_the_system_fonts(page):
    page.set_content(TOFU_PAGE)
    found = assert_cjk_renders(page.locator("h1"))
    assert len(found["glyphs"]) == 4


def test_from_a_rite_to_a_section_to_a_step(page, page_errors, built_store):
    page.goto("/rite/yanli")
    assert page.locator("h1").inner_text() == "燕礼"
    assert_cjk_renders(page.locator("h1"))
    screenshot(page, "rite-yanli")
    section = page.locator("table.sections a").first
    title = section.inner_text()
    section.click()
    page.wait_for_url("**/section/**")
    assert page.locator("h1").inner_text() == title
    first = page.locator("table.steps tr").nth(1)
    quote = first.locator("td").last.inner_text()
    screenshot(page, "section")
    first.locator("td a").first.click()
    page.wait_for_url("**/act/**")
    assert page.locator("mark").inner_text() in quote  # the step's quote, marked in its passage
    assert_cjk_renders(page.locator("mark"))
    screenshot(page, "step")
    assert page_errors == []


def test_from_a_concept_to_a_passage_that_mentions_it(page, page_errors):
    page.goto("/object/zhi")
    usage = page.locator("table.usage").inner_text()
    assert "燕礼" in usage
    mention = page.locator("ul.mentions a").first
    quote = mention.inner_text()
    mention.click()
    page.wait_for_url("**/text/**")
    linked = [a.inner_text() for a in page.locator("a.m").all()
              if a.get_attribute("href").endswith("/object/zhi")]
    assert quote in linked  # the mention is highlighted and links back to its concept
    assert_cjk_renders(page.locator("p.text"))
    screenshot(page, "passage")
    assert page_errors == []


def test_the_search_box_finds_a_concept_by_its_traditional_form(page, page_errors):
    page.goto("/")
    page.fill("input[name=q]", "賓")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=**")
    page.locator("table.found a", has_text="宾").first.click()
    page.wait_for_url("**/role/bin")
    assert page.locator("h1").inner_text() == "宾"
    screenshot(page, "search-then-concept")
    assert page_errors == []


def test_the_check_report_page(page, page_errors):
    page.goto("/check?rite=yanli")
    assert "燕礼" in page.locator("body").inner_text()
    screenshot(page, "check-yanli")
    assert page_errors == []
