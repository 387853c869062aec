"""``polemos new ruleset NAME``: a minimal working ruleset package, from the shipped templates.

The templates (``core/templates/ruleset``, package data) are a tiny but real game — a dice race
with typed actions, rules as data, a shipped scenario, positions as data and a test module
running the conformance suite — so the package installs and passes the suite unchanged, and an
author replaces the game while keeping the shape. Each template is a ``string.Template``
(``$name``, ``$cls``, ``$title``, ``$prefix``); a ``PACKAGE`` folder becomes the package.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import string
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pluggy

from polemos.core.errors import PolemosInputError
from polemos.core.plugins import ruleset_registry
from polemos.core.rulebook import rulebook

TEMPLATES = "templates/ruleset"
"""The ruleset templates, under the ``polemos.core`` package."""
SUFFIX = ".tmpl"
PACKAGE_FOLDER = "PACKAGE"
NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,19}")


def new_ruleset(name: str, folder: Path, pm: pluggy.PluginManager) -> list[Path]:
    """Write the package of ruleset ``name`` into ``folder``; returns the files written.

    Refused before anything is written (``PolemosInputError``, exit 2): a name that is not a
    lower-case Python identifier, shadows an importable module or an installed ruleset, or a
    folder that exists and is not empty.
    """
    check_name(name, pm)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PolemosInputError(f"--dir {folder}: exists and is not an empty folder")
    fields = {"name": name, "cls": "".join(part.title() for part in name.split("_") if part),
              "title": name.replace("_", " ").strip().title(), "prefix": rule_prefix(name, pm)}
    written = []
    for relative, template in templates():
        target = folder.joinpath(*(name if part == PACKAGE_FOLDER else part
                                   for part in relative.split("/")))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(string.Template(template.read_text(encoding="utf-8"))
                          .substitute(fields), encoding="utf-8")
        written.append(target)
    return written


def check_name(name: str, pm: pluggy.PluginManager) -> None:
    """The package, entry point and ruleset are all called ``name``: it must be a fresh
    lower-case identifier."""
    if not NAME_PATTERN.fullmatch(name) or keyword.iskeyword(name):
        raise PolemosInputError(f"ruleset name {name!r}: expected a lower-case Python "
                                "identifier of at most 20 characters (e.g. my_race)")
    if name in sys.stdlib_module_names or importlib.util.find_spec(name) is not None:
        raise PolemosInputError(f"ruleset name {name!r}: a module of that name is already "
                                "importable; choose another")
    if name in ruleset_registry(pm) or pm.get_plugin(name) is not None:
        raise PolemosInputError(f"ruleset name {name!r}: a ruleset or plugin of that name is "
                                "already installed")


def rule_prefix(name: str, pm: pluggy.PluginManager) -> str:
    """The rule-id prefix of the new ruleset: the first letters of ``name``, 2 to 4 of them,
    used by no installed rule (two rulesets defining one id cannot be installed together)."""
    letters = re.sub("[^a-z]", "", name).upper().ljust(4, "X")
    taken = {rule.partition("-")[0] for rule in rulebook(pm)}
    for length in (4, 3, 2):
        if letters[:length] not in taken:
            return letters[:length]
    raise PolemosInputError(f"ruleset name {name!r}: the rule prefixes {letters[:4]}, "
                            f"{letters[:3]} and {letters[:2]} are all taken; choose another name")


def templates() -> list[tuple[str, Traversable]]:
    """``(relative path without the suffix, template)`` of every template file, sorted."""
    found: list[tuple[str, Traversable]] = []

    def walk(node: Traversable, prefix: str) -> None:
        for child in sorted(node.iterdir(), key=lambda entry: entry.name):
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(SUFFIX):
                found.append((prefix + child.name.removesuffix(SUFFIX), child))

    walk(resources.files("polemos.core").joinpath(TEMPLATES), "")
    return found
