"""The balance lab: batch bot games on a process pool or Dask, win rates with confidence,
reports and plots (``polemos balance``).

A builtin plugin on the same hooks as any outside one; its third-party dependencies (rich,
matplotlib, Dask) are the ``polemos[lab]`` extra and are imported only when a command runs.
"""

from __future__ import annotations

import argparse

from polemos.core.hookspecs import hookimpl

__version__ = "0.1.0"


@hookimpl
def polemos_add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]
                         ) -> None:
    from polemos.plugins.lab.cli import add_balance, add_odds, add_tune

    add_balance(subparsers)
    add_odds(subparsers)
    add_tune(subparsers)
