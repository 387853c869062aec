"""Rallies and bolting mounts (DBG-34, DBG-35, DBG-37, DBG-44, DBG-49, DBG-52)."""

from __future__ import annotations

import pytest

from polemos.rulesets.de_bello_gallico.rally import rally_targets, reach
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
    to_phase,
)


def routed(pm, dice: list[int], officer: dict | None = None, extra=()):
    """ro (officer) with r1 3 cm off, r2 10 cm off and r3 11.5 cm off, all retreating."""
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer", **(officer or {})),
                   fighter("r1", "red", 25, 20), fighter("r2", "red", 32, 20),
                   fighter("r3", "red", 20, 33.5), *extra, fighter("b1", "blue", 50, 55))
    game = start(raw, RED_FIRST + dice, pm)
    for unit in ("r1", "r2", "r3"):
        f(game, unit).retreating = True
        f(game, unit).fled_turn = 1
    return game


@pytest.mark.parametrize(("die", "rallied"), [(6, True), (5, False)])
def test_rally_manoeuvre_against_twelve(pm, die: int, rallied: bool) -> None:
    """DBG-35: die + Discipline (6) ≥ 12 rallies every friend retreating within 10 cm."""
    game = routed(pm, [die, 1] + RED_FIRST)
    to_phase(game, "manoeuvre")
    assert [a.kind for a in game.legal_actions()] == ["rally", "pass"]
    game.step(act("rally", "ro"))
    [manoeuvre] = events(game, "rally_manoeuvre")
    assert (manoeuvre["targets"], manoeuvre["difficulty"], manoeuvre["passed"]) == (
        ["r1", "r2"], 12, rallied)
    assert (f(game, "r1").retreating, f(game, "r2").retreating) == (not rallied, not rallied)
    assert f(game, "r3").retreating, "11.5 cm away"


def test_designation_alternates_once_per_officer_until_both_pass(pm) -> None:
    """DBG-34: initiative side first, alternately; each officer once a turn; a side that
    passes designates no more."""
    raw = scenario(fighter("ro", "red", 20, 20, rank="officer"),
                   fighter("rq", "red", 20, 14, rank="officer"), fighter("r1", "red", 25, 20),
                   fighter("bo", "blue", 40, 40, rank="officer"),
                   fighter("b1", "blue", 44, 40))
    game = start(raw, RED_FIRST + [1, 1, 1] + RED_FIRST, pm)
    f(game, "r1").retreating = True
    f(game, "b1").retreating = True
    to_phase(game, "manoeuvre")
    assert game.to_act() == "red"
    game.step(act("rally", "ro"))
    assert game.to_act() == "blue"
    refused(game, act("rally", "ro"), "DBG-34")
    game.step(act("pass"))
    assert game.to_act() == "red" and [a.unit for a in game.legal_actions()] == ["rq", None]
    refused(game, act("rally", "ro"), "DBG-34")
    game.step(act("rally", "rq"))
    assert state(game).phase != "manoeuvre", "red has no officer left, blue passed"
    assert [e["side"] for e in events(game, "pass")] == ["blue"]


def test_rally_needs_a_retreating_friend_in_reach(pm) -> None:
    """DBG-35: a manoeuvre needs someone to rally."""
    game = routed(pm, [])
    for unit in ("r1", "r2"):
        f(game, unit).retreating = False
    to_phase(game, "manoeuvre")
    refused(game, act("rally", "ro"), "DBG-35")


def test_individual_rally_within_ten_cm_of_an_officer(pm) -> None:
    """DBG-37: a retreating fighter near a steady officer tests Discipline against 10; success
    lifts Retreat at once and it is not moved in the retreat step."""
    game = routed(pm, [5, 4] + RED_FIRST)
    to_phase(game, "rally")
    assert [a.unit for a in game.legal_actions()] == ["r1", "r2", None]
    game.step(act("rally_one", "r1"))
    assert not f(game, "r1").retreating
    refused(game, act("rally_one", "r1"), "DBG-37")
    game.step(act("rally_one", "r2"))
    assert f(game, "r2").retreating
    assert [e["unit"] for e in events(game, "rally_test")] == ["r1", "r2"]
    assert state(game).turn == 2, "nobody left to try: the steps ran to the next turn"
    moved = [e["unit"] for e in events(game, "flight")]
    assert "r1" not in moved and "r2" not in moved, "fled this turn: not moved (DBG-28)"


def test_a_rally_with_no_officer_within_ten_cm_is_refused(pm) -> None:
    """DBG-37 (bad input): no non-retreating officer within 10 cm of the fighter."""
    game = routed(pm, [])
    to_phase(game, "rally")
    reason = refused_reason(game, act("rally_one", "r3"), "DBG-37")
    assert "no non-retreating officer" in reason
    f(game, "ro").retreating = True
    refused(game, act("rally_one", "r1"), "DBG-37")


def test_charismatic_and_ensign_lengthen_the_reach(pm) -> None:
    """DBG-44: 20 cm for a Charismatic leader; DBG-49: +10 cm while an ensign stands within
    10 cm of the officer (the two add up); a retreating bearer adds nothing."""
    ensign = fighter("sig", "red", 20, 25, items=["javelin", "ensign"])
    game = routed(pm, [], extra=[ensign])
    st = state(game)
    ro = f(game, "ro")
    assert reach(st, ro) == 20
    assert [t.id for t in rally_targets(st, ro)] == ["r1", "r2", "r3"]
    ro.skills.append("charismatic")
    assert reach(st, ro) == 30
    f(game, "sig").retreating = True
    assert reach(st, ro) == 20
    f(game, "sig").retreating = False
    f(game, "sig").base.y = 32.01
    ro.skills.remove("charismatic")
    assert reach(st, ro) == 10


def bolting(pm, dice: list[int]):
    raw = scenario(fighter("r1", "red", 20, 20, troop="cavalry"), fighter("b1", "blue", 50, 50))
    game = start(raw, RED_FIRST + dice, pm)
    f(game, "r1").retreating = f(game, "r1").bolting = True
    return game


def test_bolting_rider_is_activated_to_master_its_mount(pm) -> None:
    """DBG-52: a bolting rider is offered an activation to test Discipline (4) against 10;
    success removes both markers and the activation goes on."""
    game = bolting(pm, [6])
    assert [a.unit for a in game.legal_actions()] == ["r1"]
    game.step(act("activate", "r1"))
    assert events(game, "regain")[0]["passed"]
    r1 = f(game, "r1")
    assert not r1.bolting and not r1.retreating and state(game).active == "r1"
    game.step(act("move", "r1", x=20, y=30))


def test_bolting_rider_that_fails_stays_bolting(pm) -> None:
    """DBG-52: failure ends the activation; the mount goes on bolting."""
    game = bolting(pm, [5])
    game.step(act("activate", "r1"))
    assert f(game, "r1").bolting and state(game).active is None
    assert events(game, "end_activation")[0]["why"] == "the mount still bolts"
