"""How an AT-43 collision game reads and looks: the position, the menu, the log, the board."""

from __future__ import annotations

import math
from typing import Any

from polemos.core.actions import Action
from polemos.core.board import Area, Board, Piece
from polemos.core.table import CircleObstacle
from polemos.core.wording import cm, dice, does, listing, point, singular, tally, verdict
from polemos.rulesets.at43.state import At43State, Vehicle

CIRCLE_SIDES = 24
"""Corners of the polygon that draws a round wreck or terrain piece."""


def describe(state: At43State) -> str:
    lines = [f"Round {state.round}/{state.max_rounds} on a {state.table.width:g}×"
             f"{state.table.height:g} cm table (x east, y south)"]
    for side in state.sides:
        lines.append(f"{side}:")
        for v in state.vehicles.values():
            if v.side != side:
                continue
            if v.wreck:
                status = "WRECK"
            else:
                weapons = "/".join(str(w) for w in v.weapons) or "-"
                status = (f"Frame {v.frame} Prop {v.propulsion} Weap {weapons}"
                          + (" IMMOBILISED" if not v.mobile else "")
                          + (" acted" if v.acted else ""))
            lines.append(f"  {v.id:12s} {v.profile:12s} A{v.armour} S{v.size} M{v.move:g} "
                         f"at {point((v.base.x, v.base.y))} r{v.base.radius:g}  {status}")
        for t in state.troopers.values():
            if t.side == side and t.alive:
                lines.append(f"  {t.id:12s} infantry ({t.unit}) at {point((t.base.x, t.base.y))}")
    lines.append("scenery:")
    for v in state.vehicles.values():
        if not v.side:
            lines.append(f"  wreck {v.id} ({v.profile}, A{v.armour}) at "
                         f"{point((v.base.x, v.base.y))}")
    for piece in state.terrain.values():
        if not piece.removed:
            armour = piece.obstacle.armour
            sp = "indestructible" if piece.frame is None else f"SP {piece.frame}"
            lines.append(f"  terrain {piece.id} "
                         f"{'impassable' if armour is None else f'A{armour}'} {sp}")
    if state.collision is not None:
        c = state.collision
        lines.append(f"collision of {', '.join(a.id for a in c.attackers)}: {c.stage}")
    return "\n".join(lines)


def describe_action(action: Action) -> str:
    args = action.args
    kind = action.kind
    if kind == "declare":
        return f"{action.unit}: declare a {args['mode']} move" + \
            (" (+10 cm, no shooting; may ram)" if args["mode"] == "rush" else "")
    if kind in ("move", "march"):
        if not args["distance"]:
            return f"{action.unit}: stay put"
        return f"{action.unit}: {kind} {args['distance']:g} cm heading {args['heading']:g}°"
    if kind in ("ram", "join"):
        return f"{action.unit}: {kind} {args['target']} (contact point {args['offset']:+g}°)"
    if kind == "hold":
        return f"{action.unit}: hold"
    if kind == "strike":
        return "no one else joins: roll the impacts"
    if kind == "allot":
        return f"the extra damage point(s) go to {args['extra']}"
    if kind == "split":
        return f"the extra backlash impact(s) go to {args['extra']}"
    if kind == "push":
        return "push"
    if kind == "no_push":
        return "do not push"
    return f"throw {args['target']} next"


def _rules(event: dict[str, Any]) -> str:
    rules = event.get("rules") or [event.get("rule")]
    return ", ".join(r for r in rules if r)


def narrate(event: dict[str, Any]) -> str | None:
    kind = event["type"]
    line = _NARRATORS[kind](event) if kind in _NARRATORS else None
    return None if line is None else f"{line} ({_rules(event)})"


def _verb(units: list[str], verb: str) -> str:
    """The verb for a list of units: plural for several, singular for one."""
    return verb if len(units) > 1 else singular(verb)


def _impacts(e: dict[str, Any]) -> str:
    rolled = f"rolls {dice(e['dice'])}" if e["dice"] else "automatic"
    return (f"  {e['unit']} {e['band']}s {e['target']}: {e['impacts']} impact(s) on "
            f"{e['needed']}+, {rolled}: {e['damage']} damage")


def _backlash(e: dict[str, Any]) -> str:
    rolled = f"rolls {dice(e['dice'])}" if e["dice"] else "automatic"
    return (f"  backlash of {e['unit']} on {e['target']}: {e['impacts']} impact(s) on "
            f"{e['needed']}+, {rolled}: {e['damage']} damage")


def _damage(e: dict[str, Any]) -> str:
    where = e["location"] + (f" {e['weapon'] + 1}" if e["weapon"] is not None else "")
    return (f"    {e['unit']} damage located {e['roll']}: {where} (Frame {e['frame']}, "
            f"Propulsion {e['propulsion']})")


def _crush(e: dict[str, Any]) -> str:
    how = "support weapon" if e["support_weapon"] else f"needs {e['needed']}+, rolls {e['roll']}"
    whose = f" ({e['foreign']})" if e.get("foreign") else ""
    return (f"    {e['by']} passes over {e['unit']}{whose}: {how}: "
            f"{'killed' if e['killed'] else 'lives'}")


def _struck(e: dict[str, Any]) -> str:
    what = "a lethal hit" if e["lethal"] else f"{e['damage']} damage point(s)"
    return f"  {e['unit']} struck by {e['source']} ({e['cause']}): {what}"


def _end(e: dict[str, Any]) -> str:
    """The game's end; on a shared table (AT-P4) the mixed scenario narrates the part's."""
    return f"== game over: {verdict(e['winner'], e['reason'])}"


def _group(e: dict[str, Any]) -> str:
    return (f"  rammed group {listing(sorted(e['members']))}: {e['damage']} damage vs threshold "
            f"{e['threshold']}: {'moves whole' if e['reached'] else 'only the damaged move'}")


_NARRATORS: dict[str, Any] = {
    "round": lambda e: f"-- round {e['round']}: {does(e['first'], 'activate')} first",
    "declare": lambda e: f"  {e['unit']} declares a {e['mode']} move",
    "move": lambda e: (f"  {e['unit']} moves {point(e['frm'])} → {point(e['to'])}, "
                       f"{cm(e['travelled'])}" + (f", stopped by {e['stopped_by']}"
                                                      if e["stopped_by"] else "")),
    "march": lambda e: f"  {e['unit']} marches {cm(e['travelled'])}",
    "hold": lambda e: f"  {e['unit']} holds",
    "ram": lambda e: (f"  {e['unit']} rams {e['target']} from {cm(e['distance'])}: "
                      f"{e['band']}, moves {point(e['frm'])} → {point(e['to'])}"),
    "join": lambda e: (f"  {e['unit']} joins against {e['target']} ({e['band']}), "
                       f"{'in contact' if e['in_contact'] else 'behind a comrade'}"),
    "impacts": _impacts,
    "allot": lambda e: f"  {e['damage']} damage spread: {tally(e['allotted'])}",
    "split": lambda e: f"  backlash of {e['unit']} shared: {tally(e['shares'])}",
    "damage": _damage,
    "immobilised": lambda e: f"    {e['unit']} is immobilised",
    "destroyed": lambda e: f"    {e['unit']} is destroyed: a wreck",
    "wreck_shoved": lambda e: f"  {e['damage']} point(s) on wreck {e['unit']} only move it",
    "backlash": _backlash,
    "group": _group,
    "no_effect": lambda e: f"  no push or throw: {e['why']}",
    "push": lambda e: f"  {listing(e['units'])} {_verb(e['units'], 'push')} "
                      f"{listing(e['pushed'])} {round(e['travelled'], 1):g} of "
                      f"{cm(e['distance'])}",
    "no_push": lambda e: f"  {listing(e['units'])} {_verb(e['units'], 'do')} not push",
    "throw": lambda e: (f"  {e['unit']} thrown {round(e['travelled'], 1):g} of "
                        f"{cm(e['distance'])} "
                        f"→ {point(e['to'])}"),
    "meet": lambda e: f"    {e['unit']} meets {e['thing']}: {e['effect']}",
    "obstacle_holds": lambda e: f"    {e['thing']} takes nothing",
    "obstacle_impact": lambda e: (f"    {e['unit']} hits {e['thing']}: 1 impact on "
                                  f"{e['needed']}+, rolls {dice(e['dice'])}: {e['damage']} damage"),
    "terrain_damage": lambda e: f"    {e['terrain']} loses {e['points']} SP ({e['frame']} left)",
    "terrain_removed": lambda e: f"    {e['terrain']} is destroyed and removed",
    "crush": _crush,
    "survivor_moved": lambda e: f"    {e['unit']} is moved clear to {point(e['to'])}",
    "survivor_lost": lambda e: f"    {e['unit']} finds no room and is lost",
    "crush_shock": lambda e: f"    {e['unit']} ({e['foreign']}) lives where it stands and tests "
                             "its morale",
    "struck": _struck,
    "killed": lambda e: f"    {e['unit']} is killed",
    "collision_over": lambda e: f"  collision over for {', '.join(e['attackers'])}",
    "end": _end,
}


# -- the board as a picture ------------------------------------------------------------------


def board(state: At43State) -> Board:
    """AFVs and models as pieces at their base centres (no facing: AT-43 moves have none);
    wrecks and terrain as scenery areas, so the pieces are exactly the units in play."""
    pieces = [Piece(v.id, v.side, v.base.x, v.base.y, v.base.radius, labels=[_sp(v)],
                    markers=_markers(v))
              for v in state.vehicles.values() if v.side and not v.wreck]
    pieces += [Piece(t.id, t.side, t.base.x, t.base.y, t.base.radius,
                     labels=["support weapon"] if t.support_weapon else [])
               for t in state.troopers.values() if t.alive]
    areas = [Area(v.id, _circle(v.base.x, v.base.y, v.base.radius), "wreck")
             for v in state.vehicles.values() if v.wreck]
    for piece in state.terrain.values():
        if piece.removed:
            continue
        shape = piece.obstacle
        points = (_circle(shape.x, shape.y, shape.radius) if isinstance(shape, CircleObstacle)
                  else list(shape.points))
        areas.append(Area(piece.id, points, "obstacle"))
    caption = f"round {min(state.round, state.max_rounds)}/{state.max_rounds}"
    if state.collision is not None:
        caption += f": collision of {state.collision.attackers[0].id} ({state.collision.stage})"
    if state.over:
        caption += f": over, {state.reason}"
    return Board(state.table.width, state.table.height, pieces, areas, caption=caption)


def _sp(vehicle: Vehicle) -> str:
    """Structure points left: Frame, Propulsion, Weapons (AT-4)."""
    return f"F{vehicle.frame} P{vehicle.propulsion} W{sum(vehicle.weapons)}"


def _markers(vehicle: Vehicle) -> list[str]:
    return ["immobilised"] * (not vehicle.mobile) + ["rushed"] * vehicle.rushed


def _circle(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    step = 2 * math.pi / CIRCLE_SIDES
    return [(x + radius * math.cos(k * step), y + radius * math.sin(k * step))
            for k in range(CIRCLE_SIDES)]
