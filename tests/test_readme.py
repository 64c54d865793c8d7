"""The README and the docs stay true: the README's two commands are what a new user and CI run,
and every example they quote with its output gives that output on the seed build.

A checked example is written in README.md (or any ``docs/*.md``) as

    <!-- checked -->            (or <!-- checked exit=1 --> for a command that exits 1)
    ```sh
    ritegraph …                 (one command, no prompt, no pipe: it is run without a shell)
    ```

    ```text
    …                           (its standard output)
    ```

It is run as ``python -m ritegraph.cli …`` with ``RITEGRAPH_STORE`` pointing at the session's
seed build; it must exit with the marker's code (default 0), and its standard output must equal
the ``text`` block once both are normalised: a timing in parentheses, ``(1.95 s)``, becomes
``(… s)``, and trailing spaces and blank lines at either end are dropped (nothing else: no
store path is quoted). With ``RITEGRAPH_README_UPDATE=1`` the test writes every output that
differs into its document instead (review the diff), for when an output changes on purpose.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from .conftest import REPO

README = REPO / "README.md"
DOCUMENTS = (README, *sorted((REPO / "docs").glob("*.md")))
MARKER = re.compile(r"<!--\s*checked(?:\s+exit=(\d))?\s*-->")
TIMING = re.compile(r"\(\d+(?:\.\d+)? s\)")
UPDATE = os.environ.get("RITEGRAPH_README_UPDATE") == "1"


@dataclass(frozen=True)
class Example:
    """One checked example: its command, expected output and exit code, and where the output is."""

    command: str
    output: str
    exit_code: int
    output_lines: tuple[int, int]  # README lines (0-based, end excluded) of the text block's body


def fences(text: str) -> list:
    """The fenced code blocks and HTML blocks of ``text``, in order (markdown-it tokens)."""
    return [t for t in MarkdownIt().parse(text) if t.type in ("fence", "html_block")]


def readme_commands() -> list[str]:
    """The README's first two ``sh`` blocks: set up and build, then run the tests."""
    blocks = [t.content.strip() for t in fences(README.read_text(encoding="utf-8"))
              if t.type == "fence" and t.info == "sh"]
    return blocks[:2]


def checked_examples(text: str, name: str = "README") -> list[Example]:
    """Every example marked ``<!-- checked -->`` in ``text`` (of the document ``name``); a
    malformed one fails loudly."""
    tokens, examples = fences(text), []
    for i, token in enumerate(tokens):
        marker = MARKER.fullmatch(token.content.strip()) if token.type == "html_block" else None
        if not marker:
            continue
        following = tokens[i + 1:i + 3]
        if [t.info for t in following] != ["sh", "text"]:
            raise ValueError(f"{name} line {token.map[0] + 1}: a checked marker must be "
                             "followed by a sh block and a text block")
        command, output = following
        if "\n" in command.content.strip():
            raise ValueError(f"{name} line {command.map[0] + 1}: one command per checked "
                             "example")
        examples.append(Example(command.content.strip(), output.content,
                                int(marker.group(1) or 0), (output.map[0] + 1, output.map[1] - 1)))
    return examples


def normalise(output: str) -> str:
    """``output`` with timings blanked and trailing spaces dropped (see the module docstring)."""
    lines = (TIMING.sub("(… s)", line).rstrip() for line in output.splitlines())
    return "\n".join(lines).strip("\n")


def run(command: str, store: Path) -> subprocess.CompletedProcess[str]:
    """Run one README command (``ritegraph …``) on ``store``, without a shell."""
    program, *args = shlex.split(command)
    assert program == "ritegraph", f"a checked example runs ritegraph, not {program}"
    env = {**os.environ, "RITEGRAPH_STORE": str(store), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "ritegraph.cli", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=300)


def write_output(document: Path, command: str, output: str) -> None:
    """Replace the text block of the checked example ``command`` in ``document`` by ``output``
    (atomically)."""
    text = document.read_text(encoding="utf-8")
    start, end = next(e.output_lines for e in checked_examples(text) if e.command == command)
    lines = text.splitlines(keepends=True)
    fence = lines[start - 1]
    indent = fence[:len(fence) - len(fence.lstrip())]  # a block inside a list keeps its indent
    lines[start:end] = [(indent + line).rstrip() + "\n"
                        for line in output.strip("\n").splitlines()]
    partial = document.with_suffix(".md.partial")
    partial.write_text("".join(lines), encoding="utf-8")
    partial.replace(document)


def documented_examples() -> list[tuple[Path, Example]]:
    """The checked examples of the README and of every document in ``docs/``."""
    return [(document, example) for document in DOCUMENTS
            for example in checked_examples(document.read_text(encoding="utf-8"),
                                            document.relative_to(REPO).as_posix())]


DOCUMENTED = documented_examples()
EXAMPLES = [example for document, example in DOCUMENTED if document == README]


def test_readme_starts_with_a_setup_and_build_command_then_a_test_command():
    setup, tests = readme_commands()
    assert setup.startswith("python3 -m venv") and "pip install -e ." in setup
    assert setup.endswith("ritegraph build") and "[test]" not in setup
    assert "'.[test]'" in tests and "ruff check" in tests
    assert tests.endswith("&& pytest && pytest -m slow")  # the default suite, then the slow one


def test_ci_runs_exactly_the_readme_test_command():
    _, tests = readme_commands()
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci


def test_readme_mentions_the_fast_inner_loop():
    assert 'pytest -m "not slow"' in README.read_text(encoding="utf-8")


def test_readme_checks_at_least_five_examples_none_of_them_needing_the_whole_book():
    assert len(EXAMPLES) >= 5
    assert not [e.command for e in EXAMPLES if "shared" in e.command or " build" in e.command]


def test_the_query_guide_checks_its_quoted_outputs_too():
    guide = [e.command for d, e in DOCUMENTED if d.name == "queries.md"]
    assert len(guide) >= 4 and "ritegraph query xian-zuo-chou" in guide


def test_a_marker_without_its_two_blocks_is_refused():
    text = "<!-- checked -->\n```sh\nritegraph --version\n```\n\nno output block\n"
    with pytest.raises(ValueError, match=r"line 1: .* followed by a sh block and a text block"):
        checked_examples(text)


def test_a_checked_example_holds_one_command():
    text = "<!-- checked -->\n```sh\nritegraph --version\nritegraph --help\n```\n\n```text\n```\n"
    with pytest.raises(ValueError, match="line 2: one command"):
        checked_examples(text)


def test_timings_and_trailing_spaces_are_all_that_normalising_changes():
    assert normalise("a  \n3 warnings (1.95 s), (12 s)\n") == "a\n3 warnings (… s), (… s)"
    assert normalise("3 warnings") != normalise("4 warnings")


@pytest.mark.parametrize(("document", "example"), DOCUMENTED,
                         ids=[f"{d.name}: {e.command[:60]}" for d, e in DOCUMENTED])
def test_each_checked_example_prints_what_its_document_quotes(document, example, built_store):
    done = run(example.command, built_store)
    assert done.returncode == example.exit_code, done.stderr
    if UPDATE and normalise(done.stdout) != normalise(example.output):
        write_output(document, example.command, done.stdout)
        return
    assert normalise(done.stdout) == normalise(example.output)


def test_the_readme_python_example_runs_as_written(built_store, monkeypatch):
    pytest.importorskip("pandas")
    monkeypatch.setenv("RITEGRAPH_STORE", str(built_store))
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried >= 4 and failures == 0


def test_every_file_the_readme_links_to_exists():
    links = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README.read_text(encoding="utf-8"))
    assert links and not [link for link in links if not (REPO / link).exists()]


def test_a_marker_may_name_the_exit_code_the_command_must_give():
    text = "<!-- checked exit=1 -->\n```sh\nritegraph steps --disagreeing\n```\n\n```text\nx\n```\n"
    (example,) = checked_examples(text)
    assert (example.command, example.exit_code, example.output) == (
        "ritegraph steps --disagreeing", 1, "x\n")
