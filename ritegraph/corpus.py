"""The corpus manifest (``corpus.toml``) and strict reading of corpus files."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .resources import data_dir

MANIFEST_NAME = "corpus.toml"

#: Edition formats: manifest spelling → reader key.
FORMATS = {"句读": "judou", "judou": "judou", "注疏": "zhushu", "zhushu": "zhushu",
           "kanripo": "kanripo"}

#: Identifiers that become part of IRIs and N-Quads: nothing that could escape an IRI.
_IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_RITE_KEYS = {"slug", "label", "label_hant", "pinyin", "english", "chapter"}
_FILE_KEYS = {"name", "id", "format", "edition", "juan", "rites", "translation"}
_UNREAD_KEYS = {"name", "reason"}
_COLLECTION_KEYS = {"id", "prefix", "title", "source", "version", "licence", "credit"}
_EDITION_KEYS = {"id", "title"}


@dataclass(frozen=True)
class Rite:
    slug: str
    label: str
    label_hant: str
    pinyin: str
    english: str
    chapter: int


@dataclass(frozen=True)
class Collection:
    """Where a group of texts comes from and its licence (``[[collection]]``)."""

    id: str
    prefix: str  # file names starting with this belong to it
    title: str
    source: str  # IRI of the source repository
    version: str
    licence: str  # IRI of the licence
    credit: str  # the attribution the licence asks for


@dataclass(frozen=True)
class Edition:
    """One edition of the 仪礼 (``[[edition]]``): files name it by ``id``."""

    id: str
    title: str


@dataclass(frozen=True)
class RiteSpan:
    rite: str  # slug
    from_heading: str | None = None  # heading text that starts this rite (None: file start)


@dataclass(frozen=True)
class CorpusFile:
    name: str  # path relative to the corpus directory, "/"-separated
    path: Path
    format: str  # reader key ("judou" | "zhushu" | "kanripo")
    edition: str
    juan: tuple[str, ...]
    rites: tuple[RiteSpan, ...]
    translation: bool = False
    id: str = ""  # citable document id (IRI-safe); "" → derived from the name

    @property
    def stem(self) -> str:
        """The citable document id: the manifest's ``id``, else the part of the file name
        before its first underscore ("000" for ``000_a642….txt``)."""
        return self.id or Path(self.name).name.split("_", 1)[0]


@dataclass(frozen=True)
class Manifest:
    directory: Path
    rites: dict[str, Rite]
    files: tuple[CorpusFile, ...]
    collections: tuple[Collection, ...] = ()
    editions: dict[str, Edition] = field(default_factory=dict)

    def collection_of(self, file: CorpusFile) -> Collection | None:
        return next((c for c in self.collections if file.name.startswith(c.prefix)), None)


def default_corpus_dir() -> Path:
    return data_dir("corpus")


def load_manifest(directory: Path | None = None) -> Manifest:
    """Read and check ``corpus.toml``; every problem is an :class:`InputError` (exit 2)."""
    directory = Path(directory) if directory else default_corpus_dir()
    path = directory / MANIFEST_NAME
    if not path.is_file():
        raise InputError("corpus manifest not found", path=str(path),
                         hint=f"create {MANIFEST_NAME} listing each text (see README)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"manifest is not valid TOML: {exc}", path=str(path)) from exc

    where = str(path)
    _check_keys(data, {"rite", "file", "unread", "collection", "edition"}, "the manifest", where)
    collections = []
    for entry in _tables(data, "collection", where):
        _check_keys(entry, _COLLECTION_KEYS, "a [[collection]] entry", where)
        missing = sorted(_COLLECTION_KEYS - set(entry))
        if missing:
            raise InputError(f"[[collection]] entry lacks {', '.join(missing)}", path=where)
        collection = Collection(*(_string(entry, key, where) for key in (
            "id", "prefix", "title", "source", "version", "licence", "credit")))
        _identifier(collection.id, "collection id", where)
        collections.append(collection)
    editions: dict[str, Edition] = {}
    for entry in _tables(data, "edition", where):
        _check_keys(entry, _EDITION_KEYS, "an [[edition]] entry", where)
        edition = Edition(_string(entry, "id", where), _string(entry, "title", where))
        _identifier(edition.id, "edition id", where)
        if edition.id in editions:
            raise InputError(f"edition {edition.id!r} is listed twice", path=where)
        editions[edition.id] = edition
    rites: dict[str, Rite] = {}
    for entry in _tables(data, "rite", where):
        _check_keys(entry, _RITE_KEYS, "a [[rite]] entry", where)
        try:
            rite = Rite(_string(entry, "slug", where), _string(entry, "label", where),
                        _string(entry, "label_hant", where), _string(entry, "pinyin", where),
                        _string(entry, "english", where), _integer(entry, "chapter", where))
        except KeyError as exc:
            raise InputError(f"[[rite]] entry {entry!r} lacks {exc}", path=where) from exc
        _identifier(rite.slug, "rite slug", where)
        if rite.slug in rites:
            raise InputError(f"rite {rite.slug!r} is listed twice", path=where)
        rites[rite.slug] = rite

    files = [_file_entry(entry, directory, rites, where)
             for entry in _tables(data, "file", where)]
    seen: set[str] = set()
    for file in files:
        if file.edition and file.edition not in editions:
            raise InputError(f"{file.name}: edition {file.edition!r} is not an [[edition]] id",
                             path=where, hint="add an [[edition]] entry with that id (and its "
                                              "title) or correct the file's `edition`")
        if file.stem in seen:
            raise InputError(f"document id {file.stem!r} is used by more than one file",
                             path=where, hint="give each [[file]] its own id")
        seen.add(file.stem)
    unread = set()
    for entry in _tables(data, "unread", where):
        _check_keys(entry, _UNREAD_KEYS, "an [[unread]] entry", where)
        unread.add(_inside(directory, _string(entry, "name", where), where).relative_to(
            directory.resolve()).as_posix())

    listed = {f.name for f in files} | unread
    for extra in sorted(p.relative_to(directory).as_posix() for p in directory.rglob("*.txt")):
        if extra not in listed:
            raise InputError(f"{extra} is in the corpus but not in the manifest",
                             path=str(directory / extra),
                             hint=f"add a [[file]] (or [[unread]]) entry for it to {MANIFEST_NAME}")
    if not files:
        raise InputError("the manifest lists no files", path=str(path))
    return Manifest(directory, rites, tuple(files), tuple(collections), editions)


def _check_keys(entry: dict, allowed: set[str], what: str, where: str) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise InputError(f"{what} has unknown key(s) {', '.join(unknown)}", path=where,
                         hint=f"allowed: {', '.join(sorted(allowed))}")


def _tables(data: dict, key: str, where: str) -> list[dict]:
    entries = data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InputError(f"{key} must be an array of tables ([[{key}]])", path=where)
    return entries


def _string(entry: dict, key: str, where: str) -> str:
    value = entry[key]
    if not isinstance(value, str) or not value:
        raise InputError(f"{key} must be a non-empty string, not {value!r}", path=where)
    return value


def _integer(entry: dict, key: str, where: str) -> int:
    value = entry[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{key} must be an integer, not {value!r}", path=where)
    return value


def _identifier(value: str, what: str, where: str) -> str:
    if not _IDENTIFIER.fullmatch(value):
        raise InputError(f"{what} {value!r} is not a safe identifier", path=where,
                         hint="use ASCII letters, digits, '_' and '-' (it becomes part of IRIs)")
    return value


def _inside(directory: Path, name: str, where: str) -> Path:
    """``directory/name``, refusing absolute paths, ``..`` and symlinks that leave it."""
    root = directory.resolve()
    candidate = (directory / name).resolve()
    if Path(name).is_absolute() or not candidate.is_relative_to(root):
        raise InputError(f"file name {name!r} points outside the corpus directory", path=where,
                         hint="name files by their path inside the corpus directory")
    return candidate


def _file_entry(entry: dict, directory: Path, rites: dict[str, Rite], where: str
                ) -> CorpusFile:
    _check_keys(entry, _FILE_KEYS, "a [[file]] entry", where)
    if "name" not in entry:
        raise InputError(f"[[file]] entry without a name: {entry!r}", path=where)
    name = _string(entry, "name", where)
    fmt = FORMATS.get(entry.get("format")) if isinstance(entry.get("format"), str) else None
    if fmt is None:
        raise InputError(
            f"unknown edition format {entry.get('format')!r} for {name}", path=where,
            hint=f"use one of {', '.join(k for k in FORMATS if not k.isascii() or k == 'kanripo')}")
    spans_data = entry.get("rites", [])
    if not isinstance(spans_data, list) or not all(isinstance(r, dict) for r in spans_data):
        raise InputError(f"{name}: rites must be a list of {{ rite = … }} tables", path=where)
    spans = []
    for r in spans_data:
        _check_keys(r, {"rite", "from_heading"}, f"a rite of {name}", where)
        heading = r.get("from_heading")
        if heading is not None and not isinstance(heading, str):
            raise InputError(f"{name}: from_heading must be a string", path=where)
        spans.append(RiteSpan(_string(r, "rite", where), heading))
    if not spans:
        raise InputError(f"{name} names no rite", path=where, hint="add rites = [...]")
    for span in spans:
        if span.rite not in rites:
            raise InputError(f"{name} names unknown rite {span.rite!r}", path=where,
                             hint="add a [[rite]] entry for it")
    file_path = _inside(directory, name, where)
    if not file_path.is_file():
        raise InputError(f"manifest names {name}, which is not in {directory}",
                         path=where, hint="add the file or remove the entry")
    juan = entry.get("juan", [])
    if not isinstance(juan, list) or not all(isinstance(j, str) for j in juan):
        raise InputError(f"{name}: juan must be a list of strings", path=where)
    doc_id = _identifier(_string(entry, "id", where), "document id", where) if "id" in entry \
        else ""
    return CorpusFile(file_path.relative_to(directory.resolve()).as_posix(), file_path, fmt,
                      str(entry.get("edition", "")), tuple(juan), tuple(spans),
                      bool(entry.get("translation", False)), doc_id)


def read_text(path: Path) -> str:
    """Read a corpus file as strict UTF-8 (a BOM is an error too: it would shift offsets)."""
    raw = path.read_bytes()
    if not raw.strip():
        raise InputError("file is empty", path=str(path), hint="remove it from the manifest")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"not valid UTF-8 (byte offset {exc.start}: {exc.reason})",
                         path=str(path), line=line, column=column,
                         hint="convert the file to UTF-8, e.g. iconv -f GBK -t UTF-8") from exc
    if text.startswith("\ufeff"):
        raise InputError("file starts with a byte-order mark", path=str(path), line=1, column=1,
                         hint="save it as UTF-8 without BOM")
    return text
