"""Mixed scenarios: one table, one turn order, interactions through the world (MIX-…)."""

from __future__ import annotations

import copy
from typing import Literal

import pytest

from polemos.core.actions import Action
from polemos.core.board import hex_centre_cm
from polemos.core.engine import play
from polemos.core.errors import ScenarioError
from polemos.core.game import Game
from polemos.core.hexgrid import offset_to_axial
from polemos.core.hookspecs import hookimpl
from polemos.core.players import RandomBot, bot_rng
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import validate_scenario
from polemos.core.world import Hit
from tests.core.pickets import Pickets, PicketScenario, PicketsPlugin


class MorePicketScenario(PicketScenario):
    ruleset: Literal["more_pickets"]  # type: ignore[assignment]  # a second name on purpose


class MorePickets(Pickets):
    """A second ground ruleset, so that two rulesets' units can meet at set-up."""

    name = "more_pickets"
    scenario_model = MorePicketScenario


class OtherPicketsPlugin:
    @hookimpl
    def polemos_rulesets(self) -> list[type]:
        return [MorePickets]

HEX = 5.0


def centre(col: int, row: int) -> tuple[float, float]:
    h = offset_to_axial(col, row)
    return hex_centre_cm(h.q, h.r, HEX)


def scenario(**changes) -> dict:
    x, y = centre(4, 4)
    raw = {
        "name": "mixed test", "ruleset": "mixed", "table": {"width": 80, "height": 60},
        "hex_cm": HEX, "sides": ["red", "blue"], "rulesets": ["petit_cirque", "pickets"],
        "order": ["petit_cirque", "pickets"], "turns": 3,
        "parts": {
            "petit_cirque": {"sides": ["red", "blue"], "first_side": "red", "aircraft": [
                {"id": "r1", "side": "red", "hex": [3, 4], "facing": "E", "altitude": 1,
                 "speed": 1},
                {"id": "b1", "side": "blue", "hex": [10, 8], "facing": "W", "altitude": 4,
                 "speed": 2}]},
            "pickets": {"sides": ["red", "blue"], "pickets": [
                {"id": "p-blue", "side": "blue", "x": x, "y": y},
                {"id": "p-red", "side": "red", "x": 60, "y": 50}]},
        }}
    raw.update(changes)
    return raw


@pytest.fixture(scope="module")
def pm():
    return make_plugin_manager([PicketsPlugin()])


def game_of(pm, raw: dict, dice: list[int] | None = None) -> Game:
    return Game.new(validate_scenario(raw, "mixed.yaml", pm), pm, dice_script=dice)


def problems(pm, raw: dict) -> dict[str, str]:
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "mixed.yaml", pm)
    return dict(error.value.problems)


def test_mix1_no_table_or_hex_size_is_refused(pm):
    raw = scenario()
    del raw["table"], raw["hex_cm"]
    found = problems(pm, raw)
    assert found["table"] == "field required" and found["hex_cm"] == "field required"


def test_mix1_units_of_a_ruleset_not_loaded_are_refused(pm):
    raw = scenario(rulesets=["petit_cirque"], order=["petit_cirque"])
    assert "does not load" in problems(pm, raw)["parts.pickets"]


def test_mix2_unknown_phase_is_refused(pm):
    found = problems(pm, scenario(order=["petit_cirque", "artillery"]))
    assert "unknown phase 'artillery'" in found["order[1]"]


def test_part_errors_carry_the_part_path(pm):
    raw = scenario()
    raw["parts"]["petit_cirque"]["aircraft"][0]["altitude"] = 9
    assert "parts.petit_cirque.aircraft[0].altitude" in problems(pm, raw)


def test_mix1_hex_cloth_is_fitted_to_the_table(pm):
    game = game_of(pm, scenario())
    cloth = game.rules.parts["petit_cirque"].scenario.map
    assert (cloth.width, cloth.height, cloth.hex_cm) == (16, 14, HEX)


def test_mix2_rulesets_take_turns_in_the_listed_order(pm):
    game = game_of(pm, scenario(), dice=[])
    game.step(Action("step", "r1", {"dir": "straight", "alt": "level"}))
    game.step(Action("speed", "r1", {"change": 0}))
    game.step(Action("hold", "r1"))
    game.step(Action("step", "b1", {"dir": "straight", "alt": "level"}))
    game.step(Action("step", "b1", {"dir": "straight", "alt": "level"}))
    game.step(Action("speed", "b1", {"change": 0}))
    game.step(Action("hold", "b1"))
    assert game.to_act() == "red" and game.legal_actions() == [Action("wait")]
    game.step(Action("wait"))
    game.step(Action("wait"))
    turns = [(e["turn"], e["part"]) for e in game.events if e["type"] == "mixed_turn"]
    assert turns == [(1, "petit_cirque"), (1, "pickets"), (2, "petit_cirque")]
    assert all(e.get("ruleset") == "pickets" for e in game.events if e["type"] == "wait")


def test_mix7_a_landing_aircraft_crashes_onto_ground_units_in_its_hex(pm):
    game = game_of(pm, scenario(), dice=[])
    game.step(Action("step", "r1", {"dir": "straight", "alt": "down"}))
    hit = next(e for e in game.events if e["type"] == "hit")
    assert (hit["unit"], hit["source"], hit["cause"], hit["rule"]) == \
        ("p-blue", "r1", "crash", "MIX-7")
    assert game.state.parts["pickets"].wounds["p-blue"] == 1
    assert not game.state.parts["petit_cirque"].planes["r1"].in_play


def test_mix4_a_foreign_hit_is_pcv_damage_and_the_second_destroys(pm):
    game = game_of(pm, scenario(), dice=[])
    world = game.world
    target = next(p for p in world.presences(exclude="pickets") if p.unit == "b1")
    assert (target.kind, target.altitude) == ("aircraft", 4)
    hit = Hit("flak", "pickets", "flak", 1, "MIX-6")
    assert world.hit(target, hit, game).effect == "damaged"
    assert world.hit(target, hit, game).destroyed
    pcv = game.state.parts["petit_cirque"]
    assert not pcv.planes["b1"].in_play
    assert not pcv.over  # MIX-10: the mixed scenario decides; red's aircraft fly on


def test_mix10_a_pcv_side_shot_down_leaves_the_other_flying(pm):
    """MIX-10 Decision: with blue's aircraft gone, red's still move and fire each PCV turn."""
    game = game_of(pm, scenario(turns=3), dice=None)
    target = next(p for p in game.world.presences() if p.unit == "b1")
    game.world.hit(target, Hit("flak", "pickets", "flak", 2, "MIX-6"), game)
    moved = set()
    players = {side: RandomBot(bot_rng(1, side)) for side in ("red", "blue")}
    while game.to_act() is not None:
        side = game.to_act()
        action = players[side].choose(game.rules, game.view(side), side, game.legal_actions())
        if action.kind in ("step", "loop"):
            moved.add((game.state.turn, action.unit))
        game.step(action)
    assert {turn for turn, unit in moved if unit == "r1"} <= {1, 2, 3}
    assert any(unit == "r1" for _, unit in moved) and game.result() is not None


def test_presences_put_hex_units_at_their_hex_centres(pm):
    game = game_of(pm, scenario())
    r1 = next(p for p in game.world.presences() if p.unit == "r1")
    assert (r1.x, r1.y) == centre(3, 4)
    assert [p.unit for p in game.world.on_ground_in_hex(offset_to_axial(4, 4), "x")] == \
        ["p-blue"]


def test_mix10_holding_the_objective_wins(pm):
    raw = scenario(turns=1, objective={"name": "the ford", "area": [[50, 40], [70, 40],
                                                                   [70, 60], [50, 60]]})
    game = game_of(pm, raw, dice=[])
    players = {side: RandomBot(bot_rng(0, side)) for side in ("red", "blue")}
    result = play(game, players)
    assert (result.winner, result.rule) == ("red", "MIX-10")
    assert "red alone holds the ford" in result.reason


def test_mixed_games_replay_and_draw_every_unit(pm):
    logs = []
    for _ in range(2):
        game = game_of(pm, scenario(), dice=None)
        players = {side: RandomBot(bot_rng(3, side)) for side in ("red", "blue")}
        play(game, players)
        logs.append(copy.deepcopy(game.events))
        board = game.rules.board(game.state)
        assert {p.id for p in board.pieces} == set(game.rules.units(game.state))
    assert logs[0] == logs[1]


def test_mix3_unit_ids_must_be_unique_across_the_table(pm):
    raw = scenario()
    raw["parts"]["pickets"]["pickets"][1]["id"] = "r1"
    assert "unit id 'r1' is also used in parts.petit_cirque" in problems(pm, raw)["parts.pickets"]


def test_mix3_every_part_side_is_a_scenario_side(pm):
    raw = scenario()
    raw["parts"]["pickets"]["sides"] = ["red", "green"]
    raw["parts"]["pickets"]["pickets"][1]["side"] = "green"
    assert "on side 'green', not one of the sides" in problems(pm, raw)["parts.pickets"]


def test_mix3_ground_units_of_two_rulesets_may_not_start_overlapping():
    pm = make_plugin_manager([PicketsPlugin(), OtherPicketsPlugin()])
    raw = scenario(rulesets=["petit_cirque", "pickets", "more_pickets"],
                   order=["petit_cirque", "pickets", "more_pickets"])
    raw["parts"]["more_pickets"] = {"sides": ["red", "blue"], "pickets": [
        {"id": "intruder", "side": "red", "x": 60.5, "y": 50}]}
    with pytest.raises(ScenarioError, match="parts.more_pickets: 'intruder' overlaps 'p-red'"):
        game_of(pm, raw)
