"""The active player's choices during a collision: what is offered, what is refused, and how
each is applied (AT-21, AT-29, AT-33, AT-34, AT-37, AT-39 … AT-41).

Kinds: ``join {target, offset}`` and ``strike`` (stage "join"), ``allot {extra}`` (AT-33),
``split {extra}`` (AT-39), ``push`` / ``no_push`` (AT-21), ``throw {target}`` (AT-37, AT-40,
AT-41). ``extra`` lists, comma-separated, who takes the remainder of an even share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from polemos.core.actions import Action
from polemos.rulesets.at43 import collision
from polemos.rulesets.at43.groups import remainder_choices
from polemos.rulesets.at43.push import push
from polemos.rulesets.at43.ram import RamPlan, plan_ram
from polemos.rulesets.at43.state import At43Params, At43State, Collision, Vehicle
from polemos.rulesets.at43.throw import candidates, throw_next

if TYPE_CHECKING:
    from polemos.core.context import Context

KINDS = ("join", "strike", "allot", "split", "push", "no_push", "throw")
Problem = tuple[str, str] | None


def legal(state: At43State, params: At43Params, c: Collision) -> list[Action]:
    """The choices offered at the collision's current stage."""
    if c.stage == "join":
        actions = [Action("join", v.id, {"target": t, "offset": o})
                   for v in collision.joiners(state, c)
                   for t, o, _ in collision.join_plans(state, params, c, v)]
        return actions + [Action("strike")]
    if c.stage == "allot":
        pending = collision.pending_allotment(c)
        assert pending is not None
        return [Action("allot", None, {"extra": ",".join(extra)})
                for extra in remainder_choices(pending[1], pending[2])]
    if c.stage == "split":
        pending = collision.pending_split(state, c)
        assert pending is not None
        return [Action("split", None, {"extra": ",".join(extra)})
                for extra in remainder_choices(pending[1], pending[2])]
    if c.stage == "push":
        return [Action("push"), Action("no_push")]
    return [Action("throw", None, {"target": t}) for t in candidates(c)]


def problem(state: At43State, params: At43Params, c: Collision, action: Action) -> Problem:
    """Why a choice during a collision is refused now, with the rule that forbids it."""
    kind, args = action.kind, action.args
    if kind in ("push", "no_push"):
        if c.stage == "push":
            return None
        if c.charged:
            return "AT-29", "a Charge throws, whether the attacker wants it or not: no push"
        return "AT-21", "no push to choose now"
    if kind in ("join", "strike"):
        if c.stage != "join":
            return "AT-34", "attackers join before the impacts are rolled"
        if kind == "strike":
            return None
        vehicle = state.vehicles.get(action.unit or "")
        if vehicle is None or vehicle not in collision.joiners(state, c):
            return "AT-34", (f"{action.unit} is not an AFV of {c.unit} that may still "
                             "join the ram")
        if args["target"] not in collision.join_targets(state, params, c):
            return "AT-41", (f"{args['target']!r} is not a rammed vehicle, of its "
                             "unit, nor in contact with one")
        return _join_problem(state, params, c, vehicle, args)
    if kind == "allot":
        pending = collision.pending_allotment(c) if c.stage == "allot" else None
        if pending is None:
            return "AT-33", "no damage to allot now"
        return _extra_problem(args["extra"], pending[1], pending[2], "AT-33")
    if kind == "split":
        pending = collision.pending_split(state, c) if c.stage == "split" else None
        if pending is None:
            return "AT-39", "no backlash to share out now"
        return _extra_problem(args["extra"], pending[1], pending[2], "AT-39")
    if c.stage != "throw":
        return "AT-29", "no throw to order now"
    if args["target"] not in candidates(c):
        return "AT-37", f"throw the farthest first; choose among {candidates(c)}"
    return None


def apply(state: At43State, params: At43Params, action: Action, game: Context) -> None:
    """Resolve a checked choice, then run the collision on to the next one."""
    c = state.collision
    assert c is not None
    kind, args = action.kind, action.args
    if kind == "join":
        assert action.unit is not None  # a join names the joining AFV (``actions``)
        vehicle = state.vehicles[action.unit]
        plan = _join_plan(state, params, c, vehicle, args)
        assert isinstance(plan, RamPlan)
        collision.join(state, params, vehicle, plan, game)
        return
    if kind == "strike":
        collision.strike(state, params, game)
        return
    if kind == "allot":
        pending = collision.pending_allotment(c)
        assert pending is not None
        collision.allot(state, c, pending[0], _names(args["extra"]), game)
    elif kind == "split":
        pending = collision.pending_split(state, c)
        assert pending is not None
        collision.share(c, pending[0], pending[2], _names(args["extra"]), game)
    elif kind == "push":
        push(state, params, c, game)
        c.stage = "done"
    elif kind == "no_push":
        game.emit("no_push", units=[a.id for a in c.attackers], rule="AT-21")
        c.stage = "done"
    else:
        throw_next(state, params, c, game, args["target"])
    collision.advance(state, params, game)


def _names(extra: str) -> tuple[str, ...]:
    return tuple(n for n in extra.split(",") if n)


def _extra_problem(extra: str, points: int, among: list[str], rule: str) -> Problem:
    """``extra`` must name exactly the remainder's worth of distinct recipients (AT-33, AT-39)."""
    names = _names(extra)
    wanted = points % len(among) if among else 0
    if len(names) != wanted or len(set(names)) != wanted or not set(names) <= set(among):
        return rule, (f"{points} points over {among}: name {wanted} distinct of them to take "
                      "the extra point (as evenly as possible)")
    return None


def _join_plan(state: At43State, params: At43Params, c: Collision, vehicle: Vehicle,
               args: dict[str, Any]) -> Problem | RamPlan:
    """A join is a rush and a ram at once (AT-11)."""
    return plan_ram(state, params, vehicle, args["target"], args["offset"],
                    [a.id for a in c.attackers], mode="rush")


def _join_problem(state: At43State, params: At43Params, c: Collision, vehicle: Vehicle,
                  args: dict[str, Any]) -> Problem:
    plan = _join_plan(state, params, c, vehicle, args)
    return plan if not isinstance(plan, RamPlan) else None
