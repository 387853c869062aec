"""Re-playing a recorded game action by action, as far as its events agree with the record.

Saves and event logs are re-played to be loaded: every event must come out as recorded. When
they do not — the rules changed since, or the file was altered — ``replay_agreeing`` says at
which action the re-play first diverged and why, which is both the refusal's message and, when
the player accepts rule changes, the point the game continues from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from polemos.core.errors import PolemosInputError, clip
from polemos.core.serialize import canonical

if TYPE_CHECKING:
    from polemos.core.game import Game

SHOWN_EVENT = 300
"""Characters of a differing event shown in a message."""


@dataclass(frozen=True)
class Divergence:
    """Where a re-play stopped agreeing: ``action`` is the first action that does not agree
    (the actions before it do; ``len(actions)`` when only trailing events differ), ``event``
    the index of the first event that differs or of the refused action's "action" event."""

    action: int
    event: int
    recorded: str | None = None
    """The recorded event there, canonical JSON; None when the record has no more events."""
    replayed: str | None = None
    """The re-played event there; None when the re-play has no more events."""
    refused: PolemosInputError | None = None
    """Why today's rules refused the recorded action, when they did."""

    def reason(self) -> str:
        if self.refused is not None:
            return f"today's rules refuse it: {self.refused}"
        if self.replayed is None:
            return f"the record has event {self.event} that the re-play does not give"
        if self.recorded is None:
            return f"the re-play gives event {self.event} that the record does not have"
        return (f"event {self.event} differs:\n  recorded: {clip(self.recorded, SHOWN_EVENT)}"
                f"\n  replayed: {clip(self.replayed, SHOWN_EVENT)}")


def replay_agreeing(game: Game, actions: Sequence[Any], events: Sequence[Mapping[str, Any]],
                    stop: int | None = None) -> Divergence | None:
    """Step ``actions`` (the first ``stop`` of them) while ``game``'s events stay ``events``;
    the first disagreement, or None. ``game`` is left after the last action stepped."""
    recorded = [canonical(event) for event in events]
    chosen = actions if stop is None else actions[:stop]
    found = _compare(game, recorded, events, 0, 0, last=not actions)
    for index, action in enumerate(chosen):
        if found is not None:
            return found
        before = len(game.events)
        try:
            game.step(action)
        except PolemosInputError as error:
            return Divergence(index, before, refused=error)
        found = _compare(game, recorded, events, before, index, last=index == len(actions) - 1)
    return found


def _compare(game: Game, recorded: list[str], events: Sequence[Mapping[str, Any]], start: int,
             action: int, last: bool) -> Divergence | None:
    """Whether the events from ``start`` on agree with the record, and the record has no event
    of ``action`` beyond them: it goes on with the next "action" event, or ends after the last."""
    replayed = game.events
    for index in range(start, len(replayed)):
        again = canonical(replayed[index])
        if index >= len(recorded) or recorded[index] != again:
            return Divergence(action, index, recorded[index] if index < len(recorded) else None,
                              again)
    end = len(replayed)
    if end < len(recorded) and (last or events[end].get("type") != "action"):
        return Divergence(action, end, recorded[end])
    return None
