"""Where fighters stand relative to each other and to the ground, on ``polemos.core.table``.

Everything here is derived from positions on demand (DBG-1 distances edge to edge, DBG-15 zones
of control, DBG-17 pinning, DBG-24 line of sight), so no stored condition can go stale after a
move or a flight. Who touches whom and the gaps to enemies come from ``layout``, computed once
per arrangement of the table and checked against the live positions at every query.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from operator import itemgetter

from polemos.core.morale import FORBIDS, Act, Morale
from polemos.core.table import (
    EPS,
    Base,
    PolygonObstacle,
    gap,
    gap_to_obstacle,
    point_travel,
)
from polemos.rulesets.de_bello_gallico.layout import Layout, layout
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter, Ground

SIGHT_MEMO = 100_000
"""Lines of sight ``line_of_sight`` keeps before it starts over: a bound on the memory of a
long search (forks share the ground), far above what one game measures."""
BOX_SLACK = 1e-6
"""cm a segment's bounding box is widened by before outlines are left out by theirs."""
KEEP_CLEAR = 0.01
"""cm beyond the contact tolerance (DBG-1) that a retreating fighter's moves keep from every
enemy (DBG-31): a flight stopped by an enemy ends visibly apart from it, not touching."""


def on_table(state: DbgState) -> Iterator[Fighter]:
    """Fighters in play, in scenario order (the order every 'each of them' step uses)."""
    return (f for f in state.fighters.values() if f.status == IN_PLAY)


def enemies(state: DbgState, fighter: Fighter) -> list[Fighter]:
    side = fighter.side
    return [f for f in state.fighters.values() if f.status == IN_PLAY and f.side != side]


def friends(state: DbgState, fighter: Fighter) -> list[Fighter]:
    """Fighters of its side in play, itself excluded, in scenario order (read from its side's
    own list, ``DbgState.by_side``)."""
    me = fighter.id
    return [f for f in state.by_side()[fighter.side] if f.status == IN_PLAY and f.id != me]


def touching(state: DbgState, a: Base, b: Base) -> bool:
    """DBG-1: bases touch when the gap is at most the measuring tolerance."""
    return gap(a, b) <= state.params.contact + EPS


def in_contact(state: DbgState, fighter: Fighter, table: Layout | None = None
               ) -> list[Fighter]:
    """Enemies whose base touches this fighter's (DBG-1), in scenario order; ``table`` as in
    ``pinned``."""
    if fighter.status != IN_PLAY:
        return [e for e in enemies(state, fighter) if touching(state, fighter.base, e.base)]
    fighters, side = state.fighters, fighter.side
    return [e for e in map(fighters.__getitem__, (table or layout(state)).touching[fighter.id])
            if e.side != side]


def pinned(state: DbgState, fighter: Fighter, table: Layout | None = None) -> bool:
    """DBG-17: pinned while its base touches an enemy's. A caller asking about many fighters
    of an unchanging table passes its ``layout`` as ``table``."""
    if fighter.status != IN_PLAY:
        return any(touching(state, fighter.base, e.base) for e in enemies(state, fighter))
    return fighter.id in (table or layout(state)).pinned


def touches_anyone(state: DbgState, fighter: Fighter, table: Layout | None = None) -> bool:
    """Its base touches another in play, friend or foe (DBG-1); ``fighter`` in play, ``table``
    as in ``pinned``."""
    return bool((table or layout(state)).touching[fighter.id])


def morale_states(state: DbgState, fighter: Fighter) -> list[Morale]:
    """The ``core.morale`` states a fighter is in; ``core.morale.FORBIDS`` says what each
    forbids (DBG-12, DBG-15, DBG-17, DBG-27, DBG-31, DBG-38)."""
    found = []
    if fighter.retreating:
        found.append(Morale.RETREATING)
    if fighter.in_play and pinned(state, fighter):
        found.append(Morale.PINNED)
    if fighter.frenzied:
        found.append(Morale.FRENZIED)
    return found or [Morale.STEADY]


ATTACK, ENTER_CONTACT, HOLD, MORALE_TEST, RETREAT_MOVE, SHOOT = (
    Act.ATTACK, Act.ENTER_CONTACT, Act.HOLD, Act.MORALE_TEST, Act.RETREAT_MOVE, Act.SHOOT)
"""The ``core.morale.Act`` members the rules pass to ``forbids``, read once: a member read from
its enum goes through the enum's metaclass (its ``__getattr__``), several times slower than a
global, and ``forbids`` is asked of every fighter at every step."""

_FORBIDDEN_BY = {act: (act in FORBIDS[Morale.RETREATING], act in FORBIDS[Morale.FRENZIED],
                       act in FORBIDS[Morale.PINNED], act in FORBIDS[Morale.STEADY])
                 for act in Act}
"""Per act: whether retreating, frenzied, pinned and steady forbid it (``FORBIDS``, read once)."""


def forbids(state: DbgState, fighter: Fighter, act: Act, table: Layout | None = None) -> bool:
    """``act in forbidden(morale_states(…))``, asking about pinning only when it matters;
    ``table`` as in ``pinned``."""
    by_retreat, by_frenzy, by_pin, by_steady = _FORBIDDEN_BY[act]
    if by_retreat and fighter.retreating:
        return True
    if by_frenzy and fighter.frenzied:
        return True
    playing = fighter.status == IN_PLAY
    if by_pin and playing and fighter.id in (table or layout(state)).pinned:
        return True  # ``pinned``, for a fighter in play
    return by_steady and not (
        fighter.retreating or fighter.frenzied or (playing and pinned(state, fighter, table)))


def stop_gaps(state: DbgState, mover: Fighter) -> dict[str, float]:
    """The stop gaps a sweep of ``mover`` must respect, by enemy id.

    Every enemy zone of control (DBG-15); civilians, prisoners, retreating and pinned fighters
    have none. A retreating mover also keeps ``KEEP_CLEAR`` beyond contact from every enemy,
    zone or not (DBG-31: it may not move into contact), so its flight or step stops short of a
    pinned or retreating foe instead of touching it and being pinned by it.

    Pinning is judged with the mover gone, since a move away ends the contact it made. This is
    ``forbids(…, Act.CONTROL_ZONE)`` unrolled over the layout's contacts, on the hottest path
    of the menu: only the enemies are read (``Layout.foes``), those in play being the ones
    whose entry of the layout's key has a position.
    """
    fighters, side, me = state.fighters, mover.side, mover.id
    table = layout(state)
    touching_, held, key = table.touching, table.pinned, table.key
    clear = state.params.contact + KEEP_CLEAR if mover.retreating else 0.0
    zone = max(state.params.zoc, clear)
    gaps: dict[str, float] = {}
    for at, i in table.foes[side]:
        if key[at] is None:
            continue  # out of play
        enemy = fighters[i]
        if enemy.retreating or enemy.role != "combatant" or \
                (i in held and any(t != me and fighters[t].side == side for t in touching_[i])):
            if clear:
                gaps[i] = clear
        else:
            gaps[i] = zone
    return gaps


def other_bases(state: DbgState, mover: Fighter) -> list[Base]:
    """Every base a sweep of ``mover`` may not cross: the other fighters', and on a shared table
    the other rulesets' ground units (docs/mixing.md MIX-8 Decision)."""
    return [f.base for f in on_table(state) if f.id != mover.id] + state.foreign_bases()


def nearest_enemy(state: DbgState, fighter: Fighter) -> Fighter | None:
    """Nearest by edge gap, ties to the first in scenario order."""
    found = min(layout(state).enemy_gaps(state, fighter), key=itemgetter(1), default=None)
    return None if found is None else state.fighters[found[0]]


def enemy_gaps(state: DbgState, fighter: Fighter) -> list[tuple[Fighter, float]]:
    """Each enemy in play with its edge gap to ``fighter``, in scenario order."""
    fighters = state.fighters
    return [(fighters[i], d) for i, d in layout(state).enemy_gaps(state, fighter)]


def line_of_sight(ground: Ground, a: Base, b: Base) -> bool:
    """DBG-24: the line between base centres crosses no sight-blocking terrain.

    ``core.table`` has no segment test, so a zero-radius base is swept along the line: it meets
    a blocking outline exactly where the line would cross it. Most lines pass nowhere near a
    blocking outline's box, which tells at once (``_near_outlines``); for the others the
    answer depends on the two centres alone (the ground never changes), so each is swept once
    (``Ground._lines``).
    """
    if not ground.sight:
        return True
    near = _near_outlines(ground.sight, a, b)
    if not near:
        return True
    line = a.x, a.y, b.x, b.y
    memo = ground._lines
    seen = memo.get(line)
    if seen is None:
        if len(memo) >= SIGHT_MEMO:
            memo.clear()
        seen = memo[line] = not _crosses(near, a, b)
    return seen


def sees(state: DbgState, a: Fighter, b: Fighter) -> bool:
    """DBG-24 from ``a`` to ``b``."""
    return line_of_sight(state.ground, a.base, b.base)


def behind_cover(ground: Ground, shooter: Base, target: Base) -> bool:
    """DBG-23: the shot crosses a wall."""
    return _line_crosses(ground.cover, shooter, target)


def _line_crosses(shapes: tuple[PolygonObstacle, ...], a: Base, b: Base) -> bool:
    """Whether the segment between the centres crosses one of ``shapes``."""
    near = _near_outlines(shapes, a, b)
    return bool(near) and _crosses(near, a, b)


def _near_outlines(shapes: tuple[PolygonObstacle, ...], a: Base, b: Base
                   ) -> list[PolygonObstacle]:
    """The ``shapes`` whose box the segment between the centres passes through (widened by far
    more than float rounding): the sweep meets an outline only on it, and passes over every
    other one without measuring it. The segment's own box is compared first, the cheaper
    test."""
    near: list[PolygonObstacle] = []  # a loop: a comprehension makes a function per call
    if not shapes:
        return near
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    x0, x1 = (ax, bx) if ax < bx else (bx, ax)
    y0, y1 = (ay, by) if ay < by else (by, ay)
    x0, y0, x1, y1 = x0 - BOX_SLACK, y0 - BOX_SLACK, x1 + BOX_SLACK, y1 + BOX_SLACK
    for shape in shapes:
        box = shape.bbox
        if not (x0 > box[2] or x1 < box[0] or y0 > box[3] or y1 < box[1]) \
                and _through_box(ax, ay, bx - ax, by - ay, box):
            near.append(shape)
    return near


def _crosses(near: list[PolygonObstacle], a: Base, b: Base) -> bool:
    """Whether the segment between the centres crosses one of the outlines ``near`` it
    (``_near_outlines``): ``sweep(...).travelled`` of a zero-radius probe, to the last bit."""
    length = math.hypot(b.x - a.x, b.y - a.y)
    if length < EPS:
        return False
    return point_travel(a.x, a.y, (b.x - a.x, b.y - a.y), length, near) < length - EPS


def _through_box(x: float, y: float, dx: float, dy: float,
                 box: tuple[float, float, float, float]) -> bool:
    """Whether the segment from (x, y) by (dx, dy) passes through ``box`` widened by
    ``BOX_SLACK`` (clipped against each pair of its sides in turn)."""
    x0, y0, x1, y1 = box
    enter, leave = 0.0, 1.0
    for step, start, low, high in ((dx, x, x0 - BOX_SLACK, x1 + BOX_SLACK),
                                   (dy, y, y0 - BOX_SLACK, y1 + BOX_SLACK)):
        if step == 0.0:
            if not low <= start <= high:
                return False
            continue
        t0, t1 = (low - start) / step, (high - start) / step
        if t0 > t1:
            t0, t1 = t1, t0
        enter, leave = max(enter, t0), min(leave, t1)
        if enter > leave:
            return False
    return True


def in_difficult_ground(ground: Ground, base: Base) -> bool:
    """DBG-23, DBG-53: its centre stands in scrub or marsh."""
    return any(shape.contains_point(base.x, base.y) for shape in ground.difficult)


def ground_height(ground: Ground, base: Base) -> int:
    """DBG-53: the highest hill under its centre (0 on the flat)."""
    return max((h.height for h in ground.hills if h.shape.contains_point(base.x, base.y)),
               default=0)


def touches_feature(state: DbgState, base: Base, feature_id: str) -> bool:
    """Touching or standing on a terrain piece (DBG-57's bridge), to the DBG-1 tolerance."""
    shape = state.ground.feature(feature_id).shape
    return gap_to_obstacle(base, shape) <= state.params.contact + EPS


def within(a: Fighter, b: Fighter, reach: float) -> bool:
    """Edge to edge at most ``reach`` cm (DBG-1)."""
    return gap(a.base, b.base) <= reach + EPS


def pos(fighter: Fighter) -> list[float]:
    """Where a fighter stands, to the 0.1 mm, as events report it."""
    return [hundredths(fighter.base.x), hundredths(fighter.base.y)]


def hundredths(value: float) -> float:
    """``round(value, 2)``, to the last bit, without its exact decimal conversion, which costs
    more than the rest of a charge's spot (DBG-14 rounds two coordinates at every spot).

    Below ``_EXACT`` hundredths the product ``value * 100`` is off by less than 1e-9, so away
    from a tie (by more than ``TIE``) its nearest whole number is that of the exact value, the
    number ``round`` rounds; dividing it by 100 gives the float nearest that many hundredths,
    the float ``round`` gives. A tie, and anything below a hundredth (the sign of a zero) or
    from ``_EXACT`` on, is left to ``round``."""
    scaled = value * 100.0
    if not 1.0 <= scaled < _EXACT:
        return round(value, 2)
    whole = math.floor(scaled)
    part = scaled - whole
    if abs(part - 0.5) < TIE:
        return round(value, 2)
    return (whole + 1 if part > 0.5 else whole) / 100


TIE = 1e-6
"""Hundredths from a tie within which ``hundredths`` leaves the rounding to ``round``."""
_EXACT = 1e7
"""Hundredths (100 m) below which ``value * 100`` errs by far less than ``TIE``."""
