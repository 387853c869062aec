"""How a De Bello Gallico game reads at the terminal: the table, the menu and the log."""

from __future__ import annotations

from typing import Any

from polemos.core.actions import Action
from polemos.core.wording import cm, does, listing, point, possessive, verdict
from polemos.rulesets.de_bello_gallico.geometry import on_table, pinned
from polemos.rulesets.de_bello_gallico.models import skill_points
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter, discipline, skill_bonus

CELL_CM = 2.0
"""One character of the map is 2 cm square."""
TERRAIN_CHAR = {"river": "~", "bridge": "=", "scrub": '"', "marsh": ",", "wall": "#",
                "building": "▓", "hill": "^"}
AREA_KIND = {"river": "water", "bridge": "bridge", "scrub": "terrain", "marsh": "terrain",
             "wall": "obstacle", "building": "obstacle", "hill": "zone"}
"""Terrain kinds as ``core.render`` colours them."""
RANK_NAMES = ("", "officer", "officier supérieur", "officier en chef")
PHASES = {"move": "movement and shooting", "melee": "melee", "break": "morale: break point",
          "manoeuvre": "morale: officers' manoeuvres", "rally": "morale: individual rallies",
          "over": "game over"}


def letters(state: DbgState) -> dict[str, str]:
    """A map letter per fighter: lower case for the first side, upper case for the second."""
    found: dict[str, str] = {}
    counts = [0, 0]
    for fighter in state.fighters.values():
        n = state.sides.index(fighter.side)
        symbol = "abcdefghijklmnopqrstuvwxyz0123456789"[counts[n] % 36]
        found[fighter.id] = symbol.upper() if n else symbol
        counts[n] += 1
    return found


def markers(state: DbgState, fighter: Fighter) -> list[str]:
    marks = []
    if fighter.wounds:
        marks.append("wounded")
    if fighter.retreating:
        marks.append("retreat")
    if fighter.bolting:
        marks.append("emballé")
    if fighter.frenzied:
        marks.append("frenzy")
    if fighter.in_play and pinned(state, fighter):
        marks.append("pinned")
    if fighter.mount_wounds:
        marks.append("mount wounded")
    return marks


def labels(fighter: Fighter) -> list[str]:
    out = [RANK_NAMES[fighter.rank]] if fighter.rank else []
    return out + [item for item in fighter.items if item in ("aquila", "ensign",
                                                             "celtic_standard")]


def caption(state: DbgState) -> str:
    return (f"turn {state.turn}/{state.max_turns}, {PHASES[state.phase]}, initiative "
            f"{state.initiative}")


def describe(state: DbgState) -> str:
    """An ASCII table (north up, 2 cm a character) and the list of fighters with their
    Mouvement, Combat, Tir and Discipline as skills leave them."""
    table = state.ground.table
    cols, rows = int(table.width // CELL_CM), int(table.height // CELL_CM)
    grid = [["·"] * cols for _ in range(rows)]
    for feature in state.ground.features:
        for r in range(rows):
            for c in range(cols):
                if feature.shape.contains_point((c + 0.5) * CELL_CM, (r + 0.5) * CELL_CM):
                    grid[r][c] = TERRAIN_CHAR[feature.kind]
    marks = letters(state)
    for fighter in on_table(state):
        c = min(int(fighter.base.x // CELL_CM), cols - 1)
        r = min(int(fighter.base.y // CELL_CM), rows - 1)
        grid[r][c] = marks[fighter.id]
    lines = ["".join(row) for row in grid]
    points = ", ".join(f"{side} {side_points(state, side)}" for side in state.sides)
    lines.append(f"{caption(state)}; skill points {points} (DBG-6)")
    for fighter in state.fighters.values():
        where = (point((fighter.base.x, fighter.base.y)) if fighter.in_play
                 else fighter.status + (f" by the {fighter.exit_edge} edge"
                                        if fighter.exit_edge else ""))
        extra = ", ".join(labels(fighter) + fighter.skills + markers(state, fighter))
        lines.append(f"  {marks[fighter.id]} {fighter.id:12s} {fighter.side:10s} {where:16s} "
                     f"M{fighter.move:g} C{fighter.combat + skill_bonus(fighter, 'combat')} "
                     f"T{_tir(fighter)} D{discipline(fighter)}{'  ' + extra if extra else ''}")
    return "\n".join(lines)


def side_points(state: DbgState, side: str) -> int:
    """DBG-6: a side's points are the costs of its fighters' skills."""
    return sum(skill_points(f.skills) for f in state.fighters.values() if f.side == side)


def _tir(fighter: Fighter) -> str:
    return "-" if fighter.shoot is None else str(fighter.shoot)


def describe_action(action: Action) -> str:
    args, unit = action.args, action.unit
    kind = action.kind
    if kind == "activate":
        return f"activate {unit}"
    if kind == "move":
        via = f"{args['via']}, " if args.get("via") else ""
        return f"{unit}: move {via}to {point((args['x'], args['y']))}"
    if kind == "charge":
        return f"{unit}: charge {args['target']}"
    if kind == "withdraw":
        return f"{unit}: withdraw by the {args['edge']} edge"
    if kind == "shoot":
        return f"{unit}: shoot at {args['target']}"
    if kind == "end":
        return f"{unit}: end its activation"
    if kind == "attack":
        at = " (its mount)" if args.get("at") == "mount" else ""
        return f"{unit}: attack {args['target']}{at}"
    if kind == "substitute":
        return f"{unit}: test for the friends within reach (break point)"
    if kind == "break_test":
        return "roll the break-point tests"
    if kind == "rally":
        return f"{unit}: Rally manoeuvre"
    if kind == "rally_one":
        return f"{unit}: try to rally"
    return "pass"


def _rules(event: dict[str, Any]) -> str:
    return ", ".join(event.get("rules") or [event["rule"]])


def narrate(event: dict[str, Any]) -> str | None:
    """One line per event that a player wants to read; activations ending stay silent (the
    next line shows it), as do rolls (``-v`` prints them)."""
    kind = event["type"]
    line = _NARRATORS.get(kind)
    return None if line is None else f"{line(event)} ({_rules(event)})"


def _test(event: dict[str, Any]) -> str:
    outcome = "passes" if event["passed"] else "fails"
    return f"{event['total']} vs {event['difficulty']} (die {event['die']}): {outcome}"


_NARRATORS: dict[str, Any] = {
    "turn": lambda e: f"== turn {e['turn']}",
    "initiative": lambda e: "  initiative: " + ", ".join(
        f"{s} {t}" for s, t in e["totals"].items()) + (
        f" → {e['winner']}" if e["winner"] else " → tie, roll again"),
    "phase": lambda e: f"-- {e['phase']} (initiative {e['side']})",
    "activate": lambda e: f"  {does(e['side'], 'activate')} {e['unit']}",
    "move": lambda e: f"  {e['unit']} {'charges' if e['kind'] == 'charge' else 'moves'} "
                      f"{point(e['frm'])} → {point(e['to'])}, {cm(e['cm'])}"
                      + (f", in contact with {listing(e['contact'])}" if e["contact"] else ""),
    "shot": lambda e: f"  {e['unit']} shoots at {e['target']} ({cm(e['cm'])}): "
                      f"{e['total']} vs {e['difficulty']} (die {e['die']}): "
                      f"{'hit' if e['hit'] else 'miss'}",
    "duel": lambda e: f"  {e['attacker']} attacks {e['target']}"
                      f"{' (mount)' if e['at'] == 'mount' else ''}: {e['scores'][0]} vs "
                      f"{e['scores'][1]}, " + (f"{e['winner']} wins by {e['margin']}"
                                              if e["winner"] else "a tie, no effect"),
    "wounded": lambda e: f"  {e['unit']} is wounded ({e['cause']})",
    "wound_ignored": lambda e: f"  {e['unit']} shrugs off its first wound (Tough)",
    "out_of_action": lambda e: f"  {e['unit']} is out of action ({e['cause']})",
    "mount_wounded": lambda e: f"  {possessive(e['unit'])} {e['mount']} is wounded",
    "mount_killed": lambda e: f"  {possessive(e['unit'])} {e['mount']} falls; it fights on "
                              "foot",
    "morale_test": lambda e: f"  {e['unit']} tests morale ({e['cause']}): {_test(e)}",
    "immune": lambda e: f"  {e['unit']} takes no test ({e['cause']})",
    "retreat": lambda e: f"  {e['unit']} retreats",
    "leaves_formation": lambda e: f"  {e['unit']} leaves formation {e['formation']}",
    "flight": lambda e: f"  {e['unit']} flees {cm(e['cm'])} {point(e['frm'])} → "
                        f"{point(e['to'])}"
                        + (f", stopped by {e['stopped_by']}" if e["stopped_by"] else ""),
    "left_table": lambda e: f"  {e['unit']} leaves the table by the {e['edge']} edge",
    "withdrawn": lambda e: f"  {e['unit']} withdraws by the {e['edge']} edge",
    "frenzy": lambda e: f"  {e['unit']} becomes Frenzied",
    "bolt": lambda e: f"  {possessive(e['unit'])} mount bolts (Emballé)",
    "regain": lambda e: f"  {e['unit']} tries to master its mount: {_test(e)}",
    "rallied": lambda e: f"  {e['unit']} is rallied",
    "rally_manoeuvre": lambda e: f"  {e['unit']} attempts a Rally ({cm(e['reach'])}): "
                                 f"{_test(e)}",
    "rally_test": lambda e: f"  {e['unit']} tries to rally: {_test(e)}",
    "break_point": lambda e: f"  {does(e['side'], 'reach')} the break point: {e['lost']} of "
                             f"{e['starting']} lost",
    "substitute": lambda e: f"  {e['unit']} will test for the friends around it",
    "pass": lambda e: f"  {does(e['side'], 'pass')}",
    "shock": lambda e: f"  {e['unit']} is shaken: {e['cause']}",
    "end": lambda e: f"== game over: {verdict(e['winner'], e['reason'])}",
}
