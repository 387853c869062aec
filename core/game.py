"""A game in progress: ruleset + state + dice + event log, and the one door actions go through.

``Game.step`` is the only way to change a game. It checks the action first (an illegal one is
refused with its rule id and nothing changes), resolves it, and appends every change and every
die to the append-only event log. Given the scenario, the seed and the actions, the log is the
same byte for byte; saves and replays rely on that (they re-play the actions and compare).
Every event says who may see it (``VISIBLE_TO``); ``events_for`` is one side's log.
"""

from __future__ import annotations

import json
import os
import secrets
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

import pluggy
from pydantic import BaseModel, StrictInt, ValidationError

from polemos.core import transaction
from polemos.core.actions import Action
from polemos.core.dice import Dice, RollLog, roll_event
from polemos.core.errors import (
    SHOWN_PROBLEMS,
    IllegalAction,
    PluginFailure,
    PolemosError,
    PolemosInputError,
    ScenarioError,
    clip,
)
from polemos.core.migrations import SAVE_MIGRATIONS, upgrade
from polemos.core.plugins import call_hook, make_plugin_manager
from polemos.core.provenance import (
    ACCEPT_HINT,
    PlayedWith,
    RulesChanged,
    Versions,
    changes,
    played_with,
)
from polemos.core.replay import Divergence, replay_agreeing
from polemos.core.ruleset import Result, Ruleset
from polemos.core.scenario import (
    LoadedScenario,
    dice_problems,
    field_path,
    read_text,
    validate_scenario,
)
from polemos.core.serialize import canonical, to_jsonable
from polemos.core.world import World

SAVE_FORMAT = "polemos-save/2"
"""Today's save format; older ones load through core/migrations.py."""
MAX_RECORD_BYTES = 64 << 20
"""A save or an event log larger than 64 MiB is refused unread (a long game is a few MB)."""


class GameRecord(BaseModel):
    """What makes a game reproducible: its scenario, seed and dice (saves and log headers)."""

    scenario: dict[str, Any]
    source: str = ""
    seed: StrictInt
    dice: list[StrictInt] | None = None


class VersionedRecord(GameRecord):
    """A record with what the game was played with (core/provenance.py); None in a file
    migrated from format 1, which recorded neither."""

    versions: Versions | None
    rules: dict[str, str] | None


class SaveFile(VersionedRecord):
    """A saved game: the record, its actions and the events they gave."""

    format: Literal["polemos-save/2"]
    actions: list[dict[str, Any]]
    events: list[dict[str, Any]]
    state: Any = None


def checked(model: type[M], data: Any, source: str) -> M:
    """Validate a file's content, or a ``PolemosInputError`` naming its field paths (the first
    ``SHOWN_PROBLEMS`` of them, each clipped: a save with 10,000 bad actions is one line)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = [f"{field_path(tuple(e['loc']))}: {clip(e['msg'])}" for e in error.errors()]
        more = len(problems) - SHOWN_PROBLEMS
        listed = "; ".join(problems[:SHOWN_PROBLEMS]) + (f"; … and {more} more" if more > 0
                                                         else "")
        raise PolemosInputError(f"{source}: {listed}") from None
M = TypeVar("M", bound=BaseModel)
VISIBLE_TO = "visible_to"
"""The event key of hidden information: the sides that may see the event during play.

Absent: everyone may (a public event, the common case, and the only kind in games without
hidden information). ``["blue"]``: only blue — a sealed order's own "action" event. ``[]``:
nobody but the referee (the full log) until the game ends; what such an event holds reaches the
players through a later public event (a "reveal"). Once a game is over every event is visible to
everyone (``Game.events_for``). Not ``to``: rulesets already log moves' destinations as ``to``.
"""
SECRET_START_FIELDS = ("seed",)
"""Fields of the "start" event hidden during play: the seed gives away every future die."""
UNGUARDED = (PolemosError, BrokenPipeError)
"""Exceptions that pass a plugin call as they are: the engine's own errors, and a closed
output pipe (not the plugin's fault)."""
EventListener = Callable[[dict[str, Any]], None]
Refusal = Callable[[str, Divergence], str]
"""The message refusing a file (named by its source) whose re-play diverged."""


class Game:
    """One game. Build it with ``Game.new`` (or ``Game.load`` from a save)."""

    def __init__(self, loaded: LoadedScenario, pm: pluggy.PluginManager, *,
                 seed: int | None = None, dice_script: list[int] | None = None,
                 transactional: bool = True, rules: Ruleset[Any, Any] | None = None,
                 dice: Dice | None = None) -> None:
        """``rules`` and ``dice`` are a fork's (``fork``): built from the scenario, seed and
        script when not given. Given dice log their rolls to this game from now on."""
        self.loaded = loaded
        self.pm = pm
        self.seed = loaded.model.seed if seed is None else seed
        if dice is None:
            script = dice_script if dice_script is not None else loaded.model.dice
            dice = Dice(self.seed, script)
        dice.log = _roll_log(self)
        self.dice = dice
        self.options = loaded.options
        self.rules: Ruleset[Any, Any] = loaded.ruleset(loaded.model) if rules is None else rules
        self._events: list[dict[str, Any]] = []
        self._pending: list[Any] = []
        """Events logged since the log was last read, in order, not yet in ``_events``: whole
        dicts (``record``) and compact entries ``(build, *values)`` (``log``, ``_resolve``) made
        into dicts when ``events`` is read."""
        self.actions: list[dict[str, Any]] = []
        self.listeners: list[EventListener] = []
        self._secrets = type(self.rules).secret is not Ruleset.secret
        """Whether the ruleset has hidden choices at all: the others never pay to ask."""
        self.transactional = transactional
        """Undo an action that fails mid-way (scripted dice running out, a plugin raising), so
        it loses nothing (``polemos.core.transaction``); simulations switch it off for speed."""
        self._checkpoint: transaction.Checkpoint | None = None
        self._table = _TableState()
        self._state: Any = None
        self.forked = False
        """Whether this game is a fork (``fork``: a search bot's playout, a what-if). It plays
        by the same rules, house rules and plugins' reactions included; a plugin that records
        outside the game (a chronicle, a club's score board) leaves a fork's events alone."""
        self.notes: list[str] = []
        """What loading this game had to say (rule changes accepted, where the re-play of its
        record diverged); the CLI prints them."""

    @classmethod
    def new(cls, loaded: LoadedScenario, pm: pluggy.PluginManager | None = None,
            **kwargs: Any) -> Game:
        """Set up a game: build the state, then let plugins configure it."""
        game = cls(loaded, pm or make_plugin_manager(), **kwargs)
        game.record({"type": "start", "scenario": loaded.model.name,
                     "ruleset": loaded.model.ruleset, "seed": game.seed,
                     "plugins": list(loaded.model.plugins)})
        game.state = game._guarded("new_state", game.rules.new_state, game)
        game.attach_world()
        named = {*loaded.model.plugins, loaded.plugin}
        call_hook(game.pm, "polemos_configure_game", only=named, game=game)
        return game

    def fork(self, *, seed: int | None = None, transactional: bool = False) -> Game:
        """An independent game that goes on from this one's position, for search and what-ifs.

        Its state is the ruleset's clone (``Ruleset.clone_state``), its rules the ruleset's
        fork (``Ruleset.forked``: the same params and plugin wiring, a table of its own, every
        part of a mixed scenario included); its event log and action list start empty, no
        listener hears it, and nothing it does reaches this game, nor the other way round.
        Its dice go on from where this game's stand, so with the same actions it plays on
        exactly as this game would; given ``seed``, they are a fresh unscripted stream instead,
        so a search bot samples the future dice and never reads them. Simulations do not want
        a transaction's copy per step: ``transactional`` is off unless asked for.
        """
        rules = self.rules.forked()
        dice = self.dice.fork() if seed is None else Dice(seed)
        twin = Game(self.loaded, self.pm, seed=dice.seed, transactional=transactional,
                    rules=rules, dice=dice)
        twin.state = rules.clone_state(self.state)
        twin.forked = True
        twin.attach_world()
        return twin

    @property
    def state(self) -> Any:
        """The ruleset's state of this game: changed in place by every step, replaced by an
        undo, a rollback or a fork's set-up."""
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        self._state = self._table.state = state

    def attach_world(self) -> None:
        """Point the table at this game's rulesets and (live) states, for every query after.

        The table reads the state from a ``_TableState`` the game keeps current, not from the
        game: holding the game would make a cycle (game, ruleset, table, game) that only the
        garbage collector frees, with the whole event log in it — in a batch of games, more
        than a tenth of every action's cost. The dice hold the game weakly for the same reason
        (``_roll_log``), and the world its rulesets: each ruleset holds its world, so a strong
        reference back would make a cycle (ruleset, world, ruleset) with the whole state in it,
        left to the collector after every game of a batch. The world lives as long as its
        rulesets do (it is reached through them: ``rules.world``).
        """
        table = self._table
        rules = weakref.proxy(self.rules)
        parts = {name: weakref.proxy(part) for name, part in self.rules.part_rules().items()}
        rules.world.attach(parts, lambda: rules.part_states(table.state),
                           lambda: rules.active_part(table.state))

    @property
    def world(self) -> World:
        """The rulesets sharing the table, for interactions across rulesets."""
        return self.rules.world

    @property
    def source(self) -> str:
        """The scenario's file (or where it came from), named in set-up errors."""
        return self.loaded.source

    # -- events ---------------------------------------------------------------------------
    @property
    def events(self) -> list[dict[str, Any]]:
        """The event log, every event a dict numbered by its place (``seq``).

        Events logged compactly (``log``) become dicts here, when the log is first read after
        them: a simulation that never reads its log never builds them (issue 14), and every
        reader — a log file, a save, a replay's comparison, the server — sees the same dicts
        as if they had been built at once.
        """
        if self._pending:
            self._build_pending()
        return self._events

    @events.setter
    def events(self, events: list[dict[str, Any]]) -> None:
        if self._pending:  # the list replaced is whole, for whoever still holds it
            self._build_pending()
        self._events = events

    @property
    def logged(self) -> int:
        """How many events the log holds, without making its pending entries into dicts
        (``events``): a transaction's checkpoint counts them every few actions."""
        return len(self._events) + len(self._pending)

    def _build_pending(self) -> None:
        """Make the pending entries into the log's dicts, in order (``events``)."""
        events, pending = self._events, self._pending
        self._pending = []
        seq = len(events)
        for entry in pending:
            if entry.__class__ is tuple:
                build = entry[0]
                if build is _action_event:  # the engine's own: ``seq`` first, as ever
                    entry = build(seq, *entry[1:])
                else:
                    entry = build(*entry[1:])
                    entry["seq"] = seq
            events.append(entry)
            seq += 1

    def emit(self, type_: str, *, visible_to: Sequence[str] | None = None,
             **data: Any) -> dict[str, Any]:
        """Append one event; listeners (the CLI's narrator) see it at once.

        ``visible_to`` names the sides that may see it during play (see ``VISIBLE_TO``); None
        (the default) makes it public and leaves the key out, so public events stay as they
        always were in logs. The event is ``data`` itself, the dict the call's keywords made:
        no copy (a step emits two or three events; logs are written with sorted keys).
        """
        data["type"] = type_
        if visible_to is not None:
            data[VISIBLE_TO] = list(visible_to)
        return self.record(data)

    def record(self, event: dict[str, Any]) -> dict[str, Any]:
        """Append ``event``, built whole by the caller, numbered; listeners see it at once
        (``emit`` without the keyword call)."""
        pending = self._pending
        event["seq"] = len(self._events) + len(pending)
        if pending:  # after entries still to be made: in its place among them
            pending.append(event)
        else:
            self._events.append(event)
        if self.listeners:
            self._heard()
        return event

    def log(self, *entry: Any) -> None:
        """Append the public event ``build(*values)``, numbered, made only when the log is read
        (``events``) or heard (listeners hear it at once): ``record`` for a ruleset's commonest
        events, which then cost a tuple instead of a dict. ``build`` makes a new dict of the
        event's ``type`` and fields from ``values`` each time it is called, and must not
        depend on anything but them: the values are what the log keeps until it is read.

        Called as ``log(build, *values)`` (``Context.log``); taken as one ``entry``, the call's
        own tuple ``(build, *values)`` is what the log keeps, with no second tuple to make."""
        self._pending.append(entry)
        if self.listeners:
            self._heard()

    def _heard(self) -> None:
        """The listeners hear the event just logged (made into a dict, and the log with it);
        one added since earlier events were logged does not hear those, as ever."""
        if self._pending:
            self._build_pending()
        event = self._events[-1]
        for listener in self.listeners:
            listener(event)

    def events_for(self, side: str | None, since: int = 0) -> list[dict[str, Any]]:
        """The events ``side`` may see, from sequence number ``since`` on (None: a spectator).

        During play: the public events and those ``visible_to`` names ``side``, and the "start"
        event without its seed (the seed would tell every future die). Once the game is over
        there is nothing left to hide: every event, seed included, for everyone — a client
        that kept a cursor reads again from 0 to get the events it was not shown.
        """
        events = self.events[max(since, 0):]
        if self.to_act() is None:
            return [dict(event) for event in events]
        return [shown for event in events if (shown := shown_to(event, side)) is not None]

    # -- play -----------------------------------------------------------------------------
    def to_act(self) -> str | None:
        return self.rules.to_act(self.state)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def view(self, side: str) -> Any:
        return self.rules.view(self.state, side)

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def step(self, action: Action | Mapping[str, Any], side: str | None = None, *,
             offered: Sequence[Action] = ()) -> None:
        """Check and resolve one action of the side to act (``side`` checks who sent it).

        An ``Action`` is trusted to be well formed (the ruleset's legal actions are); any
        other data — from a person, a file, the server — is parsed against the ruleset's
        declared action kinds first. Nothing changes unless the action is accepted. The
        "action" event of a hidden choice (``Ruleset.secret``) is visible to its side alone.
        ``offered`` is the list ``legal_actions`` just gave for this very state (the engine's
        loop passes it): an action that is one of its objects is legal by the ruleset's
        contract and is not checked again — the hot loop pays for no second legality check.
        """
        rules = self.rules
        acting = rules.to_act(self._state)
        if acting is None:
            raise IllegalAction(rules.turn_rule, "the game is over")
        if side is not None and side != acting:
            raise IllegalAction(rules.turn_rule, f"it is {acting}'s turn, not {side}'s")
        self._resolve(action, acting, offered)

    def _resolve(self, action: Action | Mapping[str, Any], acting: str,
                 offered: Sequence[Action]) -> None:
        """``step`` once ``acting`` is known to be the side to act in the state as it is now:
        the engine's loop has just asked (``polemos.core.engine.play``), so it does not ask
        twice per action."""
        rules, state = self.rules, self._state
        for listed in offered:  # a plain loop: faster than any(map(is_, ...)) on a menu
            if listed is action:
                break
        else:  # not one of the offered objects: data from outside is parsed first
            if not isinstance(action, Action):
                action = self._parse(action)
            self._guarded("check", rules.check, state, action)
        secret = self._secrets and self._guarded("secret", rules.secret, state, action)
        undo = None  # where a failed action is rolled back to: only a transaction asks
        if self.transactional:
            last = self._checkpoint
            if last is None or last.source is not state or len(self.actions) >= last.renew:
                self._checkpoint = last = transaction.checkpoint(self)
            undo = last, self.logged, len(self.actions)
        recorded = action._recorded or action.recorded()  # made once per action object
        self.actions.append(recorded)
        # ``log``, inlined: one "action" event per step
        self._pending.append((_action_event, acting, recorded, secret))
        if self.listeners:
            self._heard()
        try:
            rules.apply(state, action, self)
        except BaseException as error:
            if undo is not None:
                transaction.roll_back(self, *undo)
            if isinstance(error, Exception) and not isinstance(error, UNGUARDED):
                raise self._failure("apply", error) from error
            raise

    def _parse(self, data: Mapping[str, Any]) -> Action:
        parsed: Action = self._guarded("parse_action", self.rules.parse_action, self.state,
                                       data)
        return parsed

    def _guarded(self, what: str, function: Callable[..., Any], *args: Any) -> Any:
        try:
            return function(*args)
        except UNGUARDED:
            raise
        except Exception as error:
            raise self._failure(what, error) from error

    def _failure(self, what: str, error: Exception) -> PluginFailure:
        """A plugin's (or ruleset's) unexpected exception in ``what``, named as its fault."""
        return PluginFailure(self.loaded.plugin or self.rules.name, f"{self.rules.name}.{what}",
                             error)

    # -- saving ---------------------------------------------------------------------------
    def snapshot(self) -> str:
        """The state as canonical JSON: equal strings mean equal games."""
        return canonical(self.state)

    def played_with(self) -> PlayedWith:
        """The versions and rules this game is played with (saves and log headers record it)."""
        return played_with(self.pm, [self.rules.name, *self.rules.part_rules()],
                           self.loaded.model.plugins)

    def save_data(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "source": self.loaded.source,
                "scenario": self.loaded.raw, "seed": self.seed, "dice": self.dice.script,
                **self.played_with().to_json(),
                "actions": self.actions, "events": self.events,
                "state": to_jsonable(self.state)}

    def save(self, path: str | Path) -> None:
        """Write the save atomically: a failure mid-way leaves the previous file whole."""
        write_atomically(path, json.dumps(self.save_data(), sort_keys=True) + "\n")

    @classmethod
    def from_save_data(cls, data: Any, pm: pluggy.PluginManager | None = None,
                       source: str = "save", *, accept_rule_changes: bool = False) -> Game:
        """Rebuild a game by re-playing its actions, and check it reached the saved log."""
        save = checked(SaveFile, upgrade(data, SAVE_FORMAT, SAVE_MIGRATIONS, source, "save"),
                       source)
        return cls.restored(save, save.actions, save.events, pm or make_plugin_manager(),
                            source, accept_rule_changes=accept_rule_changes)

    @classmethod
    def restored(cls, record: VersionedRecord, actions: Sequence[Any],
                 events: Sequence[Mapping[str, Any]], pm: pluggy.PluginManager, source: str, *,
                 accept_rule_changes: bool = False, stop: int | None = None,
                 refusal: Refusal | None = None) -> Game:
        """The recorded game re-played (its first ``stop`` actions), every event as recorded.

        Played with other versions or rules than today's, it is refused (``RulesChanged``)
        unless ``accept_rule_changes``; so is a re-play that diverges. Accepting, the game is
        re-played as far as it agrees and continues from there under today's rules: the first
        action that diverges and every one after it are dropped (they were chosen in a game
        that no longer happens), and ``notes`` says where and why. ``refusal`` words the
        refusal of a re-play that diverges (an event log names its lines).
        """
        refusal = refusal or save_refusal
        game = cls.replayable(record, pm, source)
        changed = changes(record.versions, record.rules, game.played_with())
        if changed and not accept_rule_changes:
            raise RulesChanged(source, changed)
        divergence = replay_agreeing(game, actions, events, stop)
        what = f"the rules changed ({'; '.join(changed)})" if changed else "rule changes accepted"
        if divergence is None:
            if changed:
                game.notes.append(f"{source}: {what}, but every action re-plays identically")
            return game
        if not accept_rule_changes:
            raise PolemosInputError(refusal(source, divergence))
        at = divergence.action
        game = cls.replayable(record, pm, source)
        for action in actions[:at]:
            game.step(action)
        kept = len(actions) if stop is None else min(stop, len(actions))
        game.notes.append(f"{source}: {what}; {at} of {kept} actions re-play identically; "
                          f"action {at} diverged — {divergence.reason()}; the game continues "
                          f"from before it with today's rules ({kept - at} recorded actions "
                          "dropped)")
        return game

    @classmethod
    def replayable(cls, record: GameRecord, pm: pluggy.PluginManager, source: str) -> Game:
        """A new game of a recorded scenario, seed and dice, ready to re-play its actions."""
        try:
            loaded = validate_scenario(record.scenario, record.source or source, pm)
        except ScenarioError as error:  # name the file being read, and the field inside it
            raise ScenarioError(source, [(f"scenario.{path}" if path else "scenario", reason)
                                         for path, reason in error.problems]) from None
        problems = dice_problems(record.dice, loaded.model.largest_die())
        if problems:
            raise ScenarioError(source, problems)
        return cls.new(loaded, pm, seed=record.seed, dice_script=record.dice)

    @classmethod
    def load(cls, path: str | Path, pm: pluggy.PluginManager | None = None, *,
             accept_rule_changes: bool = False) -> Game:
        """A saved game, of today's format or an older one (see ``restored`` for changed
        rules)."""
        return cls.from_save_data(read_save_data(path), pm, str(path),
                                  accept_rule_changes=accept_rule_changes)

    @staticmethod
    def read_save(path: str | Path) -> SaveFile:
        """A save file's validated record, actions and events, without re-playing them."""
        return checked(SaveFile, upgrade(read_save_data(path), SAVE_FORMAT, SAVE_MIGRATIONS,
                                         str(path), "save"), str(path))


def _action_event(seq: int, side: str, action: dict[str, Any], secret: bool
                  ) -> dict[str, Any]:
    """The "action" event of ``Game._resolve``, made when the log is read (``Game.log``); a
    hidden choice's is visible to its side alone (``Ruleset.secret``)."""
    event = {"seq": seq, "type": "action", "side": side, "action": action}
    if secret:
        event[VISIBLE_TO] = [side]
    return event


def _roll_log(game: Game) -> RollLog:
    """The dice's log of ``game``, holding the game weakly (see ``Game.attach_world``): each
    die the dice threw is the next event, logged compactly (``Game.log``: the dict is made when
    the log is read), or through ``emit`` if it is hidden. The dice of a game nobody holds any
    more log nowhere: nobody could read that log."""
    ref = weakref.ref(game)

    def log(dice: list[int], purpose: str, rule: str, sides: int, context: dict[str, Any]
            ) -> None:
        live = ref()
        if live is None:  # the log is gone with its game: nobody can read it
            return
        if VISIBLE_TO in context:  # a hidden roll: ``emit`` says who sees it
            event = roll_event(dice, purpose, rule, sides, context)
            live.emit(event.pop("type"), **event)
        else:
            live.log(roll_event, dice, purpose, rule, sides, context)

    return log


class _TableState:
    """Where the table reads its game's live state (``Game.attach_world``)."""

    __slots__ = ("state",)

    def __init__(self) -> None:
        self.state: Any = None


def shown_to(event: Mapping[str, Any], side: str | None) -> dict[str, Any] | None:
    """``event`` as ``side`` (None: a spectator) is shown it during play: a copy, without the
    seed if it is the "start" event; None when it is hidden from ``side``."""
    seen_by = event.get(VISIBLE_TO)
    if seen_by is not None and (side is None or side not in seen_by):
        return None
    if event["type"] != "start":
        return dict(event)
    return {key: value for key, value in event.items() if key not in SECRET_START_FIELDS}


def save_refusal(source: str, divergence: Divergence) -> str:
    """Why a save whose re-play diverged is refused, and how to continue anyway."""
    if divergence.refused is not None:
        return (f"{source}: action {divergence.action} does not replay: {divergence.refused}"
                f"; {ACCEPT_HINT}")
    return (f"{source}: the re-played game differs from the saved log at action "
            f"{divergence.action}: {divergence.reason()} (different rules or plugins installed?)"
            f"; {ACCEPT_HINT}")


def read_save_data(path: str | Path) -> Any:
    """A save file's JSON, or a ``PolemosInputError`` saying why it cannot be read."""
    text = read_text(path, "save", MAX_RECORD_BYTES)
    try:
        return json.loads(text)
    except ValueError as error:
        raise PolemosInputError(f"{path}: cannot read save: not JSON ({clip(str(error))})"
                                ) from None
    except RecursionError:
        raise PolemosInputError(f"{path}: cannot read save: nested too deeply") from None


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``: a save
    or a log is either the old file or the whole new one, never half (a full disk, Ctrl-C).
    An unwritable place is bad input naming the path, and leaves nothing behind."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise PolemosInputError(f"{path}: cannot write: {error.strerror or error}") from None
        raise
