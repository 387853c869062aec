"""The balance lab (plugins/lab): batches give the same games whatever runs them, statistics,
reports, odds and the tuner, and bad input is exit 2."""

from __future__ import annotations

import csv
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from polemos.core.cli import main
from polemos.core.scenario import load_scenario
from polemos.plugins.lab.batch import BatchSpec, game_seed, run_dask, run_pool, tasks
from polemos.plugins.lab.odds import odds
from polemos.plugins.lab.stats import even_p_value, summarise, verdict, wilson
from polemos.plugins.lab.tune import parse_knob, with_value
from tests.children import dies_with_parent

ROOT = Path(__file__).parent.parent.parent
DUEL = ROOT / "scenarios/petit-cirque/duel.yaml"


def spec(pm, path=DUEL, bots=None, seed=0) -> BatchSpec:
    loaded = load_scenario(path, pm)
    return BatchSpec(loaded.raw, loaded.source, bots or {"red": "random", "blue": "random"},
                     seed)


def outcome(rows) -> list[tuple]:
    return [(r.index, r.seed, r.winner, r.reason, r.length, r.error) for r in rows]


def test_game_seeds_depend_on_the_batch_seed_and_index_only():
    assert game_seed(3, 7) == game_seed(3, 7)
    assert len({game_seed(0, i) for i in range(1000)}) == 1000
    assert game_seed(0, 1) != game_seed(1, 0)


def test_tasks_cover_every_game_once():
    chunks = tasks(range(5, 105), 2)
    assert [i for chunk in chunks for i in chunk] == list(range(5, 105))
    assert len(chunks) >= 8


def test_one_worker_two_workers_and_a_dask_local_cluster_play_the_same_games(pm):
    batch = spec(pm)
    one = run_pool(batch, range(16), 1)
    two = run_pool(batch, range(16), 2)
    dask = run_dask(batch, range(16), "local", 2)
    assert outcome(one) == outcome(two) == outcome(dask)
    assert [r.index for r in one] == list(range(16))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dask_cluster(tmp_path):
    """A real Dask scheduler and two workers, as separate processes on loopback."""
    dask = shutil.which("dask", path=os.path.dirname(sys.executable))
    assert dask, "the dask command comes with the lab extra"
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=dies_with_parent)]
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        procs += [subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads",
                                    "1", "--no-dashboard", "--host", "127.0.0.1"], env=env,
                                   cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, preexec_fn=dies_with_parent)
                  for _ in range(2)]
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)


def test_a_batch_on_a_real_dask_scheduler_gives_the_pools_results(pm, dask_cluster):
    batch = spec(pm, seed=5)
    assert outcome(run_dask(batch, range(12), dask_cluster, 2)) == \
        outcome(run_pool(batch, range(12), 1))


def test_a_game_that_raises_is_reported_with_its_seed_and_the_batch_goes_on(pm, tmp_path):
    from polemos.core.scenario import read_yaml, validate_scenario

    raw = {**read_yaml(DUEL), "plugins": ["tests.plugins.raising_plugin"]}
    loaded = validate_scenario(raw, "raising.yaml", pm)
    batch = BatchSpec(loaded.raw, loaded.source, {"red": "random", "blue": "random"}, 0)
    rows = run_pool(batch, range(12), 2)
    failed = [r for r in rows if r.error]
    assert len(rows) == 12 and failed and len(failed) < 12
    assert all(r.seed % 3 == 0 and "RuntimeError" in r.error for r in failed)
    summary = summarise("raising", rows, ["red", "blue"], [])
    assert summary.games == 12 - len(failed)
    assert {e["seed"] for e in summary.errors} == {r.seed for r in failed}


def test_wilson_interval_and_the_even_test_match_known_values():
    rate = wilson("blue", 61, 100)
    assert round(rate.low, 4) == 0.5120 and round(rate.high, 4) == 0.6998  # by hand
    assert wilson("x", 0, 0).contains(0.5)
    assert even_p_value([50, 50]) == 1.0
    assert even_p_value([70, 30]) < 0.001
    assert verdict([wilson("blue", 61, 100), wilson("red", 39, 100)], wilson("draw", 0, 100),
                   even_p_value([61, 39])) == "blue favoured: 61% ± 9% (p = 0.035)"


def test_balance_prints_the_table_and_writes_report_plots_and_csv(capsys, tmp_path):
    out = tmp_path / "lab"
    code = main(["balance", str(DUEL), "--games", "24", "--bots", "random", "--workers", "2",
                 "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    assert "verdict:" in printed and "95 % interval" in printed
    with (out / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 24 and {"seed", "winner", "reason", "length"} <= set(rows[0])
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 24 and sum(s["count"] for s in summary["sides"]) + \
        summary["draws"]["count"] == 24
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 4 and "http" not in page.split("<body>")[1]


@pytest.mark.parametrize("argv, said", [
    (["--games", "0"], "at least one game"),
    (["--games", "-3"], "at least one game"),
    (["--games", "2", "--bots", "wizard"], "no 'wizard' bot"),
    (["--games", "2", "--bot", "green=random"], "--bot green=random"),
    (["--games", "2", "--dask", "tcp://127.0.0.1:9"], "cannot reach the scheduler"),
])
def test_balance_bad_input_is_exit_2_with_the_reason(capsys, argv, said):
    assert main(["balance", str(DUEL), *argv]) == 2
    assert said in capsys.readouterr().err


def test_odds_of_a_petit_cirque_volant_shot_are_exact(pm, tmp_path):
    """PCV-15, PCV-17: 4+ in the 1st hex: a 6 destroys (1/6), 4–5 damage (2/6), else miss."""
    from polemos.core.scenario import validate_scenario

    raw = {"name": "shot", "ruleset": "petit_cirque", "map": {"width": 12, "height": 10},
           "sides": ["red", "blue"], "first_side": "red",
           "aircraft": [{"id": "r1", "side": "red", "hex": [4, 4], "facing": "W",
                         "altitude": 3, "speed": 1},
                        {"id": "b1", "side": "blue", "hex": [3, 4], "facing": "E",
                         "altitude": 3, "speed": 1}],
           "position": {"side": "blue", "phase": "fire"}}
    found = odds(validate_scenario(raw, "shot", pm), pm,
                 {"kind": "fire", "unit": "b1", "args": {"target": "r1"}}, 100)
    assert found.method == "exact" and found.outcomes == 6
    assert found.fates["r1"] == pytest.approx({"destroyed": 1 / 6, "damage none→1": 2 / 6,
                                               "unchanged": 3 / 6})


def test_odds_refuses_an_action_not_legal_in_the_position(capsys, tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text(DUEL.read_text())
    assert main(["odds", "--position", str(pos), "--action",
                 '{"kind": "fire", "unit": "red-1", "args": {"target": "blue-1"}}']) == 2
    assert "illegal action" in capsys.readouterr().err


def test_tune_parses_knobs_and_sets_fields():
    knob = parse_knob("aircraft[1].altitude=2..5")
    assert (knob.path, knob.low, knob.high) == ("aircraft[1].altitude", 2, 5)
    raw = {"aircraft": [{"altitude": 1}, {"altitude": 1}]}
    assert with_value(raw, "aircraft[1].altitude", 4) == {"aircraft": [{"altitude": 1},
                                                                       {"altitude": 4}]}
    assert with_value(raw, "aircraft[0]", 0) == {"aircraft": [{"altitude": 1}]}


def test_tune_finds_an_even_setting_and_prints_the_yaml_change(capsys):
    code = main(["tune", str(DUEL), "--knob", "max_rounds=10..12:2", "--games", "30",
                 "--bots", "random", "--workers", "2"])
    printed = capsys.readouterr().out
    assert code == 0 and "best setting" in printed and "max_rounds:" in printed


@pytest.mark.parametrize("knob, said", [
    ("nowhere.field=1..2", "no such field"),
    ("max_rounds=0..1", "not a valid scenario"),
    ("max_rounds=5", "expected PATH=LOW..HIGH"),
])
def test_tune_bad_knobs_are_exit_2(capsys, knob, said):
    assert main(["tune", str(DUEL), "--knob", knob, "--games", "4"]) == 2
    assert said in capsys.readouterr().err


def fate_shares(found, unit: str, word: str) -> float:
    return sum(share for fate, share in found.fates[unit].items() if word in fate)


def test_odds_of_an_aeronautica_burst_are_exact(pm):
    """AI-48, AI-50, AI-51, AI-2, AI-9: Twin Lascannons at Medium roll 2 dice hitting on 5+;
    each hit's damage die: 1 nothing, 2–5 one point, 6 two (extra damage); the Dakkajet has 2
    Structure. Per die: no damage 2/3 + 1/3·1/6 = 13/18, one 4/18, two 1/18; so shot down
    51/324, damaged 104/324, unchanged 169/324."""
    from polemos.core.position import position_scenario
    from polemos.core.scenario import validate_scenario
    from tests.rulesets.aeronautica.test_firing import duel_firing

    position = validate_scenario(position_scenario(duel_firing()), "burst", pm)
    found = odds(position, pm, {"kind": "fire", "unit": "tb",
                                "args": {"weapon": "twin_lascannons", "target": "dj"}}, 100)
    assert found.method == "exact"
    assert fate_shares(found, "dj", "destroyed") == pytest.approx(51 / 324)
    assert found.fates["dj"]["unchanged"] == pytest.approx(169 / 324)
    assert fate_shares(found, "dj", "damage none→1") == pytest.approx(104 / 324)


def test_odds_of_an_at43_ram_are_exact(pm):
    """AT-15, AT-17, AT-18, AT-2, AT-4: a Kossak rams a Kossak at d = M: an Assault, 1 impact
    (equal Size), Armour against equal Armour (Δ 0) succeeds on 4+; the damage point is located
    by a D6: 1–3 Frame, 4–5 Propulsion, 6 the first Weapon."""
    from polemos.core.position import position_scenario
    from polemos.core.scenario import validate_scenario
    from tests.rulesets.at43.helpers import act, game, scenario, unit, v

    g = game(scenario(unit("r", "red", v("kossak", "Kossak", 0, 0)),
                      unit("b", "blue", v("k2", "Kossak", 26.0, 0))))
    act(g, "declare", "kossak", mode="rush")
    found = odds(validate_scenario(position_scenario(g), "ram", pm), pm,
                 {"kind": "ram", "unit": "kossak", "args": {"target": "k2", "offset": 0}}, 100)
    assert found.method == "exact"
    assert found.fates["k2"]["unchanged"] == pytest.approx(1 / 2)
    assert fate_shares(found, "k2", "frame none→3") == pytest.approx(1 / 4)
    assert fate_shares(found, "k2", "propulsion none→1") == pytest.approx(1 / 6)
    assert fate_shares(found, "k2", "weapons none→[0, 1]") == pytest.approx(1 / 12)
    assert "r" not in found.fates  # a unit group is not a unit


def test_odds_of_a_de_bello_gallico_shot_are_exact(pm):
    """DBG-22, DBG-26: at 12 cm the skirmisher needs d10 + Tir 4 ≥ 11: 4/10 hit; the wounded
    target then tests its morale and fails on 1–4 of its d10 (retreating, fleeing 5 cm): 4/10 ×
    4/10 = 16/100 fled, 24/100 only wounded."""
    from polemos.core.position import position_scenario
    from polemos.core.scenario import validate_scenario
    from tests.rulesets.de_bello_gallico.test_shooting import range_game

    game = range_game(pm, 24, [])
    found = odds(validate_scenario(position_scenario(game), "shot", pm), pm,
                 {"kind": "shoot", "unit": "r1", "args": {"target": "b1"}}, 100)
    assert found.method == "exact"
    assert found.fates["b1"]["unchanged"] == pytest.approx(0.6)
    assert found.fates["b1"]["wounded none→True"] == pytest.approx(0.24)
    assert fate_shares(found, "b1", "retreating none→True") == pytest.approx(0.16)
    assert fate_shares(found, "b1", "moved 5.0 cm") == pytest.approx(0.16)


def test_odds_sample_when_the_dice_are_too_many(pm):
    from polemos.core.scenario import read_yaml, validate_scenario

    raw = {**read_yaml(DUEL), "aircraft": [
        {"id": "r1", "side": "red", "hex": [4, 4], "facing": "W", "altitude": 3, "speed": 1},
        {"id": "b1", "side": "blue", "hex": [3, 4], "facing": "E", "altitude": 3, "speed": 1}],
        "first_side": "red", "position": {"side": "blue", "phase": "fire"}}
    loaded = validate_scenario(raw, "shot", pm)
    found = odds(loaded, pm, {"kind": "fire", "unit": "b1", "args": {"target": "r1"}}, 600,
                 limit=3)
    assert found.method == "sampled" and found.outcomes == 600 and 0 < found.error < 0.03
    assert fate_shares(found, "r1", "destroyed") == pytest.approx(1 / 6, abs=4 * found.error)


def test_a_setting_of_nearly_all_draws_ranks_after_a_decisive_even_one():
    """The tuner does not call a setting balanced because nobody wins."""
    from polemos.plugins.lab.batch import GameRow
    from polemos.plugins.lab.tune import Trial

    draws = Trial((1.0,), {}, [GameRow(i, i, winner=None) for i in range(19)] +
                  [GameRow(19, 19, winner="red")])
    even = Trial((2.0,), {}, [GameRow(i, i, winner="red" if i % 2 else "blue")
                              for i in range(20)])
    assert draws.drawish and not even.drawish
    assert draws.rate("red").contains(0.5) and even.rate("red").contains(0.5)
