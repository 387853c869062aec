# mypy: disable-error-code="empty-body"
"""The hook specifications: the contract between the engine, rulesets and plugins.

Every hook name starts with ``polemos_``. Plugins are discovered through the entry-point group
``polemos`` (as pytest discovers ``pytest11`` plugins), registered in code with
``make_plugin_manager(extra=[...])``, or named in a scenario's ``plugins`` list.

Pluggy decides *which* functions run, once per game or per command; the per-action path calls
plain functions the hooks handed over (design.md, Performance). So no hook here is called once per
action, and the ones called during play fire only on rare events (a unit destroyed).
Every call goes through ``polemos.core.plugins.call_hook``, which names the plugin that raised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from pydantic import BaseModel

    from polemos.core.catalog import ScenarioRef
    from polemos.core.context import Context
    from polemos.core.game import Game
    from polemos.core.morale import Morale, MoraleShock
    from polemos.core.players import BotMaker
    from polemos.core.rulebook import RuleText
    from polemos.core.ruleset import Ruleset
    from polemos.core.scenario_model import ScenarioBase
    from polemos.core.world import Hit, Outcome, Presence

    Evaluate = Callable[[Ruleset[Any, Any], Any, str], float]

hookspec = pluggy.HookspecMarker("polemos")
hookimpl = pluggy.HookimplMarker("polemos")


@hookspec
def polemos_rulesets() -> list[type[Ruleset[Any, Any]]]:
    """Return the ruleset classes this plugin provides.

    Called once when a plugin manager builds its ruleset registry (``polemos rulesets``, loading a
    scenario). Results of all plugins are collected; a name given twice is an error naming both.
    """


@hookspec
def polemos_rules() -> list[RuleText]:
    """Return the rules this plugin defines, as data (``polemos.core.rulebook.load_rules``).

    Called once when a rulebook is built (``polemos rules``, ``polemos explain``, the HTML
    replay), so every id the code, events and narration cite can be shown in words. Results are
    collected; an id defined twice is an error naming both plugins.
    """


@hookspec
def polemos_scenarios() -> list[ScenarioRef]:
    """Return the scenarios this plugin ships (``polemos.core.catalog.shipped_scenarios``).

    Called once when a command looks a scenario up by name (``polemos play petit-cirque/duel``,
    ``polemos scenarios``) and by the conformance suite, which plays every listed scenario.
    Names are ``FOLDER/STEM``; a name listed twice is an error naming both plugins. A plugin
    that ships none need not implement it. Results are collected.
    """


@hookspec
def polemos_plugin_options() -> dict[str, type[BaseModel]]:
    """Return ``{plugin name: pydantic model}`` for the options this plugin reads.

    Called once when a scenario is validated: a scenario's ``options.<plugin name>`` mapping is
    validated against the model, so a typo in a house rule is reported with its field path.
    A plugin that takes no options need not implement it. Results are collected.
    """


@hookspec
def polemos_scenario_problems(scenario: ScenarioBase, options: dict[str, BaseModel]
                              ) -> list[tuple[str, str]]:
    """Check a scenario against a named plugin's options: ``[(field path, reason)]``.

    Called once when a scenario is validated, after its own model and the plugin options
    validated, only for the plugins the scenario names (a house rule that caps bombers at
    altitude 4 refuses a bomber set up at 5). Results are collected and reported together.
    """


@hookspec
def polemos_configure_game(game: Game) -> None:
    """Adjust a new game before its first action: the place for house rules.

    Called once per game, after the ruleset built the initial state, for the plugins the
    scenario names and the plugin of its ruleset — never for installed plugins it does not
    name, so a house rule applies only where a scenario asks for it. ``game.options`` holds
    the validated options of each named plugin; a plugin changes ``game.rules`` parameters or
    wraps its plain functions. Returns nothing; all implementations run.
    """


@hookspec(firstresult=True)
def polemos_bot_policy(ruleset: str, kind: str, pm: pluggy.PluginManager) -> Any:
    """Return the policy function for bot ``kind`` (e.g. ``"greedy"``) of ``ruleset``, or None.

    Kind ``"playout"`` is a ruleset's cheap policy for search playouts (the ``mcts`` bot's
    default rollout when the ruleset has one): greedy-like, but a few times the cost of a
    random choice, where the greedy policy weighs every option.

    ``pm`` lets a policy find other rulesets' policies (a mixed scenario delegates to them);
    an implementation that does not need it leaves it out of its signature.

    Asked once per plugin manager, ruleset and kind, and again only after a plugin
    implementing this hook is registered or unregistered (``call_static_hook``): the answer
    must depend on nothing else. The policy is a plain callable
    ``policy(rules, view, side, legal_actions, rng) -> Action`` used on every decision without
    further hook calls. firstresult: a house-rule plugin registered later may override the
    ruleset's own policy.
    """


@hookspec
def polemos_bot_kinds() -> dict[str, BotMaker]:
    """Return ``{kind: make}`` for the bot kinds this plugin adds beside "random" and "greedy"
    (plugins/search adds "mcts"), each made by ``make(pm, ruleset, options, rng, game)``
    (``polemos.core.players.BotMaker``).

    Asked when a bot is made or a bot kind checked (``make_bot``), once per plugin manager
    until a plugin implementing it is registered or unregistered (``call_static_hook``): a
    kind string
    ``KIND:OPTION=VALUE,...`` reaches the maker of ``KIND`` with its options, which the maker
    checks (a bad one is a ``PolemosInputError``). A maker, unlike a policy, is handed the game
    the bot plays, so a search bot can fork it. Results of all plugins are collected.
    """


@hookspec(firstresult=True)
def polemos_evaluate(ruleset: str, pm: pluggy.PluginManager) -> Evaluate | None:
    """Return ``evaluate(rules, state, side) -> float`` for ``ruleset``'s states, or None.

    How well ``side`` stands in ``state``, from 0.0 (lost) through 0.5 (even) to 1.0 (won),
    by the things the ruleset's victory rules count (material, morale, victory points): the
    search bot cuts its rollouts short with it. ``rules`` is the game's ruleset object (a
    fork's), for what a ruleset keeps off its states (profiles, costs, house-rule params).
    ``pm`` lets a mixed scenario find its parts' evaluations; an implementation that does not
    need it leaves it out of its signature. Between two sides the search bot asks it for its
    own side only and gives the other the rest (zero-sum, as ``polemos.core.evaluation.odds``
    of a ``lead`` is): each side's search sees the game through its own side's judgement, so a
    ruleset may judge a side by a model of its own (De Bello Gallico's ambush does).

    Called once when a search bot is made; the function is then called on many states per
    decision without further hook calls. firstresult: a plugin registered later may override a
    ruleset's own.
    """


@hookspec
def polemos_unit_destroyed(game: Context, unit: str, cause: str) -> None:
    """React to a unit leaving play (shot down, crashed, collided, out of action).

    Called by rulesets when one of their units is removed, so that another ruleset or plugin
    sharing the table can react (a morale shock among nearby troops). Returns nothing; all run,
    in forks too (``game.forked``: a search bot's playouts play by the same rules).
    """


@hookspec
def polemos_add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]
                         ) -> None:
    """Add sub-commands to the ``polemos`` command line.

    Called once when the CLI builds its parser. Each implementation adds parsers and sets
    ``func=callable(args, pm) -> int`` on them (``pm`` is the command's plugin manager); the
    return value is the exit code. Returns nothing; all run.
    """


@hookspec
def polemos_unit_hit(game: Context, target: Presence, hit: Hit, outcome: Outcome) -> None:
    """React to a unit hit by another ruleset's attack, after its own ruleset applied it.

    Called by ``World.hit`` (``Ruleset.suffer`` translated the hit first) in scenarios that mix
    rulesets (a bomb on a warband, a tank
    through a crowd), so a third party can react — a house rule, a scenario objective, a
    morale rule for units nearby. Returns nothing; all implementations run. Also called in
    forks (``game.forked``: a search bot's playouts), which play by the same rules; a plugin
    that records outside the game checks it.
    """


@hookspec
def polemos_unit_shaken(game: Context, shock: MoraleShock, morale: Morale) -> None:
    """React to a unit shaken by another ruleset (MIX-8, MIX-9), after its owner tested it.

    Called by ``World.shake`` — the one route of every cross-ruleset effect, beside
    ``World.hit`` — once the ruleset owning ``shock.unit`` rolled the test by its own rules
    (``Ruleset.shaken``) and applied the consequences; ``morale`` is the unit's state after. For
    third parties: a house rule, an objective, a chronicle (which skips ``game.forked``
    games: a search bot's playouts call it too). Returns nothing; all run.
    """
