"""The Petit Cirque Volant ruleset: turn structure (PCV-3, PCV-4) and action dispatch.

The actions are declared in ``actions.py``. The first ``step`` or ``loop`` of an aircraft
starts its move, which must then be finished (PCV-5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polemos.core.actions import Action
from polemos.core.annotations import Annotation
from polemos.core.board import Board, hex_map_size
from polemos.core.dice import roll_off
from polemos.core.errors import IllegalAction
from polemos.core.hexgrid import FACING_NAMES, axial_to_offset
from polemos.core.ruleset import Result, Ruleset, ScoreMeaning
from polemos.core.turns import SideByTurn
from polemos.core.wording import conjugate, possessive
from polemos.core.world import Hit, Outcome, Presence
from polemos.rulesets.petit_cirque import abilities, clone, events, fire, mixing, movement, text
from polemos.rulesets.petit_cirque.actions import ACTIONS
from polemos.rulesets.petit_cirque.annotations import annotate
from polemos.rulesets.petit_cirque.menu import PlaneMenus, plane_menus
from polemos.rulesets.petit_cirque.models import PcvScenario
from polemos.rulesets.petit_cirque.odds import shot_odds
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from polemos.core.context import Context

class PetitCirqueVolant(Ruleset[PcvState, PcvScenario]):
    name = "petit_cirque"
    title = "Le Petit Cirque Volant"
    version = "1.0.0"
    scenario_model = PcvScenario
    actions = ACTIONS
    turn_rule = "PCV-4"

    def __init__(self, scenario: PcvScenario) -> None:
        super().__init__(scenario)
        self.params = PcvParams()
        self._side_units = scenario.side_units
        """``PcvScenario.side_units``, read from the scenario once per game."""
        self._menus: dict[str, PlaneMenus] = {}
        """Each aircraft's menus (``plane_menus``), by id, made at its first decision: its
        role's limits are read once, as the house rules set them before play
        (``polemos_configure_game``). A fork shares them, as it shares ``params``."""

    def add_ability(self, ability: abilities.Ability, state: PcvState) -> None:
        """Switch a club's ability on for this game (PCV-O5, PCV-O6): its action kinds join
        this game's declaration and its units the state (``abilities``)."""
        self.params.abilities.append(ability)
        self.actions = self.actions.extended(*ability.kinds)
        ability.start(state)

    def clone_state(self, state: PcvState) -> PcvState:
        return clone.clone_state(state, self.params.abilities)

    def parse_action(self, state: PcvState, data: Any) -> Action:
        """As every ruleset, with the units abilities add (ground elements) known by id."""
        units = {**self.scenario.unit_sides(), **abilities.unit_sides(self.params)}
        return self.actions.parse(data, units, self.sides(state))

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, game: Context) -> PcvState:
        """The aircraft as set up, and the turn: PCV-4's roll-off, or the scenario's position."""
        sc = self.scenario
        seating = sc.sides  # read once: a pydantic model (it has __getattr__) is slow to read
        planes = {start[0]: Plane(*start) for start in sc.starts}
        first = sc.first_side
        if first is None:
            first, totals = roll_off(game.dice, seating, purpose="first player", rule="PCV-4")
        sides = seating[seating.index(first):] + seating[:seating.index(first)]
        state = PcvState(sc.cloth, planes, SideByTurn(sides), sc.max_rounds, sc.hold_out)
        at = sc.position
        if at is None:
            game.log(events.turn, first, 1)
            return state
        state.turn.index, state.turn.round = sides.index(at.side), at.round
        state.phase, state.done, state.moving = at.phase, list(at.done), at.moving
        state.mp_left, state.choosing_speed = at.mp_left, at.choosing_speed
        if at.ended is not None:
            state.over, state.winner = True, at.ended.winner
            state.reason, state.rule = at.ended.reason, at.ended.rule
        return state

    def export_position(self, state: PcvState) -> dict[str, Any]:
        """Aircraft still in play with their hex, facing, altitude, speed and damage, and the
        turn (positions as data); aircraft out of play are left out."""
        aircraft = []
        for plane in state.planes.values():
            if not plane.in_play:
                continue
            col, row = axial_to_offset(plane.hex)
            entry: dict[str, Any] = {"id": plane.id, "side": plane.side, "hex": [col, row],
                                     "facing": FACING_NAMES[plane.facing],
                                     "altitude": plane.altitude, "speed": plane.speed,
                                     "role": plane.role}
            if plane.damage:
                entry["damage"] = plane.damage
            aircraft.append(entry)
        turn = state.turn
        done = [unit for unit in state.done if state.planes[unit].in_play]
        position: dict[str, Any] = {"round": turn.round, "side": turn.side, "phase": state.phase,
                                    "done": done}
        if state.moving is not None:
            position.update(moving=state.moving, mp_left=state.mp_left,
                            choosing_speed=state.choosing_speed)
        if state.over:
            position["ended"] = {"winner": state.winner, "reason": state.reason,
                                 "rule": state.rule}
        return {"aircraft": aircraft, "first_side": turn.sides[0], "position": position,
                **abilities.exported_options(self.params, state, self.scenario.options)}

    def where(self, state: PcvState) -> str:
        return f"round {state.turn.round}, {possessive(state.turn.side)} {state.phase} phase"

    def sides(self, state: PcvState) -> list[str]:
        return list(self.scenario.sides)

    def units(self, state: PcvState) -> dict[str, str]:
        planes = {p.id: p.side for p in state.planes.values() if p.in_play}
        return {**planes, **abilities.units(state, self.params)}

    # -- whose decision --------------------------------------------------------------------
    def to_act(self, state: PcvState) -> str | None:
        turn = state.turn  # asked twice per action: SideByTurn.side, inlined
        return None if state.over else turn.sides[turn.index]

    def _pending(self, state: PcvState) -> list[Plane]:
        """The aircraft of the side to act yet to move or fire this phase, in the planes'
        order (the side's own alone are looked at: ``side_units``)."""
        turn, done, planes = state.turn, state.done, state.planes
        pending = []
        for unit in self._side_units[turn.sides[turn.index]]:  # a loop: a comprehension
            p = planes[unit]  # makes a function and its closure at every call (Python 3.11)
            if p.in_play and unit not in done:
                pending.append(p)
        return pending

    def _any_pending(self, state: PcvState) -> bool:
        """Whether ``_pending`` has anyone, without listing them (asked after most actions;
        a plain loop, as ``any`` over a generator costs more)."""
        turn, done, planes = state.turn, state.done, state.planes
        for unit in self._side_units[turn.sides[turn.index]]:  # noqa: SIM110
            if planes[unit].in_play and unit not in done:
                return True
        return False

    def legal_actions(self, state: PcvState) -> list[Action]:
        """The menus are shared (``menu.PlaneMenus``): each list returned is a new one."""
        if state.over:
            return []
        params = self.params
        moving = state.moving
        if moving is not None:  # mid-move, the commonest decision (only ever in a move phase)
            p = state.planes[moving]
            menus = self._menus.get(moving) or self._plane_menus(p)
            if state.choosing_speed:
                actions = menus.speeds[p.speed][:]
            else:
                actions = menus.moves[state.mp_left][p.altitude][:]
        elif state.phase == "fire":
            actions = []
            side = state.turn.sides[state.turn.index]  # every firer's: the same enemies (PCV-18)
            enemies = []  # loops, not comprehensions (``_pending``)
            for t in state.planes.values():
                if t.in_play and t.side != side:
                    enemies.append(t)
            for p in self._pending(state):
                menus = self._menus.get(p.id) or self._plane_menus(p)
                mine = menus.actions
                for t in fire.targets(menus.lines[p.facing], p, enemies):
                    actions.append(mine.fire(t.id))
                actions.append(mine.hold)
        else:
            actions = []
            for p in self._pending(state):
                actions += (self._menus.get(p.id) or self._plane_menus(p)).moves[p.speed][
                    p.altitude]
        if params.abilities:
            return abilities.extra_actions(state, params, self._movers(state), actions)
        return actions

    def _plane_menus(self, plane: Plane) -> PlaneMenus:
        """``plane``'s menus in this game, made at its first decision (``_menus``)."""
        menus = self._menus[plane.id] = plane_menus(plane, self.params)
        return menus

    def _movers(self, state: PcvState) -> list[Plane]:
        """The aircraft that may act now: the one moving, none while it sets its speed
        (PCV-10), else every aircraft of the side yet to move or fire."""
        if state.phase == "move" and state.moving is not None:
            return [] if state.choosing_speed else [state.planes[state.moving]]
        return self._pending(state)

    # -- checking --------------------------------------------------------------------------
    def check(self, state: PcvState, action: Action) -> None:
        problem = self._problem(state, action)
        if problem is not None:
            raise IllegalAction(*problem)

    def _problem(self, state: PcvState, action: Action) -> tuple[str, str] | None:
        plane = state.planes.get(action.unit) if action.unit else None
        if plane is None or not plane.in_play:
            return "PCV-4", f"no aircraft {action.unit!r} in play"
        if plane.side != state.turn.side:
            return "PCV-4", f"{plane.id} is {plane.side}'s; it is {state.turn.side}'s turn"
        kind, args = action.kind, action.args
        ability = abilities.owner(self.params, kind)
        if kind in ("fire", "hold") or (ability is not None and ability.phases[kind] == "fire"):
            if state.phase != "fire":
                return "PCV-4", "fire comes after all the side's aircraft have moved"
            if plane.id in state.done:
                return "PCV-14", f"{plane.id} has already fired or held this turn"
            if ability is not None:
                return ability.problem(state, self.params, plane, action)
            problem = fire.fire_problem(state, self.params, plane, args["target"]) \
                if kind == "fire" else None
        else:
            problem = self._move_problem(state, plane, action, ability)
        if problem is not None or ability is not None:
            return problem
        return abilities.vetoed(state, self.params, plane, action)

    def _move_problem(self, state: PcvState, plane: Plane, action: Action,
                      ability: abilities.Ability | None) -> tuple[str, str] | None:
        kind, args = action.kind, action.args
        if state.phase != "move":
            return "PCV-4", "the side's aircraft have all moved; now it fires"
        if state.moving not in (None, plane.id):
            return "PCV-5", f"{state.moving} must spend all its MP first"
        if plane.id in state.done:
            return "PCV-4", f"{plane.id} has already moved this turn"
        if kind == "speed":
            if not state.choosing_speed:
                return "PCV-5", f"{plane.id} must spend all its MP before changing speed"
            return movement.speed_problem(self.params, plane, args["change"])
        if state.choosing_speed:
            return "PCV-10", f"{plane.id} has spent its MP; choose its speed"
        if ability is not None:
            return ability.problem(state, self.params, plane, action)
        mp = state.mp_left if state.moving else plane.speed
        if kind == "loop":
            return movement.loop_problem(self.params, plane, mp, args["alt"])
        return movement.step_problem(self.params, plane, mp, args["alt"])

    # -- resolving -------------------------------------------------------------------------
    def apply(self, state: PcvState, action: Action, game: Context) -> None:
        unit = action.unit  # ``actor``, without the property's call
        assert unit is not None, "every kind of action names its aircraft (checked)"
        plane = state.planes[unit]
        kind, args = action.kind, action.args
        if self.params.abilities:
            ability = abilities.owner(self.params, kind)
            if ability is not None:
                ability.apply(state, self.params, plane, action, game)
                self._advance(state, game)
                return
        # Only an aircraft leaving play can decide the game (PCV-3), and only the one that
        # moved, fell or was fired at (``plane`` below) can have left: a hold or a step that
        # lost nothing asks no one.
        if kind == "step" or kind == "loop":
            if state.moving is None:
                state.moving, state.mp_left = plane.id, plane.speed
            if kind == "step":
                movement.do_step(state, plane, args["dir"], args["alt"], game)
            else:
                movement.do_loop(state, plane, args["alt"], game)
            if plane.in_play and state.moving:
                return  # the move goes on (PCV-5): nothing was lost, nothing ends
        elif kind == "speed":
            movement.set_speed(state, plane, args["change"], game)
        elif kind == "fire":
            target = state.planes[args["target"]]
            fire.resolve_fire(state, self.params, plane, target, game)
            state.done.append(plane.id)
            plane = target
        else:
            game.log(events.hold, plane.id)
            state.done.append(plane.id)
        self._advance(state, game, decide=not plane.in_play or bool(self.params.abilities))

    def _advance(self, state: PcvState, game: Context, decide: bool = True) -> None:
        """End the phase or the turn when the side has no aircraft left to act (PCV-3, PCV-4);
        ``decide``: an aircraft may have left play since PCV-3 was last asked."""
        if (decide and self._decide(state, game)) or state.moving or self._any_pending(state):
            return
        state.done = []
        turn = state.turn  # its side read as in ``to_act``, without the property's call
        if state.phase == "move":
            state.phase = "fire"
            game.log(events.fire_phase, turn.sides[turn.index])
            if self.params.abilities:  # ground fire may end the game before any aircraft fires
                abilities.fire_step(state, self.params, game)
                if self._decide(state, game):
                    return
            if self._any_pending(state):
                return
        state.phase = "move"
        new_round = turn.hand_over()
        if new_round and turn.round > state.max_rounds:
            self._round_limit(state, game)
            return
        game.log(events.turn, turn.sides[turn.index], turn.round)
        if not self._any_pending(state):
            self._advance(state, game)

    def _flying(self, state: PcvState) -> dict[str, int]:
        counts = dict.fromkeys(self.scenario.sides, 0)
        for p in state.planes.values():
            if p.in_play:
                counts[p.side] += 1
        return counts

    def _decide(self, state: PcvState, game: Context) -> bool:
        """PCV-3: a side that has cleared the table of enemy aircraft wins.

        Decision (MIX-10): on a shared table the mixed scenario decides; the part goes on while
        anything flies, so the other side's aircraft are not frozen in the air.
        """
        winner: str | None = None  # the one side still flying, if only one is
        for p in state.planes.values():
            if p.in_play:
                if winner is None:
                    winner = p.side
                elif p.side != winner:
                    return False  # asked after every action: stop at the first enemy seen
        if winner is not None and self.scenario.shared_table:
            return False
        reason = f"{winner} cleared the table of enemy aircraft" if winner else \
            "no aircraft left in the air"
        self._finish(state, game, winner, reason, "PCV-3")
        return True

    def _round_limit(self, state: PcvState, game: Context) -> None:
        """PCV-4 round limit; PCV-3 objective ``hold_out``. Decision: otherwise a draw."""
        if state.hold_out is not None and self._flying(state)[state.hold_out]:
            self._finish(state, game, state.hold_out,
                         f"{state.hold_out} still {conjugate(state.hold_out, 'fly')} after round "
                         f"{state.max_rounds}", "PCV-3")
        else:
            self._finish(state, game, None, f"round limit {state.max_rounds} reached", "PCV-4")

    def _finish(self, state: PcvState, game: Context, winner: str | None, reason: str,
                rule: str) -> None:
        state.over, state.winner, state.reason, state.rule = True, winner, reason, rule
        game.emit("end", winner=winner, reason=reason, rule=rule, flying=self._flying(state))

    def result(self, state: PcvState) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.rule,
                      {side: float(n) for side, n in self._flying(state).items()})

    def score_meaning(self, state: PcvState) -> ScoreMeaning:
        return ScoreMeaning("aircraft in play", "PCV-3")

    # -- text ------------------------------------------------------------------------------
    def odds(self, view: PcvState, action: Action) -> str | None:
        """A shot's exact chances (PCV-15 … PCV-17); hexes are chosen from the menu, so no
        typed command (``parse_command``) is needed here."""
        return shot_odds(view, self.params, action)

    def describe(self, view: PcvState) -> str:
        return "\n".join([text.describe(view), *abilities.lines(view, self.params)])

    def describe_action(self, view: Any, action: Action) -> str:
        return abilities.describe_action(self.params, action) or text.describe_action(action)

    def forced(self, view: Any, legal: list[Action]) -> Action | None:
        """PCV-14: when no aircraft has a target, each holds its fire, in any order alike."""
        return legal[0] if all(action.kind == "hold" for action in legal) else None

    def narrate(self, event: dict[str, Any]) -> str | None:
        return text.narrate(event) or abilities.narrate(self.params, event)

    def annotate(self, event: dict[str, Any]) -> Annotation | None:
        return annotate(event, self.scenario.map.hex_cm)

    # -- on a shared table (docs/mixing.md) ---------------------------------------------------
    @classmethod
    def fit_part(cls, raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
                 turns: int) -> dict[str, Any]:
        """MIX-1: the cloth is the table's hex overlay; MIX-2: one PCV round per game turn."""
        columns, rows = hex_map_size(width_cm, height_cm, hex_cm)
        return {**raw, "map": {"width": columns, "height": rows, "hex_cm": hex_cm},
                "max_rounds": turns, "shared_table": True}

    def turn_number(self, state: PcvState) -> int:
        return state.turn.round

    def presences(self, state: PcvState) -> list[Presence]:
        return mixing.presences(state, self.scenario.map.hex_cm)

    def suffer(self, state: PcvState, unit: str, hit: Hit, game: Context) -> Outcome:
        plane = state.planes[unit]
        if not plane.in_play:
            return Outcome(unit, 0, False, "already out of play")
        outcome = mixing.take_hit(plane, self.params, hit)
        if outcome.destroyed:
            movement.remove(state, plane, f"{hit.cause} by {hit.source}", hit.rule, game)
            self._decide(state, game)
        return outcome

    def begin_slot(self, state: PcvState, game: Context) -> None:
        """MIX-2: a side whose last aircraft fell outside our slot (flak, MIX-6) has nothing
        to move; its turn passes on (PCV-4) before anyone is asked to act."""
        if not state.over:
            self._advance(state, game)

    def board(self, state: PcvState) -> Board:
        board = text.board(state, self.scenario.map.hex_cm)
        board.pieces += abilities.pieces(state, self.params, self.scenario.map.hex_cm)
        return board
