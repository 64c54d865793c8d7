"""Progress of long work (build, export, validate, reason, push) on standard error.

Shown only when standard error is a terminal and ``-q`` was not given; drawn by ``rich`` (a
spinner, the phase, a bar when its size is known, the elapsed time), and erased when done, so
that a log or a pipe never sees it. :data:`NO_PROGRESS` is the silent default of the library
functions that take a ``progress``.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from typing import Any


class Progress:
    """One phase at a time: ``phase(name, total)`` starts it, ``advance()`` counts its items."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._live: Any = None  # rich.progress.Progress, made on the first phase
        self._task: Any = None

    def phase(self, name: str, total: int | None = None) -> None:
        """Start phase ``name`` (``total`` items, or unknown), ending the previous one."""
        if not self.enabled:
            return
        if self._live is None:
            self._live = _display()
            self._live.start()
        if self._task is not None:
            self._live.remove_task(self._task)
        self._task = self._live.add_task(name, total=total, detail="")

    def advance(self, items: int = 1, detail: str | None = None) -> None:
        """Count ``items`` done in the current phase (``detail``: what is being done now)."""
        if self._task is not None:
            self._live.update(self._task, advance=items,
                              **({} if detail is None else {"detail": detail}))

    def close(self) -> None:
        """Erase the display."""
        if self._live is not None:
            self._live.stop()
        self._live = self._task = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def step(self, name: str):
        """A phase of unknown size around a block (a spinner and the elapsed time)."""
        self.phase(name)
        try:
            yield self
        finally:
            self.close()


NO_PROGRESS = Progress(False)


def for_command(args: argparse.Namespace) -> Progress:
    """The progress display of a command: on a terminal's standard error, unless ``-q``."""
    return Progress(not getattr(args, "quiet", False) and sys.stderr.isatty())


def _display():
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.progress import Progress as Display

    return Display(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("{task.fields[detail]}", markup=False),
                   console=Console(stderr=True), transient=True)
