"""De Bello Gallico on a shared table (docs/mixing.md MIX-1 … MIX-4, MIX-9): fitted to the
table, seen as infantry, hit by other rulesets with every morale rule a wound triggers."""

from __future__ import annotations

from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.scenario import validate_scenario
from polemos.core.world import INFANTRY, Hit
from polemos.rulesets.de_bello_gallico.ruleset import DeBelloGallico
from tests.conftest import events
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    f,
    fighter,
    scenario,
    start,
)


def test_fit_part_takes_the_shared_table_and_turns() -> None:
    """MIX-1: the part's table and turn limit are the mixed scenario's; MIX-10: it is marked
    as sharing the table, so the mixed scenario decides the game."""
    raw = DeBelloGallico.fit_part({"fighters": []}, 80, 50, 5, 4)
    assert raw == {"fighters": [], "table": {"width": 80, "height": 50}, "max_turns": 4,
                   "shared_table": True}


def test_fighters_are_seen_as_infantry(pm) -> None:
    """MIX-3: every fighter on the table is infantry at altitude 0, with its base."""
    game = start(scenario(fighter("r1", "red", 10, 10, troop="cavalry"),
                          fighter("b1", "blue", 40, 40)), RED_FIRST, pm)
    [r1, b1] = game.rules.presences(game.state)
    assert (r1.unit, r1.kind, r1.x, r1.y, r1.radius, r1.altitude) == (
        "r1", INFANTRY, 10, 10, 1.5, 0)
    f(game, "b1").status = "out"
    assert [p.unit for p in game.rules.presences(game.state)] == ["r1"]
    assert game.rules.turn_number(game.state) == 1


def test_a_foreign_hit_wounds_and_shakes(pm) -> None:
    """MIX-4, MIX-9: one damage point is one wound, and the wound's test follows (DBG-26);
    an officer killed by a lethal hit shakes its friends (DBG-26)."""
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer"), fighter("r1", "red", 24, 20),
                   fighter("b1", "blue", 40, 40))
    game = start(raw, RED_FIRST + [9, 9], pm)
    outcome = game.rules.suffer(game.state, "r1", Hit("bomber", "aeronautica", "bombs", 1,
                                                      "AI-58"), game)
    assert (outcome.damage, outcome.destroyed, outcome.effect) == (1, False, "wounded")
    assert events(game, "wounded")[0]["rules"] == ["AI-58", "DBG-7"]
    outcome = game.rules.suffer(game.state, "ro", Hit("tank", "at43", "crushed", 1, "AT-8",
                                                      lethal=True), game)
    assert outcome.destroyed and f(game, "ro").status == "out"
    assert [e["unit"] for e in events(game, "morale_test")] == ["r1", "r1"]


def test_a_mixed_scenario_with_a_de_bello_gallico_part_plays_out(pm) -> None:
    """MIX-2: a De Bello Gallico part hands over when its turn number grows."""
    raw = {"name": "mixed", "ruleset": "mixed", "table": {"width": 60, "height": 40},
           "hex_cm": 5, "sides": ["red", "blue"], "rulesets": ["de_bello_gallico"],
           "order": ["de_bello_gallico"], "turns": 2,
           "parts": {"de_bello_gallico": {"sides": ["red", "blue"], "fighters": [
               fighter("r1", "red", 10, 10), fighter("b1", "blue", 50, 30)]}}}
    game = Game.new(validate_scenario(raw, "mixed.yaml", pm), pm, seed=1)
    players = {side: RandomBot(bot_rng(1, side)) for side in ("red", "blue")}
    result = play(game, players)
    assert result.rule.startswith("MIX-")
    assert max(e["turn"] for e in game.events if e["type"] == "turn") == 2
