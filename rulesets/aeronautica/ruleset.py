"""The Aeronautica Imperialis ruleset: whose decision it is, what is legal, dispatch.

Decisions, one ``Action`` each (``unit`` is the model concerned):
- Choose Manoeuvres (AI-20): ``manoeuvre`` {number} — one hidden token per aircraft;
- Movement (AI-24): ``first`` {side} (initiative player), then per aircraft ``throttle``
  {speed}, ``facing`` {turn} when the template offers several, ``fly`` {hexes, turn} per
  manoeuvre hex, optionally ``drop`` {points} (AI-42), and ``altitude`` {change} or ``land``;
  a Landed aircraft ``take_off`` or ``stay`` (AI-41);
- Tailing Fire and Firing (AI-22 .. AI-25): ``jink`` {dir} (AI-54), ``fire`` {weapon, target}
  one weapon at a time, ``done`` to end the model's activation;
- End phase: ``tail`` {target} when an aircraft tails several enemies (AI-65).
Everything else (initiative, stall and spin tests, the tailing check) resolves by itself.

On a shared table (docs/mixing.md) a ``fire`` target may also be another ruleset's unit, named
``ruleset:unit`` (MIX-5, MIX-6); ``mixing`` holds the rest of the contract.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from polemos.core.actions import Action
from polemos.core.annotations import Annotation
from polemos.core.clone import shallow_copier
from polemos.core.errors import IllegalAction
from polemos.core.ruleset import Result, Ruleset, ScoreMeaning
from polemos.core.turns import SealedOrders
from polemos.core.world import Hit, Outcome, Presence
from polemos.rulesets.aeronautica import (
    altitude,
    clone,
    determinize,
    endphase,
    firing,
    mixing,
    movement,
    restore,
    sequence,
    text,
)
from polemos.rulesets.aeronautica.actions import ACTIONS, acting
from polemos.rulesets.aeronautica.annotations import annotate
from polemos.rulesets.aeronautica.models import AiScenario
from polemos.rulesets.aeronautica.odds import burst_odds
from polemos.rulesets.aeronautica.squadrons import build_setup
from polemos.rulesets.aeronautica.state import AIRCRAFT, TARGET, AiState, Exchange, Model, Volley

if TYPE_CHECKING:
    from polemos.core.board import Board
    from polemos.core.context import Context

Problem = tuple[str, str] | None
MOVE_KINDS = ("throttle", "take_off", "stay", "facing", "fly", "drop", "altitude", "land")
FIRE_KINDS = ("jink", "fire", "done")
PHASE_KINDS = {"choose": ("manoeuvre",), "first": ("first",), "movement": MOVE_KINDS,
               "tailing": FIRE_KINDS, "firing": FIRE_KINDS, "end": ("tail",)}
PHASE_RULE = {"choose": "AI-20", "first": "AI-24", "movement": "AI-24", "tailing": "AI-22",
              "firing": "AI-25", "end": "AI-65"}


_shallow_state = shallow_copier(AiState)


def _hides(orders: SealedOrders, side: str) -> bool:
    """Whether another side's sealed token is hidden from ``side`` (``SealedOrders.view``)."""
    for owner, given in orders.orders.items():
        if owner == side:
            continue
        if not orders.one_by_one:
            return not orders.revealed
        if any(key not in orders.shown for key in given):
            return True
    return False


class AeronauticaImperialis(Ruleset[AiState, AiScenario]):
    name = "aeronautica"
    title = "Aeronautica Imperialis"
    version = "1.0.0"
    scenario_model = AiScenario
    actions = ACTIONS
    turn_rule = "AI-19"
    search_opponent = "greedy"
    """Measured (issue 14, dogfight, budget 0.2, against greedy): branching on the enemy's
    moves, the search bot won 54 % of 96 games; following the greedy choice there, 65 % of 48:
    the enemy's tokens are guessed anyway (AI-20), so replies tried against them teach little."""

    def __init__(self, scenario: AiScenario) -> None:
        super().__init__(scenario)
        self.setup, self._models = build_setup(scenario)
        self.params = self.setup.params

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, game: Context) -> AiState:
        """The start of turn 1, or the scenario's ``position`` (no turn event: the game goes
        on from there, running only the automatic steps that wait at that point)."""
        models = {m.id: dataclasses.replace(m, ammo=dict(m.ammo)) for m in self._models}
        position = self.scenario.position
        if position is None:
            state = AiState(0, "choose", models,
                            SealedOrders(list(self.setup.sides), one_by_one=True))
        else:
            state = restore.state_at(self.setup, models, position)
        for side in self.setup.sides:
            state.start_points[side] = sum(self.setup.specs[m.id].cost for m in models.values()
                                           if m.side == side and m.kind != TARGET)
        state.start_flying = [side for side in self.setup.sides if any(
            m.side == side and m.kind == AIRCRAFT for m in models.values())]
        if position is None:
            sequence.begin_turn(self.setup, state, game)
        sequence.advance(self.setup, state, game)
        return state

    def export_position(self, state: AiState) -> dict[str, Any]:
        return restore.export(self.setup, self.scenario, state)

    @classmethod
    def fit_part(cls, raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
                 turns: int) -> dict[str, Any]:
        return mixing.fit_part(raw, width_cm, height_cm, hex_cm, turns)

    def sides(self, state: AiState) -> list[str]:
        return list(self.setup.sides)

    def clone_state(self, state: AiState) -> AiState:
        return clone.clone_state(state)

    def turn_number(self, state: AiState) -> int:
        """MIX-2: a mixed game hands over when Aeronautica's turn number grows (AI-19)."""
        return state.turn

    def where(self, state: AiState) -> str:
        return f"turn {state.turn}, {state.phase} phase"

    def units(self, state: AiState) -> dict[str, str]:
        return {m.id: m.side for m in state.models.values() if m.in_play}

    # -- whose decision --------------------------------------------------------------------
    def to_act(self, state: AiState) -> str | None:
        phase = state.phase
        if state.over:
            return None
        if phase == "choose":
            return state.orders.pending()
        if phase == "first":
            return state.initiative
        if phase == "end":
            return state.models[next(iter(state.tail_options))].side
        busy = state.flight.unit if state.flight else state.volley.unit if state.volley else None
        if busy is not None:
            return state.models[busy].side
        assert state.alternation is not None
        return state.alternation.side()

    def legal_actions(self, state: AiState) -> list[Action]:
        side = self.to_act(state)
        if side is None:
            return []
        phase = state.phase
        if phase == "choose":
            return [Action("manoeuvre", unit, {"number": n})
                    for unit in sequence.choosers(state, side) if unit not in state.draft
                    for n in sorted(self.setup.templates) if n <= self.setup.specs[unit].ace]
        if phase == "first":
            return [Action("first", None, {"side": s}) for s in self.setup.sides]
        if phase == "end":
            unit = next(iter(state.tail_options))
            return [Action("tail", unit, {"target": t}) for t in state.tail_options[unit]]
        if phase == "movement":
            return self._move_actions(state)
        return self._fire_actions(state)

    def _move_actions(self, state: AiState) -> list[Action]:
        flight = state.flight
        if flight is None:
            assert state.alternation is not None
            actions = []
            for unit in state.alternation.eligible():
                model = state.models[unit]
                if model.landed:
                    actions += [Action("take_off", unit), Action("stay", unit)]
                    continue
                low, high = movement.speed_range(self.setup.specs[unit], model.speed)
                actions += [Action("throttle", unit, {"speed": s}) for s in range(low, high + 1)]
            return actions
        unit, model = flight.unit, state.models[flight.unit]
        template = self.setup.templates[flight.number]
        if flight.stage == "facing":
            return [Action("facing", unit, {"turn": k}) for k in template.initial]
        if flight.stage == "fly":
            return [Action("fly", unit, {"hexes": n, "turn": k})
                    for n, k in movement.fly_options(template, flight)]
        spec = self.setup.specs[unit]
        actions = [Action("drop", unit, {"points": p}) for p in range(1, model.troops + 1)
                   if altitude.drop_problem(self.setup, model, flight, p) is None]
        if altitude.landing_problem(self.setup, spec, model, flight) is None:
            actions.append(Action("land", unit))
        return actions + [Action("altitude", unit, {"change": c})
                          for c in altitude.changes(model, flight)]

    def _fire_actions(self, state: AiState) -> list[Action]:
        if state.volley is not None:
            units = [state.volley.unit]
        else:
            assert state.alternation is not None
            units = state.alternation.eligible()
        strangers = mixing.strangers(self.world)
        actions = []
        for unit in units:
            volley = self._volley(state, unit)
            actions += [Action("jink", unit, {"dir": d}) for d in range(6)
                        if firing.jink_problem(self.setup, state, volley, d) is None]
            actions += [Action("fire", unit, {"weapon": w, "target": t})
                        for w, t in firing.shots(self.setup, state, volley, strangers)]
            actions.append(Action("done", unit))
        return actions

    def _volley(self, state: AiState, unit: str) -> Volley:
        """The volley under way, or the one ``unit`` would start (AI-22, AI-25, AI-54)."""
        if state.volley is not None:
            return state.volley
        model = state.models[unit]
        if state.phase == "tailing":
            return Volley(unit, "tail", only=model.tailing)
        return Volley(unit, "fire", jink=self.setup.specs[unit].jink)

    # -- checking --------------------------------------------------------------------------
    def parse_action(self, state: AiState, data: Any) -> Action:
        """A ``fire`` target may also be another ruleset's unit within reach (MIX-5, MIX-6)."""
        units = [*self.scenario.unit_sides(), *mixing.strangers(self.world)]
        return self.actions.parse(data, units, self.sides(state))

    def check(self, state: AiState, action: Action) -> None:
        problem = self._problem(state, action)
        if problem is not None:
            raise IllegalAction(*problem)

    def _problem(self, state: AiState, action: Action) -> Problem:
        side = self.to_act(state)
        if side is None:
            return "AI-19", "the game is over"
        phase = state.phase
        if action.kind not in PHASE_KINDS[phase]:
            allowed = ", ".join(PHASE_KINDS[phase])
            return PHASE_RULE[phase], f"now is the {phase} phase: {allowed}"
        if phase == "first":
            return None
        model = state.models.get(action.unit) if isinstance(action.unit, str) else None
        if model is None or not model.in_play:
            return PHASE_RULE[phase], f"no model {action.unit!r} in play"
        if model.side != side:
            return "AI-19", f"{model.id} is {model.side}'s; {side} is to act"
        if phase == "choose":
            return self._choose_problem(state, model, action["number"])
        if phase == "end":
            if action["target"] not in state.tail_options.get(model.id, []):
                return "AI-65", f"{model.id} tails none of {action['target']!r}"
            return None
        if phase == "movement":
            return self._move_problem(state, model, action)
        return self._fire_problem(state, model, action)

    def _choose_problem(self, state: AiState, model: Model, number: int) -> Problem:
        if model.id not in sequence.choosers(state, model.side):
            return "AI-20", f"{model.id} takes no token (Spinning, Landed or not an aircraft)"
        if model.id in state.draft:
            return "AI-20", f"{model.id} already has its manoeuvre token"
        if number not in self.setup.templates:
            return "AI-36", f"no manoeuvre {number!r}; the templates are " \
                            f"{sorted(self.setup.templates)}"
        ace = self.setup.specs[model.id].ace
        if number > ace:
            return "AI-13", f"{model.id}'s Ace Manoeuvres are 1-{ace}, not {number}"
        return None

    def _move_problem(self, state: AiState, model: Model, action: Action) -> Problem:
        kind, args, flight = action.kind, action.args, state.flight
        spec = self.setup.specs[model.id]
        if flight is None:
            assert state.alternation is not None
            if model.id not in state.alternation.eligible():
                return "AI-24", f"{model.id} does not move now (moved, Spinning or not yours)"
            if kind in ("take_off", "stay"):
                return None if model.landed else ("AI-41", f"{model.id} is not Landed")
            if kind != "throttle":
                return "AI-27", "a move starts with the Throttle"
            if model.landed:
                return "AI-41", f"{model.id} is Landed: it takes off or stays"
            return movement.throttle_problem(spec, model, args["speed"])
        if model.id != flight.unit:
            return "AI-24", f"{flight.unit} is moving; one aircraft at a time"
        template = self.setup.templates[flight.number]
        expected = {"facing": ("facing",), "fly": ("fly",),
                    "altitude": ("altitude", "land", "drop")}[flight.stage]
        if kind not in expected:
            return "AI-27", f"{model.id}'s move is at its {flight.stage} step"
        if kind == "facing":
            if args["turn"] not in template.initial:
                return movement.template_rule(flight.number), (
                    f"manoeuvre {flight.number} starts by turning {list(template.initial)}")
            return None
        if kind == "fly":
            return movement.fly_problem(template, flight.number, flight, args["hexes"],
                                        args["turn"])
        if kind == "drop":
            return altitude.drop_problem(self.setup, model, flight, args["points"])
        if kind == "land":
            return altitude.landing_problem(self.setup, spec, model, flight)
        return altitude.change_problem(model, flight, args["change"])

    def _fire_problem(self, state: AiState, model: Model, action: Action) -> Problem:
        rule = PHASE_RULE[state.phase]
        if state.volley is not None:
            if model.id != state.volley.unit:
                return rule, f"{state.volley.unit} is firing; one model at a time"
        else:
            assert state.alternation is not None
            if model.id not in state.alternation.eligible():
                return rule, f"{model.id} does not fire now (fired, Spinning or not eligible)"
        volley = self._volley(state, model.id)
        if action.kind == "fire":
            return firing.shot_problem(self.setup, state, volley, action["weapon"],
                                       action["target"], mixing.strangers(self.world))
        if action.kind == "jink":
            return firing.jink_problem(self.setup, state, volley, action["dir"])
        return None

    # -- resolving -------------------------------------------------------------------------
    def apply(self, state: AiState, action: Action, game: Context) -> None:
        setup, kind = self.setup, action.kind
        if kind == "first":
            game.emit("first", side=action["side"], by=state.initiative, rule="AI-24")
            sequence.start_movement(setup, state, action["side"], game)
        elif kind == "manoeuvre":
            state.draft[acting(action)] = action["number"]
        elif kind == "tail":
            endphase.mark(state, state.models[acting(action)], action["target"], game)
        elif kind in MOVE_KINDS:
            self._apply_move(state, state.models[acting(action)], action, game)
        else:
            self._apply_fire(state, state.models[acting(action)], action, game)
        sequence.advance(setup, state, game)

    def _apply_move(self, state: AiState, model: Model, action: Action, game: Context) -> None:
        setup, kind = self.setup, action.kind
        if kind == "throttle":
            number = state.orders.orders[model.side][model.id]
            state.orders.reveal(model.id)
            template = setup.templates[number]
            game.emit("reveal", unit=model.id, manoeuvre=number, name=template.name,
                      rules=["AI-20", movement.template_rule(number)])
            movement.start(setup, state, model, number, action["speed"], game)
        elif kind == "take_off":
            model.landed = False
            movement.start(setup, state, model, movement.TAKE_OFF_TEMPLATE,
                           setup.specs[model.id].min_speed, game, takeoff=True)
        elif kind == "stay":
            game.emit("stay", unit=model.id, rule="AI-41")
            sequence.end_activation(state, model.id)
            return
        elif kind == "facing":
            movement.point_nose(state, model, action["turn"], game)
        elif kind == "fly":
            movement.fly(setup, state, model, action["hexes"], action["turn"], game)
        elif kind == "drop":
            altitude.drop(setup, state, model, action["points"], game)
            return
        elif kind == "land":
            altitude.land(setup, state, model, game)
        else:
            altitude.adjust(setup, state, model, action["change"], game)
        if state.flight is None or kind in ("land", "altitude"):
            sequence.end_activation(state, model.id)

    def _apply_fire(self, state: AiState, model: Model, action: Action, game: Context) -> None:
        setup = self.setup
        if state.volley is None:
            state.volley = self._volley(state, model.id)
            if state.volley.mode == "tail":
                assert model.tailing is not None  # a Tailing Fire volley has its quarry
                state.exchange = Exchange(model.id, model.tailing)
        volley = state.volley
        if action.kind == "jink":
            firing.jink(state, volley, action["dir"], game)
            return
        if action.kind == "fire":
            if volley.mode == "return":
                model.gunner_used = True
            firing.fire(setup, state, volley, action["weapon"], action["target"], game,
                        mixing.strangers(self.world))
            if firing.shots(setup, state, volley, mixing.strangers(self.world)):
                return
        self._close_volley(state, game)

    def _close_volley(self, state: AiState, game: Context) -> None:
        """End a model's fire; a Tailing volley may draw the tail gunner's reply (AI-53)."""
        volley, exchange = state.volley, state.exchange
        assert volley is not None
        if exchange is None:
            sequence.end_activation(state, volley.unit)
            return
        if volley.mode == "tail" and volley.fired:
            quarry = state.models[exchange.target]
            reply = Volley(quarry.id, "return", only=exchange.tailer)
            if not quarry.gunner_used and firing.shots(self.setup, state, reply):
                state.volley = reply
                game.emit("return_fire", unit=quarry.id, target=exchange.tailer, rule="AI-53")
                return
        firing.settle_exchange(self.setup, state, exchange, game)
        sequence.end_activation(state, exchange.tailer)

    def result(self, state: AiState) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.rule,
                      {side: float(vp) for side, vp in state.scores.items()})

    # -- hidden information and text -------------------------------------------------------
    def view(self, state: AiState, side: str) -> AiState:
        """AI-20: the opponent's tokens stay hidden until their aircraft moves.

        A shallow copy, asked for at every decision: the models and the rest are the state's
        own (a view is read, never changed), and so are the sealed tokens when none is hidden
        from ``side``; only what differs is the view's own — the tokens it may see, the draft,
        whose eyes."""
        orders = state.orders
        seen = _shallow_state(state)
        seen.orders = orders.view(side) if _hides(orders, side) else orders
        seen.draft = dict(state.draft) if orders.pending() == side else {}
        seen.viewer = side
        return seen

    def determinize(self, state: AiState, side: str, rng: random.Random) -> None:
        """AI-20: the enemy's face-down tokens guessed for a search bot's fork."""
        determinize.guess_orders(self, state, side, rng)

    def secret(self, state: AiState, action: Action) -> bool:
        """AI-20: a manoeuvre token is placed face down; its "reveal" event, when its aircraft
        moves, is public. The "orders" event only counts a side's tokens: public too."""
        return action.kind == "manoeuvre"

    def odds(self, view: AiState, action: Action) -> str | None:
        """A burst's exact chances (AI-47, AI-48, AI-50, AI-51); hexes and manoeuvres are
        chosen from the menu, so no typed command (``parse_command``) is needed here."""
        return burst_odds(self.setup, view, action, mixing.strangers(self.world))

    def score_meaning(self, state: AiState) -> ScoreMeaning:
        """AI-70: victory points decide, equal points draw, whatever ended the game."""
        return ScoreMeaning("victory points", "AI-70", decides=True)

    def describe(self, view: AiState) -> str:
        others = text.foreign_lines(mixing.reachable(self.world), self.world)
        return text.describe(self.setup, view) + others

    def describe_action(self, view: Any, action: Action) -> str:
        return text.describe_action(self.setup, action)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return text.narrate(event)

    def annotate(self, event: dict[str, Any]) -> Annotation | None:
        return annotate(event, self.scenario.map.hex_cm)

    # -- a shared table (docs/mixing.md) ----------------------------------------------------
    def presences(self, state: AiState) -> list[Presence]:
        return mixing.presences(state, self.scenario.map.hex_cm)

    def standing_sides(self, state: AiState) -> set[str]:
        """MIX-10: the sides of ``units``, which are the units ``presences`` shows."""
        return set(self.units(state).values())

    def suffer(self, state: AiState, unit: str, hit: Hit, game: Context) -> Outcome:
        return mixing.suffer(self.setup, state, unit, hit, game)

    def begin_slot(self, state: AiState, game: Context) -> None:
        """MIX-2: the end checks and automatic steps a hit outside our slot left waiting."""
        sequence.settle(self.setup, state, game)

    def board(self, state: AiState) -> Board:
        return text.board(self.setup, state, self.scenario.map.hex_cm)
