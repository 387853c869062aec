"""The layout cache (``layout``) and the sweep-free shortcuts built on it give exactly what the
plain scans give (DBG-1 contact, DBG-15 zones, DBG-17 pinning, DBG-14 charges), however the
table changes: a stale answer would be a rules bug."""

from __future__ import annotations

import copy
import math
import random

from polemos.core.morale import Act
from polemos.core.table import EPS, gap
from polemos.rulesets.de_bello_gallico import menu, movement
from polemos.rulesets.de_bello_gallico.activation import may_activate, may_attack
from polemos.rulesets.de_bello_gallico.clone import clone_state
from polemos.rulesets.de_bello_gallico.geometry import (
    enemies,
    forbids,
    hundredths,
    in_contact,
    other_bases,
    pinned,
    stop_gaps,
)
from polemos.rulesets.de_bello_gallico.layout import held, layout, moved
from polemos.rulesets.de_bello_gallico.objectives import all_present
from polemos.rulesets.de_bello_gallico.state import DbgState
from tests.rulesets.de_bello_gallico.helpers import RED_FIRST, f, fighter, scenario, start, state

RIVER = {"id": "river", "kind": "river", "rect": [0, 24, 20, 26]}


def crowd(seed: int) -> dict:
    """Twenty-four fighters dropped at random by a river, in clumps where many touch."""
    rng = random.Random(seed)
    spots: list[tuple[float, float]] = []
    while len(spots) < 24:
        cx, cy = rng.choice([(10, 10), (40, 12), (12, 40), (38, 38)])
        x, y = round(cx + rng.uniform(-8, 8), 2), round(cy + rng.uniform(-8, 8), 2)
        clear = x > 21.5 or not 22.5 < y < 27.5
        if clear and all(((x - a) ** 2 + (y - b) ** 2) ** 0.5 >= 2.0 for a, b in spots):
            spots.append((x, y))
    return scenario(*(fighter(f"{'rb'[i % 2]}{i}", ("red", "blue")[i % 2], x, y)
                      for i, (x, y) in enumerate(spots)), width=50, height=50, terrain=[RIVER])


def plain_contacts(st: DbgState) -> dict[str, list[str]]:
    """DBG-1 by brute force: every pair of fighters in play, in scenario order."""
    limit = st.params.contact + EPS
    playing = [x for x in st.fighters.values() if x.in_play]
    return {a.id: [b.id for b in playing if b is not a and gap(a.base, b.base) <= limit]
            for a in playing}


def test_contacts_match_every_pair(pm) -> None:
    """DBG-1, DBG-17: the sorted pair search finds exactly the touching pairs."""
    for seed in range(20):
        st = state(start(crowd(seed), RED_FIRST, pm))
        table = layout(st)
        assert table.touching == plain_contacts(st)
        for x in st.fighters.values():
            by_hand = any(gap(x.base, e.base) <= st.params.contact + EPS
                          for e in enemies(st, x))
            assert pinned(st, x) == by_hand == (x.id in table.pinned)


def test_contacts_redone_after_a_few_moves_match_every_pair(pm) -> None:
    """DBG-1, DBG-17: after one to four fighters move, fall or come back, the contacts redone
    from the layout before are exactly the touching pairs, lists in scenario order."""
    rng = random.Random(7)
    for seed in range(12):
        st = state(start(crowd(seed), RED_FIRST, pm))
        layout(st)
        for _ in range(15):
            for x in rng.sample(list(st.fighters.values()), rng.randint(1, 4)):
                if rng.random() < 0.15:
                    x.status = "out" if x.in_play else "in_play"
                else:
                    x.base.x = min(max(x.base.x + rng.uniform(-3, 3), 1.0), 49.0)
                    x.base.y = min(max(x.base.y + rng.uniform(-3, 3), 1.0), 49.0)
            table = layout(st)
            assert table.touching == plain_contacts(st)
            assert table.pinned == {x.id for x in st.fighters.values() if x.in_play and any(
                gap(x.base, e.base) <= st.params.contact + EPS for e in enemies(st, x))}


def test_a_base_moved_by_hand_is_seen_at_once(pm) -> None:
    """DBG-17: the cache checks the positions at every question, so no change goes unseen."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 12.05, 10))
    game = start(raw, RED_FIRST, pm)
    st = state(game)
    assert pinned(st, f(game, "r1")) and in_contact(st, f(game, "r1")) == [f(game, "b1")]
    f(game, "b1").base.x = 30
    assert not pinned(st, f(game, "r1")) and in_contact(st, f(game, "r1")) == []
    f(game, "b1").base.x = 12.05
    f(game, "b1").status = "out"
    assert not pinned(st, f(game, "r1"))


def test_copies_share_a_layout_but_never_its_answers(pm) -> None:
    """A deep copy (transactions) shares the cache; moving one copy never changes the other's
    answers (DBG-17)."""
    raw = scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 12.05, 10))
    game = start(raw, RED_FIRST, pm)
    st = state(game)
    assert pinned(st, f(game, "r1"))
    twin = copy.deepcopy(st)
    twin.fighters["b1"].base.x = 30
    assert not pinned(twin, twin.fighters["r1"])
    assert pinned(st, f(game, "r1"))


def test_leaving_out_what_no_move_can_meet_changes_no_sweep(pm) -> None:
    """DBG-1, DBG-11, DBG-15: ``surroundings`` keeps only the bases and terrain within reach;
    every menu line sweeps to the same point as against the whole table."""
    dropped = [0, 0]
    for seed in range(20):
        st = state(start(crowd(seed), RED_FIRST, pm))
        for mover in st.fighters.values():
            near = movement.surroundings(st, mover)
            whole = movement.Surroundings(other_bases(st, mover), stop_gaps(st, mover),
                                          st.ground.impassable, near.foes, mover.base,
                                          st.ground.table)
            dropped[0] += len(whole.bases) - len(near.bases)
            dropped[1] += len(whole.obstacles) - len(near.obstacles)
            for label, heading in movement.HEADINGS:
                assert movement.line_options(st, mover, label, heading, near) == \
                    movement.line_options(st, mover, label, heading, whole)
    assert min(dropped) > 0


def test_gaps_measured_by_the_surroundings_are_the_enemy_gaps(pm) -> None:
    """DBG-1, DBG-38: the enemy gaps ``surroundings`` measures on its way, and leaves in the
    layout for the rest of the menu, are each enemy's ``gap`` in scenario order, to the bit."""
    for seed in range(6):
        st = state(start(crowd(seed), RED_FIRST, pm))
        for mover in st.fighters.values():
            expected = [(e, gap(mover.base, e.base)) for e in enemies(st, mover)]
            assert movement.surroundings(st, mover).foes == expected
            assert layout(st).enemy_gaps(st, mover) == [(e.id, d) for e, d in expected]


def test_cut_off_spots_are_refused_by_the_sweep_too(pm) -> None:
    """DBG-1, DBG-14, DBG-15: a charge spot ``cut_off`` passes over is always one
    ``path_problem`` refuses, so skipping its sweep changes no charge."""
    skipped = 0
    for seed in range(6):
        st = state(start(crowd(seed), RED_FIRST, pm))
        for mover in st.fighters.values():
            around = movement.surroundings(st, mover)
            for target in enemies(st, mover):
                ux, uy = target.base.x - mover.base.x, target.base.y - mover.base.y
                for k in range(15):
                    x = round(target.base.x + (k % 5 - 2) * 1.3 - 0.3 * ux, 2)
                    y = round(target.base.y + (k // 5 - 2) * 1.3 - 0.3 * uy, 2)
                    spot = type(mover.base)(mover.id, x, y, mover.base.radius)
                    if movement.cut_off(st, mover, spot, around):
                        skipped += 1
                        assert movement.path_problem(st, mover, x, y, around) is not None
    assert skipped > 50


def test_a_spot_surely_cut_off_before_rounding_is_cut_off_once_rounded(pm) -> None:
    """DBG-14: a charge spot ``_surely_cut_off`` skips before rounding it to hundredths is one
    ``cut_off`` passes over once rounded, whatever enemies it then touches: skipping the
    rounding changes no charge."""
    rng = random.Random(11)
    skipped = 0
    for seed in range(6):
        st = state(start(crowd(seed), RED_FIRST, pm))
        limit = st.params.contact + EPS
        for mover in st.fighters.values():
            around = movement.surroundings(st, mover)
            rows = around.rows()
            radius = mover.base.radius
            for target in enemies(st, mover):
                reach = radius + target.base.radius + st.params.contact / 2
                for _ in range(40):
                    angle = rng.uniform(0.0, 2 * math.pi)
                    x = target.base.x + reach * math.cos(angle)
                    y = target.base.y + reach * math.sin(angle)
                    if movement._surely_cut_off(x, y, radius, limit, rows):
                        skipped += 1
                        spot = type(mover.base)(mover.id, hundredths(x), hundredths(y), radius)
                        assert movement.cut_off(st, mover, spot, around)
    assert skipped > 100


def test_a_move_told_to_the_layout_is_the_move_it_would_find(pm) -> None:
    """DBG-1, DBG-17: ``moved`` (a move that says which base it moves) leaves the very layout
    a fresh look finds once the base is moved by hand: the same key, contacts, pins and
    enemy gaps."""
    rng = random.Random(11)
    for seed in range(12):
        st = state(start(crowd(seed), RED_FIRST, pm))
        for _ in range(15):
            mover = rng.choice([x for x in st.fighters.values() if x.in_play])
            x = min(max(mover.base.x + rng.uniform(-3, 3), 1.0), 49.0)
            y = min(max(mover.base.y + rng.uniform(-3, 3), 1.0), 49.0)
            twin = copy.deepcopy(st)
            twin._layout = None  # a fresh look, sharing nothing
            told = moved(st, mover, x, y)
            twin.fighters[mover.id].base.x, twin.fighters[mover.id].base.y = x, y
            found = layout(twin)
            assert (mover.base.x, mover.base.y) == (x, y)
            assert told is layout(st)
            assert (told.key, told.touching, told.pinned) == \
                (found.key, found.touching, found.pinned) and told.touching == plain_contacts(st)
            for someone in st.fighters.values():
                if someone.in_play:
                    assert told.enemy_gaps(st, someone) == \
                        found.enemy_gaps(twin, twin.fighters[someone.id])


def test_menu_moves_kept_across_a_shot_follow_what_changed(pm) -> None:
    """DBG-11, DBG-14, DBG-15, DBG-31: a fighter's charges and moves, kept in the layout for
    the rest of its activation (``menu.moves``), are made again once anything they read
    changes without a base moving: an enemy that retreats (no zone of control), one taken out
    of action, the Mouvement of a rider on foot (DBG-50)."""
    for seed in range(6):
        st = state(start(crowd(seed), RED_FIRST, pm))
        mover = next(x for x in st.fighters.values() if x.side == "red")
        foe = min(enemies(st, mover), key=lambda e: gap(mover.base, e.base))
        for who, what, value in ((foe, "retreating", True), (foe, "status", "out"),
                                 (mover, "move", 6.0)):
            kept = held(st, menu.moves, st, mover, None)
            assert held(st, menu.moves, st, mover, None) is kept
            setattr(who, what, value)
            twin = copy.deepcopy(st)
            twin._layout = None
            fresh = held(twin, menu.moves, twin, twin.fighters[mover.id], None)
            assert held(st, menu.moves, st, mover, None) == fresh


def test_each_sides_fighters_are_those_of_the_state_asked(pm) -> None:
    """``DbgState.by_side`` is kept per fighters dict: a copy of the state lists its own
    fighters, and whether a side is still present (``objectives.all_present``, asked after
    every action) reads their statuses as they stand, however they were changed."""
    st = state(start(crowd(3), RED_FIRST, pm))
    assert st.by_side() == {side: tuple(x for x in st.fighters.values() if x.side == side)
                            for side in ("red", "blue")}
    twin = clone_state(st, None, "de_bello_gallico")
    assert all(a is twin.fighters[a.id] for group in twin.by_side().values() for a in group)
    for x in twin.by_side()["blue"]:
        x.status = "out"
    assert not all_present(twin, ["red", "blue"]) and all_present(twin, ["red"])
    assert all_present(st, ["red", "blue"])
    for x in st.by_side()["red"][:-1]:
        x.status = "fled"
    assert all_present(st, ["red"])
    st.by_side()["red"][-1].status = "withdrawn"
    assert not all_present(st, ["red"])


def test_eligibility_read_off_the_layout_is_what_the_morale_table_forbids(pm) -> None:
    """DBG-12, DBG-18, DBG-52: ``may_activate`` and ``may_attack``, read straight off the
    statuses and the pinned set, agree with ``core.morale.FORBIDS`` through ``forbids``."""
    rng = random.Random(5)
    for seed in range(6):
        st = state(start(crowd(seed), RED_FIRST, pm))
        for x in st.fighters.values():
            x.retreating = rng.random() < 0.4
            x.bolting = x.retreating and rng.random() < 0.5
            x.status = "in_play" if rng.random() < 0.85 else "out"
            if rng.random() < 0.2:
                x.skills.append("frenzy")
        for x in st.fighters.values():
            playing = x.status == "in_play"
            activates = playing and (not pinned(st, x) if x.bolting
                                     else not forbids(st, x, Act.ACTIVATE))
            attacks = playing and not forbids(st, x, Act.ATTACK) and bool(in_contact(st, x))
            assert may_activate(st, x) == activates
            assert may_attack(st, x) == attacks
