"""MIX-2 with PCV-4: a Petit Cirque Volant side shot down outside its slot passes its turn.

Issue 15: flak (MIX-6) shot down the Romans' last biplane during Aeronautica's slot; when the
mixed scenario handed Petit Cirque Volant the table, it named the Romans to act with nothing to
move, and the greedy bot failed on the empty menu. ``begin_slot`` now runs the turn sequence the
hit left waiting, as PCV-4 does in its own slot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import new_game
from tests.mixing_fixtures import aeronautica, aircraft, battery, biplane, mixed, petit_cirque
from tests.rulesets.aeronautica.test_mixing import to_firing
from tests.test_mixing_e2e import AI_INITIATIVE, after, fire, part, rolled
from tests.test_soak import soak_game

SHOWCASE = Path(__file__).parent.parent / "scenarios" / "mixed" / "bridge-showcase.yaml"
CRASHED = (0, 10, 28, 58)
"""The showcase seeds whose greedy games failed before the fix (issue 15)."""


def test_mix2_pcv4_a_side_shot_down_outside_its_slot_hands_its_turn_to_the_other():
    """MIX-6, MIX-4 → PCV-17, then MIX-2 and PCV-4. Two gallic flak platforms destroy the
    Romans' only Spad (the dice of the MIX-6 end-to-end test) while Petit Cirque Volant waits
    at round 1, the Romans to move. Aeronautica's turn ends; in Petit Cirque Volant's slot the
    Romans have no aircraft to move or fire, so their turn passes (PCV-4) and the Gauls' Fokker
    is asked to move — no side is ever asked to act with nothing to do."""
    raw = mixed({
        "aeronautica": aeronautica([aircraft("tb", "thunderbolt", 10, 0, altitude=5, speed=4)],
                                   [battery("flak-1", 4, 4), battery("flak-2", 4, 6)]),
        "petit_cirque": petit_cirque(biplane("spad", "romans", 6, 5, 4, facing="W"),
                                     biplane("fokker", "gauls", 1, 9, 2))})
    dice = AI_INITIATIVE + [6, 6, 5, 1, 2, 3, 4, 4, 5, 4] + [6, 1, 1, 1, 1, 1, 1, 1, 5]
    game = new_game(raw, dice=dice)
    to_firing(game)
    fire(game, "flak-1", "guns", "petit_cirque:spad")
    start = fire(game, "flak-2", "guns", "petit_cirque:spad")
    [lost] = after(game, start, "lost")
    assert (lost["unit"], lost["rule"]) == ("spad", "MIX-6")
    [slot] = after(game, start, "mixed_turn")
    assert (slot["turn"], slot["part"]) == (1, "petit_cirque")
    handed = [e for e in game.events[slot["seq"]:] if e.get("ruleset") == "petit_cirque"]
    assert [(e["type"], e["side"], e.get("phase"), e.get("round"), e["rule"]) for e in handed] \
        == [("phase", "romans", "fire", None, "PCV-14"), ("turn", "gauls", None, 1, "PCV-4")]
    pcv = part(game, "petit_cirque")
    assert (pcv.turn.side, pcv.turn.round, pcv.phase, pcv.over) == ("gauls", 1, "move", False)
    assert game.to_act() == "gauls"
    legal = game.legal_actions()
    assert legal and {a.unit for a in legal} == {"fokker"}
    assert {a.kind for a in legal} == {"step"}
    assert rolled(game) == dice


@pytest.mark.parametrize("seed", CRASHED)
def test_the_showcase_seeds_that_crashed_play_to_a_result_with_greedy_bots(pm, seed: int):
    assert soak_game(pm, SHOWCASE, "greedy", seed).rule in ("MIX-2", "MIX-10")
