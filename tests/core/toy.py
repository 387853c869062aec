"""A toy ruleset registered in code: core tests need a game that is not any real ruleset."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from polemos.core.actions import Action, ActionArgs, ActionKind, ActionTable, arg
from polemos.core.errors import IllegalAction
from polemos.core.hookspecs import hookimpl
from polemos.core.ruleset import Result, Ruleset
from polemos.core.scenario_model import ScenarioBase


class ToyScenario(ScenarioBase):
    ruleset: Literal["toy"]
    pile: int = 7


@dataclass(slots=True)
class ToyState:
    pile: int
    side: str = "a"
    winner: str | None = None


class TakeArgs(ActionArgs):
    n: int = arg(ge=1, le=2)


class Toy(Ruleset[ToyState, ToyScenario]):
    """Take 1 or 2 from a pile (TOY-1); ``gamble`` takes a D6's worth, at most 3 (TOY-2)."""

    name = "toy"
    title = "Toy pile"
    scenario_model = ToyScenario
    actions = ActionTable(ActionKind("take", "TOY-1", TakeArgs, unit=False),
                          ActionKind("gamble", "TOY-2", unit=False), rule="TOY-0")
    turn_rule = "TOY-0"

    def new_state(self, game: Any) -> ToyState:
        return ToyState(self.scenario.pile)

    def sides(self, state: ToyState) -> list[str]:
        return ["a", "b"]

    def to_act(self, state: ToyState) -> str | None:
        return None if state.winner else state.side

    def legal_actions(self, state: ToyState) -> list[Action]:
        if state.winner:
            return []
        return [Action("take", None, {"n": n}) for n in (1, 2) if n <= state.pile] + \
            [Action("gamble")]

    def check(self, state: ToyState, action: Action) -> None:
        if action.kind == "gamble":
            return
        if action.args["n"] > state.pile:
            raise IllegalAction("TOY-1", "not that many left")

    def apply(self, state: ToyState, action: Action, game: Any) -> None:
        if action.kind == "gamble":
            state.pile -= min(state.pile, game.dice.d6(purpose="gamble", rule="TOY-2") // 2)
            game.dice.d6(purpose="second die", rule="TOY-2")
        else:
            state.pile -= action.args["n"]
        game.emit("pile", pile=state.pile, rule="TOY-1")
        if state.pile == 0:
            state.winner = state.side
        state.side = "b" if state.side == "a" else "a"

    def result(self, state: ToyState) -> Result | None:
        return Result(state.winner, "took the last", "TOY-1") if state.winner else None

    def units(self, state: ToyState) -> dict[str, str]:
        return {}


class ToyPlugin:
    """Provides the toy ruleset."""

    @hookimpl
    def polemos_rulesets(self) -> list[type[Ruleset]]:
        return [Toy]


class BrokenConfigure:
    """A plugin that raises while configuring a game."""

    @hookimpl
    def polemos_configure_game(self, game: Any) -> None:
        raise RuntimeError("boom")


TOY = {"name": "toy game", "ruleset": "toy"}
