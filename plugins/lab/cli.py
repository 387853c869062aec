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
from polemos.plugins.lab.batch import BatchSpec, default_workers, run_dask, run_pool
from polemos.plugins.lab.report import print_summary, write_report
from polemos.plugins.lab.stats import summarise


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

        if args.dask:
            rows = run_dask(spec, args.games, args.dask, workers, advance)
        else:
            rows = run_pool(spec, args.games, workers, advance)
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
