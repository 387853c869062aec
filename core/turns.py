"""Turn building blocks rulesets compose their turn from (design.md, Turns and activation).

Each block is a small serializable dataclass kept inside the ruleset's state, so saving a game
and hiding information work the same for every ruleset:

- ``SideByTurn``: side-by-side turns — a whole side acts, then hands over (PCV-4).
- ``Alternation``: alternating activation — one unit per side in turn, each at most once per
  phase; when one side has no one left the other finishes (AI-24, AI-25, DBG-11, DBG-12).
- ``SealedOrders``: hidden simultaneous orders — every side commits, nothing of another side's
  orders is visible until the reveal (AI-20).
- Initiative roll-offs are ``polemos.core.dice.roll_off``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SideByTurn:
    """Sides take whole turns in ``sides`` order; a round is one turn of each side."""

    sides: list[str]
    index: int = 0
    round: int = 1

    @property
    def side(self) -> str:
        return self.sides[self.index]

    def hand_over(self) -> bool:
        """Pass the turn to the next side; True when that starts a new round."""
        self.index = (self.index + 1) % len(self.sides)
        if self.index == 0:
            self.round += 1
            return True
        return False


@dataclass(slots=True)
class Alternation:
    """One unit per side in turn; ``order`` lists the sides, the first to activate first."""

    order: list[str]
    remaining: dict[str, list[str]]
    turn: int = 0

    @classmethod
    def start(cls, first: str, units: dict[str, list[str]]) -> Alternation:
        """A phase where ``first`` activates first among ``units`` (side -> eligible units)."""
        sides = [first] + [side for side in units if side != first]
        alternation = cls(sides, {side: list(units.get(side, [])) for side in sides})
        alternation._skip_empty()
        return alternation

    def side(self) -> str | None:
        """The side to activate a unit now, or None once every unit has acted."""
        if not any(self.remaining.values()):
            return None
        return self.order[self.turn]

    def eligible(self) -> list[str]:
        side = self.side()
        return [] if side is None else list(self.remaining[side])

    def activated(self, unit: str) -> None:
        """``unit`` of the side to act has acted: hand over to the next side with units left.

        The unit may already be gone (withdrawn because it left play during its activation);
        the turn still passes.
        """
        side = self.order[self.turn]
        if unit in self.remaining[side]:
            self.remaining[side].remove(unit)
        self.turn = (self.turn + 1) % len(self.order)
        self._skip_empty()

    def withdraw(self, unit: str) -> None:
        """``unit`` left play or became ineligible before acting."""
        for units in self.remaining.values():
            if unit in units:
                units.remove(unit)
        self._skip_empty()

    def _skip_empty(self) -> None:
        for _ in range(len(self.order)):
            if self.remaining[self.order[self.turn]]:
                return
            self.turn = (self.turn + 1) % len(self.order)


@dataclass(slots=True)
class SealedOrders:
    """Hidden simultaneous orders: sides commit in turn; nothing of another side's shows early.

    By default every order is revealed together once all sides have committed. With
    ``one_by_one`` an order stays hidden from the other sides until ``reveal`` shows it (AI-20:
    a manoeuvre token is shown when its aircraft moves).
    """

    sides: list[str]
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    one_by_one: bool = False
    shown: list[str] = field(default_factory=list)
    """With ``one_by_one``: the keys revealed so far, in order."""

    def pending(self) -> str | None:
        """The next side that has not committed, or None once all have."""
        for side in self.sides:
            if side not in self.orders:
                return side
        return None

    @property
    def revealed(self) -> bool:
        """Every side has committed (and, unless ``one_by_one``, every order is shown)."""
        return self.pending() is None

    def commit(self, side: str, orders: dict[str, Any]) -> None:
        if side in self.orders:
            raise ValueError(f"{side} has already committed its orders")
        self.orders[side] = dict(orders)

    def reveal(self, key: str) -> None:
        """Show one order to every side (``one_by_one``)."""
        if key not in self.shown:
            self.shown.append(key)

    def visible_to(self, side: str) -> dict[str, dict[str, Any]]:
        """What ``side`` may see: its own orders, and the others' as far as they are shown."""
        visible = {}
        for owner, orders in self.orders.items():
            if owner == side or (self.revealed and not self.one_by_one):
                visible[owner] = dict(orders)
            elif self.one_by_one:
                visible[owner] = {k: v for k, v in orders.items() if k in self.shown}
        return visible

    def view(self, side: str) -> SealedOrders:
        """A copy holding only what ``side`` may see, for a player's view."""
        return SealedOrders(list(self.sides), self.visible_to(side), self.one_by_one,
                            list(self.shown))
