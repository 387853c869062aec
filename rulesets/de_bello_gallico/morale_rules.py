"""Wounds, falls, morale tests, flight, the break point and the retreat step (DBG-7, DBG-21,
DBG-25 … DBG-33, DBG-40 … DBG-43, DBG-48, DBG-49, DBG-51, DBG-55).

One action can set off a chain: a wound makes an officer test, it fails and flees, the men who
saw it test, one fails... ``Resolver`` runs such a chain breadth first, one batch of shocks per
event, each fighter testing once per event (DBG-27), so the order is fixed and replays are exact.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from polemos.core.morale import (
    MoraleShock,
    break_point_crossed,
    characteristic_test,
    flee,
    one_test_per_unit,
    substitute_groups,
)
from polemos.core.plugins import call_hook
from polemos.rulesets.de_bello_gallico.geometry import (
    MORALE_TEST,
    RETREAT_MOVE,
    enemies,
    forbids,
    friends,
    on_table,
    other_bases,
    pos,
    sees,
    stop_gaps,
    within,
)
from polemos.rulesets.de_bello_gallico.models import ITEMS
from polemos.rulesets.de_bello_gallico.state import (
    FLED,
    OUT,
    STATUS,
    WITHDRAWN,
    DbgState,
    Fighter,
    discipline,
)

if TYPE_CHECKING:
    from polemos.core.context import Context

DUEL = "DBG-21"
"""The duel loser's test: a failure reads the die's parity."""
HORSE = "DBG-51"
"""The rider's test when its horse is wounded: a failure bolts."""


def immunity(state: DbgState, fighter: Fighter) -> str | None:
    """The rule that spares this fighter morale tests and retreat, if any (DBG-40 … DBG-42)."""
    if fighter.has("fearless"):
        return "DBG-41"
    if fighter.has("loyal") and fighter.loyal_to is not None:
        lord = state.fighters.get(fighter.loyal_to)
        if lord is not None and lord.in_play:
            return "DBG-40"
    return None


class Resolver:
    """Everything one action sets off, resolved in a fixed order."""

    __slots__ = ("state", "game", "queue")

    def __init__(self, state: DbgState, game: Context) -> None:
        self.state = state
        self.game = game
        self.queue: deque[list[MoraleShock]] = deque()

    # -- damage ---------------------------------------------------------------------------
    def wound(self, fighter: Fighter, cause: str, rule: str, *, test: bool = True) -> str:
        """DBG-7: healthy → wounded → out of action; Tough ignores the first (DBG-43).

        Returns "ignored", "wounded" or "out". A wounded fighter tests at once (DBG-26) unless
        ``test`` is False (the duel loser's single test is queued by the duel, DBG-21).
        """
        if fighter.has("tough") and not fighter.tough_used:
            fighter.tough_used = True
            self.game.emit("wound_ignored", unit=fighter.id, cause=cause, rules=[rule, "DBG-43"])
            return "ignored"
        if fighter.wounds == 0:
            fighter.wounds = 1
            self.game.emit("wounded", unit=fighter.id, cause=cause, rules=[rule, "DBG-7"])
            if test:
                self.shock([MoraleShock(fighter.id, f"wounded ({cause})", "DBG-26")])
            return "wounded"
        self.take_out(fighter, cause, [rule, "DBG-7"])
        return "out"

    def take_out(self, fighter: Fighter, cause: str, rules: list[str]) -> None:
        """Out of action: removed, and its fall shakes those around it (DBG-26, -48, -49)."""
        self.game.emit("out_of_action", unit=fighter.id, cause=cause, rules=rules)
        self._remove(fighter, OUT, cause)
        batch: list[MoraleShock] = []
        if fighter.officer:
            batch += self._officer_shocks(fighter, "fell")
        for item in fighter.items:
            data = ITEMS[item]
            if data.shock_nation is None:
                continue
            rule = "DBG-48" if item == "aquila" else "DBG-49"
            batch += [MoraleShock(f.id, f"the {data.title} of {fighter.id} fell", rule,
                                  source=fighter.id)
                      for f in on_table(self.state)
                      if f.nation == data.shock_nation and within(f, fighter, data.shock_radius)]
        self.shock(batch)

    def _officer_shocks(self, officer: Fighter, what: str) -> list[MoraleShock]:
        """DBG-26: friends within 10 cm and in sight of an officer who falls or retreats."""
        reach = self.state.params.officer_reach
        return [MoraleShock(f.id, f"officer {officer.id} {what}", "DBG-26", source=officer.id)
                for f in friends(self.state, officer)
                if within(f, officer, reach) and sees(self.state, f, officer)]

    def _remove(self, fighter: Fighter, status: str, cause: str) -> None:
        fighter.status = status
        call_hook(self.game.pm, "polemos_unit_destroyed", game=self.game, unit=fighter.id,
                  cause=cause)

    def withdraw(self, fighter: Fighter, edge: str) -> None:
        """DBG-59: left by a reserved edge in good order."""
        fighter.exit_edge = edge
        self.game.emit("withdrawn", unit=fighter.id, edge=edge, rule="DBG-59")
        self._remove(fighter, WITHDRAWN, f"withdrew by the {edge} edge")

    # -- morale ---------------------------------------------------------------------------
    def shock(self, batch: list[MoraleShock]) -> None:
        """Queue one event's tests (resolved by ``run``, after what is resolving now)."""
        if batch:
            self.queue.append(batch)

    def run(self) -> None:
        while self.queue:
            for shock in one_test_per_unit(self.queue.popleft()):
                self.test(shock)

    def test(self, shock: MoraleShock, covering: list[str] | None = None) -> bool | None:
        """One morale test (DBG-25) and its consequence; None when no test is taken.

        Retreating fighters take none (DBG-27); Loyal and Fearless ones none but the horse test
        (DBG-40 … DBG-42). A failure means Retreat (DBG-28), except after a lost duel with an
        even die, which means Frenzy (DBG-21), and at the horse test, which means bolting
        (DBG-51). ``covering`` lists the friends an officer's test stands for (DBG-33).
        """
        state = self.state
        fighter = state.fighters.get(shock.unit)
        if fighter is None or not fighter.in_play or \
                forbids(state, fighter, MORALE_TEST):
            return None
        immune = immunity(state, fighter)
        if immune is not None and shock.rule != HORSE:
            self.game.emit("immune", unit=fighter.id, cause=shock.cause, rule=immune)
            return None
        difficulty = shock.difficulty if shock.difficulty is not None else state.params.morale
        result = characteristic_test(self.game.dice, discipline(fighter), difficulty,
                                     sides=state.die, purpose=f"morale test of {fighter.id}",
                                     rule=shock.rule, unit=fighter.id)
        event: dict[str, Any] = {
            "unit": fighter.id, "cause": shock.cause, "die": result.die, "total": result.total,
            "difficulty": difficulty, "passed": result.passed, "rules": [shock.rule, "DBG-25"]}
        if covering is not None:
            event["covering"] = covering
        self.game.emit("morale_test", **event)
        if not result.passed:
            if shock.rule == HORSE:
                self.bolt(fighter)
            elif shock.rule == DUEL and not result.odd:
                self.frenzy(fighter)
            else:
                self.retreat(fighter, shock.rule)
        return result.passed

    def frenzy(self, fighter: Fighter) -> None:
        """DBG-21: an even die on a failed duel test: Frenzied for the rest of the battle."""
        if not fighter.frenzied:
            fighter.skills.append("frenzy")
        self.game.emit("frenzy", unit=fighter.id, rules=["DBG-21", "DBG-38"])

    def bolt(self, fighter: Fighter) -> None:
        """DBG-51: the mount bolts: Emballé marker, and flight as a retreat (DBG-52)."""
        fighter.bolting = True
        self.game.emit("bolt", unit=fighter.id, rule="DBG-51")
        self.retreat(fighter, "DBG-51")

    def retreat(self, fighter: Fighter, rule: str) -> None:
        """DBG-28: Retreat marker, out of formation (DBG-55), and flight of half Mouvement."""
        state = self.state
        fighter.retreating = True
        fighter.fled_turn = state.turn
        self.game.emit("retreat", unit=fighter.id, rules=[rule, "DBG-28"])
        if fighter.formation is not None:
            self.game.emit("leaves_formation", unit=fighter.id, formation=fighter.formation,
                           rule="DBG-55")
            fighter.formation = None
        batch = self._officer_shocks(fighter, "retreated") if fighter.officer else []
        self.flee(fighter, fighter.move / 2, "DBG-28")
        self.shock(batch)

    def flee(self, fighter: Fighter, distance: float, rule: str) -> None:
        """DBG-29: the flight line and its stops; leaving the table is final (DBG-31).

        Only a retreating fighter flees, so ``stop_gaps`` keeps it out of contact with every
        enemy, a pinned or retreating one included (DBG-31); other rulesets' ground units stop
        it like bases (``other_bases``, MIX-8 Decision) but are not enemies it flees from.
        """
        state = self.state
        start = pos(fighter)
        flight = flee(fighter.base, distance, state.ground.table,
                      enemies=[e.base for e in enemies(state, fighter)],
                      bases=other_bases(state, fighter), obstacles=state.ground.impassable,
                      stop_gaps=stop_gaps(state, fighter))
        stopped = flight.stopped_by.id if flight.stopped_by is not None else None
        self.game.emit("flight", unit=fighter.id, frm=start, to=pos(fighter), how=flight.how,
                       enemy=flight.enemy, cm=round(flight.travelled, 2), stopped_by=stopped,
                       rules=[rule, "DBG-29"])
        if flight.left_by is not None:
            fighter.exit_edge = flight.left_by
            self.game.emit("left_table", unit=fighter.id, edge=flight.left_by, rule="DBG-31")
            self._remove(fighter, FLED, f"fled by the {flight.left_by} edge")

    def rally(self, fighter: Fighter, rule: str) -> None:
        """DBG-35, DBG-37: the markers go (a bolting mount is mastered with them, DBG-52)."""
        fighter.retreating = False
        fighter.bolting = False
        self.game.emit("rallied", unit=fighter.id, rule=rule)


# --- break point (DBG-32, DBG-33) ----------------------------------------------------------


def losses(state: DbgState, side: str) -> int:
    """DBG-32 Decision: out of action or fled off the table (not a withdrawal, DBG-59), counted
    among the side's own fighters (``DbgState.by_side``) in C."""
    statuses = list(map(STATUS, state.by_side().get(side, ())))
    return statuses.count(OUT) + statuses.count(FLED)


def breaking_sides(state: DbgState) -> list[str]:
    """Sides whose losses first reached the break point since the last check, initiative side
    first; the check is recorded, so a side is tested only the turn it crosses (DBG-32).

    **Decision (late losses).** Losses after the check (fled off the table in the retreat step)
    are counted at the next turn's check rather than never.
    """
    crossing = [side for side in state.others_first(state.initiative)
                if break_point_crossed(state.starting[side], state.lost_at_check.get(side, 0),
                                       losses(state, side), state.params.break_percent)]
    state.lost_at_check = {side: losses(state, side) for side in state.sides}
    return crossing


def substitution_reach(state: DbgState, officer: Fighter) -> float:
    """DBG-33, DBG-44: 10 cm, 20 cm for a Charismatic leader; never extended by an ensign."""
    params = state.params
    return params.charismatic_reach if officer.has("charismatic") else params.officer_reach


def may_substitute(state: DbgState, officer: Fighter) -> bool:
    """An officer in play, not retreating, who takes morale tests at all (DBG-27, DBG-42)."""
    return (officer.in_play and officer.officer and not officer.retreating
            and immunity(state, officer) is None and officer.id not in state.substitutes)


def break_tests(resolver: Resolver, side: str, substitutes: list[str]) -> None:
    """DBG-32: every combatant of the side tests; DBG-33: named officers test for friends near.

    An officer's failure sends every friend it covered into retreat at once, except those a
    skill keeps (DBG-40, DBG-41), before anyone tests for seeing it flee (DBG-26). An officer who
    fled before its turn to roll covers no one: its friends then test alone.
    """
    state = resolver.state
    fighters = state.fighters
    members = [f.id for f in on_table(state) if f.side == side and not f.retreating]
    groups, alone = substitute_groups(
        substitutes, members, lambda lead, m: within(
            fighters[m], fighters[lead], substitution_reach(state, fighters[lead])))
    resolver.game.emit("break_point", side=side, lost=losses(state, side),
                       starting=state.starting[side], substitutes=substitutes,
                       groups=groups, rules=["DBG-32", "DBG-33"])
    for leader, covered in groups.items():
        passed = resolver.test(MoraleShock(leader, "break point", "DBG-33"), covering=covered)
        if passed is None:
            alone = covered + alone
        elif not passed:
            for member in covered:
                _follow_into_retreat(resolver, fighters[member])
        resolver.run()
    for member in alone:
        resolver.test(MoraleShock(member, "break point", "DBG-32"))
        resolver.run()


def _follow_into_retreat(resolver: Resolver, fighter: Fighter) -> None:
    """DBG-33: covered by an officer who failed; immune skills still apply."""
    if not fighter.in_play or fighter.retreating:
        return
    immune = immunity(resolver.state, fighter)
    if immune is not None:
        resolver.game.emit("immune", unit=fighter.id, cause="break point", rule=immune)
        return
    resolver.retreat(fighter, "DBG-33")


# --- retreat step (DBG-30) -----------------------------------------------------------------


def retreat_step(resolver: Resolver) -> None:
    """Morale step d: each unpinned retreating fighter of the initiative side, then of the
    other, moves its full Mouvement in flight, except those that fled at once this turn."""
    state = resolver.state
    resolver.game.emit("phase", phase="retreat", side=state.initiative, turn=state.turn,
                       rule="DBG-30")
    for side in state.others_first(state.initiative):
        for fighter in [f for f in on_table(state) if f.side == side]:
            if (fighter.in_play and fighter.retreating and fighter.fled_turn != state.turn
                    and not forbids(state, fighter, RETREAT_MOVE)):
                resolver.flee(fighter, fighter.move, "DBG-30")
                resolver.run()
