"""A game played at the table: where it is saved, how to resume it, and saving it safely.

A save is written to a temporary file beside its target and renamed over it, so a failed or
interrupted save never leaves half a file where a good save was: a game is never lost.
"""

from __future__ import annotations

import os
import shlex
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from polemos.core.errors import PolemosInputError
from polemos.core.game import Game
from polemos.core.undo import Undone

SAVE_SUFFIX = ".save.json"


class LeftTheTable(Exception):
    """A person quit (``quit``): the game is saved; the command ends with ``code``."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


def save_atomically(game: Game, path: str | Path) -> Path:
    """Save ``game`` at ``path`` through a temporary file renamed over it; a
    ``PolemosInputError`` saying why if it cannot be written (nothing is left behind)."""
    target = Path(path).expanduser()
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                             dir=target.parent)
        os.close(handle)
    except OSError as error:
        raise PolemosInputError(f"cannot save to {target}: {error.strerror or error}") from None
    try:
        game.save(temporary)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise PolemosInputError(f"cannot save to {target}: {error.strerror or error}") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def default_save_path(game: Game) -> Path:
    """Where ``quit`` and Ctrl-C save unless told: the scenario's name in the current folder."""
    stem = Path(game.loaded.source).name.split(".")[0] or "game"
    return Path(f"{stem}{SAVE_SUFFIX}")


@dataclass
class Session:
    """The game at the table and what its terminal players share: the file ``quit`` saves to,
    the sides played by people (for the resume command) and who to tell of an undo."""

    game: Game
    save_path: Path
    humans: Sequence[str]
    bot_options: Sequence[str] = ()
    """The ``--bots``/``--bot`` options to repeat in the resume command."""
    on_undo: list[Callable[[Undone], None]] = field(default_factory=list)

    def resume_command(self, path: Path | None = None) -> str:
        words = ["polemos", "resume", str(path or self.save_path)]
        for side in self.humans:
            words += ["--human", side]
        return shlex.join([*words, *self.bot_options])

    def save(self, path: str | Path | None = None) -> str:
        """Save (to ``save_path`` unless told) and say where and how to resume."""
        written = save_atomically(self.game, path or self.save_path)
        return (f"saved to {written} after {len(self.game.actions)} actions; resume with: "
                f"{self.resume_command(written)}")

    def undone(self, undone: Undone) -> None:
        for listener in self.on_undo:
            listener(undone)
