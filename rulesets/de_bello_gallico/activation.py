"""Who acts next in the movement and melee phases (DBG-11, DBG-12, DBG-18, DBG-52).

Both phases are ``core.turns.Alternation``: one fighter per side in turn, each at most once, the
initiative side first; a side with no one left passes and the other finishes (DBG-12). The
eligible fighters are fixed when the phase starts (Decision: a fighter who becomes free during the
phase, its foe having fled, waits for the next one); those who fall, flee or get pinned before
their turn are withdrawn.
"""

from __future__ import annotations

from polemos.core.morale import characteristic_test
from polemos.core.turns import Alternation
from polemos.rulesets.de_bello_gallico.geometry import pinned
from polemos.rulesets.de_bello_gallico.layout import Layout, layout
from polemos.rulesets.de_bello_gallico.morale_rules import Resolver
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter, discipline

Problem = tuple[str, str] | None


def may_activate(state: DbgState, fighter: Fighter, table: Layout | None = None) -> bool:
    """DBG-12: in play, neither pinned (DBG-17) nor retreating (DBG-31); DBG-52: a bolting
    rider, though retreating, may, to master its mount. ``table``: the layout, from a caller
    asking about many fighters. Read straight off the statuses and the layout's pinned set
    rather than through ``geometry.forbids``: ``refresh`` asks it of every fighter still to act
    after every activation (issue 14)."""
    return fighter.status == IN_PLAY and fighter.id not in (table or layout(state)).pinned \
        and (fighter.bolting or not fighter.retreating)


def may_attack(state: DbgState, fighter: Fighter, table: Layout | None = None) -> bool:
    """DBG-18: in play, in contact with an enemy (pinned, DBG-17) and not retreating (DBG-31);
    ``table`` and the reading as in ``may_activate``."""
    return fighter.status == IN_PLAY and not fighter.retreating \
        and fighter.id in (table or layout(state)).pinned


def start_phase(state: DbgState, phase: str) -> None:
    """The movement or melee phase, with its eligible fighters per side (DBG-12, DBG-18), in
    scenario order: one pass over the fighters, by loops (a comprehension makes a function per
    call, and one per side read every fighter again)."""
    test = may_activate if phase == "move" else may_attack
    table = layout(state)
    units: dict[str, list[str]] = {}
    for side in state.others_first(state.initiative):
        units[side] = []
    for f in state.fighters.values():
        if f.status == IN_PLAY:
            mine = units.get(f.side)
            if mine is not None and test(state, f, table):
                mine.append(f.id)
    state.phase = phase
    state.alternation = Alternation.start(state.initiative, units)
    state.done = []
    state.active = None


def refresh(state: DbgState) -> None:
    """Withdraw fighters who can no longer act this phase (never the one acting now)."""
    alternation = state.alternation
    if alternation is None:
        return
    test = may_activate if state.phase == "move" else may_attack
    table = layout(state)
    for units in alternation.remaining.values():
        for unit in list(units):
            if unit != state.active and not test(state, state.fighters[unit], table):
                alternation.withdraw(unit)


def activation_problem(state: DbgState, side: str, fighter: Fighter) -> Problem:
    """DBG-11: one fighter at a time, each once a phase, in turn; DBG-12: the eligible only."""
    if not fighter.in_play:
        return "DBG-11", f"no fighter {fighter.id!r} on the table"
    if fighter.side != side:
        return "DBG-11", f"{fighter.id} is not {side}'s"
    if state.active is not None:
        return "DBG-11", f"the activation of {state.active} is not finished"
    if fighter.id in state.done:
        return "DBG-11", f"{fighter.id} has already been activated this phase"
    alternation = state.alternation
    if alternation is None or fighter.id not in alternation.remaining.get(side, []):
        if fighter.retreating:
            return "DBG-12", f"{fighter.id} is retreating"
        if pinned(state, fighter):
            return "DBG-12", f"{fighter.id} is pinned (in base contact with an enemy)"
        return "DBG-12", f"{fighter.id} was not eligible when the phase began"
    return None


def activate(resolver: Resolver, fighter: Fighter) -> None:
    """Start an activation; a bolting rider first tries to master its mount (DBG-52)."""
    state = resolver.state
    state.active = fighter.id
    state.active_moved = state.active_shot = False
    resolver.game.emit("activate", unit=fighter.id, side=fighter.side, rule="DBG-11")
    if not fighter.bolting:
        return
    result = characteristic_test(resolver.game.dice, discipline(fighter), state.params.morale,
                                 sides=state.die, purpose=f"{fighter.id} masters its mount",
                                 rule="DBG-52", unit=fighter.id)
    resolver.game.emit("regain", unit=fighter.id, die=result.die, total=result.total,
                       difficulty=result.difficulty, passed=result.passed, rule="DBG-52")
    if result.passed:
        resolver.rally(fighter, "DBG-52")
    else:
        end_activation(resolver, "the mount still bolts")


def end_activation(resolver: Resolver, why: str) -> None:
    state = resolver.state
    unit = state.active
    assert unit is not None and state.alternation is not None
    state.alternation.activated(unit)
    state.done.append(unit)
    state.active = None
    resolver.game.emit("end_activation", unit=unit, why=why, rule="DBG-11")
