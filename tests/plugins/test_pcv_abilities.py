"""The abilities extension point of Le Petit Cirque Volant, as the two club plugins use it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polemos.core.actions import ActionKind
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.rulebook import rulebook
from polemos.core.scenario import load_scenario
from polemos.rulesets.petit_cirque.actions import ACTIONS
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant
from tests.rulesets.petit_cirque.helpers import game, plane, plugin_manager, scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "petit-cirque" / "witches-and-flak.yaml"


def test_ability_kinds_extend_this_games_declaration_only():
    """The plugins' kinds join the game's action table; the ruleset's own stays as written."""
    g = game(scenario(plane("r1", "red", 3, 4), plane("b1", "blue", 8, 4, "W"),
                      plugins=["pcv_ground", "pcv_magic"], options={"pcv_magic": {}}))
    assert set(g.rules.actions.kinds) == {*ACTIONS.kinds, "strafe", "pivot", "hover", "breathe"}
    assert PetitCirqueVolant.actions is ACTIONS and set(ACTIONS.kinds) == {
        "step", "loop", "speed", "fire", "hold"}


def test_a_kind_declared_twice_is_refused():
    with pytest.raises(ValueError, match="action kinds declared twice: fire"):
        ACTIONS.extended(ActionKind("fire", "PCV-M3"))


def test_every_ground_and_magic_rule_cited_is_written_and_every_one_written_is_cited():
    """Rules as data: the ids the plugins' code cites are their rules.yaml's, and back."""
    written = {rule for rule in rulebook(plugin_manager()) if re.match(r"PCV-[GM]\d", rule)}
    cited = {rule for folder in ("pcv_ground", "pcv_magic")
             for path in (ROOT / "plugins" / folder).glob("*.py")
             for rule in re.findall(r"PCV-[GM]\d+", path.read_text(encoding="utf-8"))}
    assert cited == written == {*(f"PCV-G{n}" for n in range(1, 6)),
                                *(f"PCV-M{n}" for n in range(1, 7))}


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_the_witches_and_flak_scenario_plays_to_a_result(kind):
    pm = plugin_manager()
    g = Game.new(load_scenario(SCENARIO, pm), pm, seed=3)
    result = play(g, {side: make_bot(pm, "petit_cirque", kind, bot_rng(3, side))
                      for side in g.rules.sides(g.state)})
    assert result is not None and result.rule == "PCV-3"
