"""The two scenarios: their set-up, their victory rules, and whole games (DBG-56 … DBG-59)."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest

from polemos.core.cli import main
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.scenario import load_scenario
from polemos.rulesets.de_bello_gallico import objectives
from polemos.rulesets.de_bello_gallico.geometry import touches_feature
from tests.rulesets.de_bello_gallico.helpers import f, state

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "de-bello-gallico"
CORFINIUM = SCENARIOS / "corfinium-bridge.yaml"
AMBUSH = SCENARIOS / "britons-ambush.yaml"


def new(pm, path: Path, seed: int = 0) -> Game:
    return Game.new(load_scenario(path, pm), pm, seed=seed)


def test_corfinium_set_up(pm) -> None:
    """DBG-56: 60 × 60 cm, an impassable river 10 cm wide, a 6 × 14 cm bridge at the centre;
    legionaries and a chief on the far bank; 10 legionaries, 2 skirmishers and a chief for
    Caesar; 8 turns. Forces and deployment are the scenario's own (balanced for issue 13): nine
    Pompeian legionaries (DBG-56: ten) within 16 cm of the bridge, Caesar's vanguard already on
    it (six legionaries), the rest of his men south of the river."""
    game = new(pm, CORFINIUM)
    st = state(game)
    assert (st.ground.table.width, st.ground.table.height, st.max_turns) == (60, 60, 8)
    bridge = st.ground.feature("bridge").shape
    assert bridge.bbox == (27, 23, 33, 37)
    rivers = [x for x in st.ground.features if x.kind == "river"]
    assert {x.shape.bbox[1::2] for x in rivers} == {(25, 35)}
    pompeians = [x for x in st.fighters.values() if x.side == "pompeians"]
    caesareans = [x for x in st.fighters.values() if x.side == "caesareans"]
    assert sorted(x.troop for x in pompeians).count("legionary") == 10
    assert [x.rank for x in pompeians].count(3) == 1
    assert sorted(x.troop for x in caesareans) == ["legionary"] * 11 + ["skirmisher"] * 2
    for x in pompeians:
        gap = math.hypot(max(27 - x.base.x, 0, x.base.x - 33), max(23 - x.base.y, 0))
        assert gap - x.base.radius <= 16 and x.base.y < 25
    on_bridge = [x for x in caesareans if 27 <= x.base.x <= 33 and 25 < x.base.y < 37]
    assert len(on_bridge) == 6
    assert all(x.base.y > 37 for x in caesareans if x not in on_bridge)


def vanguard_back(game: Game) -> None:
    """Caesar's men back on a line by the near edge (DBG-56), off the bridge."""
    for n, fighter in enumerate(x for x in state(game).fighters.values()
                                if x.side == "caesareans"):
        fighter.base.x, fighter.base.y = 5 + 4 * n, 56.5


def put_on_bridge(game: Game, count: int) -> list[str]:
    """``count`` Pompeians on the bridge, in rows of two, and the vanguard sent back."""
    vanguard_back(game)
    units = [f"pomp-{n + 1}" for n in range(count)]
    for n, unit in enumerate(units):
        base = f(game, unit).base
        base.x, base.y = 28.5 + 3 * (n % 2), 27 + 3 * (n // 2)
    return units


def test_corfinium_pompeians_win_after_two_consecutive_turns(pm) -> None:
    """DBG-57: the scenario's count (four here, for balance) of unpinned Pompeians on the
    bridge at the end of two consecutive turns; one fewer does not count."""
    game = new(pm, CORFINIUM)
    st = state(game)
    objective = game.rules.scenario.objective
    assert (objective.count, objective.turns) == (4, 2)
    put_on_bridge(game, objective.count - 1)
    assert objectives.end_of_turn(st, objective) is None and st.bridge_turns == 0
    units = put_on_bridge(game, objective.count)
    assert all(touches_feature(st, f(game, u).base, "bridge") for u in units)
    assert objectives.end_of_turn(st, objective) is None and st.bridge_turns == 1
    winner, _, rule, _ = objectives.end_of_turn(st, objective)
    assert (winner, rule) == ("pompeians", "DBG-57")


def test_corfinium_count_restarts_and_pinned_do_not_count(pm) -> None:
    """DBG-57: the turns must be consecutive; pinned combatants do not count."""
    game = new(pm, CORFINIUM)
    st = state(game)
    objective = game.rules.scenario.objective
    put_on_bridge(game, objective.count)
    objectives.end_of_turn(st, objective)
    caes = f(game, "caes-1").base
    caes.x, caes.y = 28.5, 29.5
    assert objectives.end_of_turn(st, objective) is None and st.bridge_turns == 0


def test_corfinium_after_turn_eight(pm) -> None:
    """DBG-57: the Caesareans win if they alone hold the bridge; anything else is a draw."""
    game = new(pm, CORFINIUM)
    st = state(game)
    objective = game.rules.scenario.objective
    vanguard_back(game)
    st.turn = 8
    winner, reason, _, _ = objectives.end_of_turn(st, objective)
    assert winner is None and "not held" in reason
    caes = f(game, "caes-1").base
    caes.x, caes.y = 30, 36
    assert objectives.end_of_turn(st, objective)[0] == "caesareans"
    f(game, "caes-1").retreating = True
    assert objectives.end_of_turn(st, objective)[0] is None


def test_a_side_wiped_out_loses(pm) -> None:
    """DBG-57 Decision: a side with no combatant left on the table loses at once."""
    game = new(pm, CORFINIUM)
    st = state(game)
    for fighter in st.fighters.values():
        if fighter.side == "pompeians":
            fighter.status = "out"
    assert objectives.at_once(st, game.rules.scenario.objective)[0] == "caesareans"


def ambush_with(game: Game, out: int = 0, fled: tuple[str, ...] = ()) -> None:
    romans = [x for x in state(game).fighters.values() if x.side == "romans"]
    for fighter in romans[:out]:
        fighter.status = "out"
    for fighter, edge in zip(romans[out:], fled, strict=False):
        fighter.status, fighter.exit_edge = "fled", edge


@pytest.mark.parametrize(("out", "fled", "winner", "rule"), [
    (7, (), None, "DBG-58"),
    (6, ("north",), None, "DBG-58"),
    (6, ("east", "east"), "romans", "DBG-59"),
    (7, ("south",), "britons", "DBG-59"),
])
def test_ambush_scores_the_eliminated(pm, out: int, fled: tuple, winner, rule: str) -> None:
    """DBG-58: out of action, or fled by an edge not reserved, is eliminated; the scenario's
    ``draw_at`` (seven here, for balance; DBG-58 says five) is a draw. DBG-59: more is a British
    win, fewer a Roman one."""
    game = new(pm, AMBUSH)
    st = state(game)
    ambush_with(game, out, fled)
    st.turn = 10
    result = objectives.end_of_turn(st, game.rules.scenario.objective)
    assert (result[0], result[2]) == (winner, rule)


def test_ambush_ends_when_no_roman_is_left(pm) -> None:
    """DBG-59: the game ends when no Roman is left on the table; withdrawn ones are safe."""
    game = new(pm, AMBUSH)
    st = state(game)
    romans = [x for x in st.fighters.values() if x.side == "romans"]
    for fighter in romans:
        fighter.status, fighter.exit_edge = "withdrawn", "east"
    winner, reason, rule, scores = objectives.at_once(st, game.rules.scenario.objective)
    assert (winner, rule, scores["britons"]) == ("romans", "DBG-59", 0)
    assert "no romans left" in reason


@pytest.mark.parametrize("path", [CORFINIUM, AMBUSH], ids=["corfinium", "ambush"])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_play_to_a_result(pm, path: Path, kind: str) -> None:
    """Both scenarios end with a result within their turn limit, whatever the bots."""
    game = Game.new(load_scenario(path, pm), pm, seed=5, transactional=False)
    players = {side: make_bot(pm, "de_bello_gallico", kind, bot_rng(5, side))
               for side in game.rules.sides(game.state)}
    result = play(game, players)
    assert result.rule in ("DBG-57", "DBG-58", "DBG-59")
    assert state(game).turn <= state(game).max_turns


def test_events_replay_byte_for_byte(capsys, tmp_path) -> None:
    """The same seed gives the same log, and ``polemos replay`` re-plays it identically."""
    log, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out in (log, again):
        assert main(["play", str(AMBUSH), "--seed", "4", "-q", "--events", str(out)]) == 0
    assert log.read_bytes() == again.read_bytes()
    assert main(["replay", str(log)]) == 0
    assert "replay identical" in capsys.readouterr().out


@pytest.mark.parametrize("path", [CORFINIUM, AMBUSH], ids=["corfinium", "ambush"])
def test_a_human_at_the_terminal(capsys, monkeypatch, tmp_path, path: Path) -> None:
    """Piped choices play a whole game at the terminal; the log still replays."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 5000))
    log = tmp_path / "human.jsonl"
    side = "caesareans" if path == CORFINIUM else "britons"
    assert main(["play", str(path), "--seed", "2", "--human", side, "--events", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"-- {side} to act --" in out and "Result:" in out and "(DBG-" in out
    assert main(["replay", str(log)]) == 0


def test_save_load_and_continue(pm, tmp_path) -> None:
    """A saved game loads and continues exactly as the original."""
    game = new(pm, AMBUSH, seed=9)
    players = {side: make_bot(pm, "de_bello_gallico", "random", bot_rng(9, side))
               for side in game.rules.sides(game.state)}
    for _ in range(60):
        side = game.to_act()
        game.step(players[side].choose(game.rules, game.view(side), side, game.legal_actions()))
    game.save(tmp_path / "save.json")
    loaded = Game.load(tmp_path / "save.json", pm)
    assert loaded.snapshot() == game.snapshot()
    for copy in (game, loaded):
        for _ in range(40):
            copy.step(copy.legal_actions()[0])
    assert loaded.snapshot() == game.snapshot() and loaded.events == game.events
