"""Melee (DBG-4, DBG-18 … DBG-21, DBG-31, DBG-45, DBG-50, DBG-51, DBG-53)."""

from __future__ import annotations

import pytest

from polemos.rulesets.de_bello_gallico.melee import modifiers
from tests.conftest import events, refused
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    act,
    f,
    fighter,
    scenario,
    start,
    state,
)


def in_contact(pm, dice: list[int], red: dict | None = None, blue: dict | None = None,
               terrain=None, extra=(), bx: float = 12):
    """r1 and b1 touching, nobody free to move: the game opens on the melee phase. The next
    turn's initiative dice follow the test's own."""
    raw = scenario(fighter("r1", "red", 10, 10, **(red or {})),
                   fighter("b1", "blue", bx, 10, **(blue or {})), *extra, terrain=terrain)
    return start(raw, RED_FIRST + dice + RED_FIRST, pm)


def duel(game) -> dict:
    return events(game, "duel")[-1]


def test_melee_opens_with_the_initiative_side_and_a_tie_does_nothing(pm) -> None:
    """DBG-18: die + Combat each; a tie has no effect."""
    game = in_contact(pm, [5, 5])
    assert state(game).phase == "melee" and game.to_act() == "red"
    assert [(a.unit, a.args) for a in game.legal_actions()] == [
        ("r1", {"target": "b1", "at": "rider"})]
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["scores"] == [9, 9] and duel(game)["winner"] is None
    assert events(game, "morale_test") == [] and f(game, "b1").wounds == 0
    assert game.to_act() == "blue", "b1 attacks in its turn"


@pytest.mark.parametrize(("a_die", "d_die", "outcome"), [
    (5, 1, "wounded"), (6, 1, "out"), (2, 1, "wounded")])
def test_margin_wounds_or_kills(pm, a_die: int, d_die: int, outcome: str) -> None:
    """DBG-19: margin 1–4 wounds, 5 or more puts out of action; DBG-21: the loser tests."""
    dice = [a_die, d_die] + ([9] if outcome == "wounded" else [])
    game = in_contact(pm, dice)
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["margin"] == a_die - d_die
    b1 = f(game, "b1")
    if outcome == "out":
        assert b1.status == "out" and events(game, "morale_test") == []
        assert game.result() is not None, "blue has no one left"
    else:
        assert b1.wounds == 1
        [test] = events(game, "morale_test")
        assert test["rules"] == ["DBG-21", "DBG-25"], "one test only though also wounded"


def test_a_second_wound_puts_out_of_action(pm) -> None:
    """DBG-7: a wounded combatant wounded again is out of action."""
    game = in_contact(pm, [3, 1], blue={"wounded": True})
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert f(game, "b1").status == "out"
    assert events(game, "out_of_action")[0]["rules"] == ["DBG-19", "DBG-7"]


def test_two_handed_weapon(pm) -> None:
    """DBG-20: −1 Combat to win the duel, +1 Combat for damage (damage score = duel + 2)."""
    game = in_contact(pm, [6, 5], red={"items": ["two_handed"]})
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["scores"] == [9, 9] and duel(game)["winner"] is None
    game = in_contact(pm, [8, 5, 9], red={"items": ["two_handed"]})
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["margin"] == (8 + 4 - 1 + 2) - 9
    assert "DBG-20" in duel(game)["rules"]
    game = in_contact(pm, [9, 5], red={"items": ["two_handed"]})
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["margin"] == 5 and f(game, "b1").status == "out"


@pytest.mark.parametrize(("test_die", "result"), [(3, "retreat"), (4, "frenzy"), (5, "steady")])
def test_duel_loser_odd_die_retreats_even_die_frenzies(pm, test_die: int,
                                                       result: str) -> None:
    """DBG-21, DBG-4: a failed test retreats on an odd face, frenzies on an even one; the face
    is read before Discipline is added (3 + 5 = 8 and 4 + 5 = 9 both fail)."""
    game = in_contact(pm, [6, 2, test_die])
    game.step(act("attack", "r1", target="b1", at="rider"))
    b1 = f(game, "b1")
    assert b1.retreating == (result == "retreat")
    assert b1.frenzied == (result == "frenzy")
    if result == "frenzy":
        assert events(game, "frenzy")[0]["rules"] == ["DBG-21", "DBG-38"]
        assert "frenzy" in b1.skills, "gains the Frenzy skill for the battle"


def test_the_attacker_that_loses_is_the_one_that_tests(pm) -> None:
    """DBG-18/21: the defender wins and hits back; the attacker tests."""
    game = in_contact(pm, [1, 4, 9])
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["winner"] == "b1" and f(game, "r1").wounds == 1
    assert events(game, "morale_test")[0]["unit"] == "r1"


def test_attack_once_defend_as_often_as_attacked(pm) -> None:
    """DBG-18: each attacks once per phase but defends every time it is attacked."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 12, 12),
                   fighter("b1", "blue", 12, 10))
    game = start(raw, RED_FIRST + [5, 5, 5, 5, 5, 5] + RED_FIRST, pm)
    game.step(act("attack", "r1", target="b1", at="rider"))
    game.step(act("attack", "b1", target="r2", at="rider"))
    refused(game, act("attack", "r1", target="b1", at="rider"), "DBG-18")
    game.step(act("attack", "r2", target="b1", at="rider"))
    assert [d["target"] for d in events(game, "duel")] == ["b1", "r2", "b1"]
    assert state(game).turn == 2, "the phase ended once every fighter had attacked"


def test_only_enemies_in_contact_are_attacked(pm) -> None:
    """DBG-18: the target must touch the attacker."""
    game = in_contact(pm, [], extra=[fighter("b2", "blue", 30, 30)])
    game.step(act("activate", "b2"))
    game.step(act("end", "b2"))
    refused(game, act("attack", "r1", target="b2", at="rider"), "DBG-18")
    refused(game, act("attack", "r1", target="b1", at="mount"), "DBG-50")


def test_retreating_fighters_defend_at_minus_one_and_never_attack(pm) -> None:
    """DBG-31: no attack; −1 Combat when attacked; DBG-27: no duel test."""
    game = in_contact(pm, [5, 5])
    f(game, "r1").retreating = True
    refused(game, act("attack", "r1", target="b1", at="rider"), "DBG-31")
    state(game).alternation.withdraw("r1")
    game.step(act("attack", "b1", target="r1", at="rider"))
    assert duel(game)["scores"] == [9, 8] and duel(game)["winner"] == "b1"
    assert "-1 retreating" in duel(game)["modifiers"][1]
    assert events(game, "morale_test") == []


def test_combat_modifiers_add_up(pm) -> None:
    """DBG-53: shot this turn, difficult ground or lower ground, standards, Frenzy."""
    hill = [{"id": "hill", "kind": "hill", "rect": [11.5, 0, 30, 30], "height": 1}]
    game = in_contact(pm, [], red={"items": ["aquila"], "skills": ["frenzy"]}, terrain=hill)
    st = state(game)
    r1, b1 = f(game, "r1"), f(game, "b1")
    r1.shot_turn = st.turn
    mods = modifiers(st, r1, b1)
    assert mods == [(-1, "shot this turn"), (-1, "carries the aquila"), (1, "skills"),
                    (-1, "difficult terrain or lower ground")]
    assert modifiers(st, b1, r1) == []
    marsh = [{"id": "m", "kind": "marsh", "rect": [11.5, 0, 30, 30]}]
    game = in_contact(pm, [], blue={"items": ["ensign"]}, terrain=marsh)
    assert modifiers(state(game), f(game, "b1"), f(game, "r1")) == [
        (-1, "carries the ensign"), (-1, "difficult terrain or lower ground")]


def test_evocatus_fights_and_holds_better(pm) -> None:
    """DBG-45: Officier evocatus +1 Combat and +1 Discipline (DBG-5: a supérieur has +1, +2)."""
    from polemos.rulesets.de_bello_gallico.state import discipline

    game = in_contact(pm, [5, 5, 9], red={"rank": "superieur", "skills": ["evocatus"]})
    r1 = f(game, "r1")
    assert (r1.combat, discipline(r1)) == (5, 8)
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert duel(game)["scores"] == [5 + 5 + 1, 9]


def cavalry(pm, dice: list[int], **rider: object):
    return in_contact(pm, dice, blue={"troop": "cavalry", **rider}, bx=12.5)


def test_attacking_the_mount(pm) -> None:
    """DBG-50: the attacker may strike the mount, which fights with Combat 3; DBG-51: a wounded
    horse makes its rider test, and a failure bolts it (Emballé) into flight."""
    game = cavalry(pm, [5, 5, 2])
    b1 = f(game, "b1")
    assert b1.base.radius == 1.5 and b1.mount == "horse"
    assert ("attack", {"target": "b1", "at": "mount"}) in [
        (a.kind, a.args) for a in game.legal_actions()]
    game.step(act("attack", "r1", target="b1", at="mount"))
    assert duel(game)["scores"] == [9, 8] and duel(game)["margin"] == 1
    assert b1.mount_wounds == 1 and b1.wounds == 0
    [test] = events(game, "morale_test")
    assert test["rules"] == ["DBG-51", "DBG-25"] and not test["passed"]
    assert b1.bolting and b1.retreating
    assert events(game, "flight")[0]["cm"] > 0


def test_a_winning_mount_lets_its_rider_strike(pm) -> None:
    """DBG-50: if the mount wins, the rider hits, with the duel's margin."""
    game = cavalry(pm, [1, 9, 9])
    game.step(act("attack", "r1", target="b1", at="mount"))
    assert duel(game)["winner"] == "b1" and duel(game)["margin"] == 12 - 5
    assert f(game, "r1").status == "out"


def test_a_killed_mount_leaves_its_rider_on_foot(pm) -> None:
    """DBG-50: margin ≥ 5 kills the mount; the rider fights on foot with Mouvement 10 cm."""
    game = cavalry(pm, [9, 5])
    game.step(act("attack", "r1", target="b1", at="mount"))
    b1 = f(game, "b1")
    assert b1.mount is None and b1.move == 10 and b1.in_play and b1.wounds == 0
    assert events(game, "mount_killed")[0]["rules"] == ["DBG-50", "DBG-7"]


def test_fearless_rider_still_takes_the_horse_test(pm) -> None:
    """DBG-42: Loyal and Fearless skip morale tests but not the horse test."""
    game = cavalry(pm, [5, 5, 1], skills=["fearless"])
    game.step(act("attack", "r1", target="b1", at="mount"))
    assert f(game, "b1").bolting
