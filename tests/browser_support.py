"""Browser tests of the served pages: the system Chromium driven by Playwright (sync API).

``tests/conftest.py`` loads this module as a plugin, so a test module only imports the
helpers; the fixtures are found by name::

    from .browser_support import assert_cjk_renders, screenshot

    def test_something(page, page_errors):
        page.goto("/role/bin")            # relative to the server (the context's base_url)
        ...
        screenshot(page, "role-bin")
        assert_cjk_renders(page.locator("h1"))
        assert page_errors == []

- ``playwright_session`` (session): the Playwright (sync API) instance, to launch another
  browser with (``launch(playwright_session, env=…)``); only one may run per thread.
- ``chromium`` (session): the browser, launched headless from ``/usr/bin/chromium`` (or
  ``$RITEGRAPH_CHROMIUM``), never a downloaded one. Without it, or without the ``playwright``
  package, every test using these fixtures is skipped with the reason.
- ``browser_server`` (session): a real ``ritegraph serve`` on the seed store
  (``tests/serve_support.py``).
- ``page`` (per test): a page in a fresh browser context (its own cookies, storage and cache,
  so YASGUI's saved tabs never leak between tests), whose ``base_url`` is the server. Requests
  to anything but the server are aborted (the tests never touch the network) and listed in
  ``external_requests(page)``.
- ``page_errors`` (per test): the uncaught JavaScript errors of ``page``.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .serve_support import REPO, Server, running

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Playwright

CHROMIUM = Path(os.environ.get("RITEGRAPH_CHROMIUM", "/usr/bin/chromium"))
# The machine's closed network makes Chromium hang or refuse without the background flags.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LAUNCH_MS = 60_000
TIMEOUT_MS = 20_000  # every wait of a page (Playwright's default is 30 s)
MIN_SCREENSHOT_BYTES = 10_000  # an empty 1280×720 page is ~4 KB


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        return (f"no Chromium at {CHROMIUM} (apt-get install chromium fonts-noto-cjk, "
                f"as .ci/run does; or set RITEGRAPH_CHROMIUM)")
    return None


def launch(playwright: Playwright, env: dict[str, str] | None = None) -> Browser:
    """The system Chromium, headless, with the flags this machine needs."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True, timeout=LAUNCH_MS,
        env=env)


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    reason = missing_browser()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def chromium(playwright_session: Playwright) -> Iterator[Browser]:
    browser = launch(playwright_session)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def browser_server(built_store: Path) -> Iterator[Server]:
    with running(built_store, "--timeout", "60", "--workers", "2") as server:
        yield server


_EXTERNAL: dict[int, list[str]] = {}


def external_requests(page: Page) -> list[str]:
    """The URLs ``page`` tried to fetch from anywhere but the server (they were aborted)."""
    return _EXTERNAL.setdefault(id(page), [])


@pytest.fixture
def page(chromium: Browser, browser_server: Server) -> Iterator[Page]:
    context = chromium.new_context(base_url=browser_server.url, locale="zh-CN",
                                   viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    origin = browser_server.url.rstrip("/")
    blocked: list[str] = []

    def only_the_server(route):
        url = route.request.url
        if url == origin or url.startswith(origin + "/") or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", only_the_server)
    new = context.new_page()
    _EXTERNAL[id(new)] = blocked
    try:
        yield new
    finally:
        _EXTERNAL.pop(id(new), None)
        context.close()


@pytest.fixture
def page_errors(page: Page) -> list[str]:
    """Uncaught JavaScript errors on ``page`` from now on (assert it is empty at the end)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


# ------------------------------------------------------------------ helpers


def artefact_dir() -> Path:
    """Where screenshots go: ``$RITEGRAPH_ARTEFACTS``, else ``tests-artefacts/screenshots/``."""
    chosen = os.environ.get("RITEGRAPH_ARTEFACTS")
    directory = Path(chosen) if chosen else REPO / "tests-artefacts" / "screenshots"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def screenshot(page: Page, name: str, *, min_bytes: int = MIN_SCREENSHOT_BYTES) -> Path:
    """A full-page PNG of ``page`` as ``<artefact dir>/<name>.png``; it must be > ``min_bytes``."""
    safe = re.sub(r"[^\w.-]+", "-", name).strip("-") or "page"
    path = artefact_dir() / f"{safe}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    size = path.stat().st_size
    assert size > min_bytes, f"{path} is {size} bytes: an empty or unrendered page?"
    return path


# Each Han character of the sample is drawn on a canvas in the element's own font (as the page
# computes it, so Chromium falls back through fontconfig exactly as for the page's text), and
# so is an unassigned code point, which no font has: that one is drawn as the primary font's
# .notdef glyph, the box a missing CJK font gives. Rendered glyphs have ink, differ from that
# box and from each other, and are full-width (about 1 em). document.fonts.check() cannot tell:
# it answers true for a family that does not exist, and a missing family's width is that of
# the fallback, whatever the fallback is.
_GLYPHS_JS = r"""
([element, sample]) => {
  const el = element || document.body;
  const text = sample ?? el.innerText;
  const chars = [...new Set(text.match(/\p{Script=Han}/gu) || [])].slice(0, 12);
  const style = getComputedStyle(el);
  const px = 48;
  const font = `${style.fontStyle} ${style.fontWeight} ${px}px ${style.fontFamily}`;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 2 * px;
  const holder = el.closest("[lang]");
  if (holder) canvas.lang = holder.lang;
  el.appendChild(canvas);  // the canvas inherits the element's language
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  function draw(ch) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.font = font;
    ctx.textBaseline = "top";
    ctx.fillStyle = "#000";
    ctx.fillText(ch, px / 4, px / 4);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0, hash = 2166136261;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i]) ink++;
      hash = Math.imul(hash ^ data[i], 16777619) >>> 0;
    }
    return { ch, ink, hash, em: ctx.measureText(ch).width / px };
  }
  const result = { font, lang: holder ? holder.lang : "", tofu: draw("\u0378"),
                   glyphs: chars.map(draw) };
  canvas.remove();
  return result;
}
"""


def cjk_glyphs(target: Page | Locator, sample: str | None = None) -> dict:
    """How the Han characters of ``sample`` (default: the target's text) render in its font."""
    if hasattr(target, "goto"):  # a Page
        return target.evaluate(_GLYPHS_JS, [None, sample])
    return target.evaluate("(el, s) => (" + _GLYPHS_JS + ")([el, s])", sample)


def assert_cjk_renders(target: Page | Locator, sample: str | None = None) -> dict:
    """Assert that CJK text renders as glyphs, not as boxes (tofu).

    ``target`` is a Page (its body) or a Locator (one element); the Han characters of
    ``sample``, or else of the target's visible text, are drawn in the target's computed font.
    Fails if there are none, if any of them is drawn as the missing-glyph box, if distinct
    characters are drawn alike, or if they are not full-width. Returns the measurements.
    """
    found = cjk_glyphs(target, sample)
    glyphs = found["glyphs"]
    assert glyphs, f"no Han characters to check in {sample!r} / the target's text"
    summary = ", ".join(f"{g['ch']}: ink {g['ink']} em {g['em']:.2f}" for g in glyphs)
    where = f"font {found['font']!r}, lang {found['lang']!r}"
    boxes = [g["ch"] for g in glyphs if g["ink"] == 0 or g["hash"] == found["tofu"]["hash"]]
    assert not boxes, (f"CJK drawn as missing-glyph boxes (tofu): {boxes} ({where}; {summary});"
                       f" is a CJK font installed (apt-get install fonts-noto-cjk)?")
    hashes = {g["hash"] for g in glyphs}
    assert len(hashes) == len(glyphs), (
        f"distinct CJK characters are drawn alike (boxes?) ({where}; {summary})")
    narrow = [g["ch"] for g in glyphs if not 0.8 <= g["em"] <= 1.2]
    assert not narrow, f"CJK glyphs not full-width: {narrow} ({where}; {summary})"
    return found


SERVICE_PATHS = ("/query", "/sparql")  # and /static/…


def resource_links(page: Page) -> list[tuple[str, str]]:
    """``(href, text)`` of the links on ``page`` to other dereferenceable resources of the
    server (minted IRIs), in document order: same-origin, outside ``nav``, not the format
    alternates (``type=``), not the page itself, the query page or the endpoint."""
    found = page.evaluate("""() => [...document.querySelectorAll("a[href]")]
        .filter(a => a.origin === location.origin && !a.closest("nav") && !a.type
                && a.pathname !== location.pathname && a.pathname !== "/")
        .map(a => [a.getAttribute("href"), a.pathname, a.innerText.trim()])""")
    return [(href, text) for href, path, text in found
            if path not in SERVICE_PATHS and not path.startswith("/static/")]


def fontconfig_without_cjk(directory: Path) -> dict[str, str]:
    """An environment whose fontconfig rejects every CJK font (for the negative control)."""
    conf = directory / "fonts.conf"
    rejects = "".join(f"<glob>{glob}</glob>" for glob in (
        "/usr/share/fonts/opentype/noto/*CJK*", "/usr/share/fonts/truetype/noto/*CJK*",
        "/usr/share/fonts/*/wqy*/*", "/usr/share/fonts/*/arphic*/*",
        "/usr/share/fonts/*/droid/*Fallback*"))
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        "<include ignore_missing=\"yes\">/etc/fonts/fonts.conf</include>"
        f"<selectfont><rejectfont>{rejects}</rejectfont></selectfont>"
        f"<cachedir>{directory / 'cache'}</cachedir></fontconfig>", encoding="utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def have_cjk_font() -> bool:
    """Whether fontconfig knows any font covering Chinese (diagnostics only)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return False
    import subprocess

    out = subprocess.run([fc_list, ":lang=zh-cn", "family"], capture_output=True, text=True,
                         check=False)
    return bool(out.stdout.strip())
