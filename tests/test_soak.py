"""Soak: every shipped scenario played to a result over many seeds, by random and greedy bots.

The conformance suite plays a few seeds per scenario; issue 15 (a side asked to act with no
legal action) hid in one showcase game in fifteen. Here each scenario is played over
``POLEMOS_SOAK_SEEDS`` seeds (50 by default; ``make soak`` sets 1000) with each bot kind, on
games without transactions (nothing is rolled back, so no copy per action). Seeds go in chunks
so pytest-xdist spreads them over the cores; a failing chunk names every seed that failed and
how to replay it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pluggy
import pytest

from polemos.core.catalog import scenario_catalog
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import BOT_KINDS, bot_rng, make_bot
from polemos.core.plugins import make_plugin_manager
from polemos.core.ruleset import Result
from polemos.core.scenario import load_scenario

DEFAULT_SEEDS = 50
CHUNK = 10
"""Seeds per test: small enough to spread over the workers, large enough to keep few tests."""
ROOT = Path(__file__).parent.parent
MAX_ACTIONS = 200_000
"""A game still going after this many actions would never end: fail it in seconds, not after
the engine's own guard of a million."""


def soak_scenarios() -> list[Path]:
    """Every installed scenario, as the plugins list them (``polemos_scenarios``), like the
    conformance suite."""
    return [ref.path for ref in scenario_catalog(make_plugin_manager()).values()]


def soak_seeds() -> int:
    """The number of seeds per scenario and bot kind: ``POLEMOS_SOAK_SEEDS`` or the default."""
    raw = os.environ.get("POLEMOS_SOAK_SEEDS", str(DEFAULT_SEEDS))
    if not raw.isdigit() or int(raw) < 1:
        raise pytest.UsageError(f"POLEMOS_SOAK_SEEDS={raw!r}: expected a number of seeds, ≥ 1")
    return int(raw)


def seed_chunks(seeds: int) -> list[range]:
    return [range(start, min(start + CHUNK, seeds)) for start in range(0, seeds, CHUNK)]


def scenario_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def chunk_id(seeds: range) -> str:
    return f"seeds{seeds.start}-{seeds.stop - 1}"


def soak_game(pm: pluggy.PluginManager, path: Path, kind: str, seed: int) -> Result:
    """One game of ``path`` on ``seed``, every side played by a ``kind`` bot, to its result."""
    game = Game.new(load_scenario(path, pm), pm, seed=seed, transactional=False)
    sides = game.rules.sides(game.state)
    players = {side: make_bot(pm, game.rules.name, kind, bot_rng(seed, side)) for side in sides}
    result = play(game, players, max_actions=MAX_ACTIONS)
    assert game.to_act() is None and game.legal_actions() == []
    assert result.winner is None or result.winner in sides, result
    return result


@pytest.mark.parametrize("seeds", seed_chunks(soak_seeds()), ids=chunk_id)
@pytest.mark.parametrize("kind", BOT_KINDS)
@pytest.mark.parametrize("path", soak_scenarios(), ids=scenario_id)
def test_every_game_reaches_a_result(pm: pluggy.PluginManager, path: Path, kind: str,
                                     seeds: range):
    failures = []
    for seed in seeds:
        try:
            soak_game(pm, path, kind, seed)
        except Exception as error:  # every failing seed of the chunk is reported, not the first
            failures.append(f"  seed {seed}: {type(error).__name__}: {error}")
    replay = f"polemos play {path.relative_to(ROOT)} --bots {kind} --seed N"
    assert not failures, (f"{len(failures)} of {len(seeds)} {kind} games of {path.name} failed "
                          f"(replay: {replay}):\n" + "\n".join(failures))
