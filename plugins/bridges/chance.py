"""A game whose dice are chance nodes: every die waits for its face to be chosen from outside.

OpenSpiel wants chance as explicit nodes (each outcome with its probability) so that its
algorithms can enumerate or sample the dice themselves. The rulesets roll inside ``apply``,
several dice per action, as many as the rules need. So, as the odds calculator does
(plugins/lab/odds.py), the game is played with scripted dice: an action is tried on a fork
of the game with the faces chosen so far; when the script runs out (``DiceExhausted`` names the
die wanted), the fork is dropped and the line stands at a chance node for that die, each face
with probability 1/faces; once a face is chosen the action is tried again with one more face.
When it goes through, the fork becomes the game. The game before the action is never touched,
so a half-resolved action leaves nothing behind; an action rolling ``k`` dice is resolved
``k + 1`` times, the price of exact chance nodes from rules written as plain code. The initial
position may roll too (a roll-off for the first turn): the line then starts at a chance node.

Each side's history of what it saw (the events ``shown_to`` it, one canonical line each) is
kept here, since a fork's event log starts empty: it is that side's information state.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from polemos.core.actions import Action
from polemos.core.errors import DiceExhausted
from polemos.core.game import Game, shown_to
from polemos.core.serialize import canonical
from polemos.plugins.bridges.spec import ScenarioSpec


class ChanceLine:
    """One line of play of ``spec``'s scenario, dice as chance nodes."""

    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec
        self.game: Game | None = None
        """The game as it stands between actions; None until its initial position is set up
        (its own dice are chosen)."""
        self.pending: Action | None = None
        """The action being resolved while its dice are chosen."""
        self.faces: list[int] = []
        """The faces chosen so far for the pending action (or the initial position)."""
        self.wanted = 0
        """The faces of the die wanted now; 0 when no die is (a side decides, or it is over)."""
        self.seen: dict[str, list[str]] = {side: [] for side in spec.sides}
        self._legal: list[Action] | None = None
        self._views: dict[str, tuple[str, Any]] = {}
        self._settle()

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceLine:
        """A clone for search: the game forked (its dice script at the same point), the rest
        copied; the scenario and plugin manager shared."""
        twin = copy.copy(self)
        twin.game = self.game.fork() if self.game is not None else None
        twin.faces = list(self.faces)
        twin.seen = {side: list(lines) for side, lines in self.seen.items()}
        twin._views = dict(self._views)
        return twin

    def legal(self) -> list[Action]:
        """The legal actions of the side to act, computed once per position (OpenSpiel asks
        for them, their count and their names again and again)."""
        if self._legal is None:
            if self.game is None:
                return []
            self._legal = self.game.legal_actions()
        return self._legal

    def view(self, side: str) -> tuple[str, Any]:
        """``side``'s view of the game as it stands, as canonical JSON and as JSON data, made
        once per position (OpenSpiel asks for observations of every state, often twice)."""
        if side not in self._views:
            if self.game is None:
                return "", {}
            text = canonical(self.game.view(side))
            self._views[side] = text, json.loads(text)
        return self._views[side]

    def choose(self, action: Action) -> None:
        """The side to act plays ``action`` (a legal one): resolved, or waiting for a die."""
        self.pending, self.faces = action, []
        self._settle()

    def roll(self, face: int) -> None:
        """The wanted die shows ``face`` (1 to ``wanted``)."""
        if not 1 <= face <= self.wanted:
            raise ValueError(f"no face {face} on the d{self.wanted} wanted")
        self.faces.append(face)
        self._settle()

    def _settle(self) -> None:
        spec = self.spec
        try:
            if self.game is None:
                trial = Game.new(spec.loaded, spec.pm, dice_script=list(self.faces),
                                 transactional=False)
            else:
                if self.pending is None:
                    raise ValueError("no action is being resolved")
                trial = self.game.fork()
                script = trial.dice.script
                if script is None:
                    raise ValueError("a chance line's dice must be scripted")
                trial.dice.script = [*script, *self.faces]  # a fork may share the list
                trial.step(self.pending)
        except DiceExhausted as wanted:
            if wanted.sides < 1:
                raise
            self.wanted = wanted.sides
            return
        self.game, self.pending, self.faces, self.wanted = trial, None, [], 0
        self._legal = None
        self._views = {}
        for side, lines in self.seen.items():
            lines.extend(canonical({k: v for k, v in shown.items() if k != "seq"})
                         for event in trial.events
                         if (shown := shown_to(event, side)) is not None)
