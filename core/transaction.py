"""Transactional steps: an action that fails part-way leaves the game exactly as it was.

Copying the state before every action made a transactional step cost several plain ones. A
game is its actions re-played (design.md, Platform), so a transactional game instead keeps a
``Checkpoint`` — a copy of its state (``Ruleset.clone_state``) taken every ``EVERY`` actions —
and when an action fails (scripted dice running out, a plugin raising) it goes back to the
copy and re-plays the actions taken since, silently: no listener hears them again and their
events must come out as recorded, or the game says it could not be restored. A step pays for
``1 / EVERY`` of a copy; a failure for at most ``EVERY`` re-played actions.

The re-play calls the plugins' hooks of those actions again (``polemos_unit_hit`` …), as any
re-play of a save does; code that changes ``game.state`` by hand between steps, rather than
starting from a position, is not undone to its own change (the copy may predate it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from polemos.core.errors import PolemosError
from polemos.core.serialize import canonical

if TYPE_CHECKING:
    from polemos.core.game import Game

EVERY = 32
"""Actions between two copies of the state: a step pays 1/32 of a copy, a failure re-plays
at most 31 actions."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The game as it stood before action number ``actions``: a copy of its state, the length
    of its log and where its dice stood. ``source`` is the state object copied: a game whose
    state was replaced since (an undo, a rollback) takes a new checkpoint. ``renew`` is the
    count of actions at which it is too old (``EVERY`` after it)."""

    source: Any
    state: Any
    events: int
    actions: int
    dice: tuple[int, int]
    renew: int


def checkpoint(game: Game) -> Checkpoint:
    """A new checkpoint of the game as it stands, for the step about to be taken when the
    last one is too old or of another state object (``Game._resolve`` decides, inline: it
    asks before every transactional step)."""
    actions = len(game.actions)
    return Checkpoint(game.state, game.rules.clone_state(game.state), game.logged, actions,
                      game.dice.mark(), actions + EVERY)


def roll_back(game: Game, since: Checkpoint, n_events: int, n_actions: int) -> None:
    """Undo the action that failed after ``n_events`` events and ``n_actions`` actions: from
    a fresh copy of ``since``, re-play the actions taken after it, unheard, and check they give
    the events recorded; raise ``PolemosError`` if they do not (the game is then lost)."""
    events, actions, listeners = game.events, game.actions, game.listeners
    del events[n_events:]
    del actions[n_actions:]
    transactional = game.transactional
    game.events, game.actions, game.listeners = events[:since.events], actions[:since.actions], []
    game.transactional = False
    game.state = game.rules.clone_state(since.state)  # the world reads the state live
    game.dice.rewind(since.dice)
    lost = (f"{game.source}: a failed action could not be undone: re-playing the "
            f"{len(actions) - since.actions} actions before it")
    try:
        for action in actions[since.actions:]:
            game.step(action)
    except Exception as error:
        raise PolemosError(f"{lost} failed ({error})") from error
    finally:
        replayed = game.events
        game.events, game.actions, game.listeners = events, actions, listeners
        game.transactional = transactional
    if canonical(replayed[since.events:]) != canonical(events[since.events:]):
        raise PolemosError(f"{lost} gave other events (a ruleset or plugin that is not "
                           "deterministic?)")
