"""The ruleset contract: one game system as a small class, in the manner of OpenSpiel games.

A ruleset is stateless about any one game except for its ``params`` (rule parameters that
house-rule plugins may change in ``polemos_configure_game``); the game state is a plain object
the ruleset creates and mutates. The engine asks it, on every decision, who is to act and what
is legal, and hands it the chosen action to resolve — plain method calls, no hook dispatch.
``Ruleset[StateT, ScenarioT]`` is generic over its state and scenario types, so a ruleset's
methods are typed with its own classes and override the base without casts.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from polemos.core.actions import Action, ActionTable
from polemos.core.errors import PolemosInputError
from polemos.core.scenario_model import ScenarioBase
from polemos.core.world import Hit, Outcome, Presence, World

if TYPE_CHECKING:
    from random import Random

    from polemos.core.annotations import Annotation
    from polemos.core.board import Board
    from polemos.core.context import Context
    from polemos.core.morale import Morale, MoraleShock

StateT = TypeVar("StateT")
ScenarioT = TypeVar("ScenarioT", bound=ScenarioBase)


@dataclass(slots=True)
class Result:
    """How a game ended: ``winner`` is a side name, or None for a draw."""

    winner: str | None
    reason: str
    rule: str
    scores: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScoreMeaning:
    """What the numbers of ``Result.scores`` count, for the result table: their ``name`` in
    words ("victory points"), the ``rule`` that counts them, and whether the most of them
    ``decides`` the winner (the result line then says so: "equal victory points")."""

    name: str = "score"
    rule: str = ""
    decides: bool = False


class Ruleset(ABC, Generic[StateT, ScenarioT]):
    """Base of every ruleset. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "0.1.0"
    scenario_model: ClassVar[type[ScenarioBase]]
    """The pydantic model of this ruleset's scenarios (an instance is a ``ScenarioT``)."""
    actions: ActionTable
    """Every kind of action, declared once: outside actions are parsed against it. Set on the
    class; a game whose plugins add action kinds sets its own (``ActionTable.extended``)."""
    turn_rule: ClassVar[str]
    """The rule id that says whose turn it is, cited when a side acts out of turn."""
    search_depth: ClassVar[int] = 24
    """How many actions a search bot's playout plays past its tree before the ruleset's
    ``polemos_evaluate`` judges the position (the ``mcts`` option ``depth`` overrides it): as
    far on as that evaluation reads a position best."""
    search_opponent: ClassVar[str] = "search"
    """How a search bot's tree treats the other sides' decisions (the ``mcts`` option
    ``opponent`` overrides it): ``search`` branches on them, ``greedy`` follows the ruleset's
    greedy policy there — a game of hidden simultaneous orders, where a reply tried in the tree
    meets only guessed orders, spends its few playouts better on the bot's own choices."""

    def __init__(self, scenario: ScenarioT) -> None:
        self.scenario: ScenarioT = scenario
        self.world = World()
        """The table this ruleset plays on: the other rulesets' units, when a mixed scenario
        shares it (``polemos.core.world``); the game attaches it."""

    @classmethod
    def check_scenario(cls, scenario: ScenarioBase, registry: Mapping[str, type[Ruleset[Any, Any]]]
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
    def new_state(self, game: Context) -> StateT:
        """The initial state — the scenario's position, or the start of the game when it gives
        none; may roll dice through ``game.dice`` (a roll-off for first turn)."""

    def clone_state(self, state: StateT) -> StateT:
        """An independent copy of ``state`` for a game played by this ruleset object: a fork
        (``Game.fork``) or a transaction's checkpoint (``polemos.core.transaction``). Steps on
        either copy must never change the other, and anything of the state that points at the
        table must point at this ruleset's ``world``. A deep copy by default; a ruleset
        overrides it with a hand-written copy of its mutable parts that shares what never
        changes (profiles, the scenario), which is what makes forks cheap
        (``polemos.core.clone``); the conformance suite checks the copy shares nothing that
        changes."""
        return copy.deepcopy(state)

    def forked(self) -> Self:
        """This ruleset for a fork of its game: the same scenario, ``params`` and plugin
        wiring (a house rule's changes stay), on a table of its own — the world reads the
        states of the game it is attached to, so a fork cannot share it. A shallow copy by
        default: a ruleset that keeps anything per game on itself overrides this."""
        twin = object.__new__(type(self))  # a shallow copy without copy.copy's reduce
        twin.__dict__.update(self.__dict__)
        twin.world = World(self.world.hex_cm)
        return twin

    @abstractmethod
    def sides(self, state: StateT) -> list[str]:
        """The sides of this game, in their playing order."""

    @abstractmethod
    def to_act(self, state: StateT) -> str | None:
        """The side that must decide now, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: StateT) -> list[Action]:
        """Every action the side to act may take now; never empty while ``to_act`` is a side."""

    def parse_action(self, state: StateT, data: Any) -> Action:
        """An action from outside, parsed against ``actions`` (``MalformedAction`` if it does
        not fit); unit and side names must be the scenario's."""
        return self.actions.parse(data, self.scenario.unit_sides(), self.sides(state))

    @abstractmethod
    def check(self, state: StateT, action: Action) -> None:
        """Raise ``IllegalAction`` with the forbidding rule id; must not change ``state``.

        ``action`` is well formed (built by ``legal_actions`` or parsed): only rule logic here.
        """

    @abstractmethod
    def apply(self, state: StateT, action: Action, game: Context) -> None:
        """Resolve a checked action: mutate ``state``, roll ``game.dice``, ``game.emit`` events."""

    @abstractmethod
    def result(self, state: StateT) -> Result | None:
        """The result once the game is over, else None."""

    def score_meaning(self, state: StateT) -> ScoreMeaning:
        """What ``result(state).scores`` count: the scores mean something different in every
        ruleset, so the result table names them; "score" by default."""
        return ScoreMeaning()

    def view(self, state: StateT, side: str) -> Any:
        """What ``side`` may see. Full information unless the ruleset hides something."""
        return state

    def secret(self, state: StateT, action: Action) -> bool:
        """Whether ``action`` is a hidden choice (a sealed order): its "action" event is then
        shown to the acting side alone until the game ends, and the ruleset reveals it later
        with a public event of its own. Called before ``apply``; nothing is hidden by default.
        """
        return False

    def determinize(self, state: StateT, side: str, rng: Random) -> None:
        """Replace in ``state`` — a fork's, never a played game's — what ``side`` may not see
        (``view``) by a sample drawn from ``rng`` among what it could be, so a search bot
        plays out guesses and never reads the hidden truth (AI-20's face-down tokens).

        The draws may depend only on what ``side`` sees: two states that differ only in hidden
        choices must come out identical. Nothing is hidden by default, so nothing changes.
        """
        return None

    def search_defaults(self, state: StateT, side: str) -> Mapping[str, float | str]:
        """The ``mcts`` options ``depth``, ``keep`` and ``horizon`` a search bot playing
        ``side`` takes at ``state`` unless it was given them, by name: where one side plays best
        with a search another side plays worse with (a hunter and its quarry). Those left out
        are ``search_depth`` and the bot's own defaults; none by default."""
        return {}

    def search_stage(self, state: StateT) -> Hashable:
        """The stage of play ``state`` is in, as a key that changes when the stage ends (a
        phase of a turn, say): a search bot's ``horizon=stage`` plays each candidate on until
        it changes, and judges the position there, where the ruleset's evaluation reads it best.
        None (the default): the ruleset has no stages, and such a playout runs ``depth``
        actions."""
        return None

    def describe(self, view: Any) -> str:
        """The position as text for the terminal."""
        return ""

    def describe_action(self, view: Any, action: Action) -> str:
        """One legal action, seen from ``view``, as a short line for a menu."""
        args = " ".join(f"{k}={v}" for k, v in action.args.items())
        return " ".join(part for part in (action.unit or "", action.kind, args) if part)

    def forced(self, view: Any, legal: list[Action]) -> Action | None:
        """The action to take without asking a person, because the side would end up at the
        same place whatever it chose: its only legal action, by default. None: the choice is
        the side's. The terminal takes it and says so; an undo takes it back with the choice
        before it (core/undo.py)."""
        return legal[0] if len(legal) == 1 else None

    def odds(self, view: Any, action: Action) -> str | None:
        """The chances of a legal action in words (``needs 5+: 33 % damaged``), computed
        exactly from this ruleset's dice, for the menu line beside it; None when no die
        decides it (a move), as by default."""
        return None

    def parse_command(self, view: Any, text: str) -> Action | None:
        """An action a person typed in words at the terminal (``move fighter-3 to 41.5 22``),
        seen from ``view`` (the side to act's); None when ``text`` is no command of this
        ruleset, as by default. The action is then checked like any other (``check``)."""
        return None

    def narrate(self, event: dict[str, Any]) -> str | None:
        """A readable line for an event, citing its rule ids, or None to stay silent."""
        return None

    def annotate(self, event: dict[str, Any]) -> Annotation | None:
        """What an event shows on the board (a shot between two units, a move's trail in cm),
        or None; the replay draws it over the step's ``board`` (core/annotations.py)."""
        return None

    def turn_number(self, state: StateT) -> int:
        """The number of the turn in progress; a mixed scenario hands over when it grows."""
        return 1

    def where(self, state: StateT) -> str:
        """Where the game stands, in words (turn and phase), for errors and headers."""
        return f"turn {self.turn_number(state)}"

    def export_position(self, state: StateT) -> dict[str, Any]:
        """The scenario fields that set up the current position (design.md, "Positions as
        data"): merged over the scenario's own fields, they give a scenario whose game continues
        exactly as this one would with the same dice. Its units with every status they have
        and the ``position`` block (turn, phase, whose turn, who has acted, orders given)."""
        raise PolemosInputError(f"ruleset {self.name!r} cannot write its position: it does not "
                                "implement export_position (the conformance suite asks it to)")

    def begin_slot(self, state: StateT, game: Context) -> None:
        """A mixed scenario hands this ruleset the table (MIX-2): run what waits for its turn.

        Hits and morale shocks from other rulesets arrive outside this ruleset's slot; a ruleset
        resolves their immediate effects at once but leaves its turn sequence (automatic steps,
        the next phase) to this call. Nothing to do by default.
        """
        return None

    # -- the table: this ruleset among others (docs/mixing.md) --------------------------------
    def part_rules(self) -> Mapping[str, Ruleset[Any, Any]]:
        """The rulesets on this game's table, by name: this one alone unless it mixes others."""
        return {self.name: self}

    def part_states(self, state: StateT) -> Mapping[str, Any]:
        """The state of each ruleset of ``part_rules`` within this game's ``state``."""
        return {self.name: state}

    def active_part(self, state: StateT) -> str | None:
        """The ruleset whose turn a mixed scenario is playing; None for a ruleset alone."""
        return None

    def presences(self, state: StateT) -> list[Presence]:
        """This ruleset's units as other rulesets see them (docs/mixing.md)."""
        return []

    def standing_sides(self, state: StateT) -> set[str]:
        """MIX-10: the sides of ``presences``. A mixed game asks after every action of every
        part; a ruleset overrides this when it can tell without building its presences."""
        return {p.side for p in self.presences(state)}

    def suffer(self, state: StateT, unit: str, hit: Hit, game: Context) -> Outcome:
        """Translate another ruleset's hit on ``unit`` into this ruleset's damage model."""
        return Outcome(unit, 0, False, f"{self.name} units cannot be hit by other rulesets")

    def shaken(self, state: StateT, shock: MoraleShock, game: Context) -> Morale | None:
        """Test ``shock.unit`` for the morale shock another ruleset caused, by this ruleset's
        own rules (MIX-9): roll with ``game.dice``, emit the events, apply every consequence and
        return the unit's morale afterwards; None when this ruleset has no morale."""
        return None

    def board(self, state: StateT) -> Board | None:
        """The position as a picture in centimetres, or None if the ruleset cannot draw."""
        return None

    def units(self, state: StateT) -> dict[str, str]:
        """``{unit id: side}`` of every unit still in play (conformance checks, renderers)."""
        return {}
