"""Ground elements for Le Petit Cirque Volant (PCV-O5, rules PCV-G1 … PCV-G5), as a plugin.

The proof that a club adds abilities, not only modifiers, without touching the ruleset: flak
batteries and observation balloons stand on the cloth at altitude 0, fire by themselves when
their side's fire phase begins, and aircraft strafe them. Listed in a scenario's ``plugins``,
with the elements under ``options.pcv_ground.elements``; their kinds are data
(``data/elements.yaml``), their rules too (``data/rules.yaml``). The entry point names
``plugin``, the hooks of ``polemos.rulesets.petit_cirque.club``.
"""

from __future__ import annotations

from polemos.plugins.pcv_ground.ability import NAME, GroundAbility
from polemos.plugins.pcv_ground.models import PcvGround, ground_data
from polemos.rulesets.petit_cirque.club import ClubPlugin

__version__ = "1.0.0"


def _ability(options: PcvGround) -> GroundAbility:
    return GroundAbility(options, ground_data())


plugin = ClubPlugin(NAME, __name__, __version__, PcvGround, _ability)
