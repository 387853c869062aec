"""Aeronautica on a shared table (docs/mixing.md): the fitted map, presences, foreign hits, and
bombs, guns and flak reaching other rulesets' units (MIX-1 … MIX-7).

The foreign units are the test pickets (infantry that count hits: two kill) and the real Petit
Cirque Volant biplanes, in mixed scenarios written as dicts.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from polemos.core.actions import Action
from polemos.core.board import hex_centre_cm
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.hexgrid import offset_to_axial
from polemos.core.hookspecs import hookimpl
from polemos.core.players import RandomBot, bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.ruleset import Ruleset
from polemos.core.scenario import validate_scenario
from polemos.core.world import Hit, Presence
from polemos.rulesets.aeronautica.bots import greedy_policy
from polemos.rulesets.aeronautica.ruleset import AeronauticaImperialis
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant
from tests.conftest import events, refused
from tests.core.pickets import Pickets, PicketsPlugin, PicketState
from tests.rulesets.aeronautica.helpers import asset, plane

HEX = 5.0
SIDES = ["red", "blue"]


def centre(col: int, row: int) -> tuple[float, float]:
    h = offset_to_axial(col, row)
    return hex_centre_cm(h.q, h.r, HEX)


def picket(id_: str, side: str, col: int, row: int, dx: float = 0.0) -> dict:
    """A picket whose centre lies ``dx`` cm east of the centre of hex [col, row]."""
    x, y = centre(col, row)
    return {"id": id_, "side": side, "x": x + dx, "y": y}


def biplane(id_: str, side: str, col: int, row: int, altitude: int, facing: str = "E") -> dict:
    return {"id": id_, "side": side, "hex": [col, row], "facing": facing,
            "altitude": altitude, "speed": 1}


def mixed(red: list[dict], blue: list[dict], pickets: list[dict] | None = None,
          biplanes: list[dict] | None = None, order: list[str] | None = None, turns: int = 3,
          **aero: object) -> dict:
    """A mixed scenario on an 80 × 60 cm table with 5 cm hexes (a 15 × 13 overlay)."""
    parts: dict[str, dict] = {"aeronautica": {
        "sides": SIDES, "points": 1000, "squadrons": {"red": red, "blue": blue}, **aero}}
    if pickets is not None:
        parts["pickets"] = {"sides": SIDES, "pickets": pickets}
    if biplanes is not None:
        parts["petit_cirque"] = {"sides": SIDES, "first_side": "red", "aircraft": biplanes}
    names = list(parts)
    return {"name": "aeronautica mixed", "ruleset": "mixed",
            "table": {"width": 80, "height": 60}, "hex_cm": HEX, "sides": SIDES,
            "rulesets": names, "order": order or names, "turns": turns, "parts": parts}


@pytest.fixture(scope="module")
def pm():
    return make_plugin_manager([PicketsPlugin()])


def game_of(pm, raw: dict, dice: list[int] | None = None, seed: int = 0) -> Game:
    return Game.new(validate_scenario(raw, "mixed.yaml", pm), pm, dice_script=dice, seed=seed)


def aero(game: Game):
    return game.state.parts["aeronautica"]


def to_firing(game: Game) -> None:
    """Every aircraft takes token 1 and flies straight and level; the initiative dice must be
    scripted (red's, then blue's)."""
    while aero(game).phase == "choose":
        game.step(Action("manoeuvre", game.legal_actions()[0].unit, {"number": 1}))
    if aero(game).phase == "first":
        game.step(Action("first", None, {"side": aero(game).initiative}))
    while aero(game).phase == "movement":
        unit = game.legal_actions()[0].unit
        game.step(Action("throttle", unit, {"speed": aero(game).models[unit].speed}))
        if aero(game).flight is not None and aero(game).flight.stage == "fly":
            game.step(Action("fly", unit, {"hexes": 1, "turn": 0}))
        if aero(game).flight is not None:
            game.step(Action("altitude", unit, {"change": 0}))


def place(game: Game, unit: str, col: int, row: int, **fields: object) -> None:
    """Set up a position: ``unit`` of the Aeronautica part to [col, row], other fields set."""
    model = aero(game).models[unit]
    at = offset_to_axial(col, row)
    model.q, model.r = at.q, at.r
    for name, value in fields.items():
        setattr(model, name, value)


def bomber_over_picket(pm, dice: list[int], pickets: list[dict] | None = None) -> Game:
    """Red Marauder m1 flies straight from [1, 4] to [4, 4] at Altitude 1 and reaches its
    Firing phase first; blue's flak stands 14 hexes away; the initiative dice are 4 and 2."""
    raw = mixed([plane("m1", "marauder", col=1, row=4, altitude=1, speed=3)],
                [asset("flak", 14, 12)],
                pickets if pickets is not None else [picket("p1", "blue", 4, 4)])
    game = game_of(pm, raw, [4, 2, *dice])
    to_firing(game)
    assert aero(game).phase == "firing" and (aero(game).models["m1"].q,
                                             aero(game).models["m1"].r) == (2, 4)
    return game


# -- MIX-1, MIX-2: the fitted map and the turn ----------------------------------------------------
def test_mix1_the_area_of_engagement_is_the_table_overlay(pm):
    """MIX-1: 80 × 60 cm with 5 cm hexes → 16 × 14 hexes, the same as Petit Cirque Volant's."""
    game = game_of(pm, mixed([plane("m1", "marauder", col=1, row=4)], [asset("flak", 14, 12)],
                             [picket("p1", "blue", 4, 4)]))
    cloth = game.rules.parts["aeronautica"].scenario.map
    assert (cloth.width, cloth.height, cloth.hex_cm) == (16, 14, HEX)
    for width, height, size in ((80, 60, 5.0), (120, 90, 4.0), (33.3, 47.1, 2.5)):
        ours = AeronauticaImperialis.fit_part({}, width, height, size, 8)["map"]
        pcv = PetitCirqueVolant.fit_part({}, width, height, size, 8)["map"]
        assert ours == pcv


@pytest.mark.parametrize(("turns", "own", "limit"), [(3, None, 3), (12, None, 12),
                                                     (20, None, 12), (8, 5, 5), (4, 9, 4)])
def test_mix2_the_turn_limit_is_the_mixed_turns_never_past_ai66(turns, own, limit):
    """MIX-2, AI-66: the part ends with the mixed game, but never after turn 12 (nor after a
    shorter limit of its own)."""
    raw = {} if own is None else {"turn_limit": own}
    assert AeronauticaImperialis.fit_part(raw, 80, 60, 5.0, turns)["turn_limit"] == limit


def test_ai66_a_scenario_may_not_play_past_turn_12(pm):
    raw = mixed([plane("m1", "marauder", col=1, row=4)], [asset("flak", 14, 12)],
                [picket("p1", "blue", 4, 4)])
    raw["parts"]["aeronautica"]["turn_limit"] = 0
    with pytest.raises(Exception, match="parts.aeronautica.turn_limit"):
        validate_scenario(raw, "mixed.yaml", pm)


def test_mix2_aeronautica_hands_over_when_its_turn_number_grows(pm):
    """MIX-2: the mixed game turns to the pickets once Aeronautica's End phase has opened its
    turn 2 (AI-19); a three-turn mixed game ends Aeronautica's own game after its turn 3."""
    game = bomber_over_picket(pm, [])
    game.step(Action("done", "m1"))
    game.step(Action("done", "flak"))
    assert aero(game).turn == 2 and game.rules.turn_number(game.state) == 1
    assert game.legal_actions() == [Action("wait")]
    assert [(e["turn"], e["part"]) for e in events(game, "mixed_turn")] == \
        [(1, "aeronautica"), (1, "pickets")]
    assert game.rules.parts["aeronautica"].setup.params.turn_limit == 3


# -- MIX-3: presences ------------------------------------------------------------------------
def test_mix3_aircraft_fly_and_everything_else_is_a_ground_target_at_its_hex_centre(pm):
    raw = mixed([plane("m1", "marauder", col=1, row=4, altitude=3, speed=3),
                 plane("lander", "thunderbolt", col=7, row=8, altitude=0, speed=0, landed=True)],
                [asset("flak", 14, 12)], [picket("p1", "blue", 4, 4)],
                targets=[{"id": "dump", "side": "blue", "hex": [10, 2], "structure": 3,
                          "vp": 5}])
    game = game_of(pm, raw)
    seen = {p.unit: p for p in game.world.presences(exclude="pickets")}
    assert set(seen) == {"m1", "lander", "flak", "dump"}
    assert (seen["m1"].kind, seen["m1"].altitude) == ("aircraft", 3)
    for unit, hex_ in (("lander", (7, 8)), ("flak", (14, 12)), ("dump", (10, 2))):
        assert (seen[unit].kind, seen[unit].altitude) == ("ground target", 0)
        assert (seen[unit].x, seen[unit].y) == centre(*hex_)
    assert (seen["m1"].x, seen["m1"].y) == centre(1, 4)
    assert seen["m1"].radius == pytest.approx(HEX * 0.3)
    assert [p.unit for p in game.world.flying(exclude="pickets")] == ["m1"]


# -- MIX-4: hits from other rulesets ----------------------------------------------------------
def hit(game: Game, unit: str, damage: int, lethal: bool = False):
    target = next(p for p in game.world.presences() if p.unit == unit)
    return game.world.hit(target, Hit("p-red", "pickets", "test", damage, "MIX-4", lethal),
                          game)


def two_squadrons(pm, order: list[str] | None = None) -> Game:
    raw = mixed([plane("m1", "marauder", col=1, row=4, altitude=3, speed=3),
                 plane("m2", "marauder", col=1, row=8, altitude=3, speed=3)],
                [plane("tb", col=13, row=6, facing="W", altitude=4, speed=4),
                 asset("flak", 14, 12)],
                [picket("p-red", "red", 4, 4)], order=order)
    return game_of(pm, raw, [])


def test_mix4_each_damage_point_is_one_structure_and_the_last_shoots_down(pm):
    """MIX-4, AI-9: 5 Structure; 3 points leave 2, 2 more destroy — the enemy scores it whole
    when the game ends (AI-69)."""
    game = two_squadrons(pm)
    outcome = hit(game, "m1", 3)
    assert (outcome.damage, outcome.destroyed, outcome.effect) == (3, False, "damaged")
    assert aero(game).models["m1"].structure == 2
    damage = events(game, "damage")[-1]
    assert (damage["unit"], damage["amount"], damage["rules"]) == ("m1", 3, ["MIX-4"])
    outcome = hit(game, "m1", 4)
    assert (outcome.damage, outcome.destroyed, outcome.effect) == (2, True, "destroyed")
    lost = events(game, "lost")[-1]
    assert (lost["unit"], lost["status"], lost["rule"]) == ("m1", "destroyed", "AI-9")
    assert "test by p-red (pickets)" in lost["why"]
    assert [p.unit for p in game.world.presences(exclude="pickets")] == ["m2", "tb", "flak"]


def test_mix4_a_lethal_hit_destroys_whatever_structure_is_left(pm):
    game = two_squadrons(pm)
    outcome = hit(game, "flak", 0, lethal=True)
    assert (outcome.damage, outcome.destroyed) == (2, True)
    assert not aero(game).models["flak"].in_play


def test_mix4_a_hit_of_no_damage_changes_nothing(pm):
    game = two_squadrons(pm)
    outcome = hit(game, "tb", 0)
    assert (outcome.damage, outcome.destroyed, outcome.effect) == (0, False, "unharmed")
    assert aero(game).models["tb"].structure == 3 and not events(game, "damage")


def test_mix4_ai67_the_last_aircraft_lost_to_a_foreign_hit_ends_the_game_at_once(pm):
    """AI-67 (mixing Decision: checked at once): blue's only aircraft falls to a foreign hit;
    red scores its cost (AI-69) and wins; Aeronautica has nothing left to decide, and its
    models stay on the table."""
    game = two_squadrons(pm)
    hit(game, "tb", 0, lethal=True)
    part, rules = aero(game), game.rules.parts["aeronautica"]
    assert part.over and (part.winner, part.rule) == ("red", "AI-67")
    assert part.scores == {"red": 23, "blue": 0}
    assert rules.to_act(part) is None and rules.legal_actions(part) == []
    assert [p.unit for p in rules.presences(part)] == ["m1", "m2", "flak"]


def test_mix4_a_side_left_with_no_token_to_give_passes_on(pm):
    """Red is choosing tokens when a foreign hit destroys m1; its other aircraft is Spinning
    (no token, AI-20, but still in the air, AI-67): red's orders are committed, blue chooses."""
    game = two_squadrons(pm)
    aero(game).models["m2"].marker = "spin"
    assert game.to_act() == "red"
    hit(game, "m1", 0, lethal=True)
    assert not aero(game).over and game.to_act() == "blue"
    assert game.legal_actions() and all(a.unit == "tb" for a in game.legal_actions())


def test_mix7_a_biplane_landing_on_a_flak_battery_costs_it_one_structure(pm):
    """MIX-7 through MIX-4: a Petit Cirque Volant aircraft coming down in the flak's hex."""
    raw = mixed([plane("m1", "marauder", col=1, row=10, altitude=3, speed=3)],
                [asset("flak", 4, 4)],
                biplanes=[biplane("r1", "red", 3, 4, 1), biplane("b1", "blue", 10, 8, 4, "W")],
                order=["petit_cirque", "aeronautica"])
    game = game_of(pm, raw, [])
    game.step(Action("step", "r1", {"dir": "straight", "alt": "down"}))
    landed = events(game, "hit")[-1]
    assert (landed["unit"], landed["source"], landed["cause"], landed["rule"]) == \
        ("flak", "r1", "crash", "MIX-7")
    assert aero(game).models["flak"].structure == 1


# -- MIX-5: bombs and strafing on foreign ground units ----------------------------------------
def test_mix5_foreign_ground_units_in_range_and_arc_are_bombing_targets(pm):
    """MIX-5: each picket standing in the bomber's hex is its own target (AI-46: the Rear
    arc); one just across the hexside is behind the bomber, also in its Rear arc."""
    game = bomber_over_picket(pm, [], [picket("p1", "blue", 4, 4),
                                       picket("p2", "blue", 4, 4, dx=1.5),
                                       picket("p3", "blue", 7, 4), picket("friend", "red", 4, 4)])
    bombs = [a["target"] for a in game.legal_actions() if a.kind == "fire"
             and a["weapon"] == "bomb_bay"]
    assert bombs == ["pickets:p1", "pickets:p2"]
    assert all(a["target"] != "pickets:p3" for a in game.legal_actions() if a.kind == "fire")


def test_mix5_the_terminal_lists_foreign_units_by_the_names_fire_takes(pm):
    game = bomber_over_picket(pm, [])
    screen = game.rules.describe(game.view("red"))
    assert "Other rulesets' units (MIX-5, MIX-6):" in screen
    assert "pickets:p1" in screen and "infantry" in screen and "hex 4,4 alt 0" in screen
    action = Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:p1"})
    assert game.rules.describe_action(game.view(game.to_act()), action) == \
        "m1: fire Bomb Bay at pickets:p1"


def test_mix5_a_bombing_hit_is_a_hit_of_the_structure_it_would_remove(pm):
    """MIX-5 with AI-59 (+1 at 1 level), AI-48 (a natural 1 misses) and AI-51 (Extra Damage 5+:
    2 points): rolls 1, 4 (+1 = 5: hit), 3 (+1 = 4: miss) …; damage die 5 → 2 points, and the
    picket dies of its second."""
    game = bomber_over_picket(pm, [1, 4, 3, 3, 3, 3, 3, 3, 5])
    game.step(Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:p1"}))
    fire = events(game, "fire")[-1]
    assert (fire["target"], fire["modifier"], fire["hits"], fire["damage"]) == \
        ("pickets:p1", 1, 1, 2)
    assert fire["rules"] == ["AI-59", "AI-49", "AI-47", "AI-50", "AI-51", "MIX-5"]
    landed = events(game, "hit")[-1]
    assert (landed["unit"], landed["ruleset"], landed["source"], landed["cause"],
            landed["damage"], landed["destroyed"], landed["rule"]) == \
        ("p1", "pickets", "m1", "bomb", 2, True, "MIX-5")
    assert game.state.parts["pickets"].wounds["p1"] == 2
    assert aero(game).models["m1"].ammo["bomb_bay"] == 2
    assert all(a.args.get("target") != "pickets:p1" for a in game.legal_actions())


def test_mix5_a_hit_that_removes_no_structure_is_not_delivered(pm):
    """MIX-5: one hit, damage die 1 (AI-2: never damages) → nothing reaches the picket."""
    game = bomber_over_picket(pm, [6, 2, 2, 2, 2, 2, 2, 2, 1])
    game.step(Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:p1"}))
    assert (events(game, "fire")[-1]["hits"], events(game, "fire")[-1]["damage"]) == (1, 0)
    assert not events(game, "hit") and game.state.parts["pickets"].wounds["p1"] == 0


def test_mix5_ai60_scatter_reaches_foreign_units_in_adjacent_hexes(pm):
    """AI-60 through MIX-5: after a hit on p1, each foreign unit in an adjacent hex — a friend
    too — rolls: 4 hits (damage die 3: 1 point), 3 misses; one two hexes off is not rolled."""
    pickets = [picket("p1", "blue", 4, 4), picket("near", "red", 5, 4),
               picket("also", "blue", 3, 4), picket("far", "blue", 6, 4)]
    game = bomber_over_picket(pm, [6, 2, 2, 2, 2, 2, 2, 2, 2, 4, 3, 3], pickets)
    game.step(Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:p1"}))
    scatter = [(e["target"], e["roll"], e["hit"], e["damage"]) for e in events(game, "scatter")]
    assert scatter == [("pickets:near", 4, True, 1), ("pickets:also", 3, False, 0)]
    assert events(game, "scatter")[0]["rules"] == ["AI-60", "AI-50", "MIX-5"]
    hits = [(e["unit"], e["damage"], e["rule"]) for e in events(game, "hit")]
    assert hits == [("p1", 1, "MIX-5"), ("near", 1, "MIX-5")]
    assert game.state.parts["pickets"].wounds == {"p1": 1, "near": 1, "also": 0, "far": 0}


class SkittishPickets(Pickets):
    """Pickets that run one hex east once wounded (as a De Bello Gallico fighter may retreat
    from a wound, MIX-9)."""

    def presences(self, state: PicketState) -> list[Presence]:
        return [dataclasses.replace(p, x=p.x + HEX * state.wounds[p.unit])
                for p in super().presences(state)]


class SkittishPlugin:
    @hookimpl
    def polemos_rulesets(self) -> list[type[Ruleset]]:
        return [SkittishPickets]


def test_mix5_ai60_scatter_takes_the_neighbours_of_the_moment_the_bomb_falls():
    """AI-60 through MIX-5 (Decision): p1, wounded by the bomb, runs into the next hex before
    the scatter; it is not scattered on, and "near", which stood next to it, still is."""
    pm = make_plugin_manager([SkittishPlugin()])
    game = bomber_over_picket(pm, [6, 2, 2, 2, 2, 2, 2, 2, 2, 4, 3],
                              [picket("p1", "blue", 4, 4), picket("near", "blue", 3, 4)])
    game.step(Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:p1"}))
    moved = next(p for p in game.world.presences() if p.unit == "p1")
    assert game.world.hex_of(moved) == offset_to_axial(5, 4)
    assert [e["target"] for e in events(game, "scatter")] == ["pickets:near"]


def test_mix5_no_scatter_after_a_miss(pm):
    """AI-60 Decision through MIX-5: a bombing attack with no hit scatters nothing."""
    game = bomber_over_picket(pm, [1, 2, 2, 2, 2, 2, 2, 2],
                              [picket("p1", "blue", 4, 4), picket("near", "blue", 5, 4)])
    game.step(Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:p1"}))
    assert not events(game, "scatter") and not events(game, "hit")


def strafer(pm, dice: list[int]) -> Game:
    """Red Thunderbolt tb flies straight from [0, 4] to [2, 4] at Altitude 1; p1 stands two
    hexes ahead (Short range, Front arc), p-behind behind it."""
    raw = mixed([plane("tb", col=0, row=4, altitude=1, speed=2)], [asset("flak", 14, 12)],
                [picket("p1", "blue", 4, 4), picket("p-behind", "blue", 1, 4)])
    game = game_of(pm, raw, [4, 2, *dice])
    to_firing(game)
    return game


def test_mix5_ai61_strafing_a_foreign_unit_from_altitude_1(pm):
    """MIX-5 with AI-61: Quad Autocannons (2 dice at Short, Damage 4+) hit on 5+ with no
    altitude modifier: 5 hits, 4 misses; damage die 4 → 1 point; cause "strafe"."""
    game = strafer(pm, [5, 4, 4])
    targets = {(a["weapon"], a["target"]) for a in game.legal_actions() if a.kind == "fire"}
    assert targets == {("quad_autocannons", "pickets:p1")}
    game.step(Action("fire", "tb", {"weapon": "quad_autocannons", "target": "pickets:p1"}))
    fire = events(game, "fire")[-1]
    assert (fire["modifier"], fire["rolls"], fire["hits"], fire["damage"]) == (0, [5, 4], 1, 1)
    assert fire["rules"][0] == "AI-61" and fire["rules"][-1] == "MIX-5"
    landed = events(game, "hit")[-1]
    assert (landed["unit"], landed["cause"], landed["damage"], landed["rule"]) == \
        ("p1", "strafe", 1, "MIX-5")


def test_mix5_ai61_no_strafing_from_altitude_2_and_nothing_changes(pm):
    game = strafer(pm, [])
    place(game, "tb", 2, 4, altitude=2)
    assert not [a for a in game.legal_actions() if a.kind == "fire"]
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons", "target": "pickets:p1"}),
            "AI-61")


def test_mix5_ai44_a_foreign_unit_outside_the_arc_is_refused(pm):
    game = strafer(pm, [])
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons",
                                        "target": "pickets:p-behind"}), "AI-44")


def test_mix5_ai43_a_friendly_or_unknown_foreign_unit_is_no_target(pm):
    game = bomber_over_picket(pm, [], [picket("p1", "blue", 4, 4), picket("own", "red", 4, 4)])
    refused(game, Action("fire", "m1", {"weapon": "bomb_bay", "target": "pickets:own"}),
            "AI-43")
    refused(game, Action("fire", "m1", {"weapon": "bomb_bay", "target": "p1"}), "AI-43")


def test_mix5_the_greedy_bomber_bombs_the_foreign_picket_below(pm):
    """The greedy bot counts foreign units among its targets (FOREIGN_WORTH)."""
    game = bomber_over_picket(pm, [])
    rules = game.rules.parts["aeronautica"]
    action = greedy_policy(rules, rules.view(aero(game), "red"), "red", game.legal_actions(),
                           random.Random(0))
    assert (action.kind, action["weapon"], action["target"]) == \
        ("fire", "bomb_bay", "pickets:p1")


# -- MIX-6: ground-to-air fire at foreign aircraft --------------------------------------------
def flak_under_biplanes(pm, dice: list[int]) -> Game:
    """Red's flak at [4, 4]; blue biplane b1 two hexes east at Altitude 4 (Effective Altitude 2:
    −2); blue's Thunderbolt, out of the flak's range, moves alone, so blue fires first (AI-25)
    and passes."""
    raw = mixed([asset("flak", 4, 4)],
                [plane("tb", col=10, row=0, facing="E", altitude=5, speed=4)],
                biplanes=[biplane("r1", "red", 1, 1, 2), biplane("b1", "blue", 6, 4, 4, "W")])
    game = game_of(pm, raw, [4, 2, *dice])
    to_firing(game)
    game.step(Action("done", "tb"))
    return game


def test_mix6_flak_fires_at_a_foreign_biplane_with_effective_altitude(pm):
    """MIX-6 with AI-55: 8 dice at Short, −2 (Altitude 4 over Effective Altitude 2): the two
    natural 6s hit, the 5 misses; damage 5, 4 → 1 point → the biplane is damaged (PCV)."""
    game = flak_under_biplanes(pm, [6, 6, 5, 1, 2, 3, 4, 4, 5, 4])
    assert [a["target"] for a in game.legal_actions() if a.kind == "fire"] == \
        ["petit_cirque:b1"]
    game.step(Action("fire", "flak", {"weapon": "guns", "target": "petit_cirque:b1"}))
    fire = events(game, "fire")[-1]
    assert (fire["hexes"], fire["modifier"], fire["hits"], fire["damage"]) == (2, -2, 2, 1)
    assert fire["rules"] == ["AI-55", "AI-47", "AI-50", "MIX-6"]
    landed = events(game, "hit")[-1]
    assert (landed["unit"], landed["cause"], landed["damage"], landed["effect"],
            landed["rule"]) == ("b1", "flak", 1, "damaged", "MIX-6")
    assert game.state.parts["petit_cirque"].planes["b1"].damage == 1


def test_mix6_two_structure_points_are_two_pcv_damages_and_destroy(pm):
    """MIX-6 through MIX-4: damage dice 5, 6 → 2 points: PCV-17's second damage destroys."""
    game = flak_under_biplanes(pm, [6, 6, 1, 1, 1, 1, 1, 1, 5, 6])
    game.step(Action("fire", "flak", {"weapon": "guns", "target": "petit_cirque:b1"}))
    landed = events(game, "hit")[-1]
    assert (landed["damage"], landed["destroyed"]) == (2, True)
    assert not game.state.parts["petit_cirque"].planes["b1"].in_play


def test_mix6_only_ground_to_air_fire_reaches_a_foreign_aircraft(pm):
    """MIX-6 (Decision): the Thunderbolt may not shoot at a biplane in its Front arc."""
    raw = mixed([asset("flak", 4, 4)],
                [plane("tb", col=13, row=11, facing="W", altitude=4, speed=4)],
                biplanes=[biplane("r1", "red", 7, 11, 4), biplane("b1", "blue", 1, 1, 4)])
    game = game_of(pm, raw, [4, 2])
    to_firing(game)
    assert aero(game).models["tb"].q == offset_to_axial(9, 11).q
    assert all(a.kind != "fire" or not a["target"].startswith("petit_cirque")
               for a in game.legal_actions())
    refused(game, Action("fire", "tb", {"weapon": "quad_autocannons",
                                        "target": "petit_cirque:r1"}), "MIX-6")


# -- whole games ------------------------------------------------------------------------------
def three_rulesets() -> dict:
    return mixed([plane("m1", "marauder", col=1, row=4, altitude=2, speed=3),
                  asset("hydra", 3, 9, ground="hydra_flak_battery")],
                 [plane("dj", "dakkajet", col=13, row=6, facing="W", altitude=3, speed=5),
                  asset("flak", 11, 3)],
                 [picket("p-blue", "blue", 5, 4), picket("p-red", "red", 3, 8)],
                 [biplane("r1", "red", 2, 2, 3), biplane("b1", "blue", 12, 10, 3, "W")],
                 order=["petit_cirque", "aeronautica", "pickets"], turns=4)


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_mixed_games_with_aeronautica_play_out_and_replay(pm, kind):
    """Bots play a three-ruleset game to its end, always with a legal action; the same seed
    gives the same log; the board draws every unit in play."""
    logs = []
    for _ in range(2):
        game = game_of(pm, three_rulesets(), seed=7)
        players = {side: (RandomBot(bot_rng(7, side)) if kind == "random" else
                          make_bot(pm, "mixed", "greedy", bot_rng(7, side)))
                   for side in SIDES}
        result = play(game, players)
        assert result is not None
        logs.append(copy.deepcopy(game.events))
        board = game.rules.board(game.state)
        assert {p.id for p in board.pieces} == set(game.rules.units(game.state))
    assert logs[0] == logs[1]
