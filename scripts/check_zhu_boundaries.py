"""How well the 注疏 reader finds the unmarked ends of KR1d0028's 注 (report for issue 9).

A 注 whose end the reader took from the alignment (the next passage is 經, no small print
between) is checked against KR1d0026, where the same 注 is in parentheses: the folded last
``W`` characters of the 注 and first ``W`` of the 經 after it are looked up in KR1d0026's folded
text with its note brackets kept. ``right``: found with the bracket exactly at the boundary;
``wrong``: found with no bracket there, or the bracket elsewhere in the window; ``unverifiable``:
the window does not occur (the editions' readings differ there).

Usage: python scripts/check_zhu_boundaries.py [--corpus DIR] [--window W]
"""

from __future__ import annotations

import argparse
import re
from itertools import pairwise
from pathlib import Path

from ritegraph.corpus import load_manifest, read_text
from ritegraph.lexicon import default_folder
from ritegraph.model import Layer
from ritegraph.readers import reader_for

_KEEP = re.compile(r"[\u3400-\u9fff\U00020000-\U0003ffff()]")


def folded_with_brackets(text: str) -> str:
    """KR1d0026 folded, only ideographs and the note brackets kept (``)(`` joints dropped)."""
    kept = "".join(_KEEP.findall(re.sub(r"<pb:[^>]*>|#.*", "", text)))
    return default_folder()(kept.replace(")(", ""))


def ideographs(text: str) -> str:
    return default_folder()("".join(ch for ch in _KEEP.findall(text) if ch not in "()"))


def boundaries(reference: str) -> tuple[str, set[int]]:
    """``reference`` without brackets, and the positions in it where a note opens or closes."""
    chars: list[str] = []
    marks: set[int] = set()
    for ch in reference:
        if ch in "()":
            marks.add(len(chars))
        else:
            chars.append(ch)
    return "".join(chars), marks


def verdict(tail: str, head: str, plain: str, marks: set[int]) -> str:
    found = [m.start() for m in re.finditer(re.escape(tail + head), plain)]
    if not found:
        return "unverifiable"
    return "right" if any(i + len(tail) in marks for i in found) else "wrong"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path)
    parser.add_argument("--window", type=int, default=4)
    args = parser.parse_args()
    w = args.window
    counts = {"right": 0, "wrong": 0, "unverifiable": 0}
    marked = 0
    examples: list[str] = []
    for file in load_manifest(args.corpus).files:
        if "KR1d0028" not in file.name:
            continue
        result = reader_for(file)(file, read_text(file.path))
        sibling = file.path.parent.parent / "KR1d0026" / file.path.name.replace("0028", "0026")
        plain, marks = boundaries(folded_with_brackets(read_text(sibling)))
        top = [p for p in result.passages if p.parent is None
               and p.layer not in (Layer.SPACE, Layer.MARKUP)]
        for zhu, after in pairwise(top):
            if zhu.layer is not Layer.ZHU:
                continue
            if after.layer is not Layer.JING:
                marked += 1
                continue
            tail = ideographs(zhu.text).removeprefix(default_folder()("注"))[-w:]
            head = ideographs(after.text)[:w]
            kind = verdict(tail, head, plain, marks) if len(tail) >= 2 and len(head) >= 2 \
                else "unverifiable"
            counts[kind] += 1
            if kind == "wrong" and len(examples) < 10:
                line = result.text.count("\n", 0, after.start) + 1
                examples.append(f"{file.name}:{line} …{tail}|{head}…")
    checked = counts["right"] + counts["wrong"]
    print(f"注 ends marked by small print (疏/音義) or a title: {marked}")
    print(f"注 ends found by alignment: {sum(counts.values())}: {counts}")
    print(f"accuracy where verifiable: {counts['right'] / max(1, checked):.3f} of {checked}")
    for line in examples:
        print("  wrong:", line)


if __name__ == "__main__":
    main()
