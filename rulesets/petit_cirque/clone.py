"""A fast, independent copy of a Petit Cirque Volant state, for forks and transaction checkpoints.

Copied: every aircraft, the turn, the list of aircraft done this phase, and what club
abilities keep (each by its own ``Ability.clone``). Shared: the cloth (a frozen ``HexMap``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.clone import copier, copy_side_by_turn, shallow_copier, values
from polemos.rulesets.petit_cirque.state import PcvState, Plane

if TYPE_CHECKING:
    from polemos.rulesets.petit_cirque.abilities import Ability

_copy_state = copier(PcvState, planes=values(shallow_copier(Plane)), turn=copy_side_by_turn,
                     done=list)


def clone_state(state: PcvState, abilities: list[Ability]) -> PcvState:
    """``state`` copied, each ability's part by that ability (``abilities``: the game's)."""
    twin = _copy_state(state)
    twin.abilities = {ability.name: ability.clone(state.abilities[ability.name])
                      for ability in abilities if ability.name in state.abilities}
    return twin
