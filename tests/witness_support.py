"""Hand-made witnesses (one passage per clause) for the alignment and variant tests."""

from __future__ import annotations

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
