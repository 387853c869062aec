"""A fast, independent copy of an AT-43 state, for forks and transaction checkpoints.

Copied: every vehicle, trooper and terrain piece with its base (bases move in place), the
units' member lists, the activation, the losses and a ram in progress with every stage's
bookkeeping (AT-15 … AT-41). Shared: the table and the terrain's obstacle shapes (frozen).
"""

from __future__ import annotations

from polemos.core.clone import (
    copier,
    copy_alternation,
    copy_base,
    each,
    optional,
    shallow_copier,
    values,
)
from polemos.rulesets.at43.state import (
    At43State,
    Attacker,
    Collision,
    Melee,
    Terrain,
    Throw,
    Trooper,
    UnitInfo,
    Vehicle,
)

_copy_collision = copier(
    Collision, attackers=each(copier(Attacker, travel=list)),
    melees=each(copier(Melee, attackers=list, recipients=list, allotted=optional(dict))),
    ranks=dict, roots=dict, touching=values(list), dealt=dict, shares=values(dict),
    movers=list, throws=each(copier(Throw, direction=list)), thrown=list, start_gaps=dict)

clone_state = copier(
    At43State, sides=list, vehicles=values(copier(Vehicle, weapons=list, base=copy_base)),
    troopers=values(copier(Trooper, base=copy_base)), terrain=values(shallow_copier(Terrain)),
    units=values(copier(UnitInfo, members=list)), turn=copy_alternation,
    collision=optional(_copy_collision), killed=dict)
