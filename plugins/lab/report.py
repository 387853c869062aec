"""A batch's report: a table at the terminal, and in ``--out DIR`` a self-contained
``report.html`` (plots embedded as PNG), ``games.csv`` (one row per game) and ``summary.json``.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from polemos.plugins.lab.batch import GameRow
from polemos.plugins.lab.stats import Summary, wilson


def print_summary(summary: Summary, console: Console) -> None:
    table = Table(title=f"{summary.scenario} — {summary.games} games")
    for column in ("result", "games", "rate", "95 % interval"):
        table.add_column(column, justify="left" if column == "result" else "right")
    for rate in [*summary.sides, summary.draws]:
        table.add_row(rate.label, str(rate.count), f"{rate.rate:.1%}",
                      f"{rate.low:.1%} – {rate.high:.1%}")
    console.print(table)
    console.print(f"verdict: {summary.verdict}")
    length = summary.length
    console.print(f"game length: {length['mean']:.1f} actions on average "
                  f"(median {length['median']:g}, {length['min']:g}–{length['max']:g})")
    if summary.scores:
        console.print("scores: " + "; ".join(
            f"{side} {s['mean']:.2f} on average ({s['min']:g}–{s['max']:g})"
            for side, s in summary.scores.items()))
    if summary.errors:
        first = summary.errors[0]
        console.print(f"[red]{len(summary.errors)} game(s) raised[/red]; the first, game "
                      f"{first['index']} (seed {first['seed']}): {first['error'].splitlines()[0]}"
                      f" — reproduce with `polemos play FILE --seed {first['seed']}`")


def write_csv(rows: Sequence[GameRow], sides: Sequence[str], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["game", "seed", "winner", "reason", "rule", "length",
                         *(f"score_{side}" for side in sides), "error"])
        for row in rows:
            writer.writerow([row.index, row.seed, row.winner or "", row.reason, row.rule,
                             row.length, *(row.scores.get(side, "") for side in sides),
                             row.error.splitlines()[0] if row.error else ""])


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plots(summary: Summary, rows: Sequence[GameRow], sides: Sequence[str]) -> dict[str, str]:
    """The report's plots as base64 PNG, by title (matplotlib's Agg backend: no display)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    found: dict[str, str] = {}
    rates = [*summary.sides, summary.draws]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar([r.label for r in rates], [r.rate for r in rates],
           yerr=[[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]], capsize=6)
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    found["Win rate (95 % Wilson intervals)"] = _png(fig)
    plt.close(fig)

    played = [row for row in rows if not row.error]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.hist([row.length for row in played] or [0], bins=30)
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    found["Game length"] = _png(fig)
    plt.close(fig)

    if summary.survival:
        units = list(summary.survival.values())
        fig, ax = plt.subplots(figsize=(6, max(2.0, 0.25 * len(units))))
        ax.barh([r.label for r in units], [r.rate for r in units],
                xerr=[[r.rate - r.low for r in units], [r.high - r.rate for r in units]])
        ax.set_xlim(0, 1)
        ax.set_xlabel("share of games the unit is still in play at the end")
        found["Survival per unit"] = _png(fig)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3))
    for side in sides:
        wins = 0
        xs, mid, low, high = [], [], [], []
        for n, row in enumerate(played, 1):
            wins += row.winner == side
            rate = wilson(side, wins, n)
            xs.append(n)
            mid.append(rate.rate)
            low.append(rate.low)
            high.append(rate.high)
        ax.plot(xs, mid, label=side)
        ax.fill_between(xs, low, high, alpha=0.2)
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("games played")
    ax.set_ylabel("win rate")
    ax.legend()
    found["Win rate as the games accumulate"] = _png(fig)
    plt.close(fig)
    return found


def write_html(summary: Summary, rows: Sequence[GameRow], sides: Sequence[str],
               command: str, path: Path) -> None:
    esc = html.escape
    rates = "".join(
        f"<tr><td>{esc(r.label)}</td><td>{r.count}</td><td>{r.rate:.1%}</td>"
        f"<td>{r.low:.1%} – {r.high:.1%}</td></tr>" for r in [*summary.sides, summary.draws])
    fired = "".join(f"<tr><td>{esc(rule)}</td><td>{count}</td></tr>"
                    for rule, count in list(summary.rules.items())[:40])
    reasons = "".join(f"<tr><td>{esc(reason)}</td><td>{count}</td></tr>"
                      for reason, count in summary.reasons.items())
    figures = "".join(f"<figure><img alt='{esc(title)}' src='data:image/png;base64,{data}'>"
                      f"<figcaption>{esc(title)}</figcaption></figure>"
                      for title, data in plots(summary, rows, sides).items())
    errors = "".join(f"<li>game {e['index']} (seed {e['seed']}): {esc(e['error'])}</li>"
                     for e in summary.errors[:20])
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(summary.scenario)} — balance</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}}
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:.2em .6em}}
figure{{display:inline-block;margin:1em}}code{{background:#eee;padding:.1em .3em}}</style>
</head><body>
<h1>{esc(summary.scenario)}</h1>
<p><b>{esc(summary.verdict)}</b> — {summary.games} games. Measured with
<code>{esc(command)}</code>.</p>
<table><tr><th>result</th><th>games</th><th>rate</th><th>95 % interval</th></tr>{rates}</table>
<p>Game length: {summary.length['mean']:.1f} actions on average (median
{summary.length['median']:g}).</p>
<h2>How games ended</h2><table>{reasons}</table>
{figures}
<h2>Rules fired</h2><table><tr><th>rule</th><th>events</th></tr>{fired}</table>
{f"<h2>Games that raised</h2><ul>{errors}</ul>" if errors else ""}
</body></html>
"""
    path.write_text(page, encoding="utf-8")


def write_report(summary: Summary, rows: Sequence[GameRow], sides: Sequence[str],
                 command: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    write_csv(rows, sides, out / "games.csv")
    (out / "summary.json").write_text(json.dumps(summary.to_json(), indent=2) + "\n",
                                      encoding="utf-8")
    write_html(summary, rows, sides, command, out / "report.html")
