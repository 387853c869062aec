"""Bridges to the AI ecosystem: every scenario as an OpenSpiel game and a PettingZoo environment.

Thin adapters over ``Game`` (design.md, "Platform"): the engine stays the referee, the adapters
only translate. What both share lives here without any third-party import — the scenario's
fixed action space and sides (``spec``), the observation arrays built from one side's ``view``
(``layout``), and the dice as explicit chance nodes (``chance``) — so the core of the bridges
is tested whether or not the ``bridges`` extra (open_spiel, pettingzoo, gymnasium) is
installed. ``openspiel_game`` and ``pettingzoo_env`` import their package at import time.
"""
