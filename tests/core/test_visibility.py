"""Hidden information in the event log (issue 11, item 5): every event says who may see it.

AI-20 is the case in point: a manoeuvre token is chosen face down, so its "action" event is its
side's alone until the game ends; the "reveal" when its aircraft moves is public. A side's log
(``Game.events_for``) never holds the other side's token before that reveal, nobody's holds the
seed during play, and two games that differ only in one side's sealed orders look the same to
the other side, event for event, view for view, up to the reveal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from polemos.core.actions import Action
from polemos.core.cli import main
from polemos.core.game import VISIBLE_TO, Game
from polemos.core.mixed import MixedView
from polemos.core.players import RandomBot, bot_rng
from polemos.core.scenario import read_yaml
from polemos.core.serialize import canonical, to_jsonable
from polemos.core.world import PartContext
from polemos.rulesets.aeronautica.state import AiState
from tests.conftest import new_game

SCENARIOS = Path(__file__).parents[2] / "scenarios"
DOGFIGHT = SCENARIOS / "aeronautica" / "dogfight.yaml"
MIXED = SCENARIOS / "mixed" / "bridge-showcase.yaml"
DUEL = SCENARIOS / "petit-cirque" / "duel.yaml"


def game_of(path: Path, seed: int = 1) -> Game:
    return new_game(read_yaml(path), seed=seed)


def random_step(game: Game, rng: random.Random) -> Action:
    legal = game.legal_actions()
    action = legal[int(rng.random() * len(legal))]
    game.step(action)
    return action


def ai_state(view: Any) -> AiState | None:
    """The Aeronautica state inside a view (a mixed scenario's when its part is active)."""
    if isinstance(view, MixedView):
        view = view.view
    return view if isinstance(view, AiState) else None


def unrevealed(game: Game) -> dict[str, str]:
    """{unit: its side} of every committed or drafted token not yet revealed (AI-20)."""
    state = ai_state(game.rules.part_states(game.state).get("aeronautica"))
    if state is None:
        return {}
    units = [unit for orders in state.orders.orders.values() for unit in orders
             if unit not in state.orders.shown]
    return {unit: state.models[unit].side for unit in [*units, *state.draft]}


def assert_hides_tokens(game: Game, side: str) -> None:
    """Neither ``side``'s log, view nor legal actions hold an unrevealed token of another side."""
    hidden = {unit for unit, owner in unrevealed(game).items() if owner != side}
    for event in game.events_for(side):
        assert side in event.get(VISIBLE_TO, [side]), event
        if event["type"] == "action" and event["action"]["kind"] == "manoeuvre":
            assert event["side"] == side, event
    view = ai_state(game.view(side))
    if view is not None:
        for orders in view.orders.orders.values():
            assert not set(orders) & hidden, (side, orders, hidden)
        assert not set(view.draft) & hidden, (side, view.draft, hidden)
    if game.to_act() == side:
        assert not {a.unit for a in game.legal_actions()} & hidden


def hidden_check_through(game: Game, seed: int, actions: int = 10_000) -> int:
    """Play ``game`` at random to its end (or for ``actions`` actions), checking every seat
    after every action; the number of manoeuvre tokens chosen (so a test knows it saw some)."""
    rng, tokens = random.Random(seed), 0
    for _ in range(actions):
        tokens += random_step(game, rng).kind == "manoeuvre"
        if game.to_act() is None:  # over: nothing is hidden any more
            break
        for side in game.rules.sides(game.state):
            assert_hides_tokens(game, side)
        assert all(VISIBLE_TO not in event for event in game.events_for(None))
    return tokens


def test_ai20_a_side_never_sees_the_other_sides_tokens_before_their_reveal():
    game = game_of(DOGFIGHT)
    assert hidden_check_through(game, 7) > 0 and game.result() is not None
    secret = [e for e in game.events if VISIBLE_TO in e]
    assert secret and all(e["action"]["kind"] == "manoeuvre" and e[VISIBLE_TO] == [e["side"]]
                          for e in secret)


def test_ai20_tokens_stay_hidden_on_a_mixed_table():
    game = game_of(MIXED)  # its Aeronautica part's second turn starts at the 68th action
    assert hidden_check_through(game, 3, actions=150) > 0
    assert game.rules.part_states(game.state)["aeronautica"].turn >= 2
    assert any(VISIBLE_TO in e and e.get("side") for e in game.events)


def test_ai20_the_reveal_is_public():
    game = game_of(DOGFIGHT)
    rng = random.Random(5)
    while not any(e["type"] == "reveal" for e in game.events):
        random_step(game, rng)
    reveal = next(e for e in game.events if e["type"] == "reveal")
    assert VISIBLE_TO not in reveal
    for side in (None, "imperial", "ork"):
        assert reveal in game.events_for(side)


def test_a_spectator_sees_no_hidden_event_no_seed_and_no_future_die():
    game = game_of(DOGFIGHT, seed=424242)
    rng = random.Random(2)
    for _ in range(40):
        random_step(game, rng)
        seen = game.events_for(None)
        assert all(VISIBLE_TO not in event for event in seen)
        start = seen[0]
        assert start["type"] == "start" and "seed" not in start
        assert "424242" not in canonical(seen)
        rolled = sum(len(e["dice"]) for e in seen if e["type"] == "roll")
        assert rolled == game.dice.count  # the dice already thrown, nothing of those to come
    assert game.to_act() is not None
    assert game.events[0]["seed"] == 424242  # the referee's log keeps it


def scripted_difference(ork_token: int) -> tuple[Game, list[tuple[str, Any, Any]]]:
    """Play the dogfight at random until an Ork token is revealed, every Ork token replaced by
    ``ork_token`` (both sides' other choices from the same random sequence) and Imperial moving
    first (AI-24), so it acts while the Ork tokens lie face down; record what Imperial was shown
    after each action: its log, its view, its legal actions."""
    game, rng = game_of(DOGFIGHT), random.Random(11)
    shown: list[tuple[str, Any, Any]] = []
    while not any(e["type"] == "reveal" and e["unit"].startswith(("dakkajet", "bommer"))
                  for e in game.events):
        legal = game.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        if action.kind == "manoeuvre" and game.to_act() == "ork":
            action = Action("manoeuvre", action.unit, {"number": ork_token})
        elif action.kind == "first":
            action = Action("first", None, {"side": "imperial"})
        game.step(action)
        legal_now = [a.to_json() for a in game.legal_actions()] \
            if game.to_act() == "imperial" else []
        shown.append((canonical(game.events_for("imperial")),
                      canonical(to_jsonable(game.view("imperial"))), legal_now))
    return game, shown


def test_ai20_two_games_differing_only_in_ork_orders_look_identical_to_imperial():
    """The proof of issue 11 at the core: before an Ork token is revealed, Imperial's log, view
    and legal actions are the same whichever tokens the Orks chose."""
    first, shown_first = scripted_difference(1)
    second, shown_second = scripted_difference(2)
    reveal = next(e["seq"] for e in first.events if e["type"] == "reveal"
                  and e["unit"].startswith(("dakkajet", "bommer")))
    assert shown_first[:-1] == shown_second[:-1]  # every step before the one that reveals
    assert len(shown_first) == len(shown_second)
    assert sum(1 for *_, legal in shown_first if legal) > 3  # Imperial flew meanwhile
    # ... and the difference is real: the Orks' own logs and the referee's differ.
    assert first.events_for("ork") != second.events_for("ork")
    assert canonical(first.events[:reveal]) != canonical(second.events[:reveal])
    assert first.events[reveal]["manoeuvre"] == 1 and second.events[reveal]["manoeuvre"] == 2


def play_out(game: Game, seed: int = 1) -> None:
    bots = {side: RandomBot(bot_rng(seed, side)) for side in game.rules.sides(game.state)}
    while (side := game.to_act()) is not None:
        game.step(bots[side].choose(game.rules, game.view(side), side, game.legal_actions()))


def test_after_the_end_everyone_sees_everything_seed_included():
    game = game_of(DOGFIGHT)
    play_out(game)
    assert game.result() is not None and any(VISIBLE_TO in e for e in game.events)
    for side in (None, "imperial", "ork"):
        assert game.events_for(side) == game.events
    assert game.events_for("ork")[0]["seed"] == 1


def test_events_for_since_counts_sequence_numbers():
    game = game_of(DUEL)
    rng = random.Random(1)
    for _ in range(5):
        random_step(game, rng)
    side = game.rules.sides(game.state)[0]
    assert game.events_for(side, since=3) == game.events_for(side)[3:]


def test_without_hidden_information_a_side_log_is_the_full_log_minus_the_seed():
    game = game_of(DUEL)
    sides = game.rules.sides(game.state)
    rng, steps = random.Random(4), 0
    while game.to_act() is not None:
        expected = [{k: v for k, v in e.items() if k != "seed"} if e["type"] == "start" else e
                    for e in game.events]
        for side in (*sides, None):
            assert game.events_for(side) == expected
        random_step(game, rng)
        steps += 1
    assert steps > 10 and all(VISIBLE_TO not in e for e in game.events)
    assert game.events_for(None) == game.events


def test_emit_records_who_may_see_an_event_and_an_empty_list_is_the_referee_alone():
    game = game_of(DUEL)
    blue, red = game.rules.sides(game.state)
    game.emit("note", visible_to=[blue], text="for blue")
    PartContext(game, "petit_cirque").emit("omen", visible_to=[], text="for nobody yet")
    note, omen = game.events[-2:]
    assert note[VISIBLE_TO] == [blue] and omen == {
        "seq": omen["seq"], "type": "omen", "ruleset": "petit_cirque", VISIBLE_TO: [],
        "text": "for nobody yet"}
    assert note in game.events_for(blue) and note not in game.events_for(red)
    for side in (blue, red, None):
        assert omen not in game.events_for(side)
    play_out(game)
    for side in (blue, red, None):
        assert omen in game.events_for(side)


def test_cli_events_for_writes_the_sides_log_without_seed_or_the_other_sides_tokens(
        tmp_path, capsys):
    mine, full = tmp_path / "imperial.jsonl", tmp_path / "full.jsonl"
    code = main(["play", str(DOGFIGHT), "-q", "--bots", "random", "--events", str(full),
                 "--events-for", "imperial", str(mine)])
    assert code == 0, capsys.readouterr()
    seen = [json.loads(line) for line in mine.read_text(encoding="utf-8").splitlines()]
    every = [json.loads(line) for line in full.read_text(encoding="utf-8").splitlines()][1:]
    assert seen[0]["type"] == "start" and "seed" not in seen[0]
    tokens = [e for e in seen if e["type"] == "action" and e["action"]["kind"] == "manoeuvre"]
    assert tokens and all(e["side"] == "imperial" for e in tokens)
    hidden = [e for e in every if "ork" in e.get(VISIBLE_TO, [])]
    assert hidden and len(seen) == len(every) - len(hidden)
    assert [e for e in seen if e["type"] == "reveal"] == [e for e in every
                                                          if e["type"] == "reveal"]


def test_cli_events_for_an_unknown_side_exits_2_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "x.jsonl"
    code = main(["play", str(DOGFIGHT), "-q", "--events-for", "eldar", str(out)])
    _, err = capsys.readouterr()
    assert code == 2 and "--events-for eldar: no such side (sides: imperial, ork)" in err
    assert "Traceback" not in err and not out.exists()


def test_a_replay_keeps_the_visibility():
    game = game_of(DOGFIGHT)
    play_out(game, seed=2)
    again = Game.from_save_data(game.save_data())
    assert canonical(again.events) == canonical(game.events)
