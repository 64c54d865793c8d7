"""Subcommands of the ``ritegraph`` CLI, one module each."""
