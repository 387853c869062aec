"""The tests' child processes end with the test process, even when it is killed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.children import dies_with_parent

ROOT = Path(__file__).resolve().parents[1]
PARENT = """
import subprocess, sys
from tests.children import dies_with_parent
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         preexec_fn=dies_with_parent)
print(child.pid, flush=True)
"""
"""A test process in miniature: it starts a long child and ends without any teardown."""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie waiting for init to reap it is gone
        return stat.read().split(") ")[-1][0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_child_is_ended_when_the_process_that_started_it_dies():
    parent = subprocess.run([sys.executable, "-c", PARENT], cwd=ROOT, capture_output=True,
                            text=True, check=True, timeout=30)
    child = int(parent.stdout.split()[0])
    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child)


def test_without_a_parent_gone_the_child_lives_on():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                             preexec_fn=dies_with_parent)
    try:
        time.sleep(0.2)
        assert alive(child.pid)
    finally:
        child.kill()
        child.wait()
