"""AT-8 Decision: a surviving model's candidate spots are tried nearest first, lazily.

``clear_spot`` used to compute and sort every candidate (60 rings × 72 angles) at each call;
its lazy search must hand them out in exactly that order, so the spot found, and every golden
game, stays the same (issue 14).
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from polemos.core.table import Base
from polemos.rulesets.at43.geometry import (
    ANGLE_STEP,
    EPS,
    RING_STEP,
    RINGS,
    _nearest_first,
    heading_of,
    rotate,
    side_of,
)


class Crusher:
    def __init__(self, base: Base) -> None:
        self.base = base


def every_candidate_sorted(model: Base, crusher: Crusher, clearance: float,
                           path: tuple[tuple[float, float], tuple[float, float]]) -> list:
    """The specification: every candidate on the model's side, sorted (stably) by distance
    from the model, then ring, then angle from its direction."""
    cx, cy = crusher.base.x, crusher.base.y
    side = side_of(path[0], path[1], (model.x, model.y))
    if math.hypot(model.x - cx, model.y - cy) > EPS:
        start = math.degrees(math.atan2(model.y - cy, model.x - cx))
    else:
        start = heading_of(rotate(path[1], 90 * (side or 1)))
    inner = crusher.base.radius + clearance + model.radius
    candidates = []
    for ring in range(RINGS):
        radius = inner + ring * RING_STEP
        for step in range(-180 // ANGLE_STEP + 1, 180 // ANGLE_STEP + 1):
            px = cx + radius * math.cos(math.radians(start + step * ANGLE_STEP))
            py = cy + radius * math.sin(math.radians(start + step * ANGLE_STEP))
            if side and side_of(path[0], path[1], (px, py)) == -side:
                continue
            candidates.append((math.hypot(px - model.x, py - model.y), ring, abs(step), (px, py)))
    candidates.sort(key=lambda c: c[:3])
    return [c[3] for c in candidates]


offsets = st.one_of(st.just(0.0), st.sampled_from([1.5, -2.0, 2.5]),
                    st.floats(-6, 6, allow_nan=False))


@settings(max_examples=40, deadline=None)
@given(dx=offsets, dy=offsets, crusher_radius=st.sampled_from([1.0, 2.5, 3.7]),
       model_radius=st.sampled_from([0.5, 1.25]), clearance=st.sampled_from([0.0, 2.5]),
       heading=st.one_of(st.sampled_from([0.0, 45.0, 90.0]), st.floats(0, 360)),
       through=st.sampled_from(["crusher", "behind", "model"]))
def test_at8_candidates_come_nearest_first_in_the_full_sort_order(
        dx, dy, crusher_radius, model_radius, clearance, heading, through):
    crusher = Crusher(Base("c", 50.0, 40.0, crusher_radius))
    model = Base("m", 50.0 + dx, 40.0 + dy, model_radius)
    direction = (math.cos(math.radians(heading)), math.sin(math.radians(heading)))
    origin = {"crusher": (50.0, 40.0), "model": (model.x, model.y),
              "behind": (50.0 - 10 * direction[0], 40.0 - 10 * direction[1])}[through]
    path = (origin, direction)
    assert list(_nearest_first(model, crusher, clearance, path)) == \
        every_candidate_sorted(model, crusher, clearance, path)
