"""Club abilities: what a plugin adds to Le Petit Cirque Volant beyond changing its limits.

PCV-O5 and PCV-O6 invite ground elements and magical flyers: new units, new actions and
exemptions, not only other numbers. A plugin builds an ``Ability`` in ``polemos_configure_game``
and hands it to ``PetitCirqueVolant.add_ability``; the ruleset then consults every ability at
fixed points of its own rules, and nothing in the ruleset knows what a dragon or flak is:

- **units** — ``unit_sides`` are the ids it adds (known to action parsing, as ``UnitId``),
  ``units`` those in play (``Ruleset.units``); their state lives in ``PcvState.abilities``
  under the ability's ``name``, set up by ``start`` and copied by ``clone``;
- **actions** — ``kinds`` are declared like the ruleset's own (the game's ``ActionTable`` is
  extended with them), each played in the move or the fire phase (``phases``); ``actions``
  lists the legal ones for an aircraft of the side to act, ``problem`` says why one is not
  legal (after the turn and phase checks every action gets, PCV-4), ``apply`` resolves it;
- **vetoes** — ``veto`` may forbid any other action of an aircraft (a dragon has no guns);
- **fire step** — ``fire_step`` runs as the fire phase of the side to act begins (PCV-14):
  ground elements fire by themselves there;
- **text and data** — ``worth`` (the greedy bot's value of one of its actions), ``pieces``
  (the board picture), ``lines`` (the terminal view), ``narrate``, ``describe_action`` and
  ``export``: its options as they stand now, so a position keeps what it added
  (``Ruleset.export_position``).

The methods have neutral defaults, so an ability implements only what it changes.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from polemos.core.actions import Action, ActionKind
from polemos.core.board import Piece
from polemos.core.errors import PolemosError
from polemos.core.scenario import validation_problems
from polemos.rulesets.petit_cirque.models import PcvScenario
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from polemos.core.context import Context

Phase = Literal["move", "fire"]
Problem = tuple[str, str] | None
Score = Annotated[int, Field(ge=2, le=6)]
"""A D6 score an ability needs to hit: 2 to 6, since a 1 always misses."""
D = TypeVar("D", bound=BaseModel)


class AbilityData(BaseModel):
    """Base of an ability's data and options models: unknown fields are errors, values fixed."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class AbilityOptions(AbilityData):
    """Base of the options a club plugin reads from ``options.<plugin>``."""

    def problems(self, scenario: PcvScenario) -> list[tuple[str, str]]:
        """What does not fit the scenario (unknown ids, hexes off the cloth): ``[(field path,
        reason)]``, paths from the scenario's top (``options.<plugin>.…``)."""
        return []


def load_data(package: str, resource: str, model: type[D]) -> D:
    """The data file an ability ships (profiles, kinds), validated against ``model``; a broken
    file is a packaging bug, raised as ``PolemosError`` naming the file and each field."""
    source = f"{package}:{resource}"
    try:
        raw = yaml.safe_load(resources.files(package).joinpath(resource)
                             .read_text(encoding="utf-8"))
        return model.model_validate(raw)
    except (OSError, yaml.YAMLError) as error:
        raise PolemosError(f"{source}: {error}") from error
    except ValidationError as error:
        raise PolemosError("\n".join(f"{source}: {path}: {reason}" for path, reason in
                                     validation_problems(error))) from None


class Ability(Protocol):
    """One club extension of the rules; a plugin subclasses it and overrides what it needs."""

    name: str
    """The plugin's name: its state is ``state.abilities[name]``, its options ``options[name]``."""
    kinds: tuple[ActionKind, ...]
    phases: Mapping[str, Phase]
    """The phase each of ``kinds`` is played in (PCV-4)."""

    def start(self, state: PcvState) -> None:
        """Put what the ability adds into a new game's state."""
        return None

    def clone(self, kept: Any) -> Any:
        """An independent copy of what it keeps in ``state.abilities`` (``Ruleset.clone_state``:
        forks and transactional steps); a deep copy unless it knows a cheaper one."""
        return copy.deepcopy(kept)

    def unit_sides(self) -> dict[str, str]:
        """``{unit id: side}`` of every unit the ability sets up, in play or not."""
        return {}

    def units(self, state: PcvState) -> dict[str, str]:
        """``{unit id: side}`` of its units still in play."""
        return {}

    def actions(self, state: PcvState, params: PcvParams, plane: Plane) -> list[Action]:
        """Its legal actions for ``plane``, an aircraft of the side to act that may act now."""
        return []

    def problem(self, state: PcvState, params: PcvParams, plane: Plane, action: Action
                ) -> Problem:
        """Why ``plane`` may not take ``action``, one of ``kinds``, or None. The turn and phase
        checks are done; the moving aircraft's MP are ``mp_left(state, plane)``."""
        return None

    def veto(self, state: PcvState, params: PcvParams, plane: Plane, action: Action) -> Problem:
        """Why ``plane`` may not take ``action``, a kind of the ruleset or of another ability,
        which the rules as written allow; None leaves it legal."""
        return None

    def apply(self, state: PcvState, params: PcvParams, plane: Plane, action: Action,
              game: Context) -> None:
        """Resolve a checked action of ``kinds``; the ruleset ends the phase or turn after."""
        return None

    def fire_step(self, state: PcvState, params: PcvParams, game: Context) -> None:
        """The fire phase of ``state.turn.side`` begins (PCV-14): act before its aircraft."""
        return None

    def worth(self, state: PcvState, params: PcvParams, action: Action) -> float | None:
        """A bot's value of one of its fire-phase actions (a kill chance), or None: no opinion."""
        return None

    def pieces(self, state: PcvState, hex_cm: float) -> list[Piece]:
        """Its units on the board picture."""
        return []

    def lines(self, state: PcvState) -> list[str]:
        """Its units as lines of the terminal view."""
        return []

    def narrate(self, event: dict[str, Any]) -> str | None:
        """A line for one of its events, citing their rule ids; None for any other event."""
        return None

    def describe_action(self, action: Action) -> str | None:
        """A menu line for one of its actions; None for any other."""
        return None

    def export(self, state: PcvState) -> dict[str, Any] | None:
        """Its options, rewritten to the state now (positions as data); None: unchanged."""
        return None


def mp_left(state: PcvState, plane: Plane) -> int:
    """The MP ``plane`` has for the rest of its move (PCV-5): all its speed until it starts."""
    return state.mp_left if state.moving == plane.id else plane.speed


def owner(params: PcvParams, kind: str) -> Ability | None:
    """The ability that declares action ``kind``, or None for the ruleset's own kinds."""
    for ability in params.abilities:
        if kind in ability.phases:
            return ability
    return None


def vetoed(state: PcvState, params: PcvParams, plane: Plane, action: Action) -> Problem:
    """The first ability that forbids ``action`` of ``plane``, as its problem, or None."""
    for ability in params.abilities:
        problem = ability.veto(state, params, plane, action)
        if problem is not None:
            return problem
    return None


def extra_actions(state: PcvState, params: PcvParams, planes: list[Plane],
                  base: list[Action]) -> list[Action]:
    """``base`` without the vetoed actions, then every ability's actions for ``planes``."""
    if not params.abilities:
        return base
    kept = [a for a in base if vetoed(state, params, state.planes[a.unit or ""], a) is None]
    return kept + [action for plane in planes for ability in params.abilities
                   for action in ability.actions(state, params, plane)]


def unit_sides(params: PcvParams) -> dict[str, str]:
    return {unit: side for ability in params.abilities
            for unit, side in ability.unit_sides().items()}


def units(state: PcvState, params: PcvParams) -> dict[str, str]:
    return {unit: side for ability in params.abilities
            for unit, side in ability.units(state).items()}


def fire_step(state: PcvState, params: PcvParams, game: Context) -> None:
    for ability in params.abilities:
        ability.fire_step(state, params, game)


def narrate(params: PcvParams, event: dict[str, Any]) -> str | None:
    for ability in params.abilities:
        line = ability.narrate(event)
        if line is not None:
            return line
    return None


def describe_action(params: PcvParams, action: Action) -> str | None:
    ability = owner(params, action.kind)
    return ability.describe_action(action) if ability is not None else None


def exported_options(params: PcvParams, state: PcvState, options: Mapping[str, dict[str, Any]]
                     ) -> dict[str, Any]:
    """The scenario's ``options`` with each ability's rewritten to the state now; empty when
    no ability changes them (the scenario's own stand)."""
    changed = {ability.name: found for ability in params.abilities
               if (found := ability.export(state)) is not None}
    return {"options": {**options, **changed}} if changed else {}


def pieces(state: PcvState, params: PcvParams, hex_cm: float) -> list[Piece]:
    return [piece for ability in params.abilities for piece in ability.pieces(state, hex_cm)]


def lines(state: PcvState, params: PcvParams) -> list[str]:
    return [line for ability in params.abilities for line in ability.lines(state)]
