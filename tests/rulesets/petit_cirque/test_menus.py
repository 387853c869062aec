"""The menus are drawn from prebuilt actions with the rules asked once per aircraft (issue 14);
they must list exactly the actions the rules allow, in the same order: steps and loops
(PCV-6 … PCV-9), speeds (PCV-10), shots and holds (PCV-14 … PCV-18), house rules and club
abilities included."""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.actions import Action
from polemos.core.engine import play
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.scenario import load_scenario
from polemos.rulesets.petit_cirque import abilities, fire, menu, movement
from polemos.rulesets.petit_cirque.ruleset import PetitCirqueVolant

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "petit-cirque"


def asked_one_by_one(rules, state) -> list[Action]:
    """The specification: every candidate action, each asked of the rules' problem checks."""
    params = rules.params
    if state.phase == "fire":
        actions = []
        firers = rules._pending(state)
        for p in firers:
            actions += [Action("fire", p.id, {"target": t.id}) for t in state.planes.values()
                        if t.in_play and fire.fire_problem(state, params, p, t.id) is None]
            actions.append(Action("hold", p.id))
        return abilities.extra_actions(state, params, firers, actions)
    if state.choosing_speed:
        p = state.planes[state.moving]
        return abilities.extra_actions(state, params, [], [
            Action("speed", p.id, {"change": c}) for c in (-1, 0, 1)
            if movement.speed_problem(params, p, c) is None])
    movers = [state.planes[state.moving]] if state.moving else rules._pending(state)
    actions = []
    for p in movers:
        mp = state.mp_left if state.moving else p.speed
        actions += [Action("step", p.id, {"dir": d, "alt": a}) for a in ("level", "down", "up")
                    if movement.step_problem(params, p, mp, a) is None
                    for d in movement.DIRECTIONS]
        actions += [Action("loop", p.id, {"alt": a}) for a in ("up", "down")
                    if movement.loop_problem(params, p, mp, a) is None]
    return abilities.extra_actions(state, params, movers, actions)


@pytest.mark.parametrize("name", ["duel", "dogfight-6v6", "witches-and-flak"])
def test_menus_list_what_the_rules_allow_in_order(pm, monkeypatch, name):
    fast = PetitCirqueVolant.legal_actions
    asked = []

    def legal_actions(self, state):
        menu = fast(self, state)
        if not state.over:
            assert menu == asked_one_by_one(self, state)
        asked.append(len(menu))
        return menu

    monkeypatch.setattr(PetitCirqueVolant, "legal_actions", legal_actions)
    loaded = load_scenario(SCENARIOS / f"{name}.yaml", pm)
    for seed in range(8):
        game = Game.new(loaded, pm, seed=seed, transactional=False)
        play(game, {side: RandomBot(bot_rng(seed, side))
                    for side in game.rules.sides(game.state)})
    assert len(asked) > 100


def test_a_game_makes_each_aircraft_s_menus_once_under_its_role_s_limits(pm):
    """PCV-O1 … PCV-O3: the 6v6's bombers fly under a lower ceiling and speed cap, do not loop
    and have a rear gun; each aircraft's menus are read from its role's limits at its first
    decision, and games under the same limits share them."""
    loaded = load_scenario(SCENARIOS / "dogfight-6v6.yaml", pm)
    games = [Game.new(loaded, pm, seed=seed, transactional=False) for seed in (1, 2)]
    for game in games:
        play(game, {side: RandomBot(bot_rng(1, side)) for side in game.rules.sides(game.state)})
    first, second = (game.rules._menus for game in games)
    assert first and set(first) & set(second)
    rules = games[0].rules
    for unit, menus in first.items():
        assert menus is menu.plane_menus(games[0].state.planes[unit], rules.params)
        assert second.get(unit, menus) is menus
    roles = {plane.role: plane for plane in games[0].state.planes.values()}
    bomber, fighter = (menu.plane_menus(roles[role], rules.params) for role in ("bomber",
                                                                              "fighter"))
    assert bomber.moves[3][3] != fighter.moves[3][3]  # no loops for bombers (PCV-O2)
    assert bomber.lines[0] != fighter.lines[0]  # a rear gun (PCV-O3)
