"""A plugin that breaks one game in three (seeds divisible by 3): the balance lab must report
such games with their seed and play on."""

from __future__ import annotations

from typing import Any

from polemos.core.hookspecs import hookimpl


@hookimpl
def polemos_configure_game(game: Any) -> None:
    if game.seed % 3 == 0:
        raise RuntimeError(f"broken on purpose for seed {game.seed}")
