"""A fast, independent copy of a De Bello Gallico state, for forks and transaction checkpoints.

Copied: every fighter (its base, skills and items lists: DBG-38 adds Frenzy during play), the
alternation and the per-phase lists and counts. Shared: the ground (frozen terrain) and the
params (the ruleset's own object, as ``DbgState.params`` says). The window on the other rulesets
(``ForeignUnits``) is re-pointed at the table of the ruleset that will play the copy.
"""

from __future__ import annotations

from polemos.core.clone import copier, copy_alternation, copy_base, optional, values
from polemos.core.world import World
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter, ForeignUnits

_copy_state = copier(
    DbgState, fighters=values(copier(Fighter, base=copy_base, skills=list, items=list)),
    sides=list, starting=dict, alternation=optional(copy_alternation), done=list,
    lost_at_check=dict, break_sides=list, substitutes=list, open_sides=list, designated=list,
    scores=dict)


def clone_state(state: DbgState, world: World, ruleset: str) -> DbgState:
    """``state`` for a game whose table is ``world`` (``ruleset`` names this one on it)."""
    twin = _copy_state(state)
    twin._foreign = ForeignUnits(world, ruleset)
    return twin
