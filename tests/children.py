"""Child processes of the tests (servers, Dask schedulers and workers) that do not outlive
the test run."""

from __future__ import annotations

import signal
import sys

PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""


def dies_with_parent() -> None:
    """Ask Linux to SIGTERM this (child) process when the test process that started it dies:
    a test run killed mid-test (a CI timeout, ^C twice) never reaches its fixtures' teardown,
    and its servers and Dask workers would otherwise live on as orphans. A ``preexec_fn``.
    Elsewhere than Linux it does nothing: the teardown is all there is."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
