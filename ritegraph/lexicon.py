"""The lexicon: SKOS concept schemes of roles, objects, places, actions and directions.

The data lives in ``ingest/lexicon/*.toml`` (one file per scheme, format documented at the top
of each file), plus ``blockers.toml`` (words that must not produce a mention),
``variants.toml`` (one-character variants folded before matching) and ``wikidata.toml`` (curated
matches to Wikidata items). :func:`load_lexicon` reads and checks it;
:func:`ritegraph.rdf.lexicon.lexicon_graph` publishes it as SKOS (this module imports no rdflib).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import opencc

from .errors import InputError
from .resources import data_dir
from .vocab import BASE, RG

#: Scheme name → data file (also the order in which concepts are loaded).
SCHEME_FILES = {
    "role": "roles.toml",
    "object": "objects.toml",
    "place": "places.toml",
    "action": "actions.toml",
    "direction": "directions.toml",
}
#: Scheme name → ontology class of its concepts (objects refine it with ``class``).
SCHEME_CLASSES = {
    "role": "RitualRole",
    "object": "RitualObject",
    "place": "Place",
    "action": "ActionType",
    "direction": "Direction",
}
#: The subclasses of rg:RitualObject an object entry may name in ``class``.
OBJECT_CLASSES = frozenset({
    "RitualObject", "DrinkingVessel", "FoodVessel", "Container", "Utensil", "ArcheryGear",
    "MusicalInstrument", "Food", "Drink", "Garment", "Gift", "Furnishing",
})
BLOCKERS_FILE = "blockers.toml"
VARIANTS_FILE = "variants.toml"
WIKIDATA_FILE = "wikidata.toml"
BLOCKER_SCOPES = ("all", "modern")
#: Wikidata entity namespace (the IRIs skos:exactMatch / skos:closeMatch point to).
WD = "http://www.wikidata.org/entity/"
#: ``relation`` of a Wikidata match: skos:exactMatch or skos:closeMatch (ritegraph.rdf.lexicon).
MATCH_RELATIONS = ("exact", "close")
_QID = re.compile(r"^Q[1-9][0-9]*$")
_MATCH_KEYS = ("concept", "wikidata", "relation", "source")

_REQUIRED = ("slug", "zh", "zh_hant", "pinyin", "en")
_LISTS = ("alt", "modern", "broader", "related", "preceded_by", "followed_by")
_TEXTS = ("definition_zh", "definition_en", "scope_note_en", "note")
_KNOWN = {*_REQUIRED, *_LISTS, *_TEXTS, "class", "ambiguous"}


def bare_lemma(zh: str) -> str:
    """The lemma without the qualifier a prefLabel may carry (篚（盛器） → 篚)."""
    return zh.split("（", 1)[0]


def scheme_iri(scheme: str) -> str:
    return f"{BASE}scheme/{scheme}"


def concept_iri(scheme: str, slug: str) -> str:
    return f"{BASE}{scheme}/{slug}"


@dataclass(frozen=True)
class Concept:
    """One SKOS concept; ``broader`` and ``related`` hold IRIs, labels are as in the data."""

    scheme: str
    slug: str
    iri: str
    zh: str  # skos:prefLabel @zh-Hans (the gold lemma)
    zh_hant: str  # skos:prefLabel @zh-Hant
    pinyin: str
    en: str  # skos:prefLabel @en (a short label, not a gloss)
    alt: tuple[str, ...] = ()  # classical variants and names (matched everywhere)
    modern: tuple[str, ...] = ()  # translation synonyms (matched only in 译 text)
    broader: tuple[str, ...] = ()
    rdf_class: str = ""  # IRI of the ontology class
    ambiguous: bool = False
    note: str = ""  # skos:editorialNote (for maintainers)
    definition_zh: str = ""  # skos:definition @zh-Hans
    definition_en: str = ""  # skos:definition @en
    scope_note_en: str = ""  # skos:scopeNote @en
    related: tuple[str, ...] = ()  # concepts in other schemes a compound lemma incorporates
    preceded_by: tuple[str, ...] = ()  # context guard for one-character labels (see objects.toml)
    followed_by: tuple[str, ...] = ()

    def labels(self, *, modern: bool = False) -> tuple[str, ...]:
        """The labels that name this concept in classical text (and, if ``modern``, in 译 text)."""
        labels = (self.zh, self.zh_hant, *self.alt)
        return (*labels, *self.modern) if modern else labels

    @property
    def guarded(self) -> bool:
        return bool(self.preceded_by or self.followed_by)


@dataclass(frozen=True)
class Blocker:
    """Words that contain a label but are not that entity (``scope`` "all" or "modern")."""

    words: tuple[str, ...]
    scope: str
    note: str = ""


class CharFolder:
    """Fold text one character at a time (OpenCC t2s, then the lexicon's variants).

    The result always has the length of the input, so offsets in the folded view are offsets
    in the text. Usable as a ``str.translate`` table; results are cached per character.
    """

    def __init__(self, variants: dict[str, str]) -> None:
        self._converter = opencc.OpenCC("t2s")
        self._variants = variants
        self.table: dict[int, str] = _FoldTable(self._fold_char)
        self.script_table: dict[int, str] = _FoldTable(self._script_char)

    def _script_char(self, char: str) -> str:
        folded = self._converter.convert(char)
        return folded if len(folded) == 1 else char

    def _fold_char(self, char: str) -> str:
        folded = self._script_char(char)
        return self._variants.get(folded, self._variants.get(char, folded))

    def __call__(self, text: str) -> str:
        return text.translate(self.table)

    def script(self, text: str) -> str:
        """``text`` with the script conversion only (OpenCC t2s), not the variant table."""
        return text.translate(self.script_table)


class _FoldTable(dict):
    """A ``str.translate`` table that computes and caches missing entries."""

    def __init__(self, fold_char: Any) -> None:
        super().__init__()
        self._fold_char = fold_char

    def __missing__(self, codepoint: int) -> str:
        folded = self._fold_char(chr(codepoint))
        self[codepoint] = folded
        return folded


@dataclass(frozen=True)
class Match:
    """A curated link from a concept to a Wikidata item (``relation`` "exact" or "close")."""

    concept: str  # concept IRI
    qid: str
    relation: str
    source: str  # where the item id was verified

    @property
    def target(self) -> str:
        return WD + self.qid


@dataclass
class Lexicon:
    """All concepts (by IRI, in data order), the blockers, the Wikidata matches and the
    character folder."""

    concepts: dict[str, Concept]
    blockers: tuple[Blocker, ...] = ()
    variants: dict[str, str] = field(default_factory=dict)
    directory: Path | None = None
    matches: tuple[Match, ...] = ()

    def __post_init__(self) -> None:
        self.fold = CharFolder(self.variants)
        self._by_pref = {(c.scheme, c.zh): c for c in self.concepts.values()}
        for c in self.concepts.values():  # 尊（盛器） is also found by its bare lemma 尊
            self._by_pref.setdefault((c.scheme, bare_lemma(c.zh)), c)

    def __iter__(self) -> Iterator[Concept]:
        return iter(self.concepts.values())

    def __len__(self) -> int:
        return len(self.concepts)

    def scheme(self, name: str) -> list[Concept]:
        """The concepts of one scheme, in data order."""
        return [c for c in self.concepts.values() if c.scheme == name]

    def label(self, iri: str) -> str:
        """The zh-Hans prefLabel of a concept IRI."""
        return self.concepts[iri].zh

    def concept(self, scheme: str, zh: str) -> Concept:
        """Look a concept up by scheme and simplified prefLabel, or the bare lemma of a
        qualified one (尊 for 尊（盛器）); KeyError if absent."""
        try:
            return self._by_pref[(scheme, zh)]
        except KeyError:
            raise KeyError(f"no {scheme} concept with prefLabel {zh!r}") from None

    def label_index(self, *, modern: bool = False) -> dict[str, tuple[Concept, ...]]:
        """Folded label → the concepts it names, in data order."""
        index: dict[str, list[Concept]] = {}
        for concept in self.concepts.values():
            for label in dict.fromkeys(self.fold(x) for x in concept.labels(modern=modern)):
                index.setdefault(label, []).append(concept)
        return {label: tuple(concepts) for label, concepts in index.items()}

    def blocker_words(self, *, modern: bool = False) -> set[str]:
        """Folded blocker words in force for classical (or, with ``modern``, 译) text."""
        scopes = {"all", "modern"} if modern else {"all"}
        return {self.fold(w) for b in self.blockers if b.scope in scopes for w in b.words}


def default_lexicon_dir() -> Path:
    return data_dir("ingest") / "lexicon"


def load_lexicon(directory: Path | None = None) -> Lexicon:
    """Read and check the lexicon; every problem is an :class:`InputError` naming file and entry."""
    directory = Path(directory) if directory else default_lexicon_dir()
    entries: list[tuple[str, Path, int, dict[str, Any]]] = []
    for scheme, name in SCHEME_FILES.items():
        path = directory / name
        data = _read_toml(path)
        lines = _entry_lines(path)
        for n, entry in enumerate(data.get("concept", [])):
            entries.append((scheme, path, lines[n] if n < len(lines) else 0, entry))

    slugs: dict[str, set[str]] = {s: set() for s in SCHEME_FILES}
    for scheme, path, line, entry in entries:
        _check_entry(entry, path, line)
        if entry["slug"] in slugs[scheme]:
            raise InputError(f"duplicate slug {entry['slug']!r}", path=str(path), line=line,
                             hint="slugs must be unique within a scheme; add a suffix (-2)")
        slugs[scheme].add(entry["slug"])

    concepts = {}
    for scheme, path, line, entry in entries:
        concept = _make_concept(scheme, entry, slugs, path, line)
        concepts[concept.iri] = concept
    lexicon = Lexicon(concepts, _load_blockers(directory / BLOCKERS_FILE),
                      _load_variants(directory / VARIANTS_FILE), directory,
                      _load_matches(directory / WIKIDATA_FILE, slugs))
    _check_ambiguity(lexicon, directory)
    return lexicon


def _read_toml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise InputError("lexicon file not found", path=str(path))
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not valid TOML: {exc}", path=str(path)) from exc


def _entry_lines(path: Path, table: str = "concept") -> list[int]:
    """1-based line numbers of the ``[[table]]`` headers (for error messages)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [i for i, line in enumerate(lines, 1) if line.strip() == f"[[{table}]]"]


def _check_entry(entry: dict[str, Any], path: Path, line: int) -> None:
    where = {"path": str(path), "line": line}
    for key in _REQUIRED:
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise InputError(f"entry {entry.get('slug') or entry.get('zh')!r} lacks {key!r}",
                             **where, hint=f"required fields: {', '.join(_REQUIRED)}")
    unknown = set(entry) - _KNOWN
    if unknown:
        raise InputError(f"entry {entry['slug']!r} has unknown field(s) {sorted(unknown)}",
                         **where)
    for key in _LISTS:
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise InputError(f"entry {entry['slug']!r}: {key!r} must be a list of strings",
                             **where)
    for key in _TEXTS:
        if key in entry and (not isinstance(entry[key], str) or not entry[key].strip()):
            raise InputError(f"entry {entry['slug']!r}: {key!r} must be a non-empty string",
                             **where)


def _make_concept(scheme: str, entry: dict[str, Any], slugs: dict[str, set[str]], path: Path,
                  line: int) -> Concept:
    slug = entry["slug"]
    where = {"path": str(path), "line": line}
    for broader in entry.get("broader", []):
        if broader not in slugs[scheme]:
            raise InputError(f"entry {slug!r}: unknown broader slug {broader!r}", **where,
                             hint=f"broader concepts must be in the same file ({path.name})")
    related = []
    for ref in entry.get("related", []):
        other, _, other_slug = ref.partition("/")
        if other not in slugs or other_slug not in slugs[other]:
            raise InputError(f"entry {slug!r}: unknown related concept {ref!r}", **where,
                             hint="write scheme/slug, e.g. object/pu")
        related.append(concept_iri(other, other_slug))
    class_name = entry.get("class", SCHEME_CLASSES[scheme])
    if scheme == "object" and class_name not in OBJECT_CLASSES:
        raise InputError(f"entry {slug!r}: unknown object class {class_name!r}", **where,
                         hint=f"use one of {', '.join(sorted(OBJECT_CLASSES))}")
    if scheme != "object" and class_name != SCHEME_CLASSES[scheme]:
        raise InputError(f"entry {slug!r}: 'class' is only for objects", **where)
    return Concept(
        scheme=scheme, slug=slug, iri=concept_iri(scheme, slug), zh=entry["zh"],
        zh_hant=entry["zh_hant"], pinyin=entry["pinyin"], en=entry["en"],
        alt=tuple(entry.get("alt", [])), modern=tuple(entry.get("modern", [])),
        broader=tuple(concept_iri(scheme, b) for b in entry.get("broader", [])),
        rdf_class=RG[class_name], ambiguous=bool(entry.get("ambiguous", False)),
        note=entry.get("note", ""), definition_zh=entry.get("definition_zh", ""),
        definition_en=entry.get("definition_en", ""),
        scope_note_en=entry.get("scope_note_en", ""), related=tuple(related),
        preceded_by=tuple(entry.get("preceded_by", [])),
        followed_by=tuple(entry.get("followed_by", [])),
    )


def _load_blockers(path: Path) -> tuple[Blocker, ...]:
    if not path.is_file():
        return ()
    blockers = []
    for n, entry in enumerate(_read_toml(path).get("blocker", []), 1):
        words, scope = entry.get("words"), entry.get("scope")
        if not isinstance(words, list) or not words or scope not in BLOCKER_SCOPES:
            raise InputError(f"[[blocker]] #{n} needs words = [...] and scope = "
                             f"{' or '.join(map(repr, BLOCKER_SCOPES))}", path=str(path))
        blockers.append(Blocker(tuple(words), scope, entry.get("note", "")))
    return tuple(blockers)


def _load_variants(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    variants = _read_toml(path).get("variants", {})
    for key, value in variants.items():
        if len(key) != 1 or not isinstance(value, str) or len(value) != 1:
            raise InputError(f"variant {key!r} = {value!r}: both sides must be one character",
                             path=str(path), hint="offsets must map one to one")
    return dict(variants)


def _load_matches(path: Path, slugs: dict[str, set[str]]) -> tuple[Match, ...]:
    """The ``[[match]]`` entries of ``wikidata.toml`` (none if the file is absent)."""
    if not path.is_file():
        return ()
    lines = _entry_lines(path, "match")
    matches, seen = [], set()
    for n, entry in enumerate(_read_toml(path).get("match", [])):
        where = {"path": str(path), "line": lines[n] if n < len(lines) else None}
        name = f"[[match]] #{n + 1} ({entry.get('concept', '?')} → {entry.get('wikidata', '?')})"
        unknown = set(entry) - set(_MATCH_KEYS)
        if unknown:
            raise InputError(f"{name} has unknown field(s) {sorted(unknown)}", **where,
                             hint=f"fields: {', '.join(_MATCH_KEYS)}")
        for key in _MATCH_KEYS:
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise InputError(f"{name} lacks {key!r}", **where,
                                 hint=f"required fields: {', '.join(_MATCH_KEYS)}")
        scheme, _, slug = entry["concept"].partition("/")
        if scheme not in slugs or slug not in slugs[scheme]:
            raise InputError(f"{name}: unknown concept {entry['concept']!r}", **where,
                             hint="write scheme/slug, e.g. object/zhi")
        if not _QID.match(entry["wikidata"]):
            raise InputError(f"{name}: malformed Wikidata id {entry['wikidata']!r}", **where,
                             hint="an item id such as Q42")
        if entry["relation"] not in MATCH_RELATIONS:
            raise InputError(f"{name}: unknown relation {entry['relation']!r}", **where,
                             hint=f"use {' or '.join(map(repr, MATCH_RELATIONS))}")
        key = (entry["concept"], entry["wikidata"])
        if key in seen:
            raise InputError(f"{name} is given twice", **where)
        seen.add(key)
        matches.append(Match(concept_iri(scheme, slug), entry["wikidata"], entry["relation"],
                             entry["source"]))
    return tuple(matches)


def _check_ambiguity(lexicon: Lexicon, directory: Path) -> None:
    """A label naming several concepts must be marked ``ambiguous`` on each of them."""
    for label, concepts in lexicon.label_index(modern=True).items():
        unmarked = [c for c in concepts if not c.ambiguous]
        if len(concepts) > 1 and unmarked:
            names = ", ".join(f"{c.scheme}/{c.slug}" for c in concepts)
            raise InputError(f"label {label!r} names {names}",
                             path=str(directory / SCHEME_FILES[unmarked[0].scheme]),
                             hint=f"mark {unmarked[0].slug!r} ambiguous = true, or drop the label")


@lru_cache(maxsize=1)
def default_folder() -> CharFolder:
    """The fold of the bundled lexicon's variant table (for readers and the aligner)."""
    return CharFolder(_load_variants(data_dir("ingest") / "lexicon" / VARIANTS_FILE))
