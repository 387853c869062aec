"""``polemos balance``: thousands of bot games of a scenario, and what they say about it."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

import pluggy

from polemos.core.errors import PolemosInputError
from polemos.core.game import Game
from polemos.core.players import bot_rng, make_bot
from polemos.core.scenario import LoadedScenario, load_scenario
from polemos.core.wording import does, possessive
from polemos.plugins.lab.batch import BatchSpec, GameRow, default_workers, run_dask, run_pool
from polemos.plugins.lab.report import print_summary, write_report
from polemos.plugins.lab.stats import summarise
from polemos.plugins.lab.tune import Trial


def bots_of(args: argparse.Namespace, pm: pluggy.PluginManager, loaded: LoadedScenario
            ) -> tuple[dict[str, str], list[str], list[str]]:
    """Bot kind per side (checked now: a typo fails before thousands of games), the sides and
    the unit ids of the scenario at set-up."""
    game = Game.new(loaded, pm, seed=0, transactional=False)
    sides = game.rules.sides(game.state)
    chosen = dict.fromkeys(sides, args.bots)
    for spec in args.bot:
        side, _, kind = spec.partition("=")
        if side not in sides or not kind:
            raise PolemosInputError(f"--bot {spec}: expected SIDE=KIND with a side of "
                                    f"{', '.join(sides)}")
        chosen[side] = kind
    for side, kind in chosen.items():
        make_bot(pm, game.rules.name, kind, bot_rng(0, side))
    return chosen, sides, sorted(game.rules.units(game.state))


def cmd_balance(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    if args.games < 1:
        raise PolemosInputError(f"--games {args.games}: play at least one game")
    workers = args.workers or default_workers()
    if workers < 1:
        raise PolemosInputError(f"--workers {workers}: at least one")
    loaded = load_scenario(args.file, pm)
    bots, sides, units = bots_of(args, pm, loaded)
    spec = BatchSpec(loaded.raw, loaded.source, bots, args.seed)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(loaded.model.name, total=args.games, rate="")

        def advance(count: int) -> None:
            bar.advance(task, count)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:.1f} games/s" if speed else "")

        games = range(args.games)
        if args.dask:
            rows = run_dask(spec, games, args.dask, workers, advance)
        else:
            rows = run_pool(spec, games, workers, advance)
    if len(rows) < args.games:
        console.print(f"stopped: {len(rows)} of {args.games} games finished")
    summary = summarise(loaded.model.name, rows, sides, units)
    print_summary(summary, Console())
    if args.out:
        command = "polemos " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        write_report(summary, rows, sides, command, Path(args.out))
        print(f"report: {Path(args.out) / 'report.html'} (and games.csv, summary.json)")
    return 0


def add_balance(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("balance", help="play many bot games of a scenario and report its "
                       "balance")
    p.add_argument("file")
    p.add_argument("--games", type=int, required=True, metavar="N")
    p.add_argument("--bots", default="greedy", metavar="KIND", help="bot kind for every side")
    p.add_argument("--bot", action="append", default=[], metavar="SIDE=KIND")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="game i plays with a seed derived from (S, i)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, metavar="K",
                       help="processes (default: the cores)")
    where.add_argument("--dask", metavar="local|tcp://HOST:PORT",
                       help="play on Dask: a local cluster, or an existing scheduler")
    p.add_argument("--out", metavar="DIR", help="write report.html, games.csv, summary.json")
    p.set_defaults(func=cmd_balance)


def cmd_odds(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    from polemos.core.position import game_at, position_scenario
    from polemos.core.scenario import validate_scenario
    from polemos.plugins.lab.odds import chosen_action, odds

    if args.samples < 1:
        raise PolemosInputError(f"--samples {args.samples}: at least one")
    if args.position:
        loaded = load_scenario(args.position, pm)
    else:
        if not args.save:
            raise PolemosInputError("odds: give a SAVE.json (or a log) or --position POS.yaml")
        game = game_at(args.save, pm, args.step)
        loaded = validate_scenario(position_scenario(game), f"{args.save} (position)", pm)
    start = Game.new(loaded, pm, transactional=False)
    action = chosen_action(args.action, start)
    side = start.to_act()
    if side is None:
        raise PolemosInputError("odds: the game is over in that position")
    found = odds(loaded, pm, action, args.samples)
    described = start.rules.describe_action(start.view(side), start.rules.parse_action(
        start.state, action) if isinstance(action, dict) else action)
    how = (f"exact, {found.outcomes} dice outcomes enumerated" if found.method == "exact"
           else f"sampled, {found.outcomes} games, standard error ≤ {found.error:.1%}")
    print(f"{side}: {described} — {how}")
    print("\n".join(found.lines()))
    return 0


def add_odds(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("odds", help="the odds of what one action leads to from a position")
    p.add_argument("save", nargs="?", metavar="SAVE.json", help="a save or an event log")
    p.add_argument("--position", metavar="POS.yaml", help="start from this position instead")
    p.add_argument("--step", type=int, default=None, metavar="N",
                   help="the save's position after N actions (default: the last)")
    p.add_argument("--action", required=True, metavar="ACTION",
                   help="the action as JSON, or its number in the menu of legal actions")
    p.add_argument("--samples", type=int, default=2000, metavar="M",
                   help="games to sample when the dice are too many to enumerate")
    p.set_defaults(func=cmd_odds)


def cmd_tune(args: argparse.Namespace, pm: pluggy.PluginManager) -> int:
    from polemos.plugins.lab.tune import parse_knob, tune, yaml_change

    if args.games < 1:
        raise PolemosInputError(f"--games {args.games}: play at least one game per setting")
    loaded = load_scenario(args.file, pm)
    knobs = [parse_knob(text) for text in args.knob]
    if not knobs and loaded.model.balance is not None:
        knobs = list(loaded.model.balance.knobs)
    if not knobs:
        raise PolemosInputError("tune: name at least one --knob PATH=LOW..HIGH (or give the "
                                "scenario a `balance: {knobs: [...]}` section)")
    bots, sides, _ = bots_of(args, pm, loaded)
    workers = args.workers or default_workers()

    def run(spec: BatchSpec, games: range) -> list[GameRow]:
        return run_pool(spec, games, workers)

    def said(trial: Trial, games: int) -> None:
        rate = trial.rate(sides[0])
        named = ", ".join(f"{k.path}={v:g}" for k, v in zip(knobs, trial.setting, strict=True))
        early = f" (stopped after {len(trial.rows)} games)" if trial.stopped_early else ""
        early += ", mostly draws" if trial.drawish else ""
        print(f"  {named}: {does(sides[0], 'win')} {rate.rate:.1%} of decisive games "
              f"[{rate.low:.1%} – {rate.high:.1%}]{early}", flush=True)

    print(f"tuning {loaded.model.name}: {possessive(sides[0])} share of decisive games, "
          f"{args.games} games per setting")
    trials = tune(loaded.raw, loaded.source, knobs, bots, sides[0], args.games, args.seed, run,
                  pm, said)
    best = trials[0]
    rate = best.rate(sides[0])
    status = "even" if rate.contains(0.5) else "closest (no setting is even)"
    print(f"\nbest setting — {status}: {sides[0]} {rate.rate:.1%} "
          f"[{rate.low:.1%} – {rate.high:.1%}] over {rate.games} decisive games")
    print("change the scenario to:")
    print(yaml_change(knobs, best))
    return 0


def add_tune(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tune", help="search scenario fields for the most even setting")
    p.add_argument("file")
    p.add_argument("--knob", action="append", default=[], metavar="PATH=LOW..HIGH",
                   help="a scenario field and its range (repeatable; `:STEP` for a step)")
    p.add_argument("--games", type=int, required=True, metavar="N",
                   help="games per setting at most (hopeless settings stop early)")
    p.add_argument("--bots", default="greedy", metavar="KIND")
    p.add_argument("--bot", action="append", default=[], metavar="SIDE=KIND")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--workers", type=int, default=None, metavar="K")
    p.set_defaults(func=cmd_tune)
