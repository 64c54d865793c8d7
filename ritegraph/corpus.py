"""The corpus manifest (``corpus.toml``) and strict reading of corpus files."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .resources import data_dir

MANIFEST_NAME = "corpus.toml"

#: Edition formats: manifest spelling → reader key.
FORMATS = {"句读": "judou", "judou": "judou", "注疏": "zhushu", "zhushu": "zhushu",
           "kanripo": "kanripo", "collation": "collation"}
#: The spellings a manifest is told to use (the seed formats by their Chinese names).
SPELLINGS = ("句读", "注疏", "kanripo", "collation")

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
    format: str  # reader key ("judou" | "zhushu" | "kanripo" | "collation")
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
    """Read and check ``corpus.toml``; every problem is an :class:`InputError` (exit 2).

    The schema (docs/reliability.md): every key of every table is known and of its type
    (strings non-empty, ``chapter`` an integer, ``translation`` a boolean, ``juan`` a list of
    strings); identifiers that become part of IRIs (ids, slugs, a document id taken from a file
    name) match ``[A-Za-z0-9][A-Za-z0-9_-]{0,63}``; ``source``/``licence`` are absolute IRIs;
    every file named lies inside the corpus directory (no absolute path, ``..`` or symlink
    out of it); two files never mint the same document IRI.
    """
    directory = Path(directory) if directory else default_corpus_dir()
    path = directory / MANIFEST_NAME
    if not path.is_file():
        raise InputError("corpus manifest not found", path=str(path),
                         hint=f"create {MANIFEST_NAME} listing each text (see README)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"manifest is not valid TOML: {exc}", path=str(path)) from exc
    except OSError as exc:
        raise InputError(f"cannot read the manifest: {exc.strerror or exc}",
                         path=str(path)) from exc

    where = str(path)
    _check_keys(data, {"rite", "file", "unread", "collection", "edition"}, "the manifest", where)
    collections = _collections(data, where)
    editions = _editions(data, where)
    rites = _rites(data, where)
    files = [_file_entry(entry, k, directory, rites, where)
             for k, entry in enumerate(_tables(data, "file", where), start=1)]
    _check_files(files, editions, where)
    unread = set()
    for k, entry in enumerate(_tables(data, "unread", where), start=1):
        what = f"[[unread]] #{k}"
        _check_keys(entry, _UNREAD_KEYS, what, where)
        if "reason" in entry:
            _string(entry, "reason", where, what)
        unread.add(_inside(directory, _string(entry, "name", where, what), where).relative_to(
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


def _collections(data: dict, where: str) -> list[Collection]:
    collections = []
    for k, entry in enumerate(_tables(data, "collection", where), start=1):
        what = f"[[collection]] #{k}"
        _check_keys(entry, _COLLECTION_KEYS, what, where)
        collection = Collection(*(_string(entry, key, where, what) for key in (
            "id", "prefix", "title", "source", "version", "licence", "credit")))
        _identifier(collection.id, f"{what}: id", where)
        _absolute_iri(collection.source, f"{what}: source", where)
        _absolute_iri(collection.licence, f"{what}: licence", where)
        collections.append(collection)
    return collections


def _editions(data: dict, where: str) -> dict[str, Edition]:
    editions: dict[str, Edition] = {}
    for k, entry in enumerate(_tables(data, "edition", where), start=1):
        what = f"[[edition]] #{k}"
        _check_keys(entry, _EDITION_KEYS, what, where)
        edition = Edition(_string(entry, "id", where, what), _string(entry, "title", where, what))
        _identifier(edition.id, f"{what}: edition id", where)
        if edition.id in editions:
            raise InputError(f"edition {edition.id!r} is listed twice", path=where)
        editions[edition.id] = edition
    return editions


def _rites(data: dict, where: str) -> dict[str, Rite]:
    rites: dict[str, Rite] = {}
    for k, entry in enumerate(_tables(data, "rite", where), start=1):
        what = f"[[rite]] #{k}"
        _check_keys(entry, _RITE_KEYS, what, where)
        rite = Rite(*(_string(entry, key, where, what)
                      for key in ("slug", "label", "label_hant", "pinyin", "english")),
                    _integer(entry, "chapter", where, what))
        _identifier(rite.slug, f"{what}: rite slug", where)
        if rite.slug in rites:
            raise InputError(f"rite {rite.slug!r} is listed twice", path=where)
        rites[rite.slug] = rite
    return rites


def _check_files(files: list[CorpusFile], editions: dict[str, Edition], where: str) -> None:
    """Editions exist; no two files mint the same document IRI (``doc/<id>``)."""
    seen: dict[str, str] = {}
    for file in files:
        if file.edition and file.edition not in editions:
            raise InputError(f"{file.name}: edition {file.edition!r} is not an [[edition]] id",
                             path=where, hint="add an [[edition]] entry with that id (and its "
                                              "title) or correct the file's `edition`")
        if file.stem in seen:
            raise InputError(f"{seen[file.stem]} and {file.name} would both be document "
                             f"{file.stem!r} (doc/{file.stem})", path=where,
                             hint="give each [[file]] its own `id`")
        seen[file.stem] = file.name


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


def _required(entry: dict, key: str, where: str, what: str) -> object:
    if key not in entry:
        raise InputError(f"{what} lacks {key}", path=where, hint=f"add `{key} = …` to it")
    return entry[key]


def _string(entry: dict, key: str, where: str, what: str = "an entry") -> str:
    value = _required(entry, key, where, what)
    if not isinstance(value, str) or not value:
        raise InputError(f"{what}: {key} must be a non-empty string, not {value!r}", path=where)
    return value


def _integer(entry: dict, key: str, where: str, what: str = "an entry") -> int:
    value = _required(entry, key, where, what)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{what}: {key} must be an integer, not {value!r}", path=where)
    return value


def _boolean(entry: dict, key: str, where: str, what: str) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise InputError(f"{what}: {key} must be true or false, not {value!r}", path=where,
                         hint="write it without quotes")
    return value


def _identifier(value: str, what: str, where: str) -> str:
    if not _IDENTIFIER.fullmatch(value):
        raise InputError(f"{what} {value!r} is not a safe identifier", path=where,
                         hint="use ASCII letters, digits, '_' and '-' (it becomes part of IRIs)")
    return value


#: An absolute IRI without the characters N-Quads forbids inside ``<…>`` (RFC 3987, loosely).
_ABSOLUTE_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\x00-\x20<>\"{}|^`\\\x7f]+")


def _absolute_iri(value: str, what: str, where: str) -> str:
    if not _ABSOLUTE_IRI.fullmatch(value):
        raise InputError(f"{what} {value!r} is not an absolute IRI", path=where,
                         hint="write it as https://… without spaces, <, >, quotes or braces")
    return value


def _inside(directory: Path, name: str, where: str) -> Path:
    """``directory/name``, refusing absolute paths, ``..`` and symlinks that leave it."""
    root = directory.resolve()
    candidate = (directory / name).resolve()
    if Path(name).is_absolute() or not candidate.is_relative_to(root):
        raise InputError(f"file name {name!r} points outside the corpus directory", path=where,
                         hint="name files by their path inside the corpus directory")
    return candidate


def _rite_spans(entry: dict, name: str, rites: dict[str, Rite], where: str
                ) -> tuple[RiteSpan, ...]:
    spans_data = entry.get("rites", [])
    if not isinstance(spans_data, list) or not all(isinstance(r, dict) for r in spans_data):
        raise InputError(f"{name}: rites must be a list of {{ rite = … }} tables", path=where)
    spans = []
    for k, r in enumerate(spans_data, start=1):
        what = f"{name}: rite #{k}"
        _check_keys(r, {"rite", "from_heading"}, what, where)
        heading = _string(r, "from_heading", where, what) if "from_heading" in r else None
        spans.append(RiteSpan(_string(r, "rite", where, what), heading))
    if not spans:
        raise InputError(f"{name} names no rite", path=where, hint="add rites = [...]")
    for span in spans:
        if span.rite not in rites:
            raise InputError(f"{name} names unknown rite {span.rite!r}", path=where,
                             hint="add a [[rite]] entry for it")
    return tuple(spans)


def _file_entry(entry: dict, k: int, directory: Path, rites: dict[str, Rite], where: str
                ) -> CorpusFile:
    what = f"[[file]] #{k}"
    _check_keys(entry, _FILE_KEYS, what, where)
    name = _string(entry, "name", where, what)
    what = f"[[file]] #{k} ({name})"
    fmt = FORMATS.get(entry.get("format")) if isinstance(entry.get("format"), str) else None
    if fmt is None:
        raise InputError(
            f"unknown edition format {entry.get('format')!r} for {name}", path=where,
            hint=f"use one of {', '.join(SPELLINGS)}")
    spans = _rite_spans(entry, name, rites, where)
    file_path = _inside(directory, name, where)
    if not file_path.is_file():
        raise InputError(f"manifest names {name}, which is not in {directory}",
                         path=where, hint="add the file or remove the entry")
    juan = entry.get("juan", [])
    if not isinstance(juan, list) or not all(isinstance(j, str) and j for j in juan):
        raise InputError(f"{name}: juan must be a list of strings, not {juan!r}", path=where,
                         hint='e.g. juan = ["卷六"]')
    edition = _string(entry, "edition", where, what) if "edition" in entry else ""
    if "id" in entry:
        doc_id = _identifier(_string(entry, "id", where, what), f"{what}: document id", where)
    else:
        stem = Path(name).name.split("_", 1)[0]
        doc_id = _identifier(stem, f"{what}: the document id taken from its name", where)
    return CorpusFile(file_path.relative_to(directory.resolve()).as_posix(), file_path, fmt,
                      edition, tuple(juan), spans, _boolean(entry, "translation", where, what),
                      doc_id if "id" in entry else "")


#: The largest corpus file read, in bytes (override: ``$RITEGRAPH_MAX_FILE_BYTES``). The largest
#: bundled file (KR1d0028 卷八) is 245 kB; one 卷 of the 注疏 is never near 1 MB, so a bigger
#: file is several chapters run together (split it) or not a corpus text. At the build's
#: measured 1.5–2 GB of memory per MB of one file's input, 4 MiB stays under ~8 GB.
MAX_FILE_BYTES = 4 * 2**20

#: C0 control characters other than TAB, LF and CR, DEL, and the noncharacters U+FFFE/U+FFFF:
#: nothing a transcription means, and what XML (RDF/XML, HTML pages) cannot carry.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")
#: U+0001 stands in four upstream Kanripo files (KR1d0026 卷一, 八, 十二, 十三), which are kept
#: byte-identical: it is tolerated there (and nowhere else has a reason to be).
TOLERATED_CONTROLS = frozenset("\x01")
_LONE_CR = re.compile("\r(?!\n)")
#: What counts as blank for the empty-file check: whitespace (U+3000, NBSP …) and format
#: characters (zero-width space, joiners, BOM).
_BLANK = re.compile(r"[\s\u200b-\u200f\u2060\ufeff]*")


def max_file_bytes() -> int:
    value = os.environ.get("RITEGRAPH_MAX_FILE_BYTES", "")
    return int(value) if value.isdigit() else MAX_FILE_BYTES


def _position(text: str, offset: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def read_text(path: Path) -> str:
    """Read a corpus file as strict UTF-8, as it is (never normalised), refusing what would
    make offsets or the graph wrong: a BOM, no text at all, a carriage return that is not
    part of CRLF (old Mac line ends: the readers split lines at LF), control characters, a
    file above :data:`MAX_FILE_BYTES`. Every refusal is an :class:`InputError` with
    file:line:column."""
    path = Path(path)
    limit = max_file_bytes()
    try:
        size = path.stat().st_size
        if size > limit:
            raise InputError(f"file is {size:,} bytes, above the limit of {limit:,}",
                             path=str(path), hint="split it into one file per 卷 (or raise "
                             "$RITEGRAPH_MAX_FILE_BYTES, see docs/reliability.md)")
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", path=str(path),
                         hint="check that it is a readable regular file") from exc
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
    if _BLANK.fullmatch(text):
        raise InputError("file is empty" + (" (whitespace only)" if text else ""),
                         path=str(path), hint="remove it from the manifest")
    _refuse_controls(text, path)
    return text


def _refuse_controls(text: str, path: Path) -> None:
    lone_cr = _LONE_CR.search(text)
    if lone_cr:
        line, column = _position(text, lone_cr.start())
        raise InputError("carriage return without line feed (old Mac line ends?)",
                         path=str(path), line=line, column=column,
                         hint="convert line ends to LF, e.g. tr '\\r' '\\n'")
    for match in _CONTROL.finditer(text):
        if match.group() not in TOLERATED_CONTROLS:
            line, column = _position(text, match.start())
            count = sum(1 for m in _CONTROL.finditer(text) if m.group() not in TOLERATED_CONTROLS)
            raise InputError(f"control character U+{ord(match.group()):04X} "
                             f"({count} in the file)", path=str(path), line=line, column=column,
                             hint="remove it: it is not text, and XML exports cannot carry it")
