"""A test ruleset of immobile ground pickets, to meet other rulesets on a shared table.

Each side's turn is one ``wait`` action; pickets are infantry that count the hits they take.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from polemos.core.actions import Action
from polemos.core.board import Board, Piece
from polemos.core.errors import IllegalAction
from polemos.core.hookspecs import hookimpl
from polemos.core.ruleset import Result, Ruleset
from polemos.core.scenario_model import ScenarioBase, Strict
from polemos.core.world import INFANTRY, Hit, Outcome, Presence


class PicketModel(Strict):
    id: str
    side: str
    x: float
    y: float


class PicketScenario(ScenarioBase):
    ruleset: Literal["pickets"]
    sides: list[str]
    table: tuple[float, float] = (100.0, 100.0)
    rounds: int = 3
    pickets: list[PicketModel]

    def unit_sides(self) -> dict[str, str]:
        return {p.id: p.side for p in self.pickets}


@dataclass(slots=True)
class PicketState:
    wounds: dict[str, int]
    turn: int = 1
    side: int = 0
    over: bool = False
    log: list[str] = field(default_factory=list)


class Pickets(Ruleset[PicketState, PicketScenario]):
    name = "pickets"
    title = "Pickets"
    scenario_model = PicketScenario
    turn_rule = "PK-1"

    @classmethod
    def fit_part(cls, raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
                 turns: int) -> dict[str, Any]:
        return {**raw, "table": (width_cm, height_cm), "rounds": turns}

    def new_state(self, game: Any) -> PicketState:
        return PicketState({p.id: 0 for p in self.scenario.pickets})

    def sides(self, state: PicketState) -> list[str]:
        return list(self.scenario.sides)

    def to_act(self, state: PicketState) -> str | None:
        return None if state.over else self.sides(state)[state.side]

    def legal_actions(self, state: PicketState) -> list[Action]:
        return [] if state.over else [Action("wait")]

    def check(self, state: PicketState, action: Action) -> None:
        if action.kind != "wait":
            raise IllegalAction("PK-1", "pickets only wait")

    def apply(self, state: PicketState, action: Action, game: Any) -> None:
        game.emit("wait", side=self.sides(state)[state.side], rule="PK-1")
        state.side += 1
        if state.side == len(self.sides(state)):
            state.side = 0
            state.turn += 1
            state.over = state.turn > self.scenario.rounds

    def result(self, state: PicketState) -> Result | None:
        return Result(None, "rounds over", "PK-1") if state.over else None

    def turn_number(self, state: PicketState) -> int:
        return state.turn

    def alive(self, state: PicketState) -> list[PicketModel]:
        return [p for p in self.scenario.pickets if state.wounds[p.id] < 2]

    def presences(self, state: PicketState) -> list[Presence]:
        return [Presence(p.id, self.name, p.side, INFANTRY, p.x, p.y, 1.0)
                for p in self.alive(state)]

    def suffer(self, state: PicketState, unit: str, hit: Hit, game: Any) -> Outcome:
        state.wounds[unit] += 2 if hit.lethal else hit.damage
        dead = state.wounds[unit] >= 2
        return Outcome(unit, hit.damage, dead, "killed" if dead else "wounded")

    def units(self, state: PicketState) -> dict[str, str]:
        return {p.id: p.side for p in self.alive(state)}

    def board(self, state: PicketState) -> Board:
        width, height = self.scenario.table
        return Board(width, height, [Piece(p.id, p.side, p.x, p.y, 1.0)
                                     for p in self.alive(state)])


class PicketsPlugin:
    """Provides the pickets test ruleset."""

    @hookimpl
    def polemos_rulesets(self) -> list[type[Ruleset]]:
        return [Pickets]
