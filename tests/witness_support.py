"""Hand-made witnesses (one passage per clause) for the alignment and variant tests."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from ritegraph.lexicon import load_lexicon
from ritegraph.witnesses import Witness

REPO = Path(__file__).resolve().parents[1]
FOLD = load_lexicon().fold


def witness(file: str, clauses: list[str], rite: str = "yanli") -> tuple[Witness, str]:
    """A witness whose passage k is clause k (one passage per clause, one section each)."""
    text, chars, offsets, passages, sections, texts = "", [], [], [], {}, {}
    for k, clause in enumerate(clauses):
        iri = f"https://w3id.org/ritegraph/text/{file}/p{k}"
        sections[iri] = f"https://w3id.org/ritegraph/section/{file}/{k}"
        texts[iri] = (len(text), clause)
        for ch in clause:
            if ch not in "，。":
                chars.append(ch)
                offsets.append(len(text))
                passages.append(iri)
            text += ch
    folded = FOLD("".join(chars))
    return Witness(rite, file, f"https://w3id.org/ritegraph/doc/{file}", file, folded, offsets,
                   passages, sections, texts, edition=f"edition-{file}"), text


def corpus_of(names: list[str], target: Path) -> Path:
    """The bundled corpus cut down to some files, with their manifest entries."""
    source = REPO / "corpus"
    text = (source / "corpus.toml").read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    kept = [b for b in blocks if not b.startswith(("[[file]]", "[[unread]]"))
            or any(f'name = "{n}"' in b for n in names)]
    target.mkdir(parents=True)
    for name in names:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / name, target / name)
    (target / "corpus.toml").write_text("".join(kept), encoding="utf-8")
    return target


#: 燕礼 in three witnesses: the seed fragment and two Kanripo editions (KR1d0038 the reference).
YANLI = ["002_057a3db194e8ed57.txt", "kanripo/KR1d0038/KR1d0038_006.txt",
         "kanripo/KR1d0026/KR1d0026_006.txt"]
