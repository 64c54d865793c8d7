"""The query process answers ``ritegraph query NAME`` ahead (ritegraph.prefetch): only where the
text the parent sends is the query file's own, and with the same output as without it."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from ritegraph import localrun
from ritegraph.cli import main
from ritegraph.prefetch import guess


@pytest.mark.parametrize(("argv", "expected"), [
    (["query", "object-usage"], ("object-usage", True)),
    (["-q", "query", "--store", "query", "who-handles", "--timeout", "5"], ("who-handles", True)),
    (["query", "who-handles", "--format", "tsv", "--no-labels"], ("who-handles", False)),
    (["query", "who-handles", "--format=table", "--no-labels"], ("who-handles", True)),
    (["query", "object-usage", "--param", "object=obj:zhi"], None),
    (["query", "object-usage", "--witness=KR1d0026"], None),
    (["query", "object-usage", "--limit", "3"], None),
    (["query", "--sparql", "ASK {}"], None),
    (["query", "queries/object-usage.rq"], None),
    (["stats"], None),
])
def test_a_query_is_guessed_only_where_its_text_is_the_file_s_own(argv, expected) -> None:
    found = guess(argv)
    assert (found and (found.name, found.labels)) == expected


def _early_run(argv: list[str]) -> tuple[str, int]:
    """What ``ritegraph ARGV`` prints through the early query process, and how many answers
    that process had ready before they were asked."""
    taken: list[localrun.QueryProcess] = []
    localrun.start_early(argv)
    taken.extend(localrun._EARLY)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    assert not localrun._EARLY  # taken over
    return out.getvalue(), taken[0].answered_ahead


@pytest.mark.parametrize("extra", [[], ["--format", "csv"], ["--format", "tsv", "--no-labels"]],
                         ids=["table", "csv-with-labels", "tsv-plain"])
def test_answers_given_ahead_print_what_a_plain_run_prints(small_store_dir: Path, extra) -> None:
    argv = ["query", "object-usage", "--store", str(small_store_dir), *extra]
    plain = io.StringIO()
    with contextlib.redirect_stdout(plain):
        assert main(argv) == 0
    printed, ahead = _early_run(argv)
    assert printed == plain.getvalue() and printed.count("\n") > 3
    assert ahead == (1 if "--no-labels" in extra else 2)  # the query, then its labels


def test_a_rewritten_query_is_asked_not_answered_ahead(small_store_dir: Path) -> None:
    printed, ahead = _early_run(["query", "object-usage", "--store", str(small_store_dir),
                                 "--limit", "2", "--format", "tsv", "--no-labels"])
    assert ahead == 0 and printed.count("\n") == 3  # the header and two rows
