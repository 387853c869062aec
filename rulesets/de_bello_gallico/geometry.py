"""Where fighters stand relative to each other and to the ground, on ``polemos.core.table``.

Everything here is derived from positions on demand (DBG-1 distances edge to edge, DBG-15 zones
of control, DBG-17 pinning, DBG-24 line of sight), so no cached condition can go stale after a
move or a flight. A side has at most a few dozen fighters, so plain scans beat building an index.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from polemos.core.morale import Act, Morale, forbidden
from polemos.core.table import EPS, Base, PolygonObstacle, gap, gap_to_obstacle, sweep
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter, Ground

KEEP_CLEAR = 0.01
"""cm beyond the contact tolerance (DBG-1) that a retreating fighter's moves keep from every
enemy (DBG-31): a flight stopped by an enemy ends visibly apart from it, not touching."""


def on_table(state: DbgState) -> Iterator[Fighter]:
    """Fighters in play, in scenario order (the order every 'each of them' step uses)."""
    return (f for f in state.fighters.values() if f.in_play)


def enemies(state: DbgState, fighter: Fighter) -> list[Fighter]:
    return [f for f in on_table(state) if f.side != fighter.side]


def friends(state: DbgState, fighter: Fighter) -> list[Fighter]:
    """Fighters of its side in play, itself excluded."""
    return [f for f in on_table(state) if f.side == fighter.side and f.id != fighter.id]


def touching(state: DbgState, a: Base, b: Base) -> bool:
    """DBG-1: bases touch when the gap is at most the measuring tolerance."""
    return gap(a, b) <= state.params.contact + EPS


def in_contact(state: DbgState, fighter: Fighter) -> list[Fighter]:
    """Enemies whose base touches this fighter's (DBG-1)."""
    return [e for e in enemies(state, fighter) if touching(state, fighter.base, e.base)]


def pinned(state: DbgState, fighter: Fighter) -> bool:
    """DBG-17: pinned while its base touches an enemy's."""
    return any(touching(state, fighter.base, e.base) for e in enemies(state, fighter))


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


def forbids(state: DbgState, fighter: Fighter, act: Act) -> bool:
    return act in forbidden(morale_states(state, fighter))


def stop_gaps(state: DbgState, mover: Fighter) -> dict[str, float]:
    """The stop gaps a sweep of ``mover`` must respect, by enemy id.

    Every enemy zone of control (DBG-15); civilians, prisoners, retreating and pinned fighters
    have none. A retreating mover also keeps ``KEEP_CLEAR`` beyond contact from every enemy,
    zone or not (DBG-31: it may not move into contact), so its flight or step stops short of a
    pinned or retreating foe instead of touching it and being pinned by it.

    Pinning is judged with the mover gone, since a move away ends the contact it made. This is
    ``forbids(…, Act.CONTROL_ZONE)`` unrolled: one pass over the pairs of foes finds who touches
    whom (a few hundred gaps for a full table), on the hottest path of the menu.
    """
    foes = enemies(state, mover)
    mine = [f for f in on_table(state) if f.side == mover.side and f.id != mover.id]
    limit = state.params.contact + EPS
    clear = state.params.contact + KEEP_CLEAR if mover.retreating else 0.0
    gaps: dict[str, float] = {}
    for enemy in foes:
        eb = enemy.base
        if enemy.retreating or enemy.role != "combatant" or \
                any(gap(eb, f.base) <= limit for f in mine):
            if clear:
                gaps[enemy.id] = clear
        else:
            gaps[enemy.id] = max(state.params.zoc, clear)
    return gaps


def other_bases(state: DbgState, mover: Fighter) -> list[Base]:
    """Every base a sweep of ``mover`` may not cross: the other fighters', and on a shared table
    the other rulesets' ground units (docs/mixing.md MIX-8 Decision)."""
    return [f.base for f in on_table(state) if f.id != mover.id] + state.foreign_bases()


def nearest_enemy(state: DbgState, fighter: Fighter) -> Fighter | None:
    """Nearest by edge gap, ties to the first in scenario order."""
    return min(enemies(state, fighter), key=lambda e: gap(fighter.base, e.base), default=None)


def line_of_sight(ground: Ground, a: Base, b: Base) -> bool:
    """DBG-24: the line between base centres crosses no sight-blocking terrain.

    ``core.table`` has no segment test, so a zero-radius base is swept along the line: it meets
    a blocking outline exactly where the line would cross it.
    """
    return not _line_crosses(ground.sight, a, b)


def behind_cover(ground: Ground, shooter: Base, target: Base) -> bool:
    """DBG-23: the shot crosses a wall."""
    return _line_crosses(ground.cover, shooter, target)


def _line_crosses(shapes: tuple[PolygonObstacle, ...], a: Base, b: Base) -> bool:
    if not shapes:
        return False
    length = math.hypot(b.x - a.x, b.y - a.y)
    if length < EPS:
        return False
    probe = Base("sight", a.x, a.y, 0.0)
    result = sweep([probe], (b.x - a.x, b.y - a.y), length, obstacles=shapes)
    return result.travelled < length - EPS


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
    return [round(fighter.base.x, 2), round(fighter.base.y, 2)]
