"""Victory (DBG-56/57 Corfinium bridge, DBG-58/59 Britons' ambush, and the plain skirmish).

**Decision (a side wiped out).** With no combatant of a side left on the table the other side
wins at once, except in the ambush, whose own end (DBG-59) already covers the Romans gone and
lets the Romans march off once the Britons are.

**Decision (a shared table).** In a mixed scenario the part decides nothing (MIX-10 does):
neither a side wiped out nor the scenario objective ends it, so fighters left on the table
play on (toward the mixed scenario's objective) while the side with none passes every step;
the part just ends after its last turn (``part_end``).

``at_once`` is asked after every action, ``end_of_turn`` after each morale phase (``part_end``
instead on a shared table); each returns ``(winner or None, reason, rule, scores)`` when the
game is decided, else None.
"""

from __future__ import annotations

from polemos.core.wording import conjugate, does
from polemos.rulesets.de_bello_gallico.geometry import on_table, pinned, touches_feature
from polemos.rulesets.de_bello_gallico.models import Ambush, EdgeName, HoldBridge
from polemos.rulesets.de_bello_gallico.state import FLED, IN_PLAY, OUT, STATUS, DbgState, Fighter

Outcome = tuple[str | None, str, str, dict[str, float]]
Objective = HoldBridge | Ambush | None


def reserved_edges(objective: Objective, fighter: Fighter) -> list[EdgeName]:
    """DBG-59: the edges the ambush's quarry may withdraw by (none for anyone else)."""
    if isinstance(objective, Ambush) and fighter.side == objective.quarry:
        return list(objective.exits)
    return []


def on_table_count(state: DbgState) -> dict[str, float]:
    """Fighters in play per side; asked after every action (``at_once``)."""
    counts = dict.fromkeys(state.sides, 0.0)
    for fighter in state.fighters.values():
        if fighter.status == IN_PLAY:
            counts[fighter.side] += 1
    return counts


def eliminated(state: DbgState, objective: Ambush) -> int:
    """DBG-58: quarry out of action, or fled by an edge that is not reserved."""
    return sum(1 for f in state.fighters.values() if f.side == objective.quarry and (
        f.status == OUT or (f.status == FLED and f.exit_edge not in objective.exits)))


def _ambush_scores(state: DbgState, objective: Ambush) -> dict[str, float]:
    lost = eliminated(state, objective)
    return {objective.hunter: float(lost), objective.quarry: float(state.starting[
        objective.quarry] - lost)}


def all_present(state: DbgState, sides: list[str]) -> bool:
    """Whether each of ``sides`` has a fighter in play, reading each side's own fighters
    (``DbgState.by_side``) up to its first in play, in C: asked after every action, it used
    to read every fighter of the other side first (issue 14)."""
    by_side = state.by_side()
    for side in sides:  # noqa: SIM110 (``all`` of a generator makes a function per call)
        if IN_PLAY not in map(STATUS, by_side.get(side, ())):
            return False
    return True


def at_once(state: DbgState, objective: Objective) -> Outcome | None:
    """Decisions that do not wait for the end of a turn. Asked after every action, so the
    fighters are counted only once a side might have none left (``all_present``)."""
    if isinstance(objective, Ambush):
        if not all_present(state, [objective.quarry]):
            return _ambush_result(state, objective, f"no {objective.quarry} left on the table")
        return None
    if all_present(state, state.sides):
        return None
    counts = on_table_count(state)
    gone = [side for side in state.sides if counts[side] == 0]
    if not gone:
        return None
    rule = "DBG-57" if isinstance(objective, HoldBridge) else "DBG-9"
    if len(gone) == 2:
        return None, "no combatant left on the table", rule, counts
    winner = state.enemy_of(gone[0])
    reason = f"{does(gone[0], 'have')} no combatant left on the table (Decision)"
    return winner, reason, rule, counts


def end_of_turn(state: DbgState, objective: Objective) -> Outcome | None:
    """DBG-57 bridge count, and the turn limit of every scenario."""
    counts = on_table_count(state)
    if isinstance(objective, HoldBridge):
        holding = holders_on_bridge(state, objective, objective.holder, unpinned=True)
        state.bridge_turns = state.bridge_turns + 1 if holding >= objective.count else 0
        if state.bridge_turns >= objective.turns:
            return (objective.holder, f"{holding} {objective.holder} held the bridge at the end "
                    f"of {objective.turns} consecutive turns", "DBG-57", counts)
    if state.turn < state.max_turns:
        return None
    if isinstance(objective, Ambush):
        return _ambush_result(state, objective, f"turn {state.max_turns} is over")
    if isinstance(objective, HoldBridge):
        mine = holders_on_bridge(state, objective, objective.defender)
        theirs = holders_on_bridge(state, objective, objective.holder)
        if mine and not theirs:
            return (objective.defender, f"{objective.defender} alone "
                    f"{conjugate(objective.defender, 'hold')} the bridge after "
                    f"turn {state.max_turns}", "DBG-57", counts)
        return None, f"the bridge is not held by {objective.defender} alone", "DBG-57", counts
    return None, f"turn limit {state.max_turns} reached", "DBG-9", counts


def part_end(state: DbgState) -> Outcome | None:
    """MIX-2: on a shared table the part ends after its last turn, deciding nothing (MIX-10)."""
    if state.turn < state.max_turns:
        return None
    return (None, f"turn limit {state.max_turns}: the mixed scenario decides (MIX-10)", "MIX-2",
            on_table_count(state))


def holders_on_bridge(state: DbgState, objective: HoldBridge, side: str, *,
                      unpinned: bool = False) -> int:
    """Fighters of ``side`` touching or on the bridge: unpinned ones for the holder's count,
    non-retreating ones for the final check (DBG-57)."""
    return sum(1 for f in on_table(state) if f.side == side
               and touches_feature(state, f.base, objective.bridge)
               and (not pinned(state, f) if unpinned else not f.retreating))


def _ambush_result(state: DbgState, objective: Ambush, why: str) -> Outcome:
    """DBG-58/59: more than ``draw_at`` eliminated wins for the hunter, fewer for the quarry."""
    lost = eliminated(state, objective)
    scores = _ambush_scores(state, objective)
    if lost > objective.draw_at:
        winner: str | None = objective.hunter
    elif lost < objective.draw_at:
        winner = objective.quarry
    else:
        winner = None
    rule = "DBG-58" if winner is None else "DBG-59"
    return winner, f"{why}: {lost} {objective.quarry} eliminated", rule, scores
