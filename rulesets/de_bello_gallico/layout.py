"""Who touches whom and how far apart fighters stand, computed once per arrangement of the table.

Every decision asks the same geometric questions many times over: is this fighter pinned
(DBG-17), does that enemy have a zone of control (DBG-15), is a target touching anyone (DBG-22),
which enemy is nearest (DBG-38, the menu's heading). Answered from scratch each is a scan of the
table, and a menu asks hundreds, so the answers are kept here.

**No stale answer.** A ``Layout`` is a pure function of its ``key``: every fighter's centre and
radius while in play (None once it is not), in scenario order, and the DBG-1 tolerance. Each
query checks the key against the live state and recomputes when it differs, so a change made
anywhere — a rule, another ruleset's hit, a test moving a base by hand — is seen at the next
query with no invalidation to forget. The key itself (a few microseconds) is rebuilt only once
a base was made or moved somewhere (``core.table.base_writes`` counts every write) or a status
changed: a check that finds nothing new reads one counter and the statuses. Ids and sides are
never stored in the key: they are fixed for the fighters of a scenario, and a layout is only
ever shared between copies of one game's state (``clone``), which have the same fighters.
Everything else a rule reads (Retreat markers, roles, Frenzy) is read live by the callers, never
from here; what a layout keeps of answers that also read such things (a fighter's menu moves,
``menu.moves``) it keeps under a key holding them.

A new layout starts from the one it replaces: when a move, a flight or a fall changed only a few
entries of the key, only those fighters' contacts are measured again (``_redone``), which gives
exactly what a search of the whole table gives.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import compress
from operator import attrgetter, eq, itemgetter, ne
from typing import Any, ParamSpec, TypeVar

from polemos.core.table import EPS, base_writes, gap
from polemos.core.world import Presence
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, STATUS, DbgState, Fighter

Key = tuple[Any, ...]

P = ParamSpec("P")
T = TypeVar("T")
_MARGIN = 1e-6
"""cm added to the pair search's reach so float rounding can never drop a touching pair; the
exact DBG-1 test (``gap``) then decides."""


_SPOT = attrgetter("x", "y", "radius")
"""A base's centre and radius as one tuple, read in C."""


def layout_key(state: DbgState) -> Key:
    """What a layout is computed from: positions and radii of the fighters in play."""
    key: list[Any] = [state.params.contact]  # a loop: a comprehension makes a function per call
    for f in state.fighters.values():
        key.append(_SPOT(f.base) if f.status == IN_PLAY else None)
    return tuple(key)


class Layout:
    """Contacts among the fighters in play (DBG-1) and, on demand, each one's gaps to its
    enemies, for one ``key``."""

    __slots__ = ("key", "ranks", "roster", "foes", "mates", "touching", "pinned", "targets",
                 "presences", "moves", "_enemy_gaps")

    def __init__(self, state: DbgState, key: Key, before: Layout | None = None,
                 changed: list[int] | None = None) -> None:
        self.key = key
        self.ranks: dict[str, int] = before.ranks if before is not None else {
            f.id: rank for rank, f in enumerate(state.fighters.values())}
        """Fighter id → its place in scenario order (the fighters never change, see above)."""
        self.roster: list[tuple[str, str]] = before.roster if before is not None else [
            (f.id, f.side) for f in state.fighters.values()]
        """Each fighter's id and side, in scenario order (fixed like ``ranks``)."""
        self.foes: dict[str, list[tuple[int, str]]] = before.foes if before is not None \
            else _places(state, ne)
        """Side → where each fighter of the other sides stands in ``key``, and its id, in
        scenario order (fixed like ``ranks``)."""
        self.mates: dict[str, list[tuple[int, str]]] = before.mates if before is not None \
            else _places(state, eq)
        """Side → the same of its own fighters."""
        self.touching, self.pinned, self._enemy_gaps = _contacts(state, key, before, changed)
        """In-play fighter id → ids of the in-play fighters its base touches, any side, in
        scenario order (DBG-1); the ids of those touching an enemy (pinned, DBG-17); and
        ``enemy_gaps`` as far as known (the contacts redone for a mover measure its own)."""
        self.targets: dict[tuple[str, float], list[str]] = {}
        """(shooter id, range) → ids of the enemies it may shoot (DBG-22 … DBG-24), filled in
        as asked (``shooting.targets``)."""
        self.presences: list[Presence] | None = None
        """What the other rulesets see of the fighters in play (MIX-3), once asked
        (``DeBelloGallico.presences``; frozen records, so shared)."""
        self.moves: dict[Key, list[Any]] = {}
        """A fighter's charges, moves and withdrawals by what they read besides the positions
        (``menu.moves``), filled in as asked: frozen actions, so shared."""

    def enemy_gaps(self, state: DbgState, fighter: Fighter) -> list[tuple[str, float]]:
        """(id, edge gap) of each enemy in play, in scenario order. Kept only for a fighter in
        play: the key holds no position of the others."""
        found = self._enemy_gaps.get(fighter.id)
        if found is None:
            # ``gap`` to each enemy in play, read from the key (the positions it was made of).
            base, key, hypot = fighter.base, self.key, math.hypot
            x, y, radius = base.x, base.y, base.radius
            found = []  # a loop: a comprehension makes a function per call
            for at, i in self.foes[fighter.side]:
                e = key[at]
                if e is not None:
                    found.append((i, hypot(x - e[0], y - e[1]) - (radius + e[2])))
            if fighter.status == IN_PLAY:
                self._enemy_gaps[fighter.id] = found
        return found

    def learn(self, fighter: Fighter, gaps: list[tuple[Fighter, float]]) -> None:
        """Keep ``enemy_gaps`` of a fighter in play that a caller measured on its own way, each
        enemy in play in scenario order with ``gap`` from the fighter's base as it stands
        (``movement.surroundings``): the same numbers, not measured twice."""
        if fighter.id not in self._enemy_gaps:
            kept = self._enemy_gaps[fighter.id] = []  # a loop: no comprehension function
            for enemy, distance in gaps:
                kept.append((enemy.id, distance))

    def __deepcopy__(self, memo: dict[int, Any]) -> Layout:
        """Immutable for its key (the gap and target lists only fill in), so copies of a
        state share it."""
        return self


def _places(state: DbgState, kin: Callable[[str, str], bool]
            ) -> dict[str, list[tuple[int, str]]]:
    """``Layout.foes`` (``kin`` is ``ne``) or ``Layout.mates`` (``eq``): the key's first entry
    is the tolerance, so a fighter's is its rank + 1."""
    ranked = list(state.fighters.values())
    return {side: [(rank + 1, f.id) for rank, f in enumerate(ranked) if kin(f.side, side)]
            for side in dict.fromkeys(f.side for f in ranked)}


def layout(state: DbgState) -> Layout:
    """The layout of the table as it stands now.

    The key is rebuilt only when a base was made or moved anywhere (``base_writes``), a
    status changed or the tolerance did since the layout last fitted this state: else the
    positions are those it was made of."""
    trusted = state._held
    if trusted is not None:
        return trusted
    current = state._layout
    seen = base_writes(), tuple(map(STATUS, state.fighters.values()))
    if current is None or seen != state._seen or current.key[0] != state.params.contact:
        key = layout_key(state)
        if current is None or current.key != key:
            current = state._layout = Layout(state, key, current)
        state._seen = seen
    if state._holding:
        state._held = current
    return current


def moved(state: DbgState, fighter: Fighter, x: float, y: float) -> Layout:
    """Put the base of ``fighter`` (in play) at (x, y); the layout of the table as it then
    stands, the one ``layout`` would give next.

    A move changes one entry of the key. When the layout fitted the state just before (checked
    as ``layout`` checks it) and the move's own two writes are the only ones since, the new key
    is the old one with that entry replaced and the contacts are redone for that fighter:
    the layout ``layout`` would make, without reading every base again to find the one that
    moved. Otherwise (a query holding the layout, a fighter out of play) ``layout`` decides."""
    before = None if state._holding else layout(state)
    seen = state._seen
    writes = base_writes()
    base = fighter.base
    base.x, base.y = x, y
    if before is None or seen is None or fighter.status != IN_PLAY \
            or base_writes() != writes + 2:
        return layout(state)
    key = before.key
    at = before.ranks[fighter.id] + 1  # the key's first entry is the tolerance
    spot = _SPOT(base)
    if spot != key[at]:
        before = state._layout = Layout(state, (*key[:at], spot, *key[at + 1:]), before,
                                        [at - 1])
    state._seen = base_writes(), seen[1]
    return before


def held(state: DbgState, query: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``query(*args, **kwargs)`` with the layout checked once for the whole of a query that
    moves nothing (``legal_actions``, ``check``): a menu asks ``layout`` dozens of times, and
    checking the positions for each costs more than all its answers. Inside, the first
    ``layout`` checks the key and is then trusted: the positions are the ruleset's own reading
    of a state nobody changes; a query that asks nothing checks nothing. Outside, every query
    checks again. Nested holds keep the outer. A plain call rather than a context manager: the
    engine holds one at every step."""
    if state._holding:
        return query(*args, **kwargs)
    state._holding = True
    try:
        return query(*args, **kwargs)
    finally:
        state._holding = False
        state._held = None


REDO = 3
"""Fighters moved since the last layout beyond which the contacts are searched afresh rather
than redone one mover at a time (a move, a flight, a fall changes one)."""


Contacts = tuple[dict[str, list[str]], frozenset[str], dict[str, list[tuple[str, float]]]]
"""Who touches whom, who touches an enemy, and the enemy gaps measured on the way (a
``Layout``'s ``touching``, ``pinned`` and the first of its ``enemy_gaps``)."""


def _contacts(state: DbgState, key: Key, before: Layout | None,
              changed: list[int] | None = None) -> Contacts:
    """Redone for the few fighters whose entry changed since ``before`` (the layout last
    asked, of the same fighters; their ranks are ``changed`` when the caller knows them),
    else searched."""
    if before is not None and before.key[0] == key[0] and len(before.key) == len(key):
        if changed is None:
            # The ranks whose entry differs, compared in C: the key's first entry is the
            # tolerance.
            changed = list(compress(range(-1, len(key) - 1), map(ne, key, before.key)))
        if len(changed) <= REDO:
            return _redone(state, key, before, changed)
    touching, pinned = _searched(state)
    return touching, pinned, {}


def _redone(state: DbgState, key: Key, before: Layout, changed: list[int]) -> Contacts:
    """``_searched``'s answer from the contacts of ``before``, after a few fighters (scenario
    ranks ``changed``) moved, came or went: each one's contacts are dropped, then measured
    again against every fighter in play where it now stands, as ``_searched`` measures a
    pair, its enemies then its friends (``Layout.foes``, ``Layout.mates``: no side compared per
    pair); its gaps to the enemies are kept as ``Layout.enemy_gaps`` measures them. Positions
    are read from ``key``, the live ones it was just made of. The lists of ``before`` are never
    changed (copies of a state share it)."""
    roster, ranks = before.roster, before.ranks
    limit = state.params.contact + EPS
    hypot = math.hypot
    touching = dict(before.touching)
    affected: set[str] = set()
    grown: set[str] = set()
    """Lists a mover was added to at their end, to be put back in scenario order."""
    measured: dict[str, list[tuple[str, float]]] = {}
    for rank in changed:
        me, side = roster[rank]
        affected.add(me)
        for partner in touching.pop(me, ()):
            kept = touching[partner] = list(touching[partner])  # never the shared list
            kept.remove(me)  # once: a list of contacts names each fighter once
            affected.add(partner)
        spot = key[rank + 1]  # the key's first entry is the tolerance
        if spot is None:  # out of play
            continue
        x, y, radius = spot
        found: list[str] = []
        foes: list[tuple[str, float]] = []
        for at, other in before.foes[side]:
            them = key[at]
            if them is not None:
                now = hypot(x - them[0], y - them[1]) - (radius + them[2])  # ``gap``
                foes.append((other, now))
                if now <= limit:
                    found.append(other)
        for at, other in before.mates[side]:
            them = key[at]
            if them is not None and other != me \
                    and hypot(x - them[0], y - them[1]) - (radius + them[2]) <= limit:
                found.append(other)
        for other in found:
            touching[other] = [*touching.get(other, ()), me]
            grown.add(other)
        if len(found) > 1:  # enemies first: back to scenario order
            found.sort(key=ranks.__getitem__)
        touching[me] = found
        measured[me] = foes
    for one in grown & touching.keys():
        touching[one] = sorted(touching[one], key=ranks.__getitem__)
    pinned = set(before.pinned)
    for one in affected | grown:
        side = roster[ranks[one]][1]
        for other in touching.get(one, ()):
            if roster[ranks[other]][1] != side:
                pinned.add(one)
                break
        else:
            pinned.discard(one)
    return touching, frozenset(pinned), measured


def _searched(state: DbgState) -> tuple[dict[str, list[str]], frozenset[str]]:
    """Every touching pair, found by sorting centres along x: only bases whose x differ by at
    most two of the largest radii plus the tolerance can touch, so most pairs are never
    measured; each candidate pair is then measured exactly as ``geometry.touching`` does.
    Returns who touches whom and who touches an enemy."""
    playing = [f for f in state.fighters.values() if f.status == IN_PLAY]
    touching: dict[str, list[str]] = {f.id: [] for f in playing}
    if len(playing) < 2:
        return touching, frozenset()
    limit = state.params.contact + EPS
    reach = 2 * max(f.base.radius for f in playing) + limit + _MARGIN
    ordered = sorted([(f.base.x, rank, f.base, f) for rank, f in enumerate(playing)])
    count = len(ordered)
    pairs: list[tuple[tuple[int, int], Fighter, Fighter]] = []
    for i, (ax, arank, ab, a) in enumerate(ordered):
        for j in range(i + 1, count):
            bx, brank, bb, b = ordered[j]
            if bx - ax > reach:
                break
            if gap(ab, bb) <= limit:
                pairs.append(((min(arank, brank), max(arank, brank)), a, b))
    pinned: set[str] = set()
    # In the order of the pairs' scenario ranks, so each list comes out in scenario order.
    pairs.sort(key=itemgetter(0))
    for _, a, b in pairs:
        touching[a.id].append(b.id)
        touching[b.id].append(a.id)
        if a.side != b.side:
            pinned.update((a.id, b.id))
    return touching, frozenset(pinned)
