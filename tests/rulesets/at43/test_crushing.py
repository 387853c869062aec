"""Crushing infantry (AT-8) while rushing, ramming, pushing (AT-26) and being thrown (AT-31)."""

from __future__ import annotations

import math

from polemos.core.actions import Action
from polemos.core.table import gap
from polemos.rulesets.at43 import crushing
from polemos.rulesets.at43.geometry import free, side_of
from tests.conftest import events, refused
from tests.rulesets.at43.helpers import (
    act,
    at,
    game,
    near,
    pos,
    ram,
    scenario,
    unit,
    v,
)


def trooper(id_: str, x: float, y: float, **extra) -> dict:
    return {"id": id_, "profile": "Krasnye Soldaty", "at": at(x, y), **extra}


def rusher(infantry: list[dict], dice: list[int], infantry_side: str = "blue", **extra):
    return game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                         unit("b", "blue", v("far", "Lancelot", 100, 60)),
                         unit("inf", infantry_side, infantry=infantry), **extra), dice)


def test_at8_a_rush_crushes_on_5_plus_and_support_weapons_automatically():
    """AT-8: models passed over in the order reached: 4 (lives), the support weapon (no die,
    killed), 5 (killed); the survivor, left behind more than 2.5 cm from the Kossak's final
    base, stays where it is."""
    g = rusher([trooper("s1", 10, 0), trooper("s2", 16, 0, support_weapon=True),
                trooper("s3", 22, 0)], [4, 5])
    act(g, "declare", "k", mode="rush")
    act(g, "move", "k", heading=0, distance=28)
    crushed = [(e["unit"], e["roll"], e["killed"]) for e in events(g, "crush")]
    assert crushed == [("s1", 4, False), ("s2", None, True), ("s3", 5, True)]
    assert near(pos(g, "k"), (28, 0))
    assert near(pos(g, "s1"), (10, 0)) and events(g, "survivor_moved") == []
    assert g.state.killed == {"blue": 2}


def test_at8_engaged_models_die_on_3_plus_and_a_survivor_clear_of_the_afv_stays():
    """AT-8: a model in contact with an enemy model is engaged in melee (Decision) and dies on
    3+; the red model engaged with it survives a 2 and, already clear of the Kossak, stays."""
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("far", "Lancelot", 100, 60)),
                      unit("blue-inf", "blue", infantry=[trooper("b1", 10, 0)]),
                      unit("red-inf", "red", infantry=[trooper("r1", 10, 4)])), [3, 2])
    act(g, "declare", "k", mode="rush")
    act(g, "move", "k", heading=0, distance=28)
    assert [(e["unit"], e["needed"], e["engaged"], e["killed"]) for e in events(g, "crush")] == \
        [("b1", 3, True, True), ("r1", 3, True, False)]
    assert near(pos(g, "r1"), (10, 4))
    assert events(g, "survivor_moved") == []


def test_at8_a_normal_move_is_barred_by_infantry():
    """AT-8: only a rushing (pushed, pushing, thrown) AFV passes over infantry; a normal move
    stops against the model (gap 0) and crushes nobody."""
    g = rusher([trooper("s1", 15, 0)], [])
    act(g, "declare", "k", mode="normal")
    act(g, "move", "k", heading=0, distance=18)
    assert near(pos(g, "k"), (15 - 5.5, 0))
    assert events(g, "move")[0]["stopped_by"] == "s1" and events(g, "crush") == []


def test_at8_the_approach_of_a_ram_is_a_rush_and_crushes():
    g = game(scenario(unit("r", "red", v("k", "Kossak", 0, 0)),
                      unit("b", "blue", v("l", "Lancelot", 31.5, 0)),
                      unit("inf", "blue", infantry=[trooper("s1", 12, 0)])), [6, 1, 1, 1])
    ram(g, "k", "l")
    assert events(g, "crush")[0]["killed"] is True
    assert events(g, "roll")[0]["rule"] == "AT-8"


def test_at26_a_push_crushes_on_the_path_of_either_vehicle():
    """AT-26: the pushing Poltergeist passes over one model (rolls 2, lives, moved clear on its
    side of the path), the pushed Trike over another (rolls 5, killed)."""
    g = game(scenario(unit("r", "red", v("p", "Poltergeist", 0, 0)),
                      unit("b", "blue", v("t", "Easy Trike", 27, 0)),
                      unit("inf", "blue", infantry=[trooper("m1", 24.5, 5), trooper("m2", 32, 0)])),
             [4, 1, 3, 4, 2, 5])
    ram(g, "p", "t")
    act(g, "push")
    assert [(e["unit"], e["by"], e["killed"]) for e in events(g, "crush")] == \
        [("m1", "p", False), ("m2", "t", True)]
    d = math.hypot(-0.5, 5)
    assert near(pos(g, "m1"), (25 - 0.5 / d * 8.1, 5 / d * 8.1))
    assert events(g, "crush")[0]["rules"] == ["AT-26", "AT-8"]


def test_at8_a_taken_spot_sends_the_survivor_to_the_nearest_free_one_on_its_side():
    """AT-8 Decision: the radial spot is taken by a wreck; the survivor goes elsewhere on the
    ring, still on its side of the path, clear of the Sierp and overlapping nothing."""
    g = game(scenario(unit("r", "red", v("snake", "Snake", 0, 0)),
                      unit("b", "blue", v("sierp", "Sierp", 31.5, 0)),
                      unit("ks", "blue", infantry=[trooper("ks-2", 36.5, -3.2)]),
                      wrecks=[v("wreck", "Easy Trike", 36.5, -11.5)]),
             [3, 3, 2, 3, 4, 1, 1, 2])
    ram(g, "snake", "sierp")
    model = g.state.troopers["ks-2"]
    sierp = g.state.vehicles["sierp"].base
    assert not near(pos(g, "ks-2"), (36.5, -7.6))
    assert gap(model.base, sierp) >= 2.6 - 1e-9
    assert free(g.state, model.base)
    assert side_of(tuple(at(31.5, 0)), (1.0, 0.0), (model.base.x, model.base.y)) == -1


def test_at8_a_survivor_with_no_room_is_removed(monkeypatch):
    """AT-8 Decision: no free spot within 30 cm: the model is removed as a casualty."""
    monkeypatch.setattr(crushing, "clear_spot", lambda *args: None)
    g = rusher([trooper("s1", 10, 0)], [2])
    act(g, "declare", "k", mode="rush")
    act(g, "move", "k", heading=0, distance=12)
    assert not g.state.troopers["s1"].alive
    assert events(g, "survivor_lost")[0]["rule"] == "AT-8"


def test_infantry_move_as_a_block_and_never_declare_rushes():
    g = rusher([trooper("s1", 40, 20), trooper("s2", 44, 20)], [], infantry_side="red")
    act(g, "hold", "k")
    act(g, "hold", "far")
    refused(g, Action("declare", "inf", {"mode": "rush"}), "AT-P1")
    refused(g, Action("march", "inf", {"heading": 0, "distance": 11}), "AT-P1")
    act(g, "march", "inf", heading=90, distance=10)
    assert near(pos(g, "s1"), (40, 30)) and near(pos(g, "s2"), (44, 30))
