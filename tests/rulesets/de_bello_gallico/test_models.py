"""Profiles, skills and items as data, and scenario validation (DBG-2, DBG-5, DBG-6, DBG-8,
DBG-39, DBG-45 … DBG-47, DBG-60)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.errors import ScenarioError
from polemos.core.scenario import load_scenario
from polemos.rulesets.de_bello_gallico.models import PROFILES, SKILLS, skill_points
from polemos.rulesets.de_bello_gallico.state import discipline
from tests.rulesets.de_bello_gallico.helpers import (
    RED_FIRST,
    f,
    fighter,
    rolls,
    scenario,
    start,
)

SCENARIOS = Path(__file__).parents[3] / "scenarios" / "de-bello-gallico"


def problems(pm, raw: dict) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as error:
        start(raw, RED_FIRST, pm)
    return error.value.problems


def pair(**red: object) -> dict:
    return scenario(fighter("r1", "red", 10, 10, **red), fighter("b1", "blue", 40, 40))


def test_the_die_is_a_scenario_option(pm) -> None:
    """DBG-2: a D10 by default, a D20 allowed; a D6 is not offered."""
    game = start(pair() | {"die": 20}, [15, 3], pm)
    assert [r["sides"] for r in rolls(game)] == [20, 20]
    [(path, reason)] = problems(pm, pair() | {"die": 6})
    assert path == "die" and "10" in reason and "20" in reason


def test_profiles_and_officer_ranks(pm) -> None:
    """DBG-5: the sample profiles; officers +1 Combat and +1 or +2 Discipline."""
    legionary = PROFILES["legionary"]
    assert (legionary.move, legionary.combat, legionary.shoot, legionary.discipline) == (
        10, 4, 2, 5)
    assert PROFILES["cavalry"].shoot is None and PROFILES["skirmisher"].move == 12
    raw = scenario(fighter("r1", "red", 10, 10, rank="officer"),
                   fighter("r2", "red", 14, 10, rank="superieur"),
                   fighter("r3", "red", 18, 10, troop="cavalry"),
                   fighter("b1", "blue", 40, 40, troop="gallic_warrior", nation="celt"))
    game = start(raw, RED_FIRST, pm)
    assert (f(game, "r1").combat, f(game, "r1").discipline) == (5, 6)
    assert (f(game, "r2").combat, f(game, "r2").discipline) == (5, 7)
    r3 = f(game, "r3")
    assert (r3.move, r3.mount, r3.base.radius, r3.shoot) == (20, "horse", 1.5, None)
    assert (f(game, "b1").combat, f(game, "b1").discipline, f(game, "b1").items) == (
        4, 3, ["javelin"])


def test_skills_are_data_with_costs(pm) -> None:
    """DBG-39: name, difficulty (automatic), cost, effect; DBG-6: points are skill costs."""
    assert {name: SKILLS[name].cost for name in ("loyal", "fearless", "evocatus", "veteran")} \
        == {"loyal": 1, "fearless": 2, "evocatus": 4, "veteran": 1}
    assert all(skill.difficulty is None for skill in SKILLS.values()), "all automatic"
    assert SKILLS["fearless"].title == "Sans peur" and "DBG-41" in SKILLS["fearless"].effect
    assert skill_points(["loyal", "veteran", "tough"]) == 2


def test_veteran_adds_one_discipline(pm) -> None:
    """DBG-46: the seed's unnamed '+1 Discipline' skill, stored as Veteran."""
    game = start(pair(skills=["veteran"]), RED_FIRST, pm)
    assert discipline(f(game, "r1")) == 6


@pytest.mark.parametrize(("red", "why"), [
    ({"skills": ["evocatus"]}, "needs rank"),
    ({"skills": ["evocatus"], "rank": "superieur", "nation": "celt",
      "troop": "gallic_warrior"}, "roman"),
    ({"skills": ["charismatic"]}, "for officers"),
])
def test_evocatus_is_for_roman_superior_officers(pm, red: dict, why: str) -> None:
    """DBG-45: Officier evocatus (Roman officiers supérieurs only); DBG-44: officers only."""
    found = problems(pm, pair(**red))
    assert any(path == "fighters[0].skills[0]" and why in reason for path, reason in found)


def test_named_characters_of_the_ambush(pm) -> None:
    """DBG-47: a scenario gives characters skills and loyal companions."""
    loaded = load_scenario(SCENARIOS / "britons-ambush.yaml", pm)
    chief = next(x for x in loaded.model.fighters if x.id == "chief")
    assert set(chief.skills) == {"tough", "charismatic"} and chief.rank == "en_chef"
    companions = [x for x in loaded.model.fighters if x.loyal_to == "chief"]
    assert len(companions) == 3 and all("loyal" in x.skills for x in companions)


def test_out_of_scope_parts_are_refused_or_data_only(pm) -> None:
    """DBG-60: Intimidation is data only (no effect); chariots are not a troop type."""
    assert "source gap" in SKILLS["intimidation"].effect
    [(path, _)] = problems(pm, pair(troop="chariot"))
    assert path == "fighters[0].troop"


@pytest.mark.parametrize(("raw", "path", "words"), [
    (scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 11, 10)),
     "fighters[1].at", "overlaps"),
    (scenario(fighter("r1", "red", 0.5, 10), fighter("b1", "blue", 40, 40)),
     "fighters[0].at", "not wholly on"),
    (scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 40, 40),
              terrain=[{"id": "river", "kind": "river", "rect": [0, 9, 60, 12]}]),
     "fighters[0].at", "impassable river"),
    (scenario(fighter("r1", "green", 10, 10), fighter("b1", "blue", 40, 40)),
     "fighters[0].side", "not one of"),
    (scenario(fighter("r1", "red", 10, 10, skills=["loyal"], loyal_to="r2"),
              fighter("r2", "red", 14, 10), fighter("b1", "blue", 40, 40)),
     "fighters[0].loyal_to", "not an officer"),
    (scenario(fighter("r1", "red", 10, 10, skills=["loyal"]), fighter("b1", "blue", 40, 40)),
     "fighters[0].loyal_to", "names the officer"),
    (scenario(fighter("r1", "red", 10, 10, rank="en_chef"),
              fighter("r2", "red", 14, 10, rank="en_chef"), fighter("b1", "blue", 40, 40)),
     "fighters", "DBG-8"),
    (scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 40, 40),
              objective={"kind": "hold_bridge", "holder": "red", "defender": "blue",
                         "bridge": "nowhere"}),
     "objective.bridge", "no bridge"),
    (scenario(fighter("r1", "red", 10, 10), fighter("b1", "blue", 40, 40),
              terrain=[{"id": "t", "kind": "scrub", "rect": [5, 5, 1, 1]}]),
     "terrain[0]", "x0 < x1"),
    (scenario(fighter("r1", "red", 10, 10, wings=2), fighter("b1", "blue", 40, 40)),
     "fighters[0].wings", "unknown field"),
])
def test_malformed_scenarios_name_the_field(pm, raw: dict, path: str, words: str) -> None:
    found = problems(pm, raw)
    assert any(p == path and words in reason for p, reason in found), found
