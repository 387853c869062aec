"""The terminal's menu (core/menu.py): keys by side and unit, kept between decisions."""

from __future__ import annotations

from polemos.core.actions import Action
from polemos.core.menu import MenuKeys, build_menu, side_prefixes


def test_side_prefixes_are_the_shortest_that_tell_sides_apart():
    assert side_prefixes(["red", "blue"]) == {"red": "r", "blue": "b"}
    assert side_prefixes(["red", "rebels", "ork"]) == {"red": "red", "rebels": "reb", "ork": "o"}


def menu(keys: MenuKeys, legal: list[Action], default: Action | None = None):
    return build_menu(keys, legal, "red", {"r-a": "red", "r-b": "red", "b-a": "blue"},
                      lambda a: f"{a.unit}: {a.kind}", lambda a: None, default or legal[0])


def test_keys_stay_put_while_offered_and_restart_for_a_new_set():
    keys = MenuKeys(["red", "blue"])
    keys.know_units({"r-a": "red", "b-a": "blue", "r-b": "red"})
    go, turn, loop = (Action(kind, "r-a") for kind in ("go", "turn", "loop"))
    other = Action("go", "r-b")
    first = menu(keys, [go, turn, loop, other], default=turn)
    assert [line.key for line in first.lines()] == ["r1.1", "r1.2", "r1.3", "r2.1"]
    assert first.default.key == "r1.2" and first.lines()[0].text == "go"
    second = menu(keys, [turn, go])  # the loop is no longer offered: nothing renumbers
    assert [(line.key, line.action) for line in second.lines()] == [("r1.1", go),
                                                                    ("r1.2", turn)]
    assert second.find("R1.2") is not None and second.find("r1.3") is None
    speed = menu(keys, [Action("speed", "r-a"), Action("brake", "r-a")])
    assert [line.key for line in speed.lines()] == ["r1.1", "r1.2"]


def test_unitless_actions_are_numbered_and_unknown_units_belong_to_the_side_acting():
    keys = MenuKeys(["red", "blue"])
    result = menu(keys, [Action("end"), Action("march", "red-foot")])
    assert [(group.key, [line.key for line in group.lines]) for group in result.groups] == [
        ("-", ["1"]), ("r1", ["r1.1"])]
