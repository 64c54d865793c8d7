"""Do the editions' sections line up? (report for issue 9)

For each chapter, the 經 of KR1d0028 (sections from the 疏's openers) and of KR1d0026
(sections carried over from KR1d0038) is aligned with KR1d0038's (章 lines), and each section
boundary is looked up: a boundary *agrees* when the 經 just after it falls in a different 章 of
KR1d0038 than the 經 just before it (the 章 changes where the section changes).

Usage: python scripts/section_agreement.py [--corpus DIR]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ritegraph.align import transfer, view
from ritegraph.corpus import load_manifest, read_text
from ritegraph.lexicon import default_folder
from ritegraph.model import Layer, ReadResult
from ritegraph.readers import reader_for


def jing_view(result: ReadResult, label):
    return view(result.text, [(p.start, p.end, label(p)) for p in result.passages
                              if p.layer is Layer.JING and p.section is not None],
                default_folder(), result.markup)


def agreement(target: ReadResult, judou: ReadResult) -> tuple[int, int, int]:
    """(sections of ``target``, 章 of KR1d0038, boundaries of ``target`` that agree)."""
    ref = jing_view(judou, lambda p: str(p.section))
    mine = jing_view(target, lambda p: str(p.section))
    zhang = transfer(ref, mine)
    agree = 0
    for k in range(1, len(mine.chars)):
        if mine.labels[k] != mine.labels[k - 1]:  # a section boundary of the target
            agree += zhang[k] is not None and zhang[k] != zhang[k - 1]
    return len(target.sections), len(judou.sections), agree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path)
    args = parser.parse_args()
    files = {f.name: f for f in load_manifest(args.corpus).files}
    read = {name: reader_for(f)(f, read_text(f.path)) for name, f in files.items()
            if name.startswith("kanripo/")}
    totals = {"KR1d0028": [0, 0, 0], "KR1d0026": [0, 0, 0]}
    print("chapter\tedition\tsections\t章\tboundaries agreeing")
    for chapter in range(1, 18):
        judou = read[f"kanripo/KR1d0038/KR1d0038_{chapter:03d}.txt"]
        for edition in totals:
            target = read[f"kanripo/{edition}/{edition}_{chapter:03d}.txt"]
            n, z, agree = agreement(target, judou)
            print(f"{chapter:02d}\t{edition}\t{n}\t{z}\t{agree} of {max(0, n - 1)}")
            for i, v in enumerate((n, z, agree)):
                totals[edition][i] += v
    for edition, (n, z, agree) in totals.items():
        print(f"all\t{edition}\t{n}\t{z}\t{agree} ({agree / max(1, n - 17):.1%} of boundaries)")


if __name__ == "__main__":
    main()
