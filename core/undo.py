"""Fair undo: a side takes back its own last action while nothing new was revealed since.

Taking an action back is fair only if no one learned anything from it: no die was rolled (the
dice have spoken), no other side acted (it answered the action), no "reveal" event showed a
hidden thing, and — for a sealed order (an "action" event visible to its side alone) — no
event shown to another side names the order's unit. Otherwise the undo is refused, naming what
was revealed. The check reads the event log only, so it holds for every ruleset alike.

The game goes back by re-playing its actions but the last ones from the start (the way a save
loads), and the live game takes the re-played state: one code path, correct by construction,
and it works just as well on a game that was resumed from a save. An action the side was forced
to take (``Ruleset.forced``: its only legal action, or one that any choice comes to) is taken
back together with the choice before it, since the terminal would take it again at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from polemos.core.errors import PolemosError, PolemosInputError
from polemos.core.game import VISIBLE_TO, Game
from polemos.core.serialize import canonical
from polemos.core.wording import does, possessive


class UndoRefused(PolemosInputError):
    """An undo that would be unfair, or that has nothing to take back; nothing changed."""


@dataclass(frozen=True, slots=True)
class Undone:
    """What an undo took back: the actions (as data, latest last) and the event log length."""

    actions: list[dict[str, Any]]
    events_dropped: int


def action_events(events: Sequence[Mapping[str, Any]]) -> list[int]:
    """The positions in ``events`` of the "action" events, one per action, in order."""
    return [index for index, event in enumerate(events) if event["type"] == "action"]


def revealed_since(events: Sequence[Mapping[str, Any]], start: int, side: str) -> str | None:
    """What the events from ``start`` on (``start`` is ``side``'s "action" event) revealed, in
    words, or None when taking that action back is fair."""
    acted = events[start]
    sealed = acted.get(VISIBLE_TO) is not None
    unit = acted.get("action", {}).get("unit")
    for event in events[start + 1:]:
        kind = event["type"]
        if kind == "roll":
            purpose = event.get("purpose", "a roll")
            return f"dice were rolled since ({purpose}, {event.get('rule', '?')})"
        if kind == "action" and event.get("side") != side:
            return f"{does(str(event.get('side')), 'have')} acted since"
        if kind == "reveal":
            rule = event.get("rule") or ", ".join(event.get("rules", [])) or "?"
            return f"{event.get('unit', 'a hidden choice')} was revealed since ({rule})"
        seen_by = event.get(VISIBLE_TO)
        shown_to_others = seen_by is None or any(other != side for other in seen_by)
        if sealed and unit is not None and shown_to_others and event.get("unit") == unit:
            return f"the sealed order of {unit} was shown to the other side ({kind})"
    return None


def undoable(game: Game, side: str) -> int:
    """The index in ``game.actions`` of the action ``side`` may take back now, or
    ``UndoRefused`` saying why it may not."""
    starts = action_events(game.events)
    if not any(game.events[index].get("side") == side for index in starts):
        raise UndoRefused(f"nothing to undo: {side} has not acted yet")
    last = starts[-1]
    if game.events[last].get("side") != side:
        other = str(game.events[last].get("side"))
        raise UndoRefused(f"cannot undo: {does(other, 'have')} acted since "
                          f"{possessive(side)} last action")
    reason = revealed_since(game.events, last, side)
    if reason is not None:
        raise UndoRefused(f"cannot undo {possessive(side)} last action: {reason}")
    return len(starts) - 1


def rebuilt(game: Game, n_actions: int) -> Game:
    """A fresh copy of ``game`` that re-played only its first ``n_actions`` actions."""
    again = Game.new(game.loaded, game.pm, seed=game.seed, dice_script=game.dice.script,
                     transactional=False)
    for action in game.actions[:n_actions]:
        again.step(action)
    return again


def take_back(game: Game, side: str) -> Undone:
    """Take back ``side``'s last action (and the forced ones it led to) in ``game``, in place,
    or raise ``UndoRefused`` and change nothing.

    Forced actions (``Ruleset.forced``) are taken back while the position before them forces
    them; if the choice before a forced action cannot be taken back, nothing is.
    """
    index = undoable(game, side)
    while True:
        again = rebuilt(game, index)
        if again.to_act() != side:
            raise PolemosError(f"{game.rules.name}: undo re-played to a position where "
                               f"{again.to_act()} acts, not {side}")
        if again.rules.forced(again.view(side), again.legal_actions()) is None:
            break
        try:
            index = undoable(again, side)
        except UndoRefused as error:
            raise UndoRefused(f"{error} (and the action after it was forced)") from None
    n_events = len(again.events)
    if canonical(again.events) != canonical(game.events[:n_events]):
        raise PolemosError(f"{game.rules.name}: undo re-played to a different log")
    undone = Undone(game.actions[index:], len(game.events) - n_events)
    game.state = again.state  # the world reads the state live: nothing else to re-point
    del game.events[n_events:]
    del game.actions[index:]
    game.dice.rewind(again.dice.mark())
    return undone
