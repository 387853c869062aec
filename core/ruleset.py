"""The ruleset contract: one game system as a small class, in the manner of OpenSpiel games.

A ruleset is stateless about any one game except for its ``params`` (rule parameters that
house-rule plugins may change in ``polemos_configure_game``); the game state is a plain object
the ruleset creates and mutates. The engine asks it, on every decision, who is to act and what
is legal, and hands it the chosen action to resolve — plain method calls, no hook dispatch.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from polemos.core.scenario_model import ScenarioBase
from polemos.core.world import Hit, Outcome, Presence, World

if TYPE_CHECKING:
    from polemos.core.actions import Action
    from polemos.core.board import Board
    from polemos.core.game import Game


@dataclass(slots=True)
class Result:
    """How a game ended: ``winner`` is a side name, or None for a draw."""

    winner: str | None
    reason: str
    rule: str
    scores: dict[str, float] = field(default_factory=dict)


class Ruleset(ABC):
    """Base of every ruleset. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "0.1.0"
    scenario_model: ClassVar[type[ScenarioBase]]
    turn_rule: ClassVar[str]
    """The rule id that says whose turn it is, cited when a side acts out of turn."""
    plugin_name: ClassVar[str] = ""
    """Set by the registry: the plugin that provided this ruleset, named when it raises."""

    def __init__(self, scenario: ScenarioBase) -> None:
        self.scenario = scenario
        self.world = World()
        """The other rulesets on the table (empty unless a mixed scenario shares it)."""

    @classmethod
    def check_scenario(cls, scenario: ScenarioBase, registry: dict[str, type[Ruleset]]
                       ) -> list[tuple[str, str]]:
        """Checks that need the other installed rulesets: ``[(field path, reason)]``."""
        return []

    @classmethod
    def fit_part(cls, raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
                 turns: int) -> dict[str, Any]:
        """This ruleset's part of a mixed scenario, fitted to the shared table and turn limit.

        A part inherits the table (and hex size) of the scenario that mixes it, so authors
        write them once; a ruleset that cannot share a table returns ``raw`` unchanged.
        """
        return raw

    @abstractmethod
    def new_state(self, game: Game) -> Any:
        """The initial state; may roll dice through ``game.dice`` (a roll-off for first turn)."""

    @abstractmethod
    def sides(self, state: Any) -> list[str]:
        """The sides of this game, in their playing order."""

    @abstractmethod
    def to_act(self, state: Any) -> str | None:
        """The side that must decide now, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Action]:
        """Every action the side to act may take now; never empty while ``to_act`` is a side."""

    @abstractmethod
    def check(self, state: Any, action: Action) -> None:
        """Raise ``IllegalAction`` with the forbidding rule id; must not change ``state``."""

    @abstractmethod
    def apply(self, state: Any, action: Action, game: Game) -> None:
        """Resolve a checked action: mutate ``state``, roll ``game.dice``, ``game.emit`` events."""

    @abstractmethod
    def result(self, state: Any) -> Result | None:
        """The result once the game is over, else None."""

    def view(self, state: Any, side: str) -> Any:
        """What ``side`` may see. Full information unless the ruleset hides something."""
        return state

    def describe(self, view: Any) -> str:
        """The position as text for the terminal."""
        return ""

    def describe_action(self, action: Action) -> str:
        """One legal action as a short line for a numbered menu."""
        args = " ".join(f"{k}={v}" for k, v in action.args.items())
        return " ".join(part for part in (action.unit or "", action.kind, args) if part)

    def narrate(self, event: dict[str, Any]) -> str | None:
        """A readable line for an event, citing its rule ids, or None to stay silent."""
        return None

    def turn_number(self, state: Any) -> int:
        """The number of the turn in progress; a mixed scenario hands over when it grows."""
        return 1

    def begin_slot(self, state: Any, game: Game) -> None:
        """A mixed scenario hands this ruleset the table (MIX-2): run what waits for its turn.

        Hits and morale shocks from other rulesets arrive outside this ruleset's slot; a ruleset
        resolves their immediate effects at once but leaves its turn sequence (automatic steps,
        the next phase) to this call. Nothing to do by default.
        """
        return None

    def presences(self, state: Any) -> list[Presence]:
        """This ruleset's units as other rulesets see them (docs/mixing.md)."""
        return []

    def suffer(self, state: Any, unit: str, hit: Hit, game: Game) -> Outcome:
        """Translate another ruleset's hit on ``unit`` into this ruleset's damage model."""
        return Outcome(unit, 0, False, f"{self.name} units cannot be hit by other rulesets")

    def board(self, state: Any) -> Board | None:
        """The position as a picture in centimetres, or None if the ruleset cannot draw."""
        return None

    def units(self, state: Any) -> dict[str, str]:
        """``{unit id: side}`` of every unit still in play (conformance checks, renderers)."""
        return {}
