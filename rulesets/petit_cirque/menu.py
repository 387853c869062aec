"""Every action an aircraft can ever be offered, built once and handed out again.

An aircraft's menu is always drawn from the same few actions (PCV-6 … PCV-10, PCV-14): a step
in each direction at each altitude change, two loops, three speed changes, a shot at each other
aircraft, a hold. Actions are immutable values, so the legal-action generator picks them from
this table instead of building and re-building them at every decision (issue 14: the bare
rules cost a fraction of building the menus).
"""

from __future__ import annotations

import functools

from polemos.core.actions import Action
from polemos.core.hexgrid import FACING_NAMES
from polemos.rulesets.petit_cirque.fire import lines
from polemos.rulesets.petit_cirque.movement import (
    DIRECTIONS,
    LOOP_COST,
    STEP_COST,
    ceiling,
    speed_cap,
)
from polemos.rulesets.petit_cirque.state import MAX_LEVEL, PcvParams, Plane

ALTS = ("level", "down", "up")
"""PCV-6, PCV-7: the altitude changes of a step, in the order menus list them."""
LOOP_ALTS = ("up", "down")
"""PCV-8: the altitude changes of a loop, in the order menus list them."""
SPEED_CHANGES = (-1, 0, 1)
"""PCV-10: the speed changes, in the order menus list them."""


class PlaneActions:
    """One aircraft's actions: ``steps[alt]`` in ``DIRECTIONS`` order, ``loops[alt]``,
    ``speeds[change]``, ``fire(target)`` (built on first use: targets are the other aircraft),
    ``hold``; ``menus``, its 16 move menus (``menu``), and ``speed_menus``, its speed menus by
    room under the cap (``speed_menu``)."""

    __slots__ = ("unit", "steps", "loops", "speeds", "hold", "_fire", "menus", "speed_menus")

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.steps = {alt: [Action("step", unit, {"dir": d, "alt": alt}) for d in DIRECTIONS]
                      for alt in ALTS}
        self.loops = {alt: Action("loop", unit, {"alt": alt}) for alt in LOOP_ALTS}
        self.speeds = {c: Action("speed", unit, {"change": c}) for c in SPEED_CHANGES}
        self.hold = Action("hold", unit)
        self._fire: dict[str, Action] = {}
        self.menus = [self._menu(mp, climb, loops) for mp in range(LOOP_COST + 1)
                      for climb in (False, True) for loops in (False, True)]
        self.speed_menus = [[self.speeds[c] for c in SPEED_CHANGES if c <= room]
                            for room in (-2, -1, 0, 1)]

    def fire(self, target: str) -> Action:
        action = self._fire.get(target)
        if action is None:
            action = self._fire[target] = Action("fire", self.unit, {"target": target})
        return action

    def menu(self, mp: int, climb: bool, loops: bool) -> list[Action]:
        """The steps then loops open with ``mp`` MP left (PCV-6 … PCV-8), in menu order, given
        whether the aircraft may still climb (PCV-7, PCV-O1) and its role may loop (PCV-O2).

        The menu depends on nothing else, and no cost exceeds 3 MP, so there are 16 of them
        (3 MP or more offer the same): each is built once, in ``menus``, and shared.
        """
        return self.menus[min(mp, LOOP_COST) * 4 + climb * 2 + loops]

    def speed_menu(self, room: int) -> list[Action]:
        """The speed changes (PCV-10) of an aircraft ``room`` below its cap, in menu order."""
        return self.speed_menus[min(max(room, -2), 1) + 2]

    def _menu(self, mp: int, climb: bool, loops: bool) -> list[Action]:
        menu: list[Action] = []
        for alt in ALTS:
            if mp >= STEP_COST[alt] and (climb or alt != "up"):
                menu += self.steps[alt]
        if mp >= LOOP_COST and loops:
            menu += [self.loops[alt] for alt in LOOP_ALTS if climb or alt != "up"]
        return menu


@functools.lru_cache(maxsize=4096)
def plane_actions(unit: str) -> PlaneActions:
    """The actions of the aircraft ``unit``, shared by every game of the process (actions are
    values, and a duel is over in a few dozen actions: per-game tables would not pay off)."""
    return PlaneActions(unit)


class PlaneMenus:
    """One aircraft's menus under its role's limits, looked up with no call:
    ``moves[mp][altitude]``, the steps and loops open with ``mp`` MP left at ``altitude``
    (PCV-6 … PCV-8, PCV-O1, PCV-O2); ``speeds[speed]``, the speed changes open at ``speed``
    (PCV-10, PCV-O1); ``lines[facing]``, its guns' lines of fire (``fire.lines``: PCV-14,
    PCV-O3); ``actions``, its actions (shots and hold). MP, altitude and speed never exceed 6
    (PCV-2, PCV-7, PCV-10); the lists are shared (the caller copies one before adding to it)."""

    __slots__ = ("moves", "speeds", "lines", "actions")

    def __init__(self, unit: str, highest: int, loops: bool, cap: int, guns: tuple[int, ...]
                 ) -> None:
        actions = self.actions = plane_actions(unit)
        levels = range(MAX_LEVEL + 1)
        self.moves = [[actions.menu(mp, altitude < highest, loops) for altitude in levels]
                      for mp in levels]
        self.speeds = [actions.speed_menu(cap - speed) for speed in levels]
        self.lines = [lines(guns, facing) for facing in range(len(FACING_NAMES))]


def plane_menus(plane: Plane, params: PcvParams) -> PlaneMenus:
    """``plane``'s menus under the limits ``params`` set for its role (PCV-O1 … PCV-O3)."""
    return role_menus(plane.id, ceiling(params, plane), plane.role not in params.no_loops,
                      speed_cap(params, plane), params.guns.get(plane.role, (0,)))


@functools.lru_cache(maxsize=4096)
def role_menus(unit: str, highest: int, loops: bool, cap: int, guns: tuple[int, ...]
               ) -> PlaneMenus:
    """The menus of ``unit`` under these limits (its ceiling ``highest``, whether it may loop,
    its speed cap, its guns), shared by every game of the process that plays it under them."""
    return PlaneMenus(unit, highest, loops, cap, guns)
