"""MIX-10 after every action: the cheap check of who still stands decides as the table does.

A mixed game asks after every action of every part whether a side has nothing left on the table
(``Mixed._standing``). It asks each part's ``standing_sides`` instead of building presences, and
stops at the first part that shows two sides; both shortcuts must answer as the presences do.
"""

from __future__ import annotations

from pathlib import Path

import pluggy
import pytest

from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.mixed import Mixed
from polemos.core.players import bot_rng, make_bot
from polemos.core.scenario import load_scenario

MIXED = sorted((Path(__file__).parent.parent / "scenarios" / "mixed").glob("*.yaml"))


def check_standing(game: Game) -> None:
    """Every part's ``standing_sides`` are its presences' sides; the early stop of
    ``_standing`` gives the same decision as every unit on the table."""
    rules, state = game.rules, game.state
    assert isinstance(rules, Mixed)
    for name, part in state.parts.items():
        shown = {p.side for p in rules.parts[name].presences(part)}
        assert rules.parts[name].standing_sides(part) == shown, name
    table = {p.side for p in rules.world.presences()}
    standing = rules._standing(state)
    assert standing <= table
    assert len(standing) > 1 if len(table) > 1 else standing == table


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("path", MIXED, ids=lambda path: path.stem)
def test_mix10_the_standing_sides_after_every_action_are_the_tables(
        pm: pluggy.PluginManager, path: Path, kind: str) -> None:
    for seed in range(2):
        game = Game.new(load_scenario(path, pm), pm, seed=seed, transactional=False)
        players = {side: make_bot(pm, game.rules.name, kind, bot_rng(seed, side))
                   for side in game.rules.sides(game.state)}
        check_standing(game)
        result = play(game, players, after_step=check_standing)
        assert result.rule in ("MIX-2", "MIX-10")
