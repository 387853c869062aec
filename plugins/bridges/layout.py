"""One side's ``view`` as a fixed-length float32 array, the same layout for every state.

The bridges promise fixed shapes (an OpenSpiel observation tensor, a PettingZoo ``Box``), while
a view is a tree whose shape changes (units leave, a move in progress appears). So the view is
flattened to named features, and the scenario's layout is the sorted set of names met in a
short, seeded warm-up game (``WARMUP_ACTIONS`` random actions, every side's view at every
decision): the same scenario always gets the same layout, and ``names`` says what each index is.

The array, for ``sides`` S and layout names L:

- ``[0, S)``: the observing side, one-hot in the scenario's side order;
- ``[S, 2S)``: the side to act, one-hot (all zero once the game is over);
- ``[2S, 2S + L)``: the view's features, ``names[i]`` at ``2S + i``. A feature is a leaf of the
  view's JSON (``to_jsonable``) named by its path, dict keys and list indexes joined by ``.``
  (``planes.red-1.altitude``): a number as it is (cm, hexes, counts — not rescaled), a boolean
  as 1 or 0, a string as a one-hot feature named ``path=value`` (``phase=move``). A leaf that is
  absent, null, or named otherwise than in the layout (a string value the warm-up never met)
  reads 0; the observation string (the view as JSON) always has everything.

Only ``view(side)`` is read, so an array never holds what that side may not see.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from polemos.core.game import Game
from polemos.core.serialize import to_jsonable

WARMUP_ACTIONS = 100
"""Random actions of the warm-up game whose views name the layout's features."""
WARMUP_SEED = 0
"""The warm-up's random policy seed (its dice use the scenario's seed): a fixed layout."""

Array = npt.NDArray[np.float32]


def features(seen: Any) -> list[tuple[str, float]]:
    """``(name, value)`` of every numeric, boolean and string leaf of a view as JSON data
    (``to_jsonable``; see the module docstring for the names)."""
    found: list[tuple[str, float]] = []
    _leaves(seen, "", found)
    return found


def _leaves(value: Any, path: str, found: list[tuple[str, float]]) -> None:
    """Plain recursion into one list: a view has a thousand leaves, and generators cost."""
    if isinstance(value, dict):
        prefix = f"{path}." if path else ""
        for key, item in value.items():
            _leaves(item, prefix + key, found)
    elif isinstance(value, list):
        prefix = f"{path}." if path else ""
        for index, item in enumerate(value):
            _leaves(item, prefix + str(index), found)
    elif isinstance(value, str):
        found.append((f"{path}={value}", 1.0))
    elif value is not None:  # a number, or a boolean as 1 or 0
        found.append((path, float(value)))


class Layout:
    """The feature names of one scenario's observation arrays, and the encoder."""

    def __init__(self, sides: list[str], names: Iterable[str]) -> None:
        self.sides = sides
        self.names = sorted(names)
        self._side = {side: index for index, side in enumerate(sides)}
        self._index = {name: 2 * len(sides) + index for index, name in enumerate(self.names)}
        self.size = 2 * len(sides) + len(self.names)

    @classmethod
    def warmed_up(cls, game: Game, sides: list[str]) -> Layout:
        """The layout named by ``game`` played on at random (the game is used up)."""
        rng = random.Random(WARMUP_SEED)
        names: set[str] = set()
        for _ in range(WARMUP_ACTIONS + 1):
            for side in sides:
                names.update(name for name, _ in features(to_jsonable(game.view(side))))
            if game.to_act() is None:
                break
            game.step(rng.choice(game.legal_actions()))
        return cls(sides, names)

    def encode(self, seen: Any, observer: str, acting: str | None) -> Array:
        """``observer``'s view (as JSON data, ``seen``) as an array of ``size`` float32
        (``acting``: the side to act, None once the game is over)."""
        array = np.zeros(self.size, np.float32)
        self.write(array, seen, observer, acting)
        return array

    def write(self, array: Array, seen: Any, observer: str, acting: str | None) -> None:
        """Fill ``array`` in place (OpenSpiel observers reuse one buffer)."""
        array.fill(0.0)
        array[self._side[observer]] = 1.0
        if acting is not None:
            array[len(self.sides) + self._side[acting]] = 1.0
        index = self._index
        for name, value in features(seen):
            at = index.get(name)
            if at is not None:
                array[at] = value
