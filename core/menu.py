"""The menu a person chooses from: legal actions grouped by unit, under keys that stay put.

A key is the unit's key and the action's number, ``b2.3``: the side's initial (as many letters
as tell the sides apart), the unit's rank in its side, the action's number for that unit. The
numbers are remembered between decisions: an action keeps its key for as long as it is offered
(a fighter's "forward straight" is ``r1.1`` for its whole move), and a unit's actions are
numbered afresh only when none of its offered actions had a key. Unit-less actions ("end the
phase") are numbered on their own: ``1``, ``2``. Each line may carry the odds of the action
(``Ruleset.odds``); one line is the default, taken on Enter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from polemos.core.actions import Action


@dataclass(frozen=True, slots=True)
class MenuLine:
    """One legal action as the menu shows it."""

    key: str
    action: Action
    text: str
    odds: str | None = None


@dataclass(frozen=True, slots=True)
class MenuGroup:
    """The lines of one unit (``unit`` None: the actions no unit takes)."""

    unit: str | None
    side: str | None
    key: str
    lines: list[MenuLine]


@dataclass(frozen=True, slots=True)
class Menu:
    """A decision's legal actions in groups, and the line Enter takes."""

    groups: list[MenuGroup]
    default: MenuLine

    def lines(self) -> list[MenuLine]:
        return [line for group in self.groups for line in group.lines]

    def find(self, key: str) -> MenuLine | None:
        wanted = key.strip().lower()
        return next((line for line in self.lines() if line.key == wanted), None)

    def units(self) -> frozenset[str | None]:
        return frozenset(group.unit for group in self.groups)


def side_prefixes(sides: Sequence[str]) -> dict[str, str]:
    """Each side's shortest lower-case prefix that no other side shares (red/blue: r, b)."""
    names = [side.lower() for side in sides]
    prefixes: dict[str, str] = {}
    for side, name in zip(sides, names, strict=True):
        length = 1
        while length < len(name) and any(other != name and other.startswith(name[:length])
                                         for other in names):
            length += 1
        prefixes[side] = name[:length]
    return prefixes


@dataclass(slots=True)
class MenuKeys:
    """The keys of units and actions, kept across a person's decisions so they stay put."""

    sides: Sequence[str]
    unit_keys: dict[str, str] = field(default_factory=dict)
    action_keys: dict[str | None, dict[Action, int]] = field(default_factory=dict)
    prefixes: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.prefixes = side_prefixes(self.sides)

    def know_units(self, units: Mapping[str, str]) -> None:
        """Give keys to ``{unit: side}`` in their order (call once with the whole table, so a
        unit keeps its key when others leave play)."""
        for unit, side in units.items():
            self.unit_key(unit, side)

    def unit_key(self, unit: str, side: str | None) -> str:
        if unit not in self.unit_keys:
            prefix = self.prefixes.get(side or "", "u")
            taken = sum(1 for key in self.unit_keys.values()
                        if key.rstrip("0123456789") == prefix)
            self.unit_keys[unit] = f"{prefix}{taken + 1}"
        return self.unit_keys[unit]

    def numbers(self, unit: str | None, offered: Sequence[Action]) -> dict[Action, int]:
        """The number of each offered action of ``unit``: kept if it had one, else the next."""
        known = self.action_keys.setdefault(unit, {})
        if not any(action in known for action in offered):
            known.clear()
        for action in offered:
            if action not in known:
                known[action] = max(known.values(), default=0) + 1
        return {action: known[action] for action in offered}


def strip_unit(text: str, unit: str | None) -> str:
    """A menu line without its unit in front (the group's heading names it)."""
    if unit is None:
        return text
    for lead in (f"{unit}: ", f"{unit} "):
        if text.startswith(lead):
            return text[len(lead):]
    return text


def build_menu(keys: MenuKeys, legal: Sequence[Action], acting: str,
               sides_of: Mapping[str, str], describe: Callable[[Action], str],
               odds: Callable[[Action], str | None], default: Action) -> Menu:
    """The menu of ``legal``, grouped by unit in the order the ruleset offers them.

    ``sides_of`` gives each unit's side for its key (one it lacks, a group of foot that
    ``units`` lists man by man, is ``acting``'s), ``describe`` an action's words, ``odds``
    its chances or None, ``default`` the action Enter takes (one of ``legal``).
    """
    by_unit: dict[str | None, list[Action]] = {}
    for action in legal:
        by_unit.setdefault(action.unit, []).append(action)
    groups: list[MenuGroup] = []
    chosen: MenuLine | None = None
    for unit, offered in by_unit.items():
        side = sides_of.get(unit, acting) if unit is not None else None
        prefix = keys.unit_key(unit, side) + "." if unit is not None else ""
        numbers = keys.numbers(unit, offered)
        lines = [MenuLine(f"{prefix}{numbers[action]}", action,
                          strip_unit(describe(action), unit), odds(action))
                 for action in sorted(offered, key=numbers.__getitem__)]
        groups.append(MenuGroup(unit, side, prefix.rstrip(".") or "-", lines))
        chosen = chosen or next((line for line in lines if line.action == default), None)
    return Menu(groups, chosen or groups[0].lines[0])
