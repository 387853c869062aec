"""Melee (DBG-18 … DBG-21, DBG-31, DBG-50, DBG-53): one duel per attack, one die each.

Score = die + Combat + modifiers (DBG-53). The higher score wins and a tie does nothing; the
margin (winner's damage score − loser's duel score) wounds (1–4) or puts out of action (≥ 5);
the loser tests at once, and a failure retreats on an odd die or turns Frenzied on an even one.
"""

from __future__ import annotations

from polemos.core.morale import MoraleShock
from polemos.rulesets.de_bello_gallico.geometry import (
    ground_height,
    in_contact,
    in_difficult_ground,
)
from polemos.rulesets.de_bello_gallico.models import ITEMS
from polemos.rulesets.de_bello_gallico.morale_rules import DUEL, HORSE, Resolver
from polemos.rulesets.de_bello_gallico.state import DbgState, Fighter, skill_bonus

Problem = tuple[str, str] | None
Modifiers = list[tuple[int, str]]


def attack_problem(state: DbgState, attacker: Fighter, target: Fighter, at: str) -> Problem:
    """DBG-18: an enemy touching the attacker; DBG-50: the mount only of a mounted target."""
    if attacker.retreating:
        return "DBG-31", f"{attacker.id} is retreating and never attacks"
    if target not in in_contact(state, attacker):
        return "DBG-18", f"{target.id!r} is not an enemy in base contact with {attacker.id}"
    if at == "mount" and target.mount is None:
        return "DBG-50", f"{target.id} has no mount"
    return None


def modifiers(state: DbgState, fighter: Fighter, opponent: Fighter, *, mount: bool = False
              ) -> Modifiers:
    """DBG-53 (they add up), with the skills' Combat (Frenzy DBG-38, Evocatus DBG-45).

    A mount fighting for its rider keeps only what the place and the flight do to it.
    """
    mods: Modifiers = []
    if not mount:
        if fighter.shot_turn == state.turn:
            mods.append((-1, "shot this turn"))
        for item in fighter.items:
            if ITEMS[item].combat:
                mods.append((ITEMS[item].combat, f"carries the {ITEMS[item].title}"))
        if any(ITEMS[item].two_handed for item in fighter.items):
            mods.append((-1, "two-handed weapon"))
        bonus = skill_bonus(fighter, "combat")
        if bonus:
            mods.append((bonus, "skills"))
    if fighter.retreating:
        mods.append((-1, "retreating"))
    ground = state.ground
    if in_difficult_ground(ground, fighter.base) or \
            ground_height(ground, fighter.base) < ground_height(ground, opponent.base):
        mods.append((-1, "difficult terrain or lower ground"))
    return mods


def resolve_attack(resolver: Resolver, attacker: Fighter, target: Fighter, at: str) -> None:
    """One duel and its consequences (DBG-18 … DBG-21, DBG-50, DBG-51)."""
    state = resolver.state
    game = resolver.game
    on_mount = at == "mount"
    a_mods = modifiers(state, attacker, target)
    d_mods = modifiers(state, target, attacker, mount=on_mount)
    d_combat = ITEMS[target.mount].mount_combat if on_mount and target.mount else target.combat
    a_die = game.dice.roll(1, sides=state.die, purpose=f"{attacker.id} attacks {target.id}",
                           rule="DBG-18", unit=attacker.id)[0]
    d_die = game.dice.roll(1, sides=state.die, purpose=f"{target.id} defends", rule="DBG-18",
                           unit=target.id)[0]
    a_score = a_die + attacker.combat + sum(v for v, _ in a_mods)
    d_score = d_die + (d_combat or 0) + sum(v for v, _ in d_mods)
    rules = ["DBG-18", "DBG-53"] + (["DBG-50"] if on_mount else [])
    if a_score == d_score:
        game.emit("duel", attacker=attacker.id, target=target.id, at=at, scores=[a_score, d_score],
                  modifiers=[_text(a_mods), _text(d_mods)], winner=None, rules=rules)
        return
    attacker_won = a_score > d_score
    winner, loser = (attacker, target) if attacker_won else (target, attacker)
    win_score, lose_score = (a_score, d_score) if attacker_won else (d_score, a_score)
    winner_is_mount = on_mount and not attacker_won
    damage = win_score + (2 if not winner_is_mount and _two_handed(winner) else 0)
    margin = damage - lose_score
    if damage != win_score:
        rules.append("DBG-20")
    game.emit("duel", attacker=attacker.id, target=target.id, at=at, scores=[a_score, d_score],
              modifiers=[_text(a_mods), _text(d_mods)], winner=winner.id, margin=margin,
              rules=rules + ["DBG-19"])
    if on_mount and attacker_won:
        _hurt_mount(resolver, target, margin, attacker)
        return
    cause = f"lost a duel to {winner.id}"
    if margin >= state.params.killing_margin:
        resolver.take_out(loser, cause, ["DBG-19"])
    else:
        resolver.wound(loser, cause, "DBG-19", test=False)
    resolver.shock([MoraleShock(loser.id, cause, DUEL, source=winner.id)])


def _hurt_mount(resolver: Resolver, rider: Fighter, margin: int, attacker: Fighter) -> None:
    """DBG-50: the mount is wounded, or killed at margin ≥ 5 (the rider goes on foot);
    DBG-51: a wounded mount makes its rider test."""
    params = resolver.state.params
    game = resolver.game
    if margin >= params.killing_margin or rider.mount_wounds:
        game.emit("mount_killed", unit=rider.id, mount=rider.mount, by=attacker.id,
                  rules=["DBG-50", "DBG-7"])
        rider.mount = None
        rider.mount_wounds = 0
        rider.move = params.foot_move
        rider.bolting = False
        return
    rider.mount_wounds = 1
    game.emit("mount_wounded", unit=rider.id, mount=rider.mount, by=attacker.id, rule="DBG-50")
    resolver.shock([MoraleShock(rider.id, f"its {rider.mount} is wounded", HORSE,
                                source=attacker.id)])


def _two_handed(fighter: Fighter) -> bool:
    return any(ITEMS[item].two_handed for item in fighter.items)


def _text(mods: Modifiers) -> list[str]:
    return [f"{value:+d} {why}" for value, why in mods]
