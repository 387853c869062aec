"""Mixed-genre scenarios: several rulesets on one table, one turn for all (docs/mixing.md).

The ``mixed`` ruleset owns no rules of combat: it holds one part per ruleset, each with its own
state, activation and initiative, and runs their turns in the scenario's ``order`` (MIX-2);
units meet through ``polemos.core.world`` (MIX-3 … MIX-9, in each ruleset). It is a builtin
plugin, registered through the same entry-point group as every ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, PrivateAttr, ValidationError

from polemos.core.actions import Action, ActionTable
from polemos.core.board import Area, Board, hex_map_size
from polemos.core.catalog import ScenarioRef, shipped_scenarios
from polemos.core.clone import shallow_copier
from polemos.core.errors import ScenarioError
from polemos.core.hookspecs import hookimpl
from polemos.core.rulebook import RuleText, load_rules
from polemos.core.ruleset import Result, Ruleset, ScoreMeaning
from polemos.core.scenario_model import Ending, ScenarioBase, Strict
from polemos.core.table import EPS, Base, contact_graph
from polemos.core.wording import conjugate, does, verdict
from polemos.core.world import AIRCRAFT, PartContext, Presence, World

if TYPE_CHECKING:
    from polemos.core.annotations import Annotation
    from polemos.core.context import Context

RULE_TURN = "MIX-2"
RULE_OBJECTIVE = "MIX-10"


class TableModel(Strict):
    """The shared table, in centimetres (MIX-1)."""

    width: float = Field(gt=0, le=1000)
    height: float = Field(gt=0, le=1000)


class HoldObjective(Strict):
    """MIX-10: at the end of the last turn, the side alone with ground units in the area wins."""

    kind: Literal["hold"] = "hold"
    name: str = "the objective"
    area: list[tuple[float, float]] = Field(min_length=3, description="Polygon, cm.")


class MixedPosition(Strict):
    """Where a mixed game stands (positions as data); each part's own position is in its
    ``parts`` entry. Omitted: the start of turn 1."""

    turn: int = Field(1, ge=1, le=100, description="MIX-2: the game turn in progress.")
    part: str = Field(description="MIX-2: the ruleset whose slot of the turn is being played.")
    started_at: int = Field(1, ge=1, le=1000, description="That ruleset's own turn number "
                            "when its slot began: it hands over when the number grows.")
    ended: Ending | None = Field(None, description="MIX-10: the game is over.")


class MixedScenario(ScenarioBase):
    """A scenario mixing rulesets: one table in cm with a hex overlay, one turn order."""

    ruleset: Literal["mixed"]
    table: TableModel
    hex_cm: float = Field(ge=2, le=100, description="MIX-1: hex overlay size across the flats, cm.")
    sides: list[str] = Field(min_length=2)
    rulesets: list[str] = Field(min_length=1, description="The rulesets this scenario loads.")
    order: list[str] = Field(min_length=1, description="MIX-2: the rulesets' turns, in order.")
    turns: int = Field(8, ge=1, le=100)
    objective: HoldObjective | None = None
    parts: dict[str, dict[str, Any]] = Field(
        description="Each loaded ruleset's own scenario fields (its units), by ruleset name.")
    position: MixedPosition | None = Field(
        None, description="Start from this moment of a game (`polemos position` writes it).")
    _models: dict[str, ScenarioBase] = PrivateAttr(default_factory=dict)
    _classes: dict[str, type[Ruleset[Any, Any]]] = PrivateAttr(default_factory=dict)

    def largest_die(self) -> int:
        """The largest die of any part: one scripted sequence serves every ruleset's rolls."""
        return max((part.largest_die() for part in self._models.values()), default=6)


def _part_problems(model: MixedScenario, name: str, cls: type[Ruleset[Any, Any]]
                   ) -> list[tuple[str, str]]:
    from polemos.core.scenario import validation_problems

    raw = dict(model.parts[name])
    raw.update(name=f"{model.name} — {name}", ruleset=name, seed=model.seed)
    raw = cls.fit_part(raw, model.table.width, model.table.height, model.hex_cm, model.turns)
    try:
        part = cls.scenario_model.model_validate(raw)
    except ValidationError as error:
        return validation_problems(error, ("parts", name))
    problems = [(f"parts.{name}.{path}" if path else f"parts.{name}", reason)
                for path, reason in part.problems()]
    if not problems:
        model._models[name] = part
        model._classes[name] = cls
    return problems


def _unit_problems(model: MixedScenario) -> list[tuple[str, str]]:
    """MIX-3: unit ids are unique across the table; every part's sides are the scenario's."""
    problems: list[tuple[str, str]] = []
    owners: dict[str, str] = {}
    for name, part in model._models.items():
        for unit, side in part.unit_sides().items():
            if side not in model.sides:
                problems.append((f"parts.{name}", f"unit {unit!r} is on side {side!r}, not one "
                                 f"of the sides {model.sides}"))
            if unit in owners:
                problems.append((f"parts.{name}", f"unit id {unit!r} is also used in "
                                 f"parts.{owners[unit]}: ids must be unique across the table"))
            owners.setdefault(unit, name)
    return problems


@dataclass(slots=True)
class MixedState:
    parts: dict[str, Any]
    turn: int = 1
    slot: int = 0
    """Index in ``order`` of the ruleset whose turn is being played."""
    started_at: int = 1
    """That ruleset's own turn number when its slot began: it hands over when it grows."""
    over: bool = False
    winner: str | None = None
    reason: str = ""
    rule: str = ""


_copy_state = shallow_copier(MixedState)


@dataclass(frozen=True, slots=True)
class MixedView:
    """What a player sees: the part whose turn it is, and that part's view for its side."""

    part: str
    view: Any


def mixed_policy(kind: str, pm: Any) -> Any:
    """A bot policy that hands each decision to the active part's own policy of ``kind``."""
    from polemos.core.players import Policy
    from polemos.core.plugins import call_hook

    policies: dict[str, Policy | None] = {}


    def policy(rules: Mixed, view: MixedView, side: str, legal: list[Action], rng: Any
               ) -> Action:
        if view.part not in policies:
            policies[view.part] = call_hook(pm, "polemos_bot_policy", firstresult=True,
                                            ruleset=view.part, kind=kind, pm=pm)
        chosen = policies[view.part]
        if chosen is None:
            return legal[int(rng.random() * len(legal))]
        return chosen(rules.parts[view.part], view.view, side, legal, rng)

    return policy


def mixed_evaluation(pm: Any) -> Any:
    """``evaluate`` for a mixed scenario (``polemos_evaluate``): half the MIX-10 objective —
    the lead in units on the table, and in ground units holding the area when there is one —
    and half the mean of the parts' own evaluations of the side, for the parts it plays in."""
    from polemos.core.evaluation import lead, odds
    from polemos.core.plugins import call_hook

    found: dict[str, Any] = {}

    def evaluate(rules: Mixed, state: MixedState, side: str) -> float:
        standing = {s: float(n) for s, n in rules._ground_sides(state).items()}
        objective = rules.scenario.objective
        table = lead(standing, side)
        if objective is not None:
            holders = rules.holders(objective)
            table = (table + (side in holders) - any(s != side for s in holders)) / 2
        values = []
        for name, part in rules.parts.items():
            if name not in found:
                found[name] = call_hook(pm, "polemos_evaluate", firstresult=True,
                                        ruleset=name, pm=pm)
            if found[name] is not None and side in part.sides(state.parts[name]):
                values.append(found[name](part, state.parts[name], side) * 2 - 1)
        parts = sum(values) / len(values) if values else 0.0
        return odds((0.5, table), (0.5, parts))

    return evaluate


class Mixed(Ruleset[MixedState, MixedScenario]):
    name = "mixed"
    title = "Mixed-genre scenario"
    version = "1.0.0"
    scenario_model = MixedScenario
    actions = ActionTable(rule=RULE_TURN)
    """Never parsed against: the active part's own declaration is (``parse_action``)."""
    turn_rule = RULE_TURN

    def __init__(self, scenario: MixedScenario) -> None:
        super().__init__(scenario)
        self.world = World(scenario.hex_cm)
        self.parts: dict[str, Ruleset[Any, Any]] = {
            name: scenario._classes[name](scenario._models[name]) for name in scenario.rulesets}
        for rules in self.parts.values():
            rules.world = self.world

    @classmethod
    def check_scenario(cls, scenario: ScenarioBase,
                       registry: Mapping[str, type[Ruleset[Any, Any]]]
                       ) -> list[tuple[str, str]]:
        """MIX-1: loaded rulesets exist; MIX-2: the order names loaded rulesets once each."""
        assert isinstance(scenario, MixedScenario)
        problems: list[tuple[str, str]] = []
        for i, name in enumerate(scenario.rulesets):
            if name not in registry or name == cls.name:
                known = ", ".join(sorted(set(registry) - {cls.name}))
                problems.append((f"rulesets[{i}]", f"unknown ruleset {name!r}; installed: "
                                 f"{known}"))
        for i, name in enumerate(scenario.order):
            if name not in scenario.rulesets:
                problems.append((f"order[{i}]", f"unknown phase {name!r}: the order lists the "
                                 f"turns of loaded rulesets ({', '.join(scenario.rulesets)})"))
        if sorted(scenario.order) != sorted(set(scenario.rulesets)):
            problems.append(("order", "each loaded ruleset's turn must appear exactly once"))
        at = scenario.position
        if at is not None and at.part not in scenario.order:
            problems.append(("position.part", f"{at.part!r} is not a ruleset of the order "
                             f"({', '.join(scenario.order)})"))
        if at is not None and at.turn > scenario.turns + (at.ended is not None):
            problems.append(("position.turn", f"turn {at.turn} is past the last turn "
                             f"{scenario.turns}"))
        for name in scenario.parts:
            if name not in scenario.rulesets:
                problems.append((f"parts.{name}", f"units of ruleset {name!r}, which this "
                                 "scenario does not load (add it to `rulesets`)"))
        for name in scenario.rulesets:
            if name not in scenario.parts:
                problems.append((f"parts.{name}", "field required: the units of this ruleset"))
            elif name in registry and name != cls.name:
                problems += _part_problems(scenario, name, registry[name])
        return problems + _unit_problems(scenario)

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, game: Context) -> MixedState:
        state = MixedState({})
        self.world.attach(self.parts, lambda: state.parts, lambda: self.active_part(state))
        for name in self.scenario.order:  # each part is set up seeing those set up before it
            state.parts[name] = self.parts[name].new_state(PartContext(game, name))
        at = self.scenario.position
        problems = overlaps(self.world.presences()) if at is None else []
        if problems:  # MIX-3 is a set-up rule: in play an AFV may end over a crushed base
            raise ScenarioError(game.source, problems)
        if at is not None:  # a position is taken between two decisions: already settled
            state.turn, state.slot = at.turn, self.scenario.order.index(at.part)
            state.started_at = at.started_at
            if at.ended is not None:
                state.over, state.winner = True, at.ended.winner
                state.reason, state.rule = at.ended.reason, at.ended.rule
            return state
        self._open_slot(state, game)
        self._settle(state, game)
        return state

    def forked(self) -> Mixed:
        """Every part forked too, all on the fork's one shared table (MIX-1)."""
        twin = super().forked()
        twin.parts = {name: rules.forked() for name, rules in self.parts.items()}
        for rules in twin.parts.values():
            rules.world = twin.world
        return twin

    def clone_state(self, state: MixedState) -> MixedState:
        """Each part's state cloned by its own ruleset; the turn counters are plain values."""
        twin = _copy_state(state)
        twin.parts = {name: self.parts[name].clone_state(part)
                      for name, part in state.parts.items()}
        return twin

    def export_position(self, state: MixedState) -> dict[str, Any]:
        """Each part's own position merged into its ``parts`` entry, and the turn (MIX-2)."""
        parts = {name: {**self.scenario.parts[name],
                        **self.parts[name].export_position(state.parts[name])}
                 for name in self.scenario.rulesets}
        position: dict[str, Any] = {"turn": state.turn, "part": self.active_part(state),
                                    "started_at": state.started_at}
        if state.over:
            position["ended"] = {"winner": state.winner, "reason": state.reason,
                                 "rule": state.rule}
        return {"parts": parts, "position": position}

    def where(self, state: MixedState) -> str:
        name, rules, part = self._active(state)
        return f"turn {state.turn}, {name}: {rules.where(part)}"

    def _open_slot(self, state: MixedState, game: Context) -> None:
        """MIX-2: hand the table to the ruleset of the current slot."""
        name, rules, part = self._active(state)
        game.emit("mixed_turn", turn=state.turn, part=name, rule=RULE_TURN)
        rules.begin_slot(part, PartContext(game, name))
        state.started_at = rules.turn_number(part)

    def sides(self, state: MixedState) -> list[str]:
        return list(self.scenario.sides)

    def part_rules(self) -> Mapping[str, Ruleset[Any, Any]]:
        return self.parts

    def part_states(self, state: MixedState) -> Mapping[str, Any]:
        return state.parts

    def active_part(self, state: MixedState) -> str:
        return self.scenario.order[state.slot]

    def _active(self, state: MixedState) -> tuple[str, Ruleset[Any, Any], Any]:
        name = self.scenario.order[state.slot]
        return name, self.parts[name], state.parts[name]

    # -- decisions delegate to the active part ----------------------------------------------
    def to_act(self, state: MixedState) -> str | None:
        if state.over:
            return None
        _, rules, part = self._active(state)
        return rules.to_act(part)

    def legal_actions(self, state: MixedState) -> list[Action]:
        if state.over:
            return []
        _, rules, part = self._active(state)
        return rules.legal_actions(part)

    def parse_action(self, state: MixedState, data: Any) -> Action:
        """An outside action is the active part's: parsed against that ruleset's kinds."""
        _, rules, part = self._active(state)
        return rules.parse_action(part, data)

    def check(self, state: MixedState, action: Action) -> None:
        _, rules, part = self._active(state)
        rules.check(part, action)

    def apply(self, state: MixedState, action: Action, game: Context) -> None:
        name, rules, part = self._active(state)
        rules.apply(part, action, PartContext(game, name))
        self._settle(state, game)

    def secret(self, state: MixedState, action: Action) -> bool:
        """A hidden choice is the active part's to declare (AI-20 in an Aeronautica slot)."""
        _, rules, part = self._active(state)
        return rules.secret(part, action)

    def determinize(self, state: MixedState, side: str, rng: random.Random) -> None:
        """Each part guesses what ``side`` may not see of its own state (AI-20 tokens)."""
        for name, rules in self.parts.items():
            rules.determinize(state.parts[name], side, rng)

    def view(self, state: MixedState, side: str) -> MixedView:
        """The active part's view: hidden orders stay hidden across the whole table."""
        name, rules, part = self._active(state)
        return MixedView(name, rules.view(part, side))

    # -- MIX-2: one turn for all -----------------------------------------------------------
    def _settle(self, state: MixedState, game: Context) -> None:
        """Hand over to the next ruleset once the active one has finished its turn."""
        order = self.scenario.order
        for _ in range(len(order) * (self.scenario.turns + 1) + 1):
            if self._decide(state, game):
                return
            name, rules, part = self._active(state)
            if rules.to_act(part) is not None and rules.turn_number(part) == state.started_at:
                return
            state.slot += 1
            if state.slot == len(order):
                state.slot = 0
                state.turn += 1
                if state.turn > self.scenario.turns:
                    self._end_of_game(state, game)
                    return
            self._open_slot(state, game)
        self._finish(state, game, None, "no ruleset has anything left to do", RULE_TURN)

    def _ground_sides(self, state: MixedState) -> dict[str, int]:
        counts = dict.fromkeys(self.scenario.sides, 0)
        for presence in self.world.presences():
            counts[presence.side] += 1
        return counts

    def _standing(self, state: MixedState) -> set[str]:
        """MIX-10: the sides with a unit on the table, as far as the decision needs: once two
        stand the game goes on, so the parts left are not asked (this runs after every action
        of every part, and a part that shows both sides settles it)."""
        standing: set[str] = set()
        for name, part in state.parts.items():
            standing |= self.parts[name].standing_sides(part)
            if len(standing) > 1:
                break
        return standing

    def _decide(self, state: MixedState, game: Context) -> bool:
        """MIX-10: a side with nothing left on the table, in any ruleset, has lost."""
        if state.over:
            return True
        standing = self._standing(state)
        if len(standing) > 1:
            return False
        winner = next(iter(standing), None)
        self._finish(state, game, winner, f"{does(winner or 'nobody', 'be')} alone on the table",
                     RULE_OBJECTIVE)
        return True

    def _end_of_game(self, state: MixedState, game: Context) -> None:
        objective = self.scenario.objective
        if objective is None:
            self._finish(state, game, None, f"turn limit {self.scenario.turns}", RULE_TURN)
            return
        holders = self.holders(objective)
        if len(holders) == 1:
            holds = conjugate(holders[0], "hold")
            self._finish(state, game, holders[0], f"{holders[0]} alone {holds} {objective.name}",
                         RULE_OBJECTIVE)
        else:
            held = " and ".join(holders) if holders else "nobody"
            self._finish(state, game, None, f"{objective.name} held by {held}", RULE_OBJECTIVE)

    def holders(self, objective: HoldObjective) -> list[str]:
        """MIX-10: the sides with ground units (not aircraft, at altitude 0) in the area."""
        return sorted({p.side for p in self.world.presences()
                       if p.kind != AIRCRAFT and p.altitude == 0
                       and inside((p.x, p.y), objective.area)})

    def _finish(self, state: MixedState, game: Context, winner: str | None, reason: str,
                rule: str) -> None:
        state.over, state.winner, state.reason, state.rule = True, winner, reason, rule
        game.emit("end", winner=winner, reason=reason, rule=rule)

    def result(self, state: MixedState) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.rule,
                      {side: float(n) for side, n in self._ground_sides(state).items()})

    def turn_number(self, state: MixedState) -> int:
        return state.turn

    # -- what people see -------------------------------------------------------------------
    def units(self, state: MixedState) -> dict[str, str]:
        return {p.unit: p.side for p in self.world.presences()}

    def describe(self, view: MixedView) -> str:
        """The active ruleset's own picture, then every other unit on the table (MIX-3)."""
        others = [f"  {p.unit:14s} {p.ruleset:18s} {p.side:10s} {p.kind:14s} "
                  f"({p.x:.1f}, {p.y:.1f})" + (f" alt {p.altitude}" if p.altitude else "")
                  for p in self.world.presences(exclude=view.part)]
        lines = [f"[{view.part}]", self.parts[view.part].describe(view.view).rstrip()]
        if others:
            lines += ["Other rulesets on the table:", *others]
        return "\n".join(lines)

    def describe_action(self, view: MixedView, action: Action) -> str:
        """Actions are the active part's, seen from that part's view."""
        return self.parts[view.part].describe_action(view.view, action)

    def score_meaning(self, state: MixedState) -> ScoreMeaning:
        return ScoreMeaning("units on the table", RULE_OBJECTIVE)

    def forced(self, view: MixedView, legal: list[Action]) -> Action | None:
        return self.parts[view.part].forced(view.view, legal)

    def odds(self, view: MixedView, action: Action) -> str | None:
        return self.parts[view.part].odds(view.view, action)

    def parse_command(self, view: MixedView, text: str) -> Action | None:
        return self.parts[view.part].parse_command(view.view, text)

    def narrate(self, event: dict[str, Any]) -> str | None:
        """The game's log on a shared table: one turn header per slot (MIX-2), one verdict.

        Only the game's own turn headers and its end open with ``==``. A part's headers are
        its own counters and phases, so they are demoted to ``--`` lines naming the part: a
        part counts its next turn as soon as its slot ends (``-- aeronautica: Turn 2``) and
        plays it in the next game turn. A part's end is no game over (MIX-10 decides).
        """
        part = event.get("ruleset")
        if event["type"] == "mixed_turn":
            return (f"== turn {event['turn']}/{self.scenario.turns}: {event['part']} "
                    f"({event['rule']})")
        if event["type"] == "hit":
            fate = "destroyed" if event["destroyed"] else event["effect"]
            return (f"  {event['source']} {event['cause']} hits {event['unit']} "
                    f"({event['ruleset']}): {fate} ({event['rule']})")
        if event["type"] == "end" and part is None:
            return f"== game over: {verdict(event['winner'], event['reason'])} ({event['rule']})"
        if part not in self.parts:
            return None
        if event["type"] == "end":
            rules = ", ".join(event.get("rules") or [event["rule"]])
            return f"-- {part} part over: {event['reason']} ({rules})"
        line = self.parts[part].narrate(event)
        if line is not None and line.startswith(("==", "--")):
            return f"-- {part}: {line[2:].lstrip()}"
        return line

    def annotate(self, event: dict[str, Any]) -> Annotation | None:
        """Each part pictures its own events; a cross-ruleset ``hit`` repeats a shot, bomb or
        crush its source's part already drew, so it adds nothing."""
        part = event.get("ruleset")
        return self.parts[part].annotate(event) if part in self.parts else None

    def board(self, state: MixedState) -> Board:
        table = self.scenario.table
        hex_cm = self.scenario.hex_cm
        columns, rows = hex_map_size(table.width, table.height, hex_cm)
        board = Board(table.width, table.height, hex_cm=hex_cm, hex_columns=columns,
                      hex_rows=rows)
        flying = {p.unit for p in self.world.presences() if p.kind == AIRCRAFT}
        for name, rules in self.parts.items():
            part_board = rules.board(state.parts[name])
            if part_board is not None:
                board.pieces += part_board.pieces
                board.areas += [Area(f"{name}:{area.id}", area.points, area.kind)
                                for area in part_board.areas]
        board.pieces.sort(key=lambda piece: piece.id in flying)  # aircraft drawn on top
        if self.scenario.objective is not None:
            board.areas.append(Area("objective", list(self.scenario.objective.area), "zone"))
        name = self.scenario.order[state.slot]
        board.caption = (f"game over: {state.reason}" if state.over
                         else f"turn {state.turn}/{self.scenario.turns}: {name}")
        return board


def overlaps(presences: list[Presence]) -> list[tuple[str, str]]:
    """MIX-3: ground units of different rulesets may not start on top of one another.

    Within a ruleset its own set-up rules decide; across rulesets nothing else would.
    """
    ground = {p.unit: p for p in presences if p.kind != AIRCRAFT and p.altitude == 0}
    bases = [Base(p.unit, p.x, p.y, p.radius) for p in ground.values()]
    graph = contact_graph(bases, limit=-EPS)
    return [(f"parts.{ground[a].ruleset}", f"{a!r} overlaps {b!r} of {ground[b].ruleset}")
            for a, b in sorted(tuple(sorted(edge)) for edge in graph.edges)
            if ground[a].ruleset != ground[b].ruleset]


def inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Even-odd rule: is ``point`` inside ``polygon``?"""
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


@hookimpl
def polemos_rulesets() -> list[type[Ruleset[Any, Any]]]:
    return [Mixed]


@hookimpl
def polemos_rules() -> list[RuleText]:
    return load_rules("polemos.core", ruleset=Mixed.name)


@hookimpl
def polemos_scenarios() -> list[ScenarioRef]:
    return shipped_scenarios("polemos.scenarios", "mixed")


@hookimpl
def polemos_bot_policy(ruleset: str, kind: str, pm: Any) -> Any:
    return mixed_policy(kind, pm) if ruleset == Mixed.name else None


@hookimpl
def polemos_evaluate(ruleset: str, pm: Any) -> Any:
    return mixed_evaluation(pm) if ruleset == Mixed.name else None
