"""Moving, charging, zones of control and pinning (DBG-1, DBG-14 … DBG-17, DBG-31, DBG-38,
DBG-59)."""

from __future__ import annotations

import copy
import dataclasses
import math
import pickle
import random

import pytest

from polemos.core.actions import Action
from polemos.rulesets.de_bello_gallico.actions import MoveChoice
from polemos.rulesets.de_bello_gallico.geometry import KEEP_CLEAR, hundredths, pinned, stop_gaps
from tests.conftest import events, refused
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


def duel_ground(*blues: dict, red: dict | None = None, terrain=None) -> dict:
    red = red or {}
    return scenario(fighter("r1", "red", 10, 10, **red), fighter("r9", "red", 55, 55), *blues,
                    terrain=terrain)


def active(pm, raw, dice=None):
    game = start(raw, dice or RED_FIRST, pm)
    game.step(act("activate", "r1"))
    return game


def test_base_contact_is_a_gap_of_one_millimetre(pm) -> None:
    """DBG-1: edge to edge; touching means a gap of at most 0.1 cm."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 30, 10),
                   fighter("b1", "blue", 12.1, 10), fighter("b2", "blue", 32.11, 10))
    game = start(raw, RED_FIRST, pm)
    st = state(game)
    assert pinned(st, f(game, "r1")) and pinned(st, f(game, "b1"))
    assert not pinned(st, f(game, "r2")) and not pinned(st, f(game, "b2"))
    assert [a.unit for a in game.legal_actions()] == ["r2"]


def test_a_move_is_straight_and_at_most_the_mouvement(pm) -> None:
    """DBG-11: up to its Mouvement (10 cm for a legionary)."""
    game = active(pm, duel_ground(fighter("b1", "blue", 50, 50)))
    game.step(act("move", "r1", x=16, y=18))
    [move] = events(game, "move")
    assert (move["to"], move["cm"]) == ([16, 18], 10.0)
    game = active(pm, duel_ground(fighter("b1", "blue", 50, 50)))
    assert "at most 10 cm" in refused_reason(game, act("move", "r1", x=16.01, y=18), "DBG-11")


def test_moves_stay_on_the_table_off_impassable_ground_and_off_other_bases(pm) -> None:
    """DBG-1: bases never overlap; impassable terrain and the table edge stop a move."""
    river = [{"id": "river", "kind": "river", "rect": [0, 14, 60, 20]}]
    game = active(pm, duel_ground(fighter("b1", "blue", 50, 50),
                                  red={}, terrain=river) | {})
    assert "impassable river" in refused_reason(game, act("move", "r1", x=10, y=18), "DBG-11")
    assert "table edge" in refused_reason(game, act("move", "r1", x=10, y=0.5), "DBG-11")
    game.step(act("move", "r1", x=10, y=13))
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 14, 10),
                   fighter("b1", "blue", 50, 50))
    game = active(pm, raw)
    assert "run into the base of r2" in refused_reason(game, act("move", "r1", x=17, y=10), "DBG-1")
    game.step(act("move", "r1", x=12, y=10))


def test_a_move_through_an_enemy_zone_of_control_is_refused(pm) -> None:
    """DBG-15 (bad input): enemies may not move through a 2 cm zone of control."""
    game = active(pm, duel_ground(fighter("b1", "blue", 20, 10)))
    reason = refused_reason(game, act("move", "r1", x=19, y=13), "DBG-15")
    assert "zone of control of b1" in reason
    game.step(act("move", "r1", x=19, y=14.01))  # gap 2.12 cm: just outside the zone


@pytest.mark.parametrize("how", ["civilian", "prisoner", "retreating", "pinned"])
def test_civilians_prisoners_retreating_and_pinned_have_no_zone(pm, how: str) -> None:
    """DBG-15: civilians, prisoners, pinned and retreating fighters have no zone of control."""
    extra = {"role": how} if how in ("civilian", "prisoner") else {}
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 20, 7.9),
                   fighter("b1", "blue", 20, 10, **extra),
                   fighter("b9", "blue", 50, 50)) if how == "pinned" else \
        duel_ground(fighter("b1", "blue", 20, 10, **extra))
    game = start(raw, RED_FIRST, pm)
    if how == "retreating":
        f(game, "b1").retreating = True
    assert "b1" not in stop_gaps(state(game), f(game, "r1"))
    game.step(act("activate", "r1"))
    game.step(act("move", "r1", x=19, y=13))
    assert events(game, "move")[-1]["to"] == [19, 13]


def test_dbg31_a_retreating_mover_keeps_clear_of_every_enemy(pm) -> None:
    """DBG-31, DBG-15: a retreating fighter's sweeps stop 0.11 cm (contact + KEEP_CLEAR) from
    enemies with no zone (b1 pinned by r2, b2 retreating, b3 a civilian) and 2 cm from a zone;
    a steady mover stops only at zones."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 20, 7.9),
                   fighter("b1", "blue", 20, 10), fighter("b2", "blue", 30, 30),
                   fighter("b3", "blue", 40, 40, role="civilian"), fighter("b4", "blue", 50, 50))
    game = start(raw, RED_FIRST, pm)
    f(game, "b2").retreating = True
    r1 = f(game, "r1")
    assert stop_gaps(state(game), r1) == {"b4": 2.0}
    r1.retreating = True
    clear = pytest.approx(0.1 + KEEP_CLEAR)
    assert stop_gaps(state(game), r1) == {"b1": clear, "b2": clear, "b3": clear, "b4": 2.0}


def test_a_zone_may_be_entered_only_to_end_in_contact(pm) -> None:
    """DBG-16, DBG-14: entering b1's zone is legal when the move ends touching b1."""
    game = active(pm, duel_ground(fighter("b1", "blue", 20, 10)))
    game.step(act("move", "r1", x=17.95, y=10))
    [move] = events(game, "move")
    assert move["contact"] == ["b1"] and move["rules"] == ["DBG-11"]
    assert pinned(state(game), f(game, "r1"))


def test_entering_a_zone_to_touch_another_enemy_still_crosses_the_first(pm) -> None:
    """DBG-16: ending in contact with b2 does not license crossing b1's zone."""
    raw = duel_ground(fighter("b1", "blue", 16, 12.5), fighter("b2", "blue", 19.5, 10))
    game = active(pm, raw)
    refused(game, act("move", "r1", x=17.45, y=10), "DBG-15")


def test_a_fighter_inside_a_zone_may_leave_it_but_not_cross_it(pm) -> None:
    """DBG-16: a zone appeared around it: moving away is legal, moving across is not."""
    game = active(pm, duel_ground(fighter("b1", "blue", 13, 10)))
    refused(game, act("move", "r1", x=16, y=14), "DBG-15")
    refused(game, act("move", "r1", x=10.5, y=10), "DBG-15")
    game.step(act("move", "r1", x=4, y=10))


def test_charge_reaches_base_contact(pm) -> None:
    """DBG-14: a charge ends in base contact; it is the only way to start a melee."""
    game = active(pm, duel_ground(fighter("b1", "blue", 19, 10)))
    charges = [a for a in game.legal_actions() if a.kind == "charge"]
    assert [a["target"] for a in charges] == ["b1"]
    game.step(charges[0])
    [move] = events(game, "move")
    assert move["kind"] == "charge" and move["contact"] == ["b1"]
    assert move["rules"] == ["DBG-14", "DBG-16"]
    gap = math.dist(move["to"], (19, 10)) - 2
    assert 0 <= gap <= 0.1


def test_charge_around_a_friend_in_the_way(pm) -> None:
    """DBG-14: blocked head-on, the charge takes the first clear approach to the target."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 14, 11.5),
                   fighter("b1", "blue", 18, 10))
    game = active(pm, raw)
    refused(game, act("move", "r1", x=15.95, y=10), "DBG-1")
    game.step(act("charge", "r1", target="b1"))
    to = events(game, "move")[0]["to"]
    assert to[1] != 10 and 0 <= math.dist(to, (18, 10)) - 2 <= 0.1


def test_charge_out_of_reach_is_refused(pm) -> None:
    """DBG-14: no straight legal path into contact within the Mouvement."""
    game = active(pm, duel_ground(fighter("b1", "blue", 22.5, 10)))
    assert "charge" not in {a.kind for a in game.legal_actions()}
    refused(game, act("charge", "r1", target="b1"), "DBG-14")
    refused(game, act("charge", "r1", target="r9"), "DBG-14")


def test_a_retreating_fighter_moving_into_contact_is_refused(pm) -> None:
    """DBG-31 (bad input): a retreating combatant may never move into contact."""
    game = start(duel_ground(fighter("b1", "blue", 19, 10)), RED_FIRST, pm)
    f(game, "r1").retreating = True
    reason = refused_reason(game, act("charge", "r1", target="b1"), "DBG-31")
    assert "retreating" in reason
    refused(game, act("move", "r1", x=16.95, y=10), "DBG-31")
    refused(game, act("move", "r1", x=12, y=10), "DBG-11")


def test_pinning_ends_when_no_enemy_touches(pm) -> None:
    """DBG-17: pinned only while an enemy base touches it."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 12, 10),
                   fighter("b2", "blue", 40, 40))
    game = start(raw, RED_FIRST, pm)
    st = state(game)
    assert pinned(st, f(game, "r1"))
    f(game, "b1").base.x = 30
    assert not pinned(st, f(game, "r1"))


def test_menu_moves_are_legal_and_clipped(pm) -> None:
    """Decision (legal destinations): 8 headings and 'toward the nearest enemy', full and half
    Mouvement, each clipped at the last legal point."""
    game = active(pm, duel_ground(fighter("b1", "blue", 13, 16)))
    moves = [a for a in game.legal_actions() if a.kind == "move"]
    labels = [a["via"] for a in moves]
    assert "N 9 cm" in labels and "N 5 cm" in labels, "clipped by the table edge at 9 cm"
    assert "toward b1 2.7 cm" in labels, "stops at b1's zone of control"
    assert [label for label in labels if label.startswith("S ")] == ["S 3.35 cm"]
    assert len(moves) == 15, "SE and S are clipped short of half a move: one choice each"
    for action in moves:
        game.rules.check(game.state, action)


def test_dbg11_menu_moves_are_the_plain_actions_they_stand_for(pm) -> None:
    """DBG-11: a menu move (``MoveChoice``, its args made when read) is seen by every consumer
    as ``Action("move", unit, {"x", "y", "via"})``: equal both ways, same hash, JSON, record,
    repr, and copied or pickled as that plain action."""
    game = active(pm, duel_ground(fighter("b1", "blue", 13, 16)))
    moves = [a for a in game.legal_actions() if a.kind == "move"]
    assert moves and all(isinstance(a, MoveChoice) for a in moves)
    for choice in moves:
        plain = Action("move", choice.unit, dict(choice.args))
        assert choice == plain and plain == choice and plain in {choice}
        assert hash(choice) == hash(plain) and repr(choice) == repr(plain)
        assert choice.to_json() == plain.to_json() == choice.recorded()
        assert choice.recorded() is choice.recorded()
        for twin in (copy.deepcopy(choice), pickle.loads(pickle.dumps(choice))):
            assert type(twin) is Action and twin == choice
    assert moves[0] != moves[1] and Action("move", "r9", dict(moves[0].args)) != moves[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        moves[0].kind = "charge"
    game.step(moves[0])
    assert game.actions[-1] == moves[0].to_json()


@pytest.mark.parametrize("seed", range(4))
def test_dbg14_spots_round_as_round_does(seed: int) -> None:
    """DBG-14: a charge's spots are rounded to 0.01 cm by ``hundredths``, which gives exactly
    ``round(value, 2)``: random values, every tie of hundredths and thousandths, zeros."""
    rng = random.Random(seed)
    values = [rng.uniform(-5.0, 200.0) for _ in range(20_000)]
    values += [k / 200 for k in range(-400, 40_000, 7)] + [k / 1000 for k in range(-50, 5000)]
    values += [0.0, -0.0, 0.004, -0.004, 0.005, 1e12, math.inf, -math.inf]
    for value in values:
        assert repr(hundredths(value)) == repr(round(value, 2)), value
    assert math.isnan(hundredths(math.nan))


def test_frenzied_fighter_must_charge_its_nearest_enemy(pm) -> None:
    """DBG-38: a Frenzied combatant charges the nearest enemy when it can reach it."""
    raw = duel_ground(fighter("b1", "blue", 17, 10), fighter("b2", "blue", 10, 18))
    game = start(raw, RED_FIRST, pm)
    f(game, "r1").skills.append("frenzy")
    game.step(act("activate", "r1"))
    assert [(a.kind, a.args) for a in game.legal_actions()] == [("charge", {"target": "b1"})]
    refused(game, act("charge", "r1", target="b2"), "DBG-38")
    refused(game, act("move", "r1", x=5, y=10), "DBG-38")
    refused(game, act("end", "r1"), "DBG-38")
    game.step(act("charge", "r1", target="b1"))


def test_frenzied_fighter_out_of_reach_moves_straight_at_the_enemy(pm) -> None:
    """DBG-38: out of reach, it moves straight at its nearest enemy."""
    game = start(duel_ground(fighter("b1", "blue", 40, 10)), RED_FIRST, pm)
    f(game, "r1").skills.append("frenzy")
    game.step(act("activate", "r1"))
    [only] = [a for a in game.legal_actions()]
    assert only.kind == "move" and (only["x"], only["y"]) == (20, 10)
    refused(game, act("move", "r1", x=15, y=14), "DBG-38")
    game.step(act("move", "r1", x=15, y=10))


def test_withdrawal_by_a_reserved_edge(pm) -> None:
    """DBG-59: a non-retreating Roman may leave by a reserved edge: withdrawn, not lost."""
    raw = scenario(fighter("r1", "red", 8, 30), fighter("b1", "blue", 52, 30),
                   fighter("b2", "blue", 30, 10),
                   objective={"kind": "ambush", "hunter": "red", "quarry": "blue",
                              "exits": ["east"], "draw_at": 0})
    game = start(raw, [1, 9], pm)
    game.step(act("activate", "b1"))
    assert ("withdraw", {"edge": "east"}) in [(a.kind, a.args) for a in game.legal_actions()]
    refused(game, act("withdraw", "b1", edge="west"), "DBG-59")
    game.step(act("withdraw", "b1", edge="east"))
    assert f(game, "b1").status == "withdrawn"
    game.step(act("activate", "r1"))
    refused(game, act("withdraw", "r1", edge="east"), "DBG-59")


def test_withdrawal_beyond_reach_is_refused(pm) -> None:
    raw = scenario(fighter("r1", "red", 8, 30), fighter("b1", "blue", 48, 30),
                   objective={"kind": "ambush", "hunter": "red", "quarry": "blue",
                              "exits": ["east"]})
    game = start(raw, [1, 9], pm)
    game.step(act("activate", "b1"))
    assert "beyond" in refused_reason(game, act("withdraw", "b1", edge="east"), "DBG-59")

