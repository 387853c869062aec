"""Contact graphs and sweeps on a crowded table (design.md, Performance: 22 ms at 10,000 bases).

Bases of radius 1.5–5 cm are dropped at random (fixed seed, overlaps allowed) at a density that
gives each about 4–5 contacts, the crowded end of a real table. Prints ``BENCH <name> <value>
<unit>`` lines; the all-pairs build at 1,000 shows what the KD-tree saves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from benchmarks.common import report
from polemos.core.table import (
    Base,
    BaseIndex,
    PolygonObstacle,
    apply_sweep,
    contact_graph,
    in_contact,
    sweep,
)

SEED = 43
AREA_PER_BASE_CM2 = 58.0  # ≈ 4.5 contacts per base at 2.5 cm with these radii
SWEEP_CM = 10.0


def crowd(n: int, rng: random.Random) -> tuple[list[Base], float]:
    side = math.sqrt(AREA_PER_BASE_CM2 * n)
    return [Base(f"b{i}", rng.uniform(0, side), rng.uniform(0, side), rng.uniform(1.5, 5))
            for i in range(n)], side


def best_of(repeats: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def all_pairs(bases: list[Base]) -> int:
    return sum(in_contact(a, b) for i, a in enumerate(bases) for b in bases[i + 1:])


def main() -> None:
    rng = random.Random(SEED)
    for n, repeats in ((1_000, 5), (10_000, 3), (100_000, 1)):
        bases, side = crowd(n, rng)
        report(f"contact_graph_{n}", best_of(repeats, lambda b=bases: contact_graph(b)), "s")
        if n == 1_000:
            report("contact_graph_bruteforce_1000", best_of(1, lambda b=bases: all_pairs(b)), "s")
        if n == 10_000:
            graph = contact_graph(bases)
            report("contacts_per_base_10000", 2 * graph.number_of_edges() / n, "contacts")
            index = BaseIndex(bases)
            walls = [PolygonObstacle(f"w{k}", ((x, y), (x + 12, y), (x + 12, y + 3), (x, y + 3)))
                     for k in range(20)
                     for x, y in [(rng.uniform(0, side - 12), rng.uniform(0, side - 3))]]
            moves = []
            for _ in range(20_000):
                angle = rng.uniform(0, 2 * math.pi)
                moves.append((rng.choice(bases), (math.cos(angle), math.sin(angle))))
            start = time.process_time()
            for base, direction in moves:
                sweep([base], direction, SWEEP_CM, bases=index, obstacles=walls, stop_gap=2.5)
            report("sweeps_per_s", len(moves) / (time.process_time() - start), "sweeps/s")
            start = time.process_time()
            for base, direction in moves[:5_000]:
                met = sweep([base], direction, SWEEP_CM, bases=index, obstacles=walls)
                apply_sweep([base], direction, met, index)
                index.update_contacts(graph, base.id)
            report("sweep_move_update_per_s", 5_000 / (time.process_time() - start), "moves/s")


if __name__ == "__main__":
    main()
