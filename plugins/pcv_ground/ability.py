"""Ground elements as a Petit Cirque Volant ability: flak and balloons that fire by themselves
(PCV-G3) and that aircraft strafe (PCV-G4).

Their state — each element's hex and hit points left — lives in ``state.abilities["pcv_ground"]``,
so it is copied, saved and compared with the rest of the game; a position writes it back into
the plugin's options (PCV-G5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from polemos.core.actions import Action, ActionArgs, ActionKind, UnitId, arg
from polemos.core.board import Piece, hex_centre_cm
from polemos.core.clone import shallow_copier
from polemos.core.hexgrid import Hex, axial_to_offset, distance, offset_to_axial, ray, turn
from polemos.core.wording import hex_at
from polemos.plugins.pcv_ground.models import GroundData, PcvGround
from polemos.rulesets.petit_cirque import fire
from polemos.rulesets.petit_cirque.abilities import Ability, Phase, Problem
from polemos.rulesets.petit_cirque.movement import remove
from polemos.rulesets.petit_cirque.state import PcvParams, PcvState, Plane

if TYPE_CHECKING:
    from collections.abc import Mapping

    from polemos.core.context import Context

NAME = "pcv_ground"


@dataclass(slots=True)
class GroundElement:
    """A ground element on its hex (PCV-G1): out of play once its hit points are gone."""

    id: str
    side: str
    kind: str
    q: int
    r: int
    hits: int

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)


_copy_element = shallow_copier(GroundElement)


class StrafeArgs(ActionArgs):
    target: UnitId = arg("PCV-G4", "The enemy ground element strafed.")


STRAFE = ActionKind("strafe", "PCV-G4", StrafeArgs,
                    doc="Strafe a ground element instead of firing at an aircraft (PCV-G4).")


class GroundAbility(Ability):
    """PCV-O5 for one game: the scenario's ground elements, their fire and strafing."""

    name = NAME
    kinds = (STRAFE,)
    phases: Mapping[str, Phase] = {"strafe": "fire"}

    def __init__(self, options: PcvGround, data: GroundData) -> None:
        self.options = options
        self.data = data

    # -- units -----------------------------------------------------------------------------
    def start(self, state: PcvState) -> None:
        elements = {}
        for e in self.options.elements:
            h = offset_to_axial(*e.hex)
            hits = e.hits if e.hits is not None else self.data.kinds[e.kind].hits
            elements[e.id] = GroundElement(e.id, e.side, e.kind, h.q, h.r, hits)
        state.abilities[NAME] = elements

    def clone(self, kept: dict[str, GroundElement]) -> dict[str, GroundElement]:
        return {key: _copy_element(element) for key, element in kept.items()}

    def unit_sides(self) -> dict[str, str]:
        return {e.id: e.side for e in self.options.elements}

    def units(self, state: PcvState) -> dict[str, str]:
        return {e.id: e.side for e in standing(state)}

    # -- strafing (PCV-G4) -----------------------------------------------------------------
    def actions(self, state: PcvState, params: PcvParams, plane: Plane) -> list[Action]:
        if state.phase != "fire":
            return []
        return [Action("strafe", plane.id, {"target": e.id}) for e in standing(state)
                if self._strafe(state, params, plane, e.id)[0] is None]

    def problem(self, state: PcvState, params: PcvParams, plane: Plane, action: Action
                ) -> Problem:
        return self._strafe(state, params, plane, action["target"])[0]

    def _strafe(self, state: PcvState, params: PcvParams, plane: Plane, target: str
                ) -> tuple[Problem, int, int]:
        """``(problem, hex count, score needed)`` of ``plane`` strafing ``target``."""
        element = elements(state).get(target)
        if element is None or element.hits <= 0:
            return ("PCV-G4", f"no ground element {target!r} standing"), 0, 0
        if element.side == plane.side:
            return ("PCV-G4", f"{target} is a friend; only enemy elements are strafed"), 0, 0
        table = self.data.strafe
        if plane.altitude not in table.needed:
            return ("PCV-G4", f"{plane.id} at altitude {plane.altitude} is too high to strafe "
                    f"(altitude {' or '.join(map(str, table.needed))})"), 0, 0
        for offset in params.guns.get(plane.role, (0,)):
            line = ray(plane.hex, turn(plane.facing, offset), table.range)
            if element.hex in line:
                hexes = line.index(element.hex) + 1
                return None, hexes, table.needed[plane.altitude][hexes - 1]
        return ("PCV-G4", f"{target} is not on {plane.id}'s line of fire within "
                f"{table.range} hexes"), 0, 0

    def apply(self, state: PcvState, params: PcvParams, plane: Plane, action: Action,
              game: Context) -> None:
        """PCV-G4: one D6; a hit takes one hit point, the last destroys the element."""
        element = elements(state)[action["target"]]
        _, hexes, needed = self._strafe(state, params, plane, element.id)
        roll = game.dice.d6(purpose=f"{plane.id} strafes {element.id}", rule="PCV-G4",
                            unit=plane.id)
        if roll >= needed:
            element.hits -= 1
        outcome = "miss" if roll < needed else ("destroyed" if element.hits <= 0 else "hit")
        game.emit("strafe", unit=plane.id, target=element.id, distance=hexes, needed=needed,
                  roll=roll, outcome=outcome, hits_left=element.hits, rule="PCV-G4")
        if outcome == "destroyed":
            game.emit("lost", unit=element.id, side=element.side,
                      why=f"destroyed by {plane.id}", rule="PCV-G4")
        state.done.append(plane.id)

    def worth(self, state: PcvState, params: PcvParams, action: Action) -> float | None:
        """A kill is worth half an aircraft's; a hit that leaves it standing, half that."""
        plane = state.planes[action.unit or ""]
        _, _, needed = self._strafe(state, params, plane, action["target"])
        last = elements(state)[action["target"]].hits == 1
        return (7 - needed) / 6 * (0.5 if last else 0.25)

    # -- ground fire (PCV-G3) --------------------------------------------------------------
    def fire_step(self, state: PcvState, params: PcvParams, game: Context) -> None:
        for element in standing(state):
            gun = self.data.kinds[element.kind].gun
            if element.side != state.turn.side or gun is None:
                continue
            order = {plane_id: n for n, plane_id in enumerate(state.planes)}
            targets = [(gun.needed[d], d, p.altitude, order[p.id], p)
                       for p in state.planes.values()
                       if p.in_play and p.side != element.side and p.altitude <= gun.ceiling
                       and (d := distance(element.hex, p.hex)) <= gun.range]
            if not targets:
                continue
            needed, hexes, _, _, target = min(targets, key=lambda t: t[:4])
            roll, outcome, rules = fire.strike(params, target, needed, "PCV-G3",
                                               f"{element.id} fires at {target.id}",
                                               element.id, game)
            game.emit("flak", unit=element.id, target=target.id, distance=hexes, needed=needed,
                      roll=roll, outcome=outcome, rules=rules)
            if outcome == "destroyed":
                remove(state, target, f"shot down by {element.id}", rules[-1], game)

    # -- text and positions ----------------------------------------------------------------
    def pieces(self, state: PcvState, hex_cm: float) -> list[Piece]:
        found = []
        for e in standing(state):
            x, y = hex_centre_cm(e.q, e.r, hex_cm)
            found.append(Piece(e.id, e.side, x, y, hex_cm * 0.25,
                               labels=[self.data.kinds[e.kind].title, f"hits {e.hits}"],
                               markers=["ground"]))
        return found

    def lines(self, state: PcvState) -> list[str]:
        return [f"  {e.id:15s} {hex_at(axial_to_offset(e.hex)):9s} {self.data.kinds[e.kind].title} "
                f"of {e.side}, {e.hits} hit(s) left (PCV-G1)" for e in standing(state)]

    def narrate(self, event: dict[str, Any]) -> str | None:
        if event["type"] == "flak":
            return (f"  {event['unit']} fires at {event['target']}, {event['distance']} hex(es) "
                    f"away, needs {event['needed']}+, rolls {event['roll']}: {event['outcome']} "
                    f"({', '.join(event['rules'])})")
        if event["type"] == "strafe":
            return (f"  {event['unit']} strafes {event['target']}, needs {event['needed']}+, "
                    f"rolls {event['roll']}: {event['outcome']}, {event['hits_left']} hit(s) "
                    f"left ({event['rule']})")
        return None

    def describe_action(self, action: Action) -> str | None:
        return f"{action.unit}: strafe {action['target']}"

    def export(self, state: PcvState) -> dict[str, Any]:
        """PCV-G5: the elements still standing, with their hit points left."""
        found = []
        for e in standing(state):
            col, row = axial_to_offset(e.hex)
            found.append({"id": e.id, "side": e.side, "kind": e.kind, "hex": [col, row],
                          "hits": e.hits})
        return {"elements": found}


def elements(state: PcvState) -> dict[str, GroundElement]:
    found: dict[str, GroundElement] = state.abilities[NAME]
    return found


def standing(state: PcvState) -> list[GroundElement]:
    """The ground elements in play, in set-up order."""
    return [e for e in elements(state).values() if e.hits > 0]
