"""A fast, independent copy of an Aeronautica Imperialis state, for forks and checkpoints.

Copied: every model (and its AI-49 ammunition), the sealed manoeuvre tokens (AI-20) and the
draft, the alternation, the flight, volley and exchange under way, and the per-side tallies.
Nothing else needs sharing: the static set-up (profiles, templates, map) lives on the ruleset
(``Setup``), never in the state.
"""

from __future__ import annotations

from polemos.core.clone import copier, copy_alternation, copy_sealed, each, optional, values
from polemos.rulesets.aeronautica.state import AiState, Exchange, Flight, Model, Volley

clone_state = copier(
    AiState, models=values(copier(Model, ammo=dict)), orders=copy_sealed, draft=dict,
    alternation=optional(copy_alternation), flight=optional(copier(Flight, path=each(list))),
    volley=optional(copier(Volley, locks=dict, fired=list)),
    exchange=optional(copier(Exchange, pending=dict)), tail_options=values(list),
    troop_vp=dict, start_points=dict, start_flying=list, scores=dict)
