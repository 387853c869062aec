"""The search bot's judgement of a De Bello Gallico position (evaluate.py, features.py): the
features read off scripted positions, exactly, and the chance of winning they add up to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from polemos.core.game import Game
from polemos.core.plugins import call_hook
from polemos.rulesets.de_bello_gallico.evaluate import MODELS, REACHING, chance
from polemos.rulesets.de_bello_gallico.features import REACH, features
from tests.conftest import new_game
from tests.rulesets.de_bello_gallico.helpers import RED_FIRST, act, fighter, scenario, state

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "de-bello-gallico"


def shipped(name: str) -> dict[str, Any]:
    raw: dict[str, Any] = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    return raw


def judged(game: Game, side: str) -> float:
    evaluate = call_hook(game.pm, "polemos_evaluate", firstresult=True,
                         ruleset=game.rules.name, pm=game.pm)
    value: float = evaluate(game.rules, game.state, side)
    return value


def bridge_position(pm: Any, *, pin: bool = False) -> Game:
    """Corfinium with DBG-57's count of three: three Pompeians on the bridge, the three
    nearest Caesareans 45, 48 and 51 cm down the table (the bridge ends at 37 cm), the rest
    at the near edge, one of them wounded; ``pin`` puts a fourth Caesarean on the
    bridge's south end, against the southernmost Pompeian."""
    raw = shipped("corfinium-bridge")
    raw["objective"]["count"] = 3
    for entry, y in zip(raw["fighters"][1:4], (26, 30, 34), strict=True):
        entry["at"] = [30, y]
    caesareans = [f for f in raw["fighters"] if f["side"] == "caesareans"]
    for i, entry in enumerate(caesareans):
        entry["at"] = [30, (45, 48, 51)[i]] if i < 3 else [4 * i - 8, 57]
    caesareans[4]["wounded"] = True
    if pin:
        caesareans[5]["at"] = [30, 36]
    return new_game(raw, pm=pm)


def test_three_unpinned_pompeians_on_the_bridge_are_the_count(pm):
    """DBG-57: three unpinned Pompeians touch the bridge (the count, held for no turn yet), no
    Caesarean does; DBG-7: one Caesarean of 13 is wounded; DBG-32: neither side is within
    three losses of its break point. DBG-14: the Pompeian at 34 cm and Caesar's centurion at
    45 cm stand 9 cm apart edge to edge, within each other's 10 cm Mouvement, and no one else
    is; DBG-11: no one has been activated yet; DBG-33: the three Pompeians on the bridge, and
    all the Caesareans but the two just behind their centurion, are beyond 10 cm of their
    officer."""
    game = bridge_position(pm)
    radius = state(game).fighters["caes-1"].base.radius
    near = sum(1 - (y - radius - 37) / 60 for y in (45, 48, 51)) / 3
    assert features(game.rules, state(game)) == pytest.approx({
        "a_fit": 1.0, "a_wounded": 0.0, "a_retreating": 0.0, "a_officers": 1.0,
        "a_to_break": 1.0, "a_edge": 0.0, "a_threatened": 0.1, "a_striking": 0.1,
        "a_pending": 1.0, "a_loose": 0.3,
        "b_fit": 12 / 13, "b_wounded": 1 / 13, "b_retreating": 0.0, "b_officers": 1.0,
        "b_to_break": 1.0, "b_edge": 0.0, "b_threatened": 1 / 13, "b_striking": 1 / 13,
        "b_pending": 1.0, "b_loose": 10 / 13, "time": 1 / 8,
        "held": 1.0, "held_full": 1.0, "held_next": 0.0, "a_on": 1.0, "b_on": 0.0,
        "turns": 0.0, "a_near": 1.0, "b_near": near, "b_alone_t": 0.0, "b_alone_end": 0.0,
        "a_on_end": 0.0})


def test_the_reach_is_worked_out_only_for_a_model_that_weighs_it(pm):
    """Corfinium's model does without the reach of the charges, the ambush hunter's weighs it
    and the quarry's does not: left out, those features are missing and every other one is
    the same."""
    assert REACHING == {"hold_bridge": False, "ambush_hunter": True, "ambush_quarry": False}
    game = bridge_position(pm)
    every = features(game.rules, state(game))
    reachless = features(game.rules, state(game), reach=False)
    reaching = {f"{role}_{name}" for role in "ab" for name in REACH}
    assert set(every) - set(reachless) == reaching
    assert reachless == {name: value for name, value in every.items() if name not in reaching}
    assert judged(game, "pompeians") == chance(MODELS["hold_bridge"], every)


def test_the_evaluation_is_the_model_s_chance_for_the_holder_and_the_rest_for_the_defender(pm):
    game = bridge_position(pm)
    won = chance(MODELS["hold_bridge"], features(game.rules, state(game)))
    assert 0 < won < 1
    assert judged(game, "pompeians") == pytest.approx(won)
    assert judged(game, "caesareans") == pytest.approx(1 - won)


def test_a_pinned_holder_does_not_hold_the_bridge(pm):
    """DBG-17, DBG-57: a Caesarean against a Pompeian pins it (two of three hold) and
    stands on the bridge itself; DBG-18: legionary against legionary, each wins the duel
    with chance 45/100 (a tie has no effect), a pinned fighter of 10 or of 13."""
    pinned, free = bridge_position(pm, pin=True), bridge_position(pm)
    found = features(pinned.rules, state(pinned))
    assert (found["held"], found["held_full"], found["a_on"], found["b_on"]) == \
        pytest.approx((2 / 3, 0.0, 1.0, 1 / 3))
    assert (found["a_edge"], found["b_edge"]) == pytest.approx((-0.05 / 10, -0.05 / 13))
    assert judged(pinned, "pompeians") < judged(free, "pompeians")


def test_turns_held_and_the_defender_alone_late_weigh_on_the_bridge(pm):
    """DBG-57: a turn already held brings the holder nearer its win; the defender alone on
    the bridge in the last turn nearer the defender's."""
    raw = shipped("corfinium-bridge")
    start = new_game(raw, pm=pm)
    assert features(start.rules, state(start))["b_alone_t"] == 1 / 8
    held = new_game(raw, pm=pm)
    state(held).bridge_turns = 1
    assert judged(held, "pompeians") > judged(start, "pompeians")
    late = new_game(raw, pm=pm)
    state(late).turn = 8
    assert features(late.rules, state(late))["b_alone_t"] == 1.0
    assert judged(late, "caesareans") > judged(start, "caesareans")


def test_in_the_last_turn_the_bridge_as_it_stands_is_the_result_to_come(pm):
    """DBG-57: in turn 8 of 8 the Caesareans alone on the bridge would win at its end
    (``b_alone_end``), a Pompeian on it would make it a draw at best for them (``a_on_end``);
    earlier neither counts yet. The count held at the end of a turn already held wins at the
    end of this one (``held_next``)."""
    raw = shipped("corfinium-bridge")
    alone, contested = new_game(raw, pm=pm), bridge_position(pm)
    for game in (alone, contested):
        assert (features(game.rules, state(game))["b_alone_end"],
                features(game.rules, state(game))["a_on_end"]) == (0.0, 0.0)
        state(game).turn = 8
    assert features(alone.rules, state(alone))["b_alone_end"] == 1.0
    assert features(alone.rules, state(alone))["a_on_end"] == 0.0
    assert features(contested.rules, state(contested))["b_alone_end"] == 0.0
    assert features(contested.rules, state(contested))["a_on_end"] == 1.0
    state(contested).bridge_turns = 1
    assert features(contested.rules, state(contested))["held_next"] == 1.0


def ambush_with(fighter_id: str, **fate: str) -> dict[str, Any]:
    raw = shipped("britons-ambush")
    next(f for f in raw["fighters"] if f["id"] == fighter_id).update(fate)
    return raw


def test_ambush_romans_eliminated_count_for_the_britons_withdrawn_for_the_romans(pm):
    """DBG-58: a legionary out of action is one Roman eliminated (six short of the draw at
    seven); DBG-59: one withdrawn by the east edge is not, and helps the Romans."""
    start = new_game(shipped("britons-ambush"), pm=pm)
    lost, gone = (new_game(ambush_with("legionary-6", **fate), pm=pm)
                  for fate in ({"status": "out"}, {"status": "withdrawn", "exit_edge": "east"}))
    found = features(lost.rules, state(lost))
    assert (found["elim"], found["elim_win"], found["elim_draw"], found["withdrawn"],
            found["left"]) == pytest.approx((-6 / 7, 0.0, 0.0, 0.0, 11 / 12))
    assert features(gone.rules, state(gone))["withdrawn"] == pytest.approx(1 / 12)
    assert judged(lost, "britons") > judged(start, "britons") > judged(gone, "britons")
    assert judged(lost, "romans") < judged(start, "romans") < judged(gone, "romans")


def test_each_side_of_the_ambush_is_judged_by_its_own_model(pm):
    """DBG-58, DBG-59: the hunter's chance is its model's, reach and all; the quarry's is what
    its own model, without the reach, leaves of 1. The two need not add up to 1."""
    game = new_game(shipped("britons-ambush"), pm=pm)
    every = features(game.rules, state(game))
    reachless = features(game.rules, state(game), reach=False)
    assert judged(game, "britons") == chance(MODELS["ambush_hunter"], every)
    assert judged(game, "romans") == 1 - chance(MODELS["ambush_quarry"], reachless)
    assert judged(game, "britons") + judged(game, "romans") != pytest.approx(1)


def test_losses_bring_a_side_toward_its_break_point(pm):
    """DBG-32: the Caesareans (13) break at 7 losses; five out of action leave them two short
    (two thirds of the three-loss horizon)."""
    raw = shipped("corfinium-bridge")
    for entry in [f for f in raw["fighters"] if f["side"] == "caesareans"][-5:]:
        entry["status"] = "out"
    game = new_game(raw, pm=pm)
    found = features(game.rules, state(game))
    assert found["b_to_break"] == pytest.approx(2 / 3)
    assert found["b_fit"] == pytest.approx(8 / 13)


def test_a_duel_joined_counts_each_side_s_chance_less_one_half(pm):
    """DBG-18, DBG-38: a Frenzied legionary (+1 Combat) touching an enemy legionary wins its
    duel on a D10 with chance 55/100 and the enemy with 36/100; each side has two
    fighters."""
    raw = scenario(fighter("r1", "red", 10, 10, frenzied=True), fighter("r2", "red", 40, 40),
                   fighter("b1", "blue", 12, 10), fighter("b2", "blue", 50, 50))
    game = new_game(raw, pm=pm)
    found = features(game.rules, state(game))
    assert found["a_edge"] == pytest.approx((0.55 - 0.5) / 2)
    assert found["b_edge"] == pytest.approx((0.36 - 0.5) / 2)


def reach_position(pm: Any) -> Game:
    """Red's legionary r1 9 cm from blue's b1 (edge to edge), its officer 10 cm behind it,
    r2 far off on its own; blue's b2 far from everyone."""
    raw = scenario(fighter("ro", "red", 10, 22, rank="officer"), fighter("r1", "red", 10, 10),
                   fighter("r2", "red", 40, 10), fighter("b1", "blue", 21, 10),
                   fighter("b2", "blue", 50, 50))
    return new_game(raw, dice=RED_FIRST, pm=pm)


def reach(game: Game) -> dict[str, float]:
    found = features(game.rules, state(game))
    return {k: v for k, v in found.items()
            if k[2:] in ("threatened", "striking", "pending", "loose")}


def test_fighters_within_a_mouvement_of_each_other_threaten_and_strike(pm):
    """DBG-14: r1 and b1 stand 9 cm apart, within each other's 10 cm Mouvement (one of red's
    three, one of blue's two); DBG-33: r1 is within its officer's 10 cm, r2 is not, and blue
    has no officer; DBG-11: everyone is still to activate."""
    assert reach(reach_position(pm)) == pytest.approx({
        "a_threatened": 1 / 3, "a_striking": 1 / 3, "a_pending": 1.0, "a_loose": 1 / 3,
        "b_threatened": 0.5, "b_striking": 0.5, "b_pending": 1.0, "b_loose": 1.0})


def test_an_activated_fighter_is_no_longer_pending_and_a_retreating_foe_threatens_no_one(pm):
    """DBG-11: the fighter whose activation is under way is no longer to activate; DBG-31: a
    retreating fighter may not move into contact, so b1 threatens r1 no more, and r1 counts
    it no longer as a foe within reach; b1 itself, retreating, counts for nothing."""
    game = reach_position(pm)
    game.step(act("activate", "r1"))
    state(game).fighters["b1"].retreating = True
    assert reach(game) == pytest.approx({
        "a_threatened": 0.0, "a_striking": 0.0, "a_pending": 2 / 3, "a_loose": 1 / 3,
        "b_threatened": 0.0, "b_striking": 0.0, "b_pending": 1.0, "b_loose": 0.5})


def test_a_plain_skirmish_is_judged_by_the_fighters_on_the_table(pm):
    """DBG-9 Decision, DBG-7: red's wounded fighter counts half, so red leads 1.5 to 2."""
    raw = scenario(fighter("r1", "red", 10, 10, wounded=True), fighter("r2", "red", 20, 10),
                   fighter("b1", "blue", 10, 50), fighter("b2", "blue", 20, 50))
    game = new_game(raw, pm=pm)
    assert judged(game, "red") == pytest.approx(0.5 + (-0.5 / 3.5) / 2)
    assert judged(game, "blue") == pytest.approx(1 - judged(game, "red"))
