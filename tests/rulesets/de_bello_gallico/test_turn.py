"""Turn sequence, initiative and activation (DBG-8 … DBG-13, DBG-36, DBG-52)."""

from __future__ import annotations

from tests.conftest import events, refused
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    act,
    f,
    fighter,
    rolls,
    scenario,
    start,
    state,
)


def four(**red1: object) -> dict:
    return scenario(fighter("r1", "red", 10, 10, **red1), fighter("r2", "red", 14, 10),
                    fighter("b1", "blue", 10, 50), fighter("b2", "blue", 14, 50))


def test_chiefs_roll_initiative_with_their_discipline(pm) -> None:
    """DBG-8, DBG-10: each side's officier en chef rolls die + Discipline; the higher wins."""
    raw = scenario(fighter("rc", "red", 10, 10, rank="en_chef"), fighter("r1", "red", 14, 10),
                   fighter("bc", "blue", 10, 50, rank="officer"), fighter("b1", "blue", 14, 50))
    game = start(raw, [3, 5], pm)
    [roll_red, roll_blue] = rolls(game)[:2]
    assert (roll_red["unit"], roll_red["sides"], roll_blue["unit"]) == ("rc", 10, "bc")
    [ini] = events(game, "initiative")
    assert ini["totals"] == {"red": 3 + 7, "blue": 5 + 6}
    assert ini["winner"] == "blue" and state(game).initiative == "blue"
    assert game.to_act() == "blue", "DBG-11 Decision: the initiative side activates first"


def test_initiative_ties_are_rolled_again(pm) -> None:
    """DBG-10: a tie is re-rolled."""
    game = start(four(), [4, 4, 2, 7], pm)
    totals = [e["totals"] for e in events(game, "initiative")]
    assert totals == [{"red": 4, "blue": 4}, {"red": 2, "blue": 7}]
    assert state(game).initiative == "blue"


def test_initiative_falls_to_the_highest_steady_officer_then_the_bare_die(pm) -> None:
    """DBG-10: chief gone or retreating → the highest-ranked officer left, else the die."""
    raw = scenario(fighter("rc", "red", 10, 10, rank="en_chef"),
                   fighter("ro", "red", 14, 10, rank="officer"),
                   fighter("rs", "red", 18, 10, rank="superieur"),
                   fighter("b1", "blue", 10, 50))
    game = start(raw, [9, 1], pm)
    st = state(game)
    from polemos.rulesets.de_bello_gallico.initiative import initiative_roller
    assert initiative_roller(st, "red").id == "rc"
    f(game, "rc").retreating = True
    assert initiative_roller(st, "red").id == "rs"
    f(game, "rs").status = "out"
    assert initiative_roller(st, "red").id == "ro"
    assert initiative_roller(st, "blue") is None


def test_the_turn_runs_its_phases_in_order(pm) -> None:
    """DBG-9: initiative, movement and shooting, melee, morale (break point, manoeuvres,
    rallies, retreat), then the next turn."""
    game = start(scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 10, 50)),
                 RED_FIRST + [2, 8], pm)
    game.step(act("activate", "r1"))
    game.step(act("end", "r1"))
    game.step(act("activate", "b1"))
    game.step(act("end", "b1"))
    sequence = [(e["type"], e.get("phase")) for e in game.events
                if e["type"] in ("turn", "initiative", "phase")]
    assert sequence == [("turn", None), ("initiative", None), ("phase", "move"),
                        ("phase", "melee"), ("phase", "morale"), ("phase", "manoeuvre"),
                        ("phase", "rally"), ("phase", "retreat"), ("turn", None),
                        ("initiative", None), ("phase", "move")]
    assert state(game).turn == 2 and state(game).initiative == "blue"


def test_sides_alternate_one_fighter_each(pm) -> None:
    """DBG-11: one combatant at a time, the sides in turn, the initiative side first."""
    game = start(four(), RED_FIRST, pm)
    assert game.to_act() == "red"
    assert [a.unit for a in game.legal_actions()] == ["r1", "r2"]
    game.step(act("activate", "r1"))
    assert game.to_act() == "red", "the activation goes on until it ends"
    game.step(act("end", "r1"))
    assert game.to_act() == "blue"
    refused(game, act("activate", "r2"), "DBG-11")


def test_a_fighter_activated_twice_in_a_phase_is_refused(pm) -> None:
    """DBG-11 (bad input): each combatant is activated at most once per phase."""
    game = start(four(), RED_FIRST, pm)
    game.step(act("activate", "r1"))
    game.step(act("end", "r1"))
    game.step(act("activate", "b1"))
    game.step(act("end", "b1"))
    error = refused(game, act("activate", "r1"), "DBG-11")
    assert "already been activated" in error.reason


def test_one_activation_at_a_time(pm) -> None:
    """DBG-11: another fighter may not act while one's activation is under way."""
    game = start(four(), RED_FIRST, pm)
    game.step(act("activate", "r1"))
    refused(game, act("activate", "r2"), "DBG-11")
    refused(game, act("move", "r2", x=14, y=15), "DBG-11")


def test_retreating_and_pinned_fighters_are_not_activated(pm) -> None:
    """DBG-12: retreating and pinned combatants are left out of the phase."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("r2", "red", 20, 30),
                   fighter("r3", "red", 40, 10),
                   fighter("b1", "blue", 22, 30), fighter("b2", "blue", 40, 50))
    game = start(raw, RED_FIRST, pm)
    assert [a.unit for a in game.legal_actions()] == ["r1", "r3"], "r2 touches b1: pinned"
    refused(game, act("activate", "r2"), "DBG-12")


def test_retreating_fighter_left_out_from_the_next_phase(pm) -> None:
    """DBG-12: a retreating fighter is not offered; asking for it is refused."""
    game = start(four(), RED_FIRST + [9, 1], pm)
    f(game, "r2").retreating = True
    f(game, "r2").fled_turn = 1
    game.step(act("activate", "r1"))
    game.step(act("end", "r1"))
    game.step(act("activate", "b1"))
    game.step(act("end", "b1"))
    game.step(act("activate", "b2"))
    game.step(act("end", "b2"))
    assert state(game).turn == 2
    assert "r2" not in [a.unit for a in game.legal_actions()]
    refused(game, act("activate", "r2"), "DBG-12")


def test_a_side_with_no_one_left_passes(pm) -> None:
    """DBG-12 Decision: uneven numbers: the other side activates the rest in turn."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 10, 50),
                   fighter("b2", "blue", 14, 50), fighter("b3", "blue", 18, 50))
    game = start(raw, RED_FIRST, pm)
    game.step(act("activate", "r1"))
    game.step(act("end", "r1"))
    for unit in ("b1", "b2"):
        assert game.to_act() == "blue"
        game.step(act("activate", unit))
        game.step(act("end", unit))
    assert game.to_act() == "blue" and [a.unit for a in game.legal_actions()] == ["b3"]


def test_shoot_before_or_after_the_move_but_move_once(pm) -> None:
    """DBG-13: a shot comes before or after the move, never a second move."""
    raw = scenario(fighter("r1", "red", 10, 10, troop="skirmisher"),
                   fighter("r2", "red", 50, 10), fighter("b1", "blue", 10, 24))
    game = start(raw, RED_FIRST + [1], pm)
    game.step(act("activate", "r1"))
    game.step(act("shoot", "r1", target="b1"))
    assert state(game).active == "r1", "it may still move after its shot"
    game.step(act("move", "r1", x=16, y=10))
    assert state(game).active is None, "moved and shot: the activation is over"
    game2 = start(raw, RED_FIRST, pm)
    game2.step(act("activate", "r1"))
    game2.step(act("move", "r1", x=13, y=10))
    refused(game2, act("move", "r1", x=16, y=10), "DBG-13")


def test_orderly_retreat_is_not_in_this_version(pm) -> None:
    """DBG-36: the Orderly Retreat manoeuvre (difficulty 14) is campaign play: refused."""
    game = start(four(), RED_FIRST, pm)
    refused(game, act("orderly_retreat", "r1"), "DBG-36")
    assert "orderly_retreat" not in {a.kind for a in game.legal_actions()}


def test_unknown_actions_and_wrong_phase_are_refused(pm) -> None:
    game = start(four(), RED_FIRST, pm)
    refused(game, act("dance", "r1"), "DBG-9")
    refused(game, act("attack", "r1", target="b1", at="rider"), "DBG-9")
    refused(game, act("pass"), "DBG-9")
