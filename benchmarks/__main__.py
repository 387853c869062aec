"""Run every ``benchmarks/bench_*.py`` module's ``main()``; each prints ``BENCH name value unit``.

``python -m benchmarks [NAME ...]`` runs only the modules whose names contain one of NAME.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main(selected: list[str]) -> None:
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        if selected and not any(name in path.stem for name in selected):
            continue
        print(f"# {path.stem}", flush=True)
        importlib.import_module(f"benchmarks.{path.stem}").main()


if __name__ == "__main__":
    main(sys.argv[1:])
