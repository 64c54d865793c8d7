"""The README's two commands are what a new user and CI run."""

from __future__ import annotations

import re

from .conftest import REPO


def readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)[:2]


def test_readme_starts_with_a_setup_and_build_command_then_a_test_command():
    setup, tests = readme_commands()
    assert "pip install" in setup and setup.endswith("ritegraph build")
    assert "pytest" in tests


def test_ci_runs_exactly_the_readme_test_command():
    _, tests = readme_commands()
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci
