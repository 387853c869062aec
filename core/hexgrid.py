"""Hex space: pure hex maths on pointy-top hexes in axial coordinates (design.md, Spaces).

Everything follows Red Blob Games' axial/cube formulation so that no direction, row parity or
facing needs a special case: a vector is a vector, a rotation is a coordinate permutation, and
rules code can reason about "ahead", "front-left" or "in the rear arc" without knowing how the
cloth is laid out. Offset coordinates exist only at the edge, for rectangular maps that scenario
authors describe by columns and rows.

Screen convention: x grows to the right and y grows *down* (as in SVG), so "clockwise" on the
screen is the positive angular direction and facing 1 (SE) is clockwise of facing 0 (E).

Arc tests use exact integer inequalities rather than angles, because a target exactly on an arc
boundary must be in both arcs (AI-44, AI-45) and floating-point angles would decide that case by
rounding noise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import networkx as nx

__all__ = [
    "ARCS",
    "DIRECTIONS",
    "FACING_NAMES",
    "Hex",
    "HexMap",
    "add",
    "arcs_of",
    "axial_to_offset",
    "distance",
    "forward_moves",
    "hex_corners",
    "hex_to_point",
    "in_arc",
    "line",
    "neighbour",
    "neighbours",
    "offset_to_axial",
    "point_to_hex",
    "ray",
    "rotate",
    "strictly_in_rear",
    "sub",
    "turn",
]


class Hex(NamedTuple):
    """A hex, or a vector between hexes, in axial coordinates.

    A named tuple keeps hexes hashable, cheap and readable in event logs and YAML. Note that
    ``+`` on tuples concatenates: use :func:`add` and :func:`sub` for hex arithmetic.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, implied by q + r + s == 0."""
        return -self.q - self.r


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),   # 0 E
    Hex(0, 1),   # 1 SE
    Hex(-1, 1),  # 2 SW
    Hex(-1, 0),  # 3 W
    Hex(0, -1),  # 4 NW
    Hex(1, -1),  # 5 NE
)
FACING_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")

ARCS: tuple[str, ...] = ("front", "right", "rear", "left")

_SQRT3 = math.sqrt(3.0)


def _check_facing(facing: int) -> None:
    # Python's negative indexing would silently accept -1..-6 while 6 raises; a facing outside
    # 0..5 is a bug in the caller (turn() always normalises), so say so plainly.
    if not 0 <= facing < 6:
        raise ValueError(f"facing must be 0..5, got {facing!r}")


def add(a: Hex, b: Hex) -> Hex:
    """Hex ``a`` moved by vector ``b`` (tuple ``+`` would concatenate instead)."""
    return Hex(a.q + b.q, a.r + b.r)


def sub(a: Hex, b: Hex) -> Hex:
    """The vector from ``b`` to ``a``."""
    return Hex(a.q - b.q, a.r - b.r)


def neighbour(h: Hex, facing: int) -> Hex:
    """The adjacent hex across the side that ``facing`` points at."""
    _check_facing(facing)
    d = DIRECTIONS[facing]
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, indexed by facing so ``neighbours(h)[f] == neighbour(h, f)``."""
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Hex steps from ``a`` to ``b``; the cube metric, so it ignores obstacles and map edges."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn(facing: int, steps: int) -> int:
    """The facing after ``steps`` 60° turns; positive is clockwise, any integer is accepted."""
    return (facing + steps) % 6


def rotate(h: Hex, steps: int) -> Hex:
    """Vector ``h`` rotated about the origin by ``steps`` × 60° clockwise.

    One clockwise step is the cube permutation (x, y, z) -> (-z, -x, -y); with q = x, r = z
    that is (q, r) -> (-r, q + r). Rotating a direction by n gives the direction n facings on.
    """
    q, r = h.q, h.r
    for _ in range(steps % 6):
        q, r = -r, q + r
    return Hex(q, r)


def _cube_round(fq: float, fr: float) -> Hex:
    # Round each cube coordinate, then repair the one with the largest rounding error so that
    # q + r + s == 0 still holds (Red Blob Games, "Rounding to nearest hex").
    fs = -fq - fr
    q = round(fq)
    r = round(fr)
    s = round(fs)
    dq = abs(q - fq)
    dr = abs(r - fr)
    ds = abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included, ``distance + 1`` long.

    Both ends are nudged by the same tiny cube offset so that a line running exactly along hex
    edges always falls on the same side instead of depending on rounding ties.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    # Red Blob's nudge (+1e-6, +1e-6, -2e-6 in q, r, s) sums to zero, so it stays a cube offset.
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    step = 1.0 / n
    return [_cube_round(aq + (bq - aq) * i * step, ar + (br - ar) * i * step)
            for i in range(n + 1)]


def ray(h: Hex, facing: int, n: int) -> list[Hex]:
    """The ``n`` hexes straight ahead of ``h`` along ``facing``, nearest first, ``h`` excluded.

    This is PCV's line of fire (PCV-14): it ignores map edges so callers decide what leaving the
    cloth means.
    """
    _check_facing(facing)
    d = DIRECTIONS[facing]
    return [Hex(h.q + d.q * i, h.r + d.r * i) for i in range(1, n + 1)]


def forward_moves(h: Hex, facing: int) -> tuple[tuple[Hex, int], tuple[Hex, int],
                                                 tuple[Hex, int]]:
    """The three forward hexes with the facing after entering each (PCV-9).

    Order is straight ahead, front-left, front-right: entering a front hex off the nose turns
    the aircraft 60° towards it.
    """
    _check_facing(facing)
    left = turn(facing, -1)
    right = turn(facing, 1)
    return (
        (neighbour(h, facing), facing),
        (neighbour(h, left), left),
        (neighbour(h, right), right),
    )


def _facing_relative(origin: Hex, facing: int, target: Hex) -> tuple[int, int]:
    # Rotating the offset so the facing points E lets one set of inequalities serve all facings.
    _check_facing(facing)
    v = rotate(sub(target, origin), -facing)
    return v.q, v.r


def arcs_of(origin: Hex, facing: int, target: Hex) -> frozenset[str]:
    """The fire arcs (of ``ARCS``) that ``target`` lies in, seen from ``origin`` facing ``facing``.

    Front and rear are 60°, right and left 120°, measured between hex centres. A target exactly
    on a boundary (a hex-vertex direction) is in both arcs (AI-44). With the facing rotated to E
    and v = (q, r), the pixel angle of v is compared with ±30° and ±150° through
    tan 30° = 1/√3, which clears to the integer tests below. The origin's own hex is in no arc:
    each ruleset decides what range 0 means (AI-46, PCV-16).
    """
    q, r = _facing_relative(origin, facing, target)
    if q == 0 and r == 0:
        return frozenset()
    along = 2 * q + r  # proportional to the pixel x of v
    across = 3 * r     # proportional to the pixel y of v, at the same scale after tan 30°
    arcs: list[str] = []
    if abs(across) <= along:
        arcs.append("front")
    if across >= abs(along):
        arcs.append("right")
    if abs(across) <= -along:
        arcs.append("rear")
    if -across >= abs(along):
        arcs.append("left")
    return frozenset(arcs)


def in_arc(origin: Hex, facing: int, target: Hex, arc: str) -> bool:
    """Whether ``target`` is in ``arc`` (boundaries included, the origin hex excluded)."""
    if arc not in ARCS:
        raise ValueError(f"unknown arc {arc!r}; expected one of {', '.join(ARCS)}")
    return arc in arcs_of(origin, facing, target)


def strictly_in_rear(origin: Hex, facing: int, target: Hex) -> bool:
    """Whether ``target`` is entirely in the rear arc, not on its boundary with a side arc.

    Rules such as tailing need "behind" without the ambiguity that a shared boundary allows.
    """
    q, r = _facing_relative(origin, facing, target)
    return 3 * abs(r) < -(2 * q + r)


def offset_to_axial(col: int, row: int) -> Hex:
    """Axial hex for an "odd-r" offset position (odd rows shoved right), as maps are authored."""
    return Hex(col - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """The "odd-r" (col, row) of ``h``; the inverse of :func:`offset_to_axial`."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


@lru_cache(maxsize=64)
def _graph(width: int, height: int) -> nx.Graph:
    # Built once per map size: every map of that size has the same zone, and freezing it keeps
    # one caller's edit from leaking into every other game that shares the cached object.
    m = HexMap(width, height)
    g: nx.Graph = nx.Graph()
    cells = m.hexes()
    g.add_nodes_from(cells)
    for h in cells:
        # Three directions (E, SE, SW) reach every neighbour pair exactly once.
        for d in DIRECTIONS[:3]:
            n = Hex(h.q + d.q, h.r + d.r)
            if m.contains(n):
                g.add_edge(h, n)
    return nx.freeze(g)


@dataclass(frozen=True, slots=True)
class HexMap:
    """A rectangular hex cloth of ``width`` columns by ``height`` rows in "odd-r" offsets.

    Frozen so a map can be shared between games and used as a cache key.
    """

    width: int
    height: int

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a hex map needs at least one column and one row, "
                             f"got {self.width}x{self.height}")

    def contains(self, h: Hex) -> bool:
        """Whether ``h`` is on the cloth; leaving it is a rules event (PCV-13), not an error."""
        col, row = axial_to_offset(h)
        return 0 <= col < self.width and 0 <= row < self.height

    def hexes(self) -> list[Hex]:
        """Every hex of the map, row by row, so iteration order is stable for replays."""
        return [offset_to_axial(col, row)
                for row in range(self.height) for col in range(self.width)]

    def graph(self) -> nx.Graph:
        """The engagement zone: the map's hexes joined to their on-map neighbours.

        The graph is shared between maps of the same size and frozen; call ``.copy()`` for one
        you can modify.
        """
        return _graph(self.width, self.height)


def hex_to_point(h: Hex, size_cm: float) -> tuple[float, float]:
    """Centre of ``h`` in cm, hex (0, 0) at the origin, y down.

    ``size_cm`` is the distance between adjacent centres (the across-flats width printed on hex
    cloths), which is what a player measures, rather than Red Blob's corner radius.
    """
    return size_cm * (h.q + h.r / 2.0), size_cm * (_SQRT3 / 2.0) * h.r


def point_to_hex(x: float, y: float, size_cm: float) -> Hex:
    """The hex containing the point (x, y) in cm; inverse of :func:`hex_to_point`."""
    fr = 2.0 * y / (_SQRT3 * size_cm)
    fq = x / size_cm - fr / 2.0
    return _cube_round(fq, fr)


def hex_corners(h: Hex, size_cm: float) -> list[tuple[float, float]]:
    """The six corners of ``h`` in cm, clockwise on screen from the upper-right, for SVG.

    The corner radius of a pointy-top hex whose flats are ``size_cm`` apart is size/√3.
    """
    cx, cy = hex_to_point(h, size_cm)
    radius = size_cm / _SQRT3
    corners: list[tuple[float, float]] = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners
