"""AT-43 on a shared table (docs/mixing.md): fitted to it (MIX-1), seen as vehicles and infantry
(MIX-3), hit by other rulesets (MIX-4), crushing their infantry (MIX-8), and drawn as a board.

Foreign infantry are the immobile ``pickets`` of ``tests/core/pickets.py`` (1 cm bases); a small
recording subclass answers their morale shocks (``Ruleset.shaken``). One test uses real De Bello
Gallico fighters.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from polemos.core.actions import Action
from polemos.core.cli import main
from polemos.core.engine import play
from polemos.core.errors import ScenarioError
from polemos.core.game import Game
from polemos.core.hookspecs import hookimpl
from polemos.core.morale import Morale, MoraleShock
from polemos.core.players import RandomBot, bot_rng
from polemos.core.plugins import make_plugin_manager
from polemos.core.render import render_svg
from polemos.core.scenario import validate_scenario
from polemos.core.world import GROUND_TARGET, INFANTRY, VEHICLE, Hit, Presence
from polemos.rulesets.at43 import mixing, text
from polemos.rulesets.at43.ruleset import At43
from tests.conftest import events
from tests.core.pickets import Pickets
from tests.rulesets.at43.helpers import plugin_manager
from tests.rulesets.at43.test_scenario import DERBY

TURNS = 3


class ShockLog:
    """Provides the pickets with a morale of their own (``Ruleset.shaken``, MIX-9): every shock
    World.shake hands them leaves them steady, and is remembered."""

    def __init__(self) -> None:
        self.shocks: list[MoraleShock] = []
        log = self

        class ShakenPickets(Pickets):
            def shaken(self, state: Any, shock: MoraleShock, game: Any) -> Morale | None:
                log.shocks.append(shock)
                return Morale.STEADY

        self.ruleset = ShakenPickets

    @hookimpl
    def polemos_rulesets(self) -> list[type[Pickets]]:
        return [self.ruleset]


def afv(id_: str, profile: str, x: float, y: float) -> dict[str, Any]:
    return {"id": id_, "profile": profile, "at": [x, y]}


def picket(id_: str, side: str, x: float, y: float) -> dict[str, Any]:
    return {"id": id_, "side": side, "x": x, "y": y}


def mixed(units: list[dict[str, Any]], pickets: list[dict[str, Any]], **part: Any
          ) -> dict[str, Any]:
    """AT-43 then pickets on an 80 × 60 cm table; red activates first in AT-43."""
    return {"name": "at43 mixed", "ruleset": "mixed", "table": {"width": 80, "height": 60},
            "hex_cm": 5, "sides": ["red", "blue"], "rulesets": ["at43", "pickets"],
            "order": ["at43", "pickets"], "turns": TURNS,
            "parts": {"at43": {"sides": ["red", "blue"], "first_side": "red", "units": units,
                               **part},
                      "pickets": {"sides": ["red", "blue"], "pickets": pickets}}}


def red_kossak(x: float = 10, y: float = 30) -> dict[str, Any]:
    return {"id": "red-armour", "side": "red", "vehicles": [afv("k", "Kossak", x, y)]}


def blue_trike(x: float = 70, y: float = 55) -> dict[str, Any]:
    return {"id": "blue-armour", "side": "blue", "vehicles": [afv("t", "Easy Trike", x, y)]}


def start(raw: dict[str, Any], dice: list[int] | None = None, *plugins: object
          ) -> tuple[Game, ShockLog]:
    log = ShockLog()
    pm = make_plugin_manager([log, *plugins])
    return Game.new(validate_scenario(raw, "mixed.yaml", pm), pm, dice_script=dice), log


def at43(game: Game) -> Any:
    return game.state.parts["at43"]


def presence(game: Game, unit: str) -> Presence:
    return next(p for p in game.world.presences() if p.unit == unit)


def rush(game: Game, vehicle: str, heading: float, distance: float) -> None:
    game.step(Action("declare", vehicle, {"mode": "rush"}))
    game.step(Action("move", vehicle, {"heading": heading, "distance": distance}))


# -- MIX-1: the part on the shared table ------------------------------------------------------


def test_mix1_fit_part_gives_the_part_the_mixed_table_and_turns():
    """MIX-1, MIX-2: the part's table is the mixed table and its round limit the game's turns;
    AT-P4: the part knows it shares the table."""
    raw = At43.fit_part({"units": []}, 80, 60, 5, 4)
    assert raw == {"units": [], "table": {"width": 80, "height": 60}, "max_rounds": 4,
                   "shared_table": True}
    game, _ = start(mixed([red_kossak(), blue_trike()], []))
    part = game.rules.parts["at43"]
    assert (part.scenario.table.width, part.scenario.table.height) == (80, 60)
    assert part.scenario.max_rounds == TURNS and part.scenario.shared_table
    assert part.turn_number(at43(game)) == 1


def test_at_p4_a_part_may_field_one_side_and_one_afv_alone():
    """AT-P4: on a shared table a part may field one side with one AFV, and a lone side needs
    no roll-off (AT-P1); a standalone game still needs two sides (AT-P2)."""
    raw = mixed([red_kossak()], [picket("p1", "blue", 60, 30)])
    raw["parts"]["at43"]["sides"] = ["red"]
    del raw["parts"]["at43"]["first_side"]
    game, _ = start(raw, [])
    assert game.to_act() == "red" and events(game, "roll") == []
    alone = {"name": "t", "ruleset": "at43", "table": {"width": 80, "height": 60},
             "sides": ["red"], "units": [red_kossak()]}
    with pytest.raises(ScenarioError) as error:
        validate_scenario(alone, "alone.yaml", plugin_manager())
    assert ("sides", "at least two sides fight (AT-P2)") in error.value.problems


# -- MIX-3: what the others see ---------------------------------------------------------------


def test_mix3_afvs_are_vehicles_models_infantry_and_wrecks_nothing():
    """MIX-3: an AFV is a vehicle at its base centre with its base radius, altitude 0; an
    infantry model is infantry; wrecks (AT-6) and dead models are not units."""
    units = [red_kossak(), blue_trike(),
             {"id": "reds", "side": "red", "infantry": [
                 {"id": "s1", "profile": "Krasnye Soldaty", "at": [20, 10]},
                 {"id": "s2", "profile": "Krasnye Soldaty", "at": [24, 10]}]}]
    game, _ = start(mixed(units, [], wrecks=[afv("old", "Sierp", 40, 40)]))
    seen = game.rules.parts["at43"].presences(at43(game))
    assert [(p.unit, p.ruleset, p.side, p.kind, p.x, p.y, p.radius, p.altitude) for p in seen] \
        == [("k", "at43", "red", VEHICLE, 10, 30, 4, 0),
            ("t", "at43", "blue", VEHICLE, 70, 55, 3, 0),
            ("s1", "at43", "red", INFANTRY, 20, 10, 1.5, 0),
            ("s2", "at43", "red", INFANTRY, 24, 10, 1.5, 0)]
    at43(game).troopers["s2"].alive = False
    at43(game).vehicles["t"].wreck = True
    assert [p.unit for p in game.rules.parts["at43"].presences(at43(game))] == ["k", "s1"]


# -- MIX-4: another ruleset's hits ------------------------------------------------------------


def test_mix4_each_damage_point_is_located_by_a_d6_and_a_6_takes_the_first_weapon():
    """MIX-4, AT-4, AT-5: 1 → Propulsion, 6 → the first Weapon still working; then 6, 6 with
    both Weapons gone: the second 6 spills to the Frame."""
    game, _ = start(mixed([red_kossak(), blue_trike()], []), [1, 6, 6, 6])
    k = at43(game).vehicles["k"]
    outcome = game.world.hit(presence(game, "k"), Hit("b1", "pickets", "bombs", 2, "MIX-5"), game)
    assert (outcome.damage, outcome.destroyed, outcome.effect) == (2, False, "damaged")
    assert (k.frame, k.propulsion, k.weapons) == (4, 1, [0, 1])
    outcome = game.world.hit(presence(game, "k"), Hit("b1", "pickets", "bombs", 2, "MIX-5"), game)
    assert (k.frame, k.propulsion, k.weapons) == (3, 1, [0, 0])
    damage = events(game, "damage")
    assert [(e["roll"], e["location"], e["rules"]) for e in damage] == [
        (1, "propulsion", ["MIX-5", "AT-4"]), (6, "weapon", ["MIX-5", "AT-4"]),
        (6, "weapon", ["MIX-5", "AT-4"]), (6, "frame", ["MIX-5", "AT-4", "AT-5"])]
    assert events(game, "struck")[0]["rules"] == ["MIX-5", "MIX-4"]
    hit = events(game, "hit")[-1]
    assert (hit["unit"], hit["ruleset"], hit["damage"], hit["effect"]) == ("k", "at43", 2,
                                                                            "damaged")


def test_mix4_the_last_frame_point_makes_a_wreck_and_later_points_are_not_located():
    """MIX-4, AT-5, AT-6: the Trike (Frame 2) takes 3 points: 3, 4 → Frame 0, a wreck; the third
    point is not rolled for. A wreck is no unit any more and takes nothing."""
    game, _ = start(mixed([red_kossak(), blue_trike()], [picket("pb", "blue", 60, 10)]), [3, 4])
    outcome = game.world.hit(presence(game, "t"), Hit("x", "pickets", "shell", 3, "MIX-5"), game)
    assert (outcome.damage, outcome.destroyed, outcome.effect) == (2, True, "destroyed: a wreck")
    assert at43(game).vehicles["t"].wreck
    assert events(game, "destroyed")[0]["rules"] == ["AT-5", "AT-6"]
    assert "t" not in {p.unit for p in game.world.presences()}
    again = game.rules.parts["at43"].suffer(at43(game), "t", Hit("x", "pickets", "shell", 1,
                                                                 "MIX-5"), game)
    assert (again.damage, again.destroyed) == (0, False)


def test_mix4_a_lethal_hit_takes_the_frame_to_0_without_a_roll():
    """MIX-4, AT-5: a lethal hit is a wreck at once, whatever the SP left."""
    game, _ = start(mixed([red_kossak(), blue_trike()], [picket("pb", "blue", 60, 10)]), [])
    outcome = game.world.hit(presence(game, "k"), Hit("x", "pickets", "crash", 1, "MIX-7",
                                                      lethal=True), game)
    k = at43(game).vehicles["k"]
    assert outcome.destroyed and k.wreck and k.frame == 0 and events(game, "roll") == []


def test_mix4_an_infantry_model_hit_is_killed_and_counts_as_a_loss():
    """MIX-4: one damage point kills an AT-43 model (AT-P3 counts it); 0 points leave it."""
    units = [red_kossak(), blue_trike(),
             {"id": "reds", "side": "red", "infantry": [
                 {"id": "s1", "profile": "Krasnye Soldaty", "at": [20, 10]}]}]
    game, _ = start(mixed(units, []), [])
    unharmed = game.world.hit(presence(game, "s1"), Hit("x", "pickets", "shot", 0, "MIX-5"), game)
    assert (unharmed.destroyed, unharmed.effect) == (False, "unharmed")
    outcome = game.world.hit(presence(game, "s1"), Hit("x", "pickets", "shot", 1, "MIX-5"), game)
    assert (outcome.destroyed, outcome.effect) == (True, "killed")
    assert not at43(game).troopers["s1"].alive and at43(game).killed == {"red": 1}
    assert events(game, "killed")[0]["rules"] == ["MIX-5", "MIX-4"]


def finish_at43_round(game: Game) -> None:
    """Every AT-43 unit holds until the pickets' turn."""
    while game.state.slot == 0 and game.to_act() is not None:
        game.step(next(a for a in game.legal_actions() if a.kind == "hold"))


def test_mix4_at_p4_losing_a_sides_last_afv_leaves_the_other_side_playing_then_ends_the_part():
    """MIX-4, AT-P1, AT-P4: the blue Trike wrecked in the pickets' turn withdraws blue from the
    next AT-43 round, which red plays alone; once the Kossak is wrecked too, no AT-43 unit can
    move: the part ends with no winner and the mixed game goes on without it (MIX-2)."""
    game, _ = start(mixed([red_kossak(), blue_trike()], [picket("pr", "red", 40, 5),
                                                          picket("pb", "blue", 40, 55)]))
    finish_at43_round(game)
    assert game.rules.scenario.order[game.state.slot] == "pickets"
    game.world.hit(presence(game, "t"), Hit("pb", "pickets", "mine", 1, "MIX-5", lethal=True),
                   game)
    part = at43(game)
    assert not part.over and part.round == 2
    game.step(Action("wait"))
    game.step(Action("wait"))
    assert game.state.turn == 2 and game.to_act() == "red"
    assert {a.unit for a in game.legal_actions()} == {"k"}
    finish_at43_round(game)
    game.world.hit(presence(game, "k"), Hit("pr", "pickets", "mine", 1, "MIX-5", lethal=True),
                   game)
    assert part.over and (part.winner, part.rule) == (None, "AT-P4")
    assert game.rules.narrate(events(game, "end")[-1]) == \
        "-- at43 part over: no AT-43 unit can move any more (AT-P4)"
    game.step(Action("wait"))
    game.step(Action("wait"))
    assert events(game, "mixed_turn")[-1]["part"] == "pickets"
    assert game.state.turn == 3 and game.legal_actions() == [Action("wait")]


# -- MIX-8: crushing foreign infantry ---------------------------------------------------------


def test_mix8_a_rush_crushes_foreign_infantry_on_5_plus_and_survivors_stay_and_test():
    """MIX-8, AT-8: the Kossak rushes 28 cm east over two blue pickets: 5 kills the first (a
    lethal hit, delivered through the world), 4 spares the second, which stays where it is
    and takes a morale shock; the red picket beside the path is not touched."""
    game, log = start(mixed([red_kossak(), blue_trike()],
                            [picket("p1", "blue", 20, 30), picket("p2", "blue", 30, 31),
                             picket("p3", "red", 25, 37)]), [5, 4])
    rush(game, "k", 0, 28)
    crushed = [(e["unit"], e["foreign"], e["roll"], e["needed"], e["killed"], e["rules"])
               for e in events(game, "crush")]
    assert crushed == [("p1", "pickets", 5, 5, True, ["AT-8", "MIX-8"]),
                       ("p2", "pickets", 4, 5, False, ["AT-8", "MIX-8"])]
    [hit] = events(game, "hit")
    assert (hit["unit"], hit["source"], hit["cause"], hit["rule"], hit["destroyed"]) == \
        ("p1", "k", "crush", "MIX-8", True)
    pickets = game.state.parts["pickets"]
    assert pickets.wounds == {"p1": 2, "p2": 0, "p3": 0}
    assert log.shocks == [MoraleShock("p2", "crushed past by k", "MIX-8", None, "k")]
    assert (presence(game, "p2").x, presence(game, "p2").y) == (30, 31)
    assert events(game, "survivor_moved") == []
    assert at43(game).vehicles["k"].base.x == 38 and at43(game).killed == {}


def test_mix8_foreign_infantry_in_base_contact_with_an_enemy_are_engaged_and_die_on_3_plus():
    """MIX-8 Decision: engaged = within 0.1 cm of a foreign unit of another side. p1 touches a
    red picket at exactly 0.1 cm (3+: a 3 kills); p2 is 0.2 cm from one (5+: a 4 spares)."""
    game, log = start(mixed([red_kossak(), blue_trike()],
                            [picket("p1", "blue", 20, 34.5), picket("pr1", "red", 20, 36.6),
                             picket("p2", "blue", 30, 34.5), picket("pr2", "red", 30, 36.7)]),
                      [3, 4])
    rush(game, "k", 0, 28)
    found = [(e["unit"], e["engaged"], e["needed"], e["killed"]) for e in events(game, "crush")]
    assert found == [("p1", True, 3, True), ("p2", False, 5, False)]
    assert [s.unit for s in log.shocks] == ["p2"]


def test_mix8_a_normal_move_is_barred_by_foreign_infantry_and_crushes_nobody():
    """MIX-8 Decision, AT-10: a normal move stops at a foreign base as at AT's own infantry."""
    game, _ = start(mixed([red_kossak(), blue_trike()], [picket("p1", "blue", 20, 30)]), [])
    game.step(Action("declare", "k", {"mode": "normal"}))
    game.step(Action("move", "k", {"heading": 0, "distance": 18}))
    move = events(game, "move")[0]
    assert move["stopped_by"] == "pickets:p1"
    assert math.isclose(at43(game).vehicles["k"].base.x, 15) and events(game, "crush") == []


def test_mix8_foreign_ground_units_bar_marches_and_only_infantry_are_crushed(monkeypatch):
    """MIX-8 Decision: foreign ground units bar what AT's own infantry bar — an AT-43 squad's
    march (AT-P1) stops at a foreign infantry base, the Kossak's normal move at a foreign
    ground target — and a rush passes over a ground target with no roll (only infantry are
    crushed)."""
    units = [red_kossak(), blue_trike(),
             {"id": "reds", "side": "red", "infantry": [
                 {"id": "s1", "profile": "Krasnye Soldaty", "at": [10, 50]}]},
             {"id": "red-two", "side": "red", "vehicles": [afv("s", "Sierp", 10, 10)]}]
    game, _ = start(mixed(units, []), [])
    foreign = [Presence("p1", "pickets", "blue", INFANTRY, 20, 50, 1.0),
               Presence("g1", "pickets", "blue", GROUND_TARGET, 20, 30, 1.0),
               Presence("g2", "pickets", "blue", GROUND_TARGET, 20, 10, 1.0)]
    monkeypatch.setattr(Pickets, "presences", lambda self, state: foreign)
    game.step(Action("march", "reds", {"heading": 0, "distance": 10}))
    assert events(game, "march")[0]["stopped_by"] == "pickets:p1"
    assert math.isclose(at43(game).troopers["s1"].base.x, 17.5)
    game.step(Action("hold", "t"))
    game.step(Action("declare", "k", {"mode": "normal"}))
    game.step(Action("move", "k", {"heading": 0, "distance": 18}))
    assert events(game, "move")[0]["stopped_by"] == "pickets:g1"
    rush(game, "s", 0, 20)
    assert events(game, "move")[1]["stopped_by"] is None and events(game, "crush") == []


def test_mix8_at26_a_pushed_vehicle_crushes_foreign_infantry_on_its_path():
    """MIX-8, AT-26: Kossak assaults a Lancelot 12.5 cm away (impacts 4, 1; located 3: Frame;
    backlash 1 fails) and pushes it 5.5 cm over a blue picket: 6 kills it."""
    units = [red_kossak(10, 30), {"id": "blue-armour", "side": "blue",
                                  "vehicles": [afv("l", "Lancelot", 30, 30)]}]
    game, _ = start(mixed(units, [picket("p1", "blue", 37, 30)]), [4, 1, 3, 1, 6])
    game.step(Action("declare", "k", {"mode": "rush"}))
    game.step(Action("ram", "k", {"target": "l", "offset": 0}))
    game.step(Action("push"))
    [crush] = events(game, "crush")
    assert (crush["unit"], crush["by"], crush["killed"], crush["rules"]) == \
        ("p1", "l", True, ["AT-26", "AT-8", "MIX-8"])
    assert events(game, "hit")[0]["source"] == "l"


def test_mix8_at31_a_thrown_vehicle_crushes_foreign_infantry_and_the_survivor_stays():
    """MIX-8, AT-31 (AT-E2 positions): the Kossak charges the Lancelot 24 cm away, 2 damage,
    throws it 5 cm east over a blue picket: 4 spares it; it stays under the Lancelot's base
    and tests its morale."""
    units = [red_kossak(10, 30), {"id": "blue-armour", "side": "blue",
                                  "vehicles": [afv("l", "Lancelot", 41.5, 30)]}]
    game, log = start(mixed(units, [picket("p1", "blue", 48, 30)]), [4, 4, 1, 3, 1, 1, 1, 4])
    game.step(Action("declare", "k", {"mode": "rush"}))
    game.step(Action("ram", "k", {"target": "l", "offset": 0}))
    assert math.isclose(at43(game).vehicles["l"].base.x, 46.5)
    [crush] = events(game, "crush")
    assert (crush["unit"], crush["roll"], crush["killed"], crush["rules"]) == \
        ("p1", 4, False, ["AT-31", "AT-8", "MIX-8"])
    assert [s.unit for s in log.shocks] == ["p1"] and presence(game, "p1").x == 48


class FleeOnHit:
    """A stand-in for a morale cascade: when p1 dies, p2 leaves the table at once."""

    @hookimpl
    def polemos_unit_hit(self, game: Game, target: Presence, hit: Hit, outcome: Any) -> None:
        if target.unit == "p1":
            game.state.parts["pickets"].wounds["p2"] = 2


def test_mix8_a_model_gone_before_its_roll_is_not_rolled_for():
    """MIX-8: p2, behind p1 on the path, left play when p1 fell (its owner's rules): no die
    is rolled for it and it takes no shock."""
    game, log = start(mixed([red_kossak(), blue_trike()],
                            [picket("p1", "blue", 20, 30), picket("p2", "blue", 30, 30)]),
                      [6], FleeOnHit())
    rush(game, "k", 0, 28)
    assert [e["unit"] for e in events(game, "crush")] == ["p1"] and log.shocks == []


@pytest.mark.parametrize(("morale_die", "passed"), [(10, True), (1, False)])
def test_mix8_de_bello_gallico_fighters_are_crushed_and_the_survivor_tests_its_morale(
        morale_die: int, passed: bool):
    """MIX-8, MIX-9 with real De Bello Gallico fighters (initiative 9, 1: red first). The
    Kossak's rush kills b1 (6: out of action by DBG's own rules) and spares b2 (2), which
    tests morale at once (DBG-26: d10 + 5 against 10). Passing, it stays where it stood; failing,
    it retreats by DBG's own flight rules (AT-43 never moves it)."""
    fighters = [{"id": "b1", "side": "blue", "troop": "legionary", "nation": "roman",
                 "at": [20, 30]},
                {"id": "b2", "side": "blue", "troop": "legionary", "nation": "roman",
                 "at": [30, 30]},
                {"id": "r1", "side": "red", "troop": "legionary", "nation": "roman",
                 "at": [60, 10]}]
    raw = {"name": "tank and legion", "ruleset": "mixed", "table": {"width": 80, "height": 60},
           "hex_cm": 5, "sides": ["red", "blue"], "rulesets": ["at43", "de_bello_gallico"],
           "order": ["at43", "de_bello_gallico"], "turns": 2,
           "parts": {"at43": {"sides": ["red"], "first_side": "red", "units": [red_kossak()]},
                     "de_bello_gallico": {"sides": ["red", "blue"], "fighters": fighters}}}
    pm = make_plugin_manager()
    game = Game.new(validate_scenario(raw, "mixed.yaml", pm), pm,
                    dice_script=[9, 1, 6, 2, morale_die])
    rush(game, "k", 0, 28)
    assert [(e["unit"], e["foreign"], e["roll"], e["killed"]) for e in events(game, "crush")] \
        == [("b1", "de_bello_gallico", 6, True), ("b2", "de_bello_gallico", 2, False)]
    dbg = game.state.parts["de_bello_gallico"]
    assert dbg.fighters["b1"].status == "out"
    assert events(game, "hit")[0]["effect"] == "out of action"
    [shock] = events(game, "shock")
    assert (shock["unit"], shock["rule"], shock["cause"], shock["source"]) == \
        ("b2", "MIX-8", "crushed past by k", "k")
    [test] = events(game, "morale_test")
    assert (test["unit"], test["die"], test["passed"]) == ("b2", morale_die, passed)
    stayed = (dbg.fighters["b2"].base.x, dbg.fighters["b2"].base.y) == (30, 30)
    assert stayed == passed and bool(events(game, "flight")) != passed


# -- the board ------------------------------------------------------------------------------


def piece_positions(svg: str) -> dict[str, tuple[float, float]]:
    found = re.findall(r'id="piece-([^"]+)" data-x="([^"]+)" data-y="([^"]+)"', svg)
    return {ident: (float(x), float(y)) for ident, x, y in found}


def test_the_board_draws_every_unit_at_its_base_centre_and_scenery_as_areas(tmp_path: Path):
    """The derby played and saved by ``polemos play --save --html``, drawn by ``polemos
    render``: every AFV and model in play is a piece at its base centre; wrecks and terrain
    are areas, so the pieces are exactly the units."""
    save, svg_path = tmp_path / "derby.json", tmp_path / "derby.svg"
    assert main(["play", str(DERBY), "-q", "--seed", "2", "--save", str(save),
                 "--html", str(tmp_path / "derby.html")]) == 0
    assert main(["render", str(save), "-o", str(svg_path)]) == 0
    svg = svg_path.read_text(encoding="utf-8")
    game = Game.load(save, plugin_manager())
    state = game.state
    assert any(v.wreck for v in state.vehicles.values())
    drawn = piece_positions(svg)
    assert set(drawn) == set(game.rules.units(state))
    for unit_id, (x, y) in drawn.items():
        base = (state.vehicles[unit_id].base if unit_id in state.vehicles
                else state.troopers[unit_id].base)
        assert abs(x - base.x) <= 0.005 and abs(y - base.y) <= 0.005
    board = game.rules.board(state)
    areas = {a.id: a.kind for a in board.areas}
    assert {v.id for v in state.vehicles.values() if v.wreck} == \
        {i for i, kind in areas.items() if kind == "wreck"}
    assert {t.id for t in state.terrain.values() if not t.removed} == \
        {i for i, kind in areas.items() if kind == "obstacle"}


def test_board_labels_and_markers():
    """A vehicle's label is its SP by location; immobilised and rushed are markers."""
    game, _ = start(mixed([red_kossak(), blue_trike()], [picket("p1", "blue", 60, 10)]), [1, 2])
    rush(game, "k", 90, 5)
    game.world.hit(presence(game, "k"), Hit("x", "pickets", "shell", 2, "MIX-5"), game)
    board = game.rules.board(game.state)
    k = next(p for p in board.pieces if p.id == "k")
    assert (k.x, k.y, k.radius, k.facing_deg) == (10, 35, 4, None)
    assert (k.labels, k.markers) == (["F4 P0 W2"], ["immobilised", "rushed"])
    svg = render_svg(board, ["red", "blue"])
    assert set(piece_positions(svg)) == set(game.rules.units(game.state))


def test_narrate_reads_the_mixing_events_and_ignores_unknown_ones():
    """Core narrates "hit"; AT-43 stays silent on event types it does not know."""
    assert text.narrate({"type": "hit", "unit": "k", "rule": "MIX-5"}) is None
    assert text.narrate({"type": "no such event"}) is None
    assert text.narrate({"type": "struck", "unit": "k", "source": "b1", "cause": "bombs",
                         "damage": 2, "lethal": False, "rules": ["MIX-5", "MIX-4"]}) == \
        "  k struck by b1 (bombs): 2 damage point(s) (MIX-5, MIX-4)"
    assert text.narrate({"type": "crush_shock", "unit": "g1", "foreign": "de_bello_gallico",
                         "by": "k", "rule": "MIX-8"}) == \
        "    g1 (de_bello_gallico) lives where it stands and tests its morale (MIX-8)"


def test_a_mixed_game_with_at43_plays_to_the_end_the_same_way_twice():
    """MIX-2, MIX-8: random bots play the mixed scenario to a result; same seed, same log; the
    mixed board draws exactly the units in play."""
    logs = []
    for _ in range(2):
        raw = mixed([red_kossak(), blue_trike(30, 40)],
                    [picket(f"p{i}", "blue" if i % 2 else "red", 15 + 8 * i, 28 + i)
                     for i in range(6)])
        game, _ = start(raw)
        result = play(game, {s: RandomBot(bot_rng(4, s)) for s in ("red", "blue")})
        assert result is not None and result.rule.startswith("MIX-")
        assert len(events(game, "crush")) == 1
        board = game.rules.board(game.state)
        assert {p.id for p in board.pieces} == set(game.rules.units(game.state))
        logs.append(game.events)
    assert logs[0] == logs[1]


def test_presences_helper_keys_foreign_units_apart_from_at43_ids():
    """Foreign bases carry their ruleset in their id, so a picket named like an AFV is apart."""
    p = Presence("k", "pickets", "blue", INFANTRY, 1, 2, 1)
    assert mixing.key(p) == "pickets:k" and mixing.base_of(p).id == "pickets:k"
