"""Magical flyers for Le Petit Cirque Volant (PCV-O6, rules PCV-M1 … PCV-M6), as a plugin.

A club adds abilities, not only modifiers, without touching the ruleset: a dragon turns on the
spot, breathes fire at short range and carries no guns; a witch hovers where an aircraft would
fall. Listed in a scenario's ``plugins``, with ``options.pcv_magic.flyers`` naming which
aircraft are what; the kinds are data (``data/flyers.yaml``), the rules too
(``data/rules.yaml``). The entry point names ``plugin``, the hooks of
``polemos.rulesets.petit_cirque.club``.
"""

from __future__ import annotations

from polemos.plugins.pcv_magic.ability import NAME, MagicAbility
from polemos.plugins.pcv_magic.models import PcvMagic, flyer_kinds
from polemos.rulesets.petit_cirque.club import ClubPlugin

__version__ = "1.0.0"


def _ability(options: PcvMagic) -> MagicAbility:
    return MagicAbility(options, flyer_kinds())


plugin = ClubPlugin(NAME, __name__, __version__, PcvMagic, _ability)
