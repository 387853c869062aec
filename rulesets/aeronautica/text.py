"""How an Aeronautica game reads at the terminal: the position, the menu and the log.

``describe`` only ever sees a player's view, so a token the view hides prints as "?"; the log
never names a token before its aircraft moves (the "orders" event only counts them), and
actions, which carry the tokens, are never narrated. ``board`` draws the position in
centimetres for the picture renderers: positions, never tokens.
"""

from __future__ import annotations

from typing import Any

from polemos.core.actions import Action
from polemos.core.board import Board, Piece, hex_centre_cm, hex_table_size
from polemos.core.hexgrid import FACING_NAMES, axial_to_offset
from polemos.core.wording import dice, does, hex_at, listing, possessive, tally, verdict
from polemos.core.world import Presence, World
from polemos.rulesets.aeronautica.actions import acting
from polemos.rulesets.aeronautica.mixing import RADIUS, key
from polemos.rulesets.aeronautica.state import AIRCRAFT, GROUND, AiState, Model, Setup

ARROWS = ("→", "↘", "↙", "←", "↖", "↗")
PHASES = {"choose": "Choose Manoeuvres", "first": "Movement (who moves first)",
          "movement": "Movement", "tailing": "Tailing Fire", "firing": "Firing",
          "end": "End phase", "over": "game over"}


def turn_words(k: int) -> str:
    if k == 0:
        return "straight"
    if k == 3:
        return "about (180°)"
    return f"right {k}" if k > 0 else f"left {-k}"


def describe(setup: Setup, view: AiState) -> str:
    labels: dict[tuple[int, int], str] = {}
    lines = []
    for n, model in enumerate(view.models.values(), 1):
        if not model.in_play:
            continue
        col, row = axial_to_offset(model.hex)
        mark = ARROWS[model.facing] if model.kind == AIRCRAFT else "#"
        label = f"{model.side[0].upper()}{n}{mark}"
        labels[(col, row)] = label if (col, row) not in labels else "**"
        lines.append(f"  {label:4s} {_line(setup, view, model.id)}")
    grid = []
    for row in range(setup.cloth.height):
        cells = [f"{labels.get((col, row), '·'):^4s}" for col in range(setup.cloth.width)]
        grid.append(("  " if row % 2 else "") + "".join(cells))
    head = (f"Turn {view.turn}/{setup.params.turn_limit} — {PHASES[view.phase]}"
            f"{', initiative ' + view.initiative if view.initiative else ''}"
            f"{', disengagement turn' if view.turn == view.last_turn else ''}"
            f"{'; you are ' + view.viewer if view.viewer else ''}")
    return "\n".join(grid + [head] + lines + _activity(setup, view))


def foreign_lines(reachable: list[Presence], world: World) -> str:
    """Other rulesets' units Aeronautica's weapons may reach, by the names ``fire`` takes."""
    lines = [f"  {key(p):24s} {p.kind:13s} {p.side:10s} "
             f"{hex_at(axial_to_offset(world.hex_of(p)))} alt {p.altitude}" for p in reachable]
    return "\nOther rulesets' units (MIX-5, MIX-6):\n" + "\n".join(lines) if lines else ""


def _token(view: AiState, unit: str, side: str) -> str:
    """Own tokens as chosen so far; the enemy's only once revealed (AI-20)."""
    number = view.draft.get(unit, view.orders.orders.get(side, {}).get(unit))
    if number is not None:
        return str(number)
    return "none yet" if side == view.viewer else "hidden"


def _line(setup: Setup, view: AiState, unit: str) -> str:
    model, spec = view.models[unit], setup.specs[unit]
    col, row = axial_to_offset(model.hex)
    where = f"{model.id:13s} {spec.name:18s} {hex_at((col, row)):9s}"
    health = f"structure {model.structure}/{spec.structure}"
    if model.kind != AIRCRAFT:
        return f"{where} {'ground asset' if model.kind == GROUND else 'ground target'}, {health}"
    flags = [f for f in (model.marker, "landed" if model.landed else "",
                         f"tailing {model.tailing}" if model.tailing else "") if f]
    ammo = ", ".join(f"{slot} {left}" for slot, left in model.ammo.items())
    return (f"{where} facing {FACING_NAMES[model.facing]:2s} alt {model.altitude} speed "
            f"{model.speed} {health} token {_token(view, unit, model.side)}"
            f"{' ' + ' '.join(flags) if flags else ''}{' ammo: ' + ammo if ammo else ''}")


def _activity(setup: Setup, view: AiState) -> list[str]:
    if view.flight is not None:
        f = view.flight
        name = setup.templates[f.number].name
        return [f"Moving: {f.unit}, manoeuvre {f.number} ({name}), {f.stage} step, "
                f"{f.hexes_left} hexes left"]
    if view.volley is not None:
        v = view.volley
        fired = ", ".join(v.fired) or "nothing yet"
        return [f"Firing: {v.unit} ({v.mode}), fired {fired}"]
    return []


def describe_action(setup: Setup, action: Action) -> str:
    unit, args, kind = action.unit, action.args, action.kind
    if kind == "manoeuvre":
        name = setup.templates[args["number"]].name
        return f"{unit}: manoeuvre {args['number']} ({name}), hidden until it moves"
    if kind == "first":
        return f"{args['side']} moves first"
    if kind == "throttle":
        return f"{unit}: throttle to speed {args['speed']}"
    if kind == "facing":
        return f"{unit}: turn {turn_words(args['turn'])} before moving"
    if kind == "fly":
        then = "no turn" if args["turn"] == 0 else f"turn {turn_words(args['turn'])}"
        return f"{unit}: fly {args['hexes']} hex(es) to the manoeuvre hex, {then}"
    if kind == "altitude":
        change = args["change"]
        how = "stay level" if change == 0 else (f"climb {change}" if change > 0
                                                else f"dive {-change}")
        return f"{unit}: {how}"
    if kind == "drop":
        return f"{unit}: drop {args['points']} troop point(s)"
    if kind == "jink":
        return f"{unit}: jink 1 hex {FACING_NAMES[args['dir']]}"
    if kind == "fire":
        slot = next((s for s in setup.specs[acting(action)].slots if s.id == args["weapon"]),
                    None)
        name = slot.weapon.name if slot else args["weapon"]
        return f"{unit}: fire {name} at {args['target']}"
    if kind == "tail":
        return f"{unit}: tail {args['target']}"
    return {"take_off": f"{unit}: take off", "stay": f"{unit}: stay Landed",
            "land": f"{unit}: land", "done": f"{unit}: end its fire"}[kind]


def narrate(event: dict[str, Any]) -> str | None:
    handler = _NARRATORS.get(event["type"])
    return None if handler is None else handler(event)


def _rules(event: dict[str, Any]) -> str:
    return ", ".join(event["rules"]) if "rules" in event else event["rule"]


_NARRATORS: dict[str, Any] = {
    "turn": lambda e: f"== Turn {e['turn']}"
                      f"{' (disengagement turn)' if e['disengagement'] else ''} ({e['rule']})",
    "orders": lambda e: f"  {does(e['side'], 'place')} {e['tokens']} hidden manoeuvre "
                        f"token(s) ({e['rule']})",
    "initiative": lambda e: f"  {does(e['side'], 'win')} the initiative, "
                            f"{tally(dict(sorted(e['rolls'].items())))} ({e['rule']})",
    "phase": lambda e: f"-- {PHASES[e['phase']]}"
                       f"{', ' + e['first'] + ' first' if e.get('first') else ''} ({e['rule']})",
    "first": lambda e: f"  {does(e['by'], 'have')} {e['side']} move first ({e['rule']})",
    "reveal": lambda e: f"  {e['unit']} reveals manoeuvre {e['manoeuvre']} ({e['name']}) "
                        f"({_rules(e)})",
    "throttle": lambda e: f"  {e['unit']} speed {e['speed']} ({e['change']:+d}) ({e['rule']})",
    "stall": lambda e: f"  {e['unit']} stalls: {e['why']} ({_rules(e)})",
    "facing": lambda e: f"  {e['unit']} turns {turn_words(e['turn'])} to face "
                        f"{FACING_NAMES[e['facing']]} ({_rules(e)})",
    "fly": lambda e: f"  {e['unit']} flies {hex_at(e['frm'])} → {hex_at(e['to'])} facing "
                     f"{FACING_NAMES[e['facing']]} ({_rules(e)})",
    "manoeuvre_hex": lambda e: f"  {e['unit']} manoeuvre hex {e['point']}: turns "
                               f"{turn_words(e['turn'])} to face {FACING_NAMES[e['facing']]} "
                               f"({_rules(e)})",
    "crowded": lambda e: f"  {e['unit']} may not end on {possessive(e['other'])} "
                         f"{hex_at(e['hex'])}: one hex more ({e['rule']})",
    "lost": lambda e: f"  {e['unit']} ({e['side']}) is out, {e['status']}: {e['why']} "
                      f"({e['rule']})",
    "altitude": lambda e: f"  {e['unit']} {_change(e['change'])}: altitude {e['altitude']}, "
                          f"speed {e['speed']} ({e['rule']})",
    "pull_out": lambda e: f"  {e['unit']} rolls {e['roll']} and pulls out at altitude 1 "
                          f"({e['rule']})",
    "crash": lambda e: f"  {e['unit']} rolls {e['roll']} and crashes ({e['rule']})",
    "break_up": lambda e: f"  {e['unit']} at speed {e['speed']} rolls {e['roll']}: "
                          f"{'holds together' if e['held'] else 'loses 1 Structure'} "
                          f"({e['rule']})",
    "land": lambda e: f"  {e['unit']} lands; {e['troops']} troop point(s) off, {e['vp']} VP "
                      f"({e['rule']})",
    "drop": lambda e: f"  {e['unit']} drops {e['points']} troop point(s), rolls "
                      f"{dice(e['rolls'])} "
                      f"needing more than {e['above']}: {e['safe']} safe, {e['vp']} VP "
                      f"({e['rule']})",
    "stay": lambda e: f"  {e['unit']} stays Landed ({e['rule']})",
    "jink": lambda e: f"  {e['unit']} jinks {hex_at(e['frm'])} → {hex_at(e['to'])} "
                      f"({e['rule']})",
    "fire": lambda e: f"  {e['unit']} fires {e['weapon']} at {e['target']}, {e['hexes']} "
                      f"hex(es) ({e['band']}), modifier {e['modifier']:+d}: rolls "
                      f"{dice(e['rolls'])} → {e['hits']} hit(s)"
                      + (f"; damage rolls {dice(e['damage_rolls'])} → {e['damage']}"
                         if e["damage_rolls"] else "") + f" ({_rules(e)})",
    "scatter": lambda e: f"  scatter onto {e['target']}: rolls {e['roll']}, "
                         f"{'hit, damage ' + str(e['damage']) if e['hit'] else 'clear'} "
                         f"({_rules(e)})",
    "damage": lambda e: f"  {e['unit']} loses {e['amount']} Structure to {e['source']} "
                        f"({e['structure']} left) ({_rules(e)})",
    "ejector": lambda e: f"  {e['unit']} ejector seats roll {e['roll']}: worth {e['worth']} % "
                         f"({e['rule']})",
    "return_fire": lambda e: f"  {possessive(e['unit'])} tail gunner fires back at "
                             f"{e['target']} "
                             f"({e['rule']})",
    "stall_test": lambda e: f"  {e['unit']} stall test rolls {e['roll']}: "
                            f"{'recovers' if e['passed'] else 'spins'} ({_rules(e)})",
    "spin_recovery": lambda e: f"  {e['unit']} spin recovery rolls {e['roll']}: "
                               f"{'recovers' if e['passed'] else 'falls a level'} "
                               f"({_rules(e)})",
    "tailing": lambda e: f"  {e['unit']} is tailing {e['target']} ({e['rule']})",
    "disengagement": lambda e: f"  {listing(e['sides'])} at 25 % or less: turn {e['turn']} "
                               f"is the disengagement turn ({e['rule']})",
    "end": lambda e: f"== game over: {verdict(e['winner'], e['reason'])}; victory points "
                     f"{tally(dict(sorted(e['vp'].items())))} ({_rules(e)})",
}


def _change(change: int) -> str:
    return "stays level" if change == 0 else (f"climbs {change}" if change > 0
                                              else f"dives {-change}")


# -- the board as a picture ------------------------------------------------------------------
GROUND_RADIUS = 0.4
"""Ground models are drawn larger, under any aircraft over their hex."""


def board(setup: Setup, state: AiState, hex_cm: float) -> Board:
    """The Area of Engagement as a picture: every model in play at its hex centre, ground models
    first so that aircraft over them stay visible; aircraft point along their facing."""
    width, height = hex_table_size(setup.cloth.width, setup.cloth.height, hex_cm)
    models = [m for m in state.models.values() if m.in_play]
    models.sort(key=lambda m: m.kind == AIRCRAFT and not m.landed)
    pieces = [_piece(setup, m, hex_cm) for m in models]
    caption = f"turn {state.turn}/{setup.params.turn_limit}: {PHASES[state.phase]}"
    return Board(width, height, pieces, hex_cm=hex_cm, hex_columns=setup.cloth.width,
                 hex_rows=setup.cloth.height, caption=caption)


def _piece(setup: Setup, model: Model, hex_cm: float) -> Piece:
    spec = setup.specs[model.id]
    x, y = hex_centre_cm(model.q, model.r, hex_cm)
    health = f"str {model.structure}/{spec.structure}"
    if model.kind != AIRCRAFT:
        return Piece(model.id, model.side, x, y, hex_cm * GROUND_RADIUS, labels=[health],
                     markers=["damaged"] * (model.structure < spec.structure))
    markers = [{"stall": "stalled", "spin": "spinning"}[model.marker]] if model.marker else []
    markers += ["landed"] * model.landed
    markers += [f"tailing {model.tailing}"] if model.tailing else []
    return Piece(model.id, model.side, x, y, hex_cm * RADIUS, facing_deg=60.0 * model.facing,
                 labels=[f"alt {model.altitude}", f"spd {model.speed}", health],
                 markers=markers)
