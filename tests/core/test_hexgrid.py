"""Hex maths: metric laws as properties, plus hand-checked vectors for the rule-facing parts.

Known vectors pin the conventions (facing order, clockwise with y down, odd-r offsets, arc
boundaries) that rulesets are written against; properties catch what examples would miss.
"""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polemos.core.hexgrid import (
    ARCS,
    DIRECTIONS,
    FACING_NAMES,
    Hex,
    HexMap,
    add,
    arcs_of,
    axial_to_offset,
    distance,
    forward_moves,
    hex_corners,
    hex_to_point,
    in_arc,
    line,
    neighbour,
    neighbours,
    offset_to_axial,
    point_to_hex,
    ray,
    rotate,
    strictly_in_rear,
    sub,
    turn,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(min_value=0, max_value=5)
sizes = st.floats(min_value=0.5, max_value=20.0, allow_nan=False, allow_infinity=False)
ORIGIN = Hex(0, 0)
SQRT3 = math.sqrt(3.0)
# Sixty examples per property keeps the whole file well under three seconds.
FAST = settings(max_examples=60, deadline=None)


# --- basics -------------------------------------------------------------------------------------

def test_directions_and_names() -> None:
    assert (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1)) == DIRECTIONS
    assert FACING_NAMES == ("E", "SE", "SW", "W", "NW", "NE")
    assert ARCS == ("front", "right", "rear", "left")


@FAST
@given(hexes)
def test_cube_constraint(h: Hex) -> None:
    assert h.q + h.r + h.s == 0


@FAST
@given(hexes, hexes)
def test_add_sub_inverse(a: Hex, b: Hex) -> None:
    assert add(sub(a, b), b) == a
    assert sub(add(a, b), b) == a


def test_distance_known() -> None:
    assert distance(ORIGIN, Hex(3, 0)) == 3
    assert distance(ORIGIN, Hex(2, -1)) == 2
    assert distance(ORIGIN, Hex(-2, 3)) == 3
    assert distance(Hex(1, 1), Hex(-2, 1)) == 3
    assert all(distance(ORIGIN, d) == 1 for d in DIRECTIONS)


@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, a) == 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@FAST
@given(hexes)
def test_neighbours_in_facing_order(h: Hex) -> None:
    ns = neighbours(h)
    assert ns == [neighbour(h, f) for f in range(6)]
    assert all(distance(h, n) == 1 for n in ns)
    assert len(set(ns)) == 6


@FAST
@given(hexes, facings)
def test_neighbour_and_back(h: Hex, f: int) -> None:
    assert neighbour(neighbour(h, f), turn(f, 3)) == h


def test_turn() -> None:
    assert turn(0, 1) == 1
    assert turn(0, -1) == 5
    assert turn(5, 1) == 0
    assert turn(2, 3) == 5
    assert turn(4, -13) == 3


@pytest.mark.parametrize("bad", [-1, 6, 7])
def test_bad_facing_is_refused(bad: int) -> None:
    with pytest.raises(ValueError):
        neighbour(ORIGIN, bad)
    with pytest.raises(ValueError):
        arcs_of(ORIGIN, bad, Hex(1, 0))


# --- rotation -----------------------------------------------------------------------------------

def test_rotate_known() -> None:
    assert rotate(Hex(1, 0), 1) == Hex(0, 1)  # E -> SE: clockwise with y down
    assert rotate(Hex(2, -1), 1) == Hex(1, 1)
    assert rotate(Hex(1, 0), -1) == Hex(1, -1)
    for f in range(6):
        for n in range(-7, 8):
            assert rotate(DIRECTIONS[f], n) == DIRECTIONS[turn(f, n)]


@FAST
@given(hexes, st.integers(min_value=-20, max_value=20))
def test_rotate_properties(h: Hex, n: int) -> None:
    r = h
    for _ in range(6):
        r = rotate(r, 1)
    assert r == h
    assert rotate(rotate(h, n), -n) == h
    assert distance(ORIGIN, rotate(h, n)) == distance(ORIGIN, h)


# --- lines, rays, forward moves -----------------------------------------------------------------

def test_line_known() -> None:
    assert line(ORIGIN, ORIGIN) == [ORIGIN]
    assert line(ORIGIN, Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert line(Hex(1, 2), Hex(1, -1)) == [Hex(1, 2), Hex(1, 1), Hex(1, 0), Hex(1, -1)]
    assert line(ORIGIN, Hex(4, -2)) in (
        [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -2)],
        [Hex(0, 0), Hex(1, -1), Hex(2, -1), Hex(3, -2), Hex(4, -2)],
    )


@FAST
@given(hexes, hexes)
def test_line_properties(a: Hex, b: Hex) -> None:
    hs = line(a, b)
    assert len(hs) == distance(a, b) + 1
    assert hs[0] == a
    assert hs[-1] == b
    assert all(distance(x, y) == 1 for x, y in zip(hs, hs[1:], strict=False))


def test_ray_known() -> None:
    assert ray(ORIGIN, 0, 3) == [Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert ray(Hex(2, 2), 4, 2) == [Hex(2, 1), Hex(2, 0)]
    assert ray(ORIGIN, 1, 0) == []


@FAST
@given(hexes, facings, st.integers(min_value=0, max_value=10))
def test_ray_is_a_straight_line(h: Hex, f: int, n: int) -> None:
    hs = ray(h, f, n)
    assert len(hs) == n
    assert [distance(h, x) for x in hs] == list(range(1, n + 1))
    if n:
        assert line(h, hs[-1]) == [h, *hs]
        assert all(arcs_of(h, f, x) == {"front"} for x in hs)


def test_forward_moves_known() -> None:
    assert forward_moves(ORIGIN, 0) == ((Hex(1, 0), 0), (Hex(1, -1), 5), (Hex(0, 1), 1))
    assert forward_moves(Hex(3, 3), 3) == ((Hex(2, 3), 3), (Hex(2, 4), 2), (Hex(3, 2), 4))


@FAST
@given(hexes, facings)
def test_forward_moves_consistent(h: Hex, f: int) -> None:
    (s, fs), (lh, fl), (rh, fr) = forward_moves(h, f)
    assert (s, fs) == (neighbour(h, f), f)
    assert (lh, fl) == (neighbour(h, turn(f, -1)), turn(f, -1))
    assert (rh, fr) == (neighbour(h, turn(f, 1)), turn(f, 1))


# --- arcs ---------------------------------------------------------------------------------------

# Facing E; vectors checked by hand against pixel angles (y down, so "right" is below).
KNOWN_ARCS: list[tuple[Hex, set[str]]] = [
    (Hex(1, 0), {"front"}),
    (Hex(2, 0), {"front"}),
    (Hex(3, -1), {"front"}),        # ~19° above the nose
    (Hex(2, -1), {"front", "left"}),  # exactly -30°: on the boundary
    (Hex(1, 1), {"front", "right"}),  # exactly +30°
    (Hex(0, 1), {"right"}),          # SE neighbour, +60°
    (Hex(-1, 1), {"right"}),         # SW neighbour, +120°
    (Hex(-1, 2), {"right"}),         # straight below, +90°
    (Hex(-2, 1), {"rear", "right"}),  # exactly +150°
    (Hex(-1, 0), {"rear"}),
    (Hex(-3, 1), {"rear"}),
    (Hex(-1, -1), {"rear", "left"}),  # exactly -150°
    (Hex(0, -1), {"left"}),          # NW neighbour
    (Hex(1, -1), {"left"}),          # NE neighbour
    (Hex(1, -2), {"left"}),          # straight above
]


@pytest.mark.parametrize(("target", "expected"), KNOWN_ARCS)
def test_arcs_known_vectors(target: Hex, expected: set[str]) -> None:
    assert arcs_of(ORIGIN, 0, target) == expected
    for arc in ARCS:
        assert in_arc(ORIGIN, 0, target, arc) == (arc in expected)


def test_arcs_known_other_facings() -> None:
    assert arcs_of(Hex(2, 2), 1, Hex(2, 3)) == {"front"}
    assert arcs_of(Hex(2, 2), 3, Hex(3, 2)) == {"rear"}
    assert arcs_of(Hex(2, 2), 3, Hex(1, 1)) == {"front", "right"}  # (-1,-1) relative, facing W
    assert arcs_of(ORIGIN, 4, Hex(1, 0)) == {"right"}


def test_arcs_same_hex_is_empty() -> None:
    assert arcs_of(Hex(5, -2), 3, Hex(5, -2)) == frozenset()
    assert not strictly_in_rear(Hex(5, -2), 3, Hex(5, -2))


def test_in_arc_rejects_unknown_arc() -> None:
    with pytest.raises(ValueError):
        in_arc(ORIGIN, 0, Hex(1, 0), "up")


def test_strictly_in_rear_known() -> None:
    assert strictly_in_rear(ORIGIN, 0, Hex(-1, 0))
    assert strictly_in_rear(ORIGIN, 0, Hex(-3, 1))
    assert not strictly_in_rear(ORIGIN, 0, Hex(-2, 1))  # rear/right boundary
    assert not strictly_in_rear(ORIGIN, 0, Hex(-1, -1))  # rear/left boundary
    assert not strictly_in_rear(ORIGIN, 0, Hex(-1, 1))
    assert strictly_in_rear(Hex(4, 4), 2, Hex(5, 3))  # facing SW, target NE-ward


@FAST
@given(hexes, facings, hexes)
def test_every_other_hex_in_one_or_two_arcs(o: Hex, f: int, t: Hex) -> None:
    arcs = arcs_of(o, f, t)
    if t == o:
        assert arcs == frozenset()
        return
    assert 1 <= len(arcs) <= 2
    assert arcs <= set(ARCS)
    assert not {"front", "rear"} <= arcs
    assert not {"left", "right"} <= arcs


@FAST
@given(hexes, facings, hexes)
def test_arcs_rotate_with_facing(o: Hex, f: int, t: Hex) -> None:
    assert arcs_of(o, f, t) == arcs_of(ORIGIN, 0, rotate(sub(t, o), -f))


@FAST
@given(hexes)
def test_arcs_mirror_and_reverse(v: Hex) -> None:
    swap_sides = {"front": "front", "rear": "rear", "left": "right", "right": "left"}
    opposite = {"front": "rear", "rear": "front", "left": "right", "right": "left"}
    mirrored = Hex(v.q + v.r, -v.r)  # reflection in the E-W axis
    assert arcs_of(ORIGIN, 0, mirrored) == {swap_sides[a] for a in arcs_of(ORIGIN, 0, v)}
    assert arcs_of(ORIGIN, 0, Hex(-v.q, -v.r)) == {opposite[a] for a in arcs_of(ORIGIN, 0, v)}


def _angle_arcs(v: Hex) -> set[str] | None:
    """Arcs by floating-point pixel angle, or None when too close to a boundary to trust."""
    x, y = hex_to_point(v, 1.0)
    deg = math.degrees(math.atan2(y, x))  # clockwise positive, y down
    if any(abs(abs(deg) - b) < 1e-6 for b in (30.0, 150.0)):
        return None
    if abs(deg) < 30:
        return {"front"}
    if abs(deg) > 150:
        return {"rear"}
    return {"right"} if deg > 0 else {"left"}


@FAST
@given(hexes)
def test_arcs_agree_with_angles(v: Hex) -> None:
    if v == ORIGIN:
        return
    expected = _angle_arcs(v)
    arcs = arcs_of(ORIGIN, 0, v)
    if expected is None:
        assert len(arcs) == 2
    else:
        assert arcs == expected


@FAST
@given(hexes, facings, hexes)
def test_strictly_in_rear_excludes_boundaries(o: Hex, f: int, t: Hex) -> None:
    arcs = arcs_of(o, f, t)
    assert strictly_in_rear(o, f, t) == (arcs == {"rear"})


# --- offsets and maps ---------------------------------------------------------------------------

def test_offset_known() -> None:
    assert offset_to_axial(0, 0) == Hex(0, 0)
    assert offset_to_axial(0, 1) == Hex(0, 1)   # odd row shoved right: SE of (0,0)
    assert offset_to_axial(0, 2) == Hex(-1, 2)  # SW of (0,1)
    assert offset_to_axial(1, 3) == Hex(0, 3)
    assert offset_to_axial(3, -1) == Hex(4, -1)
    assert axial_to_offset(Hex(-1, 2)) == (0, 2)


@FAST
@given(coords, coords)
def test_offset_round_trip(col: int, row: int) -> None:
    assert axial_to_offset(offset_to_axial(col, row)) == (col, row)


@FAST
@given(hexes)
def test_axial_round_trip(h: Hex) -> None:
    assert offset_to_axial(*axial_to_offset(h)) == h


def test_map_hexes_row_major() -> None:
    m = HexMap(3, 2)
    assert m.hexes() == [offset_to_axial(c, r) for r in range(2) for c in range(3)]
    assert m.contains(Hex(0, 0))
    assert m.contains(offset_to_axial(2, 1))
    assert not m.contains(offset_to_axial(3, 1))
    assert not m.contains(offset_to_axial(0, 2))
    assert not m.contains(Hex(-1, 0))


def test_map_rejects_empty() -> None:
    with pytest.raises(ValueError):
        HexMap(0, 3)


@FAST
@given(st.integers(1, 12), st.integers(1, 12))
def test_map_counts(w: int, h: int) -> None:
    m = HexMap(w, h)
    cells = m.hexes()
    assert len(cells) == w * h
    assert len(set(cells)) == w * h
    assert all(m.contains(c) for c in cells)
    box = [Hex(q, r) for q in range(-h, w + h) for r in range(-1, h + 1)]
    inside = {c for c in box if m.contains(c)}
    assert inside == set(cells)


@pytest.mark.parametrize(("w", "h"), [(1, 1), (2, 2), (3, 1), (1, 4), (5, 4), (7, 6)])
def test_map_graph(w: int, h: int) -> None:
    m = HexMap(w, h)
    g = m.graph()
    assert set(g.nodes) == set(m.hexes())
    assert g.number_of_nodes() == w * h
    cells = m.hexes()
    expected = {frozenset((a, b)) for a in cells for b in cells if distance(a, b) == 1}
    assert {frozenset(e) for e in g.edges} == expected
    # Odd-r rectangle: (w-1) per row, 2w-1 between consecutive rows.
    assert g.number_of_edges() == h * (w - 1) + (h - 1) * (2 * w - 1)
    if w * h > 1:
        assert nx.is_connected(g)


def test_map_graph_cached_and_frozen() -> None:
    g = HexMap(4, 3).graph()
    assert HexMap(4, 3).graph() is g
    with pytest.raises(nx.NetworkXError):
        g.add_edge(Hex(0, 0), Hex(9, 9))
    assert g.copy().number_of_nodes() == 12


# --- centimetres --------------------------------------------------------------------------------

def test_hex_to_point_known() -> None:
    assert hex_to_point(ORIGIN, 5.0) == (0.0, 0.0)
    assert hex_to_point(Hex(1, 0), 5.0) == (5.0, 0.0)
    x, y = hex_to_point(Hex(0, 1), 4.0)
    assert x == pytest.approx(2.0)
    assert y == pytest.approx(2.0 * SQRT3)
    x, y = hex_to_point(Hex(-1, 2), 3.0)
    assert x == pytest.approx(0.0)
    assert y == pytest.approx(3.0 * SQRT3)
    x, y = hex_to_point(Hex(1, -1), 2.0)  # NE: up and to the right, y down
    assert x == pytest.approx(1.0)
    assert y == pytest.approx(-SQRT3)


@FAST
@given(hexes, sizes)
def test_adjacent_centres_are_size_apart(h: Hex, size: float) -> None:
    cx, cy = hex_to_point(h, size)
    for n in neighbours(h):
        nx_, ny = hex_to_point(n, size)
        assert math.hypot(nx_ - cx, ny - cy) == pytest.approx(size)


@FAST
@given(hexes, sizes)
def test_point_to_hex_round_trip(h: Hex, size: float) -> None:
    assert point_to_hex(*hex_to_point(h, size), size) == h


@FAST
@given(hexes, sizes, st.floats(0.0, 0.99), st.floats(0.0, 2 * math.pi))
def test_point_to_hex_jittered(h: Hex, size: float, frac: float, theta: float) -> None:
    # Within the inradius (size/2) the point is inside the hex whatever the direction.
    cx, cy = hex_to_point(h, size)
    radius = frac * size / 2
    assert point_to_hex(cx + radius * math.cos(theta), cy + radius * math.sin(theta), size) == h


def test_point_to_hex_corner_region() -> None:
    # Just inside the top vertex (beyond the inradius) still belongs to the hex.
    size = 4.0
    r_corner = size / SQRT3
    assert point_to_hex(0.0, -0.97 * r_corner, size) == ORIGIN
    assert point_to_hex(0.0, -1.03 * r_corner, size) != ORIGIN


@FAST
@given(hexes, sizes)
def test_hex_corners(h: Hex, size: float) -> None:
    cx, cy = hex_to_point(h, size)
    corners = hex_corners(h, size)
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(size / SQRT3)
    # Pointy top: one corner straight above the centre.
    assert any(x == pytest.approx(cx) and y == pytest.approx(cy - size / SQRT3)
               for x, y in corners)
    # Neighbours share an edge: exactly two corners in common.
    shared = [c for c in hex_corners(neighbour(h, 0), size)
              if any(math.isclose(c[0], d[0], abs_tol=1e-9) and math.isclose(c[1], d[1],
                                                                                 abs_tol=1e-9)
                     for d in corners)]
    assert len(shared) == 2
