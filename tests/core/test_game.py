"""The game door: refused actions change nothing, saves continue exactly, logs replay."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from polemos.core.actions import Action, MalformedAction
from polemos.core.engine import play
from polemos.core.errors import DiceExhausted, IllegalAction, PolemosInputError
from polemos.core.eventlog import read_log, replay_log, write_log
from polemos.core.game import Game
from polemos.core.players import RandomBot, bot_rng
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import load_scenario, validate_scenario
from polemos.core.world import PartContext
from tests.core.toy import TOY, Toy, ToyPlugin

DUEL = Path(__file__).parents[2] / "scenarios" / "petit-cirque" / "duel.yaml"


@pytest.fixture
def pm():
    return make_plugin_manager([ToyPlugin()], entry_points=False)


def toy(pm, **kwargs) -> Game:
    return Game.new(validate_scenario(TOY, "toy.yaml", pm), pm, **kwargs)


def test_illegal_action_is_refused_with_its_rule_and_changes_nothing(pm):
    game = toy(pm)
    before = (game.snapshot(), len(game.events))
    with pytest.raises(IllegalAction) as error:
        game.step({"kind": "take", "args": {"n": 3}})
    assert error.value.rule == "TOY-1"
    assert (game.snapshot(), len(game.events)) == before


@pytest.mark.parametrize("data, field", [
    ({"kind": "take", "args": {"n": 1, "extra": 0}}, "args.extra"),
    ({"kind": "take", "args": {}}, "args.n"),
    ({"kind": "take", "args": {"n": "1"}}, "args.n"),
    ({"kind": "take", "args": {"n": True}}, "args.n"),
    ({"kind": "take", "unit": "x", "args": {"n": 1}}, "unit"),
    ({"kind": "steal"}, "kind"),
    (["take"], "action"),
])
def test_action_data_not_fitting_the_declaration_is_refused_with_its_field(pm, data, field):
    """Typed actions: each malformed form names its field and a rule; nothing changes."""
    game = toy(pm)
    before = (game.snapshot(), len(game.events), len(game.actions))
    with pytest.raises(MalformedAction) as error:
        game.step(data)
    assert error.value.field == field
    assert error.value.rule.startswith("TOY-")
    assert (game.snapshot(), len(game.events), len(game.actions)) == before


def test_action_schema_lists_every_declared_kind():
    schema = Toy.actions.json_schema()
    kinds = {d["properties"]["kind"]["const"] for d in schema["$defs"].values()
             if "kind" in d.get("properties", {})}
    assert kinds == {"take", "gamble"}


def test_acting_out_of_turn_cites_the_turn_rule(pm):
    game = toy(pm)
    with pytest.raises(IllegalAction, match="TOY-0.*a's turn, not b's"):
        game.step(Action("take", None, {"n": 1}), side="b")


def test_malformed_action_data_is_refused(pm):
    game = toy(pm)
    with pytest.raises(Exception, match="kind"):
        game.step({"unit": "x"})


def test_scripted_dice_running_out_mid_action_loses_nothing(pm):
    game = toy(pm, dice_script=[4])  # gamble needs two dice
    before = (game.snapshot(), len(game.events), len(game.actions))
    with pytest.raises(DiceExhausted):
        game.step(Action("gamble"))
    assert (game.snapshot(), len(game.events), len(game.actions)) == before


def test_save_then_load_continues_exactly(pm, tmp_path):
    game = toy(pm, seed=4)
    game.step(Action("gamble"))
    game.save(tmp_path / "s.json")
    loaded = Game.load(tmp_path / "s.json", pm)
    assert loaded.snapshot() == game.snapshot()
    for g in (game, loaded):
        g.step(Action("gamble"))
    assert loaded.events == game.events


def test_a_tampered_save_is_refused(pm, tmp_path):
    game = toy(pm, seed=4)
    game.step(Action("gamble"))
    data = game.save_data()
    data["events"][-1]["pile"] = 99
    (tmp_path / "s.json").write_text(json.dumps(data))
    with pytest.raises(PolemosInputError, match="differs from the saved log"):
        Game.load(tmp_path / "s.json", pm)
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(PolemosInputError, match="not a Polemos save"):
        Game.load(tmp_path / "bad.json", pm)


def test_event_log_replays_byte_for_byte(pm, tmp_path):
    game = toy(pm, seed=2)
    while game.to_act():
        game.step(game.legal_actions()[-1])
    write_log(game, tmp_path / "log.jsonl")
    replayed, count = replay_log(tmp_path / "log.jsonl", pm)
    assert count == len(game.events)
    assert replayed.result() == game.result()
    header, lines = read_log(tmp_path / "log.jsonl")
    assert header.seed == 2 and len(lines) == count


def test_event_log_replay_names_the_first_differing_line(pm, tmp_path):
    game = toy(pm, seed=2)
    game.step(Action("gamble"))
    write_log(game, tmp_path / "log.jsonl")
    lines = (tmp_path / "log.jsonl").read_text().splitlines()
    lines[3] = lines[3].replace('"purpose":"gamble"', '"purpose":"cheat"')
    (tmp_path / "log.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(PolemosInputError, match="line 4 differs"):
        replay_log(tmp_path / "log.jsonl", pm)


def test_events_are_append_only_and_numbered(pm):
    game = toy(pm, seed=1)
    game.step(Action("take", None, {"n": 1}))
    first = [dict(e) for e in game.events]
    game.step(Action("take", None, {"n": 2}))
    assert game.events[: len(first)] == first
    assert [e["seq"] for e in game.events] == list(range(len(game.events)))


def test_an_event_recorded_whole_is_numbered_heard_and_tagged_by_its_part(pm):
    """``record`` logs the caller's own dict (``emit`` without keywords): numbered like any
    event, heard by the listeners at once, and tagged with its ruleset on a shared table."""
    game = toy(pm, seed=1)
    heard: list[dict[str, Any]] = []
    game.listeners.append(heard.append)
    event = game.record({"type": "omen", "text": "rain"})
    PartContext(game, "toy").record({"type": "omen", "text": "wind"})
    assert game.events[-2:] == heard == [
        {"type": "omen", "text": "rain", "seq": len(game.events) - 2},
        {"type": "omen", "text": "wind", "ruleset": "toy", "seq": len(game.events) - 1}]
    assert event is game.events[-2]


def omen(text: str) -> dict[str, Any]:
    return {"type": "omen", "text": text}


def test_an_event_logged_compactly_reads_as_if_recorded_in_its_place(pm):
    """``log`` keeps the values and makes the dict when the log is read: in its place among
    the events recorded whole and the "action" events, numbered, each made once; listeners
    hear it at once, and on a shared table it is tagged with its ruleset."""
    game, twin = toy(pm, seed=1), toy(pm, seed=1)
    game.log(omen, "rain")
    game.step(Action("take", None, {"n": 1}))
    game.record({"type": "omen", "text": "wind"})
    game.log(omen, "fog")
    twin.record(omen("rain"))
    twin.step(Action("take", None, {"n": 1}))
    twin.record(omen("wind"))
    twin.record(omen("fog"))
    assert game.events == twin.events
    assert [e["seq"] for e in game.events] == list(range(len(game.events)))
    assert game.events[-1] is game.events[-1]
    heard: list[dict[str, Any]] = []
    game.listeners.append(heard.append)
    game.log(omen, "hail")
    PartContext(game, "toy").log(omen, "snow")
    assert heard == game.events[-2:] == [
        {"type": "omen", "text": "hail", "seq": len(game.events) - 2},
        {"type": "omen", "text": "snow", "ruleset": "toy", "seq": len(game.events) - 1}]


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_property_a_replay_is_identical(seed: int):
    """Any seed: writing a game's log and re-playing it gives the same events, byte for byte."""
    pm = make_plugin_manager()
    game = Game.new(load_scenario(DUEL, pm), pm, seed=seed, transactional=False)
    play(game, {side: RandomBot(bot_rng(seed, side)) for side in ("red", "blue")})
    with tempfile.TemporaryDirectory() as folder:
        write_log(game, Path(folder) / "log.jsonl")
        replayed, count = replay_log(Path(folder) / "log.jsonl", pm)
    assert count == len(game.events) and replayed.snapshot() == game.snapshot()


def test_malformed_saves_and_logs_are_bad_input_with_field_paths(pm, tmp_path):
    (tmp_path / "s.json").write_text(json.dumps({"format": "polemos-save/1", "seed": "x"}))
    with pytest.raises(PolemosInputError, match=r"s\.json: scenario: Field required.*seed"):
        Game.load(tmp_path / "s.json", pm)
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"type": "header", "format": "polemos-events/1"}) + "\n")
    with pytest.raises(PolemosInputError, match=r"line 1: scenario: Field required"):
        replay_log(log, pm)
    game = toy(pm, seed=2)
    game.step(Action("take", None, {"n": 1}))
    write_log(game, log)
    lines = log.read_text().splitlines()
    lines[2] = lines[2].replace('"args":{"n":1}', '"args":{"n":[1]}')
    log.write_text("\n".join(lines) + "\n")
    with pytest.raises(PolemosInputError, match=r"line 3: illegal action \(TOY-1\): args.n"):
        replay_log(log, pm)
