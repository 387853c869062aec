"""The ``polemos`` command line.

Exit codes: 0 success, 2 bad input (file, field path and reason; never a traceback),
1 internal error (a plugin that raised is named).
"""

from __future__ import annotations

import argparse
import functools
import json
import operator
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import pluggy
from pydantic import Field, TypeAdapter

from polemos.core.annotations import annotate_step
from polemos.core.board import Board, generic_board
from polemos.core.catalog import scenario_catalog, scenario_path
from polemos.core.engine import play
from polemos.core.errors import PluginFailure, PolemosError, PolemosInputError, UnknownName
from polemos.core.eventlog import replay_log, write_log, write_side_log
from polemos.core.game import Game
from polemos.core.players import (
    BOT_KINDS,
    DEFAULT_BOT,
    Player,
    bot_rng,
    kind_names,
    make_bot,
)
from polemos.core.plugins import (
    call_hook,
    make_plugin_manager,
    options_models,
    plugin_version,
    ruleset_registry,
)
from polemos.core.position import game_at, position_scenario, write_position
from polemos.core.render import render_html, render_svg
from polemos.core.rulebook import rulebook
from polemos.core.ruleset import Result, ScoreMeaning
from polemos.core.scaffold import new_ruleset
from polemos.core.scenario import load_scenario, read_yaml
from polemos.core.session import LeftTheTable, Session, default_save_path, save_atomically
from polemos.core.terminal import TerminalPlayer
from polemos.core.wording import dice, tally, verdict


def cmd_rulesets(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    registry = ruleset_registry(pm)
    print("Rulesets:")
    for name, cls in sorted(registry.items()):
        print(f"  {name:20s} {cls.version:8s} {cls.title}  (plugin {registry.plugin[name]})")
    print("Plugins:")
    for name, plugin in sorted(pm.list_name_plugin()):
        doc = (getattr(plugin, "__doc__", None) or "").strip().splitlines()
        print(f"  {name:20s} {plugin_version(pm, plugin):8s} {doc[0] if doc else ''}")
    return 0


def cmd_rules(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    registry = ruleset_registry(pm)
    if args.ruleset not in registry:
        raise UnknownName("ruleset", args.ruleset, list(registry))
    for rule in rulebook(pm).for_ruleset(args.ruleset):
        print(f"{rule.id:8s} {rule.title}")
    return 0


def cmd_explain(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    rule = rulebook(pm).explain(args.rule)
    print(f"{rule.id} — {rule.title} ({rule.ruleset})\n{rule.statement}\nCites: {rule.cites}")
    return 0


def cmd_validate(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    loaded = load_scenario(scenario_path(args.file, pm), pm)
    plugins = ", ".join(loaded.model.plugins) or "none"
    print(f"{args.file}: ok — {loaded.model.name!r}, ruleset {loaded.model.ruleset}, "
          f"plugins {plugins}")
    return 0


def _players(args: argparse.Namespace, pm: pluggy.PluginManager, session: Session
             ) -> dict[str, Player]:
    game = session.game
    sides = list(game.rules.sides(game.state))
    chosen: dict[str, str] = {}
    for spec in args.bot:
        side, _, kind = spec.partition("=")
        if side not in sides or not kind:
            raise PolemosInputError(f"--bot {spec}: expected SIDE=KIND with a side of "
                                    f"{sides} and a kind of {kind_names(pm)}")
        chosen[side] = kind
    for side in args.human:
        if side not in sides:
            raise PolemosInputError(f"--human {side}: no such side (sides: {', '.join(sides)})")
    players: dict[str, Player] = {}
    terminal = TerminalPlayer(sys.stdin, sys.stdout, session) if args.human else None
    for side in sides:
        if terminal is not None and side in args.human:
            players[side] = terminal
        else:
            kind = chosen.get(side, args.bots)
            players[side] = make_bot(pm, game.rules.name, kind, bot_rng(game.seed, side),
                                     game=game)
    return players


def bot_options(args: argparse.Namespace) -> list[str]:
    """The bot choices of ``args`` as options, to repeat in the command that resumes."""
    chosen = ["--bots", args.bots] if args.bots != DEFAULT_BOT else []
    return chosen + [word for spec in args.bot for word in ("--bot", spec)]


def print_result(game: Game, result: Result) -> None:
    """The verdict and why, then each side's units in play and score, named (victory points,
    structure left...) by the ruleset's ``score_meaning``."""
    meaning = game.rules.score_meaning(game.state)
    print(f"\nResult: {result_words(result, meaning)}")
    units = game.rules.units(game.state)
    rows = [(side, str(sum(1 for s in units.values() if s == side)),
             f"{result.scores[side]:g}" if side in result.scores else "-")
            for side in game.rules.sides(game.state)]
    print(f"  {'side':12s} {'in play':>8s} {'score':>8s}")
    for side, count, score in rows:
        print(f"  {side:12s} {count:>8s} {score:>8s}")
    print(f"  score: {meaning.name}" + (f" ({meaning.rule})" if meaning.rule else ""))


def result_words(result: Result, meaning: ScoreMeaning) -> str:
    """"ork wins — <why the game ended> (rule); most victory points: ork 78, imperial 43
    (AI-70)" when the scores decide, "draw — ...; equal victory points: 40 each (AI-70)"."""
    words = f"{verdict(result.winner, result.reason)} ({result.rule})"
    if not (meaning.decides and result.scores):
        return words
    rule = f" ({meaning.rule})" if meaning.rule else ""
    ranked = dict(sorted(result.scores.items(), key=lambda item: -item[1]))
    if result.winner is None and len(set(ranked.values())) == 1:
        return f"{words}; equal {meaning.name}: {next(iter(ranked.values())):g} each{rule}"
    best = "most" if result.winner else "scores"
    return f"{words}; {best} {meaning.name}: {tally(ranked)}{rule}"


def drawable_board(game: Game) -> Board:
    """The ruleset's own picture of the position, or the generic one drawn from its units."""
    return game.rules.board(game.state) or generic_board(game.rules, game.state)


class Recorder:
    """Collects, after every step, the picture, the log lines that led to it and what the step
    showed on the table (who acted, shots, trails: core/annotations.py) for --html."""

    def __init__(self, game: Game) -> None:
        self.rules = rulebook(game.pm).texts()
        self.boards = [drawable_board(game)]
        self.logs: list[list[str]] = [self._lines(game, 0)]
        self.notes = [annotate_step(game.rules, game.events)]
        self.seen = len(game.events)

    @staticmethod
    def _lines(game: Game, start: int) -> list[str]:
        return [line for event in game.events[start:]
                if (line := game.rules.narrate(event)) is not None]

    def __call__(self, game: Game) -> None:
        self.boards.append(drawable_board(game))
        self.logs.append(self._lines(game, self.seen))
        self.notes.append(annotate_step(game.rules, game.events[self.seen:]))
        self.seen = len(game.events)

    def drop(self, steps: int, game: Game) -> None:
        """Forget the last ``steps`` steps: an undo took them back."""
        del self.boards[len(self.boards) - steps:]
        del self.logs[len(self.logs) - steps:]
        del self.notes[len(self.notes) - steps:]
        self.seen = len(game.events)

    def write(self, game: Game, path: str) -> None:
        title = f"{game.loaded.model.name} — seed {game.seed}"
        Path(path).write_text(render_html(self.boards, self.logs,
                                          game.rules.sides(game.state), title, self.rules,
                                          self.notes),
                              encoding="utf-8")


def cmd_scenarios(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    """The installed scenarios by name (``polemos play NAME`` plays one), with their ruleset."""
    print("Scenarios (polemos play NAME):")
    for name, ref in scenario_catalog(pm).items():
        raw = read_yaml(ref.path)
        print(f"  {name:34s} {str(raw.get('ruleset')):18s} {raw.get('name')}  "
              f"(plugin {ref.plugin})")
    return 0


def cmd_new(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    folder = Path(args.dir if args.dir is not None else args.name)
    written = new_ruleset(args.name, folder, pm)
    where = folder.as_posix() if folder.is_absolute() else f"./{folder.as_posix()}"  # a path
    print(f"{folder}: ruleset {args.name!r}, {len(written)} files. Next: pip install -e {where}; "
          f"cd {where} && python -m pytest; polemos play {args.name}/sprint")
    return 0


def cmd_play(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    path = scenario_path(args.file, pm)
    if is_save(path):
        raise PolemosInputError(f"{args.file} is a saved game, not a scenario; continue it "
                                f"with `polemos resume {args.file}`")
    loaded = load_scenario(path, pm)
    game = Game.new(loaded, pm, seed=args.seed, transactional=bool(args.human))
    heading = f"{loaded.model.name} — {game.rules.title}, seed {game.seed}"
    return play_at_table(args, pm, game, heading, narrate_setup=True)


def cmd_resume(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    game = loaded_game(args, pm)
    game.transactional = bool(args.human)
    if game.to_act() is None:
        raise PolemosInputError(f"{args.file}: this game is over; nothing to resume")
    heading = (f"{game.loaded.model.name} — {game.rules.title}, seed {game.seed}: resumed "
               f"after {len(game.actions)} actions, {game.rules.where(game.state)}")
    return play_at_table(args, pm, game, heading, narrate_setup=False)


def is_save(path: Path) -> bool:
    """Whether ``path`` holds a saved game (``polemos play`` then points to ``resume``)."""
    try:
        with path.open("rb") as file:
            head = file.read(4096)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and b'"format": "polemos-save/' in head


def play_at_table(args: argparse.Namespace, pm: pluggy.PluginManager, game: Game,
                  heading: str, *, narrate_setup: bool) -> int:
    """Play ``game`` to its end (or until a person quits) and write what ``args`` asks for.

    With a person at the table, ``quit`` and Ctrl-C save the game and say how to resume it;
    the options' files (--events, --save, --html) are written in every case.
    """
    narrate = game.rules.narrate
    if not args.quiet:
        def show(event: dict[str, Any]) -> None:
            line = narrate(event)
            if line is not None:
                print(line)
            elif args.verbose and event["type"] == "roll":
                print(f"    rolls {dice(event['dice'])} for {event['purpose']} ({event['rule']})")
        print(heading)
        if narrate_setup:
            for event in game.events:  # what happened while the game was set up
                show(event)
        game.listeners.append(show)
    save_path = Path(args.save) if args.save else (
        Path(args.file) if args.command == "resume" else default_save_path(game))
    session = Session(game, save_path, list(args.human), bot_options(args))
    players = _players(args, pm, session)
    sides = game.rules.sides(game.state)
    for side, _ in args.events_for:
        if side not in sides:
            raise PolemosInputError(f"--events-for {side}: no such side (sides: "
                                    f"{', '.join(sides)})")
    recorder = Recorder(game) if args.html else None
    if recorder is not None:
        session.on_undo.append(lambda undone: recorder.drop(len(undone.actions), game))
    try:
        result = play(game, players, after_step=recorder)
    except LeftTheTable as left:
        print(left)
        return left.code
    except KeyboardInterrupt:
        if not args.human:
            raise
        print(f"\ninterrupted: {session.save()}")
        return 130
    finally:
        if args.events:
            write_log(game, args.events)
        for side, path in args.events_for:
            write_side_log(game, side, path)
        if args.save:
            save_atomically(game, args.save)
        if recorder is not None:
            recorder.write(game, args.html)
    print_result(game, result)
    return 0


def print_notes(game: Game) -> None:
    """What loading the game had to say (rule changes accepted, where the re-play diverged)."""
    for note in game.notes:
        print(f"polemos: warning: {note}", file=sys.stderr)


def loaded_game(args: argparse.Namespace, pm: pluggy.PluginManager) -> Game:
    """The save ``args.file``, re-played as far as it agrees with --accept-rule-changes."""
    game = Game.load(args.file, pm, accept_rule_changes=args.accept_rule_changes)
    print_notes(game)
    return game


def cmd_render(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    game = loaded_game(args, pm)
    Path(args.output).write_text(render_svg(drawable_board(game),
                                            game.rules.sides(game.state)), encoding="utf-8")
    print(f"{args.output}: {game.loaded.model.name}, after {len(game.actions)} actions")
    return 0


def cmd_replay(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    game, count = replay_log(args.file, pm, accept_rule_changes=args.accept_rule_changes)
    print_notes(game)
    result = game.result()
    outcome = f"{result.winner or 'draw'} ({result.reason})" if result else "unfinished"
    identical = "replay identical" if not game.notes else "re-played with today's rules"
    print(f"{args.file}: {identical} — {count} events, result {outcome}")
    return 0


def cmd_position(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    game = game_at(args.file, pm, args.step, accept_rule_changes=args.accept_rule_changes)
    print_notes(game)
    raw = position_scenario(game)
    write_position(raw, args.output)
    print(f"{args.output}: {raw['name']} ({game.rules.where(game.state)}); play it with "
          f"`polemos play {args.output}`")
    return 0


def scenario_schema(pm: pluggy.PluginManager) -> dict[str, Any]:
    """The scenario format of every installed ruleset, discriminated by ``ruleset``."""
    models = [cls.scenario_model for _, cls in sorted(ruleset_registry(pm).items())]
    if len(models) == 1:
        schema = models[0].model_json_schema()
    else:
        union: Any = functools.reduce(operator.or_, models)
        schema = TypeAdapter(Annotated[union, Field(discriminator="ruleset")]).json_schema()
        schema["title"] = "Polemos scenario"
    options = {name: model.model_json_schema() for name, model in options_models(pm).items()}
    for definition in [schema, *schema.get("$defs", {}).values()]:
        field = definition.get("properties", {}).get("options")
        if field is not None:
            field["properties"] = options
    return schema


def actions_schema(pm: pluggy.PluginManager, name: str) -> dict[str, Any]:
    """The JSON Schema of ruleset ``name``'s actions (a mixed scenario's are its parts')."""
    registry = ruleset_registry(pm)
    if name not in registry:
        raise UnknownName("ruleset", name, list(registry))
    schema = registry[name].actions.json_schema()
    schema["title"] = f"{name} actions"
    return schema


def cmd_schema(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    schema = actions_schema(pm, args.actions) if args.actions else scenario_schema(pm)
    print(json.dumps(schema, indent=2, sort_keys=True))
    return 0


def add_table_options(p: argparse.ArgumentParser) -> None:
    """The options of a game being played: who plays each side and what to write."""
    p.add_argument("--human", action="append", default=[], metavar="SIDE",
                   help="this side is played at the terminal (repeatable)")
    p.add_argument("--bots", default=DEFAULT_BOT, metavar="KIND",
                   help=f"kind of bot: {', '.join(BOT_KINDS)} or a plugin's, with options as "
                   f"KIND:OPTION=VALUE,... (mcts:budget=0.2) ({DEFAULT_BOT})")
    p.add_argument("--bot", action="append", default=[], metavar="SIDE=KIND",
                   help="bot kind for one side")
    p.add_argument("--events", metavar="OUT.jsonl", help="write the event log here")
    p.add_argument("--events-for", nargs=2, action="append", default=[],
                   metavar=("SIDE", "OUT.jsonl"), help="write the events SIDE was shown here: "
                   "no seed, no other side's order before its reveal (repeatable)")
    p.add_argument("--html", metavar="REPLAY.html",
                   help="write the game as one self-contained HTML page, step by step")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the result")
    p.add_argument("-v", "--verbose", action="store_true", help="also print every die")


def add_accept_option(parser: argparse.ArgumentParser) -> None:
    """``--accept-rule-changes`` for every command that loads a save or a log."""
    parser.add_argument("--accept-rule-changes", action="store_true",
                        help="load a game recorded with other versions or rules: re-play it "
                        "with today's rules as far as its events agree, and continue from the "
                        "first action that does not (the rest are dropped)")


SCENARIO_HELP = "a scenario file, or an installed scenario's name (see `polemos scenarios`)"


def build_parser(pm: pluggy.PluginManager) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="polemos", description="One engine for many wargames.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rulesets", help="installed rulesets and plugins").set_defaults(
        func=cmd_rulesets)
    sub.add_parser("scenarios", help="installed scenarios by name").set_defaults(
        func=cmd_scenarios)
    p = sub.add_parser("new", help="start a package: `polemos new ruleset NAME --dir DIR`")
    p.add_argument("what", choices=["ruleset"])
    p.add_argument("name", metavar="NAME", help="the ruleset, package and entry point name")
    p.add_argument("--dir", metavar="DIR", help="where to write it (default: ./NAME); must not "
                   "exist or be empty")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("rules", help="the rules a ruleset defines, by id")
    p.add_argument("ruleset")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("explain", help="one rule's title, statement and source")
    p.add_argument("rule", metavar="RULE-ID")
    p.set_defaults(func=cmd_explain)
    p = sub.add_parser("validate", help="check a scenario file")
    p.add_argument("file", metavar="SCENARIO", help=SCENARIO_HELP)
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("play", help="play a scenario (bots unless --human)")
    p.add_argument("file", metavar="SCENARIO", help=SCENARIO_HELP)
    p.add_argument("--seed", type=int, default=None, help="dice seed (default: the scenario's)")
    p.add_argument("--save", metavar="SAVE.json", help="save the game here when it ends "
                   "(and on quit or Ctrl-C)")
    add_table_options(p)
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("resume", help="continue a saved game (any sides at the terminal)")
    p.add_argument("file", metavar="SAVE.json")
    p.add_argument("--save", metavar="SAVE.json", help="save here when it ends (on quit or "
                   "Ctrl-C: here, else back into SAVE.json)")
    add_table_options(p)
    add_accept_option(p)
    p.set_defaults(func=cmd_resume)
    p = sub.add_parser("replay", help="re-play an event log and verify it is identical")
    p.add_argument("file")
    add_accept_option(p)
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("render", help="draw a saved game's position as SVG")
    p.add_argument("file", metavar="SAVE.json")
    p.add_argument("-o", "--output", default="board.svg", metavar="BOARD.svg")
    add_accept_option(p)
    p.set_defaults(func=cmd_render)
    p = sub.add_parser("schema", help="the scenario format (or a ruleset's actions) as JSON "
                       "Schema")
    p.add_argument("--actions", metavar="RULESET", help="the actions of this ruleset instead")
    p.set_defaults(func=cmd_schema)
    p = sub.add_parser("position", help="write a saved game's position as a scenario")
    p.add_argument("file", metavar="SAVE.json|LOG.jsonl")
    p.add_argument("-o", "--output", default="position.yaml", metavar="POS.yaml")
    p.add_argument("--step", type=int, default=None, metavar="N",
                   help="the position after N actions (default: the last)")
    add_accept_option(p)
    p.set_defaults(func=cmd_position)
    call_hook(pm, "polemos_add_commands", subparsers=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        pm = make_plugin_manager()
        args = build_parser(pm).parse_args(argv)
        return int(args.func(args, pm) or 0)
    except PolemosInputError as error:
        print(f"polemos: error: {error}", file=sys.stderr)
        return 2
    except PluginFailure as error:
        print(f"polemos: internal error: {error}", file=sys.stderr)
        return 1
    except PolemosError as error:
        print(f"polemos: internal error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception:
        traceback.print_exc()
        print("polemos: internal error (see the traceback above)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
