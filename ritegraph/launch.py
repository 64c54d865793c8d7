"""The ``ritegraph`` console command: for a local ``ritegraph query``, start the query process
before anything else is imported; then run :func:`ritegraph.cli.main`.

Python's start, the CLI's imports and its parser (~40 ms) came before the store was opened
(~45 ms on the seed corpus); started first, the query process opens the store meanwhile
(issue 14: ``ritegraph query NAME`` within 2× a bare pyoxigraph script). This module and
:func:`ritegraph.localrun.start_early` import only what a fork needs.
"""

from __future__ import annotations

import gc
import sys


def main() -> int:
    argv = sys.argv[1:]
    gc.disable()  # the imports keep what they make: collecting then was 6% of a query (perf)
    try:
        from .localrun import start_early

        start_early(argv)
        from .cli import main as run_command
    except KeyboardInterrupt:  # Ctrl-C while the CLI is still being imported
        return 130
    finally:
        gc.freeze()  # what start-up made stays for good: later collections pass it over
        gc.enable()
    return run_command(argv)
