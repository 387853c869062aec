"""Where each piece's label goes: a greedy placer that keeps label boxes off each other.

Labels are placed one by one, the most crowded pieces first, each at the first free spot on
rings of candidate positions around its piece: touching the base first, then further out with a
leader line back to the base. A spot is free when its box overlaps no label already placed and
no other base, and stays on the table; when no spot is free, the least overlap wins. Text widths
come from a table of character widths rounded up, so the text a browser draws lies within the
boxes placed here (tests/core/test_replay_browser.py measures it).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

CHAR_EM = {**dict.fromkeys("fijlrt.,:;'!|()[] /-", 0.42), **dict.fromkeys("mwMW", 1.0),
           **dict.fromkeys("ABCDEFGHIJKLNOPQRSTUVXYZ", 0.78)}
"""Advance of a character in ems, rounded up from DejaVu Sans (the replay's font, wider than
Verdana's fallbacks); other characters take ``OTHER_EM``."""
OTHER_EM = 0.66
PAD = 1.5
RINGS = (2.0, 10.0, 20.0, 32.0, 46.0, 62.0, 80.0)
"""Gaps in px between a base and its label: the first touches, the others need a leader."""
ANGLES = (0, 45, -45, 180, 135, -135, 90, -90, 22.5, -22.5, 157.5, -157.5, 67.5, -67.5, 112.5,
          -112.5)
"""Directions tried, clockwise from east in degrees (y down), east and the diagonals first."""


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def overlap(self, other: Box) -> float:
        """The area shared with ``other``, in px²."""
        dx = min(self.x + self.w, other.x + other.w) - max(self.x, other.x)
        dy = min(self.y + self.h, other.y + other.h) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0


@dataclass(frozen=True, slots=True)
class LabelSpec:
    """A label to place: its piece's centre and radius (px), the size of its text (px)."""

    key: str
    x: float
    y: float
    r: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Placement:
    key: str
    box: Box
    leader: tuple[float, float, float, float] | None
    """A line from the base's edge to the box when the label stands off."""


def text_size(lines: Sequence[tuple[str, float]]) -> tuple[float, float]:
    """The estimated box of text ``lines`` of (text, font size px), with padding."""
    width = max((sum(CHAR_EM.get(c, OTHER_EM) for c in text) * size for text, size in lines),
                default=0.0)
    height = sum(size * 1.2 for _, size in lines)
    return width + 2 * PAD, height + 2 * PAD


def _grid() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every candidate spot in order of preference: (gap px, cos, sin) per candidate, the
    nearer ring first and, within a ring, ``ANGLES`` in order (8 on the touching ring)."""
    gaps, angles = [], []
    for ring, gap in enumerate(RINGS):
        for degrees in ANGLES if ring else ANGLES[:8]:
            gaps.append(gap)
            angles.append(math.radians(degrees))
    return np.array(gaps), np.cos(angles), np.sin(angles)


GAPS, COS, SIN = _grid()
PREFERENCE = GAPS * 2 + np.arange(len(GAPS)) * 0.01
"""Cost of a candidate on an empty table: nearer first, then the order of ``ANGLES``."""


def _boxes(spec: LabelSpec) -> np.ndarray:
    """The box (x0, y0, x1, y1) of every candidate spot of ``spec``'s label."""
    px = spec.x + (spec.r + GAPS) * COS
    py = spec.y + (spec.r + GAPS) * SIN
    x0 = np.where(COS > 0.38, px, np.where(COS < -0.38, px - spec.w, px - spec.w / 2))
    y0 = np.where(np.abs(SIN) < 0.38, py - spec.h / 2, np.where(SIN > 0, py, py - spec.h))
    return np.stack([x0, y0, x0 + spec.w, y0 + spec.h], axis=1)


def _overlaps(boxes: np.ndarray, others: np.ndarray) -> np.ndarray:
    """The summed overlap area of each of ``boxes`` with all of ``others`` (both x0 y0 x1 y1)."""
    if not len(others):
        return np.zeros(len(boxes))
    dx = (np.minimum(boxes[:, None, 2], others[None, :, 2])
          - np.maximum(boxes[:, None, 0], others[None, :, 0]))
    dy = (np.minimum(boxes[:, None, 3], others[None, :, 3])
          - np.maximum(boxes[:, None, 1], others[None, :, 1]))
    shared: np.ndarray = (np.clip(dx, 0, None) * np.clip(dy, 0, None)).sum(axis=1)
    return shared


def _leader(spec: LabelSpec, box: Box) -> tuple[float, float, float, float]:
    """From the base's rim towards the box's nearest point, ending on the box."""
    nx = min(max(spec.x, box.x), box.x + box.w)
    ny = min(max(spec.y, box.y), box.y + box.h)
    d = math.hypot(nx - spec.x, ny - spec.y) or 1.0
    return (spec.x + (nx - spec.x) * spec.r / d, spec.y + (ny - spec.y) * spec.r / d, nx, ny)


@functools.lru_cache(maxsize=256)
def place_labels(specs: tuple[LabelSpec, ...], width: float,
                 height: float) -> tuple[Placement, ...]:
    """A placement for every spec on a ``width`` × ``height`` picture. The same pieces get the
    same placement (steps where nothing moved look alike, and are computed once)."""
    if not specs:
        return ()
    centres = np.array([(s.x, s.y) for s in specs])
    sizes = np.array([(s.w, s.h) for s in specs])
    bases = np.array([(s.x - s.r, s.y - s.r, s.x + s.r, s.y + s.r) for s in specs])
    reach = (sizes[:, None, 0] + sizes[None, :, 0]) * 0.75
    crowd = (np.hypot(*(centres[:, None, :] - centres[None, :, :]).T) < reach).sum(axis=1)
    order = sorted(range(len(specs)), key=lambda i: (-int(crowd[i]), specs[i].key))
    placed = np.empty((0, 4))
    out: dict[str, Placement] = {}
    for i in order:
        spec = specs[i]
        boxes = _boxes(spec)
        inside = (np.clip(np.minimum(boxes[:, 2], width) - np.maximum(boxes[:, 0], 0), 0, None)
                  * np.clip(np.minimum(boxes[:, 3], height) - np.maximum(boxes[:, 1], 0), 0,
                            None))
        clash = (_overlaps(boxes, placed) * 4 + _overlaps(boxes, np.delete(bases, i, axis=0))
                 + (spec.w * spec.h - inside) * 8)
        free = np.flatnonzero(clash <= 1e-9)
        best = int(free[0]) if len(free) else int(np.argmin(clash + PREFERENCE))
        x0, y0, _, _ = boxes[best]
        box = Box(float(x0), float(y0), spec.w, spec.h)
        placed = np.vstack([placed, boxes[best]])
        out[spec.key] = Placement(spec.key, box, _leader(spec, box) if GAPS[best] > RINGS[0]
                                  else None)
    return tuple(out[s.key] for s in specs)


def total_overlap(boxes: Sequence[Box]) -> float:
    """The summed pairwise overlap of ``boxes`` in px², the measure the placer minimises."""
    return sum(a.overlap(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
