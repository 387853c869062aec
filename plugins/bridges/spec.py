"""What both bridges need of one scenario: its sides, its fixed action space, its layout.

Actions: a framework outside Polemos wants a fixed set of integer actions, while a ruleset's
legal actions are objects whose number changes with the position. The bridges number them:
action ``i`` is the ``i``-th of the ruleset's own (deterministic) ``legal_actions`` list, and
the space is ``range(max_actions)`` with ``max_actions`` a declared bound (``MAX_ACTIONS`` by
default, far above the 66 of the largest shipped scenario). A position with more legal actions
is an error naming the bound to raise, never a silently truncated menu.

Returns: once the game is over, the winner scores +1 and every other side ``-1 / (n - 1)``;
a draw scores 0 for all. The sum is always 0, so the games are zero-sum.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pluggy

from polemos.core.actions import Action
from polemos.core.catalog import scenario_catalog
from polemos.core.errors import PolemosError
from polemos.core.game import Game
from polemos.core.ruleset import Result, Ruleset
from polemos.core.scenario import LoadedScenario, load_scenario
from polemos.plugins.bridges.layout import Layout

MAX_ACTIONS = 256
"""The default bound of legal actions in one position: the size of the action space."""


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """One scenario as the bridges see it (``spec``)."""

    name: str
    """The bridge name, ``polemos_`` and the scenario's name in snake case."""
    loaded: LoadedScenario
    pm: pluggy.PluginManager
    sides: list[str]
    """The players, in the side order of the scenario's initial position: player ``i`` of
    OpenSpiel, agent ``sides[i]`` of PettingZoo."""
    layout: Layout
    max_actions: int
    hides: bool
    """Whether the ruleset may hide anything from a side (it overrides ``view`` or ``secret``):
    the game is then one of imperfect information."""

    def action(self, legal: list[Action], index: int) -> Action:
        """The legal action numbered ``index``, or a ``PolemosError`` saying why it is none."""
        if not 0 <= index < len(legal):
            raise PolemosError(f"{self.name}: action {index} is not legal here: the legal "
                               f"actions are 0 to {len(legal) - 1}")
        return legal[index]

    def count(self, legal: list[Action]) -> int:
        """How many legal actions there are, checked against the declared bound."""
        if len(legal) > self.max_actions:
            raise PolemosError(f"{self.name}: {len(legal)} legal actions exceed the action "
                               f"space's bound max_actions={self.max_actions}; raise it")
        return len(legal)

    def returns(self, result: Result | None) -> list[float]:
        """Every side's return (see the module docstring); all 0 before the end."""
        if result is None or result.winner is None:
            return [0.0] * len(self.sides)
        loss = -1.0 / (len(self.sides) - 1)
        return [1.0 if side == result.winner else loss for side in self.sides]


def bridge_name(scenario: str) -> str:
    """``petit-cirque/duel`` → ``polemos_petit_cirque_duel``: a name OpenSpiel accepts."""
    return "polemos_" + re.sub(r"[^0-9a-z]+", "_", scenario.lower()).strip("_")


def scenario_spec(loaded: LoadedScenario, pm: pluggy.PluginManager, name: str,
                  max_actions: int = MAX_ACTIONS) -> ScenarioSpec:
    """The spec of a validated scenario (any ruleset, mixed included)."""
    if max_actions < 1:
        raise PolemosError(f"{name}: max_actions must be at least 1, not {max_actions}")
    probe = Game.new(loaded, pm, transactional=False)
    sides = sides_of(probe)
    return ScenarioSpec(name, loaded, pm, sides, Layout.warmed_up(probe, sides), max_actions,
                        hides(probe))


def hides(game: Game) -> bool:
    """Whether ``game``'s ruleset may hide anything from a side: it overrides ``view`` (what a
    side sees) or ``secret`` (sealed orders). A mixed scenario does both, whatever its parts."""
    rules = type(game.rules)
    return rules.view is not Ruleset.view or rules.secret is not Ruleset.secret


def sides_of(game: Game) -> list[str]:
    """The players of ``game``'s scenario, in the order of its initial position."""
    return list(game.rules.sides(game.state))


def shipped(pm: pluggy.PluginManager) -> list[tuple[str, LoadedScenario]]:
    """Every installed scenario (``polemos scenarios``), validated, with its bridge name."""
    return [(bridge_name(name), load_scenario(ref.path, pm))
            for name, ref in scenario_catalog(pm).items()]
