"""Wounds, morale tests, triggers, flight, retreat and the break point (DBG-3, DBG-7,
DBG-25 … DBG-33, DBG-40 … DBG-43, DBG-48, DBG-49, DBG-54, DBG-55)."""

from __future__ import annotations

import pytest

from polemos.core.morale import Morale, MoraleShock
from polemos.core.table import gap
from polemos.rulesets.de_bello_gallico.geometry import KEEP_CLEAR, pinned
from polemos.rulesets.de_bello_gallico.melee import modifiers
from polemos.rulesets.de_bello_gallico.morale_rules import losses, retreat_step
from polemos.rulesets.de_bello_gallico.state import DbgParams
from tests.conftest import events, refused
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    act,
    f,
    fighter,
    resolver,
    scenario,
    start,
    state,
)


def morale_tests(game) -> list[tuple[str, int, bool]]:
    return [(e["unit"], e["difficulty"], e["passed"]) for e in events(game, "morale_test")]


def test_difficulties_are_ten_twelve_and_fourteen() -> None:
    """DBG-3: 10 for Discipline tests, 12 for Rally (14, Orderly Retreat, is DBG-36)."""
    params = DbgParams()
    assert (params.morale, params.rally_manoeuvre, params.rally_one) == (10, 12, 10)


def test_wounds_then_out_of_action(pm) -> None:
    """DBG-7: healthy → wounded → out of action; DBG-26: a wound makes it test at once."""
    game = start(scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 30, 50)),
                 RED_FIRST + [5], pm)
    res = resolver(game)
    assert res.wound(f(game, "b1"), "a stone", "DBG-22") == "wounded"
    res.run()
    assert morale_tests(game) == [("b1", 10, True)]
    assert res.wound(f(game, "b1"), "a stone", "DBG-22") == "out"
    res.run()
    assert f(game, "b1").status == "out" and len(events(game, "morale_test")) == 1


@pytest.mark.parametrize(("die", "passed"), [(5, True), (4, False)])
def test_a_failed_morale_test_means_retreat_and_immediate_flight(pm, die: int,
                                                                  passed: bool) -> None:
    """DBG-25: Discipline (5) + die ≥ 10; DBG-28: failure flees half its Mouvement at once."""
    game = start(scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 36)),
                 RED_FIRST + [die], pm)
    res = resolver(game)
    res.shock([MoraleShock("r1", "test", "DBG-26")])
    res.run()
    r1 = f(game, "r1")
    assert r1.retreating is not passed
    if not passed:
        [flight] = events(game, "flight")
        assert flight["cm"] == 5 and flight["to"] == [30, 25], "away from b1, toward north"
        assert r1.fled_turn == state(game).turn


def test_flight_breaks_contact_even_when_pinned(pm) -> None:
    """DBG-28 Decision: a pinned combatant flees too; the flight breaks the contact."""
    game = start(scenario(fighter("r1", "red", 30, 30), fighter("b1", "blue", 30, 32),
                          fighter("b2", "blue", 50, 50)), RED_FIRST + [1], pm)
    res = resolver(game)
    res.shock([MoraleShock("r1", "test", "DBG-26")])
    res.run()
    assert events(game, "flight")[0]["to"] == [30, 25]


def test_flight_toward_the_edge_or_straight_away(pm) -> None:
    """DBG-29: toward the nearest edge if that opens the gap, else away from the enemy."""
    game = start(scenario(fighter("r1", "red", 30, 10), fighter("b1", "blue", 30, 6),
                          fighter("b2", "blue", 50, 50)), RED_FIRST, pm)
    res = resolver(game)
    res.flee(f(game, "r1"), 5, "DBG-28")
    [flight] = events(game, "flight")
    assert (flight["how"], flight["enemy"], flight["to"]) == ("away", "b1", [30, 15])


def test_flight_stops_short_of_an_enemy_zone(pm) -> None:
    """DBG-29: it stops at the last legal point before a base or an enemy zone of control."""
    raw = scenario(fighter("r1", "red", 30, 12), fighter("b1", "blue", 30, 20),
                   fighter("b2", "blue", 30, 5))
    game = start(raw, RED_FIRST, pm)
    resolver(game).flee(f(game, "r1"), 5, "DBG-28")
    [flight] = events(game, "flight")
    assert (flight["how"], flight["enemy"]) == ("away", "b2"), "north would close on b2"
    assert flight["stopped_by"] == "b1" and flight["to"] == [30, 16]


def keep_clear_ground(how: str, b2_y: float) -> dict:
    """r1 flees north from b1 toward b2, a foe without a zone of control: pinned by r2
    (touching it from the north) or retreating."""
    fighters = [fighter("r1", "red", 30, 28), fighter("b1", "blue", 30, 32),
                fighter("b2", "blue", 30, b2_y)]
    if how == "pinned":
        fighters.append(fighter("r2", "red", 30, b2_y - 2))
    return scenario(*fighters)


@pytest.mark.parametrize("how", ["pinned", "retreating"])
def test_dbg31_a_flight_stops_short_of_contact_with_an_enemy_without_a_zone(pm, how) -> None:
    """DBG-31, DBG-28, DBG-29: r1 fails its test (die 1: 1 + 5 < 10) and flees 5 cm north, on
    b2, a pinned (or retreating) enemy with no zone of control: it stops 0.11 cm short (contact
    0.1 cm + KEEP_CLEAR), never touching it, so it is not pinned by it."""
    game = start(keep_clear_ground(how, 21), RED_FIRST + [1], pm)
    f(game, "b2").retreating = how == "retreating"
    res = resolver(game)
    res.shock([MoraleShock("r1", "test", "DBG-26")])
    res.run()
    [flight] = events(game, "flight")
    assert (flight["stopped_by"], flight["cm"], flight["to"]) == ("b2", 4.89, [30, 23.11])
    assert gap(f(game, "r1").base, f(game, "b2").base) == pytest.approx(
        DbgParams().contact + KEEP_CLEAR)
    assert not pinned(state(game), f(game, "r1"))


@pytest.mark.parametrize("how", ["pinned", "retreating"])
def test_dbg31_the_retreat_step_stops_short_of_contact_too(pm, how) -> None:
    """DBG-30, DBG-31: the retreat step's full-Mouvement flight (10 cm north) stops 0.11 cm
    short of b2, pinned by r2 (or retreating), instead of ending in contact with it."""
    game = start(keep_clear_ground(how, 17), RED_FIRST, pm)
    f(game, "b2").retreating = how == "retreating"
    f(game, "r1").retreating = True
    retreat_step(resolver(game))
    flight = events(game, "flight")[0]
    assert (flight["unit"], flight["rules"]) == ("r1", ["DBG-30", "DBG-29"])
    assert (flight["stopped_by"], flight["cm"], flight["to"]) == ("b2", 8.89, [30, 19.11])
    assert not pinned(state(game), f(game, "r1"))


def test_reaching_the_edge_leaves_the_table_for_good(pm) -> None:
    """DBG-29, DBG-31: reaching the edge, it leaves; it never returns and counts as a loss."""
    game = start(scenario(fighter("r1", "red", 30, 4), fighter("r2", "red", 40, 30),
                          fighter("b1", "blue", 30, 12)), RED_FIRST + [1], pm)
    res = resolver(game)
    res.shock([MoraleShock("r1", "test", "DBG-26")])
    res.run()
    r1 = f(game, "r1")
    assert (r1.status, r1.exit_edge) == ("fled", "north")
    assert events(game, "left_table")[0]["rule"] == "DBG-31"
    assert losses(state(game), "red") == 1
    assert "r1" not in game.rules.units(game.state)


def test_retreat_step_moves_full_mouvement_initiative_side_first(pm) -> None:
    """DBG-30: unpinned retreating fighters of the initiative side, then the other's, move their
    whole Mouvement, except those that fled this turn; pinned ones stay."""
    raw = scenario(fighter("r1", "red", 30, 20), fighter("r2", "red", 40, 20),
                   fighter("r3", "red", 50, 30), fighter("b1", "blue", 30, 40),
                   fighter("b2", "blue", 50, 32), fighter("b3", "blue", 20, 40))
    game = start(raw, RED_FIRST, pm)
    st = state(game)
    for unit in ("r1", "r2", "r3", "b3"):
        f(game, unit).retreating = True
    f(game, "r2").fled_turn = st.turn
    retreat_step(resolver(game))
    moved = [(e["unit"], e["cm"]) for e in events(game, "flight")]
    assert moved == [("r1", 10), ("b3", 10)], "r2 fled this turn, r3 is pinned by b2"
    assert events(game, "phase")[-1]["rule"] == "DBG-30"


def test_officer_falling_shakes_friends_within_ten_cm_in_sight(pm) -> None:
    """DBG-26: a friendly officer dying within 10 cm and in sight; enemies do not care."""
    farm = [{"id": "farm", "kind": "building", "rect": [18, 24, 22, 26]}]
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer"),
                   fighter("near", "red", 25, 20), fighter("edge", "red", 32, 20),
                   fighter("far", "red", 20, 7.99), fighter("hidden", "red", 20, 28),
                   fighter("b1", "blue", 12, 20), terrain=farm)
    game = start(raw, [9, 1, 9, 9], pm)
    res = resolver(game)
    res.take_out(f(game, "ro"), "test", ["DBG-19"])
    res.run()
    assert [u for u, _, _ in morale_tests(game)] == ["near", "edge"]
    assert events(game, "morale_test")[0]["rules"] == ["DBG-26", "DBG-25"]


def test_officer_retreating_shakes_friends(pm) -> None:
    """DBG-26: a friendly officer's retreat, measured where it broke, before it ran."""
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer"),
                   fighter("r1", "red", 24, 20), fighter("b1", "blue", 20, 23))
    game = start(raw, [9, 1, 1, 9], pm)
    res = resolver(game)
    res.shock([MoraleShock("ro", "test", "DBG-26")])
    res.run()
    assert morale_tests(game) == [("ro", 10, False), ("r1", 10, True)]


def test_enemy_skill_calls_a_test_at_its_difficulty(pm) -> None:
    """DBG-26: an enemy skill or manoeuvre calls for a test at that rule's difficulty."""
    game = start(scenario(fighter("r1", "red", 20, 20), fighter("b1", "blue", 20, 40)),
                 RED_FIRST + [6], pm)
    after = game.world.shake(MoraleShock("r1", "war cry", "XX-9", 12), game)
    assert morale_tests(game) == [("r1", 12, False)] and after is Morale.RETREATING
    assert events(game, "shock")[0]["rule"] == "XX-9"


def test_the_aquila_falls(pm) -> None:
    """DBG-48: every Roman within 20 cm tests (Decision: whatever its side), no one else."""
    raw = scenario(fighter("bearer", "red", 20, 20, items=["aquila"]),
                   fighter("r1", "red", 40, 20), fighter("r2", "red", 42.01, 20),
                   fighter("gaul", "red", 20, 30, troop="gallic_warrior", nation="celt"),
                   fighter("b1", "blue", 20, 35))
    game = start(raw, RED_FIRST + [9, 9], pm)
    res = resolver(game)
    res.take_out(f(game, "bearer"), "test", ["DBG-19"])
    res.run()
    assert [u for u, _, _ in morale_tests(game)] == ["r1", "b1"]
    assert events(game, "morale_test")[0]["rules"] == ["DBG-48", "DBG-25"]


def test_the_celtic_standard_falls(pm) -> None:
    """DBG-49: every Celt within 20 cm tests; the bearer carries Intimidation (data only)."""
    raw = scenario(fighter("bearer", "red", 20, 20, troop="gallic_warrior", nation="celt",
                           items=["javelin", "celtic_standard"]),
                   fighter("c1", "red", 30, 20, troop="gallic_warrior", nation="celt"),
                   fighter("b1", "blue", 20, 35))
    game = start(raw, RED_FIRST + [9], pm)
    assert "intimidation" in f(game, "bearer").skills
    res = resolver(game)
    res.take_out(f(game, "bearer"), "test", ["DBG-19"])
    res.run()
    assert morale_tests(game) == [("c1", 10, True)]


def test_one_test_per_event_and_none_while_retreating(pm) -> None:
    """DBG-27: an officer bearing the aquila falls: friends near test once; retreating ones
    take no morale test."""
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer", items=["aquila"]),
                   fighter("r1", "red", 24, 20), fighter("r2", "red", 20, 24),
                   fighter("b1", "blue", 50, 50))
    game = start(raw, RED_FIRST + [9], pm)
    f(game, "r2").retreating = True
    res = resolver(game)
    res.take_out(f(game, "ro"), "test", ["DBG-19"])
    res.run()
    assert morale_tests(game) == [("r1", 10, True)]


def test_loyal_follows_its_officer_while_it_lives(pm) -> None:
    """DBG-40: a Loyal fighter takes no test while its officer lives (on the table)."""
    raw = scenario(fighter("lord", "red", 20, 20, rank="officer"),
                   fighter("man", "red", 40, 20, skills=["loyal"], loyal_to="lord"),
                   fighter("b1", "blue", 50, 50))
    game = start(raw, RED_FIRST + [1], pm)
    res = resolver(game)
    res.shock([MoraleShock("man", "test", "DBG-26")])
    res.run()
    assert morale_tests(game) == [] and events(game, "immune")[0]["rule"] == "DBG-40"
    f(game, "lord").status = "fled"
    res.shock([MoraleShock("man", "test", "DBG-26")])
    res.run()
    assert morale_tests(game) == [("man", 10, False)], "a lord gone from the table is no more"


def test_fearless_never_tests_nor_frenzies(pm) -> None:
    """DBG-41, DBG-42: Fearless takes no morale test, not even the duel's."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 12, 10,
                                                          skills=["fearless"]))
    game = start(raw, RED_FIRST + [5, 4] + RED_FIRST, pm)
    game.step(act("attack", "r1", target="b1", at="rider"))
    assert f(game, "b1").wounds == 1 and not f(game, "b1").frenzied
    assert morale_tests(game) == [] and events(game, "immune")[0]["rule"] == "DBG-41"


def test_tough_ignores_its_first_wound(pm) -> None:
    """DBG-43: the first wound is ignored (no wound, no test); the next counts."""
    game = start(scenario(fighter("r1", "red", 10, 10, skills=["tough"]),
                          fighter("b1", "blue", 40, 40)), RED_FIRST + [9], pm)
    res = resolver(game)
    assert res.wound(f(game, "r1"), "a blow", "DBG-19") == "ignored"
    res.run()
    assert f(game, "r1").wounds == 0 and morale_tests(game) == []
    assert res.wound(f(game, "r1"), "a blow", "DBG-19") == "wounded"
    res.run()
    assert morale_tests(game) == [("r1", 10, True)]


def test_retreat_leaves_the_formation(pm) -> None:
    """DBG-54, DBG-55: a formation is only a tag (no Wall exemption from the shot penalty);
    a retreating combatant leaves it at once."""
    game = start(scenario(fighter("r1", "red", 30, 30, formation="line-1"),
                          fighter("b1", "blue", 32, 30)), RED_FIRST + [1], pm)
    st = state(game)
    r1 = f(game, "r1")
    r1.shot_turn = st.turn
    assert (-1, "shot this turn") in modifiers(st, r1, f(game, "b1"))
    res = resolver(game)
    res.shock([MoraleShock("r1", "test", "DBG-26")])
    res.run()
    assert r1.formation is None
    assert events(game, "leaves_formation")[0] == {
        **events(game, "leaves_formation")[0], "formation": "line-1", "rule": "DBG-55"}


# --- break point ---------------------------------------------------------------------------


def broken_red(pm, dice: list[int], officer: dict | None = None):
    """Red loses 3 of 6 in turn 1; ro stands 3 cm from r1, r2 stands alone."""
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer", **(officer or {})),
                   fighter("r1", "red", 25, 20), fighter("r2", "red", 45, 20),
                   fighter("r3", "red", 5, 5), fighter("r4", "red", 8, 5),
                   fighter("r5", "red", 11, 5), fighter("b1", "blue", 30, 55))
    game = start(raw, RED_FIRST + dice, pm)
    for unit in ("r3", "r4", "r5"):
        f(game, unit).status = "out"
    for unit in ("ro", "b1", "r1", "r2"):
        game.step(act("activate", unit))
        game.step(act("end", unit))
    return game


def test_break_point_every_fighter_tests(pm) -> None:
    """DBG-32: losses first reach 50 % this turn: every combatant of the side tests."""
    game = broken_red(pm, [9, 9, 4] + RED_FIRST * 3)
    assert state(game).phase == "break" and game.to_act() == "red"
    assert [a.kind for a in game.legal_actions()] == ["substitute", "break_test"]
    game.step(act("break_test"))
    assert [(e["side"], e["lost"], e["starting"]) for e in events(game, "break_point")] == [
        ("red", 3, 6)]
    assert morale_tests(game) == [("ro", 10, True), ("r1", 10, True), ("r2", 10, False)]
    assert events(game, "morale_test")[0]["rules"] == ["DBG-32", "DBG-25"]


def test_break_point_only_in_the_turn_it_is_crossed(pm) -> None:
    """DBG-32 Decision: the test happens only in the turn the threshold is crossed."""
    game = broken_red(pm, [9, 9, 9] + RED_FIRST + RED_FIRST)
    game.step(act("break_test"))
    assert state(game).turn == 2
    for unit in ("ro", "b1", "r1", "r2"):
        game.step(act("activate", unit))
        game.step(act("end", unit))
    assert state(game).turn == 3 and len(events(game, "break_point")) == 1


def test_officer_stands_for_friends_within_ten_cm(pm) -> None:
    """DBG-33: one test for the officer and everyone within 10 cm; failing, all retreat."""
    game = broken_red(pm, [2, 9] + RED_FIRST * 3)
    refused(game, act("substitute", "r1"), "DBG-33")
    game.step(act("substitute", "ro"))
    assert state(game).phase != "break", "no officer left to name: the tests roll at once"
    [test, alone] = events(game, "morale_test")
    assert (test["unit"], test["covering"], test["passed"]) == ("ro", ["r1"], False)
    assert test["rules"] == ["DBG-33", "DBG-25"]
    assert alone["unit"] == "r2"
    assert f(game, "ro").retreating and f(game, "r1").retreating
    assert [e["unit"] for e in events(game, "retreat")] == ["ro", "r1"]


def test_substitution_spares_the_immune(pm) -> None:
    """DBG-33: immune skills still apply when the officer fails for its group."""
    game = broken_red(pm, [2, 9] + RED_FIRST * 3)
    f(game, "r1").skills.append("fearless")
    game.step(act("substitute", "ro"))
    assert f(game, "ro").retreating and not f(game, "r1").retreating
    assert events(game, "immune")[0]["unit"] == "r1"


def test_charismatic_substitution_reaches_twenty_cm(pm) -> None:
    """DBG-44: a Charismatic leader's substitution covers 20 cm (r2 stands 23 cm off)."""
    game = broken_red(pm, [9] + RED_FIRST * 3, officer={"skills": ["charismatic"]})
    f(game, "r2").base.x = 42.0
    game.step(act("substitute", "ro"))
    [test] = events(game, "morale_test")
    assert test["covering"] == ["r1", "r2"]


def test_without_officers_the_break_tests_roll_by_themselves(pm) -> None:
    """DBG-32: with no officer to name, no decision: everyone tests at once."""
    raw = scenario(fighter("r1", "red", 25, 20), fighter("r2", "red", 5, 5),
                   fighter("b1", "blue", 30, 55))
    game = start(raw, RED_FIRST + [9] + RED_FIRST, pm)
    f(game, "r2").status = "out"
    game.step(act("activate", "r1"))
    game.step(act("end", "r1"))
    game.step(act("activate", "b1"))
    game.step(act("end", "b1"))
    assert morale_tests(game) == [("r1", 10, True)] and state(game).turn == 2


def test_losses_after_the_check_count_at_the_next_one(pm) -> None:
    """DBG-32 Decision: a loss after the check (a flight off the table in the retreat step)
    triggers the test at the next turn's check, once."""
    from polemos.rulesets.de_bello_gallico.morale_rules import breaking_sides

    game = broken_red(pm, [9, 9, 9] + RED_FIRST * 3)
    st = state(game)
    st.lost_at_check = {"red": 2, "blue": 0}
    assert breaking_sides(st) == ["red"]
    assert breaking_sides(st) == []
