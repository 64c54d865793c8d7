"""``ritegraph acts`` and ``ritegraph eval`` on a store built from the seeds (integration)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph import __version__
from ritegraph.acts import extract_acts
from ritegraph.build import build
from ritegraph.cli import main
from ritegraph.corpus import load_manifest, read_text
from ritegraph.lexicon import load_lexicon
from ritegraph.rdf.annotation import Provenance
from ritegraph.rdf.iris import software_iri
from ritegraph.rdf.steps import StepWriter
from ritegraph.rdf.terms import QuadWriter
from ritegraph.readers import reader_for
from ritegraph.store import open_store
from ritegraph.tables import clean, clip

from .tables_support import columns

KEYS = ["file", "start", "end", "quote", "rite", "section", "layer", "agent", "action", "object",
        "recipient", "place", "facing", "negated", "implicit_agent", "confidence", "iri", "step"]
TABLE_KEYS = ("file", "start", "end", "section", "agent", "action", "object", "recipient", "place",
              "facing", "negated", "quote")
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
GOLD = Path(__file__).resolve().parents[2] / "shared" / "gold" / "dev.jsonl"
#: A gold act for the fallback when the shared dev set is absent (002 献工: 主人洗).
FALLBACK_GOLD = {"id": "002-01-a", "file": "002_057a3db194e8ed57.txt", "start": 137,
                 "end": 140, "quote": "主人洗", "action": ["洗"], "agent": ["主人"], "object": [],
                 "recipient": [], "place": [], "facing": None, "negated": False}


@pytest.fixture(scope="module")
def store_with_acts(tmp_path_factory: pytest.TempPathFactory, seed_corpus: Path) -> Path:
    """The seeds built into a store, with the acts added if the build does not write them."""
    store_dir = tmp_path_factory.mktemp("acts-store")
    build(store_dir, seed_corpus)
    store = open_store(store_dir, read_only=False)
    has_acts = store.query(
        "ASK { GRAPH ?g { ?a a <https://w3id.org/ritegraph/ontology#Step> } }")
    if not bool(has_acts):
        out, lexicon = QuadWriter(), load_lexicon()
        for file in load_manifest(seed_corpus).files:
            result = reader_for(file)(file, read_text(file.path))
            made = Provenance("2026-12-01T00:00:00Z", software_iri(__version__))
            StepWriter(out, lexicon, made).file_steps(file, result, extract_acts(result))
        store.bulk_load(out.data(), format=ox.RdfFormat.N_QUADS)
    store.flush()
    del store
    return store_dir


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def test_acts_jsonl_has_exactly_the_issue_keys(store_with_acts: Path, capsys) -> None:
    code, out = run_cli(["acts", "--store", str(store_with_acts), "--format", "jsonl"], capsys)
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) > 500
    texts = {p.name: p.read_text(encoding="utf-8") for p in CORPUS.glob("*.txt")}
    for record in records:
        assert list(record) == KEYS
        assert texts[record["file"]][record["start"]:record["end"]] == record["quote"]
        assert record["layer"] in ("经", "译")
        assert record["facing"] in (None, "北", "南", "东", "西", "东北", "西北", "东南", "西南")
        assert 0 <= record["confidence"] <= 1


def test_acts_filters_and_csv(store_with_acts: Path, capsys) -> None:
    code, out = run_cli(["acts", "--store", str(store_with_acts), "--rite", "燕礼",
                         "--section", "献工", "--format", "csv"], capsys)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and {r["rite"] for r in rows} == {"燕礼"}
    assert {r["section"] for r in rows} == {"献工"}
    # 002: 主人洗升献工工不兴 …
    assert [(r["agent"], r["action"], r["negated"]) for r in rows[:4]] == [
        ("主人", "洗", "false"), ("主人", "升", "false"), ("主人", "献", "false"),
        ("工", "兴", "true")]
    _, by_slug = run_cli(["acts", "--store", str(store_with_acts), "--rite", "yanli",
                          "--section", "献工", "--format", "csv"], capsys)
    assert by_slug == out


def test_eval_from_store_equals_eval_from_corpus(store_with_acts: Path, tmp_path: Path,
                                                 capsys) -> None:
    gold = tmp_path / "gold.jsonl"
    if GOLD.is_file():
        gold.write_text(GOLD.read_text(encoding="utf-8"), encoding="utf-8")
    else:
        gold.write_text(json.dumps(FALLBACK_GOLD, ensure_ascii=False) + "\n", encoding="utf-8")
    _, from_store = run_cli(["eval", str(gold), "--store", str(store_with_acts),
                             "--format", "json"], capsys)
    _, from_corpus = run_cli(["eval", str(gold), "--from-corpus", "--format", "json"], capsys)
    assert json.loads(from_store) == json.loads(from_corpus)
    assert json.loads(from_store)["overall"]["gold"] > 0


def test_acts_table_is_aligned_by_display_width_and_holds_the_csv_values(store_with_acts: Path,
                                                                         capsys) -> None:
    argv = ["acts", "--store", str(store_with_acts), "--rite", "燕礼", "--section", "献工"]
    _, table = run_cli([*argv, "--format", "table"], capsys)
    _, out = run_cli([*argv, "--format", "csv"], capsys)
    header, *rows = columns(table.splitlines())
    assert header == list(TABLE_KEYS) and "\t" not in table
    expected = [[clip(clean(r[k])) if k != "quote" else clean(r[k]) for k in TABLE_KEYS]
                for r in csv.DictReader(io.StringIO(out))]
    assert rows == expected and len(rows) >= 4


def test_eval_table_is_aligned(store_with_acts: Path, tmp_path: Path, capsys) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(FALLBACK_GOLD, ensure_ascii=False) + "\n", encoding="utf-8")
    _, out = run_cli(["eval", str(gold), "--store", str(store_with_acts)], capsys)
    header, *rows = columns(out.splitlines())
    assert header[:5] == ["file", "gold", "pred", "match", "P"] and "\t" not in out
    assert rows[-1][:2] == ["overall", "1"]
