"""Group collisions: melees, recipients, rammed groups and the push/throw threshold
(AT-33 … AT-41).

Decisions (where the seed gives only examples):
- Melees (AT-40, AT-41): the attackers are split by the unit of the vehicle each one aims at;
  each melee pools its damage and spreads it over the vehicles of that unit in contact with its
  attackers (or over its targets, when none is in contact: AT-34 joiners only).
- Rammed groups (AT-35): every vehicle damage may be spread to is the root (rank 0) of a group;
  the chain behind it follows ``polemos.core.table.contacts_on_path`` through enemy AFVs that are
  not roots, along the push direction (Assault) or the root's throw direction (Charge).
- Threshold (AT-36): members in contact with an attacker count 1 each; each rank of a group
  with no member in contact counts 2; the attacking unit's total damage is compared with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from polemos.core.table import (
    Vec,
    average_direction,
    contact_graph,
    contacts_on_path,
    direction_from,
    in_contact,
)
from polemos.rulesets.at43.state import At43Params, At43State, Collision, Melee


def spread(points: int, recipients: Sequence[str], extra: Iterable[str] = ()) -> dict[str, int]:
    """AT-33: ``points`` shared as evenly as possible (counts differ by at most 1); ``extra``
    names who gets the remainder (the active player's choice)."""
    if not recipients:
        return {}
    base, remainder = divmod(points, len(recipients))
    chosen = list(extra)
    if len(chosen) != remainder or len(set(chosen)) != remainder or \
            not set(chosen) <= set(recipients):
        raise ValueError(f"name {remainder} distinct recipients of the extra points")
    return {r: base + (1 if r in chosen else 0) for r in recipients}


def remainder_choices(points: int, recipients: Sequence[str]) -> list[tuple[str, ...]]:
    """Every legal way to hand out the remainder (AT-33); [()] when there is no choice."""
    if not recipients:
        return [()]
    return list(combinations(recipients, points % len(recipients)))


def melee_key(state: At43State, vehicle_id: str) -> str:
    target = state.vehicles[vehicle_id]
    return target.unit or target.id


def build_melees(state: At43State, params: At43Params, c: Collision) -> list[Melee]:
    """AT-40/AT-41: one melee per target unit, its recipients in contact with its attackers."""
    melees: dict[str, Melee] = {}
    for a in c.attackers:
        key = melee_key(state, a.target)
        melee = melees.setdefault(key, Melee(key, [], []))
        melee.attackers.append(a.id)
    for melee in melees.values():
        bases = [state.vehicles[a].base for a in melee.attackers]
        targets = [a.target for a in c.attackers if a.id in melee.attackers]
        candidates = [v for v in state.vehicles.values()
                      if melee_key(state, v.id) == melee.unit and (not v.wreck or v.id in targets)]
        touched = [v.id for v in candidates
                   if any(in_contact(v.base, b, params.contact) for b in bases)]
        ordered = list(dict.fromkeys(t for t in targets if t in touched))
        melee.recipients = ordered + sorted(t for t in touched if t not in ordered)
        if not melee.recipients:
            melee.recipients = list(dict.fromkeys(targets))
    return list(melees.values())


def touching(state: At43State, params: At43Params, c: Collision, vehicle_id: str) -> list[str]:
    """Attackers in contact with a vehicle (AT-1), in declaration order."""
    base = state.vehicles[vehicle_id].base
    return [a.id for a in c.attackers
            if in_contact(base, state.vehicles[a.id].base, params.contact)]


def held_or_mean(vectors: Iterable[Vec]) -> Vec | None:
    """The mean direction of several attackers (AT-39, AT-40), or None when they cancel.

    Decision (opposed attackers; the rules are silent): attackers driving into a target from
    exactly opposite sides hold it between them — it is neither pushed nor thrown (it keeps its
    damage), as a vehicle caught between two others would be on the table."""
    given = list(vectors)
    try:
        return average_direction(given)
    except ValueError:
        if not given:
            raise
        return None


def push_direction(state: At43State, c: Collision, attackers: Sequence[str]) -> Vec | None:
    """AT-22, AT-40 Decision: the travel direction, averaged over several attackers (None:
    held between opposed attackers)."""
    travels = (c.attacker(a).travel for a in attackers)
    return held_or_mean((t[0], t[1]) for t in travels)


def throw_direction(state: At43State, c: Collision, vehicle_id: str) -> Vec | None:
    """AT-30, AT-39: the line from the attackers' centres through the target's (averaged);
    from its own attackers when none is in contact (AT-34 joiners only). None: held between
    opposed attackers."""
    sources = c.touching.get(vehicle_id) or [a.id for a in c.attackers if a.target == vehicle_id]
    target = state.vehicles[vehicle_id].base
    return held_or_mean(direction_from(state.vehicles[a].base, target) for a in sources)


def rammed_groups(state: At43State, params: At43Params, c: Collision) -> None:
    """AT-35: fill ``c.ranks``, ``c.roots`` and ``c.touching`` from the contact graph."""
    roots = list(dict.fromkeys(r for m in c.melees for r in m.recipients))
    enemies = {v.id: v.base for v in state.vehicles.values()
               if not v.wreck and v.side and v.side != c.side}
    graph = contact_graph([v.base for v in state.vehicles.values()], params.contact)
    claimed: set[str] = set(roots)
    everyone = [a.id for a in c.attackers]
    for root in roots:
        c.touching[root] = touching(state, params, c, root)
        direction = (throw_direction(state, c, root) if c.charged
                     else push_direction(state, c, everyone))
        pool = {k: b for k, b in enemies.items() if k not in claimed or k == root}
        pool[root] = state.vehicles[root].base
        chain = ({root: 0} if direction is None  # held: it drives into nothing
                 else contacts_on_path(graph, root, pool, direction))
        for member, rank in chain.items():
            c.ranks[member] = rank
            c.roots[member] = root
            claimed.add(member)
            if member != root:
                c.touching[member] = touching(state, params, c, member)


def threshold(c: Collision) -> int:
    """AT-36: 1 per member in contact with the attackers + 2 per rank with none in contact."""
    in_touch = sum(1 for m in c.ranks if c.touching.get(m))
    ranks_out = 0
    for root in dict.fromkeys(c.roots.values()):
        members = [m for m, r in c.roots.items() if r == root]
        for rank in sorted({c.ranks[m] for m in members}):
            if not any(c.touching.get(m) for m in members if c.ranks[m] == rank):
                ranks_out += 1
    return in_touch + 2 * ranks_out
