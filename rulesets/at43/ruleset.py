"""The AT-43 collision ruleset: the turn (AT-P1), victory (AT-P2, AT-P3) and action dispatch.

The collision rules (AT-1 … AT-42) come from ``../shared/rules/at43-collisions.md``. The source
has no turn or victory of its own (it builds on the core AT-43 rules), so Polemos adds, as
**Decisions** of this ruleset:

- **AT-P1** (turn) Each round, units activate one at a time, sides alternating
  (``core.turns.Alternation``); the scenario's ``first_side`` starts every round, else a D6
  roll-off does. In its activation each able AFV of the unit (not immobilised, not yet acted)
  declares a normal move or a rush (AT-7), then moves in a straight line or, after a rush, rams
  (AT-11). An infantry unit moves as a block or holds. There is no shooting or melee in this
  ruleset, so AT-7's and AT-13's bans are recorded on the vehicle (``rushed``, ``collided``).
- **AT-P2** (objective) The last side with a mobile AFV (neither wrecked nor immobilised) wins at
  once; if none is left, it is a draw.
- **AT-P3** (round limit) After ``max_rounds`` the side that destroyed the most enemy SP wins
  (a wreck counts all its SP; each enemy infantry model killed counts 1); equal scores draw.
- **AT-P4** (shared table) As one part of a mixed scenario (docs/mixing.md) the game is the
  mixed scenario's to decide (MIX-10): a side may field no AFV, and the part ends, with no
  winner, at its round limit (the game's last turn) or once none of its units can move.

On a shared table (``mixing``) AFVs and models are what other rulesets see and hit (MIX-3,
MIX-4), and AFVs crush other rulesets' infantry as they crush their own (MIX-8).

Actions (``unit`` is the acting vehicle, or the infantry unit):
``declare {mode: normal|rush}``, ``move {heading, distance}``, ``ram {target, offset}``,
``hold``, ``march {heading, distance}``; during a collision ``join {target, offset}``,
``strike``, ``allot {extra}``, ``split {extra}``, ``push``, ``no_push``, ``throw {target}``.
Headings are degrees clockwise from east on the table (y grows south); ``offset`` is the contact
point in degrees round the target from the direct line (AT-16); ``extra`` lists, comma-separated,
who gets the remainder of an even share (AT-33, AT-39).

At the terminal (``parse_command``, ``commands``): ``move [AFV] to X Y`` and ``move [AFV]
toward OTHER [stop CM]`` name a point in cm (x east, y south); it becomes the ``move``
{heading, distance} from the AFV's centre, checked like a menu move (AT-7). ``odds`` gives a
ram's or a join's exact damage points (AT-15, AT-17, AT-18; ``odds``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polemos.core.actions import Action
from polemos.core.annotations import Annotation
from polemos.core.dice import roll_off
from polemos.core.errors import IllegalAction
from polemos.core.ruleset import Result, Ruleset, ScoreMeaning
from polemos.core.table import Base, CircleObstacle, PolygonObstacle, Table
from polemos.core.turns import Alternation
from polemos.core.world import Hit, Outcome, Presence
from polemos.rulesets.at43 import (
    clone,
    collision,
    decisions,
    mixing,
    movement,
    objective,
    snapshot,
    text,
)
from polemos.rulesets.at43.actions import ACTIONS
from polemos.rulesets.at43.annotations import annotate
from polemos.rulesets.at43.commands import destination
from polemos.rulesets.at43.models import (
    At43Scenario,
    Book,
    InfantryProfile,
    TerrainModel,
    VehicleProfile,
    terrain_frame,
    terrain_obstacle,
)
from polemos.rulesets.at43.odds import ram_odds
from polemos.rulesets.at43.position import At43Position
from polemos.rulesets.at43.ram import RamPlan, plan_ram, ram_options
from polemos.rulesets.at43.state import (
    At43Params,
    At43State,
    Terrain,
    Trooper,
    UnitInfo,
    Vehicle,
)

if TYPE_CHECKING:
    from polemos.core.board import Board
    from polemos.core.context import Context

Problem = tuple[str, str] | None


class At43(Ruleset[At43State, At43Scenario]):
    name = "at43"
    title = "AT-43 vehicle collisions"
    version = "1.0.0"
    scenario_model = At43Scenario
    actions = ACTIONS
    turn_rule = "AT-P1"
    search_depth = 8
    """Measured (issue 14): the fitted evaluation reads a derby best a few activations on; at
    depth 24 the search bot beat greedy 55 % of the time, at 8 75 %, at 4 40 %."""

    def __init__(self, scenario: At43Scenario) -> None:
        super().__init__(scenario)
        self.params = At43Params()

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, game: Context) -> At43State:
        """The set-up, with the statuses and the position the scenario gives (``snapshot``):
        a position goes on from its round, with no roll-off for it (AT-P1)."""
        sc = self.scenario
        book = sc.book()
        vehicles: dict[str, Vehicle] = {}
        troopers: dict[str, Trooper] = {}
        units: dict[str, UnitInfo] = {}
        for u in sc.units:
            for v in u.vehicles:
                vehicles[v.id] = _vehicle(v.id, u.side, u.id, book[v.profile], v.at)
                snapshot.restore_vehicle(vehicles[v.id], v)
            for t in u.infantry:
                p = book[t.profile]
                assert isinstance(p, InfantryProfile)
                troopers[t.id] = Trooper(t.id, u.side, u.id, Base(t.id, *t.at, p.radius), p.move,
                                         t.support_weapon)
            members = [v.id for v in u.vehicles] + [t.id for t in u.infantry]
            units[u.id] = UnitInfo(u.id, u.side, members, bool(u.infantry))
        for w in sc.wrecks:
            wreck = _vehicle(w.id, "", "", book[w.profile], w.at)
            wreck.frame = wreck.propulsion = wreck.start_sp = 0
            wreck.weapons = [0] * len(wreck.weapons)
            wreck.wreck = True
            vehicles[w.id] = wreck
        terrain = {t.id: Terrain(t.id, _terrain_obstacle(t, book), terrain_frame(t, book))
                   for t in sc.terrain}
        state = At43State(Table(sc.table.width, sc.table.height), list(sc.sides), vehicles,
                          troopers, terrain, units, Alternation([], {}), sc.max_rounds)
        snapshot.restore(state, sc)
        if sc.position is None:
            self._start_round(state, game)
        else:
            state.turn = self._turn_at(state, sc.position)
            ended = sc.position.ended
            if ended is not None:
                state.over, state.winner = True, ended.winner
                state.reason, state.rule = ended.reason, ended.rule
        return state

    def _turn_at(self, state: At43State, pos: At43Position) -> Alternation:
        """AT-P1 part-way through a round: ``first`` began it, ``side`` activates next; the
        units yet to activate are the able ones not listed as activated."""
        first = pos.first or self.scenario.first_side
        assert first is not None  # the scenario model requires one (``position_problems``)
        order = [first] + [s for s in state.sides if s != first]
        remaining = {side: [u.id for u in state.units.values() if u.side == side
                            and u.id not in pos.activated
                            and (_able(state, u) or u.id == pos.active_unit)]
                     for side in order}
        return Alternation(order, remaining, order.index(pos.side or first))

    def export_position(self, state: At43State) -> dict[str, Any]:
        return snapshot.export(state, self.scenario)

    def sides(self, state: At43State) -> list[str]:
        return list(self.scenario.sides)

    def clone_state(self, state: At43State) -> At43State:
        return clone.clone_state(state)

    def turn_number(self, state: At43State) -> int:
        return state.round

    def where(self, state: At43State) -> str:
        """AT-43 has no phases: a round of alternating unit activations (AT-P1)."""
        unit = f", {state.active_unit} activating" if state.active_unit else ""
        return f"round {state.round}{unit}"

    def units(self, state: At43State) -> dict[str, str]:
        found = {v.id: v.side for v in state.vehicles.values() if v.side and not v.wreck}
        found.update({t.id: t.side for t in state.troopers.values() if t.alive})
        return found

    # -- whose decision --------------------------------------------------------------------
    def to_act(self, state: At43State) -> str | None:
        if state.over:
            return None
        if state.collision is not None:
            return state.collision.side
        if state.acting is not None:
            return state.vehicles[state.acting].side
        return state.turn.side()

    def legal_actions(self, state: At43State) -> list[Action]:
        if state.over:
            return []
        params = self.params
        c = state.collision
        if c is not None:
            return decisions.legal(state, params, c)
        if state.acting is not None:
            vehicle = state.vehicles[state.acting]
            actions = [Action("move", vehicle.id, {"heading": h, "distance": d})
                       for h, d in movement.move_options(state, params, vehicle)]
            if vehicle.mode == "rush":
                actions += [Action("ram", vehicle.id, {"target": t, "offset": o})
                            for t, o, _ in ram_options(state, params, vehicle)]
            return actions
        actions = []
        for unit_id in self._open_units(state):
            unit = state.units[unit_id]
            if unit.infantry:
                squad = _squad(state, unit)
                actions += [Action("march", unit.id, {"heading": h, "distance": d})
                            for h, d in movement.march_options(params, squad)]
                actions.append(Action("hold", unit.id))
                continue
            for m in _able(state, unit):
                actions += [Action("declare", m, {"mode": "normal"}),
                            Action("declare", m, {"mode": "rush"}), Action("hold", m)]
        return actions

    def _open_units(self, state: At43State) -> list[str]:
        """Units the side to act may activate now: the active one, else every eligible one."""
        if state.active_unit is not None:
            return [state.active_unit]
        return state.turn.eligible()

    # -- checking --------------------------------------------------------------------------
    def parse_action(self, state: At43State, data: Any) -> Action:
        """As the base, but an action may also name an infantry unit (``march``, ``hold``) or
        a scenery wreck (a walker's ``ram``, AT-12)."""
        return self.actions.parse(data, self.scenario.action_ids(), self.sides(state))

    def check(self, state: At43State, action: Action) -> None:
        problem = self._problem(state, action)
        if problem is not None:
            raise IllegalAction(*problem)

    def _problem(self, state: At43State, action: Action) -> Problem:
        kind = action.kind
        c = state.collision
        if kind in decisions.KINDS:
            if c is None:
                rule = "AT-21" if kind in ("push", "no_push") else "AT-P1"
                return rule, f"no collision is waiting for {kind!r}"
            return decisions.problem(state, self.params, c, action)
        if c is not None:
            return "AT-P1", f"the collision of {c.attackers[0].id} must be resolved first"
        if state.acting is not None:
            vehicle = state.vehicles[state.acting]
            if action.unit != vehicle.id or kind not in ("move", "ram"):
                return "AT-7", f"{vehicle.id} declared its {vehicle.mode} move: it moves or rams"
            if kind == "move":
                return movement.move_problem(self.params, vehicle, action["distance"])
            plan = plan_ram(state, self.params, vehicle, action["target"], action["offset"])
            return plan if not isinstance(plan, RamPlan) else None
        return self._activation_problem(state, action)

    def _activation_problem(self, state: At43State, action: Action) -> Problem:
        kind = action.kind
        unit_id = action.unit
        if unit_id in state.vehicles:
            unit_id = state.vehicles[unit_id].unit
        if unit_id not in state.units:
            return "AT-P1", f"no unit or vehicle {action.unit!r}"
        unit = state.units[unit_id]
        side = state.turn.side()
        if unit.side != side:
            return "AT-P1", f"{action.unit} is {unit.side}'s; {side} is to activate a unit"
        if unit_id not in self._open_units(state):
            return "AT-P1", (f"{unit_id} cannot activate now (activated already, or "
                             f"{state.active_unit} is activating)")
        if unit.infantry:
            if action.unit != unit.id or kind not in ("march", "hold"):
                return "AT-P1", f"infantry unit {unit.id} marches or holds, as a unit"
            if kind == "hold":
                return None
            return movement.march_problem(_squad(state, unit), action["distance"])
        vehicle = state.vehicles.get(action.unit or "")
        if vehicle is None or vehicle.wreck:
            return "AT-P1", f"{action.unit}: name the AFV that acts"
        if kind in ("move", "ram"):
            if kind == "ram":
                return "AT-11", f"{vehicle.id} must declare a rush before ramming"
            return "AT-7", f"{vehicle.id} must declare a normal move or a rush first"
        if kind not in ("declare", "hold"):
            return "AT-P1", f"{vehicle.id} is an AFV: it declares a move or holds (infantry march)"
        if vehicle.acted:
            return "AT-P1", f"{vehicle.id} has already acted this round"
        if not vehicle.mobile:
            return "AT-5", f"{vehicle.id} is immobilised: it cannot move or ram"
        return None

    # -- resolving -------------------------------------------------------------------------
    def apply(self, state: At43State, action: Action, game: Context) -> None:
        kind, args = action.kind, action.args
        params = self.params
        if kind in decisions.KINDS:
            decisions.apply(state, params, action, game)
            self._settle(state, game)
            return
        acting = action.unit
        assert acting is not None  # every activation action names who acts (``actions``)
        if kind == "declare":
            vehicle = state.vehicles[acting]
            vehicle.mode = args["mode"]
            vehicle.rushed = vehicle.mode == "rush"
            state.acting = vehicle.id
            state.active_unit = vehicle.unit
            game.emit("declare", unit=vehicle.id, mode=vehicle.mode, rule="AT-7")
        elif kind == "move":
            vehicle = state.vehicles[acting]
            movement.move_vehicle(state, params, vehicle, float(args["heading"]),
                                  float(args["distance"]), game)
            _done(state, vehicle)
        elif kind == "ram":
            vehicle = state.vehicles[acting]
            plan = plan_ram(state, params, vehicle, args["target"], args["offset"])
            assert isinstance(plan, RamPlan)
            collision.begin(state, params, vehicle, plan, game)
        elif kind == "march":
            unit = state.units[acting]
            state.active_unit = unit.id
            movement.march(state, _squad(state, unit), float(args["heading"]),
                           float(args["distance"]), game)
            state.turn.activated(unit.id)
            state.active_unit = None
        else:
            self._hold(state, acting, game)
        self._settle(state, game)

    def _hold(self, state: At43State, acting: str, game: Context) -> None:
        game.emit("hold", unit=acting, rule="AT-P1")
        if acting in state.units:
            state.turn.activated(acting)
            return
        vehicle = state.vehicles[acting]
        state.active_unit = vehicle.unit
        _done(state, vehicle)

    def _settle(self, state: At43State, game: Context) -> None:
        """After an action: end the unit's activation, the round, or the game (AT-P1 … P4)."""
        if state.collision is not None or state.acting is not None:
            return
        if objective.decide(state, game, self.scenario.shared_table):
            return
        active = state.active_unit
        if active is not None and not _able(state, state.units[active]):
            state.turn.activated(active)
            state.active_unit = None
        for unit in state.units.values():
            if unit.id != state.active_unit and not _able(state, unit):
                state.turn.withdraw(unit.id)
        if state.turn.side() is None:
            state.round += 1
            self._start_round(state, game)

    def _start_round(self, state: At43State, game: Context) -> None:
        """AT-P1: a new round; AT-P3 (AT-P4): or the end at the round limit."""
        if state.round > state.max_rounds:
            objective.round_limit(state, game, self.scenario.shared_table)
            return
        for vehicle in state.vehicles.values():
            vehicle.acted, vehicle.mode, vehicle.travelled = False, "", 0.0
            vehicle.rushed = vehicle.collided = False
        first = self.scenario.first_side
        if first is None and len(state.sides) == 1:
            first = state.sides[0]  # AT-P4: a part may field one side, which needs no roll-off
        if first is None:
            first, _ = roll_off(game.dice, state.sides, purpose="first activation",
                                rule="AT-P1")
        eligible = {side: [u.id for u in state.units.values() if u.side == side
                           and _able(state, u)] for side in state.sides}
        state.turn = Alternation.start(first, eligible)
        game.emit("round", round=state.round, first=first, rule="AT-P1")

    def result(self, state: At43State) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.rule, objective.scores(state))

    def score_meaning(self, state: At43State) -> ScoreMeaning:
        return ScoreMeaning("enemy SP destroyed + infantry killed", "AT-P3")

    # -- text ------------------------------------------------------------------------------
    def odds(self, view: At43State, action: Action) -> str | None:
        """A ram's or a join's exact damage points (AT-15, AT-17, AT-18, AT-34)."""
        return ram_odds(view, self.params, action)

    def parse_command(self, view: At43State, text: str) -> Action | None:
        """``move [AFV] to X Y`` / ``move [AFV] toward OTHER [stop CM]`` as an AT-7 ``move``
        (rulesets/at43/commands.py), parsed against the declaration like any outside action."""
        typed = destination(view, text)
        return None if typed is None else self.parse_action(view, {
            "kind": typed.kind, "unit": typed.unit, "args": typed.args})

    def describe(self, view: At43State) -> str:
        return text.describe(view)

    def describe_action(self, view: Any, action: Action) -> str:
        return text.describe_action(action)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return text.narrate(event)

    def annotate(self, event: dict[str, Any]) -> Annotation | None:
        return annotate(event)

    def board(self, state: At43State) -> Board:
        return text.board(state)

    # -- on a shared table (docs/mixing.md) --------------------------------------------------
    @classmethod
    def fit_part(cls, raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
                 turns: int) -> dict[str, Any]:
        """MIX-1: the part plays on the mixed table; MIX-2: one round per game turn, so its
        round limit is the game's; AT-P4: the mixed scenario decides the game."""
        return {**raw, "table": {"width": width_cm, "height": height_cm}, "max_rounds": turns,
                "shared_table": True}

    def presences(self, state: At43State) -> list[Presence]:
        return mixing.presences(state)

    def standing_sides(self, state: At43State) -> set[str]:
        """MIX-10: the sides of ``units``, which are the units ``presences`` shows."""
        return set(self.units(state).values())

    def suffer(self, state: At43State, unit: str, hit: Hit, game: Context) -> Outcome:
        """MIX-4, then what the loss changes here: a unit left with nothing able to act
        withdraws from the activations, and the part may end (AT-P1, AT-P4)."""
        outcome = mixing.take_hit(state, unit, hit, game)
        if state.over:
            return outcome
        if self.world.holds_turn(self.name):
            self._settle(state, game)
        else:  # the end may come at once; the round's bookkeeping waits for begin_slot
            objective.decide(state, game, self.scenario.shared_table)
        return outcome

    def begin_slot(self, state: At43State, game: Context) -> None:
        """MIX-2: what a hit outside our slot left waiting (withdrawals, the round's end)."""
        if not state.over:
            self._settle(state, game)


def _vehicle(vehicle_id: str, side: str, unit: str, profile: object, at: tuple[float, float]
             ) -> Vehicle:
    assert isinstance(profile, VehicleProfile)
    p = profile
    return Vehicle(vehicle_id, side, unit, p.name, p.armour, p.size, p.move, p.walker, p.frame,
                   p.propulsion, [1] * p.weapons, Base(vehicle_id, at[0], at[1], p.radius),
                   p.frame + p.propulsion + p.weapons)


def _terrain_obstacle(piece: TerrainModel, book: Book
                      ) -> CircleObstacle | PolygonObstacle:
    """A piece the scenario model has already checked (``At43Scenario._obstacles``)."""
    obstacle = terrain_obstacle(piece, book)
    assert not isinstance(obstacle, str), obstacle
    return obstacle


def _squad(state: At43State, unit: UnitInfo) -> list[Trooper]:
    return [state.troopers[m] for m in unit.members if state.troopers[m].alive]


def _able(state: At43State, unit: UnitInfo) -> list[str]:
    """Members that can still act this round: living infantry, mobile AFVs yet to act."""
    if unit.infantry:
        return [t.id for t in _squad(state, unit)]
    return [m for m in unit.members if state.vehicles[m].mobile and not state.vehicles[m].acted]


def _done(state: At43State, vehicle: Vehicle) -> None:
    vehicle.acted = True
    vehicle.mode = ""
    state.acting = None
