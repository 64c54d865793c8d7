"""The corpus manifest (``corpus.toml``) and strict reading of corpus files."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError
from .resources import data_dir

MANIFEST_NAME = "corpus.toml"

#: Edition formats: manifest spelling → reader key.
FORMATS = {"句读": "judou", "judou": "judou", "注疏": "zhushu", "zhushu": "zhushu"}


@dataclass(frozen=True)
class Rite:
    slug: str
    label: str
    label_hant: str
    pinyin: str
    english: str
    chapter: int


@dataclass(frozen=True)
class RiteSpan:
    rite: str  # slug
    from_heading: str | None = None  # heading text that starts this rite (None: file start)


@dataclass(frozen=True)
class CorpusFile:
    name: str
    path: Path
    format: str  # reader key ("judou" | "zhushu")
    edition: str
    juan: tuple[str, ...]
    rites: tuple[RiteSpan, ...]
    translation: bool = False

    @property
    def stem(self) -> str:
        """Short citable id: the part before the first underscore ("000")."""
        return self.name.split("_", 1)[0]


@dataclass(frozen=True)
class Manifest:
    directory: Path
    rites: dict[str, Rite]
    files: tuple[CorpusFile, ...]


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

    rites: dict[str, Rite] = {}
    for entry in data.get("rite", []):
        try:
            rite = Rite(entry["slug"], entry["label"], entry["label_hant"], entry["pinyin"],
                        entry["english"], int(entry["chapter"]))
        except KeyError as exc:
            raise InputError(f"[[rite]] entry {entry!r} lacks {exc}", path=str(path)) from exc
        rites[rite.slug] = rite

    files: list[CorpusFile] = []
    for entry in data.get("file", []):
        name = entry.get("name")
        if not name:
            raise InputError(f"[[file]] entry without a name: {entry!r}", path=str(path))
        fmt = FORMATS.get(str(entry.get("format", "")))
        if fmt is None:
            raise InputError(
                f"unknown edition format {entry.get('format')!r} for {name}", path=str(path),
                hint=f"use one of {', '.join(k for k in FORMATS if not k.isascii())}")
        spans = tuple(RiteSpan(r["rite"], r.get("from_heading")) for r in entry.get("rites", []))
        if not spans:
            raise InputError(f"{name} names no rite", path=str(path), hint="add rites = [...]")
        for span in spans:
            if span.rite not in rites:
                raise InputError(f"{name} names unknown rite {span.rite!r}", path=str(path),
                                 hint="add a [[rite]] entry for it")
        file_path = directory / name
        if not file_path.is_file():
            raise InputError(f"manifest names {name}, which is not in {directory}",
                             path=str(path), hint="add the file or remove the entry")
        files.append(CorpusFile(name, file_path, fmt, entry.get("edition", ""),
                                tuple(entry.get("juan", [])), spans,
                                bool(entry.get("translation", False))))

    listed = {f.name for f in files}
    for extra in sorted(p.name for p in directory.glob("*.txt")):
        if extra not in listed:
            raise InputError(f"{extra} is in the corpus but not in the manifest",
                             path=str(directory / extra),
                             hint=f"add a [[file]] entry for it to {MANIFEST_NAME}")
    if not files:
        raise InputError("the manifest lists no files", path=str(path))
    return Manifest(directory, rites, tuple(files))


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
