"""The De Bello Gallico ruleset: the turn sequence (DBG-9) and action dispatch.

The actions are declared in ``actions`` (parsed there when they come from outside).
Initiative (DBG-10) and the retreat step (DBG-30) need no decision and run by themselves.

Positions as data (``position``, ``position_model``): a scenario may start anywhere. Each
fighter carries its statuses — ``status`` (in_play, out, fled, withdrawn) and ``exit_edge``,
``wounded``, ``tough_used``, ``retreating``, ``bolting``, ``frenzied``, ``mount_state``, and what
it did this turn (``shot``, ``fled``, ``rally_tried``) — and the ``position:`` block the turn:
``turn``, ``phase``, ``initiative``; in the movement and melee phases ``next_side``,
``waiting`` (still to act), ``done`` and the ``active`` fighter with ``active_moved`` and
``active_shot``; at the break point ``break_sides`` and ``substitutes``; at the morale steps
``open_sides``; and ``losses_counted``, ``designated``, ``bridge_turns``. ``new_state`` starts
there without an initiative roll; ``export_position`` writes them back.

At the terminal (``parse_command``, ``commands``): ``move [FIGHTER] to X Y`` and ``move
[FIGHTER] toward OTHER [stop CM]`` name the point a move ends on, in cm from the top left
(x east, y south), and become DBG-11's ``move``, checked like a menu move. ``odds`` gives a
shot's exact chance (DBG-22, DBG-7; ``odds``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from polemos.core.actions import Action
from polemos.core.annotations import Annotation
from polemos.core.board import Area, Board, Piece
from polemos.core.errors import IllegalAction
from polemos.core.morale import Morale, MoraleShock
from polemos.core.ruleset import Result, Ruleset, ScoreMeaning
from polemos.core.world import INFANTRY, Hit, Outcome, Presence
from polemos.rulesets.de_bello_gallico import (
    activation,
    checks,
    clone,
    melee,
    menu,
    movement,
    objectives,
    position,
    rally,
    shooting,
    text,
)
from polemos.rulesets.de_bello_gallico.actions import ACTIONS
from polemos.rulesets.de_bello_gallico.annotations import annotate
from polemos.rulesets.de_bello_gallico.commands import destination
from polemos.rulesets.de_bello_gallico.geometry import morale_states, on_table
from polemos.rulesets.de_bello_gallico.initiative import roll_initiative
from polemos.rulesets.de_bello_gallico.layout import held, layout
from polemos.rulesets.de_bello_gallico.models import Ambush, DbgScenario, HoldBridge
from polemos.rulesets.de_bello_gallico.morale_rules import (
    Resolver,
    break_tests,
    breaking_sides,
    may_substitute,
    retreat_step,
)
from polemos.rulesets.de_bello_gallico.odds import shot_odds
from polemos.rulesets.de_bello_gallico.state import (
    OUT,
    DbgParams,
    DbgState,
    Fighter,
    ForeignUnits,
    Ground,
    new_fighter,
)

if TYPE_CHECKING:
    from polemos.core.context import Context


SHORT_SEARCH: Mapping[str, float | str] = {"depth": 4, "keep": 1.0}
"""Short playouts, and a departure from the greedy choice once it is one standard error better
(``DeBelloGallico.search_defaults``): where the next few activations decide what the fitted
evaluation reads, deeper playouts add noise, not foresight."""
STAGE_SEARCH: Mapping[str, float | str] = {"horizon": "stage", "keep": 1.0}
"""Every legal action played on to the end of the phase with the same dice (``search_stage``),
and a departure from the greedy choice once its gain is one standard error of the paired
gains (``DeBelloGallico.search_defaults``)."""


class DeBelloGallico(Ruleset[DbgState, DbgScenario]):
    name = "de_bello_gallico"
    title = "De Bello Gallico"
    version = "1.0.0"
    scenario_model = DbgScenario
    actions = ACTIONS
    turn_rule = "DBG-9"
    search_depth = 8
    """A movement phase is some seventy actions, so no playout reaches its melee and the fitted
    evaluation judges the position a few activations on. Measured (issue 14, budget 0.2,
    ``opponent=greedy``, 6 games a seat): depth 8 won the ambush as the Britons 6 of 6 where
    depth 4 with ``keep=1`` won 2; at Corfinium depth 4 with ``keep=1`` won as the Caesareans
    5 of 6 where depth 8 won 2 (``search_defaults``: Corfinium now plays each move on to the
    melee instead). Depth 24 fits only some 25 playouts in a decision, 8 about 50."""
    search_opponent = "greedy"
    """With some 50 playouts a decision, branching on the enemy's replies as well leaves a
    handful for each of the bot's own choices: without it the bot won Corfinium 2 of 16 games
    (depth 0) and 33 % before; modelling the enemy as the greedy bot, 16 of 22 as the
    Caesareans, 14 of 22 as the Britons (issue 14, budget 0.2)."""

    def __init__(self, scenario: DbgScenario) -> None:
        super().__init__(scenario)
        self.params = DbgParams()

    def search_defaults(self, state: DbgState, side: str) -> Mapping[str, float | str]:
        """``STAGE_SEARCH`` for both sides at Corfinium (DBG-57), ``SHORT_SEARCH`` for the
        hunter of the ambush (DBG-58); the quarry, and either side of a plain skirmish, search
        the tree as deep as ``search_depth`` says and keep the greedy choice unless another is
        ``KEEP`` standard errors better. Measured against the greedy bot (issue 14, budget 0.2,
        12 games a run on fresh seeds):

        - Corfinium, the tree at ``SHORT_SEARCH``: Caesareans 19 of 36, Pompeians 17 of 36
          (at ``search_depth``, 2 of 6 as the Caesareans). Whether a move brings a holder onto
          the bridge unpinned, or a defender into contact, shows when the melee starts; four
          activations on, the evaluation tells moves apart by hundredths. At ``STAGE_SEARCH``:
          Caesareans 56 of 96, Pompeians 33 of 48 (54 of 96 and 33 of 48 before the flat
          search raced its candidates; with ``keep=0.5`` the Caesareans won 13 of 36, with
          ``keep=2`` 18 of 36, with ``rollout=greedy`` 5 of 12 (12 of 24 raced), searching
          the last turn to the game's end 6 of 12, every turn to its end instead of every
          phase 6 of 12, valuing only their own wins, a draw worth nothing, 7 of 12).
        - The ambush: the Britons won 31 of 48 at ``SHORT_SEARCH`` (16 of 30 at
          ``search_depth``), 8 of 12 at ``STAGE_SEARCH``; the Romans 31 of 48 at the defaults,
          judging by their own model (``evaluate.JUDGES``; 46 of 84 with the Britons', 28 of 40
          while choosing the defaults; 13 of 24 at ``SHORT_SEARCH``), 4 of 12 at
          ``STAGE_SEARCH``: a race to their edge is not judged at the next melee; to the end of
          each turn 5 of 12, valuing only their own wins 7 of 12."""
        objective = self.scenario.objective
        if isinstance(objective, HoldBridge):
            return STAGE_SEARCH
        if isinstance(objective, Ambush) and side == objective.hunter:
            return SHORT_SEARCH
        return {}

    def search_stage(self, state: DbgState) -> Hashable:
        """The turn and its phase (DBG-9): a movement phase's worth shows when the melee
        starts, a melee's when the morale phase does."""
        return state.turn, state.phase

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, game: Context) -> DbgState:
        """The battle's start, or the scenario's ``position``: no initiative roll then, and the
        game goes on from there as it would have."""
        sc = self.scenario
        turn = sc.position.turn if sc.position is not None else 1
        fighters = {f.id: new_fighter(f, turn, self.params.foot_move) for f in sc.fighters}
        starting = {side: sum(1 for f in fighters.values() if f.side == side)
                    for side in sc.sides}
        state = DbgState(Ground.build(sc), self.params, fighters, list(sc.sides), sc.die,
                         sc.max_turns, starting, _foreign=ForeignUnits(self.world, self.name))
        if sc.position is None:
            self._start_turn(state, game)
        else:
            position.restore(state, sc.position)
        self._advance(state, game)
        return state

    def sides(self, state: DbgState) -> list[str]:
        return list(self.scenario.sides)

    def clone_state(self, state: DbgState) -> DbgState:
        return clone.clone_state(state, self.world, self.name)

    def units(self, state: DbgState) -> dict[str, str]:
        return {f.id: f.side for f in on_table(state)}

    # -- whose decision --------------------------------------------------------------------
    def to_act(self, state: DbgState) -> str | None:
        phase = state.phase
        if phase == "over":
            return None
        if phase in ("move", "melee"):
            if state.active is not None:
                return state.fighters[state.active].side
            return state.alternation.side() if state.alternation else None
        if phase == "break":
            return state.break_sides[0]
        return state.open_sides[0]

    def legal_actions(self, state: DbgState) -> list[Action]:
        side = self.to_act(state)
        if side is None:
            return []
        return held(state, menu.legal_actions, state, side, self.scenario.objective)

    def check(self, state: DbgState, action: Action) -> None:
        side = self.to_act(state)
        assert side is not None, "Game.step refuses actions once the game is over"
        problem = held(state, checks.problem, state, side, action, self.scenario.objective)
        if problem is not None:
            raise IllegalAction(*problem)

    # -- resolving -------------------------------------------------------------------------
    def apply(self, state: DbgState, action: Action, game: Context) -> None:
        resolver = Resolver(state, game)
        if action.unit is None:
            self._apply_side(state, action, resolver)
        else:
            self._apply_unit(state, state.fighters[action.unit], action, resolver)
        resolver.run()
        self._advance(state, game, resolver)

    def _apply_unit(self, state: DbgState, fighter: Fighter, action: Action,
                    resolver: Resolver) -> None:
        kind, args = action.kind, action.args
        if kind == "activate":
            activation.activate(resolver, fighter)
        elif kind in ("move", "charge", "withdraw"):
            self._move(resolver, fighter, action)
        elif kind == "shoot":
            state.active_shot = True
            shooting.resolve_shot(resolver, fighter, state.fighters[args["target"]])
        elif kind == "end":
            activation.end_activation(resolver, "ended by its player")
        elif kind == "attack":
            state.alternation_now().activated(fighter.id)
            state.done.append(fighter.id)
            melee.resolve_attack(resolver, fighter, state.fighters[args["target"]],
                                 args["at"])
        elif kind == "substitute":
            state.substitutes.append(fighter.id)
            resolver.game.emit("substitute", unit=fighter.id, side=fighter.side, rule="DBG-33")
        elif kind == "rally":
            rally.rally_manoeuvre(resolver, fighter)
            state.open_sides.append(state.open_sides.pop(0))
        else:
            rally.rally_one(resolver, fighter)

    def _apply_side(self, state: DbgState, action: Action, resolver: Resolver) -> None:
        if action.kind == "break_test":
            self._break(resolver)
            return
        side = state.open_sides.pop(0)
        resolver.game.emit("pass", side=side, step=state.phase,
                           rule="DBG-34" if state.phase == "manoeuvre" else "DBG-37")

    def _move(self, resolver: Resolver, fighter: Fighter, action: Action) -> None:
        state = resolver.state
        state.active_moved = True
        if action.kind == "withdraw":
            resolver.withdraw(fighter, action["edge"])
            return
        if action.kind == "charge":
            point = movement.charge_point(state, fighter, state.fighters[action["target"]])
            assert point is not None, "check found the charge's path"
            movement.do_move(state, resolver.game, fighter, *point, "charge",
                             ["DBG-14", "DBG-16"])
            return
        movement.do_move(state, resolver.game, fighter, float(action["x"]), float(action["y"]),
                         "move", ["DBG-11"])

    def _break(self, resolver: Resolver) -> None:
        state = resolver.state
        side = state.break_sides.pop(0)
        substitutes, state.substitutes = state.substitutes, []
        break_tests(resolver, side, substitutes)

    # -- the turn sequence (DBG-9) ---------------------------------------------------------
    def _start_turn(self, state: DbgState, game: Context) -> None:
        state.designated = []
        game.emit("turn", turn=state.turn, rule="DBG-9")
        roll_initiative(state, game)
        activation.start_phase(state, "move")
        game.emit("phase", phase="move", side=state.initiative, turn=state.turn, rule="DBG-11")

    def _advance(self, state: DbgState, game: Context, resolver: Resolver | None = None
                 ) -> None:
        """Run every step that needs no decision, until one does or the game ends; with the
        ``resolver`` of the action just applied (run to its end), when there is one."""
        resolver = resolver or Resolver(state, game)
        while not state.over:
            decided = self._decided_at_once(state)
            if decided is not None:
                self._finish(state, game, *decided)
                return
            if self._needs_decision(state, resolver):
                return

    def _needs_decision(self, state: DbgState, resolver: Resolver) -> bool:
        """Take one automatic step; True when a player must decide before the next."""
        game = resolver.game
        phase = state.phase
        if phase in ("move", "melee"):
            # nothing moves until the next decision
            return held(state, self._next_activation, state, resolver)
        if phase == "break":
            if not state.break_sides:
                state.phase, state.open_sides = "manoeuvre", state.others_first(state.initiative)
                game.emit("phase", phase="manoeuvre", side=state.initiative, turn=state.turn,
                          rule="DBG-34")
                return False
            side = state.break_sides[0]
            if any(may_substitute(state, f) for f in on_table(state) if f.side == side):
                return True
            self._break(resolver)
            resolver.run()
            return False
        if phase == "manoeuvre":
            if state.open_sides and rally.manoeuvre_candidates(state, state.open_sides[0]):
                return True
            if state.open_sides:
                state.open_sides.pop(0)
                return False
            state.phase, state.open_sides = "rally", state.others_first(state.initiative)
            game.emit("phase", phase="rally", side=state.initiative, turn=state.turn,
                      rule="DBG-37")
            return False
        if state.open_sides:
            if rally.rally_one_candidates(state, state.open_sides[0]):
                return True
            state.open_sides.pop(0)
            return False
        self._end_turn(state, resolver)
        return False

    def _next_activation(self, state: DbgState, resolver: Resolver) -> bool:
        """The movement or melee phase: end an activation that is over, then hand the next
        decision to a side, or close the phase when no one is left (DBG-11, DBG-12, DBG-18)."""
        game = resolver.game
        if state.active is not None:
            why = self._activation_over(state, state.fighters[state.active])
            if why is None:
                return True
            activation.end_activation(resolver, why)
        activation.refresh(state)
        if state.alternation is not None and state.alternation.side() is not None:
            return True
        if state.phase == "move":
            activation.start_phase(state, "melee")
            game.emit("phase", phase="melee", side=state.initiative, turn=state.turn,
                      rule="DBG-18")
        else:
            state.phase, state.alternation = "break", None
            state.break_sides, state.substitutes = breaking_sides(state), []
            game.emit("phase", phase="morale", side=state.initiative, turn=state.turn,
                      rule="DBG-32")
        return False

    @staticmethod
    def _activation_over(state: DbgState, fighter: Fighter) -> str | None:
        """Why the active fighter's activation ends by itself, or None while it may go on."""
        if not fighter.in_play:
            return "it left play"
        if fighter.retreating:
            return "it is retreating"
        if not state.active_moved:
            return None
        if state.active_shot or shooting.shooter_problem(state, fighter) is not None:
            return "it has moved and cannot shoot"
        if not shooting.targets(state, fighter):
            return "it has moved and has no target"
        return None

    def _end_turn(self, state: DbgState, resolver: Resolver) -> None:
        retreat_step(resolver)
        resolver.run()
        game = resolver.game
        if self.scenario.shared_table:
            decided = objectives.part_end(state)
        else:
            decided = self._decided_at_once(state) or \
                objectives.end_of_turn(state, self.scenario.objective)
        if decided is not None:
            self._finish(state, game, *decided)
            return
        state.turn += 1
        self._start_turn(state, game)

    def _decided_at_once(self, state: DbgState) -> objectives.Outcome | None:
        """A side wiped out, or an objective met at once; never on a shared table, where the
        mixed scenario decides (objectives' Decision, MIX-10)."""
        if self.scenario.shared_table:
            return None
        return objectives.at_once(state, self.scenario.objective)

    def _finish(self, state: DbgState, game: Context, winner: str | None, reason: str, rule: str,
                scores: dict[str, float]) -> None:
        state.phase, state.alternation, state.active = "over", None, None
        state.winner, state.reason, state.rule, state.scores = winner, reason, rule, scores
        game.emit("end", winner=winner, reason=reason, rule=rule, scores=scores, turn=state.turn)

    def result(self, state: DbgState) -> Result | None:
        if not state.over:
            return None
        return Result(state.winner, state.reason, state.rule, dict(state.scores))

    # -- morale shocks from anywhere (World.shake) ----------------------------------------
    def shaken(self, state: DbgState, shock: MoraleShock, game: Context) -> Morale | None:
        """Make a fighter test at once at the shock's difficulty (DBG-26: an enemy skill or
        manoeuvre calls for it), with everything that follows; return its state after. None
        for a fighter no longer in play."""
        fighter = state.fighters.get(shock.unit)
        if fighter is None or not fighter.in_play:
            return None
        resolver = Resolver(state, game)
        game.emit("shock", unit=shock.unit, cause=shock.cause, rule=shock.rule,
                  difficulty=shock.difficulty, source=shock.source)
        resolver.shock([MoraleShock(shock.unit, shock.cause, "DBG-26", shock.difficulty,
                                    shock.source)])
        resolver.run()
        self._react(state, game)
        return morale_of(state, state.fighters[shock.unit])

    # -- sharing a table with other rulesets (docs/mixing.md) ------------------------------
    @classmethod
    def fit_part(cls, raw: dict[str, Any], width_cm: float, height_cm: float, hex_cm: float,
                 turns: int) -> dict[str, Any]:
        """MIX-1: the part plays on the mixed scenario's table, for its number of turns;
        MIX-10: the mixed scenario decides the game (objectives' shared-table Decision)."""
        return {**raw, "table": {"width": width_cm, "height": height_cm}, "max_turns": turns,
                "shared_table": True}

    def export_position(self, state: DbgState) -> dict[str, Any]:
        return position.export(state, self.scenario)

    def turn_number(self, state: DbgState) -> int:
        return state.turn

    def where(self, state: DbgState) -> str:
        return f"turn {state.turn}, {state.phase} phase"

    def presences(self, state: DbgState) -> list[Presence]:
        """MIX-3: every fighter on the table is infantry (on foot or horse), at altitude 0.
        Built once per layout: a mixed table asks after every action of every ruleset."""
        table = layout(state)
        if table.presences is None:
            table.presences = [Presence(f.id, self.name, f.side, INFANTRY, f.base.x, f.base.y,
                                        f.base.radius) for f in on_table(state)]
        return list(table.presences)

    def suffer(self, state: DbgState, unit: str, hit: Hit, game: Context) -> Outcome:
        """MIX-4, MIX-9: each damage point is a wound (DBG-7), a lethal hit puts out of action,
        and every morale rule they trigger follows (DBG-26, DBG-48, DBG-49, DBG-32)."""
        fighter = state.fighters[unit]
        resolver = Resolver(state, game)
        cause = f"{hit.cause} ({hit.source})"
        dealt = 0
        if hit.lethal and fighter.in_play:
            resolver.take_out(fighter, cause, [hit.rule, "DBG-7"])
            dealt = 1
        for _ in range(hit.damage if not hit.lethal else 0):
            if fighter.in_play:
                before = fighter.wounds, fighter.status
                resolver.wound(fighter, cause, hit.rule)
                dealt += (fighter.wounds, fighter.status) != before
        resolver.run()
        self._react(state, game)
        effect = "out of action" if fighter.status == OUT else ("wounded" if dealt else "unhurt")
        return Outcome(unit, dealt, fighter.status == OUT, effect)

    def _react(self, state: DbgState, game: Context) -> None:
        """After another ruleset's hit or shock: go on with the turn only if it is ours (MIX-2);
        otherwise ``begin_slot`` picks it up when the mixed scenario hands us the table."""
        if self.world.holds_turn(self.name):
            self._advance(state, game)

    def begin_slot(self, state: DbgState, game: Context) -> None:
        """MIX-2: our turn on a shared table: run the steps that wait for no decision."""
        self._advance(state, game)

    def score_meaning(self, state: DbgState) -> ScoreMeaning:
        """DBG-58: the ambush counts the quarry eliminated for the hunter and the quarry left
        for the quarry; other scenarios count fighters on the table (DBG-57, DBG-9)."""
        objective = self.scenario.objective
        if isinstance(objective, Ambush):
            return ScoreMeaning(f"{objective.quarry} eliminated ({objective.hunter}), "
                                f"{objective.quarry} left ({objective.quarry})", "DBG-58")
        rule = "DBG-57" if isinstance(objective, HoldBridge) else "DBG-9"
        return ScoreMeaning("fighters on the table", rule)

    # -- text ------------------------------------------------------------------------------
    def odds(self, view: DbgState, action: Action) -> str | None:
        """A shot's exact chance (DBG-22, DBG-23, DBG-7)."""
        return shot_odds(view, action)

    def parse_command(self, view: DbgState, text: str) -> Action | None:
        """``move [FIGHTER] to X Y`` / ``move [FIGHTER] toward OTHER [stop CM]`` as a DBG-11
        ``move`` (rulesets/de_bello_gallico/commands.py), parsed against the declaration."""
        typed = destination(view, text)
        return None if typed is None else self.parse_action(view, {
            "kind": typed.kind, "unit": typed.unit, "args": typed.args})

    def describe(self, view: DbgState) -> str:
        return text.describe(view)

    def describe_action(self, view: Any, action: Action) -> str:
        return text.describe_action(action)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return text.narrate(event)

    def annotate(self, event: dict[str, Any]) -> Annotation | None:
        return annotate(event)

    def board(self, state: DbgState) -> Board:
        areas = [Area(f.id, list(f.shape.points), text.AREA_KIND[f.kind])
                 for f in state.ground.features]
        pieces = [Piece(f.id, f.side, f.base.x, f.base.y, f.base.radius,
                        labels=text.labels(f), markers=text.markers(state, f))
                  for f in on_table(state)]
        table = state.ground.table
        return Board(table.width, table.height, pieces, areas, caption=text.caption(state))


def morale_of(state: DbgState, fighter: Fighter) -> Morale:
    """The fighter's main morale state (retreating before pinned before frenzied)."""
    return morale_states(state, fighter)[0]
