"""The ``position:`` block of an Aeronautica scenario: a game that starts part-way.

A referee sets up a dispute, a rule test starts where the rule bites, a save exports where it
stands (design.md, "Positions as data"). The units' own statuses (damage, markers, ammo,
troops, tailing, altitude, speed) are fields of their placements; this block holds what the
turn carries between decisions:

- ``turn``, ``phase`` (AI-19);
- ``orders``: the manoeuvre tokens each side has committed, ``draft`` those the side choosing
  now has given so far, ``revealed`` the aircraft whose token has been shown (AI-20). A
  referee's position holds every token; a player's view still hides the opponent's unshown
  ones;
- ``initiative`` (AI-21) and ``first_mover`` (AI-24);
- ``next_side`` and ``to_activate``: the alternation of the Tailing Fire, Movement or Firing
  phase (AI-22, AI-24, AI-25) — the side whose model acts next, the models still to act;
- ``flight``: the aircraft in the middle of its move and what it has left (AI-27 .. AI-35);
- ``volley``: the model in the middle of its fire (AI-43, AI-45, AI-53, AI-54);
- ``tail_options``: End-phase aircraft whose owner must mark one tailed enemy (AI-65);
- ``disengagement_turn`` (AI-68) and ``troop_vp`` (AI-42);
- ``result``: once the game is over (phase ``over``), how it ended — on a shared table the
  models stay and still take hits, but the result stands (docs/mixing.md).

The checks across these fields and the units are in ``standing``; building the state from them
and exporting it are in ``restore``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from polemos.core.scenario_model import Strict
from polemos.rulesets.aeronautica.limits import SPEED_CAP, TURN_LIMIT

Phase = Literal["choose", "first", "tailing", "movement", "firing", "end", "over"]
ALTERNATING = ("tailing", "movement", "firing")
"""The phases played by alternating activation (AI-22, AI-24, AI-25)."""
Token = Annotated[int, Field(ge=1, le=9)]
"""A manoeuvre token: the AI-36 template number (AI-13, AI-37: at most 9)."""


class FlightPosition(Strict):
    """The aircraft moving now, between its Throttle and its altitude step (AI-27)."""

    unit: str = Field(description="The aircraft moving (it is listed in `to_activate`).")
    manoeuvre: int = Field(ge=1, le=9, description="The template flown: its token (AI-20), "
                           "or 1 for a take-off (AI-41).")
    stage: Literal["facing", "fly", "altitude"] = Field(
        description="Its next step: the initial facing (AI-33), a manoeuvre hex, or the "
        "altitude step (AI-38).")
    point: int = Field(0, ge=0, le=9, description="The next turn point of the template: 0 the "
                       "initial facing, then each manoeuvre hex from 1 (AI-33, AI-34).")
    hexes_left: int = Field(0, ge=0, le=SPEED_CAP, description="Hexes of its Speed still to fly "
                            "(AI-29).")
    path: list[tuple[int, int]] = Field(
        default_factory=list, max_length=100,
        description="Hexes entered this move, [col, row] (AI-42 passes over them).")
    take_off: bool = Field(False, description="The move is a take-off (AI-41).")
    dropped: bool = Field(False, description="It has dropped troops this move (AI-42).")


class VolleyPosition(Strict):
    """The model firing now, once it has jinked or fired a first weapon (AI-43)."""

    unit: str = Field(description="The model firing (it is listed in `to_activate`, or it is "
                      "the tailed aircraft firing back).")
    mode: Literal["fire", "tail", "return"] = Field(
        description="fire: the Firing phase (AI-25); tail: a Tailing Fire volley (AI-22); "
        "return: the tail gunner firing back (AI-53).")
    against: str | None = Field(
        None, description="The one aircraft the volley may target: the tailed aircraft of a "
        "Tailing Fire volley (AI-23; omitted: the one it tails), the tailer a tail gunner "
        "fires back at (AI-53; required).")
    fired: dict[str, str] = Field(
        default_factory=dict, description="Weapon slots fired so far and the target of each: "
        "their arc group stays locked on it (AI-45).")
    may_jink: bool = Field(False, description="It may still jink (AI-54).")
    pending: dict[str, int] = Field(
        default_factory=dict, description="A Tailing Fire exchange: Structure each aircraft "
        "will lose once both have rolled (AI-53).")


class ResultPosition(Strict):
    """How the game ended (AI-66 .. AI-70): the VP were counted then."""

    winner: str | None = Field(None, description="The winning side; omitted: a draw (AI-70).")
    reason: str = Field(max_length=500, description="Why the game ended.")
    rule: str = Field(max_length=20, description="The rule that ended it (AI-66, AI-67, AI-68).")
    vp: dict[str, Annotated[int, Field(ge=0, le=100_000)]] = Field(
        default_factory=dict, description="Each side's VP (AI-69, AI-70).")


class AiPosition(Strict):
    """Where an Aeronautica game stands between two decisions (module docstring)."""

    turn: int = Field(ge=1, le=TURN_LIMIT, description="The turn in progress (AI-19, AI-66).")
    phase: Phase = Field(description="The phase in progress (AI-19): choose, first (who moves "
                         "first, AI-24), tailing, movement, firing or end; over once the game "
                         "has ended.")
    orders: dict[str, dict[str, Token]] = Field(
        default_factory=dict, description="Manoeuvre tokens committed, by side then aircraft "
        "(AI-20).")
    draft: dict[str, Token] = Field(
        default_factory=dict, description="Tokens the side choosing now has given so far "
        "(AI-20), before it commits them.")
    revealed: list[str] = Field(
        default_factory=list, description="Aircraft whose token has been shown, in order: "
        "those that have moved this turn (AI-20).")
    initiative: str | None = Field(None, description="The side that won this turn's "
                                   "initiative (AI-21); required after Choose Manoeuvres.")
    first_mover: str | None = Field(None, description="The side that moved an aircraft first "
                                    "(AI-24); omitted: the initiative side.")
    next_side: str | None = Field(None, description="In an alternating phase, the side whose "
                                  "model acts next; omitted: the side that acts first.")
    to_activate: dict[str, list[str]] | None = Field(
        None, description="In an alternating phase, the models of each side still to act "
        "(the one acting now included); omitted: every model that acts in the phase.")
    flight: FlightPosition | None = None
    volley: VolleyPosition | None = None
    tail_options: dict[str, list[str]] = Field(
        default_factory=dict, description="End phase: aircraft tailing several enemies, whose "
        "owner marks one (AI-65).")
    disengagement_turn: int | None = Field(
        None, ge=1, le=TURN_LIMIT, description="The disengagement turn, once declared (AI-68).")
    troop_vp: dict[str, Annotated[int, Field(ge=0, le=100_000)]] = Field(
        default_factory=dict, description="VP each side has scored with troops (AI-42).")
    result: ResultPosition | None = Field(None, description="Phase over: how the game ended.")
