"""Moving, charging and withdrawing (DBG-11, DBG-14 … DBG-16, DBG-31, DBG-38, DBG-59).

A move is one straight line of at most the fighter's Mouvement (DBG-11), checked by a sweep of
``core.table``: it may not overlap a base (DBG-1), cross impassable terrain or leave the table,
nor come within an enemy's 2 cm zone of control unless it ends touching that enemy (DBG-15,
DBG-16). The sweep meets a zone only on a closing path, which is exactly DBG-16's "a fighter that
starts inside a zone may leave it but not cross it". On a shared table other rulesets' ground
units are bases too: a move or a charge stops at them, and they are never its target
(docs/mixing.md MIX-8 Decision).

**Decision (legal destinations).** Any destination that passes ``path_problem`` is legal, but
the menu offered to bots and the terminal is finite: the 8 compass headings and the heading of
the nearest enemy, each at full and at half Mouvement, clipped to the last legal point of that
line (so 'as far as possible toward X' is one choice), plus one ``charge`` per enemy it can reach
(DBG-14) and, in an ambush, a withdrawal by a reserved edge (DBG-59).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from polemos.core.morale import EDGE_DIRECTIONS
from polemos.core.table import (
    EPS,
    Base,
    Outlook,
    PolygonObstacle,
    Table,
    direction_from,
    gap,
    gap_at_most,
    sweep,
    unit,
)
from polemos.rulesets.de_bello_gallico.geometry import (
    ENTER_CONTACT,
    enemy_gaps,
    forbids,
    hundredths,
    in_contact,
    nearest_enemy,
    other_bases,
    pos,
    stop_gaps,
)
from polemos.rulesets.de_bello_gallico.layout import layout, moved
from polemos.rulesets.de_bello_gallico.models import EdgeName
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter

if TYPE_CHECKING:
    from polemos.core.context import Context

Problem = tuple[str, str] | None
SLACK = 1e-6
"""cm: a destination computed by a sweep may fall short of it by float rounding."""
NEAR_MARGIN = 1e-6
"""cm of float rounding ``surroundings`` allows for when it leaves out bases a move cannot meet."""
MIN_MOVE = 0.5
"""cm: shorter menu moves are dropped (a human may still type one)."""
FRACTIONS = (1.0, 0.5)
"""The menu's stops along each heading, as fractions of the Mouvement, largest first (the first
is whole)."""
_D = math.sqrt(0.5)
OPEN_MEMO = 10_000
"""Mouvements whose open headings' travels ``_OPEN`` keeps before it starts over (a bound on a
long search's memory)."""
_OPEN: dict[tuple[float, tuple[float, ...]], list[float]] = {}
"""``_travels`` of a heading nothing blocks, by Mouvement and fractions: they depend on
nothing else, and a third of the headings of a menu are open."""
HEADINGS: tuple[tuple[str, tuple[float, float]], ...] = (
    ("N", (0.0, -1.0)), ("NE", (_D, -_D)), ("E", (1.0, 0.0)), ("SE", (_D, _D)),
    ("S", (0.0, 1.0)), ("SW", (-_D, _D)), ("W", (-1.0, 0.0)), ("NW", (-_D, -_D)))
"""North is up: the table's y grows to the south."""
_HEADING_UNITS = tuple(unit(*direction) for _, direction in HEADINGS)
"""The headings as ``Outlook.travels`` takes them: normalised once, as ``travelled`` would
normalise each at every question."""
FOREIGN_RULE = "MIX-8"
"""docs/mixing.md: other rulesets' ground units block a fighter's way like bases (Decision)."""
OVERLAP = 1e-3
"""cm: a charge spot this deep inside a base or a zone is never reached (``cut_off``); far
above float rounding and ``SLACK``, far below any real overlap."""
CHARGE_ANGLES = (0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0)
"""Where a charge may touch its target, in degrees from the straight approach: a charge blocked
head-on by a friend may still reach the target's flank."""
SPOT_SLACK = 0.01
"""cm: rounding a charge spot to 0.01 cm moves it by at most 0.0071 cm, so it moves no distance
to it by more than this."""
_TURNS = tuple((math.cos(math.radians(angle)), math.sin(math.radians(angle)))
               for angle in CHARGE_ANGLES)
"""Cosine and sine of each of ``CHARGE_ANGLES``, worked out once."""


def ends_in_contact(state: DbgState, fighter: Fighter, x: float, y: float,
                    foes: list[tuple[Fighter, float]] | None = None) -> list[Fighter]:
    """The enemies a base at (x, y) would touch (DBG-1), in scenario order; ``foes`` is
    ``enemy_gaps`` when the caller has it.

    Moving the base by ``travel`` changes its gap to anyone by at most ``travel``, so only the
    enemies within that of the contact tolerance now are measured at (x, y).
    """
    base = fighter.base
    radius, limit = base.radius, state.params.contact + EPS
    near = limit + math.hypot(x - base.x, y - base.y) + NEAR_MARGIN
    hypot = math.hypot
    # ``touching`` a base at (x, y), written out: a charge asks it at every spot.
    return [e for e, now in (foes if foes is not None else enemy_gaps(state, fighter))
            if now <= near
            and hypot(x - e.base.x, y - e.base.y) - (radius + e.base.radius) <= limit]


_Row = tuple[str, float, float, float, float, float]
"""A base as ``cut_off`` reads it (``Surroundings.rows``)."""
_Foe = tuple[Fighter, float, float, float]
"""An enemy with its base's centre and radius, as a charge's spots are measured to it."""


class Surroundings:
    """What a mover's sweeps read, gathered once per menu rather than once per line."""

    __slots__ = ("bases", "gaps", "obstacles", "foes", "outlook", "starts", "_rows",
                 "_charged")

    def __init__(self, bases: list[Base], gaps: dict[str, float],
                 obstacles: tuple[PolygonObstacle, ...], foes: list[tuple[Fighter, float]],
                 mover: Base, table: Table, starts: list[float] | None = None) -> None:
        self.bases = bases
        self.gaps = gaps
        self.obstacles = obstacles
        self.foes = foes
        """``enemy_gaps`` of the mover."""
        self.outlook = Outlook(mover, bases=bases, obstacles=obstacles, table=table,
                               stop_gaps=gaps)
        """Every straight move from where the mover stands, against the above
        (``core.table``)."""
        self.starts = [gap(mover, b) for b in bases] if starts is None else starts
        """The mover's gap to each of ``bases`` where it stands (``cut_off`` asks at every
        spot); ``surroundings`` measured them already."""
        self._rows: list[_Row] | None = None
        self._charged: tuple[float, list[_Foe]] | None = None

    def within(self, reach: float) -> list[_Foe]:
        """The enemies at most ``reach`` from the mover, edge to edge, with their bases'
        centres and radii: those a charge's spots may touch (``_near_spots``), gathered at the
        first charge and kept for the others (they all ask the same reach)."""
        charged = self._charged
        if charged is None or charged[0] != reach:
            found: list[_Foe] = []  # a loop: a comprehension makes a function per call
            for e, now in self.foes:
                if now <= reach:
                    b = e.base
                    found.append((e, b.x, b.y, b.radius))
            charged = self._charged = reach, found
        return charged[1]

    def rows(self) -> list[_Row]:
        """For ``cut_off``, made at its first spot: each base's id, centre and radius, the
        mover's gap to it now and its stop gap (``gaps``, 0 without one)."""
        rows = self._rows
        if rows is None:
            get = self.gaps.get
            rows = self._rows = []
            for b, now in zip(self.bases, self.starts, strict=True):
                rows.append((b.id, b.x, b.y, b.radius, now, get(b.id, 0.0)))
        return rows


def surroundings(state: DbgState, fighter: Fighter) -> Surroundings:
    """The bases, stop gaps and impassable terrain of every move ``fighter`` may make now
    (DBG-1, DBG-11, DBG-15).

    Only what a straight move of at most its Mouvement could meet is kept: a sweep meets a base
    or an outline no sooner than their gap less its stop gap, so one farther than the Mouvement
    plus its own stop gap (a friend's, another ruleset's unit's and an outline's are 0) can
    never stop it, and leaving it out changes no sweep's answer. An outline whose bounding box
    is already farther is left out without measuring it: the outline lies inside its box.

    The gaps to the enemies are measured on the way, as ``enemy_gaps`` measures them, and the
    layout keeps them for the rest of the menu (``Layout.learn``).
    """
    gaps = stop_gaps(state, fighter)
    reach = fighter.move + SLACK + NEAR_MARGIN  # beyond the stop gap, if any
    me = fighter.base
    x, y, radius = me.x, me.y, me.radius
    near: list[Base] = []
    starts: list[float] = []
    foes: list[tuple[Fighter, float]] = []
    side, hypot = fighter.side, math.hypot
    # ``other_bases`` and ``gap``, written out: the fighters in play but the mover, then the
    # other rulesets' ground units.
    for other in state.fighters.values():
        if other.status != IN_PLAY or other is fighter:
            continue
        b = other.base
        now = hypot(x - b.x, y - b.y) - (radius + b.radius)
        if other.side != side:
            foes.append((other, now))
            if now <= reach + gaps.get(other.id, 0.0):
                near.append(b)
                starts.append(now)
        elif now <= reach:
            near.append(b)
            starts.append(now)
    for b in state.foreign_bases():
        now = hypot(x - b.x, y - b.y) - (radius + b.radius)
        if now <= reach:
            near.append(b)
            starts.append(now)
    if fighter.status == IN_PLAY:
        layout(state).learn(fighter, foes)
    terrain: list[PolygonObstacle] = []
    for shape in state.ground.impassable:
        far = reach + gaps.get(shape.id, 0.0)
        if _box_distance(x, y, shape.bbox) <= far + radius + NEAR_MARGIN \
                and gap_at_most(me, shape, far):
            terrain.append(shape)
    return Surroundings(near, gaps, tuple(terrain), foes, me, state.ground.table, starts)


def _box_distance(x: float, y: float, box: tuple[float, float, float, float]) -> float:
    """From a point to a bounding box (0 inside it): never more than to what the box holds."""
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))


def path_problem(state: DbgState, fighter: Fighter, x: float, y: float,
                 around: Surroundings | None = None) -> Problem:
    """Why ``fighter`` may not move straight to (x, y), or None."""
    around = around or surroundings(state, fighter)
    if may_reach(state, fighter, x, y, around):
        return None
    return _why_not(state, fighter, x, y, around)


def may_reach(state: DbgState, fighter: Fighter, x: float, y: float, around: Surroundings,
              contact: list[Fighter] | None = None) -> bool:
    """``path_problem(…) is None``, told without asking why not: one ``Outlook`` question
    instead of a sweep (DBG-1, DBG-11, DBG-15, DBG-16, DBG-31). ``contact`` is
    ``ends_in_contact`` at (x, y) when the caller has it."""
    dx, dy = x - fighter.base.x, y - fighter.base.y
    distance = math.hypot(dx, dy)
    if distance < EPS or distance > fighter.move + SLACK:
        return False
    if contact is None:
        contact = ends_in_contact(state, fighter, x, y, around.foes)
    if contact and forbids(state, fighter, ENTER_CONTACT):
        return False
    return _unblocked(around, dx / distance, dy / distance, distance,
                      dict.fromkeys([e.id for e in contact], 0.0))


def _unblocked(around: Surroundings, ux: float, uy: float, distance: float,
               touched: dict[str, float]) -> bool:
    """Whether the straight move along the unit vector (ux, uy) (the move's (dx, dy) divided
    by its ``math.hypot``, ``distance``), that ends touching the enemies ``touched`` (each id
    with a stop gap of 0, in scenario order) meets nothing on its way (``may_reach`` once the
    rest is known). DBG-16: the zone of an enemy the move ends touching does not stop it."""
    enough = distance - SLACK
    return around.outlook.along((ux, uy), distance, touched, enough) >= enough


def _why_not(state: DbgState, fighter: Fighter, x: float, y: float, around: Surroundings
             ) -> tuple[str, str]:
    """The rule and reason ``may_reach`` refused (x, y) for: the sweep says what is in the way."""
    dx, dy = x - fighter.base.x, y - fighter.base.y
    distance = math.hypot(dx, dy)
    if distance < EPS:
        return "DBG-11", "a move must go somewhere (end the activation to stay put)"
    if distance > fighter.move + SLACK:
        return "DBG-11", (f"{fighter.id} moves at most {fighter.move:g} cm; "
                          f"({x:g}, {y:g}) is {distance:.2f} cm away")
    contact = ends_in_contact(state, fighter, x, y, around.foes)
    if contact and forbids(state, fighter, ENTER_CONTACT):
        return "DBG-31", f"{fighter.id} is retreating and may not move into contact"
    gaps = {**around.gaps, **dict.fromkeys([enemy.id for enemy in contact], 0.0)}
    ground = state.ground
    result = sweep([fighter.base], (dx, dy), distance, bases=around.bases,
                   obstacles=around.obstacles, table=ground.table, stop_gaps=gaps)
    met = result.meetings[0]
    if met.kind == "edge":
        return "DBG-11", f"the move would take {fighter.id} off the {met.id} table edge"
    if met.kind == "obstacle":
        kind = ground.feature(met.id).kind
        return "DBG-11", f"impassable {kind} {met.id!r} is in the way"
    if met.id not in state.fighters:
        return FOREIGN_RULE, f"{met.id} (another ruleset's unit) is in the way"
    if gaps.get(met.id, 0.0) > 0.0:
        return "DBG-15", (f"the move would enter the zone of control of {met.id} "
                          "without ending in contact with it (DBG-16)")
    return "DBG-1", f"the move would run into the base of {met.id}"


def charge_point(state: DbgState, fighter: Fighter, target: Fighter,
                 around: Surroundings | None = None) -> tuple[float, float] | None:
    """DBG-14: the first legal spot touching ``target`` reached in one straight move, or None.

    Spots lie half the contact tolerance off the target's rim, rounded to 0.01 cm, so they
    touch it (DBG-1) without overlapping. Spots ``cut_off`` are passed over without a sweep.
    Every spot touches the target, so a fighter that may not move into contact (DBG-31) has
    none, as ``may_reach`` would find at each.
    """
    if forbids(state, fighter, ENTER_CONTACT):
        return None
    return charge_spot(state, fighter, target, around or surroundings(state, fighter))


def charge_spot(state: DbgState, fighter: Fighter, target: Fighter, around: Surroundings
                ) -> tuple[float, float] | None:
    """``charge_point`` of a fighter already known free to move into contact (DBG-31): a menu
    asks once for all its charges (``menu.reachable``), not once per enemy."""
    start, aim = fighter.base, target.base
    ux, uy = unit(start.x - aim.x, start.y - aim.y)  # ``direction_from(aim, start)``
    reach = start.radius + aim.radius + state.params.contact / 2
    longest, radius, limit = fighter.move + SLACK, start.radius, state.params.contact + EPS
    sx, sy, hypot = start.x, start.y, math.hypot
    ax, ay, touching = aim.x, aim.y, radius + aim.radius
    far = longest + SPOT_SLACK
    near: tuple[list[_Foe], list[_Row]] | None = None
    alone: dict[str, float] | None = None
    for cos, sin in _TURNS:
        vx, vy = ux * cos - uy * sin, ux * sin + uy * cos
        x, y = ax + reach * vx, ay + reach * vy
        if hypot(x - sx, y - sy) > far:
            continue  # too far even once rounded: rounding costs more than the rest
        if near is None:
            near = _near_spots(aim, radius, reach, limit, longest, around)
            alone = {target.id: 0.0} if len(near[0]) == 1 else None
        if _surely_cut_off(x, y, radius, limit, near[1]):
            continue  # cut off however it rounds: rounding costs more than this
        x, y = hundredths(x), hundredths(y)
        dx, dy = x - sx, y - sy
        distance = hypot(dx, dy)  # ``may_reach``'s own tests of the distance
        if distance > longest or distance < EPS:
            continue
        if hypot(x - ax, y - ay) - touching > limit:
            continue  # not ``touching`` the target
        # ``ends_in_contact`` at the spot, among the enemies that may touch a spot at all: the
        # target always (tested above), and when no other may, the target alone.
        if alone is not None:
            touched = alone
        else:
            touched = {}
            for e, ex, ey, eradius in near[0]:
                if hypot(x - ex, y - ey) - (radius + eradius) <= limit:
                    touched[e.id] = 0.0
        if not _cut_off_at(x, y, radius, near[1], touched) \
                and _unblocked(around, dx / distance, dy / distance, distance, touched):
            return x, y
    return None


def _near_spots(aim: Base, radius: float, reach: float, limit: float, longest: float,
                around: Surroundings) -> tuple[list[_Foe], list[_Row]]:
    """The enemies a charge spot around ``aim`` may touch and the ``Surroundings.rows`` that
    may cut one off, in their order: every spot lies within ``reach`` + ``SPOT_SLACK`` of the
    aim's centre, so a base farther than that beyond touching (or beyond its stop gap) from the
    centre is as far from every spot, and leaving it out changes no answer. One measure per
    base for the whole charge instead of one per spot. Nor may an enemy farther from the mover
    than its Mouvement beyond touching touch a spot it reaches: that is told by the gap
    already known, without measuring (``Surroundings.within``)."""
    ax, ay, hypot = aim.x, aim.y, math.hypot
    bound = reach + SPOT_SLACK
    foes: list[_Foe] = []  # loops: a comprehension makes a function per call
    for foe in around.within(limit + longest + NEAR_MARGIN):
        if hypot(ax - foe[1], ay - foe[2]) - (radius + foe[3]) <= limit + bound:
            foes.append(foe)
    rows: list[_Row] = []
    for row in around.rows():
        if hypot(ax - row[1], ay - row[2]) - (radius + row[3]) < row[5] + bound:
            rows.append(row)
    return foes, rows


def _surely_cut_off(x: float, y: float, radius: float, limit: float, rows: list[_Row]) -> bool:
    """Whether a charge spot at (x, y), not yet rounded, is ``_cut_off_at`` once rounded to
    hundredths whatever enemies it then touches (DBG-14): rounding moves it by less than
    ``SPOT_SLACK``, so its gap to any base by less than that. A base it overlaps by more than
    ``OVERLAP`` and that much cuts it off even with no stop gap; a base it cannot touch
    (``limit``, DBG-1), whose stop gap it reaches that far into, keeps that gap and cuts it off
    too. Only a base the fighter starts outside of, at both of its possible stop gaps, counts
    (``now``: the stop gap of a base it touches is 0). Half the spots of a charge that reaches
    nothing are cut off: they skip the rounding and the enemies touched."""
    hypot = math.hypot
    deep, touchable = -OVERLAP - SPOT_SLACK, limit + SPOT_SLACK
    for _, ox, oy, oradius, now, stop in rows:
        if now >= stop:
            gap_now = hypot(x - ox, y - oy) - (radius + oradius)
            if gap_now < deep or touchable < gap_now < stop - OVERLAP - SPOT_SLACK:
                return True
    return False


def cut_off(state: DbgState, fighter: Fighter, spot: Base, around: Surroundings,
            contact: list[Fighter] | None = None) -> bool:
    """True when ``path_problem`` surely refuses the move to ``spot``, told without a sweep.

    The spot lies deeper than ``OVERLAP`` inside a base, or inside a zone of control it does not
    touch the owner of (DBG-1, DBG-15), that the fighter starts outside of: the straight path
    from outside to inside crosses that rim, which the sweep meets at least ``OVERLAP`` short of
    the end. Every base is taken with the stop gap ``path_problem`` gives it. ``contact`` is
    ``ends_in_contact`` at the spot when the caller has it.
    """
    if contact is None:
        contact = ends_in_contact(state, fighter, spot.x, spot.y, around.foes)
    return _cut_off_at(spot.x, spot.y, spot.radius, around.rows(), {e.id for e in contact})


def _cut_off_at(x: float, y: float, radius: float, rows: list[_Row],
                touched: Collection[str]) -> bool:
    """``cut_off`` for a spot at (x, y) of the mover's ``radius`` that touches the enemies of
    ids ``touched``, against the ``Surroundings.rows`` that may cut it off."""
    hypot = math.hypot
    for oid, ox, oy, oradius, now, stop in rows:
        if touched and oid in touched:
            stop = 0.0
        if now >= stop and hypot(x - ox, y - oy) - (radius + oradius) < stop - OVERLAP:
            return True  # the spot's ``gap`` to that base, written out
    return False


Option = tuple[float, float, str, float]
"""A menu move: where it ends (x, y), its heading's label and its travel in cm, whole
hundredths; its ``via`` is ``actions.via(label, travel)``, written only when read."""


def line_options(state: DbgState, fighter: Fighter, label: str, direction: tuple[float, float],
                 around: Surroundings, fractions: tuple[float, ...] = FRACTIONS
                 ) -> list[Option]:
    """Destinations along one heading: as far as legal, up to each fraction of Mouvement
    (largest first)."""
    reached = around.outlook.travelled(direction, fighter.move * max(fractions))
    return _stops(fighter, [(label, direction)], [reached], fractions)


def _stops(fighter: Fighter, lines: Sequence[tuple[str, tuple[float, float]]],
           reached: list[float], fractions: tuple[float, ...]) -> list[Option]:
    """The destinations of headings (label, direction) whose sweeps went ``reached`` cm.

    A stretch of a legal straight path is legal, so the sweep's stopping point, shortened to
    whole hundredths of travel, needs no second check. The end point is not rounded: rounding
    it would bend the line, and ``check`` re-sweeps exactly the line it is given. A heading
    swept at least as far as its longest stop is open: its travels are the Mouvement's alone,
    kept in ``_OPEN``.
    """
    found: list[Option] = []
    x, y, move = fighter.base.x, fighter.base.y, fighter.move
    top = move * fractions[0]
    opened = _OPEN.get((move, fractions))
    if opened is None:
        if len(_OPEN) >= OPEN_MEMO:
            _OPEN.clear()
        opened = _OPEN[move, fractions] = _travels(move, fractions, top)
    for (label, (dx, dy)), far in zip(lines, reached, strict=True):
        if far >= top:
            travels = opened
        elif far < MIN_MOVE:
            continue  # every stop would be shorter still
        else:
            travels = _travels(move, fractions, far)
        for travel in travels:
            found.append((x + dx * travel, y + dy * travel, label, travel))
    return found


def _travels(move: float, fractions: tuple[float, ...], far: float) -> list[float]:
    """The travel of each stop along one heading swept ``far`` cm: each fraction of the
    Mouvement in whole hundredths, or as far as the sweep went if that is shorter.

    Two ends of one heading are the same point only for the same travel (a hundredth of
    travel moves one coordinate by far more than its last bit), so repeated travels are what
    is left out: with the ``fractions`` largest first, a repeated travel comes right after its
    twin. Two of the compass headings never meet at one spot (a stop is at least ``MIN_MOVE``
    away)."""
    found: list[float] = []
    floor = math.floor
    last = -1.0
    for fraction in fractions:
        most = move * fraction
        travel = floor(most * 100) / 100 if most < far else floor(far * 100) / 100
        if travel >= MIN_MOVE and travel != last:  # largest first: a repeat follows its twin
            last = travel
            found.append(travel)
    return found


def move_options(state: DbgState, fighter: Fighter, around: Surroundings | None = None
                 ) -> list[Option]:
    """The menu of plain moves (see the module's Decision), without duplicates: each heading
    is ``line_options`` with the ``FRACTIONS``, whose longest is the whole Mouvement, all swept
    in one ``Outlook.travels``. The heading of the nearest enemy may be a compass heading (an
    enemy due north): its spots already offered are left out."""
    around = around or surroundings(state, fighter)
    enemy = nearest_enemy(state, fighter)
    if enemy is None:
        return _stops(fighter, HEADINGS, around.outlook.travels(_HEADING_UNITS, fighter.move),
                      FRACTIONS)
    toward = direction_from(fighter.base, enemy.base)
    reached = around.outlook.travels((*_HEADING_UNITS, unit(*toward)), fighter.move)
    options = _stops(fighter, HEADINGS, reached[:-1], FRACTIONS)
    offered = len(options)
    for option in _stops(fighter, ((f"toward {enemy.id}", toward),), reached[-1:], FRACTIONS):
        x, y = option[0], option[1]
        for i in range(offered):  # a loop: a comprehension makes a function per call
            if options[i][0] == x and options[i][1] == y:
                break
        else:
            options.append(option)
    return options


# --- Frenzy (DBG-38) -----------------------------------------------------------------------


def frenzy_problem(state: DbgState, fighter: Fighter, x: float, y: float) -> Problem:
    """DBG-38: a Frenzied fighter charges its nearest enemy if it can, else moves at it."""
    enemy = nearest_enemy(state, fighter)
    if enemy is None:
        return None
    point = charge_point(state, fighter, enemy)
    if point is not None:
        if enemy in ends_in_contact(state, fighter, x, y):
            return None
        return "DBG-38", f"{fighter.id} is Frenzied and must charge {enemy.id}"
    ux, uy = direction_from(fighter.base, enemy.base)
    dx, dy = x - fighter.base.x, y - fighter.base.y
    length = math.hypot(dx, dy)
    if length < EPS or (dx * ux + dy * uy) / length < math.cos(math.radians(1.0)):
        return "DBG-38", f"{fighter.id} is Frenzied and must move straight at {enemy.id}"
    return None


def frenzy_options(state: DbgState, fighter: Fighter) -> list[Option]:
    """DBG-38: the one move a Frenzied fighter has when it cannot charge: at the enemy."""
    enemy = nearest_enemy(state, fighter)
    if enemy is None:
        return move_options(state, fighter)
    return line_options(state, fighter, f"at {enemy.id}",
                        direction_from(fighter.base, enemy.base), surroundings(state, fighter),
                        (1.0,))


# --- withdrawal (DBG-59) -------------------------------------------------------------------


def withdraw_problem(state: DbgState, fighter: Fighter, edge: EdgeName, exits: list[EdgeName]
                     ) -> Problem:
    """DBG-59: straight off a reserved edge, within Mouvement, on a legal path."""
    if edge not in exits:
        return "DBG-59", f"{edge!r} is not a reserved edge (reserved: {', '.join(exits)})"
    table = state.ground.table
    base = fighter.base
    to_rim = {"north": base.y, "south": table.height - base.y, "west": base.x,
              "east": table.width - base.x}[edge] - base.radius
    if to_rim > fighter.move + SLACK:
        return "DBG-59", f"the {edge} edge is {to_rim:.2f} cm away, beyond {fighter.move:g} cm"
    if to_rim <= SLACK:
        return None
    result = sweep([base], EDGE_DIRECTIONS[edge], to_rim, bases=other_bases(state, fighter),
                   obstacles=state.ground.impassable, table=table,
                   stop_gaps=stop_gaps(state, fighter))
    if result.travelled < to_rim - SLACK:
        met = result.meetings[0]
        rule = FOREIGN_RULE if met.kind == "base" and met.id not in state.fighters else "DBG-15"
        return rule, f"the way to the {edge} edge is blocked by {met.id}"
    return None


def do_move(state: DbgState, game: Context, fighter: Fighter, x: float, y: float, kind: str,
            rules: list[str]) -> None:
    start = pos(fighter)
    distance = math.dist((fighter.base.x, fighter.base.y), (x, y))
    # ``ends_in_contact`` where it now stands: the contacts of the layout, redone for the move.
    contact = [e.id for e in in_contact(state, fighter, moved(state, fighter, x, y))]
    game.emit("move", unit=fighter.id, kind=kind, frm=start, to=pos(fighter),
              cm=hundredths(distance), contact=contact, rules=rules)
