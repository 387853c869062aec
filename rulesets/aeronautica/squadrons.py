"""Squadron checks at load (AI-72 .. AI-76) and the cross-field checks of a scenario.

pydantic checks each field; this module checks what spans fields: names that must exist in the
profile tables, the points limit, category limits, positions on the Area of Engagement. Every
problem names its field path so a club member can fix the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polemos.core.hexgrid import FACING_NAMES, HexMap, offset_to_axial
from polemos.rulesets.aeronautica.catalogue import Catalogue, build_catalogue, unknown
from polemos.rulesets.aeronautica.restore import state_at
from polemos.rulesets.aeronautica.standing import ground_extras, position_problems, status_problems
from polemos.rulesets.aeronautica.state import (
    ACTIVE,
    AIRCRAFT,
    DESTROYED,
    EJECTED,
    GROUND,
    TARGET,
    AiParams,
    Model,
    Setup,
    Slot,
    Spec,
    Zone,
)

if TYPE_CHECKING:
    from polemos.rulesets.aeronautica.models import AircraftProfile, AiScenario, Placement
    from polemos.rulesets.aeronautica.position import AiPosition

Problems = list[tuple[str, str]]


def model_cost(catalogue: Catalogue, placement: Placement) -> int:
    """AI-72: profile points + options (AI-73) + upgrades (AI-75); also the model's VP value."""
    if placement.ground is not None:
        return catalogue.ground[placement.ground].points
    assert placement.aircraft is not None  # exactly one of the two, checked at load
    cost = catalogue.aircraft[placement.aircraft].points
    cost += sum(catalogue.weapons[w].option_points or 0 for w in placement.options)
    cost += sum(catalogue.upgrades[u].points for u in placement.upgrades)
    return cost


def points_limit(scenario: AiScenario, side: str) -> int | None:
    if isinstance(scenario.points, int):
        return scenario.points
    return scenario.points.get(side)


def scenario_problems(scenario: AiScenario) -> Problems:
    catalogue, problems = build_catalogue(scenario.profiles)
    if problems:
        return problems  # squadrons are checked against valid tables only
    cloth = HexMap(scenario.map.width, scenario.map.height)
    problems += _sides(scenario)
    ids: dict[str, str] = {}
    airborne: dict[tuple[int, int], str] = {}
    grounded: dict[tuple[int, int], str] = {}
    flight = scenario.position.flight if scenario.position is not None else None
    for side, squadron in scenario.squadrons.items():
        valid = True
        for index, placement in enumerate(squadron):
            where = f"squadrons.{side}[{index}]"
            found = _placement(catalogue, placement, where, scenario.position)
            valid = valid and not found
            problems += found
            problems += _unique(ids, placement.id, f"{where}.id")
            if placement.status != ACTIVE:
                continue  # AI-30: off the area, or a wreck: it holds no hex
            problems += _position(cloth, placement.hex, f"{where}.hex")
            taken = grounded if placement.ground is not None else airborne
            if flight is None or flight.unit != placement.id:  # AI-5: a mover passes over
                problems += _shared_hex(taken, placement.hex, placement.id, f"{where}.hex")
        if valid:
            problems += _budget(scenario, catalogue, side)
    for index, target in enumerate(scenario.targets):
        where = f"targets[{index}]"
        problems += _unique(ids, target.id, f"{where}.id")
        problems += _position(cloth, target.hex, f"{where}.hex")
        if target.status == ACTIVE:
            problems += _shared_hex(grounded, target.hex, target.id, f"{where}.hex")
        if target.side not in scenario.sides:
            problems.append((f"{where}.side", f"{target.side!r} is not one of {scenario.sides}"))
    for index, zone in enumerate(scenario.landing_zones):
        if zone.side not in scenario.sides:
            problems.append((f"landing_zones[{index}].side",
                             f"{zone.side!r} is not one of {scenario.sides}"))
        for number, hex_ in enumerate(zone.hexes):
            problems += _position(cloth, hex_, f"landing_zones[{index}].hexes[{number}]")
    return problems or _standing_problems(scenario)


def _standing_problems(scenario: AiScenario) -> Problems:
    """Statuses and the ``position`` block, checked on the models the game would build."""
    setup, placed = build_setup(scenario)
    models = {model.id: model for model in placed}
    problems = status_problems(scenario, setup, models)
    if problems or scenario.position is None:
        return problems
    return position_problems(scenario, setup, state_at(setup, models, scenario.position))


def _sides(scenario: AiScenario) -> Problems:
    problems: Problems = []
    sides = scenario.sides
    if len(set(sides)) != len(sides):
        problems.append(("sides", "a side is listed twice"))
    for side in scenario.squadrons:
        if side not in sides:
            problems.append((f"squadrons.{side}", f"{side!r} is not one of the sides {sides}"))
    for side in sides:
        if not scenario.squadrons.get(side):
            problems.append(("squadrons", f"side {side!r} fields no squadron (AI-8)"))
    if not any(p.aircraft for squadron in scenario.squadrons.values() for p in squadron):
        problems.append(("squadrons", "no side fields an aircraft (AI-8)"))
    if isinstance(scenario.points, dict):
        for side in sides:
            if side not in scenario.points:
                problems.append(("points", f"no points limit for {side!r} (AI-72)"))
    for field in ("exits", "category_limits"):
        for side in getattr(scenario, field):
            if side not in sides:
                problems.append((f"{field}.{side}", f"{side!r} is not one of the sides {sides}"))
    return problems


def _placement(catalogue: Catalogue, placement: Placement, where: str,
               position: AiPosition | None) -> Problems:
    """Names resolve (AI-8, AI-73, AI-75) and the aircraft's state fits its profile."""
    if (placement.aircraft is None) == (placement.ground is None):
        return [(where, "give exactly one of `aircraft` or `ground`")]
    if placement.ground is not None:
        if placement.ground not in catalogue.ground:
            return [(f"{where}.ground", unknown("ground asset", placement.ground,
                                                catalogue.ground))]
        extra = [name for name in ("facing", "altitude", "speed", "options", "upgrades")
                 if getattr(placement, name)] + (["landed"] if placement.landed else []) + \
            ground_extras(placement)
        return [(f"{where}.{name}", "ground assets have no such field (AI-7)") for name in extra]
    if placement.aircraft not in catalogue.aircraft:
        return [(f"{where}.aircraft", unknown("aircraft", placement.aircraft,
                                              catalogue.aircraft))]
    profile = catalogue.aircraft[placement.aircraft]
    problems: Problems = []
    for index, option in enumerate(placement.options):
        path = f"{where}.options[{index}]"
        if option not in catalogue.weapons:
            problems.append((path, unknown("weapon", option, catalogue.weapons)))
        elif option not in profile.options:
            listed = ", ".join(profile.options) or "none"
            problems.append((path, f"{profile.name} cannot take {option!r} "
                                   f"(its options: {listed}) (AI-73)"))
    for index, upgrade in enumerate(placement.upgrades):
        path = f"{where}.upgrades[{index}]"
        if upgrade not in catalogue.upgrades:
            problems.append((path, unknown("upgrade", upgrade, catalogue.upgrades)))
        elif placement.upgrades.index(upgrade) != index:
            problems.append((path, f"{upgrade!r} is taken twice; each at most once (AI-75)"))
    return problems + _flight_state(profile, placement, where, position)


def _flight_state(profile: AircraftProfile, placement: Placement, where: str,
                  position: AiPosition | None) -> Problems:
    """AI-3, AI-15, AI-16, AI-41: where an aircraft may fly. At the start of a game within its
    profile; part-way (``position``) Speed and Altitude may have left its profile's ranges
    (AI-31, AI-39), but an aircraft in the air is above Altitude 0 unless it is taking off."""
    missing = [name for name in ("facing", "altitude", "speed")
               if getattr(placement, name) is None]
    if missing:
        return [(f"{where}.{name}", "field required for an aircraft") for name in missing]
    problems: Problems = []
    if placement.status != ACTIVE:
        return problems
    if placement.landed:
        if placement.altitude != 0 or placement.speed != 0:
            problems.append((where, "a Landed aircraft has altitude 0 and speed 0 (AI-41)"))
        return problems
    assert placement.altitude is not None and placement.speed is not None
    if placement.marker is not None and placement.altitude == 0:
        problems.append((f"{where}.marker", f"a {placement.marker} marker at altitude 0: it "
                                            "pulls out or crashes first (AI-39, AI-40)"))
    if position is not None:
        flight = position.flight
        if placement.altitude == 0 and not (flight is not None and flight.take_off
                                            and flight.unit == placement.id):
            problems.append((f"{where}.altitude", "an aircraft in the air flies at altitude "
                             "1-9; at 0 it is Landed or taking off (AI-3, AI-40, AI-41)"))
        return problems
    if not profile.min_speed <= placement.speed <= profile.max_speed:
        problems.append((f"{where}.speed", f"{placement.speed} is outside {profile.name}'s "
                         f"speed {profile.min_speed}-{profile.max_speed} (AI-15)"))
    if not 1 <= placement.altitude <= profile.max_altitude:
        problems.append((f"{where}.altitude", f"{placement.altitude} is outside 1-"
                         f"{profile.max_altitude}, {profile.name}'s Max Altitude (AI-16)"))
    return problems


def _budget(scenario: AiScenario, catalogue: Catalogue, side: str) -> Problems:
    """AI-72 points limit and AI-76 category limits of one squadron."""
    squadron = scenario.squadrons[side]
    problems: Problems = []
    limit = points_limit(scenario, side)
    cost = sum(model_cost(catalogue, p) for p in squadron)
    if limit is not None and cost > limit:
        problems.append((f"squadrons.{side}", f"costs {cost} points, over the {limit}-point "
                                              "limit (AI-72)"))
    for category, bounds in scenario.category_limits.get(side, {}).items():
        count = sum(1 for p in squadron if p.aircraft is not None
                    and catalogue.aircraft[p.aircraft].category == category)
        if count < bounds.min or (bounds.max is not None and count > bounds.max):
            most = "any" if bounds.max is None else bounds.max
            problems.append((f"squadrons.{side}", f"fields {count} {category} aircraft; the "
                             f"scenario allows {bounds.min} to {most} (AI-76)"))
    return problems


def _unique(ids: dict[str, str], model_id: str, where: str) -> Problems:
    if model_id in ids:
        return [(where, f"{model_id!r} is already used at {ids[model_id]}")]
    ids[model_id] = where
    return []


def _position(cloth: HexMap, hex_: tuple[int, int], where: str) -> Problems:
    if cloth.contains(offset_to_axial(*hex_)):
        return []
    return [(where, f"{list(hex_)} is outside the {cloth.width}×{cloth.height} Area of "
                    "Engagement (AI-1)")]


def _shared_hex(taken: dict[tuple[int, int], str], hex_: tuple[int, int], model_id: str,
                where: str) -> Problems:
    """AI-4: no two aircraft in a hex; Decision: no two ground models in a hex either."""
    key = (hex_[0], hex_[1])
    if key in taken:
        return [(where, f"{taken[key]} already stands on {list(hex_)} (AI-4, AI-6)")]
    taken[key] = model_id
    return []


# -- building the game ---------------------------------------------------------------------
def build_setup(scenario: AiScenario) -> tuple[Setup, list[Model]]:
    """The static set-up (specs, templates, map) and the models in their starting state."""
    catalogue = scenario.catalogue()
    specs: dict[str, Spec] = {}
    models: list[Model] = []
    for side in scenario.sides:
        for placement in scenario.squadrons[side]:
            spec = _spec(catalogue, side, placement)
            specs[spec.id] = spec
            models.append(_model(spec, placement))
    for target in scenario.targets:
        specs[target.id] = Spec(target.id, target.side, TARGET, target.name or target.id,
                                "", 0, target.structure)
        at = offset_to_axial(*target.hex)
        models.append(Model(target.id, target.side, TARGET, at.q, at.r, 0, 0, 0,
                            _structure(target.structure, target.damage, target.status),
                            status=target.status))
    zones = [Zone(z.side, frozenset(offset_to_axial(*h) for h in z.hexes), z.troop_vp)
             for z in scenario.landing_zones]
    setup = Setup(list(scenario.sides), specs, dict(catalogue.manoeuvres),
                  HexMap(scenario.map.width, scenario.map.height), zones,
                  {side: frozenset(edges) for side, edges in scenario.exits.items()},
                  {t.id: t.vp for t in scenario.targets},
                  AiParams(turn_limit=scenario.turn_limit))
    return setup, models


def _slots(catalogue: Catalogue, keys: list[str]) -> tuple[Slot, ...]:
    """Weapon slots named by weapon key ("-2" for a second of the same); AI-45 Decision:
    weapons whose arc entries are written identically form one group, Ground Attack weapons
    a group of their own (AI-58)."""
    slots = []
    for index, key in enumerate(keys):
        weapon = catalogue.weapons[key]
        copies = keys[:index].count(key)
        group = ("bombs:" if weapon.ground_attack else "") + "+".join(weapon.arc)
        slots.append(Slot(key if not copies else f"{key}-{copies + 1}", weapon, group))
    return tuple(slots)


def _spec(catalogue: Catalogue, side: str, placement: Placement) -> Spec:
    cost = model_cost(catalogue, placement)
    if placement.ground is not None:
        asset = catalogue.ground[placement.ground]
        return Spec(placement.id, side, GROUND, asset.name, "ground", cost, asset.structure,
                    (Slot("guns", asset.weapon(), "all_round"),))
    assert placement.aircraft is not None  # exactly one of the two, checked at load
    plane = catalogue.aircraft[placement.aircraft]
    streamlined = 1 if "streamlined" in placement.upgrades else 0
    return Spec(placement.id, side, AIRCRAFT, plane.name, plane.category, cost,
                plane.structure, _slots(catalogue, [*plane.weapons, *placement.options]),
                throttle=plane.throttle,
                ace=min(plane.ace + streamlined, catalogue.top_manoeuvre),
                handling=plane.handling, min_speed=plane.min_speed,
                max_speed=plane.max_speed, max_altitude=plane.max_altitude,
                transport=plane.transport, stealth=plane.stealth, jink=plane.jink,
                ejector="ejector_seats" in placement.upgrades)


def _structure(structure: int, damage: int, status: str) -> int:
    """Structure left: a destroyed model has none (AI-9)."""
    return 0 if status == DESTROYED else structure - damage


def _model(spec: Spec, placement: Placement) -> Model:
    """The model as placed, with the statuses a position gives it (``position``)."""
    at = offset_to_axial(*placement.hex)
    structure = _structure(spec.structure, placement.damage, placement.status)
    if spec.kind == GROUND:
        return Model(spec.id, spec.side, GROUND, at.q, at.r, 0, 0, 0, structure,
                     status=placement.status)
    assert placement.facing is not None  # an aircraft's facing is checked at load
    ammo = {slot.id: slot.weapon.ammo for slot in spec.slots if slot.weapon.ammo is not None}
    ammo.update(placement.ammo or {})
    troops = spec.transport if placement.troops is None else placement.troops
    return Model(spec.id, spec.side, AIRCRAFT, at.q, at.r, FACING_NAMES.index(placement.facing),
                 placement.altitude or 0, placement.speed or 0, structure, ammo,
                 troops=troops, marker=placement.marker or "", landed=placement.landed,
                 tailing=placement.tailing, gunner_used=placement.gunner_used,
                 status=placement.status, worth=EJECTED if placement.ejected else 100)
