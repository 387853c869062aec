"""What a ruleset reaches of its game while it sets up, resolves an action or takes a hit.

A ruleset never holds the ``Game``: it is handed a ``Context`` — the game's dice, the table it
shares (``world``), the plugin manager (for the rare-event hooks), the scenario's source (for
set-up errors) and ``emit`` for events. ``Game`` is one; on a shared table each ruleset gets a
``polemos.core.world.PartContext`` that tags its events with its name. Keeping this surface
small is what lets a fork, a mixed scenario or the server stand in for a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    import pluggy

    from polemos.core.dice import Dice
    from polemos.core.world import World


class Context(Protocol):
    """The game as a ruleset sees it."""

    @property
    def dice(self) -> Dice: ...

    @property
    def world(self) -> World: ...

    @property
    def pm(self) -> pluggy.PluginManager: ...

    @property
    def source(self) -> str: ...

    @property
    def forked(self) -> bool:
        """Whether the game is a fork (``Game.fork``: a search playout), not a game played."""
        ...

    def emit(self, type_: str, *, visible_to: Sequence[str] | None = None,
             **data: Any) -> dict[str, Any]:
        """Log one event; ``visible_to`` the sides that may see it during play (None: all,
        ``[]``: nobody until the game ends — see ``polemos.core.game.VISIBLE_TO``)."""
        ...

    def record(self, event: dict[str, Any]) -> dict[str, Any]:
        """Log ``event``, a public event the caller built whole (its ``type`` and its fields,
        a new dict the log keeps): ``emit`` without the keyword call."""
        ...

    def log(self, build: Callable[..., dict[str, Any]], /, *values: Any) -> None:
        """Log the public event ``build(*values)``, made only when the log is read: for a
        ruleset's commonest events (``polemos.core.game.Game.log``)."""
        ...
