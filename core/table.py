"""Continuous space: a table in centimetres, circular bases and obstacles (design.md, Spaces).

Frame: x grows to the east, y to the SOUTH (screen-like), origin at the north-west (top-left)
corner, so ``(0, -1)`` points north. Rulesets, renderers and the hex overlay share this one frame,
which is why it is fixed here rather than per ruleset.

Distances are base edge to base edge (AT-1, DBG-1). Every answer is exact closed-form geometry;
the only fuzz is ``EPS`` (1e-9 cm), which absorbs float rounding so that a base placed exactly at a
contact distance is in contact whatever the last bit says, and a base sliding along a wall does not
snag on its corner. Positions change in place (slots dataclasses, design.md, Performance);
obstacles never move, so they are frozen.

The contact graph is built with a KD-tree and kept current with ``BaseIndex``, a grid hash, so
neither a build nor an update ever tests every pair (design.md: 5.6 s naive vs 22 ms at 10,000).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Literal

import networkx as nx
import numpy as np
from scipy.spatial import cKDTree

CONTACT_CM = 2.5
"""AT-1: bases 2.5 cm apart or less are in contact (DBG uses its own 0.1 cm, DBG-1)."""

EPS = 1e-9
"""Length tolerance in cm (also the dimensionless tolerance on 'is this move closing in')."""

Vec = tuple[float, float]
EdgeName = Literal["north", "south", "west", "east"]
HitKind = Literal["base", "obstacle", "edge"]

_INF = math.inf
_KINDS: tuple[HitKind, ...] = ("base", "obstacle", "edge")
# Clockwise from north: the fixed order that breaks ties between equally near edges.
_EDGE_ORDER: tuple[EdgeName, ...] = ("north", "east", "south", "west")


_writes = 0
"""Bases made and fields of bases set in this process so far (``base_writes``)."""


def base_writes() -> int:
    """How many bases have been made and fields of bases set in this process (moved,
    resized). It only grows, so an answer worked out from positions holds for as long as this
    has not changed, whoever moved what and however (a rule, another ruleset, a test by hand):
    a cache checks one number instead of every base (De Bello Gallico's ``layout``)."""
    return _writes


@dataclass(slots=True)
class Base:
    """A unit's footprint. Mutated in place when it moves (never replaced, so what was
    measured from a unit's base stays tied to it); keep a ``BaseIndex`` in step. Every write
    counts toward ``base_writes``."""

    id: str
    x: float
    y: float
    radius: float

    def __init__(self, id: str, x: float, y: float, radius: float) -> None:
        if radius < 0:
            raise ValueError(f"base {id!r} has a negative radius {radius}")
        # Counted once, the slots set through their descriptors: a copy of a state makes a
        # base per unit, and four writes through ``__setattr__`` would cost twice this.
        global _writes
        _writes += 1
        _set_id(self, id)
        _set_x(self, x)
        _set_y(self, y)
        _set_radius(self, radius)

    def __setattr__(self, name: str, value: object) -> None:
        global _writes
        _writes += 1
        object.__setattr__(self, name, value)


_set_id = Base.__dict__["id"].__set__
_set_x = Base.__dict__["x"].__set__
_set_y = Base.__dict__["y"].__set__
_set_radius = Base.__dict__["radius"].__set__
"""The slots of the class ``dataclass(slots=True)`` made, for ``Base.__init__``."""


@dataclass(frozen=True, slots=True)
class CircleObstacle:
    """Round terrain, or a wreck in place of its vehicle (AT-6).

    ``armour`` None means impassable with no Armour value (AT-10: stronger than any vehicle).
    """

    id: str
    x: float
    y: float
    radius: float
    armour: int | None = None
    size: int | None = None
    bbox: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.radius < 0:
            raise ValueError(f"obstacle {self.id!r} has a negative radius {self.radius}")
        object.__setattr__(self, "bbox", (self.x - self.radius, self.y - self.radius,
                                          self.x + self.radius, self.y + self.radius))


# A polygon side, precomputed once: start (ax, ay), unit direction (ex, ey), length, and the
# unit normal (nx, ny) = (-ey, ex); sweeps read these in their inner loop.
_Side = tuple[float, float, float, float, float, float, float]


@dataclass(frozen=True, slots=True)
class PolygonObstacle:
    """A building, wall or river bank: any simple polygon, convex or not, in either winding.

    ``armour`` None means impassable with no Armour value (AT-10).
    """

    id: str
    points: tuple[Vec, ...]
    armour: int | None = None
    size: int | None = None
    bbox: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    _sides: tuple[_Side, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pts = tuple((float(x), float(y)) for x, y in self.points)
        if len(pts) < 3:
            raise ValueError(f"polygon {self.id!r} needs at least 3 points")
        sides: list[_Side] = []
        for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True):
            length = math.hypot(bx - ax, by - ay)
            if length < EPS:
                raise ValueError(f"polygon {self.id!r} repeats the point {(ax, ay)}")
            ex, ey = (bx - ax) / length, (by - ay) / length
            sides.append((ax, ay, ex, ey, length, -ey, ex))
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        object.__setattr__(self, "points", pts)
        object.__setattr__(self, "_sides", tuple(sides))
        object.__setattr__(self, "bbox", (min(xs), min(ys), max(xs), max(ys)))

    def contains_point(self, x: float, y: float) -> bool:
        """Even-odd rule, so the winding of ``points`` does not matter."""
        inside = False
        x0, y0 = self.points[-1]
        for x1, y1 in self.points:
            if (y1 > y) != (y0 > y) and x < (x0 - x1) * (y - y1) / (y0 - y1) + x1:
                inside = not inside
            x0, y0 = x1, y1
        return inside

    def boundary_distance(self, x: float, y: float) -> float:
        """Distance from a point to the outline (outside, equal to the distance to the area)."""
        return min(_side_distance(x, y, side)[0] for side in self._sides)


Obstacle = CircleObstacle | PolygonObstacle


@dataclass(frozen=True, slots=True)
class Table:
    """The playing area: ``width`` along x (west to east), ``height`` along y (north to south)."""

    width: float
    height: float

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"table must have a positive size, not {self.width} x {self.height}")

    def contains(self, base: Base) -> bool:
        """Whole base on the table (touching an edge still counts)."""
        r = base.radius - EPS
        return r <= base.x <= self.width - r and r <= base.y <= self.height - r

    def nearest_edge(self, x: float, y: float) -> tuple[EdgeName, float, Vec]:
        """The edge nearest a point on the table, its distance and the foot point on it.

        For a base pass its centre: every edge is the same radius nearer its rim, so the nearest
        edge is the same. Ties go clockwise from north (north, east, south, west).
        """
        feet: dict[EdgeName, tuple[float, Vec]] = {
            "north": (y, (x, 0.0)),
            "east": (self.width - x, (self.width, y)),
            "south": (self.height - y, (x, self.height)),
            "west": (x, (0.0, y)),
        }
        name = min(_EDGE_ORDER, key=lambda edge: feet[edge][0])
        return name, feet[name][0], feet[name][1]


# --- distances -----------------------------------------------------------------------------


def gap(a: Base, b: Base) -> float:
    """Edge-to-edge distance, negative when the bases overlap.

    Radii are summed before subtracting so that ``gap(a, b) == gap(b, a)`` to the last bit.
    """
    return math.hypot(a.x - b.x, a.y - b.y) - (a.radius + b.radius)


def in_contact(a: Base, b: Base, limit: float = CONTACT_CM) -> bool:
    """AT-1 contact (gap ≤ 2.5 cm) by default; DBG base contact is ``limit=0.1`` (DBG-1)."""
    return gap(a, b) <= limit + EPS


def gap_to_obstacle(base: Base, obstacle: Obstacle) -> float:
    """Edge of the base to the obstacle's outline; negative when they overlap.

    With the centre inside a polygon the gap is minus (depth to the outline + radius), so it keeps
    shrinking the deeper the base sits.
    """
    if isinstance(obstacle, CircleObstacle):
        return math.hypot(base.x - obstacle.x, base.y - obstacle.y) - (
            base.radius + obstacle.radius)
    depth = obstacle.boundary_distance(base.x, base.y)
    if obstacle.contains_point(base.x, base.y):
        depth = -depth
    return depth - base.radius


def gap_at_most(base: Base, obstacle: Obstacle, reach: float) -> bool:
    """``gap_to_obstacle(base, obstacle) <= reach``, to the last bit, without measuring the
    other sides of an outline once one is near enough: each side's distance less the radius
    is compared as the least of them would be."""
    if isinstance(obstacle, CircleObstacle):
        return gap_to_obstacle(base, obstacle) <= reach
    x, y, radius = base.x, base.y, base.radius
    for side in obstacle._sides:
        if _side_distance(x, y, side)[0] - radius <= reach:
            return True  # inside, the gap is lower still
    return obstacle.contains_point(x, y) and -obstacle.boundary_distance(x, y) - radius <= reach


def _side_distance(px: float, py: float, side: _Side) -> tuple[float, float, float]:
    """Distance from a point to a polygon side, with the nearest point of the side."""
    ax, ay, ex, ey, length, _, _ = side
    u = min(max((px - ax) * ex + (py - ay) * ey, 0.0), length)
    qx, qy = ax + u * ex, ay + u * ey
    return math.hypot(px - qx, py - qy), qx, qy


# --- directions ----------------------------------------------------------------------------


def unit(dx: float, dy: float) -> Vec:
    """The vector scaled to length 1; a (near) zero vector has no direction and is refused."""
    length = math.hypot(dx, dy)
    if length < EPS:
        raise ValueError(f"no direction: vector ({dx}, {dy}) has (near) zero length")
    return dx / length, dy / length


def _xy(p: Base | Vec) -> Vec:
    return (p.x, p.y) if isinstance(p, Base) else p


def direction_from(a: Base | Vec, b: Base | Vec) -> Vec:
    """Unit vector from a's centre through b's: a throw's line (AT-30), a flight's (DBG-29)."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return unit(bx - ax, by - ay)


def average_direction(vectors: Iterable[Vec]) -> Vec:
    """Mean of the unit vectors, normalised (AT-39, AT-40): each attacker weighs the same
    whatever the length of the vector it is given as. Opposed vectors cancel and are refused."""
    sx = sy = 0.0
    count = 0
    for dx, dy in vectors:
        ux, uy = unit(dx, dy)
        sx += ux
        sy += uy
        count += 1
    if count == 0:
        raise ValueError("no direction to average")
    return unit(sx / count, sy / count)


def on_path(origin: Vec, direction: Vec, base: Base) -> bool:
    """Whether a move from ``origin`` along ``direction`` closes on ``base`` (AT-23, AT-35).

    Definition: the base's centre lies strictly ahead of the line through ``origin``
    perpendicular to the move, so moving a circle centred at ``origin`` makes its gap to the base
    shrink. A base exactly beside (or behind) is not on the path. ``sweep`` meets bases by this
    same test, so a chain built with it is exactly what a push would run into.
    """
    dx, dy = unit(*direction)
    wx, wy = base.x - origin[0], base.y - origin[1]
    return wx * dx + wy * dy > EPS * math.hypot(wx, wy)


# --- spatial index -------------------------------------------------------------------------


def _origin(origin: Base | Vec) -> tuple[float, float, float, str | None]:
    if isinstance(origin, Base):
        return origin.x, origin.y, origin.radius, origin.id
    return origin[0], origin[1], 0.0, None


class BaseIndex(Mapping[str, Base]):
    """A uniform grid hash of bases for queries after single moves: O(1) add, move and remove.

    It holds the caller's ``Base`` objects (a read-only mapping id → base). Moving a base by hand
    leaves its cell stale: call ``move(base.id, base.x, base.y)`` afterwards (``apply_sweep``
    does). Any cell size gives right answers; about 2 × largest radius + 2.5 cm makes a contact
    query read the 3 × 3 cells around a base.
    """

    __slots__ = ("cell", "_bases", "_cells", "_where", "_max_radius")

    def __init__(self, bases: Iterable[Base] = (), cell: float | None = None) -> None:
        pool = list(bases)
        self._max_radius = max((b.radius for b in pool), default=0.0)
        self.cell = cell if cell is not None else 2 * self._max_radius + CONTACT_CM
        if self.cell <= 0:
            raise ValueError(f"cell size must be positive, not {self.cell}")
        self._bases: dict[str, Base] = {}
        self._cells: dict[tuple[int, int], dict[str, Base]] = {}
        self._where: dict[str, tuple[int, int]] = {}
        for base in pool:
            self.add(base)

    def __getitem__(self, base_id: str) -> Base:
        return self._bases[base_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._bases)

    def __len__(self) -> int:
        return len(self._bases)

    def _key(self, x: float, y: float) -> tuple[int, int]:
        return math.floor(x / self.cell), math.floor(y / self.cell)

    def add(self, base: Base) -> None:
        """Index a new base; ids are unique because graphs and sweeps name bases by id."""
        if base.id in self._bases:
            raise ValueError(f"base id {base.id!r} is already indexed")
        key = self._key(base.x, base.y)
        self._bases[base.id] = base
        self._where[base.id] = key
        self._cells.setdefault(key, {})[base.id] = base
        # Never lowered on removal: a stale larger reach only widens the candidate search.
        self._max_radius = max(self._max_radius, base.radius)

    def remove(self, base_id: str) -> Base:
        """Drop a base (destroyed, left the table) and hand it back."""
        base = self._bases.pop(base_id)
        self._unfile(base_id, self._where.pop(base_id))
        return base

    def _unfile(self, base_id: str, key: tuple[int, int]) -> None:
        bucket = self._cells[key]
        del bucket[base_id]
        if not bucket:
            del self._cells[key]

    def move(self, base_id: str, x: float, y: float) -> None:
        """Set a base's centre and re-file it if it changed cell."""
        base = self._bases[base_id]
        base.x, base.y = x, y
        key = self._key(x, y)
        old = self._where[base_id]
        if key != old:
            self._unfile(base_id, old)
            self._cells.setdefault(key, {})[base_id] = base
            self._where[base_id] = key

    def _in_box(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[Base]:
        """Every base whose disc may touch the box: a superset for exact tests to filter."""
        pad = self._max_radius
        ix0, iy0 = self._key(x0 - pad, y0 - pad)
        ix1, iy1 = self._key(x1 + pad, y1 + pad)
        if (ix1 - ix0 + 1) * (iy1 - iy0 + 1) > len(self._cells):
            # A box wider than the occupied cells: walking the cells present is cheaper.
            for (ix, iy), bucket in self._cells.items():
                if ix0 <= ix <= ix1 and iy0 <= iy <= iy1:
                    yield from bucket.values()
            return
        cells = self._cells
        for ix in range(ix0, ix1 + 1):
            for iy in range(iy0, iy1 + 1):
                found = cells.get((ix, iy))
                if found:
                    yield from found.values()

    def near(self, x: float, y: float, reach: float) -> list[Base]:
        """Bases whose rim is within ``reach`` of the point, sorted by id."""
        return self.within((x, y), reach)

    def within(self, origin: Base | Vec, radius: float) -> list[Base]:
        """Bases within ``radius`` cm edge to edge of a base (itself excluded) or of a point,
        sorted by id: zones of control (DBG-15, 2 cm), officer and standard ranges (DBG-33, -48)."""
        ox, oy, orad, oid = _origin(origin)
        reach = orad + radius + EPS
        found = [b for b in self._in_box(ox - reach, oy - reach, ox + reach, oy + reach)
                 if b.id != oid and math.hypot(b.x - ox, b.y - oy) - (b.radius + orad)
                 <= radius + EPS]
        found.sort(key=lambda b: b.id)
        return found

    def nearest(self, origin: Base | Vec, exclude: Collection[str] = frozenset()) -> Base | None:
        """The base with the smallest gap to ``origin`` (ties to the lowest id), or None.

        Searches doubling radii, so the cost follows the distance to the answer, not the number of
        bases indexed.
        """
        ox, oy, orad, oid = _origin(origin)
        skip = set(exclude)
        if oid is not None:
            skip.add(oid)
        if len(self._bases) == sum(1 for s in skip if s in self._bases):
            return None
        reach = self.cell
        while True:
            found = [b for b in self.within(origin, reach) if b.id not in skip]
            if found:
                # Anything nearer than the best found is within ``reach`` too, hence in ``found``.
                return min(found, key=lambda b: (
                    math.hypot(b.x - ox, b.y - oy) - (b.radius + orad), b.id))
            reach *= 2

    def update_contacts(self, graph: nx.Graph, base_id: str, limit: float = CONTACT_CM) -> None:
        """Redo one base's contact edges after it moved, querying around that base only."""
        base = self._bases[base_id]
        if base_id in graph:
            graph.remove_edges_from(list(graph.edges(base_id)))
        else:
            graph.add_node(base_id)
        graph.add_edges_from((base_id, other.id) for other in self.within(base, limit))


# --- contact graph and its queries ---------------------------------------------------------


def contact_graph(bases: Iterable[Base], limit: float = CONTACT_CM) -> nx.Graph:
    """Nodes are base ids, edges join bases in contact (gap ≤ ``limit``).

    Candidate pairs come from a KD-tree within the largest possible contact reach, then an exact
    gap filter, so the cost follows the number of near pairs, never every pair.
    """
    pool = list(bases)
    ids = [b.id for b in pool]
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    if len(graph) != len(pool):
        raise ValueError("base ids must be unique")
    if len(pool) < 2:
        return graph
    xy = np.fromiter((c for b in pool for c in (b.x, b.y)), dtype=float,
                     count=2 * len(pool)).reshape(-1, 2)
    radii = np.fromiter((b.radius for b in pool), dtype=float, count=len(pool))
    reach = 2 * float(radii.max()) + limit + EPS
    pairs = cKDTree(xy).query_pairs(reach, output_type="ndarray")
    i, j = pairs[:, 0], pairs[:, 1]
    gaps = np.hypot(xy[i, 0] - xy[j, 0], xy[i, 1] - xy[j, 1]) - (radii[i] + radii[j])
    keep = gaps <= limit + EPS
    graph.add_edges_from(zip(map(ids.__getitem__, i[keep].tolist()),
                             map(ids.__getitem__, j[keep].tolist()), strict=True))
    return graph


def groups(graph: nx.Graph) -> list[set[str]]:
    """Connected groups of bases in contact, ordered by their smallest id (stable for replays)."""
    return sorted((set(c) for c in nx.connected_components(graph)), key=min)


def contacts_on_path(graph: nx.Graph, start_id: str, bases_by_id: Mapping[str, Base],
                     direction: Vec) -> dict[str, int]:
    """Ranks of the chain a move along ``direction`` drives into (AT-35).

    Rank 0 is ``start_id``; rank k + 1 is a base in contact with one of rank k and ``on_path``
    from its centre. Contacts are followed only through ``bases_by_id``, so passing just the AFVs
    keeps infantry (never obstacles, AT-10) out of the chain. Ordered by rank, then id.
    """
    ranks = {start_id: 0}
    frontier = [start_id]
    while frontier:
        nxt: list[str] = []
        for node in frontier:
            here = bases_by_id[node]
            for other in sorted(graph.neighbors(node)):
                if (other not in ranks and other in bases_by_id
                        and on_path((here.x, here.y), direction, bases_by_id[other])):
                    ranks[other] = ranks[node] + 1
                    nxt.append(other)
        frontier = sorted(nxt)
    return ranks


# --- sweeps --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Meeting:
    """One thing met by one block member: ``id`` is a base or obstacle id, or an edge name."""

    kind: HitKind
    id: str
    mover_id: str


@dataclass(frozen=True, slots=True)
class Sweep:
    """Where a straight move stops and what it met there.

    ``meetings`` lists everything met at the stopping point (several block members may meet
    several things at once; AT-37 damages each vehicle that meets one), ordered by kind (base,
    obstacle, edge), id, then mover; the ``hit_*`` properties read the first.
    """

    travelled: float
    meetings: tuple[Meeting, ...] = ()

    @property
    def hit_kind(self) -> HitKind | None:
        return self.meetings[0].kind if self.meetings else None

    @property
    def hit_id(self) -> str | None:
        return self.meetings[0].id if self.meetings else None

    @property
    def mover_id(self) -> str | None:
        return self.meetings[0].mover_id if self.meetings else None


def _meet_circle(px: float, py: float, dx: float, dy: float, qx: float, qy: float,
                 limit: float) -> float:
    """Travel at which a point moving from p along unit d first comes within ``limit`` of q."""
    wx, wy = px - qx, py - qy
    dist2 = wx * wx + wy * wy
    return _ring_travel((wx, wy, math.sqrt(dist2), limit, dist2 - limit * limit), dx, dy)


# A circle of radius ``limit`` as seen from a point before it moves: the offset (wx, wy) from
# the circle's centre to the point, its length, ``limit``, and length² - limit². None of it
# depends on the heading (``Outlook``).
_Ring = tuple[float, float, float, float, float]
# A ring as ``Outlook`` keeps it, with every heading-free part of ``_ring_travel`` done once:
# a travel no meeting with it comes as soon as (its length - limit - ``_SOONEST``: a distance
# shrinks no faster than the travel), the offset (wx, wy), -EPS × its length (the closing
# threshold), whether the point already stands within the limit, length² - limit², and
# 2 × EPS × limit (the grazing threshold).
_Near = tuple[float, float, float, float, bool, float, float]


def _ring_travel(ring: _Ring, dx: float, dy: float) -> float:
    """Travel along unit d at which the point of ``ring`` first comes within its limit.

    Only a closing move counts: already within ``limit`` and closing is 0; not closing (beside,
    behind, moving apart) is never. A path that only grazes the circle (by less than EPS) is not
    counted, so a base sliding along a wall passes its convex corner.
    """
    wx, wy, dist, limit, c = ring
    b = wx * dx + wy * dy
    if b >= -EPS * dist:
        return _INF
    if dist <= limit + EPS:
        return 0.0
    disc = b * b - c
    if disc <= 2 * EPS * limit:
        return _INF
    # c / (-b + √disc) equals -b - √disc without its cancellation when nearly touching.
    return c / (math.sqrt(disc) - b)


def _meet_polygon(px: float, py: float, dx: float, dy: float, reach: float,
                  polygon: PolygonObstacle) -> float:
    """Travel at which a circle centred at p (``reach`` = radius + stop gap) meets a polygon."""
    return _outline_travel(_outline_view(px, py, reach, polygon), dx, dy)


# A side of an outline as ``_outline_travel`` reads it, with every heading-free part done once:
# the side (``_Side``); which face of its line the circle's centre stands beyond the threshold
# of (1.0 the normal's, -1.0 the other, 0.0 neither: no face band to enter) and by how much;
# and its start corner seen from the centre as a ring (``_Near`` without its first entry: the
# offset, the closing threshold, whether already within, length² - threshold², the grazing
# threshold).
_Face = tuple[float, float, float, float, float, float, float, float, float, float, float,
              float, bool, float, float]
# What a polygon looks like from a circle's centre before it moves, none of it depending on the
# heading (``Outlook``): the centre; whether it is on or inside the outline; for each nearest side
# already within reach, the offset to its nearest point and the closing tolerance; every other
# side as a ``_Face``; the threshold ``limit``; and a travel no meeting comes as soon as
# (``_SOONEST``).
_OutlineView = tuple[float, float, bool, list[tuple[float, float, float]], list[_Face], float,
                     float]
_SOONEST = 1e-6
"""cm: a circle ``f0`` from an outline (or a ring's centre ``f0`` beyond its limit) meets it
after no less than ``f0 - reach`` of travel (a distance shrinks no faster than the travel),
give or take float rounding, far below this."""
_FIRST = itemgetter(0)


def _outline_view(px: float, py: float, reach: float, polygon: PolygonObstacle) -> _OutlineView:
    """See ``_outline_travel`` for what each part is for.

    The distance to the outline ``f0`` is the least of the distances to the sides. Already
    within reach, the threshold becomes ``f0`` itself, so the gap may stay but never shrink.
    """
    near = [_side_distance(px, py, side) for side in polygon._sides]
    f0 = min(d for d, _, _ in near)
    inside = f0 <= EPS or polygon.contains_point(px, py)
    within = f0 <= reach + EPS
    limit = min(reach, f0)
    closers: list[tuple[float, float, float]] = []
    faces: list[_Face] = []
    if not inside:
        for side, (d, qx, qy) in zip(polygon._sides, near, strict=True):
            if within and d <= f0 + EPS:
                closers.append((qx - px, qy - py, EPS * d))
                continue
            ax, ay, _, _, _, nx, ny = side
            wx, wy = px - ax, py - ay
            s0 = wx * nx + wy * ny
            facing, band = (1.0, s0 - limit) if s0 > limit else \
                (-1.0, -limit - s0) if s0 < -limit else (0.0, 0.0)
            dist2 = wx * wx + wy * wy
            dist = math.sqrt(dist2)
            faces.append((*side, facing, band, wx, wy, -EPS * dist, dist <= limit + EPS,
                          dist2 - limit * limit, 2 * EPS * limit))
    soonest = -_INF if inside else f0 - reach - _SOONEST
    return px, py, inside, closers, faces, limit, soonest


def _outline_travel(view: _OutlineView, dx: float, dy: float, best: float = _INF) -> float:
    """Travel along unit d at which the circle of ``view`` meets the polygon, or ``best`` when
    that is nearer (a caller that already knows a nearer meeting skips the far sides' sums).

    Each side's distance is convex along a straight path, so the first meeting is the earliest
    over sides (face band or end circle). A nearest side already within reach that the move
    closes on is met at once; one it does not close on never is (convex), so a base may slide
    along a wall, then stop where a re-entrant corner would bring it closer. The loop meets
    each side's face band (entered at a spot facing the side itself; entries beyond its ends
    go through the end-point circles, as ``_ring_travel``), all written out in one loop.
    """
    px, py, inside, closers, faces, limit, soonest = view
    if inside:
        return 0.0  # centre on or inside the outline: no direction leads out cleanly
    if soonest >= best:
        return best
    for ux, uy, tolerance in closers:
        if ux * dx + uy * dy > tolerance:
            return 0.0
    for (ax, ay, ex, ey, length, normal_x, normal_y, facing, band,
         wx, wy, closing, within, c, graze) in faces:
        # Closing on the face its centre stands beyond: sv < 0 toward the normal's face,
        # sv > 0 toward the other (``facing`` flips the sign exactly); entered after ``band``.
        closes = facing * (dx * normal_x + dy * normal_y)
        if closes < 0.0:
            t = band / -closes
            if t < best and 0.0 <= (px + t * dx - ax) * ex + (py + t * dy - ay) * ey <= length:
                best = t
        b = wx * dx + wy * dy
        if b >= closing:
            continue
        if within:
            return 0.0
        disc = b * b - c
        if disc > graze:
            t = c / (math.sqrt(disc) - b)
            if t < best:
                best = t
    return best


def _meet_edges(table: Table, base: Base, dx: float, dy: float) -> list[tuple[float, EdgeName]]:
    """Travel until the rim touches each edge moved toward (at once if already at or past it)."""
    out: list[tuple[float, EdgeName]] = []
    if dx < -EPS:
        out.append((max(base.x - base.radius, 0.0) / -dx, "west"))
    elif dx > EPS:
        out.append((max(table.width - base.x - base.radius, 0.0) / dx, "east"))
    if dy < -EPS:
        out.append((max(base.y - base.radius, 0.0) / -dy, "north"))
    elif dy > EPS:
        out.append((max(table.height - base.y - base.radius, 0.0) / dy, "south"))
    return out


def _capsule_box(base: Base, dx: float, dy: float, distance: float,
                 pad: float) -> tuple[float, float, float, float]:
    ex, ey = base.x + dx * distance, base.y + dy * distance
    return (min(base.x, ex) - pad, min(base.y, ey) - pad,
            max(base.x, ex) + pad, max(base.y, ey) + pad)


def _candidates(bases: Iterable[Base] | BaseIndex,
                boxes: Iterable[tuple[float, float, float, float]]) -> Iterable[Base]:
    """With an index, only the bases near the members' swept boxes; else all of them."""
    if not isinstance(bases, BaseIndex):
        return bases
    pool: dict[str, Base] = {}
    for box in boxes:
        for other in bases._in_box(*box):
            pool[other.id] = other
    return pool.values()


def sweep(block: Sequence[Base], direction: Vec, distance: float, *,
          bases: Iterable[Base] | BaseIndex = (), obstacles: Iterable[Obstacle] = (),
          table: Table | None = None, stop_gap: float = 0.0,
          stop_gaps: Mapping[str, float] | None = None,
          ignore: Collection[str] = frozenset()) -> Sweep:
    """Move ``block`` (bases moving together) straight along ``direction`` for up to ``distance``
    cm and stop exactly at the first base, obstacle or table edge met. Nothing is moved here:
    see ``apply_sweep``.

    A thing is met when its gap to a member comes down to ``stop_gap`` (``stop_gaps`` overrides it
    per id: an enemy's 2 cm ZOC, DBG-16; a thrown comrade's starting gap, AT-37). Only things on
    the path count: one whose gap would stay or grow is ignored; one already within its stop gap
    that the move closes on is met at 0 (AT-23). A table edge is met when a member's rim reaches it
    (stop gaps do not apply); the base stays wholly on the table and DBG flight reads an ``edge``
    meeting as leaving it (DBG-29). Block members are never obstacles to one another; ``ignore``
    names further bases or obstacles to pass through (infantry, AT-10). Pass a ``BaseIndex`` as
    ``bases`` to read only the bases near the path.

    ``direction`` is normalised. A zero distance moves nothing and meets nothing.
    """
    if distance < 0:
        raise ValueError(f"sweep distance must not be negative, not {distance}")
    if stop_gap < 0:
        raise ValueError(f"stop gap must not be negative, not {stop_gap}")
    if distance == 0 or not block:
        return Sweep(0.0)
    dx, dy = unit(*direction)
    per_id = stop_gaps or {}
    skip = {member.id for member in block}
    skip.update(ignore)
    horizon = distance + EPS
    hits: list[tuple[float, int, str, str]] = []
    widest = max(stop_gap, max(per_id.values(), default=0.0))
    # Each member's swept capsule, boxed with the widest stop: one superset for every prefilter.
    boxes = [_capsule_box(member, dx, dy, distance, member.radius + widest + EPS)
             for member in block]
    for other in _candidates(bases, boxes):
        oid = other.id
        if oid in skip:
            continue
        stop = per_id.get(oid, stop_gap)
        ox, oy, radius = other.x, other.y, other.radius
        for member in block:
            t = _meet_circle(member.x, member.y, dx, dy, ox, oy, member.radius + radius + stop)
            if t <= horizon:
                hits.append((t, 0, oid, member.id))
    if len(boxes) == 1:  # the usual single mover: its own box is the union
        ux0, uy0, ux1, uy1 = boxes[0]
    else:
        ux0, uy0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        ux1, uy1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    for obstacle in obstacles:
        ox0, oy0, ox1, oy1 = obstacle.bbox
        if ux0 > ox1 or ux1 < ox0 or uy0 > oy1 or uy1 < oy0 or obstacle.id in skip:
            continue
        stop = per_id.get(obstacle.id, stop_gap)
        for member, (x0, y0, x1, y1) in zip(block, boxes, strict=True):
            if x0 > ox1 or x1 < ox0 or y0 > oy1 or y1 < oy0:
                continue
            reach = member.radius + stop
            if isinstance(obstacle, CircleObstacle):
                t = _meet_circle(member.x, member.y, dx, dy, obstacle.x, obstacle.y,
                                 reach + obstacle.radius)
            else:
                t = _meet_polygon(member.x, member.y, dx, dy, reach, obstacle)
            if t <= horizon:
                hits.append((t, 1, obstacle.id, member.id))
    if table is not None:
        for member in block:
            for t, edge in _meet_edges(table, member, dx, dy):
                if t <= horizon:
                    hits.append((t, 2, edge, member.id))
    if not hits:
        return Sweep(distance)
    first = min(h[0] for h in hits)
    met = sorted(h[1:] for h in hits if h[0] <= first + EPS)
    return Sweep(min(first, distance),
                 tuple(Meeting(_KINDS[kind], hit, mover) for kind, hit, mover in met))


_Wall = tuple[float, float, float, float, tuple[int, float], float, Obstacle]
"""An obstacle as ``Outlook`` sweeps against it: its box, the key of its view, the mover's
radius plus its stop gap, and the obstacle."""


class Outlook:
    """Every straight move one base may make from where it stands, asked in many directions
    and lengths: each answer is exactly ``sweep([mover], direction, distance, bases=…,
    obstacles=…, table=…, stop_gaps=…).travelled``, to the last bit.

    A menu of headings (DBG-11) and the spots of a charge (DBG-14) ask the same sweep again and
    again from one spot; what a meeting owes to that spot alone (the offset to every base, the
    distances to every side of every outline) is worked out once here instead of once per
    question, and the per-question part is the very arithmetic ``sweep`` does. A picture of one
    moment: the positions are read when it is made. ``bases`` is a plain iterable, as ``sweep``
    reads all of them without an index.
    """

    __slots__ = ("_x", "_y", "_radius", "_gaps", "_widest", "_others", "_rings", "_index",
                 "_variants", "_shapes", "_walls", "_views", "_rims", "_room")

    def __init__(self, mover: Base, *, bases: Iterable[Base] = (),
                 obstacles: Iterable[Obstacle] = (), table: Table | None = None,
                 stop_gaps: Mapping[str, float] | None = None) -> None:
        mx, my, mradius = self._x, self._y, self._radius = mover.x, mover.y, mover.radius
        """The mover's centre and radius where it stands (read once: a picture)."""
        self._gaps: Mapping[str, float] = stop_gaps or {}
        self._widest = max(0.0, max(self._gaps.values(), default=0.0))
        gaps, mover_id = self._gaps, mover.id
        found: list[tuple[_Near, tuple[str, float, float, float]]] = []
        for b in bases:
            oid, x, y, radius = b.id, b.x, b.y, b.radius
            if oid == mover_id:
                continue
            limit = mradius + radius + gaps.get(oid, 0.0)
            wx, wy = mx - x, my - y
            dist2 = wx * wx + wy * wy
            dist = math.sqrt(dist2)
            found.append(((dist - limit - _SOONEST, wx, wy, -EPS * dist, dist <= limit + EPS,
                           dist2 - limit * limit, 2 * EPS * limit), (oid, x, y, radius)))
        found.sort(key=_FIRST)
        self._rings: list[_Near] = [ring for ring, _ in found]
        """``_ring`` of each other base near the mover with its stop gap, written out (a menu
        makes one outlook per decision), soonest first: ``_travels`` stops reading them at
        the first that comes no sooner than what it has met already."""
        self._others: list[tuple[str, float, float, float]] = [other for _, other in found]
        """Each of those bases' id, centre and radius, in the order of ``_rings``."""
        self._index: dict[str, int] | None = None
        """Where each id stands in ``_others``, made when a move first changes a stop gap."""
        self._variants: dict[tuple[tuple[str, float], ...],
                             tuple[list[_Near], list[_Wall], float]] = {}
        """``_changed`` by the stop gaps changed (the spots of one charge change the same)."""
        shapes: list[Obstacle] = []  # a loop: a comprehension makes a function per outlook
        for obstacle in obstacles:
            if obstacle.id != mover_id:
                shapes.append(obstacle)
        self._shapes = shapes
        self._walls = self._reaches(gaps)
        self._views: dict[tuple[int, float], _OutlineView] = {}
        self._rims: tuple[float, float, float, float] | None = None
        """The rim's room to the west, east, north and south edges, as ``_meet_edges``
        measures it; None without a table."""
        if table is not None:
            self._rims = (max(mx - mradius, 0.0), max(table.width - mx - mradius, 0.0),
                          max(my - mradius, 0.0), max(table.height - my - mradius, 0.0))
        self._room = _INF if self._rims is None else min(self._rims)
        """The least of ``_rims``: a heading's edge is met no sooner (a unit vector's component
        is at most 1), so a move that goes no farther meets none."""

    def _reaches(self, gaps: Mapping[str, float]) -> list[_Wall]:
        """Each of ``_shapes`` with its box, where its view is kept (``_views``) and how near
        the mover's centre comes to it before they meet, by the stop ``gaps``."""
        radius = self._radius
        walls: list[_Wall] = []  # a loop: a comprehension makes a function per outlook
        for i, obstacle in enumerate(self._shapes):
            reach = radius + gaps.get(obstacle.id, 0.0)
            walls.append((*obstacle.bbox, (i, reach), reach, obstacle))
        return walls

    def _ring(self, other: tuple[str, float, float, float], stop: float) -> _Near:
        """The ring of another base (id, x, y, radius) seen from the mover."""
        _, x, y, radius = other
        limit = self._radius + radius + stop
        wx, wy = self._x - x, self._y - y
        dist2 = wx * wx + wy * wy
        dist = math.sqrt(dist2)
        return (dist - limit - _SOONEST, wx, wy, -EPS * dist, dist <= limit + EPS,
                dist2 - limit * limit, 2 * EPS * limit)

    def travelled(self, direction: Vec, distance: float,
                  changed: Mapping[str, float] | None = None, at_least: float = -_INF
                  ) -> float:
        """How far the move goes; ``changed`` overrides some stop gaps for this move only (an
        enemy the move ends touching has none, DBG-16), as if ``sweep`` had been given the
        stop gaps with those entries replaced.

        A caller that only asks whether the move goes ``at_least`` so far (a charge's path,
        DBG-14) gets, once something met sooner shows it does not, that sooner travel instead
        of the exact one: the rest is not measured.
        """
        if distance < 0:
            raise ValueError(f"sweep distance must not be negative, not {distance}")
        if distance == 0:
            return 0.0
        return self.along(unit(*direction), distance, changed, at_least)

    def along(self, heading: Vec, distance: float, changed: Mapping[str, float] | None = None,
              at_least: float = -_INF) -> float:
        """``travelled`` along a ``heading`` already normalised as ``unit`` makes it (its
        components divided by the ``math.hypot`` of the direction), for a positive
        ``distance``: a caller that measured the direction's length for its own tests (a
        charge's spots, DBG-14) does not have it measured again."""
        walls, widest, rings = self._walls, self._widest, self._rings
        if changed:
            variant = self._variants.get(key := tuple(changed.items()))
            if variant is None:
                variant = self._variants[key] = self._changed(changed)
            rings, walls, widest = variant
        return self._travels((heading,), distance, rings, walls, widest, at_least)[0]

    def _changed(self, changed: Mapping[str, float]
                 ) -> tuple[list[_Near], list[_Wall], float]:
        """The rings, obstacle reaches and widest stop gap with ``changed`` in force.

        The widest stop gap only pads the boxes that leave out obstacles the path cannot meet
        (``_obstacles``), so any width at least each obstacle's own stop gap gives the same
        answers: while ``changed`` names no obstacle (a charge changes its target's gap), the
        obstacles keep their reaches and the width they had."""
        walls, widest, rings = self._walls, self._widest, list(self._rings)
        others, index = self._others, self._index
        if index is None:  # loops: a comprehension makes a function per outlook
            index = self._index = {}
            for rank, other in enumerate(others):
                index[other[0]] = rank
        for oid, stop in changed.items():
            i = index.get(oid)
            if i is not None:
                rings[i] = self._ring(others[i], stop)
        rings.sort(key=_FIRST)  # soonest first again (``_travels``)
        for shape in self._shapes:
            if shape.id in changed:
                gaps = {**self._gaps, **changed}
                walls, widest = self._reaches(gaps), max(0.0, max(gaps.values(), default=0.0))
                break
        return rings, walls, widest

    def travels(self, units: Iterable[Vec], distance: float) -> list[float]:
        """``travelled(direction, distance)`` for each direction of ``units``, each given as
        ``unit`` makes it from that direction (a menu's fixed headings, normalised once):
        one question for a whole menu of headings."""
        if distance < 0:
            raise ValueError(f"sweep distance must not be negative, not {distance}")
        if distance == 0:
            return [0.0 for _ in units]
        return self._travels(units, distance, self._rings, self._walls, self._widest, -_INF)

    def _travels(self, units: Iterable[Vec], distance: float, rings: list[_Near],
                 walls: list[_Wall], widest: float, at_least: float) -> list[float]:
        """How far a move goes along each unit d, against ``rings`` and ``walls`` (the widest
        stop gap pads the obstacles' boxes), or some travel short of ``at_least`` once one is
        met (``travelled``).

        ``sweep`` keeps the meetings up to ``distance`` + EPS and stops at the first of them
        or at ``distance``, which is the least of ``distance`` and every meeting: so the
        answer starts at ``distance`` and each thing met can only shorten it. The rings are
        ``_ring_travel`` written out, the same arithmetic in the same order; they come soonest
        first, so once one comes no sooner than the best so far none of the rest can shorten
        it (a crowded heading reads the few rings nearest the mover, not every one).

        A ring already within its limit that the move closes on stops it at once, and a
        meeting short of ``at_least`` answers the question: either way (``done``) nothing else
        is read; otherwise the edges and the obstacles may still shorten it.
        """
        found: list[float] = []
        rims, room = self._rims, self._room
        for dx, dy in units:
            best = distance
            done = False
            for soonest, wx, wy, closing, within, c, graze in rings:
                if soonest >= best:
                    break
                b = wx * dx + wy * dy
                if b >= closing:
                    continue
                if within:
                    best, done = 0.0, True
                    break
                disc = b * b - c
                if disc > graze:
                    t = c / (math.sqrt(disc) - b)
                    if t < best:
                        best = t
                        if t < at_least:
                            done = True
                            break
            if not done:
                if rims is not None and room < best:  # ``_meet_edges``, written out
                    west, east, north, south = rims
                    across = west / -dx if dx < -EPS else east / dx if dx > EPS else _INF
                    along = north / -dy if dy < -EPS else south / dy if dy > EPS else _INF
                    if across < best:
                        best = across
                    if along < best:
                        best = along
                if walls and best >= at_least:  # last: the nearer the best, the fewer sides
                    best = self._obstacles(dx, dy, walls, widest, best)
            found.append(best)
        return found

    def _obstacles(self, dx: float, dy: float, walls: list[_Wall], widest: float,
                   best: float) -> float:
        """``best``, shortened by the obstacles met first along unit d. Only a meeting sooner
        than ``best`` matters, so the box around the path is that long, not ``distance``."""
        x, y, radius = self._x, self._y, self._radius
        pad = radius + widest + EPS
        ex, ey = x + dx * best, y + dy * best  # ``_capsule_box``, written out
        x0, x1 = (x - pad, ex + pad) if x < ex else (ex - pad, x + pad)
        y0, y1 = (y - pad, ey + pad) if y < ey else (ey - pad, y + pad)
        views = self._views
        for ox0, oy0, ox1, oy1, key, reach, obstacle in walls:
            if x0 > ox1 or x1 < ox0 or y0 > oy1 or y1 < oy0:
                continue
            if isinstance(obstacle, CircleObstacle):
                best = min(best, _meet_circle(x, y, dx, dy, obstacle.x, obstacle.y,
                                              reach + obstacle.radius))
                continue
            view = views.get(key)
            if view is None:
                view = views[key] = _outline_view(x, y, reach, obstacle)
            best = _outline_travel(view, dx, dy, best)
        return best


def point_travel(x: float, y: float, direction: Vec, distance: float,
                 obstacles: Iterable[Obstacle]) -> float:
    """How far a point starting at (x, y) goes among ``obstacles`` alone: exactly
    ``Outlook(Base(…, x, y, 0.0), obstacles=obstacles).travelled(direction, distance)``, the
    same arithmetic in the same order, without building an outlook for one question (a line
    of sight, DBG-24, is asked once from each pair of spots)."""
    if distance < 0:
        raise ValueError(f"sweep distance must not be negative, not {distance}")
    if distance == 0:
        return 0.0
    dx, dy = unit(*direction)
    best = distance
    pad = EPS  # ``Outlook._obstacles``' pad, with no radius and no stop gap
    ex, ey = x + dx * best, y + dy * best
    x0, x1 = (x - pad, ex + pad) if x < ex else (ex - pad, x + pad)
    y0, y1 = (y - pad, ey + pad) if y < ey else (ey - pad, y + pad)
    for obstacle in obstacles:
        ox0, oy0, ox1, oy1 = obstacle.bbox
        if x0 > ox1 or x1 < ox0 or y0 > oy1 or y1 < oy0:
            continue
        if isinstance(obstacle, CircleObstacle):
            best = min(best, _meet_circle(x, y, dx, dy, obstacle.x, obstacle.y,
                                          obstacle.radius))
            continue
        best = _outline_travel(_outline_view(x, y, 0.0, obstacle), dx, dy, best)
    return best


def apply_sweep(block: Sequence[Base], direction: Vec, result: Sweep,
                index: BaseIndex | None = None) -> None:
    """Move every member by ``result.travelled`` along ``direction``.

    Pass the ``index`` that holds the block's bases so its cells stay current.
    """
    if result.travelled == 0:
        return
    dx, dy = unit(*direction)
    for member in block:
        x, y = member.x + dx * result.travelled, member.y + dy * result.travelled
        if index is None:
            member.x, member.y = x, y
        else:
            index.move(member.id, x, y)


def passed_over(mover: Base, direction: Vec, distance: float,
                bases: Iterable[Base] | BaseIndex) -> list[Base]:
    """Bases the mover's footprint overlaps at some point of a straight move, in the order it
    reaches them (ties by id): the infantry it crushes (AT-8), with their dice in that order.
    Touching without overlapping, at the end or in passing, does not count."""
    if distance == 0:
        return []
    dx, dy = unit(*direction)
    entries: list[tuple[float, str, Base]] = []
    for other in _candidates(bases, [_capsule_box(mover, dx, dy, distance, mover.radius + EPS)]):
        if other.id == mover.id:
            continue
        limit = mover.radius + other.radius
        if math.hypot(mover.x - other.x, mover.y - other.y) < limit - EPS:
            t = 0.0
        else:
            t = _meet_circle(mover.x, mover.y, dx, dy, other.x, other.y, limit)
        if t < distance - EPS:
            entries.append((t, other.id, other))
    entries.sort(key=lambda e: (e[0], e[1]))
    return [e[2] for e in entries]


def away_from_nearest(base: Base, enemies: Iterable[Base] | BaseIndex) -> tuple[Vec, str] | None:
    """DBG-29's flight line: the unit vector from the nearest enemy's centre through this base's,
    and that enemy's id; None with no enemy. Nearest is by edge gap, ties to the lowest id. A
    ``BaseIndex`` given as ``enemies`` must hold enemies only (one index per side)."""
    if isinstance(enemies, BaseIndex):
        enemy = enemies.nearest(base)
    else:
        enemy = min((e for e in enemies if e.id != base.id),
                    key=lambda e: (gap(base, e), e.id), default=None)
    if enemy is None:
        return None
    return direction_from(enemy, base), enemy.id
