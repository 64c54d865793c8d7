"""Process conventions of the ``ritegraph`` command: one version, lazy start (no heavy library
imported for a quick command), -q/-v before or after the command, progress only on a terminal,
and one rite resolver (slugs and labels) with a one-line error for an unknown rite."""

from __future__ import annotations

import argparse
import os
import pty
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import ritegraph
from ritegraph.cli import COMMANDS, main, make_parser
from ritegraph.commands.build import report_warnings
from ritegraph.progress import for_command

from .conftest import REPO

HEAVY = ("rdflib", "owlready2", "pyshacl", "starlette", "rich")
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def _run_python(code: str) -> list[str]:
    """The lines ``code`` prints in a fresh interpreter (it must succeed)."""
    done = subprocess.run([sys.executable, "-c", code], env=ENV, capture_output=True,
                          text=True, check=True, cwd=REPO)
    return done.stdout.splitlines()


def heavy_modules_after(code: str) -> list[str]:
    """The heavy libraries imported once ``code`` has run in a fresh interpreter."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    return " ".join(_run_python(probe)).split()


def test_version_option_prints_the_pyproject_version(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"ritegraph {VERSION}\n"
    assert ritegraph.__version__ == VERSION


def test_a_build_names_the_pyproject_version_as_its_generator(built_store: Path) -> None:
    from ritegraph.store import GRAPH_DATASET, open_store

    generator = f"https://w3id.org/ritegraph/software/ritegraph/{VERSION}"
    answer = open_store(built_store).query(
        f"ASK {{ GRAPH <{GRAPH_DATASET}> {{ ?s ?p <{generator}> }} }}")
    assert bool(answer)


def test_importing_the_cli_imports_no_heavy_library() -> None:
    assert heavy_modules_after("import ritegraph.cli") == []


def test_query_list_imports_no_heavy_library() -> None:
    code = ("import contextlib, io\nfrom ritegraph.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()): assert main(['query', '--list']) == 0")
    assert heavy_modules_after(code) == []


def test_a_named_query_on_the_store_imports_no_heavy_library(small_store_dir: Path) -> None:
    argv = ["query", "rite-overview", "--store", str(small_store_dir)]
    code = ("import contextlib, io\nfrom ritegraph.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            f"    assert main({argv!r}) == 0\n"
            "assert 'rows' in out.getvalue()")
    assert heavy_modules_after(code) == []


def test_the_local_query_process_opens_the_store_before_the_query_machinery_is_imported(
        small_store_dir: Path) -> None:
    """The child is forked first and opens the store while the parent imports ritegraph.query;
    neither needs multiprocessing (issue 14's start-up goal)."""
    code = ("import sys\nimport ritegraph.commands.query\n"
            "from ritegraph.localrun import ProcessTarget\n"
            f"target = ProcessTarget({str(small_store_dir)!r})\n"
            "print(target.process.pid is not None, 'ritegraph.query' in sys.modules,\n"
            "      'multiprocessing' in sys.modules)\n"
            "result = target.select('SELECT ?n { BIND(41 + 1 AS ?n) }')\n"
            "print(result.variables, result.rows[0]['n'].value)\n"
            "target.close()\n")
    assert _run_python(code) == ["True False False", "['n'] 42"]


def test_the_console_command_forks_the_query_process_before_importing_the_cli(
        small_store_dir: Path) -> None:
    """``ritegraph query`` (ritegraph.launch) starts the query process on the store its words
    name before argparse or the CLI is imported, and the parsed command takes it over."""
    words = ["-q", "query", "rite-overview", f"--store={small_store_dir}"]
    code = ("import sys\nfrom ritegraph import localrun\n"
            f"localrun.start_early({words!r})\n"
            "early = localrun._EARLY[0]\n"
            "print(early.pid is not None, 'argparse' in sys.modules,\n"
            "      'ritegraph.cli' in sys.modules)\n"
            f"target = localrun.ProcessTarget({str(small_store_dir)!r} + '/')\n"
            "print(target.process is early, target.select('ASK {}').boolean)\n"
            "target.close()\n")
    assert _run_python(code) == ["True False False", "True True"]


def test_an_early_query_process_on_another_store_is_not_used(small_store_dir: Path,
                                                             tmp_path: Path) -> None:
    code = ("from ritegraph import localrun\n"
            f"localrun.start_early(['query', '--store', {str(tmp_path)!r}, 'x'])\n"
            "early = localrun._EARLY[0]\n"
            f"target = localrun.ProcessTarget({str(small_store_dir)!r})\n"
            "print(target.process is early, early.pid, target.select('ASK {}').boolean)\n"
            "target.close()\n")
    assert _run_python(code) == ["False None True"]


def test_labels_that_come_with_the_answer_are_those_a_label_query_finds(
        small_store_dir: Path) -> None:
    """With ``labels_ahead`` the query process sends the labels of an answer's IRIs with it;
    the table's labels are then the ones a separate label lookup finds (best per IRI), and
    IRIs outside the last answer are still looked up."""
    from ritegraph.localrun import ProcessTarget
    from ritegraph.query import LocalTarget
    from ritegraph.results import labels
    from ritegraph.storepath import open_store

    text = "SELECT ?r ?x WHERE { ?r a rg:Rite OPTIONAL { ?x rg:inRite ?r } }"
    ahead = ProcessTarget(small_store_dir)
    ahead.labels_ahead = True
    try:
        rows = ahead.select(text).rows
        iris = [t.value for row in rows for t in row.values()]
        direct = LocalTarget(open_store(small_store_dir))
        assert ahead.known_labels(iris) is not None
        assert labels(ahead, iris) == labels(direct, iris)
        assert {iri: str(label) for iri, label in labels(ahead, iris).items()}[
            "https://w3id.org/ritegraph/rite/yanli"] == '"燕礼"@zh-hans'
        other = ["https://w3id.org/ritegraph/layer/jing"]
        assert ahead.known_labels(other) is None
        assert labels(ahead, other) == labels(direct, other) != {}
    finally:
        ahead.close()


@pytest.mark.parametrize("argv", [["query", "--list"], ["build"], ["-h", "query"],
                                  ["query", "x", "--endpoint=http://127.0.0.1:1/sparql"]],
                         ids=["list", "build", "help", "endpoint"])
def test_no_query_process_is_forked_for_commands_that_do_not_query_the_store(
        argv: list[str]) -> None:
    code = f"from ritegraph import localrun\nlocalrun.start_early({argv!r})\nprint(localrun._EARLY)"
    assert _run_python(code) == ["[]"]


def test_the_console_command_prints_what_the_cli_prints(small_store_dir: Path,
                                                       capsys) -> None:
    argv = ["query", "object-usage", "--store", str(small_store_dir), "--format", "tsv"]
    assert main(argv) == 0
    done = subprocess.run([sys.executable, "-m", "ritegraph", *argv], env=ENV,
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == capsys.readouterr().out and done.stdout.count("\n") > 3


def test_vocabulary_terms_are_plain_strings_and_closed() -> None:
    from ritegraph.vocab import RG, SH, SKOS, XSD

    assert type(RG.Step) is str and RG.Step == "https://w3id.org/ritegraph/ontology#Step"
    assert SKOS.prefLabel == "http://www.w3.org/2004/02/skos/core#prefLabel"
    assert SH["and"] == "http://www.w3.org/ns/shacl#and" and str(SKOS) == SKOS._NS
    assert XSD.anything == "http://www.w3.org/2001/XMLSchema#anything"  # open, as in rdflib
    with pytest.raises(AttributeError, match="not a term of SKOS"):
        _ = SKOS.prefLable


def test_the_full_parser_lists_every_command_with_its_help() -> None:
    parser = make_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: choice.help for choice in sub._choices_actions}
    assert helps == COMMANDS


def test_help_lists_every_command_without_importing_them(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(name in out and help_text.split()[0] in out
               for name, help_text in COMMANDS.items())


@pytest.mark.parametrize("argv", [["-v", "-q", "stats"], ["stats", "-v", "-q"]])
def test_verbose_and_quiet_are_taken_before_or_after_the_command(argv, tmp_path, capsys) -> None:
    assert main([*argv, "--store", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().err.startswith("ritegraph stats: error: ")


def test_reader_warnings_are_counted_listed_with_v_and_silenced_with_q(capsys) -> None:
    lines = ["a.txt:1:2: 【 is never closed", "b.txt:3:4: 】 without 【"]
    report_warnings(lines, argparse.Namespace(verbose=False, quiet=False))
    assert capsys.readouterr().err == ("ritegraph build: 2 reader warnings (unclosed notes, "
                                       "section ends not found …); list them with -v\n")
    report_warnings(lines, argparse.Namespace(verbose=True, quiet=False))
    assert capsys.readouterr().err == "".join(f"warning: {line}\n" for line in lines)
    report_warnings(lines, argparse.Namespace(verbose=False, quiet=True))
    assert capsys.readouterr().err == ""


def test_progress_is_off_when_stderr_is_not_a_terminal_or_with_q() -> None:
    assert not for_command(argparse.Namespace(quiet=False)).enabled  # pytest captures stderr
    assert not for_command(argparse.Namespace(quiet=True)).enabled


def test_export_on_a_terminal_shows_its_progress_and_erases_it(small_store_dir, tmp_path) -> None:
    leader, follower = pty.openpty()
    out = tmp_path / "out.ttl"
    with subprocess.Popen([sys.executable, "-m", "ritegraph.cli", "export", "--store",
                           str(small_store_dir), "-o", str(out)], env=ENV, cwd=REPO,
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=follower) as child:
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        assert child.wait(60) == 0
    os.close(leader)
    assert b"exporting turtle" in seen
    # the cursor is given back and the progress line erased: nothing is left on the terminal
    assert seen.endswith(b"\x1b[?25h\r\x1b[1A\x1b[2K")
    assert out.stat().st_size > 0


def test_export_to_a_pipe_prints_no_progress(small_store_dir) -> None:
    done = subprocess.run([sys.executable, "-m", "ritegraph.cli", "export", "--store",
                           str(small_store_dir)], env=ENV, cwd=REPO, capture_output=True,
                          check=True)
    assert done.stderr == b"" and done.stdout


@pytest.mark.parametrize("command", ["acts", "steps", "variants", "validate", "check"])
def test_an_unknown_rite_is_exit_2_in_one_line_naming_the_slugs(command, built_store,
                                                                capsys) -> None:
    assert main([command, "--store", str(built_store), "--rite", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"ritegraph {command}: error: unknown rite 'nosuch'; give a slug or a "
                          f"label of one of: xiangsheli (乡射礼), yanli (燕礼)"), err


@pytest.mark.parametrize("command", ["acts", "variants"])
def test_a_rite_is_named_by_slug_simplified_or_traditional_label(command, built_store,
                                                                 capsys) -> None:
    outputs = []
    for name in ("yanli", "燕礼", "燕禮"):
        assert main([command, "--store", str(built_store), "--rite", name,
                     "--format", "csv"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2] and outputs[0].count("\n") > 10


def test_validate_takes_a_rite_label(built_store, capsys) -> None:
    code = main(["validate", "--store", str(built_store), "--rite", "燕礼", "--format", "json"])
    assert code in (0, 1)
    assert '"conforms"' in capsys.readouterr().out
