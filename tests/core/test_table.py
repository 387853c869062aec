"""Continuous space (design.md, Spaces): properties with hypothesis, then worked vectors.

Coordinates are base centres in cm, x east, y south. Rule ids name the rule a vector serves.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polemos.core.table import (
    CONTACT_CM,
    Base,
    BaseIndex,
    CircleObstacle,
    Obstacle,
    PolygonObstacle,
    Sweep,
    Table,
    apply_sweep,
    average_direction,
    away_from_nearest,
    base_writes,
    contact_graph,
    contacts_on_path,
    direction_from,
    gap,
    gap_at_most,
    gap_to_obstacle,
    groups,
    in_contact,
    on_path,
    passed_over,
    sweep,
    unit,
)

TOL = 1e-6
FAST = settings(max_examples=120, deadline=None)

coord = st.floats(-40, 40, allow_nan=False)
radius = st.floats(0.5, 5, allow_nan=False)
# Half-centimetre grid points: many pairs sit exactly at a contact distance.
grid = st.integers(-60, 60).map(lambda n: n / 2)


@st.composite
def base_sets(draw: st.DrawFn, pos: st.SearchStrategy[float], max_size: int,
              radii: st.SearchStrategy[float] = radius) -> list[Base]:
    n = draw(st.integers(0, max_size))
    return [Base(f"b{i}", draw(pos), draw(pos), draw(radii)) for i in range(n)]


def grid_sets(max_size: int) -> st.SearchStrategy[list[Base]]:
    return base_sets(grid, max_size, st.sampled_from([1.0, 1.5, 2.0, 3.5]))


@st.composite
def polygons(draw: st.DrawFn, name: str) -> PolygonObstacle:
    """Star-shaped (so always simple) polygons, convex or not."""
    cx, cy = draw(coord), draw(coord)
    n = draw(st.integers(3, 7))
    start = draw(st.floats(0, 2 * math.pi))
    steps = [draw(st.floats(0.3, 1.0)) for _ in range(n)]
    total = sum(steps)
    points, angle = [], start
    for step in steps:
        rho = draw(st.floats(1, 12))
        points.append((cx + rho * math.cos(angle), cy + rho * math.sin(angle)))
        angle += 2 * math.pi * step / total
    return PolygonObstacle(name, tuple(points), armour=draw(st.none() | st.integers(8, 15)))


@st.composite
def obstacle_sets(draw: st.DrawFn) -> list[Obstacle]:
    out: list[Obstacle] = [CircleObstacle(f"c{i}", draw(coord), draw(coord), draw(radius))
                           for i in range(draw(st.integers(0, 3)))]
    out += [draw(polygons(f"p{i}")) for i in range(draw(st.integers(0, 3)))]
    return out


directions = st.floats(0, 2 * math.pi).map(lambda a: (math.cos(a), math.sin(a)))


def edge_gaps(table: Table, base: Base) -> list[float]:
    return [base.y - base.radius, table.width - base.x - base.radius,
            table.height - base.y - base.radius, base.x - base.radius]


# --- properties ----------------------------------------------------------------------------


@FAST
@given(coord, coord, radius, coord, coord, radius, st.floats(0, 5))
def test_gap_and_contact_are_symmetric(x1: float, y1: float, r1: float, x2: float, y2: float,
                                       r2: float, limit: float) -> None:
    a, b = Base("a", x1, y1, r1), Base("b", x2, y2, r2)
    assert gap(a, b) == gap(b, a)
    assert in_contact(a, b, limit) == in_contact(b, a, limit)


@FAST
@given(grid_sets(40) | base_sets(coord, 40), st.sampled_from([CONTACT_CM, 0.1, 0.0]))
def test_contact_graph_equals_all_pairs(bases: list[Base], limit: float) -> None:
    graph = contact_graph(bases, limit)
    brute = {frozenset((a.id, b.id)) for i, a in enumerate(bases) for b in bases[i + 1:]
             if in_contact(a, b, limit)}
    assert set(graph.nodes) == {b.id for b in bases}
    assert {frozenset(e) for e in graph.edges} == brute


@FAST
@given(grid_sets(30), st.lists(st.tuples(st.integers(0, 29), grid, grid), max_size=10))
def test_index_updates_match_a_rebuilt_graph(bases: list[Base],
                                             moves: list[tuple[int, float, float]]) -> None:
    index = BaseIndex(bases)
    graph = contact_graph(bases)
    for k, x, y in moves:
        if k < len(bases):
            index.move(bases[k].id, x, y)
            index.update_contacts(graph, bases[k].id)
    assert {frozenset(e) for e in graph.edges} == {
        frozenset(e) for e in contact_graph(bases).edges}
    for b in bases[:5]:
        assert index.within(b, 4.0) == sorted(
            (o for o in bases if o is not b and gap(b, o) <= 4.0 + 1e-9), key=lambda o: o.id)


@FAST
@given(st.tuples(coord, coord, radius), base_sets(coord, 12), obstacle_sets(), directions,
       st.floats(0, 40), st.sampled_from([0.0, 1.0, CONTACT_CM]), st.booleans())
def test_sweep_never_closes_below_its_stop_gap(mover_xyr: tuple[float, float, float],
                                               bases: list[Base], obstacles: list[Obstacle],
                                               direction: tuple[float, float], distance: float,
                                               stop: float, with_table: bool) -> None:
    """Along the whole path (not only at its end, so nothing is tunnelled through), no gap goes
    below min(its start, the stop gap); the thing met ends exactly at that gap; the answer is the
    same with a spatial index."""
    mover = Base("m", *mover_xyr)
    table = Table(120, 100) if with_table else None
    if table is not None:
        mover.x, mover.y = mover.x + 60, mover.y + 50
        for b in bases:
            b.x, b.y = b.x + 60, b.y + 50
        obstacles = [CircleObstacle(o.id, o.x + 60, o.y + 50, o.radius)
                     if isinstance(o, CircleObstacle) else
                     PolygonObstacle(o.id, tuple((x + 60, y + 50) for x, y in o.points))
                     for o in obstacles]
    result = sweep([mover], direction, distance, bases=bases, obstacles=obstacles, table=table,
                   stop_gap=stop)
    assert 0 <= result.travelled <= distance
    if not result.meetings:
        assert result.travelled == distance
    assert sweep([mover], direction, distance, bases=BaseIndex(bases), obstacles=obstacles,
                 table=table, stop_gap=stop) == result

    def gaps_at(s: float) -> list[float]:
        probe = Base("m", mover.x + direction[0] * s, mover.y + direction[1] * s, mover.radius)
        out = [gap(probe, b) for b in bases] + [gap_to_obstacle(probe, o) for o in obstacles]
        return out + (edge_gaps(table, probe) if table else [])

    start = gaps_at(0.0)
    floors = [min(g, stop) for g in start[:len(bases) + len(obstacles)]]
    floors += [min(g, 0.0) for g in start[len(bases) + len(obstacles):]]
    for k in range(65):
        now = gaps_at(result.travelled * k / 64)
        assert all(g >= f - TOL for g, f in zip(now, floors, strict=True))
    if result.meetings and result.travelled > 0:
        names = [b.id for b in bases] + [o.id for o in obstacles]
        names += ["north", "east", "south", "west"] if table else []
        spot = names.index(result.hit_id)
        assert gaps_at(result.travelled)[spot] == pytest.approx(floors[spot], abs=TOL)


@FAST
@given(base_sets(coord, 6), base_sets(coord, 12), obstacle_sets(), directions)
def test_moving_zero_changes_nothing(block: list[Base], others: list[Base],
                                     obstacles: list[Obstacle],
                                     direction: tuple[float, float]) -> None:
    for b in others:
        b.id = "o" + b.id
    before = [(b.x, b.y) for b in block]
    index = BaseIndex(block + others)
    result = sweep(block, direction, 0.0, bases=index, obstacles=obstacles, stop_gap=CONTACT_CM)
    assert result == Sweep(0.0)
    apply_sweep(block, direction, result, index)
    assert [(b.x, b.y) for b in block] == before


# --- gaps and contact ----------------------------------------------------------------------


def test_contact_at_exactly_two_and_a_half_cm() -> None:
    """AT-1: 2.5 cm apart is contact, 2.51 is not."""
    a = Base("a", 0, 0, 1)
    assert in_contact(a, Base("b", 5, 0, 1.5))
    assert not in_contact(a, Base("b", 5.01, 0, 1.5))
    assert gap(a, Base("b", 5.01, 0, 1.5)) == pytest.approx(2.51)


def test_gap_to_obstacles() -> None:
    square = PolygonObstacle("sq", ((10, -5), (20, -5), (20, 5), (10, 5)), armour=12, size=4)
    assert gap_to_obstacle(Base("m", 0, 0, 2), square) == pytest.approx(8)
    assert gap_to_obstacle(Base("m", 5, 13, 1), square) == pytest.approx(math.hypot(5, 8) - 1)
    assert gap_to_obstacle(Base("m", 12, 0, 1), square) == pytest.approx(-3)
    assert gap_to_obstacle(Base("m", 0, 0, 2), CircleObstacle("c", 0, 10, 3)) == 5


# --- sweeps --------------------------------------------------------------------------------


def test_sweep_stops_exactly_at_touching() -> None:
    """AT-16 and AT-23: r 4 and r 3 bases 20 cm apart edge to edge."""
    target = Base("t", 27, 0, 3)
    assert sweep([Base("a", 0, 0, 4)], (1, 0), 30, bases=[target]).travelled == 20
    met = sweep([Base("a", 0, 0, 4)], (1, 0), 30, bases=[target], stop_gap=CONTACT_CM)
    assert (met.travelled, met.hit_kind, met.hit_id, met.mover_id) == (17.5, "base", "t", "a")
    assert sweep([Base("a", 0, 0, 4)], (1, 0), 19, bases=[target]) == Sweep(19)


def test_beside_and_behind_are_not_on_the_path() -> None:
    """AT-23: within 2.5 cm but beside, or behind, the move does not close on it."""
    mover = Base("a", 0, 0, 4)
    beside = Base("s", 0, 9, 3)   # gap 2, and it grows
    behind = Base("b", -9, 0, 3)  # gap 2, behind
    assert sweep([mover], (1, 0), 10, bases=[beside, behind], stop_gap=CONTACT_CM) == Sweep(10)
    assert not on_path((0, 0), (1, 0), beside) and not on_path((0, 0), (1, 0), behind)
    ahead = Base("f", 9, 0, 3)
    assert on_path((0, 0), (1, 0), ahead)
    met = sweep([mover], (1, 0), 10, bases=[ahead], stop_gap=CONTACT_CM)
    assert (met.travelled, met.hit_id) == (0.0, "f")  # AT-E8: met without moving


def test_push_into_container_at_e1() -> None:
    """AT-E1: Poltergeist and Trike pushed 5 cm as one block; the Trike meets the container."""
    polt, trike = Base("polt", 20, 0, 4), Base("trike", 27, 0, 3)
    container = CircleObstacle("container", 40, 0, 5, armour=12, size=4)
    block = [polt, trike]
    index = BaseIndex(block)
    met = sweep(block, (1, 0), 5, bases=index, obstacles=[container], stop_gap=CONTACT_CM)
    assert (met.travelled, met.hit_kind, met.hit_id, met.mover_id) == (
        2.5, "obstacle", "container", "trike")
    apply_sweep(block, (1, 0), met, index)
    assert (trike.x, polt.x) == (29.5, 22.5)
    assert index.near(29.5, 0, 0) == [trike]


def test_throws_at_e2_and_e3() -> None:
    """AT-E2/E3: the Lancelot is thrown 5 cm; the Kossak behind it in contact is ignored."""
    kossak = Base("kossak", 24, 0, 4)
    far = sweep([Base("lancelot", 31.5, 0, 3.5)], (1, 0), 5,
                bases=[kossak, Base("cobra", 47, 0, 3.5)], stop_gap=CONTACT_CM)
    assert far == Sweep(5)
    near = sweep([Base("lancelot", 31.5, 0, 3.5)], (1, 0), 5,
                 bases=[kossak, Base("cobra", 43, 0, 3.5)], stop_gap=CONTACT_CM)
    assert (near.travelled, near.hit_id) == (pytest.approx(2), "cobra")


def test_square_face_and_corners() -> None:
    square = PolygonObstacle("sq", ((10, -5), (20, -5), (20, 5), (10, 5)))
    assert sweep([Base("m", 0, 0, 2)], (1, 0), 30, obstacles=[square]).travelled == 8
    assert sweep([Base("m", 0, 0, 2)], (1, 0), 30, obstacles=[square],
                 stop_gap=CONTACT_CM).travelled == 5.5
    # Path along y = 5.5, radius 1: the rim clears the top face but catches the corner (10, 5)
    # when (x - 10)² + 0.5² = 1², at x = 10 - √0.75.
    corner = sweep([Base("m", 0, 5.5, 1)], (1, 0), 30, obstacles=[square])
    assert corner.travelled == pytest.approx(10 - math.sqrt(0.75), abs=1e-12)
    # Diagonal, head on at corner (10, -5) from (0, -15): √200 to the corner, minus the radius.
    diagonal = sweep([Base("m", 0, -15, 1)], (1, 1), 30, obstacles=[square])
    assert diagonal.travelled == pytest.approx(math.sqrt(200) - 1, abs=1e-12)
    # Radius 1 on y = 6: it passes the corner with 0 gap to spare, and is not met.
    assert sweep([Base("m", 0, 6, 1)], (1, 0), 30, obstacles=[square]) == Sweep(30)


def test_sliding_along_a_wall_and_into_a_re_entrant_corner() -> None:
    """An L-shaped wall: a base in contact slides along it and stops only where the next face
    would bring it closer (AT-23)."""
    ell = PolygonObstacle("L", ((0, 0), (30, 0), (30, 20), (20, 20), (20, 10), (0, 10)))
    slider = Base("m", 5, 12, 1)  # gap 1 to the face y = 10
    met = sweep([slider], (1, 0), 30, obstacles=[ell], stop_gap=CONTACT_CM)
    assert (met.travelled, met.hit_id) == (pytest.approx(13), "L")  # 1 cm from the face x = 20
    # Same base along the convex corner of a rectangle: nothing stops it.
    box = PolygonObstacle("box", ((0, 0), (10, 0), (10, 10), (0, 10)))
    assert sweep([Base("m", 5, 11, 1)], (1, 0), 30, obstacles=[box]) == Sweep(30)


def test_table_edge_stop() -> None:
    """DBG-29: the base stops with its rim on the edge; an edge meeting means it leaves."""
    table = Table(100, 60)
    met = sweep([Base("m", 50, 30, 3)], (0, -1), 40, table=table)
    assert (met.travelled, met.hit_kind, met.hit_id) == (27, "edge", "north")
    corner = sweep([Base("m", 5, 5, 1)], (-1, -1), 40, table=table)
    assert corner.travelled == pytest.approx(4 * math.sqrt(2))
    assert [m.id for m in corner.meetings] == ["north", "west"]
    assert table.contains(Base("m", 3, 30, 3)) and not table.contains(Base("m", 2.9, 30, 3))


def test_block_stops_at_its_first_members_meeting() -> None:
    """AT-37: a pushed group stops as soon as any member meets something."""
    block = [Base("a", 0, 0, 2), Base("b", 0, 10, 2)]
    others = [Base("c", 20, 10, 2), Base("d", 30, 0, 2)]
    met = sweep(block, (1, 0), 40, bases=others)
    assert (met.travelled, met.hit_id, met.mover_id) == (16, "c", "b")
    both = sweep(block, (1, 0), 40, bases=[Base("c", 20, 10, 2), Base("d", 20, 0, 2)])
    assert [(m.id, m.mover_id) for m in both.meetings] == [("c", "b"), ("d", "a")]


def test_per_id_stop_gaps_and_ignore() -> None:
    """DBG-16: an enemy's 2 cm ZOC stops a move; infantry ignored as obstacles (AT-10)."""
    enemy, infantry = Base("enemy", 20, 0, 1), Base("inf", 10, 0, 1)
    met = sweep([Base("m", 0, 0, 1)], (1, 0), 30, bases=[enemy, infantry],
                stop_gaps={"enemy": 2.0}, ignore={"inf"})
    assert (met.travelled, met.hit_id) == (pytest.approx(16), "enemy")


def test_passed_over_in_order() -> None:
    """AT-8 / AT-E4: the models a thrown base passes over, in the order it reaches them."""
    line = [Base("k3", 14, 0, 1.5), Base("k1", 6, 1, 1.5), Base("k2", 10, -1, 1.5),
            Base("beside", 8, 6, 1.5), Base("grazed", 10, 4.5, 1), Base("at_end", 15, 0, 1.5)]
    sierp = Base("sierp", 0, 0, 3.5)
    assert [b.id for b in passed_over(sierp, (1, 0), 10, BaseIndex(line))] == ["k1", "k2", "k3"]
    assert passed_over(sierp, (1, 0), 0, line) == []


# --- queries -------------------------------------------------------------------------------


def test_nearest_edge() -> None:
    table = Table(100, 60)
    assert table.nearest_edge(10, 30) == ("west", 10, (0, 30))
    assert table.nearest_edge(50, 55) == ("south", 5, (50, 60))
    assert table.nearest_edge(5, 5)[0] == "north"  # tie broken clockwise from north


def test_away_from_nearest_enemy() -> None:
    """DBG-29: flee along the line from the nearest enemy (by edge gap) through oneself."""
    me = Base("me", 10, 10, 1)
    enemies = [Base("e2", 30, 10, 1), Base("e1", 13, 14, 1), Base("big", 10, 30, 14)]
    for pool in (enemies, BaseIndex(enemies)):
        (dx, dy), who = away_from_nearest(me, pool) or ((0.0, 0.0), "")
        assert who == "e1" and (dx, dy) == pytest.approx((-0.6, -0.8))
    tied = [Base("z", 14, 10, 1), Base("y", 6, 10, 1)]
    assert away_from_nearest(me, tied) == ((1.0, 0.0), "y")
    assert away_from_nearest(me, BaseIndex(tied)) == ((1.0, 0.0), "y")
    assert away_from_nearest(me, []) is None and away_from_nearest(me, BaseIndex()) is None


def test_zone_of_control_radius() -> None:
    """DBG-15: 2 cm around the base, edge to edge."""
    me = Base("me", 0, 0, 1)
    index = BaseIndex([me, Base("in", 4, 0, 1), Base("out", 4.01, 0, 1), Base("far", 50, 0, 1)])
    assert [b.id for b in index.within(me, 2.0)] == ["in"]
    assert [b.id for b in index.within((0.0, 0.0), 3.0)] == ["in", "me"]
    nearest = index.nearest((49.0, 0.0))
    assert nearest is not None and nearest.id == "far"
    index.remove("far")
    assert "far" not in index and len(index) == 3


def test_ranks_along_a_line_of_vehicles() -> None:
    """AT-35: each further step of the contact chain along the path is one rank."""
    bases = {b.id: b for b in [
        Base("v0", 0, 0, 2), Base("v1", 5, 0, 2), Base("v2", 10, 0, 2), Base("v3", 15, 0, 2),
        Base("side", 5, 5.5, 2),    # touches v1 exactly beside it: not on the path
        Base("diag", 9, 4, 2),      # touches v1 ahead of it: rank 2
        Base("back", -5, 0, 2),     # touches v0 from behind: the attacker's side
        Base("inf", 20, 0, 1.5),    # infantry left out of bases_by_id
    ]}
    graph = contact_graph(bases.values())
    afvs = {k: v for k, v in bases.items() if k != "inf"}
    ranks = contacts_on_path(graph, "v0", afvs, (1, 0))
    assert ranks == {"v0": 0, "v1": 1, "diag": 2, "v2": 2, "v3": 3}
    assert list(ranks) == ["v0", "v1", "diag", "v2", "v3"]
    assert groups(graph) == [{"back", "diag", "inf", "side", "v0", "v1", "v2", "v3"}]
    assert groups(contact_graph([Base("b", 0, 0, 1), Base("a", 50, 0, 1)])) == [{"a"}, {"b"}]


def test_directions() -> None:
    """AT-30, AT-39, AT-E5: the throw line and the average of attack directions."""
    assert direction_from(Base("a", 0, 0, 1), Base("b", 3, 4, 1)) == pytest.approx((0.6, 0.8))
    assert direction_from((0.0, 0.0), (0.0, -2.0)) == (0.0, -1.0)  # north
    diag = average_direction([(1, 0), (0, 5)])
    assert diag == pytest.approx((1 / math.sqrt(2), 1 / math.sqrt(2)))
    assert unit(0, -3) == (0.0, -1.0)
    for bad in ([], [(1, 0), (-2, 0)]):
        with pytest.raises(ValueError):
            average_direction(bad)
    with pytest.raises(ValueError):
        unit(0, 0)


def test_refusals() -> None:
    with pytest.raises(ValueError):
        sweep([Base("a", 0, 0, 1)], (1, 0), -1)
    with pytest.raises(ValueError):
        contact_graph([Base("a", 0, 0, 1), Base("a", 9, 0, 1)])
    with pytest.raises(ValueError):
        BaseIndex([Base("a", 0, 0, 1), Base("a", 9, 0, 1)])
    with pytest.raises(ValueError):
        PolygonObstacle("p", ((0, 0), (1, 0)))
    with pytest.raises(ValueError):
        Base("a", 0, 0, -1)


@settings(max_examples=300, deadline=None)
@given(x=st.floats(-5, 25), y=st.floats(-5, 25), radius=st.floats(0, 3),
       reach=st.floats(-6, 8))
def test_gap_at_most_answers_as_the_gap_does(x: float, y: float, radius: float,
                                            reach: float) -> None:
    """DBG-11's terrain filter: ``gap_at_most`` is ``gap_to_obstacle(...) <= reach`` to the
    last bit, inside an outline or out, for outlines and circles alike."""
    base = Base("b", x, y, radius)
    shapes: list[Obstacle] = [
        PolygonObstacle("l", ((0.0, 0.0), (12.0, 0.0), (12.0, 4.0), (4.0, 4.0), (4.0, 12.0),
                              (0.0, 12.0))),
        CircleObstacle("c", 15.0, 15.0, 2.5)]
    for shape in shapes:
        assert gap_at_most(base, shape, reach) == (gap_to_obstacle(base, shape) <= reach)


def test_every_base_made_or_changed_is_counted() -> None:
    """``base_writes`` moves on at every base made and every field set, however it is set, so
    a cache of what positions imply can tell a table nobody touched (De Bello Gallico's
    layout) by one number."""
    before = base_writes()
    base = Base("b", 1.0, 2.0, 1.25)
    made = base_writes()
    assert made > before
    base.x = 3.0
    assert base_writes() > made
    moved = base_writes()
    base.y, base.radius = 4.0, 2.0
    assert base_writes() >= moved + 2
    assert base == Base("b", 3.0, 4.0, 2.0)
    with pytest.raises(ValueError, match="negative radius"):
        Base("bad", 0.0, 0.0, -1.0)
