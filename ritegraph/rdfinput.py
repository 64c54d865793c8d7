"""Reading RDF that a user hands in (``validate --data``, ``--shapes``): bounded and offline.

- **Size**: a file above :func:`max_bytes` (``$RITEGRAPH_MAX_RDF_MB``, default 1024) is refused
  before it is read.
- **RDF/XML**: a document with a DTD (``<!DOCTYPE``, ``<!ENTITY``) is refused before parsing:
  entity declarations are how an XML file expands a few kilobytes into gigabytes (the "billion
  laughs") or pulls in other files; RDF/XML needs none of them.
- **JSON-LD**: nothing is ever fetched. A context given by URL is replaced by the vendored copy
  when it is one ritegraph ships (the W3C Web Annotation context, which ``export --format
  annotations`` uses); any other remote or relative context, and ``@import``, is refused.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from .errors import InputError

ENV_MAX = "RITEGRAPH_MAX_RDF_MB"
DEFAULT_MAX_MB = 1024
_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)\b", re.I)


def max_bytes() -> int:
    value = os.environ.get(ENV_MAX, "").strip()
    if not value:
        return DEFAULT_MAX_MB << 20
    if not value.isdigit() or int(value) == 0:
        raise InputError(f"${ENV_MAX} must be a positive whole number of MiB, not {value!r}")
    return int(value) << 20


def checked_size(path: Path) -> int:
    """The file's size; :class:`InputError` if it is missing or above the limit."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", path=str(path)) from exc
    limit = max_bytes()
    if size > limit:
        raise InputError(f"the file has {size >> 20} MiB, above the limit of {limit >> 20} MiB "
                         f"for RDF input", path=str(path), hint=f"raise it with ${ENV_MAX}=N")
    return size


def read_bytes(path: Path) -> bytes:
    checked_size(path)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", path=str(path)) from exc


def check_rdfxml(data: bytes, path: Path) -> None:
    """Refuse an RDF/XML document that declares a DTD (entities are never expanded)."""
    match = _DTD.search(data)
    if match is not None:
        line = data.count(b"\n", 0, match.start()) + 1
        raise InputError(f"RDF/XML with a <!{match.group(1).decode().upper()} declaration is "
                         f"refused: entity expansion could exhaust memory or read other files",
                         path=str(path), line=line,
                         hint="write the entities out, or convert the file to Turtle")


def _known_contexts() -> dict[str, Path]:
    from .imports import anno_context_path
    from .jsonld import CONTEXT_FILE, CONTEXT_IRI
    from .rdf.annotation import ANNO_CONTEXT
    from .resources import data_dir

    path = anno_context_path()
    return {ANNO_CONTEXT: path, ANNO_CONTEXT.replace("http://", "https://"): path,
            CONTEXT_IRI: data_dir("ontology") / CONTEXT_FILE}


def _local_context(url: str, path: Path, known: dict[str, Path]) -> object:
    if url not in known:
        raise InputError(f"the JSON-LD context {url!r} would have to be fetched; ritegraph "
                         f"never fetches contexts", path=str(path),
                         hint="put the context inline in the document")
    return json.loads(known[url].read_text(encoding="utf-8"))["@context"]


def _inline(value: object, path: Path, known: dict[str, Path]) -> object:
    """A ``@context`` value with every URL replaced by its vendored content."""
    if isinstance(value, str):
        return _local_context(value, path, known)
    if isinstance(value, list):
        return [_inline(v, path, known) for v in value]
    if isinstance(value, dict):
        if "@import" in value:
            raise InputError("JSON-LD @import would fetch a context; ritegraph never fetches "
                             "contexts", path=str(path), hint="put the context inline")
        return {k: (_inline(v, path, known) if k == "@context" else
                    _nested(v, path, known)) for k, v in value.items()}
    return value


def _nested(value: object, path: Path, known: dict[str, Path]) -> object:
    """``value`` with every ``@context`` in it inlined (term definitions may scope one)."""
    if isinstance(value, dict):
        return {k: (_inline(v, path, known) if k == "@context" else _nested(v, path, known))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_nested(v, path, known) for v in value]
    return value


def offline_jsonld(path: Path) -> str:
    """The JSON-LD document at ``path`` with its contexts inlined (nothing left to fetch)."""
    data = read_bytes(path)
    try:
        document = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InputError(f"not JSON ({exc})", path=str(path)) from exc
    if not isinstance(document, dict | list):
        raise InputError("not a JSON-LD document (neither an object nor an array)",
                         path=str(path))
    return json.dumps(_nested(document, path, _known_contexts()), ensure_ascii=False)
