"""Scenario files: every problem names the file, the field path and what was expected."""

from __future__ import annotations

import pytest

from polemos.core.errors import ScenarioError
from polemos.core.plugins import make_plugin_manager
from polemos.core.scenario import field_path, load_scenario


@pytest.fixture(scope="module")
def pm():
    return make_plugin_manager()


def write(tmp_path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return path


def test_field_path_format():
    assert field_path(("aircraft", 2, "altitude")) == "aircraft[2].altitude"
    assert field_path(()) == ""


def test_invalid_yaml_names_the_line(pm, tmp_path):
    path = write(tmp_path, "name: x\nruleset: [unclosed\n")
    with pytest.raises(ScenarioError, match=r"s\.yaml: invalid YAML at line \d+"):
        load_scenario(path, pm)


def test_top_level_must_be_a_mapping(pm, tmp_path):
    with pytest.raises(ScenarioError, match="expected a mapping"):
        load_scenario(write(tmp_path, "- a\n- b\n"), pm)


def test_missing_file(pm, tmp_path):
    with pytest.raises(ScenarioError, match="cannot read file"):
        load_scenario(tmp_path / "nope.yaml", pm)


def test_missing_ruleset_lists_installed(pm, tmp_path):
    with pytest.raises(ScenarioError, match="ruleset: field required.*petit_cirque"):
        load_scenario(write(tmp_path, "name: x\n"), pm)


def test_nested_problems_are_all_reported_with_paths(pm, tmp_path):
    text = """
name: x
ruleset: petit_cirque
map: {width: 10, height: 10}
sides: [red, blue]
colour: green
aircraft:
  - {id: a, side: red, hex: [1, 1], facing: E, altitude: 9, speed: 3}
  - {id: b, side: blue, hex: [2, 2], facing: E, altitude: 3, speed: fast}
"""
    with pytest.raises(ScenarioError) as error:
        load_scenario(write(tmp_path, text), pm)
    paths = dict(error.value.problems)
    assert paths["colour"] == "unknown field"
    assert "less than or equal to 6" in paths["aircraft[0].altitude"]
    assert "valid integer" in paths["aircraft[1].speed"]
    assert str(error.value).startswith(f"{tmp_path / 's.yaml'}: ")
