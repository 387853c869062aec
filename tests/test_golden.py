"""Golden playthroughs: a seeded random-bot game of every shipped scenario, kept as a log.

A change that alters any event of these games fails here; when the change is intended,
``pytest tests/test_golden.py --regen-golden`` rewrites the files and the diff is reviewed.
Regeneration is never automatic.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.engine import play
from polemos.core.eventlog import write_log
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import read_yaml, validate_scenario
from tests.test_conformance import SCENARIOS, scenario_id

GOLDEN = Path(__file__).parent / "golden"
SEED = 1


@pytest.mark.parametrize("path", SCENARIOS, ids=scenario_id)
def test_golden_playthrough(path: Path, tmp_path: Path, request: pytest.FixtureRequest):
    pm = make_plugin_manager()
    source = f"scenarios/{path.parent.name}/{path.name}"  # the same on every machine
    game = Game.new(validate_scenario(read_yaml(path), source, pm), pm, seed=SEED,
                    transactional=False)
    play(game, {side: RandomBot(bot_rng(SEED, side)) for side in game.rules.sides(game.state)})
    write_log(game, tmp_path / "log.jsonl")
    golden = GOLDEN / f"{path.parent.name}__{path.stem}.jsonl"
    produced = (tmp_path / "log.jsonl").read_text(encoding="utf-8")
    if request.config.getoption("--regen-golden"):
        golden.write_text(produced, encoding="utf-8")
    assert golden.exists(), f"no golden log for {path.name}: run pytest --regen-golden"
    assert produced == golden.read_text(encoding="utf-8"), \
        f"{path.name} plays differently from {golden.name}"
