"""De Bello Gallico as one part of a mixed scenario (docs/mixing.md): the part decides nothing
(MIX-2, MIX-10: the objectives' shared-table Decision), and other rulesets' ground units block
fighters like bases (MIX-8 Decision)."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from polemos.core.actions import Action
from polemos.core.game import Game
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import validate_scenario
from polemos.core.world import AIRCRAFT, GROUND_TARGET, INFANTRY, VEHICLE, Hit, Presence, World
from polemos.rulesets.de_bello_gallico.geometry import pinned
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter, ForeignUnits
from tests.conftest import events, refused
from tests.core.pickets import PicketsPlugin
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    act,
    f,
    fighter,
    refused_reason,
    scenario,
    start,
    state,
)

DBG = "de_bello_gallico"


@pytest.fixture(scope="module")
def picket_pm() -> pluggy.PluginManager:
    return make_plugin_manager([PicketsPlugin()])


def mixed(parts: dict[str, dict[str, Any]], turns: int = 3, **extra: Any) -> dict[str, Any]:
    """A 60 × 40 cm mixed table for sides red and blue, De Bello Gallico's turn first."""
    return {"name": "shared table", "ruleset": "mixed", "table": {"width": 60, "height": 40},
            "hex_cm": 5, "sides": ["red", "blue"], "rulesets": list(parts),
            "order": list(parts), "turns": turns, "parts": parts, **extra}


def dbg_part(*fighters: dict[str, Any]) -> dict[str, Any]:
    return {"sides": ["red", "blue"], "fighters": list(fighters)}


def tank_at(x: float, y: float) -> dict[str, Any]:
    """An AT-43 part: one blue Kossak (base radius 4 cm) at (x, y)."""
    return {"sides": ["blue"], "units": [{"id": "armour", "side": "blue", "vehicles": [
        {"id": "kossak", "profile": "Kossak", "at": [x, y]}]}]}


def new_mixed(raw: dict[str, Any], dice: list[int], pm: pluggy.PluginManager) -> Game:
    return Game.new(validate_scenario(raw, "mixed.yaml", pm), pm, dice_script=dice)


def part(game: Game) -> DbgState:
    found = game.state.parts[DBG]
    assert isinstance(found, DbgState)
    return found


def fighter_of(game: Game, unit: str) -> Fighter:
    return part(game).fighters[unit]


def presence(game: Game, unit: str) -> Presence:
    return next(p for p in game.world.presences() if p.unit == unit)


def end_events(game: Game) -> list[tuple[str | None, str | None, str]]:
    return [(e.get("ruleset"), e["winner"], e["rule"]) for e in events(game, "end")]


# --- the part decides nothing on a shared table (MIX-2, MIX-10) ----------------------------


def test_mix10_a_side_wiped_out_leaves_the_survivors_playing_to_the_objective(picket_pm):
    """MIX-10, MIX-2, DBG-12: blue's only fighter is killed by another ruleset's hit; the part
    goes on (no DBG ending), blue passes every activation, red's fighters are activated each
    turn and walk to the mixed objective, the part ends after its last turn (MIX-2) and the
    mixed scenario gives red the win for holding the area alone (MIX-10)."""
    raw = mixed({DBG: dbg_part(fighter("r1", "red", 10, 10), fighter("r2", "red", 10, 30),
                               fighter("b1", "blue", 50, 30)),
                 "pickets": {"sides": ["red", "blue"], "pickets": [
                     {"id": "p-blue", "side": "blue", "x": 55, "y": 5}]}},
                objective={"name": "the ford", "area": [[18, 2], [30, 2], [30, 18], [18, 18]]})
    game = new_mixed(raw, RED_FIRST * 3, picket_pm)
    outcome = game.world.hit(presence(game, "b1"), Hit("bomber", "aeronautica", "bombs", 1,
                                                       "AI-58", lethal=True), game)
    assert outcome.destroyed and fighter_of(game, "b1").status == "out"
    assert end_events(game) == [] and part(game).phase == "move" and game.to_act() == "red"
    for turn in (1, 2, 3):
        assert part(game).turn == turn
        assert sorted(a.unit for a in game.legal_actions()) == ["r1", "r2"], "blue passes"
        game.step(act("activate", "r1"))
        if turn == 2:
            game.step(act("move", "r1", x=20, y=10))
        else:
            game.step(act("end", "r1"))
        assert game.to_act() == "red" and game.legal_actions() == [act("activate", "r2")]
        game.step(act("activate", "r2"))
        game.step(act("end", "r2"))
        assert game.legal_actions() == [Action("wait")], "MIX-2: the pickets' turn"
        game.step(Action("wait"))
        game.step(Action("wait"))
    assert [e["side"] for e in events(game, "break_point")] == ["blue"]
    assert end_events(game) == [(DBG, None, "MIX-2"), (None, "red", "MIX-10")]
    assert events(game, "end")[0]["reason"] == "turn limit 3: the mixed scenario decides (MIX-10)"
    assert game.result().reason == "red alone holds the ford"


@pytest.mark.parametrize("objective", [None, {"kind": "ambush", "hunter": "red",
                                              "quarry": "blue", "exits": ["south"]}])
def test_mix10_no_side_wiped_out_ending_when_sharing_a_table(pm, objective) -> None:
    """MIX-10, DBG-9, DBG-59: marked as sharing a table, a part whose blue side is gone (the
    ambush's quarry too) plays on; its last turn ends it, citing MIX-2, with no winner."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 50, 50),
                   shared_table=True, max_turns=1, objective=objective)
    game = start(raw, RED_FIRST, pm)
    game.rules.suffer(state(game), "b1", Hit("bomber", "aeronautica", "bombs", 1, "AI-58",
                                              lethal=True), game)
    assert f(game, "b1").status == "out"
    assert events(game, "end") == [] and game.legal_actions() == [act("activate", "r1")]
    game.step(act("activate", "r1"))
    game.step(act("end", "r1"))
    [end] = events(game, "end")
    assert (end["winner"], end["rule"]) == (None, "MIX-2")


# --- other rulesets' ground units block fighters (MIX-8 Decision) --------------------------


def test_mix8_a_move_stops_at_a_foreign_vehicle_base(pm) -> None:
    """MIX-8 Decision, DBG-11: r1's eastward menu line stops where its base meets the Kossak's
    (centre 20 − 4 − 1 = 15); a move into the tank is refused citing MIX-8, and so is charging
    it (no DBG enemy, DBG-14). Touching it pins no one (DBG-17)."""
    raw = mixed({DBG: dbg_part(fighter("r1", "red", 10, 20), fighter("b1", "blue", 50, 35)),
                 "at43": tank_at(20, 20)})
    game = new_mixed(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    assert act("move", "r1", x=15.0, y=20.0, via="E 5 cm") in game.legal_actions()
    reason = refused_reason(game, act("move", "r1", x=19, y=20), "MIX-8")
    assert reason == "at43:kossak (another ruleset's unit) is in the way"
    refused(game, act("move", "r1", x=19, y=24), "MIX-8")
    refused(game, act("charge", "r1", target="kossak"), "DBG-14")
    game.step(act("move", "r1", x=15, y=20))
    assert events(game, "move")[-1]["to"] == [15, 20]
    assert not pinned(part(game), fighter_of(game, "r1"))


def test_mix8_a_charge_cannot_pass_through_a_foreign_vehicle(pm) -> None:
    """MIX-8 Decision, DBG-14: b1 is 8.6 cm from r1, within its 10 cm, but behind the Kossak:
    every approach crosses the tank, so no charge is offered and one is refused."""
    raw = mixed({DBG: dbg_part(fighter("r1", "red", 10, 20), fighter("b1", "blue", 20.6, 20)),
                 "at43": tank_at(15.5, 20)})
    game = new_mixed(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    assert not [a for a in game.legal_actions() if a.kind == "charge"]
    assert "no straight, legal path" in refused_reason(game, act("charge", "r1", target="b1"),
                                                       "DBG-14")


def test_mix8_a_flight_stops_at_a_foreign_vehicle_base(pm) -> None:
    """MIX-8 Decision, MIX-9, DBG-28, DBG-29: flak wounds r1, whose test fails (die 1); it
    flees away from b1, east, and stops where its base meets the Kossak's (22 − 4 − 1 = 17)."""
    raw = mixed({DBG: dbg_part(fighter("r1", "red", 14, 20), fighter("b1", "blue", 10, 20)),
                 "at43": tank_at(22, 20)})
    game = new_mixed(raw, RED_FIRST + [1], pm)
    game.world.hit(presence(game, "r1"), Hit("flak", "aeronautica", "flak", 1, "AI-55"), game)
    [flight] = events(game, "flight")
    assert (flight["how"], flight["enemy"], flight["stopped_by"]) == ("away", "b1",
                                                                     "at43:kossak")
    assert (flight["cm"], flight["to"]) == (3, [17, 20])


class Others:
    """A stand-in ruleset showing one unit of each kind."""

    def presences(self, state: Any) -> list[Presence]:
        return [Presence("tank", "other", "blue", VEHICLE, 1, 2, 4),
                Presence("flak", "other", "blue", GROUND_TARGET, 3, 4, 2),
                Presence("man", "other", "red", INFANTRY, 5, 6, 1),
                Presence("plane", "other", "red", AIRCRAFT, 7, 8, 1, altitude=2),
                Presence("landed", "other", "red", AIRCRAFT, 9, 9, 1, altitude=0)]


class Mine(Others):
    def presences(self, state: Any) -> list[Presence]:
        return [Presence("r1", DBG, "red", INFANTRY, 0, 0, 1)]


def test_mix8_ground_units_of_other_rulesets_are_bases_aircraft_are_not() -> None:
    """MIX-8 Decision, MIX-3: every foreign unit on the ground (vehicle, ground target,
    infantry) is a base named ``ruleset:unit``; aircraft are never in the way, nor are the part's
    own fighters."""
    world = World(5)
    parts: dict[str, Any] = {"other": Others(), DBG: Mine()}
    world.attach(parts, lambda: {"other": None, DBG: None})
    bases = ForeignUnits(world, DBG).ground_bases()
    assert [(b.id, b.x, b.y, b.radius) for b in bases] == [
        ("other:tank", 1, 2, 4), ("other:flak", 3, 4, 2), ("other:man", 5, 6, 1)]
    assert ForeignUnits().ground_bases() == []


class Moving(Others):
    """A stand-in ruleset whose one tank stands wherever ``at`` says."""

    def __init__(self) -> None:
        self.at = (1.0, 2.0)

    def presences(self, state: Any) -> list[Presence]:
        return [Presence("tank", "other", "blue", VEHICLE, *self.at, 4)]


def test_mix8_a_foreign_unit_that_moved_is_met_where_it_now_stands() -> None:
    """MIX-8 Decision: the bases are made again once a presence changes (they are kept while
    none does), so a unit moved in its own ruleset's turn is never met where it stood."""
    world, other = World(5), Moving()
    world.attach({"other": other, DBG: Mine()}, lambda: {"other": None, DBG: None})
    window = ForeignUnits(world, DBG)
    assert [(b.x, b.y) for b in window.ground_bases()] == [(1.0, 2.0)]
    assert [(b.x, b.y) for b in window.ground_bases()] == [(1.0, 2.0)]
    other.at = (30.0, 20.0)
    assert [(b.x, b.y) for b in window.ground_bases()] == [(30.0, 20.0)]
    alone = World(5)
    alone.attach({DBG: Mine()}, lambda: {DBG: None})
    assert ForeignUnits(alone, DBG).ground_bases() == []
