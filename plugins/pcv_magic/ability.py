"""Magical flyers as a Petit Cirque Volant ability: a dragon turns on the spot (PCV-M2), breathes
fire (PCV-M3) and has no guns (PCV-M4); a witch hovers and never stalls (PCV-M5).

Which aircraft is what comes from the options; what each kind can do, from the data file. The
flyers keep no state of their own: a turn on the spot or a hover is the aircraft's move
(``state.moving``, ``mp_left``), a breath its shot (``state.done``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from polemos.core.actions import Action, ActionArgs, ActionKind, UnitId, arg
from polemos.core.hexgrid import Hex, axial_to_offset, forward_moves, turn
from polemos.plugins.pcv_magic.models import FlyerKind, PcvMagic
from polemos.rulesets.petit_cirque import fire
from polemos.rulesets.petit_cirque.abilities import Ability, Phase, Problem, mp_left
from polemos.rulesets.petit_cirque.movement import enter, remove
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from collections.abc import Mapping

    from polemos.core.context import Context

NAME = "pcv_magic"
TURNS = {"left": -1, "right": 1}
"""PCV-M2: a turn on the spot is one hexside, anticlockwise (left) or clockwise (right)."""


class PivotArgs(ActionArgs):
    dir: Literal["left", "right"] = arg("PCV-M2", "Turn 60° left or right, in the hex.")


class BreathArgs(ActionArgs):
    target: UnitId = arg("PCV-M3", "The enemy aircraft breathed at.")


KINDS = (
    ActionKind("pivot", "PCV-M2", PivotArgs, doc="A dragon turns 60° on the spot (PCV-M2)."),
    ActionKind("hover", "PCV-M5", doc="A witch hovers instead of moving (PCV-M5)."),
    ActionKind("breathe", "PCV-M3", BreathArgs,
               doc="A dragon breathes fire instead of its shot (PCV-M3)."),
)


class MagicAbility(Ability):
    """PCV-O6 for one game: the scenario's dragons and witches."""

    name = NAME
    kinds = KINDS
    phases: Mapping[str, Phase] = {"pivot": "move", "hover": "move", "breathe": "fire"}

    def __init__(self, options: PcvMagic, kinds: Mapping[str, FlyerKind]) -> None:
        self.options = options
        self.flyers = {unit: kinds[kind] for unit, kind in options.flyers.items()}

    def _kind(self, plane: Plane) -> FlyerKind | None:
        return self.flyers.get(plane.id)

    # -- legal actions -----------------------------------------------------------------------
    def actions(self, state: PcvState, params: PcvParams, plane: Plane) -> list[Action]:
        kind = self._kind(plane)
        if kind is None:
            return []
        if state.phase == "fire":
            return [Action("breathe", plane.id, {"target": t.id}) for t in state.planes.values()
                    if self._breath(state, plane, t.id)[0] is None]
        found = [Action("pivot", plane.id, {"dir": d}) for d in TURNS
                 if self._turn_problem(state, plane) is None]
        if self._hover_problem(state, plane) is None:
            found.append(Action("hover", plane.id))
        return found

    def problem(self, state: PcvState, params: PcvParams, plane: Plane, action: Action
                ) -> Problem:
        if action.kind == "pivot":
            return self._turn_problem(state, plane)
        if action.kind == "hover":
            return self._hover_problem(state, plane)
        return self._breath(state, plane, action["target"])[0]

    def veto(self, state: PcvState, params: PcvParams, plane: Plane, action: Action) -> Problem:
        kind = self._kind(plane)
        if kind is None:
            return None
        if action.kind == "fire" and not kind.guns:
            return "PCV-M4", f"{plane.id} is a {kind.title}: no guns; it breathes fire instead"
        if action.kind == "speed" and kind.hovers and plane.speed + action["change"] <= 0:
            return "PCV-M5", f"{plane.id} is a {kind.title}: she never slows to a stall; " \
                "she hovers instead"
        return None

    def _turn_problem(self, state: PcvState, plane: Plane) -> Problem:
        """PCV-M2: dragons only, 1 MP a turn."""
        kind = self._kind(plane)
        if kind is None or kind.turn_cost is None:
            return "PCV-M2", f"{plane.id} cannot turn on the spot (dragons do)"
        mp = mp_left(state, plane)
        if mp < kind.turn_cost:
            return "PCV-M2", f"{plane.id} has {mp} MP left; a turn on the spot costs " \
                f"{kind.turn_cost}"
        return None

    def _hover_problem(self, state: PcvState, plane: Plane) -> Problem:
        """PCV-M5: witches only, instead of a move, not in the middle of one (PCV-5)."""
        kind = self._kind(plane)
        if kind is None or not kind.hovers:
            return "PCV-M5", f"{plane.id} cannot hover (witches do)"
        if state.moving == plane.id:
            return "PCV-M5", f"{plane.id} has begun her move: she must spend her MP (PCV-5)"
        return None

    def _breath(self, state: PcvState, plane: Plane, target_id: str) -> tuple[Problem, int]:
        """PCV-M3: ``(problem, score needed)`` of ``plane`` breathing fire at ``target_id``."""
        kind = self._kind(plane)
        if kind is None or kind.breath is None:
            return ("PCV-M3", f"{plane.id} breathes no fire (dragons do)"), 0
        target = state.planes.get(target_id)
        if target is None or not target.in_play:
            return ("PCV-M3", f"no aircraft {target_id!r} in play"), 0
        if target.side == plane.side:
            return ("PCV-M3", f"{target.id} is a friend; only enemy aircraft are targets"), 0
        reach = [plane.hex, *(to for to, _ in forward_moves(plane.hex, plane.facing))]
        if Hex(target.q, target.r) not in reach:
            return ("PCV-M3", f"{target.id} is neither in {plane.id}'s hex nor in a forward "
                    "hex"), 0
        levels = abs(plane.altitude - target.altitude)
        if levels > 1:
            return ("PCV-M3", f"{target.id} is {levels} levels away; the breath reaches one"), 0
        return None, kind.breath[levels]

    # -- resolving ---------------------------------------------------------------------------
    def apply(self, state: PcvState, params: PcvParams, plane: Plane, action: Action,
              game: Context) -> None:
        if action.kind == "pivot":
            self._turn(state, plane, action["dir"], game)
        elif action.kind == "hover":
            state.moving, state.mp_left, state.choosing_speed = plane.id, 0, True
            col, row = axial_to_offset(plane.hex)
            game.emit("hover", unit=plane.id, hex=[col, row], altitude=plane.altitude,
                      rule="PCV-M5")
        else:
            self._breathe(state, params, plane, state.planes[action["target"]], game)

    def _turn(self, state: PcvState, plane: Plane, direction: str, game: Context) -> None:
        """PCV-M2: the turn starts the move (PCV-5) if nothing did, and spends its MP."""
        cost = self.flyers[plane.id].turn_cost
        assert cost is not None, "_turn_problem is checked before"
        if state.moving is None:
            state.moving, state.mp_left = plane.id, plane.speed
        state.mp_left -= cost
        enter(state, plane, plane.hex, turn(plane.facing, TURNS[direction]), plane.altitude,
              f"pivot/{direction}", ["PCV-M2"], game)

    def _breathe(self, state: PcvState, params: PcvParams, plane: Plane, target: Plane,
                 game: Context) -> None:
        """PCV-M3: one D6; a hit counts as PCV-17."""
        _, needed = self._breath(state, plane, target.id)
        roll, outcome, rules = fire.strike(params, target, needed, "PCV-M3",
                                           f"{plane.id} breathes fire at {target.id}",
                                           plane.id, game)
        game.emit("breath", unit=plane.id, target=target.id, needed=needed, roll=roll,
                  outcome=outcome, rules=rules)
        if outcome == "destroyed":
            remove(state, target, f"burnt by {plane.id}", rules[-1], game)
        state.done.append(plane.id)

    def worth(self, state: PcvState, params: PcvParams, action: Action) -> float | None:
        """The breath's chance to hit, as the greedy bot values a gun's shot."""
        if action.kind != "breathe":
            return None
        _, needed = self._breath(state, state.planes[action.unit or ""], action["target"])
        return (7 - needed) / 6

    # -- text and positions ------------------------------------------------------------------
    def lines(self, state: PcvState) -> list[str]:
        return [f"  {unit:15s} is a {kind.title} (PCV-M1)" for unit, kind in self.flyers.items()
                if state.planes[unit].in_play]

    def narrate(self, event: dict[str, Any]) -> str | None:
        if event["type"] == "hover":
            return (f"  {event['unit']} hovers at {event['hex']} alt {event['altitude']} "
                    f"({event['rule']})")
        if event["type"] == "breath":
            return (f"  {event['unit']} breathes fire at {event['target']}, needs "
                    f"{event['needed']}+, rolls {event['roll']}: {event['outcome']} "
                    f"({', '.join(event['rules'])})")
        return None

    def describe_action(self, action: Action) -> str | None:
        if action.kind == "pivot":
            return f"{action.unit}: pivot {action['dir']} on the spot"
        if action.kind == "hover":
            return f"{action.unit}: hover"
        return f"{action.unit}: breathe fire at {action['target']}"

    def export(self, state: PcvState) -> dict[str, Any]:
        """PCV-M6: the flyers still in play (the position leaves the others' aircraft out)."""
        return {"flyers": {unit: kind for unit, kind in self.options.flyers.items()
                           if state.planes[unit].in_play}}
