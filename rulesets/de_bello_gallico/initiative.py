"""Initiative (DBG-8, DBG-10): each side's chief rolls die + Discipline; ties are re-rolled.

``core.dice.roll_off`` rolls D6 only, and DBG's test die is a D10 or D20 (DBG-2), so the roll-off
is here, with the same re-roll-on-tie loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.rulesets.de_bello_gallico.geometry import on_table
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter, discipline

if TYPE_CHECKING:
    from polemos.core.context import Context


def initiative_roller(state: DbgState, side: str) -> Fighter | None:
    """The side's officier en chef if steady, else its highest-ranked steady officer (the
    first listed among equals: Decision for 'its choice'), else nobody: the die alone."""
    officers = [f for f in on_table(state)
                if f.side == side and f.officer and not f.retreating]
    if not officers:
        return None
    best = max(f.rank for f in officers)
    return next(f for f in officers if f.rank == best)


def roll_initiative(state: DbgState, game: Context) -> str:
    """DBG-10: the higher total wins the turn's initiative; ties are re-rolled."""
    rollers = {side: initiative_roller(state, side) for side in state.sides}
    values = {side: discipline(f) if f is not None else 0 for side, f in rollers.items()}
    while True:
        totals = {}
        for side in state.sides:
            roller = rollers[side]
            die = game.dice.roll(1, sides=state.die, purpose=f"initiative of {side}",
                                 rule="DBG-10", side=side,
                                 unit=roller.id if roller is not None else None)[0]
            totals[side] = die + values[side]
        best = max(totals.values())
        leaders = [side for side, total in totals.items() if total == best]
        game.emit("initiative", turn=state.turn, totals=totals,
                  rollers={s: (f.id if f is not None else None) for s, f in rollers.items()},
                  winner=leaders[0] if len(leaders) == 1 else None, rules=["DBG-8", "DBG-10"])
        if len(leaders) == 1:
            state.initiative = leaders[0]
            return leaders[0]
