"""Words for the log, the menus and the result table, shared by every ruleset's narration.

Events keep their data as lists and dicts (deterministic JSON); a person reads them through
these helpers, so no line shows a Python list, dict, ``None`` or ``True``. Two conventions
hold across rulesets (README, "Rulesets"):

- **Places.** A hex ruleset names a hex by its column and row on the cloth, counted from 0
  at the top left: ``hex 15,2``. A ruleset on a table in centimetres names a point by its
  ``(x, y)`` in cm from the top left corner, x east and y south, to one decimal: ``(41.5, 22.0)``.
- **Sides.** A side's name is the subject of its sentences as written in the scenario; a name
  whose last word ends in a single "s" (``romans``, ``britons``) is a plural noun and takes a
  plural verb ("romans win", the "romans'" orders), any other (``red``, ``ork``) a singular one
  ("red wins", "ork's").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

IRREGULAR = {"be": "is", "have": "has", "do": "does"}
"""Verbs whose third person singular is not the base form plus -s/-es."""


def plural(name: str) -> bool:
    """Whether a side's name is a plural noun (its last word ends in one "s")."""
    last = name.strip().split(" ")[-1].lower() if name.strip() else ""
    return last.endswith("s") and not last.endswith("ss")


def conjugate(name: str, verb: str) -> str:
    """``verb`` (its base form: "win", "move", "reach") agreeing with the side ``name``."""
    return verb if plural(name) else singular(verb)


def singular(verb: str) -> str:
    """The third person singular of ``verb`` (its base form): "wins", "pushes", "has"."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def does(name: str, verb: str) -> str:
    """The side and its verb: ``does("romans", "win")`` is "romans win", for "red" "red wins"."""
    return f"{name} {conjugate(name, verb)}"


def possessive(name: str) -> str:
    """"romans'" for a plural side's name, "red's" (and "fokker-1's") for any other."""
    return f"{name}'" if plural(name) else f"{name}'s"


def listing(items: Iterable[object], empty: str = "none") -> str:
    """"a", "a and b", "a, b and c"; ``empty`` when there is nothing."""
    words = [str(item) for item in items]
    if not words:
        return empty
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def dice(rolls: Sequence[int], empty: str = "no dice") -> str:
    """The dice as rolled, in order: "3, 4, 4, 1"; ``empty`` when none were rolled."""
    return ", ".join(str(roll) for roll in rolls) if rolls else empty


def tally(counts: Mapping[str, float]) -> str:
    """Names with their numbers, in the mapping's order: "gauls 6, romans 1"."""
    return ", ".join(f"{name} {number:g}" for name, number in counts.items()) or "none"


def hex_at(cell: Sequence[int]) -> str:
    """A hex on the cloth by column and row (``[15, 2]`` in an event): "hex 15,2"."""
    return f"hex {cell[0]},{cell[1]}"


def point(xy: Sequence[float]) -> str:
    """A point on a table in centimetres: "(41.5, 22.0)" (x east, y south)."""
    return f"({xy[0]:.1f}, {xy[1]:.1f})"


def cm(length: float) -> str:
    """A length to one decimal, without a trailing ".0": "4.5 cm", "10 cm"."""
    return f"{round(length, 1):g} cm"


def percent(chance: float) -> str:
    """A probability as a whole percentage for a menu line: "33 %" (below 1 %: "<1 %")."""
    if 0 < chance < 0.005:
        return "<1 %"
    if 0.995 <= chance < 1:
        return ">99 %"
    return f"{round(chance * 100):d} %"


def verdict(winner: str | None, reason: str) -> str:
    """How a game ended, in words: "romans win — <reason>", or "draw — <reason>"."""
    return f"{does(winner, 'win')} — {reason}" if winner else f"draw — {reason}"
