"""The conventions of the Kanripo editions (``ingest/kanripo.toml``), loaded and checked: the
shared markup, one :class:`Edition` table per edition, and the chapters divided by incipits."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import InputError
from ..model import Layer
from ..resources import data_dir

_MARKUP_KEYS = {"page_break", "header", "juan_property", "line_end", "note_open", "note_close",
                "column_break", "indent"}
_EDITION_KEYS = {"layout", "titles", "title_notes", "zhuan_start", "jie_start", "line_width",
                 "note_layers", "separator", "zhu_marker", "shu_marker", "yinyi_marker",
                 "shu_on_zhu", "kaozheng_juan", "section_opener", "reference", "sections_from",
                 "zhuan_from"}


@dataclass(frozen=True)
class Edition:
    """One edition's layout conventions (a table of ``ingest/kanripo.toml``)."""

    id: str
    layout: str
    titles: re.Pattern[str]
    title_notes: re.Pattern[str] | None
    zhuan_start: re.Pattern[str]
    note_layers: tuple[Layer, ...] = (Layer.ZHU,)
    jie_start: str | None = None
    line_width: int = 0
    separator: str | None = None
    zhu_marker: str = "注"
    shu_marker: str = "疏"
    yinyi_marker: str = "音义"
    shu_on_zhu: str = "注釋曰"
    kaozheng_juan: re.Pattern[str] | None = None
    section_opener: re.Pattern[str] | None = None
    reference: str | None = None
    sections_from: str | None = None
    zhuan_from: str | None = None


@dataclass(frozen=True)
class Conventions:
    page_break: re.Pattern[str]
    header: str
    juan_property: re.Pattern[str]
    line_end: str
    note_open: str
    note_close: str
    column_break: str
    indent: str
    editions: dict[str, Edition]
    #: chapter → ((title, incipit), …): sections that start where the 經 says
    incipit_sections: dict[int, tuple[tuple[str, str], ...]]
    #: What matching skips: page breaks, header lines, indentation, line ends, newlines,
    #: column breaks and the note brackets (so that a word runs on across ``)¶\n(``).
    markup: re.Pattern[str]


def _edition(key: str, table: dict, path: Path) -> Edition:
    """One ``[edition.KEY]`` table, its unknown keys refused."""
    bad = set(table) - _EDITION_KEYS
    if bad:
        raise InputError(f"[edition.{key}] has unknown key(s) {', '.join(sorted(bad))}",
                         path=str(path), hint=f"allowed: {', '.join(sorted(_EDITION_KEYS))}")

    def optional(name: str) -> re.Pattern[str] | None:
        return re.compile(table[name]) if name in table else None

    return Edition(
        key, table["layout"], re.compile("|".join(f"(?:{t})" for t in table["titles"])),
        optional("title_notes"), re.compile(table["zhuan_start"]),
        tuple(Layer(v) for v in table.get("note_layers", ["注"])),
        table.get("jie_start"), int(table.get("line_width", 0)), table.get("separator"),
        table.get("zhu_marker", "注"), table.get("shu_marker", "疏"),
        table.get("yinyi_marker", "音義"), table.get("shu_on_zhu", "注釋曰"),
        optional("kaozheng_juan"), optional("section_opener"),
        table.get("reference"), table.get("sections_from"), table.get("zhuan_from"))


def _incipits(tables: list[dict], path: Path) -> dict[int, tuple[tuple[str, str], ...]]:
    """``[[incipit_sections]]``: chapter → (title, incipit) pairs."""
    incipits = {}
    for table in tables:
        bad = set(table) - {"chapter", "sections"}
        if bad or any(set(s) != {"title", "incipit"} for s in table.get("sections", [])):
            raise InputError("[[incipit_sections]] takes chapter and sections = "
                             "[{ title, incipit }, …] only", path=str(path))
        incipits[int(table["chapter"])] = tuple((s["title"], s["incipit"])
                                                for s in table["sections"])
    return incipits


@lru_cache(maxsize=1)
def conventions(path: Path | None = None) -> Conventions:
    """Load and check ``ingest/kanripo.toml`` (unknown keys are errors)."""
    path = path or data_dir("ingest") / "kanripo.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"not valid TOML: {exc}", path=str(path)) from exc
    unknown = set(data) - {"markup", "edition", "incipit_sections"} | set(
        data.get("markup", {})) - _MARKUP_KEYS
    if unknown:
        raise InputError(f"unknown key(s) {', '.join(sorted(unknown))}", path=str(path))
    m = data["markup"]
    editions = {key: _edition(key, table, path) for key, table in data.get("edition", {}).items()}
    e = re.escape
    markup = re.compile(
        f"{m['page_break']}|(?m:^{e(m['header'])}.*$)|(?m:^{e(m['indent'])}+)"
        f"|[{e(m['line_end'])}\n{e(m['column_break'])}{e(m['note_open'])}{e(m['note_close'])}]")
    incipits = _incipits(data.get("incipit_sections", []), path)
    return Conventions(re.compile(m["page_break"]), m["header"], re.compile(m["juan_property"]),
                       m["line_end"], m["note_open"], m["note_close"], m["column_break"],
                       m["indent"], editions, incipits, markup)
