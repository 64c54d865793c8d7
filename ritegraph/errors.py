"""Typed errors, each mapped to a documented exit code (see README, "Exit codes")."""

from __future__ import annotations

EXIT_OK = 0
EXIT_PROBLEMS = 1  # validation or check found problems
EXIT_USAGE = 2  # usage, input, store or remote error
EXIT_INTERNAL = 3  # an unexpected exception (a bug): one line, the traceback with -v

#: Where an internal error should be reported (the project's home page).
REPORT_TO = "https://w3id.org/ritegraph/"


class RitegraphError(Exception):
    """Base class; ``exit_code`` is what the CLI returns."""

    exit_code = EXIT_USAGE


class InputError(RitegraphError):
    """Bad input (file, manifest, corpus text): names the place and what to do."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None, hint: str | None = None) -> None:
        where = ""
        if path is not None:
            where = path
            if line is not None:
                where += f":{line}"
                if column is not None:
                    where += f":{column}"
            where += ": "
        text = where + message
        if hint:
            text += f" ({hint})"
        super().__init__(text)
        self.path, self.line, self.column, self.hint = path, line, column, hint


class UsageError(RitegraphError):
    """Bad command-line usage."""


class StoreError(RitegraphError):
    """The store is missing or unreadable."""


class RemoteError(RitegraphError):
    """A remote SPARQL endpoint failed (unreachable, HTTP error, timeout, malformed result)."""


class StrictWarnings(RitegraphError):
    """``build --strict``: the readers warned (a silent misread is a finding); nothing written."""

    exit_code = EXIT_PROBLEMS
