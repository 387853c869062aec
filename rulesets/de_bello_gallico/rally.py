"""Rallies (DBG-34, DBG-35, DBG-37, with the ranges of DBG-44 and DBG-49).

An officer's reach is 10 cm, 20 cm if Charismatic, and 10 cm more while a friendly ensign stands
within 10 cm of it; that reach serves both its Rally manoeuvre and the individual rallies it
allows.
"""

from __future__ import annotations

from polemos.core.morale import rally_test
from polemos.rulesets.de_bello_gallico.geometry import friends, within
from polemos.rulesets.de_bello_gallico.models import ITEMS
from polemos.rulesets.de_bello_gallico.morale_rules import Resolver
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter, discipline

Problem = tuple[str, str] | None


def reach(state: DbgState, officer: Fighter) -> float:
    """DBG-35/37 range, grown by Charismatic (DBG-44) and a nearby ensign (DBG-49)."""
    params = state.params
    base = params.charismatic_reach if officer.has("charismatic") else params.officer_reach
    bonus = max((ITEMS[item].rally_bonus for bearer in [officer, *friends(state, officer)]
                 if not bearer.retreating and within(bearer, officer, params.ensign_near)
                 for item in bearer.items), default=0.0)
    return base + bonus


def steady_officers(state: DbgState, side: str) -> list[Fighter]:
    """The side's officers in play without a Retreat marker, in scenario order (read from the
    side's own list, ``DbgState.by_side``)."""
    return [f for f in state.by_side().get(side, ())
            if f.status == IN_PLAY and f.officer and not f.retreating]


def rally_targets(state: DbgState, officer: Fighter) -> list[Fighter]:
    """DBG-35: the friendly retreating fighters within the officer's reach. The reach, which
    measures every friend for an ensign (DBG-49), is worked out only once some friend is
    retreating: the morale steps ask every steady officer at every turn (issue 14)."""
    retreating = [f for f in friends(state, officer) if f.retreating]
    if not retreating:
        return retreating
    distance = reach(state, officer)
    return [f for f in retreating if within(f, officer, distance)]


def manoeuvre_problem(state: DbgState, side: str, officer: Fighter) -> Problem:
    """DBG-34: a non-retreating officer of the side, designated once a turn; DBG-35: with
    someone to rally."""
    if not officer.in_play or officer.side != side or not officer.officer:
        return "DBG-34", f"{officer.id!r} is not an officer of {side} on the table"
    if officer.retreating:
        return "DBG-34", f"{officer.id} is retreating"
    if officer.id in state.designated:
        return "DBG-34", f"{officer.id} has already been designated this turn"
    if not rally_targets(state, officer):
        return "DBG-35", f"no retreating friend within {reach(state, officer):g} cm of {officer.id}"
    return None


def manoeuvre_candidates(state: DbgState, side: str) -> list[Fighter]:
    return [o for o in steady_officers(state, side)
            if manoeuvre_problem(state, side, o) is None]


def rally_manoeuvre(resolver: Resolver, officer: Fighter) -> None:
    """DBG-35: die + Discipline against 12; success rallies everyone in reach."""
    state = resolver.state
    state.designated.append(officer.id)
    targets = [f.id for f in rally_targets(state, officer)]
    result, rallied = rally_test(resolver.game.dice, discipline(officer),
                                 state.params.rally_manoeuvre, targets, sides=state.die,
                                 purpose=f"rally manoeuvre of {officer.id}", rule="DBG-35",
                                 unit=officer.id)
    resolver.game.emit("rally_manoeuvre", unit=officer.id, reach=reach(state, officer),
                       targets=targets, die=result.die, total=result.total,
                       difficulty=result.difficulty, passed=result.passed,
                       rules=["DBG-34", "DBG-35"])
    for fighter_id in rallied:
        resolver.rally(state.fighters[fighter_id], "DBG-35")


def rally_one_problem(state: DbgState, side: str, fighter: Fighter) -> Problem:
    """DBG-37: a retreating fighter of the side, once a turn, near a steady officer."""
    if not fighter.in_play or fighter.side != side:
        return "DBG-37", f"{fighter.id!r} is not a fighter of {side} on the table"
    if not fighter.retreating:
        return "DBG-37", f"{fighter.id} is not retreating"
    if fighter.rally_turn == state.turn:
        return "DBG-37", f"{fighter.id} has already tried to rally this turn"
    if not any(o.id != fighter.id and within(fighter, o, reach(state, o))
               for o in steady_officers(state, side)):
        return "DBG-37", (f"no non-retreating officer of {side} within "
                          f"{state.params.officer_reach:g} cm (or its longer reach) of "
                          f"{fighter.id}")
    return None


def rally_one_candidates(state: DbgState, side: str) -> list[Fighter]:
    """The side's retreating fighters that may try to rally (DBG-37), in scenario order."""
    return [f for f in state.by_side().get(side, ()) if f.status == IN_PLAY and f.retreating
            and rally_one_problem(state, side, f) is None]


def rally_one(resolver: Resolver, fighter: Fighter) -> None:
    """DBG-37: die + Discipline against 10; success removes the Retreat marker at once."""
    state = resolver.state
    fighter.rally_turn = state.turn
    result, rallied = rally_test(resolver.game.dice, discipline(fighter), state.params.rally_one,
                                 [fighter.id], sides=state.die,
                                 purpose=f"{fighter.id} tries to rally", rule="DBG-37",
                                 unit=fighter.id)
    resolver.game.emit("rally_test", unit=fighter.id, die=result.die, total=result.total,
                       difficulty=result.difficulty, passed=result.passed, rule="DBG-37")
    if rallied:
        resolver.rally(fighter, "DBG-37")
