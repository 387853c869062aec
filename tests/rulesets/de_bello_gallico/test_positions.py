"""Positions as data: games started from a ``position:`` block and fighter statuses (DBG-7,
DBG-10 … DBG-13, DBG-17, DBG-21, DBG-28, DBG-30, DBG-32 … DBG-38, DBG-43, DBG-50 … DBG-53),
bad positions refused with their field paths, and the declaration refusing malformed actions."""

from __future__ import annotations

from typing import Any

import pytest

from polemos.core.actions import Action
from polemos.core.errors import ScenarioError
from polemos.core.scenario import validate_scenario
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


def at(phase: str, *fighters: dict[str, Any], **position: Any) -> dict[str, Any]:
    """A scenario of ``fighters`` standing at ``phase`` of turn 2, red holding the initiative."""
    return scenario(*fighters, position={"turn": 2, "phase": phase, "initiative": "red",
                                         **position})


def test_a_position_starts_without_an_initiative_roll(pm) -> None:
    """DBG-10: the position says who won this turn's initiative: no roll, blue activates first
    (DBG-11)."""
    raw = scenario(fighter("r1", "red", 20, 20), fighter("b1", "blue", 20, 40),
                   position={"turn": 3, "phase": "move", "initiative": "blue"})
    game = start(raw, [], pm)
    assert (game.to_act(), state(game).turn, state(game).initiative) == ("blue", 3, "blue")
    assert game.legal_actions() == [Action("activate", "b1")]
    assert events(game, "roll") == [] and events(game, "initiative") == []


def test_a_wounded_fighter_shot_is_out_of_action(pm) -> None:
    """DBG-7, DBG-22: the active skirmisher has moved (DBG-13: no second move) and shoots a
    wounded legionary 8 cm away: 6 + Tir 4 ≥ 10 puts it out of action."""
    raw = at("move", fighter("r1", "red", 20, 20, troop="skirmisher"),
             fighter("b1", "blue", 20, 30, wounded=True), fighter("b2", "blue", 50, 50),
             active="r1", active_moved=True)
    game = start(raw, [6], pm)
    assert {a.kind for a in game.legal_actions()} == {"shoot", "end"}
    refused(game, act("move", "r1", x=20, y=15), "DBG-13")
    game.step(act("shoot", "r1", target="b1"))
    assert f(game, "b1").status == "out"
    assert [e["unit"] for e in events(game, "out_of_action")] == ["b1"]


def test_a_spent_tough_skill_lets_the_wound_count(pm) -> None:
    """DBG-43: a Tough fighter whose first wound was already ignored is wounded by the next."""
    raw = at("move", fighter("r1", "red", 20, 20, troop="skirmisher"),
             fighter("b1", "blue", 20, 30, skills=["tough"], tough_used=True),
             fighter("b2", "blue", 50, 50), active="r1")
    game = start(raw, [6, 9], pm)
    game.step(act("shoot", "r1", target="b1"))
    assert f(game, "b1").wounds == 1 and events(game, "wound_ignored") == []


def test_a_pinned_fighter_is_not_offered_an_activation(pm) -> None:
    """DBG-12, DBG-17: r1 touches b1 (pinned); the phase's default waiting list leaves it out."""
    raw = at("move", fighter("r1", "red", 20, 20), fighter("r2", "red", 40, 20),
             fighter("b1", "blue", 22, 20))
    game = start(raw, [], pm)
    assert game.legal_actions() == [Action("activate", "r2")]
    refused(game, act("activate", "r1"), "DBG-12")


def test_who_is_still_to_activate_and_who_has(pm) -> None:
    """DBG-11: r1 has been activated this phase and blue is next: b1 then r2."""
    raw = at("move", fighter("r1", "red", 20, 20), fighter("r2", "red", 40, 20),
             fighter("b1", "blue", 20, 50), next_side="blue",
             waiting={"red": ["r2"], "blue": ["b1"]}, done=["r1"])
    game = start(raw, [], pm)
    assert game.legal_actions() == [Action("activate", "b1")]
    game.step(act("activate", "b1"))
    game.step(act("end", "b1"))
    refused(game, act("activate", "r1"), "DBG-11")
    assert game.legal_actions() == [Action("activate", "r2")]


def test_a_frenzied_fighter_must_charge(pm) -> None:
    """DBG-38: the Frenzied fighter being activated may only charge its nearest enemy."""
    raw = at("move", fighter("r1", "red", 20, 20, frenzied=True), fighter("b1", "blue", 20, 28),
             active="r1")
    game = start(raw, [], pm)
    assert game.legal_actions() == [Action("charge", "r1", {"target": "b1"})]
    refused(game, act("end", "r1"), "DBG-38")


def test_frenzy_and_a_shot_this_turn_in_a_duel(pm) -> None:
    """DBG-53: a Frenzied fighter that shot this turn fights at +1 −1; equal scores do nothing
    (DBG-18)."""
    raw = at("melee", fighter("r1", "red", 20, 20, frenzied=True, shot=True),
             fighter("b1", "blue", 22, 20))
    game = start(raw, [5, 5], pm)
    game.step(act("attack", "r1", target="b1", at="rider"))
    [duel] = events(game, "duel")
    assert duel["modifiers"] == [["-1 shot this turn", "+1 skills"], []]
    assert (duel["scores"], duel["winner"]) == ([9, 9], None)


def test_the_retreat_step_skips_who_fled_this_turn(pm) -> None:
    """DBG-30, DBG-28: at the end of the turn r1 (retreating) flees its full Mouvement, r2, who
    fled at once this turn, stays; then turn 3 rolls its initiative (DBG-10)."""
    raw = at("rally", fighter("r1", "red", 30, 30, retreating=True),
             fighter("r2", "red", 40, 30, retreating=True, fled=True),
             fighter("b1", "blue", 30, 50), fighter("b2", "blue", 40, 50), open_sides=[])
    game = start(raw, RED_FIRST, pm)
    assert [(e["unit"], e["rules"]) for e in events(game, "flight")] == [
        ("r1", ["DBG-30", "DBG-29"])]
    assert f(game, "r2").base.x == 40 and state(game).turn == 3


@pytest.mark.parametrize(("counted", "tested"), [({}, ["r1", "r2"]), ({"red": 2}, [])])
def test_the_break_point_counts_losses_once(pm, counted: dict, tested: list[str]) -> None:
    """DBG-32: two of red's four are out of action; red tests at the break point unless those
    losses were already counted at an earlier check."""
    raw = at("break", fighter("r1", "red", 20, 20), fighter("r2", "red", 40, 20),
             fighter("r3", "red", 20, 40, status="out"), fighter("r4", "red", 40, 40,
                                                                 status="fled",
                                                                 exit_edge="west"),
             fighter("b1", "blue", 30, 55), losses_counted=counted)
    game = start(raw, [9, 9] + RED_FIRST if tested else RED_FIRST, pm)
    assert [e["unit"] for e in events(game, "morale_test")] == tested
    assert state(game).lost_at_check == {"red": 2, "blue": 0}


def test_a_designated_officer_is_not_designated_again(pm) -> None:
    """DBG-34: ro was designated this turn: no manoeuvre is offered, and the rally step
    (DBG-37) offers r1 its own try."""
    raw = at("manoeuvre", fighter("ro", "red", 20, 20, rank="officer"),
             fighter("r1", "red", 25, 20, retreating=True), fighter("b1", "blue", 50, 55),
             designated=["ro"])
    game = start(raw, [], pm)
    assert state(game).phase == "rally"
    assert game.legal_actions() == [Action("rally_one", "r1"), Action("pass")]


def test_one_rally_try_a_turn(pm) -> None:
    """DBG-37: r1 already tried to rally this turn: no second try."""
    raw = at("rally", fighter("ro", "red", 20, 20, rank="officer"),
             fighter("r1", "red", 25, 20, retreating=True, rally_tried=True),
             fighter("b1", "blue", 50, 55), open_sides=["red", "blue"])
    game = start(raw, RED_FIRST, pm)
    assert events(game, "rally_test") == [] and state(game).turn == 3


def test_a_rider_whose_horse_died_fights_on_foot(pm) -> None:
    """DBG-50: its mount dead, the rider moves 10 cm and a duel has no mount to choose."""
    raw = at("melee", fighter("c1", "red", 20, 20, troop="cavalry", mount_state="dead"),
             fighter("b1", "blue", 22.5, 20))
    game = start(raw, [], pm)
    assert (f(game, "c1").move, f(game, "c1").mount) == (10, None)
    assert game.legal_actions() == [Action("attack", "c1", {"target": "b1", "at": "rider"})]


def test_a_bolting_rider_tries_to_master_its_mount(pm) -> None:
    """DBG-52: a bolting (retreating) rider is offered an activation for the test only:
    8 + Discipline 4 ≥ 10 masters the mount and the activation goes on."""
    raw = at("move", fighter("c1", "red", 20, 20, troop="cavalry", retreating=True,
                             bolting=True, mount_state="wounded"),
             fighter("b1", "blue", 50, 50))
    game = start(raw, [8], pm)
    assert game.legal_actions() == [Action("activate", "c1")]
    game.step(act("activate", "c1"))
    assert not f(game, "c1").retreating and not f(game, "c1").bolting
    assert f(game, "c1").mount_wounds == 1 and state(game).active == "c1"


# --- bad positions ---------------------------------------------------------------------------


def problems(pm, raw: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(ScenarioError) as error:
        validate_scenario(raw, "position.yaml", pm)
    return dict(error.value.problems)


def officer(**statuses: Any) -> dict[str, Any]:
    return fighter("ro", "red", 20, 20, rank="officer", **statuses)


BLUE = fighter("b1", "blue", 20, 50)


@pytest.mark.parametrize(("raw", "path", "reason"), [
    (scenario(officer(status="out", retreating=True), BLUE), "fighters[0].retreating",
     "only a fighter in play"),
    (scenario(officer(status="fled"), BLUE), "fighters[0].exit_edge", "names the edge"),
    (scenario(officer(status="withdrawn", exit_edge="east"), BLUE), "fighters[0].status",
     "quarry"),
    (scenario(officer(bolting=True, retreating=True), BLUE), "fighters[0].bolting", "rider"),
    (scenario(officer(mount_state="wounded"), BLUE), "fighters[0].mount_state", "no mount"),
    (scenario(officer(tough_used=True), BLUE), "fighters[0].tough_used", "Tough"),
    (scenario(officer(fled=True), BLUE), "fighters[0].fled", "retreating"),
    (at("move", officer(), BLUE, active="r9"), "position.active", "no fighter 'r9'"),
    (at("move", officer(), BLUE, active="b1", next_side="red"), "position.active",
     "not next_side"),
    (at("move", officer(), BLUE, active_shot=True), "position.active_shot", "no fighter"),
    (at("move", officer(), BLUE, waiting={"red": ["zz"]}), "position.waiting.red[0]",
     "no fighter 'zz'"),
    (at("move", officer(), BLUE, waiting={"red": ["b1"]}), "position.waiting.red[0]",
     "blue's"),
    (at("move", officer(), BLUE, next_side="green"), "position.next_side", "not one of"),
    (at("charge", officer(), BLUE), "position.phase", ""),
    (at("move", officer(), BLUE, open_sides=["red"]), "position.open_sides",
     "manoeuvre or rally"),
    (at("break", officer(), BLUE, substitutes=["ro"], break_sides=["blue"]),
     "position.substitutes[0]", "the side taking its tests"),
    (at("manoeuvre", officer(), BLUE, designated=["b1"]), "position.designated[0]",
     "not an officer"),
    (at("move", officer(), BLUE, initiative="green"), "position.initiative", "not one of"),
    (at("move", officer(), BLUE, turn=9), "position.turn", "8 turns"),
    (at("move", officer(), BLUE, bridge_turns=1), "position.bridge_turns", "no bridge"),
    (at("move", officer(), BLUE, losses_counted={"red": 2}), "position.losses_counted.red",
     "between 0"),
])
def test_a_bad_position_is_refused_with_its_field(pm, raw: dict, path: str, reason: str
                                                  ) -> None:
    found = problems(pm, raw)
    assert path in found, found
    assert reason in found[path]


# --- the declaration (actions.py) --------------------------------------------------------------


def test_pass_naming_a_unit_is_refused_before_anything_changes(pm) -> None:
    """``pass`` names no unit (DBG-34, DBG-37): an unknown or a known one is malformed."""
    raw = at("manoeuvre", officer(), fighter("r1", "red", 25, 20, retreating=True), BLUE)
    game = start(raw, [], pm)
    assert refused(game, {"kind": "pass", "unit": "nobody"}, "DBG-9").field == "unit"
    refused(game, {"kind": "pass", "unit": "r1"}, "DBG-9")


@pytest.mark.parametrize(("data", "rule", "field"), [
    ({"kind": "activate", "unit": "ro", "args": {"speed": 3}}, "DBG-11", "args.speed"),
    ({"kind": "activate", "unit": "ro", "extra": 1}, "DBG-11", "extra"),
    ({"kind": "dance", "unit": "ro"}, "DBG-9", "kind"),
    ({"kind": "activate", "unit": "r9"}, "DBG-9", "unit"),
])
def test_extra_arguments_and_unknown_names_are_refused(pm, data: dict, rule: str,
                                                       field: str) -> None:
    game = start(scenario(officer(), BLUE), RED_FIRST, pm)
    assert refused(game, data, rule).field == field


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 1e308, -1.0, "20"])
def test_a_move_needs_a_finite_point_on_a_table(pm, bad: Any) -> None:
    """DBG-11: x and y are numbers of cm within the largest table."""
    raw = at("move", officer(), BLUE, active="ro")
    game = start(raw, [], pm)
    error = refused(game, act("move", "ro", x=bad, y=20), "DBG-11")
    assert error.field == "args.x"
