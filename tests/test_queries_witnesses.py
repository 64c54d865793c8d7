"""The named queries on a rite held in several witnesses: one act per rite step by default,
one witness's acts with ``witness`` (the per-edition view), on 燕礼 in three witnesses."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph import query as q
from ritegraph.build import build
from ritegraph.cli import main
from ritegraph.store import open_store

from .witness_support import YANLI, corpus_of

REFERENCE = "KR1d0038"  # the reference witness of 燕礼 (the longest)
QUERIES = q.catalogue()
ACT_QUERIES = sorted(n for n, nq in QUERIES.items() if any(p.name == q.WITNESS for p in nq.params))

#: Parameters that give each query rows on 燕礼 (the defaults name other rites or too few acts).
PARAMS = {"role-acts-in-section": {"role": "role:zhuren", "rite": "rite:yanli"},
          "section-sequence": {"title": "立司正"}, "inferred-agents": {"threshold": "1.0"},
          "xian-zuo-chou": {"min_steps": "1"}}
#: The column each counting query counts in (the others list one row per act).
COUNTED = {"action-transitions": "times", "exchanges": "acts", "object-usage": "acts",
           "objects-by-class": "acts", "rite-overview": "acts", "role-positions": "acts",
           "roles-per-rite": "acts", "section-acts": "acts", "who-handles": "acts",
           "xian-zuo-chou": "presented"}
#: Columns that count the witnesses or the whole rite, so differ between the two stores.
OF_ALL_WITNESSES = {"witnesses", "witnessActs", "riteSteps", "sections", "passages", "mentions"}


@pytest.fixture(scope="module")
def three(yanli) -> q.LocalTarget:
    return q.LocalTarget(open_store(yanli[1]), "燕礼 in three witnesses")


@pytest.fixture(scope="module")
def alone(tmp_path_factory) -> q.LocalTarget:
    """燕礼 in its reference witness alone."""
    base = tmp_path_factory.mktemp("yanli-alone")
    build(base / "store", corpus_of([YANLI[1]], base / "corpus"))
    return q.LocalTarget(open_store(base / "store"), "燕礼 in KR1d0038 alone")


def rows(target: q.Target, name: str, witness: str = "") -> list[tuple]:
    params = dict(PARAMS.get(name, {}), **({q.WITNESS: witness} if witness else {}))
    result = q.run(target, QUERIES[name], params)
    shown = [v for v in result.variables if v not in OF_ALL_WITNESSES]
    out = [tuple(row[v].value if v in row else "" for v in shown) for row in result.rows]
    if name == "section-acts":  # every witness's sections are listed; compare those with acts
        out = [r for r in out if r[2] != "0"]
    return out


def total(target: q.Target, name: str, witness: str = "") -> int:
    result = q.run(target, QUERIES[name], dict(PARAMS.get(name, {}),
                                               **({q.WITNESS: witness} if witness else {})))
    if name not in COUNTED:
        return len(result.rows)
    return sum(int(row[COUNTED[name]].value) for row in result.rows if COUNTED[name] in row)


def test_every_query_of_acts_takes_a_witness():
    assert {"object-usage", "roles-per-rite", "section-sequence", "who-handles",
            "negated-acts"} <= set(ACT_QUERIES)
    assert set(COUNTED) <= set(ACT_QUERIES)


@pytest.mark.parametrize("name", ACT_QUERIES)
def test_with_witness_a_query_answers_as_on_that_witness_alone(three, alone, name):
    """The per-edition view: restricted to the reference witness, three witnesses give exactly
    the rows of a store holding that witness alone (in any order: some orders are partial)."""
    expected = rows(alone, name)
    assert expected, name
    assert sorted(rows(three, name, REFERENCE)) == sorted(expected)


@pytest.mark.parametrize("name", [n for n in ACT_QUERIES if n != "roles-never"])
def test_three_witnesses_count_a_step_once_not_once_per_witness(three, alone, name):
    """By default the figures are the rite's: at least the reference witness's (every act of
    it stands for its rite step), well below the three witnesses' together (roles-never, the
    roles that never bow, is no sum over acts)."""
    merged = total(three, name)
    per_witness = [total(three, name, w) for w in ("002_", "KR1d0026", REFERENCE)]
    assert all(per_witness), (name, per_witness)
    assert total(alone, name) <= merged < sum(per_witness), (name, merged, per_witness)
    assert merged <= total(alone, name) + 2  # the one step only another witness states


def test_listed_acts_are_the_representatives_of_their_rite_steps(three):
    result = q.run(three, QUERIES["negated-acts"])
    listed = {row["act"].value for row in result.rows}
    representatives = {row["a"].value for row in three.select(
        "SELECT ?a WHERE { ?s rg:representative ?a }").rows}
    assert listed and listed <= representatives
    assert {int(row["witnesses"].value) for row in result.rows} <= {1, 2, 3}
    assert any(int(row["witnesses"].value) == 3 for row in result.rows)


def test_steps_and_check_refuse_an_unknown_witness_as_query_does(yanli, capsys):
    store = str(yanli[1])
    for command in (["steps"], ["check", "--no-shacl"]):
        assert main([*command, "--witness", "KR9", "--store", store]) == 2, command
        err = capsys.readouterr().err
        assert "no witness 'KR9'" in err and "KR1d0026_006.txt" in err, command


def test_a_number_like_witness_is_text_and_an_unknown_one_is_exit_2(yanli, capsys):
    store = str(yanli[1])
    assert main(["query", "roles-per-rite", "--witness", "002", "--store", store,
                 "--format", "csv", "--no-labels"]) == 0
    assert len(capsys.readouterr().out.splitlines()) > 5
    assert main(["query", "roles-per-rite", "--witness", "KR9", "--store", store]) == 2
    err = capsys.readouterr().err
    assert "no witness 'KR9'" in err and "KR1d0026_006.txt" in err and "Traceback" not in err
    assert main(["query", "term-layers", "--witness", "KR1d0026", "--store", store]) == 2
    assert "has no parameter 'witness'" in capsys.readouterr().err


def test_witness_option_and_param_agree(yanli, capsys):
    store = str(yanli[1])
    assert main(["query", "exchanges", "--witness", "KR1d0026", "--store", store]) == 0
    by_option = capsys.readouterr().out
    assert main(["query", "exchanges", "--param", "witness=KR1d0026", "--store", store]) == 0
    assert capsys.readouterr().out == by_option
    assert main(["query", "exchanges", "--witness", "a", "--param", "witness=b",
                 "--store", store]) == 2


def test_the_witness_value_is_a_string_literal():
    nq = QUERIES["exchanges"]
    prefixes = q.query_prefixes(nq.text)
    assert q.parse_param_value(nq.param(q.WITNESS), "002", prefixes) == ox.Literal("002")


def test_every_query_of_acts_holds_the_witness_block_of_the_docs():
    """One text for the restriction: the block docs/queries.md shows, in every such query."""
    docs = (Path(__file__).resolve().parents[1] / "docs" / "queries.md").read_text("utf-8")
    block = docs.split("```sparql\n", 1)[1].split("```", 1)[0]
    flat = " ".join(block.split())
    for name in ACT_QUERIES:
        assert flat in " ".join(QUERIES[name].text.split()), name
