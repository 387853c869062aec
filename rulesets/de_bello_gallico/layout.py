"""Who touches whom and how far apart fighters stand, computed once per arrangement of the table.

Every decision asks the same geometric questions many times over: is this fighter pinned
(DBG-17), does that enemy have a zone of control (DBG-15), is a target touching anyone (DBG-22),
which enemy is nearest (DBG-38, the menu's heading). Answered from scratch each is a scan of the
table, and a menu asks hundreds, so the answers are kept here.

**No stale answer.** A ``Layout`` is a pure function of its ``key``: every fighter's centre and
radius while in play (None once it is not), in scenario order, and the DBG-1 tolerance. Each
query rebuilds the key from the live state (a few microseconds) and recomputes when it differs,
so a change made anywhere — a rule, another ruleset's hit, a test moving a base by hand — is seen
at the next query with no invalidation to forget. Ids and sides are never stored in the key: they
are fixed for the fighters of a scenario, and a layout is only ever shared between copies of one
game's state (``clone``), which have the same fighters. Everything else a rule reads (Retreat
markers, roles, Frenzy) is read live by the callers, never from here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from operator import itemgetter
from typing import Any

from polemos.core.table import EPS, gap
from polemos.core.world import Presence
from polemos.rulesets.de_bello_gallico.state import IN_PLAY, DbgState, Fighter

Key = tuple[Any, ...]

_MARGIN = 1e-6
"""cm added to the pair search's reach so float rounding can never drop a touching pair; the
exact DBG-1 test (``gap``) then decides."""


def layout_key(state: DbgState) -> Key:
    """What a layout is computed from: positions and radii of the fighters in play."""
    return (state.params.contact, *[(f.base.x, f.base.y, f.base.radius)
                                    if f.status == IN_PLAY else None
                                    for f in state.fighters.values()])


class Layout:
    """Contacts among the fighters in play (DBG-1) and, on demand, each one's gaps to its
    enemies, for one ``key``."""

    __slots__ = ("key", "touching", "pinned", "targets", "presences", "_enemy_gaps")

    def __init__(self, state: DbgState, key: Key) -> None:
        self.key = key
        self.touching, self.pinned = _contacts(state)
        """In-play fighter id → ids of the in-play fighters its base touches, any side, in
        scenario order (DBG-1); and the ids of those touching an enemy (pinned, DBG-17)."""
        self.targets: dict[tuple[str, float], list[str]] = {}
        """(shooter id, range) → ids of the enemies it may shoot (DBG-22 … DBG-24), filled in
        as asked (``shooting.targets``)."""
        self.presences: list[Presence] | None = None
        """What the other rulesets see of the fighters in play (MIX-3), once asked
        (``DeBelloGallico.presences``; frozen records, so shared)."""
        self._enemy_gaps: dict[str, list[tuple[str, float]]] = {}

    def enemy_gaps(self, state: DbgState, fighter: Fighter) -> list[tuple[str, float]]:
        """(id, edge gap) of each enemy in play, in scenario order. Kept only for a fighter in
        play: the key holds no position of the others."""
        found = self._enemy_gaps.get(fighter.id)
        if found is None:
            base, side = fighter.base, fighter.side
            found = [(e.id, gap(base, e.base)) for e in state.fighters.values()
                     if e.status == IN_PLAY and e.side != side]
            if fighter.status == IN_PLAY:
                self._enemy_gaps[fighter.id] = found
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> Layout:
        """Immutable for its key (the gap and target lists only fill in), so copies of a
        state share it."""
        return self


def layout(state: DbgState) -> Layout:
    """The layout of the table as it stands now."""
    trusted = state._held
    if trusted is not None:
        return trusted
    key = layout_key(state)
    current = state._layout
    if current is None or current.key != key:
        current = state._layout = Layout(state, key)
    return current


@contextmanager
def held(state: DbgState) -> Iterator[None]:
    """Check the layout once for a whole query that moves nothing (``legal_actions``,
    ``check``): a menu asks ``layout`` dozens of times, and rebuilding the key for each costs
    more than all its answers. Inside, the positions are the ruleset's own reading of a state
    nobody changes; outside, every query checks the key again. Nested holds keep the outer."""
    if state._held is not None:
        yield
        return
    state._held = layout(state)
    try:
        yield
    finally:
        state._held = None


def _contacts(state: DbgState) -> tuple[dict[str, list[str]], frozenset[str]]:
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
