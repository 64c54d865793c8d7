"""The whole book's 考證 claims (KR1d0028, all chapters) counted without a build: each file read,
its witnesses kept, its 考證 parsed, then every claim located (docs/model.md, "The 四庫 editors'
考證"). Usage: ``python scripts/kaozheng_counts.py [--examples]``."""

from __future__ import annotations

import json
import sys
from collections import Counter

from ritegraph.corpus import load_manifest, read_text
from ritegraph.kaozheng import (
    KaozhengCounts,
    file_claims,
    load_kaozheng_grammar,
    resolve_claims,
)
from ritegraph.lexicon import load_lexicon
from ritegraph.readers import reader_for
from ritegraph.witnesses import witnesses_of


def main() -> None:
    fold, grammar = load_lexicon().fold, load_kaozheng_grammar()
    counts, claims, witnesses = KaozhengCounts(), [], []
    for file in load_manifest().files:
        if file.edition != grammar.edition:
            continue
        text = read_text(file.path)
        result = reader_for(file)(file, text)

        def passage(index: int, stem: str = file.stem) -> str:
            return f"text/{stem}/{index}"
        document = f"doc/{file.stem}"
        witnesses += witnesses_of(result, file.stem, document, file.name, fold, passage,
                                  lambda _index: None, file.edition)
        claims += file_claims(result, file.name, document, fold, passage, grammar, counts)
    variants = resolve_claims(claims, witnesses, grammar, grammar.person, counts)
    table = counts.to_json()
    table["variants"] = len(variants)
    table["kinds"] = dict(Counter(v.kind for v in variants).most_common())
    table["traditions"] = dict(Counter(v.readings[1].tradition for v in variants).most_common())
    if "--examples" not in sys.argv:
        for key in ("located_examples", "unparsed_examples", "unlocated_examples"):
            table.pop(key)
    print(json.dumps(table, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
