"""The yardstick for the engine: Petit Cirque Volant written by hand, as one would write a
small game with no framework, and the random policy, timed beside the engine in one process.

The bare loop knows only the rules (PCV-1 … PCV-18, the house rules PCV-O1 … PCV-O4 that the
6v6 scenario switches on) and reads the same scenario YAML; no engine, no validation, no event
log, no action objects. It plays the *same games* as ``Game.new(loaded, pm, seed=s,
transactional=False)`` with ``RandomBot(bot_rng(s, side))``: the same die stream (a
``random.Random(seed)``, a D6 as ``int(random() * 6) + 1``), each side's bot drawing from its own
generator, and every menu listed in the ruleset's order of legal actions (moves: per aircraft,
steps level/down/up × straight/left/right then loops up/down; speeds −1, 0, +1; fire: per
aircraft, every legal target then hold). ``tests/test_bench_reference.py`` checks it seed by
seed (same length, same winner), so the ratio compares like with like.

Prints the engine's and the bare loop's µs per action and their ratio (goal ≤ 1.5×), and where
the engine's share goes: the same games played by the ruleset's functions with the engine's parts
added one by one (``LAYERS``), each layer's µs per action over the one before. All of them are
timed in turn, round after round (``interleaved``), on the same seeds.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from benchmarks.common import (
    SCENARIOS,
    GamePlay,
    Sink,
    calibrate,
    engine_game,
    interleaved,
    report,
    scenario,
)
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot

FILES = (("duel", "petit-cirque/duel.yaml"), ("6v6", "petit-cirque/dogfight-6v6.yaml"))
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""Axial hex vectors by facing: E, SE, SW, W, NW, NE (PCV-1)."""
FACINGS = ("E", "SE", "SW", "W", "NW", "NE")
TURNS = (0, -1, 1)
"""PCV-9: straight ahead, front-left, front-right (the nose turns with the step)."""
STEPS = tuple((cost, change, tuple((turn, cost, change, False) for turn in TURNS))
              for cost, change in ((1, 0), (1, -1), (2, 1)))
"""Steps level, down (PCV-6) and up (PCV-7): MP cost, altitude change, and their menu entries
``(turn, cost, change, loop)``."""
LOOP_UP, LOOP_DOWN = (3, 3, 1, True), (3, 3, -1, True)
"""PCV-8: a loop turns 180° after its hex, for 3 MP, one level up or down."""
NEEDED = ((4, 5, 6), (5, 6, 0))
"""PCV-15 / PCV-16: the D6 score to hit by hex 1, 2, 3, same altitude or one level apart;
0 = no shot."""
GUN_OFFSETS = {"right": 1, "rear-right": 2, "rear": 3, "rear-left": 4, "left": 5}
"""PCV-O3: extra guns as hexside offsets from the facing."""
Move = tuple[int, int, int, bool]


@dataclass(slots=True)
class Role:
    """What a role may do: the rules as written unless a house rule changes it (PCV-O1 … O4)."""

    ceiling: int = 6
    max_speed: int = 6
    loops: bool = True
    guns: tuple[int, ...] = (0,)
    hits: int = 2


@dataclass(slots=True)
class Plane:
    id: str
    side: str
    role: Role
    q: int
    r: int
    facing: int
    alt: int
    speed: int
    damage: int = 0
    alive: bool = True


@dataclass(slots=True)
class Scenario:
    width: int
    height: int
    sides: list[str]
    first: str | None
    max_rounds: int
    hold_out: str | None
    aircraft: list[dict[str, Any]]
    roles: dict[str, Role] = field(default_factory=dict)


def load(path: Path) -> Scenario:
    """The scenario file's fields this loop knows; anything else it would play wrong is refused."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    unknown = set(raw.get("plugins", [])) - {"pcv_house_rules"}
    if raw["ruleset"] != "petit_cirque" or unknown or "position" in raw:
        raise ValueError(f"{path}: the bare loop plays plain Petit Cirque Volant only")
    roles = {"fighter": Role(), "bomber": Role()}
    house = raw.get("options", {}).get("pcv_house_rules", {})
    bomber = roles["bomber"]
    bomber.ceiling = house.get("bomber_ceiling", 6)
    bomber.max_speed = house.get("bomber_max_speed", 6)
    bomber.loops = house.get("bombers_loop", True)
    for name, guns in house.get("extra_guns", {}).items():
        roles[name].guns = (0, *sorted({GUN_OFFSETS[gun] for gun in guns}))
    for name, hits in house.get("hits_to_destroy", {}).items():
        roles[name].hits = hits
    return Scenario(raw["map"]["width"], raw["map"]["height"], raw["sides"],
                    raw.get("first_side"), raw.get("max_rounds", 30), raw.get("hold_out"),
                    raw["aircraft"], roles)


class BareGame:
    """One game: the planes, the dice and the two bots' generators."""

    def __init__(self, sc: Scenario, seed: int) -> None:
        self.sc = sc
        self.dice = random.Random(seed)
        self.bots = {side: random.Random(f"polemos-bot:{seed}:{side}") for side in sc.sides}
        self.planes = []
        for a in sc.aircraft:
            col, row = a["hex"]
            self.planes.append(Plane(a["id"], a["side"], sc.roles[a.get("role", "fighter")],
                                     col - (row - (row & 1)) // 2, row, FACINGS.index(a["facing"]),
                                     a["altitude"], a["speed"],
                                     a.get("damage", int(a.get("damaged", False)))))
        self.actions = 0
        self.winner: str | None = None

    def d6(self) -> int:
        return int(self.dice.random() * 6) + 1

    def choose(self, side: str, menu: list[Any]) -> Any:
        self.actions += 1
        return menu[int(self.bots[side].random() * len(menu))]

    def decided(self) -> bool:
        """PCV-3: the game ends once at most one side has aircraft in the air."""
        flying = {p.side for p in self.planes if p.alive}
        if len(flying) > 1:
            return False
        self.winner = flying.pop() if flying else None
        return True

    def play(self) -> tuple[int, str | None]:
        """Play to the end: (actions, winner)."""
        sc = self.sc
        first = sc.first if sc.first is not None else self.roll_off()
        at = sc.sides.index(first)
        order = sc.sides[at:] + sc.sides[:at]
        for _ in range(sc.max_rounds):
            for side in order:
                if self.move_phase(side) or self.fire_phase(side):
                    return self.actions, self.winner
        held = sc.hold_out is not None and any(p.alive and p.side == sc.hold_out
                                               for p in self.planes)
        return self.actions, sc.hold_out if held else None

    def roll_off(self) -> str:
        """PCV-4: each side rolls a D6, the highest starts, ties are re-rolled."""
        while True:
            rolls = [(self.d6(), side) for side in self.sc.sides]
            best = max(roll for roll, _ in rolls)
            leaders = [side for roll, side in rolls if roll == best]
            if len(leaders) == 1:
                return leaders[0]

    # -- movement (PCV-5 … PCV-13) --------------------------------------------------------
    def move_phase(self, side: str) -> bool:
        """Every aircraft of the side moves, one whole move at a time; True if the game ended."""
        waiting = [p for p in self.planes if p.side == side and p.alive]
        while waiting:
            plane, option = self.choose(side, [(p, move) for p in waiting
                                               for move in self.moves(p, p.speed)])
            waiting.remove(plane)
            mp = plane.speed
            while True:
                mp = self.move(plane, option, mp)
                if not plane.alive:
                    break
                if mp == 0:
                    self.set_speed(plane, side)
                    break
                option = self.choose(side, self.moves(plane, mp))
            if self.decided():
                return True
            waiting = [p for p in waiting if p.alive]
        return False

    def moves(self, p: Plane, mp: int) -> list[Move]:
        """The legal steps then loops with ``mp`` MP left, in menu order (PCV-6 … PCV-8)."""
        climb = p.alt < min(6, p.role.ceiling)  # PCV-7, PCV-O1
        options: list[Move] = []
        for cost, change, steps in STEPS:
            if mp >= cost and (change < 1 or climb):
                options += steps
        if p.role.loops and mp >= 3:  # PCV-O2
            if climb:
                options.append(LOOP_UP)
            options.append(LOOP_DOWN)
        return options

    def move(self, p: Plane, option: Move, mp: int) -> int:
        """One step or loop, then what entering the hex means (PCV-11 … PCV-13): the MP left."""
        turn, cost, change, loop = option
        if not loop:
            p.facing = (p.facing + turn) % 6
        dq, dr = DIRECTIONS[p.facing]
        if loop:
            p.facing = (p.facing + turn) % 6
        p.q += dq
        p.r += dr
        p.alt += change
        mp -= cost
        col = p.q + (p.r - (p.r & 1)) // 2
        if not (0 <= col < self.sc.width and 0 <= p.r < self.sc.height) or p.alt <= 0:
            p.alive = False  # PCV-13 left the cloth, PCV-11 landed
            return mp
        for other in self.planes:  # PCV-12: same hex, same altitude
            if other.alive and other is not p and other.alt == p.alt and other.q == p.q \
                    and other.r == p.r:
                other.alive = p.alive = False
                break
        return mp

    def set_speed(self, p: Plane, side: str) -> None:
        """PCV-10: ±1 for next turn, never above the cap; PCV-11: speed 0 falls."""
        cap = min(6, p.role.max_speed)
        p.speed += self.choose(side, [c for c in (-1, 0, 1) if p.speed + c <= cap])
        if p.speed <= 0:
            p.alive = False

    # -- fire (PCV-14 … PCV-18) -----------------------------------------------------------
    def fire_phase(self, side: str) -> bool:
        """Each aircraft of the side fires once or holds; True if the game ended."""
        waiting = [p for p in self.planes if p.side == side and p.alive]
        while waiting:
            menu: list[tuple[Plane, Plane | None, int]] = []
            for p in waiting:
                menu += [(p, t, needed) for t in self.planes
                         if t.alive and t.side != side and (needed := self.needed(p, t))]
                menu.append((p, None, 0))
            firer, target, needed = self.choose(side, menu)
            waiting.remove(firer)
            if target is not None:
                roll = self.d6()
                if roll >= needed:
                    target.damage += 1
                    if roll == 6 or target.damage >= target.role.hits:  # PCV-17
                        target.alive = False
                        if self.decided():
                            return True
        return False

    @staticmethod
    def needed(p: Plane, t: Plane) -> int:
        """The score to hit ``t`` (0: no shot): on a gun's line within 3 hexes, at most one
        level apart, not in the firer's own hex (PCV-14 … PCV-16)."""
        levels = abs(p.alt - t.alt)
        if levels > 1:
            return 0
        dq, dr = t.q - p.q, t.r - p.r
        for offset in p.role.guns:
            vq, vr = DIRECTIONS[(p.facing + offset) % 6]
            for distance in (1, 2, 3):
                if dq == vq * distance and dr == vr * distance:
                    return NEEDED[levels][distance - 1]
        return 0


def bare_game(scenario: Scenario, seed: int) -> tuple[int, str | None]:
    """Game ``seed`` played by the bare loop: (actions, winner)."""
    return BareGame(scenario, seed).play()


LAYERS = ("rules", "log", "players", "step")
"""The engine taken apart, each layer adding one part to the one before: ``rules``, a game set
up by ``Game.new`` (house rules configured) whose ruleset functions are called directly, with a
``Sink`` for the game (no event log, dice that log nowhere) and the bots' choices made inline;
``log``, the game itself (dice and event log); ``players``, bots made by ``make_bot`` and asked
through the player protocol; ``step``, every action through ``Game._resolve`` (the offered-menu
check, the action record and its event). The whole engine (``polemos.core.engine.play``) adds
its loop."""


@functools.cache
def sink() -> Sink:
    """One ``Sink`` for every game of the ``rules`` layer, given each game's dice: making its
    world and plugin manager per game would count them against the ruleset."""
    return Sink(0)


def layered_game(path: str, seed: int, layer: str) -> int:
    """Game ``seed`` of a shipped scenario, random bots, with the engine up to ``layer``
    (``LAYERS``): its number of actions. Every layer plays the engine's very games."""
    loaded, pm = scenario(path)
    game = Game.new(loaded, pm, seed=seed, transactional=False)
    rules, state = game.rules, game.state
    context: Game | Sink = game
    if layer == "rules":
        context = sink()
        context.dice, game.dice.log = game.dice, None  # they go on from where they stand
    sides = rules.sides(state)
    inline = layer in ("rules", "log")  # the layers' tests, made once: each costs the same
    if inline:
        draws = {side: bot_rng(seed, side).random for side in sides}
    else:
        choosers = {side: make_bot(pm, rules.name, "random", bot_rng(seed, side)).choose
                    for side in sides}
    resolve = game._resolve if layer == "step" else None
    actions = 0
    while (side := rules.to_act(state)) is not None:
        legal = rules.legal_actions(state)
        if inline:
            action = legal[int(draws[side]() * len(legal))]
        else:
            action = choosers[side](rules, state, side, legal)
        if resolve is not None:
            resolve(action, side, legal)
        else:
            rules.apply(state, action, context)
        actions += 1
    return actions


def main() -> None:
    for name, path in FILES:
        bare_scenario = load(SCENARIOS / path)

        def engine(seed: int, path: str = path) -> int:
            return engine_game(path, seed)

        def bare(seed: int, sc: Scenario = bare_scenario) -> int:
            return bare_game(sc, seed)[0]

        def layered(layer: str, path: str = path) -> GamePlay:
            return functools.partial(layered_game, path, layer=layer)

        seeds = calibrate(engine, 1.0, 20)  # the same games for all
        engine_us, bare_us, *layers_us = interleaved(
            [(play, seeds) for play in (engine, bare, *(layered(layer) for layer in LAYERS))])
        report(f"reference_pcv_{name}_engine_us_per_action", engine_us, "us")
        report(f"reference_pcv_{name}_bare_us_per_action", bare_us, "us")
        report(f"reference_pcv_{name}_engine_over_bare", engine_us / bare_us, "x")
        below = bare_us
        for layer, us in zip(LAYERS, layers_us, strict=True):
            report(f"reference_pcv_{name}_{layer}_adds_us_per_action", us - below, "us")
            below = us
        report(f"reference_pcv_{name}_loop_adds_us_per_action", engine_us - below, "us")


if __name__ == "__main__":
    main()
