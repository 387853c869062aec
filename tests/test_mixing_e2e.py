"""Mixing end to end (docs/mixing.md): the real rulesets on one table, with scripted dice.

The rulesets' own mixing tests meet stand-ins (the toy pickets); here Aeronautica bombs and
shoots at real De Bello Gallico fighters, AT-43 vehicles and Petit Cirque Volant biplanes, a
biplane lands on a real warrior, a real Kossak drives through a real warband, and every effect
is checked in the owner's own terms: wounds, morale tests, flight, located damage, break point.

Dice scripts read in the order the game rolls them. A De Bello Gallico part rolls its turn's
initiative (DBG-10) as soon as the turn opens, so at set-up: ``DBG_ROMANS_FIRST`` (romans 9,
gauls 1, no officer rolling). Aeronautica rolls its initiative when every token is
chosen (AI-21): ``AI_INITIATIVE``.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.plugins import make_plugin_manager
from polemos.core.render import render_svg
from polemos.core.scenario import load_scenario
from tests.conftest import events, new_game
from tests.mixing_fixtures import (
    SIDES,
    aeronautica,
    afv,
    aircraft,
    at43,
    battery,
    biplane,
    centre,
    dbg,
    fighter,
    mixed,
    petit_cirque,
)
from tests.rulesets.aeronautica.test_mixing import to_firing
from tests.rulesets.at43.test_mixing import rush

SHOWCASE = Path(__file__).parent.parent / "scenarios" / "mixed" / "bridge-showcase.yaml"
DBG_ROMANS_FIRST = [9, 1]
AI_INITIATIVE = [4, 2]
PASSIVE = ("hold", "end", "pass", "done", "wait")
"""Actions that decide nothing: end an activation, pass a step, hold fire."""


def gaul(id_: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return fighter(id_, "gauls", x, y, troop="gallic_warrior", nation="celt", **extra)


def part(game: Game, name: str) -> Any:
    return game.state.parts[name]


def after(game: Game, start: int, kind: str) -> list[dict[str, Any]]:
    """The events of type ``kind`` logged since event number ``start``."""
    return [e for e in game.events[start:] if e["type"] == kind]


def rolled(game: Game) -> list[int]:
    """Every die rolled so far, in order: a test's script must be used up exactly."""
    return [die for e in events(game, "roll") for die in e["dice"]]


def fire(game: Game, unit: str, weapon: str, target: str) -> int:
    """Every other Aeronautica model ahead of ``unit`` holds its fire; ``unit`` fires, and the
    action must be one of the legal ones. Returns the number of events before the shot."""
    wanted = Action("fire", unit, {"weapon": weapon, "target": target})
    while wanted not in (legal := game.legal_actions()):
        others = [a for a in legal if a.kind == "done" and a.unit != unit]
        assert others, f"{wanted} is not legal: {legal}"
        game.step(others[0])
    start = len(game.events)
    game.step(wanted)
    return start


def idle(game: Game, ruleset: str) -> None:
    """Play ``ruleset``'s turn doing nothing: activate and end, hold, pass; aircraft fly
    straight and level at their speed."""
    while game.to_act() is not None and game.rules.active_part(game.state) == ruleset:
        legal = game.legal_actions()
        choice = (next((a for a in legal if a.kind in PASSIVE), None)
                  or next((a for a in legal if a.kind == "activate"), None)
                  or next((a for a in legal if a.kind == "step"
                           and a.args == {"dir": "straight", "alt": "level"}), None)
                  or next(a for a in legal if a.kind == "speed" and a["change"] == 0))
        game.step(choice)


# -- MIX-5: bombs on foreign ground units ---------------------------------------------------
def bombing_run(ground: dict[str, dict[str, Any]], *, bomber_side: str = "romans"
                ) -> dict[str, Any]:
    """A Marauder flies from [1, 4] to [4, 4] at Altitude 1 (bombing at +1, AI-59); the other
    side's flak stands far off in [13, 10], out of the fight."""
    bomber = [aircraft("m1", "marauder", 1, 4, altitude=1, speed=3)]
    flak = [battery("flak", 13, 10)]
    squadrons = (bomber, flak) if bomber_side == "romans" else (flak, bomber)
    return mixed({"aeronautica": aeronautica(*squadrons), **ground})


def test_mix5_dbg7_dbg26_ai60_a_bomb_wounds_a_warrior_who_flees_and_scatter_wounds_the_next():
    """MIX-5 with AI-59, AI-60; MIX-4 → DBG-7, DBG-26, DBG-28. The Marauder bombs g1 in
    [4, 4]: to-hit 6 (one hit), damage die 3 (1 point): g1 is wounded and tests at once, die 2
    + Discipline 3 = 5 < 10: Retreat, and flees half its Mouvement (5 cm) away from the nearest
    enemy. Scatter then reaches g2 in the adjacent hex [5, 4] (4: hit, damage 3: 1 point):
    wounded, it tests, 7 + 3 = 10 passes (the edge) and stands. g3, two hexes off, is not
    rolled for."""
    ground = {"de_bello_gallico": dbg(gaul("g1", *centre(4, 4)), gaul("g2", *centre(5, 4)),
                                      gaul("g3", *centre(6, 4)), fighter("r1", "romans", 80, 10))}
    dice = DBG_ROMANS_FIRST + AI_INITIATIVE + [6, 2, 2, 2, 2, 2, 2, 2, 3, 2, 4, 3, 7]
    game = new_game(bombing_run(ground), dice=dice)
    to_firing(game)
    start = fire(game, "m1", "bomb_bay", "de_bello_gallico:g1")
    [shot] = after(game, start, "fire")
    assert (shot["hits"], shot["damage"], shot["modifier"], shot["rules"][-1]) == \
        (1, 1, 1, "MIX-5")
    assert [(e["unit"], e["cause"], e["rules"]) for e in after(game, start, "wounded")] == \
        [("g1", "bomb (m1)", ["MIX-5", "DBG-7"]), ("g2", "bomb (m1)", ["MIX-5", "DBG-7"])]
    tests = [(e["unit"], e["die"], e["total"], e["passed"], e["rules"])
             for e in after(game, start, "morale_test")]
    assert tests == [("g1", 2, 5, False, ["DBG-26", "DBG-25"]),
                     ("g2", 7, 10, True, ["DBG-26", "DBG-25"])]
    [flight] = after(game, start, "flight")
    assert (flight["unit"], flight["frm"], flight["cm"], flight["how"], flight["enemy"]) == \
        ("g1", [27.0, 24.25], 5.0, "away", "r1")
    [scatter] = after(game, start, "scatter")
    assert (scatter["target"], scatter["roll"], scatter["hit"], scatter["damage"],
            scatter["rules"]) == ("de_bello_gallico:g2", 4, True, 1, ["AI-60", "AI-50", "MIX-5"])
    hits = [(e["unit"], e["source"], e["cause"], e["effect"], e["rule"])
            for e in after(game, start, "hit")]
    assert hits == [("g1", "m1", "bomb", "wounded", "MIX-5"),
                    ("g2", "m1", "bomb", "wounded", "MIX-5")]
    fighters = part(game, "de_bello_gallico").fighters
    g1, g2, g3 = fighters["g1"], fighters["g2"], fighters["g3"]
    assert (g1.wounds, g1.retreating, g1.in_play) == (1, True, True)
    assert math.dist((g1.base.x, g1.base.y), centre(4, 4)) == pytest.approx(5.0)
    assert (g2.wounds, g2.retreating, (g2.base.x, g2.base.y)) == (1, False, centre(5, 4))
    assert (g3.wounds, g3.retreating) == (0, False)
    assert rolled(game) == dice


def test_mix5_mix9_dbg43_a_tough_warrior_ignores_the_first_bomb_wound_and_does_not_test():
    """MIX-5 → MIX-4, DBG-43: Tough ignores the first wound it receives, from any ruleset:
    no wound, no morale test (the script holds no d10 for one)."""
    ground = {"de_bello_gallico": dbg(gaul("g1", *centre(4, 4), skills=["tough"]),
                                      fighter("r1", "romans", 80, 10))}
    dice = DBG_ROMANS_FIRST + AI_INITIATIVE + [6, 2, 2, 2, 2, 2, 2, 2, 3]
    game = new_game(bombing_run(ground), dice=dice)
    to_firing(game)
    start = fire(game, "m1", "bomb_bay", "de_bello_gallico:g1")
    [ignored] = after(game, start, "wound_ignored")
    assert (ignored["unit"], ignored["rules"]) == ("g1", ["MIX-5", "DBG-43"])
    assert after(game, start, "wounded") == [] and after(game, start, "morale_test") == []
    [hit] = after(game, start, "hit")
    assert (hit["unit"], hit["destroyed"], hit["effect"]) == ("g1", False, "unhurt")
    g1 = part(game, "de_bello_gallico").fighters["g1"]
    assert (g1.wounds, g1.tough_used, g1.retreating) == (0, True, False)
    assert rolled(game) == dice


@pytest.mark.parametrize(("die", "where", "after_hit"), [
    (2, "propulsion", (4, 1, [1, 1])),
    (3, "frame", (3, 2, [1, 1])),
    (5, "frame", (3, 2, [1, 1])),
    (6, "weapon", (4, 2, [0, 1]))])
def test_mix5_mix4_at4_a_bomb_on_a_kossak_is_one_damage_point_where_the_die_says(
        die: int, where: str, after_hit: tuple[int, int, list[int]]):
    """MIX-5, MIX-4 → AT-4: one bombing hit (to-hit 6, damage 3: 1 point) on the gallic Kossak
    standing in [4, 4] is one damage point, located by a D6: 1–2 Propulsion, 3–5 Frame, 6 the
    first Weapon still working (Kossak: Frame 4, Propulsion 2, Weapons 1, 1)."""
    ground = {"at43": at43(afv("kossak", "gauls", "Kossak", *centre(4, 4)))}
    dice = AI_INITIATIVE + [6, 2, 2, 2, 2, 2, 2, 2, 3, die]
    game = new_game(bombing_run(ground), dice=dice)
    to_firing(game)
    assert "at43:kossak" in {a["target"] for a in game.legal_actions() if a.kind == "fire"}
    start = fire(game, "m1", "bomb_bay", "at43:kossak")
    [located] = after(game, start, "damage")
    assert (located["unit"], located["roll"], located["location"], located["rules"]) == \
        ("kossak", die, where, ["MIX-5", "AT-4"])
    kossak = part(game, "at43").vehicles["kossak"]
    assert (kossak.frame, kossak.propulsion, kossak.weapons) == after_hit
    assert not kossak.wreck
    [hit] = after(game, start, "hit")
    assert (hit["unit"], hit["ruleset"], hit["damage"], hit["effect"], hit["rule"]) == \
        ("kossak", "at43", 1, "damaged", "MIX-5")


# -- MIX-6: ground-to-air fire at a foreign biplane -----------------------------------------
def test_mix6_pcv17_flak_damages_a_biplane_and_a_second_battery_destroys_it():
    """MIX-6 with AI-55, MIX-4 → PCV-17. Two gallic flak platforms fire at the roman Spad at
    Altitude 4, three hexes off (Effective Altitude 2: −2). flak-1: two natural 6s hit, damage
    5, 4 → 1 point: the Spad is damaged. flak-2: one 6, damage 5 → 1 point: the second damage
    destroys it (PCV-17), and the Petit Cirque Volant part is over (PCV-3); the Roman
    Thunderbolt, out of reach, holds its fire."""
    raw = mixed({
        "aeronautica": aeronautica([aircraft("tb", "thunderbolt", 10, 0, altitude=5, speed=4)],
                                   [battery("flak-1", 4, 4), battery("flak-2", 4, 6)]),
        "petit_cirque": petit_cirque(biplane("spad", "romans", 6, 5, 4, facing="W"),
                                     biplane("fokker", "gauls", 1, 9, 2))})
    dice = AI_INITIATIVE + [6, 6, 5, 1, 2, 3, 4, 4, 5, 4] + [6, 1, 1, 1, 1, 1, 1, 1, 5]
    game = new_game(raw, dice=dice)
    to_firing(game)
    spad = part(game, "petit_cirque").planes["spad"]
    first = fire(game, "flak-1", "guns", "petit_cirque:spad")
    [shot] = after(game, first, "fire")
    assert (shot["hexes"], shot["modifier"], shot["hits"], shot["damage"], shot["rules"]) == \
        (3, -2, 2, 1, ["AI-55", "AI-47", "AI-50", "MIX-6"])
    [hit] = after(game, first, "hit")
    assert (hit["unit"], hit["cause"], hit["damage"], hit["destroyed"], hit["effect"]) == \
        ("spad", "flak", 1, False, "damaged")
    assert (spad.damage, spad.in_play) == (1, True)
    piece = next(p for p in game.rules.board(game.state).pieces if p.id == "spad")
    assert piece.markers == ["damaged"]
    second = fire(game, "flak-2", "guns", "petit_cirque:spad")
    [hit] = after(game, second, "hit")
    assert (hit["unit"], hit["damage"], hit["destroyed"], hit["effect"]) == \
        ("spad", 1, True, "destroyed")
    assert (spad.damage, spad.in_play) == (2, False)
    [lost] = after(game, second, "lost")
    assert (lost["unit"], lost["why"], lost["rule"]) == ("spad", "flak by flak-2", "MIX-6")
    pcv = part(game, "petit_cirque")
    assert not pcv.over  # MIX-10: on a shared table the gauls' biplanes fly on
    assert "spad" not in {p.unit for p in game.world.presences()}
    assert not game.state.over and game.result() is None


# -- MIX-7: a biplane coming down on the ground troops --------------------------------------
@pytest.mark.parametrize(("wounds", "dice", "effect"), [
    (0, [4], "wounded"), (1, [], "out of action")])
def test_mix7_dbg7_a_biplane_landing_on_a_warrior_wounds_him(wounds: int, dice: list[int],
                                                            effect: str):
    """MIX-7 → MIX-4, DBG-7, DBG-26. The Spad at Altitude 1 in [3, 4] steps east and down
    into [4, 4]: it lands (PCV-11) on g1, who takes one wound. Healthy, g1 is wounded and
    tests (4 + 3 = 7: Retreat); already wounded, he is out of action, with no test. g2 in
    the next hex is untouched."""
    raw = mixed({
        "petit_cirque": petit_cirque(biplane("spad", "romans", 3, 4, 1),
                                     biplane("fokker", "gauls", 12, 9, 4, facing="W")),
        "de_bello_gallico": dbg(gaul("g1", *centre(4, 4)), gaul("g2", *centre(5, 4)),
                                fighter("r1", "romans", 80, 10))})
    game = new_game(raw, dice=DBG_ROMANS_FIRST + dice)
    fighters = part(game, "de_bello_gallico").fighters
    fighters["g1"].wounds = wounds
    start = len(game.events)
    game.step(Action("step", "spad", {"dir": "straight", "alt": "down"}))
    [landed] = after(game, start, "lost")
    assert (landed["unit"], landed["rule"]) == ("spad", "PCV-11")
    [hit] = after(game, start, "hit")
    assert (hit["unit"], hit["ruleset"], hit["source"], hit["cause"], hit["damage"],
            hit["effect"], hit["rule"]) == ("g1", "de_bello_gallico", "spad", "crash", 1,
                                            effect, "MIX-7")
    tests = [(e["unit"], e["die"], e["passed"]) for e in after(game, start, "morale_test")]
    if wounds == 0:
        assert after(game, start, "wounded")[0]["rules"] == ["MIX-7", "DBG-7"]
        assert tests == [("g1", 4, False)] and fighters["g1"].retreating
        assert fighters["g1"].wounds == 1 and fighters["g1"].in_play
    else:
        [out] = after(game, start, "out_of_action")
        assert (out["unit"], out["rules"]) == ("g1", ["MIX-7", "DBG-7"])
        assert tests == [] and fighters["g1"].status == "out"
    assert (fighters["g2"].wounds, fighters["g2"].retreating) == (0, False)
    assert rolled(game) == DBG_ROMANS_FIRST + dice


def test_mix7_at4_a_biplane_falling_at_speed_0_is_a_located_point_on_the_kossak_below():
    """MIX-7 → MIX-4, AT-4. The Spad (Altitude 3, Speed 1) flies into [4, 4] and drops its
    speed to 0: it falls (PCV-10, PCV-11) onto the gallic Kossak there, one damage point,
    located by the D6: 6, the first Weapon."""
    raw = mixed({
        "petit_cirque": petit_cirque(biplane("spad", "romans", 3, 4, 3),
                                     biplane("fokker", "gauls", 12, 9, 4, facing="W")),
        "at43": at43(afv("kossak", "gauls", "Kossak", *centre(4, 4)))})
    game = new_game(raw, dice=[6])
    game.step(Action("step", "spad", {"dir": "straight", "alt": "level"}))
    start = len(game.events)
    game.step(Action("speed", "spad", {"change": -1}))
    [fell] = after(game, start, "lost")
    assert (fell["unit"], fell["why"], fell["rule"]) == ("spad", "fell (speed 0)", "PCV-11")
    [located] = after(game, start, "damage")
    assert (located["unit"], located["roll"], located["location"], located["rules"]) == \
        ("kossak", 6, "weapon", ["MIX-7", "AT-4"])
    [hit] = after(game, start, "hit")
    assert (hit["unit"], hit["source"], hit["cause"], hit["damage"], hit["effect"]) == \
        ("kossak", "spad", "crash", 1, "damaged")
    assert part(game, "at43").vehicles["kossak"].weapons == [0, 1]
    assert rolled(game) == [6]


# -- MIX-8, MIX-9: a rushing vehicle through a warband --------------------------------------
def test_mix8_mix9_at8_dbg26_a_rushing_kossak_crushes_gauls_and_the_others_test():
    """MIX-8 → AT-8, MIX-9 → DBG-26. The Roman Kossak rushes 28 cm east along y = 30 over
    three Gauls, rolled for in the order reached:
    - chief (an officer, 5: killed on 5+, the edge): out of action (a lethal hit); his friends
      within 10 cm and in sight test (DBG-26): g3 rolls 9 (12, passes), watcher 2 (5: flees);
    - g3, engaged (its base touches the Roman r2 at 0.1 cm): killed on 3+, rolls 3;
    - g2 (4 < 5): lives where it stands and tests its morale at once (MIX-8 shock → DBG-26):
      7 + 3 = 10, passes.
    r2, 0.1 cm beside the Kossak's path, is not run over."""
    raw = mixed({
        "at43": at43(afv("kossak", "romans", "Kossak", 10, 30)),
        "de_bello_gallico": dbg(gaul("chief", 20, 30, rank="officer"), gaul("g3", 26, 33),
                                gaul("g2", 36, 30), gaul("watcher", 20, 37),
                                fighter("r2", "romans", 26, 35.1))})
    dice = DBG_ROMANS_FIRST + [5, 9, 2, 3, 4, 7]
    game = new_game(raw, dice=dice)
    start = len(game.events)
    rush(game, "kossak", 0, 28)
    crushed = [(e["unit"], e["foreign"], e["roll"], e["needed"], e["engaged"], e["killed"],
                e["rules"]) for e in after(game, start, "crush")]
    assert crushed == [
        ("chief", "de_bello_gallico", 5, 5, False, True, ["AT-8", "MIX-8"]),
        ("g3", "de_bello_gallico", 3, 3, True, True, ["AT-8", "MIX-8"]),
        ("g2", "de_bello_gallico", 4, 5, False, False, ["AT-8", "MIX-8"])]
    assert [(e["unit"], e["effect"], e["rule"]) for e in after(game, start, "hit")] == \
        [("chief", "out of action", "MIX-8"), ("g3", "out of action", "MIX-8")]
    tests = [(e["unit"], e["cause"], e["die"], e["passed"], e["rules"])
             for e in after(game, start, "morale_test")]
    assert tests == [
        ("g3", "officer chief fell", 9, True, ["DBG-26", "DBG-25"]),
        ("watcher", "officer chief fell", 2, False, ["DBG-26", "DBG-25"]),
        ("g2", "crushed past by kossak", 7, True, ["DBG-26", "DBG-25"])]
    [shock] = after(game, start, "shock")
    assert (shock["unit"], shock["rule"], shock["source"]) == ("g2", "MIX-8", "kossak")
    fighters = part(game, "de_bello_gallico").fighters
    assert [f for f, x in fighters.items() if x.status == "out"] == ["chief", "g3"]
    assert (fighters["g2"].base.x, fighters["g2"].base.y, fighters["g2"].retreating) == \
        (36, 30, False)
    assert fighters["watcher"].retreating and [e["unit"] for e in
                                               after(game, start, "flight")] == ["watcher"]
    assert fighters["r2"].in_play and fighters["r2"].wounds == 0
    assert part(game, "at43").vehicles["kossak"].base.x == 38
    assert rolled(game) == dice


def test_mix5_mix9_dbg26_ai60_an_officer_fleeing_a_bomb_takes_his_neighbour_off_before_scatter():
    """MIX-5, MIX-9 → DBG-26, DBG-28, DBG-31; AI-60 (a unit gone by its turn to roll is
    skipped). The Marauder flies along the north edge to [3, 0] and bombs the gallic officer
    there (one hit, 1 point): wounded, he tests (2 + 4 = 6: Retreat) and runs for the north
    edge, 5 cm off: he leaves the table. His friend g2 in the adjacent hex [2, 0], 4 cm from
    him and in sight, tests because his officer retreated (2 + 3: Retreat) and leaves the
    table too — so the scatter, which had taken g2 when the bomb fell, rolls nothing."""
    raw = mixed({
        "aeronautica": aeronautica([aircraft("m1", "marauder", 0, 0, altitude=1, speed=3)],
                                   [battery("flak", 13, 10)]),
        "de_bello_gallico": dbg(gaul("officer", *centre(3, 0), rank="officer"),
                                gaul("g2", *centre(2, 0)), gaul("g3", 20, 50),
                                fighter("r1", "romans", 80, 40))})
    dice = DBG_ROMANS_FIRST + AI_INITIATIVE + [6, 2, 2, 2, 2, 2, 2, 2, 3, 2, 2]
    game = new_game(raw, dice=dice)
    to_firing(game)
    start = fire(game, "m1", "bomb_bay", "de_bello_gallico:officer")
    tests = [(e["unit"], e["cause"], e["total"], e["passed"], e["rules"])
             for e in after(game, start, "morale_test")]
    assert tests == [
        ("officer", "wounded (bomb (m1))", 6, False, ["DBG-26", "DBG-25"]),
        ("g2", "officer officer retreated", 5, False, ["DBG-26", "DBG-25"])]
    assert [(e["unit"], e["edge"], e["rule"]) for e in after(game, start, "left_table")] == \
        [("officer", "north", "DBG-31"), ("g2", "north", "DBG-31")]
    assert after(game, start, "scatter") == []
    assert [e["unit"] for e in after(game, start, "hit")] == ["officer"]
    assert {p.unit for p in game.world.presences()} == {"m1", "flak", "g3", "r1"}
    assert rolled(game) == dice


# -- MIX-9: standard bearers and the break point --------------------------------------------
def test_mix9_dbg48_a_bomb_killing_the_aquilifer_makes_every_roman_within_20_cm_test():
    """MIX-5 → MIX-9, DBG-48. A gallic Marauder bombs the aquilifer in [4, 4]: damage die 5
    is Extra Damage (AI-51), 2 points: wounded, then out of action. His own test is not
    taken (he is gone); every Roman within 20 cm edge to edge tests: near (15 cm), edge
    (exactly 20 cm); not far (20.5 cm), nor the Celt 10 cm away."""
    ax, ay = centre(4, 4)
    ground = {"de_bello_gallico": dbg(
        fighter("aquilifer", "romans", ax, ay, items=["aquila"]),
        fighter("near", "romans", ax, ay + 17), fighter("edge", "romans", ax - 22, ay),
        fighter("far", "romans", ax + 22.5, ay), gaul("celt", ax, ay - 12))}
    dice = DBG_ROMANS_FIRST + AI_INITIATIVE + [6, 2, 2, 2, 2, 2, 2, 2, 5, 8, 3]
    game = new_game(bombing_run(ground, bomber_side="gauls"), dice=dice)
    to_firing(game)
    start = fire(game, "m1", "bomb_bay", "de_bello_gallico:aquilifer")
    [shot] = after(game, start, "fire")
    assert (shot["hits"], shot["damage"], shot["rules"][-2:]) == (1, 2, ["AI-51", "MIX-5"])
    [out] = after(game, start, "out_of_action")
    assert (out["unit"], out["rules"]) == ("aquilifer", ["MIX-5", "DBG-7"])
    tests = [(e["unit"], e["cause"], e["die"], e["passed"], e["rules"])
             for e in after(game, start, "morale_test")]
    assert tests == [
        ("near", "the aquila of aquilifer fell", 8, True, ["DBG-48", "DBG-25"]),
        ("edge", "the aquila of aquilifer fell", 3, False, ["DBG-48", "DBG-25"])]
    [hit] = after(game, start, "hit")
    assert (hit["unit"], hit["damage"], hit["destroyed"], hit["effect"]) == \
        ("aquilifer", 2, True, "out of action")
    fighters = part(game, "de_bello_gallico").fighters
    assert fighters["edge"].retreating and not fighters["near"].retreating
    assert rolled(game) == dice


def test_mix7_mix9_dbg49_a_biplane_crashing_on_the_celtic_standard_shakes_every_celt_near():
    """MIX-7 → MIX-9, DBG-49. The Spad lands on the wounded gallic standard bearer in [4, 4]:
    his second wound puts him out of action, and every Celt within 20 cm tests (near, 12 cm:
    2 + 3 fails and flees); the Roman beside him, and the Celt 25 cm off, do not."""
    sx, sy = centre(4, 4)
    raw = mixed({
        "petit_cirque": petit_cirque(biplane("spad", "romans", 3, 4, 1),
                                     biplane("fokker", "gauls", 12, 9, 4, facing="W")),
        "de_bello_gallico": dbg(gaul("bearer", sx, sy, items=["celtic_standard"]),
                                gaul("near", sx, sy + 14), gaul("far", sx + 27, sy),
                                fighter("roman", "romans", sx - 10, sy))})
    dice = DBG_ROMANS_FIRST + [2]
    game = new_game(raw, dice=dice)
    part(game, "de_bello_gallico").fighters["bearer"].wounds = 1
    start = len(game.events)
    game.step(Action("step", "spad", {"dir": "straight", "alt": "down"}))
    [out] = after(game, start, "out_of_action")
    assert (out["unit"], out["cause"], out["rules"]) == \
        ("bearer", "crash (spad)", ["MIX-7", "DBG-7"])
    tests = [(e["unit"], e["cause"], e["passed"], e["rules"])
             for e in after(game, start, "morale_test")]
    assert tests == [("near", "the Celtic standard of bearer fell", False,
                      ["DBG-49", "DBG-25"])]
    assert part(game, "de_bello_gallico").fighters["near"].retreating
    assert rolled(game) == dice


def test_mix9_dbg32_foreign_kills_count_toward_the_break_point():
    """MIX-8 → MIX-9, DBG-32. In the AT-43 phase of turn 1 the Roman Kossak crushes g1 (5)
    and g2 (6): two of the four Gauls lost. The De Bello Gallico turn 1 then plays (everyone
    activates and ends); at the start of its morale phase the Gauls' losses have first
    reached 50 %: g3 and g4 each test (no officer to stand for them, DBG-33): 7 + 3 = 10
    passes, 6 + 3 = 9 fails and flees. The Romans, with no loss, test nothing. Turn 2 opens
    with its initiative roll, and the AT-43 phase."""
    raw = mixed({
        "at43": at43(afv("kossak", "romans", "Kossak", 10, 30)),
        "de_bello_gallico": dbg(gaul("g1", 20, 30), gaul("g2", 30, 30), gaul("g3", 20, 50),
                                gaul("g4", 40, 50), fighter("r1", "romans", 80, 10))})
    dice = DBG_ROMANS_FIRST + [5, 6] + [7, 6] + DBG_ROMANS_FIRST
    game = new_game(raw, dice=dice)
    start = len(game.events)
    rush(game, "kossak", 0, 28)
    assert [(e["unit"], e["killed"]) for e in after(game, start, "crush")] == \
        [("g1", True), ("g2", True)]
    assert after(game, start, "morale_test") == []
    idle(game, "at43")
    dbg_start = len(game.events)
    idle(game, "de_bello_gallico")
    turn = part(game, "de_bello_gallico").turn
    assert (game.state.turn, game.rules.active_part(game.state), turn) == (2, "at43", 2)
    [broken] = after(game, dbg_start, "break_point")
    assert (broken["side"], broken["lost"], broken["starting"], broken["rules"]) == \
        ("gauls", 2, 4, ["DBG-32", "DBG-33"])
    tests = [(e["unit"], e["cause"], e["die"], e["passed"], e["rules"])
             for e in after(game, dbg_start, "morale_test")]
    assert tests == [("g3", "break point", 7, True, ["DBG-32", "DBG-25"]),
                     ("g4", "break point", 6, False, ["DBG-32", "DBG-25"])]
    fighters = part(game, "de_bello_gallico").fighters
    assert fighters["g4"].retreating and not fighters["g3"].retreating
    assert rolled(game) == dice


# -- MIX-10: holding the objective ----------------------------------------------------------
FORD = [[30, 20], [60, 20], [60, 40], [30, 40]]


@pytest.mark.parametrize(("roman_at", "kossak_at", "winner", "reason"), [
    ((45, 30), (75, 50), "romans", "romans alone hold the ford"),
    ((45, 30), (50, 35), None, "the ford held by gauls and romans"),
    ((10, 10), (75, 50), None, "the ford held by nobody")])
def test_mix10_after_the_last_turn_the_side_alone_on_the_objective_wins(
        roman_at: tuple[float, float], kossak_at: tuple[float, float], winner: str | None,
        reason: str):
    """MIX-10, MIX-2: one turn of Petit Cirque Volant, AT-43 and De Bello Gallico, in that
    order, everyone doing nothing; then the ford goes to the side that alone has ground units
    in it. The gallic Fokker flying over the ford at Altitude 3 never counts (an aircraft);
    the Roman legionary and the gallic Kossak do."""
    raw = mixed({
        "petit_cirque": petit_cirque(biplane("spad", "romans", 1, 1, 3),
                                     biplane("fokker", "gauls", 8, 4, 3, facing="W")),
        "at43": at43(afv("kossak", "gauls", "Kossak", *kossak_at)),
        "de_bello_gallico": dbg(fighter("r1", "romans", *roman_at), gaul("g1", 10, 50))},
        turns=1, objective={"name": "the ford", "area": FORD})
    game = new_game(raw, dice=DBG_ROMANS_FIRST)
    for ruleset in ("petit_cirque", "at43", "de_bello_gallico"):
        assert game.rules.active_part(game.state) == ruleset
        idle(game, ruleset)
    result = game.result()
    assert (result.winner, result.reason, result.rule) == (winner, reason, "MIX-10")
    fokker = next(p for p in game.world.presences() if p.unit == "fokker")
    assert (fokker.kind, fokker.altitude) == ("aircraft", 3)
    assert 30 < fokker.x < 60 and 20 < fokker.y < 40
    assert [(e["turn"], e["part"]) for e in events(game, "mixed_turn")] == \
        [(1, "petit_cirque"), (1, "at43"), (1, "de_bello_gallico")]
    end = events(game, "end")[-1]
    assert (end["winner"], end["reason"], end["rule"]) == (winner, reason, "MIX-10")
    assert rolled(game) == DBG_ROMANS_FIRST


def test_mix10_a_side_left_with_no_unit_in_any_ruleset_loses_at_once():
    """MIX-10 with MIX-8: the Roman Kossak crushes the last Gaul on the table (5): the game
    ends on that action, in turn 1, whatever the turns left."""
    raw = mixed({"at43": at43(afv("kossak", "romans", "Kossak", 10, 30)),
                 "de_bello_gallico": dbg(gaul("g1", 20, 30), fighter("r1", "romans", 80, 10))},
                turns=8)
    game = new_game(raw, dice=DBG_ROMANS_FIRST + [5])
    rush(game, "kossak", 0, 28)
    result = game.result()
    assert (result.winner, result.rule, result.scores) == \
        ("romans", "MIX-10", {"romans": 2.0, "gauls": 0.0})
    assert game.state.turn == 1 and game.to_act() is None and game.legal_actions() == []


# -- the board as a picture -----------------------------------------------------------------
PIECE = re.compile(r'<g class="piece[^"]*" id="piece-([^"]+)" data-x="([^"]+)" '
                   r'data-y="([^"]+)" data-side="([^"]+)"[^>]* data-markers="([^"]*)">')


def drawn(svg: str) -> dict[str, tuple[float, float, str, list[str]]]:
    """Each piece of an SVG picture: its place (cm), side and markers."""
    return {ident: (float(x), float(y), side, markers.split())
            for ident, x, y, side, markers in PIECE.findall(svg)}


def assert_every_unit_drawn_at_its_place(game: Game) -> None:
    svg = render_svg(game.rules.board(game.state), game.rules.sides(game.state))
    pictured = drawn(svg)
    presences = game.world.presences()
    assert set(pictured) == {p.unit for p in presences}
    for p in presences:
        x, y, side, _ = pictured[p.unit]
        assert (abs(x - p.x) <= 0.005, abs(y - p.y) <= 0.005, side) == (True, True, p.side), p


@pytest.mark.parametrize("seed", [2, 3])
def test_the_showcase_draws_every_unit_of_every_ruleset_at_its_place(seed: int):
    """Issue 6 (the board as a picture), MIX-1, MIX-3: in the bridge showcase every unit in
    play of the four rulesets is a piece of the SVG at its presence's place (hex units at
    their hex centre, centimetre units at their base centre) in its side's colours — at the
    start, after each of the first 40 random-bot steps, every 10th step after, and at the end
    of the game."""
    pm = make_plugin_manager()
    game = Game.new(load_scenario(SHOWCASE, pm), pm, seed=seed, transactional=False)
    assert {p.ruleset for p in game.world.presences()} == \
        {"aeronautica", "petit_cirque", "at43", "de_bello_gallico"}
    bots = {side: RandomBot(bot_rng(seed, side)) for side in SIDES}
    assert_every_unit_drawn_at_its_place(game)
    steps = 0
    while (side := game.to_act()) is not None:
        rules = game.rules
        game.step(bots[side].choose(rules, rules.view(game.state, side), side,
                                    game.legal_actions()))
        steps += 1
        if steps <= 40 or steps % 10 == 0:
            assert_every_unit_drawn_at_its_place(game)
    assert_every_unit_drawn_at_its_place(game)
    assert game.result() is not None and game.result().rule.startswith("MIX-")


def test_dbg_board_shows_the_wounded_and_retreat_markers():
    """DBG-22 → DBG-7, DBG-26, DBG-28 as a picture: a skirmisher's javelin (6 + Tir 4 = 10)
    wounds g1 8 cm away, who fails his test (2 + 3) and flees 5 cm north to the edge side
    (DBG-29): his piece is drawn where he stopped, marked "wounded retreat"; the unhurt g2
    and r1 carry no marker."""
    raw = {"name": "javelins", "ruleset": "de_bello_gallico",
           "table": {"width": 60, "height": 40}, "max_turns": 2,
           **dbg(fighter("r1", "romans", 10, 20, troop="skirmisher"), gaul("g1", 20, 20),
                 gaul("g2", 40, 30))}
    dice = DBG_ROMANS_FIRST + [6, 2]
    game = new_game(raw, dice=dice)
    game.step(Action("activate", "r1"))
    game.step(Action("shoot", "r1", {"target": "g1"}))
    [shot] = events(game, "shot")
    assert (shot["cm"], shot["total"], shot["hit"]) == (8.0, 10, True)
    [flight] = events(game, "flight")
    assert (flight["to"], flight["how"]) == ([20.0, 15.0], "edge")
    g1 = game.state.fighters["g1"]
    assert (g1.wounds, g1.retreating) == (1, True)
    pictured = drawn(render_svg(game.rules.board(game.state), SIDES))
    assert pictured["g1"] == (20, 15, "gauls", ["wounded", "retreat"])
    assert pictured["g2"] == (40, 30, "gauls", [])
    assert pictured["r1"][2:] == ("romans", [])
    assert rolled(game) == dice


def test_mix2_a_ruleset_hit_outside_its_slot_waits_for_its_turn():
    """MIX-2: a bomb leaves both De Bello Gallico fighters retreating, so De Bello Gallico needs
    no decision for the rest of its turn — it still plays that turn in its own slot, and one
    turn per game turn, not all its turns inside Aeronautica's firing phase."""
    ground = {"de_bello_gallico": dbg(gaul("g1", *centre(4, 4)),
                                      fighter("r1", "romans", *centre(5, 4)))}
    raw = bombing_run(ground)
    raw["turns"] = 4
    dice = [9, 1, 4, 2, 6, 2, 2, 2, 2, 2, 2, 2, 3, 2, 4, 3, 2] + [9, 1] * 3
    game = new_game(raw, dice=dice)
    to_firing(game)
    start = fire(game, "m1", "bomb_bay", "de_bello_gallico:g1")
    part = game.state.parts["de_bello_gallico"]
    assert part.turn == 1 and not part.over
    assert [e for e in game.events[start:] if e["type"] == "initiative"] == []
    assert game.state.turn == 1 and game.rules.active_part(game.state) == "aeronautica"
