"""A person at the terminal: the position, a menu with stable keys, and the table's commands.

Besides a key (``r1.2``) or Enter (the highlighted default), the prompt takes ``save [FILE]``,
``quit``, ``undo``, ``help``, ``explain RULE-ID`` and ``board``, and whatever the ruleset reads
as a typed command (``Ruleset.parse_command``). A choice with one legal action is taken at
once and said; the board is drawn again when the decision is about other units or others have
acted, not after every step of one unit. Output goes through ``rich``: colour per side on a
terminal, plain text anywhere else (a pipe, a file, a test).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import IO, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from polemos.core.actions import Action
from polemos.core.errors import PolemosInputError, clip
from polemos.core.menu import Menu, MenuKeys, build_menu
from polemos.core.plugins import call_hook
from polemos.core.rulebook import rulebook
from polemos.core.ruleset import Ruleset
from polemos.core.session import LeftTheTable, Session
from polemos.core.undo import take_back

SIDE_COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow")
"""Colours for sides; a side named after one of them gets it, the others the first left."""

HELP = """\
  KEY            choose that action (keys look like r1.2: unit r1, action 2; they stay put)
  Enter          take the highlighted default (*)
  undo           take back your last action, while nothing new was revealed since
                 (no die rolled, no hidden order shown, no other side acted)
  save [FILE]    save the game (default: {save}) and go on
  quit           save to {save} and stop; `polemos resume` continues it
  board          draw the position again
  explain RULE   a rule's text, e.g. explain {rule}
  help           this list
  Ctrl-C saves and stops, like quit."""


def side_colours(sides: Sequence[str]) -> dict[str, str]:
    names = [side.lower() for side in sides]
    free = [colour for colour in SIDE_COLOURS if colour not in names]
    return {side: name if name in SIDE_COLOURS else (free.pop(0) if free else "white")
            for side, name in zip(sides, names, strict=True)}


class TerminalPlayer:
    """Plays one or more sides of ``session.game`` for the person at ``stdin``/``stdout``.

    Bad input says what was wrong and asks again; end of input saves the game and stops with
    a clear error instead of a hang.
    """

    def __init__(self, stdin: IO[str], stdout: IO[str], session: Session) -> None:
        self.stdin = stdin
        self.session = session
        self.console = Console(file=stdout, highlight=False, soft_wrap=True, emoji=False)
        game = session.game
        sides = game.rules.sides(game.state)
        self.colours = side_colours(sides)
        self.keys = MenuKeys(sides)
        self.keys.know_units(game.rules.units(game.state))
        self.policy = call_hook(game.pm, "polemos_bot_policy", firstresult=True,
                                ruleset=game.rules.name, kind="greedy", pm=game.pm)
        self.drawn_for: frozenset[str | None] | None = None
        self.expected_actions: int | None = None
        """The action count if no one else acts before this player's next decision."""

    # -- the decision ------------------------------------------------------------------------
    def choose(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]
               ) -> Action:
        game = self.session.game
        while True:
            forced = rules.forced(view, legal)
            if forced is not None:
                self.say(f"  {rules.describe_action(view, forced)} — forced, no other choice "
                         f"changes anything ({rules.where(game.state)})", "dim")
                return self.chosen(forced)
            menu = self.menu(rules, view, side, legal)
            if menu.units() != self.drawn_for or len(game.actions) != self.expected_actions:
                self.draw_board(rules, view, side)
                self.drawn_for = menu.units()
            self.show_menu(menu)
            action = self.ask(rules, view, side, menu)
            if action is not None:
                return self.chosen(action)
            view, legal = game.view(side), game.legal_actions()  # an undo changed the game

    def chosen(self, action: Action) -> Action:
        self.expected_actions = len(self.session.game.actions) + 1
        return action

    def menu(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]
             ) -> Menu:
        game = self.session.game
        return build_menu(self.keys, legal, side, game.rules.units(game.state),
                          lambda action: rules.describe_action(view, action),
                          lambda action: rules.odds(view, action),
                          self.suggestion(rules, view, side, legal))

    def suggestion(self, rules: Ruleset[Any, Any], view: Any, side: str, legal: list[Action]
                   ) -> Action:
        """The default: what the ruleset's own greedy bot would do (its first legal action if
        it has none), from a generator of its own so the game's dice are untouched."""
        if self.policy is None:
            return legal[0]
        rng = random.Random(f"polemos-default:{len(self.session.game.actions)}")
        picked: Action = self.policy(rules, view, side, legal, rng)
        return picked

    def ask(self, rules: Ruleset[Any, Any], view: Any, side: str, menu: Menu) -> Action | None:
        """The action the person picks, or None after an undo (the menu is stale)."""
        while True:
            self.console.print(Text.assemble((f"{side}> ", self.colours.get(side, "")),
                                             f"key, Enter for {menu.default.key}, or help: "),
                               end="")
            self.console.file.flush()
            line = self.stdin.readline()
            if not line:
                raise PolemosInputError("input ended before the game did; "
                                        + self.save_or_say_why())
            text = line.strip()
            if not text:
                return menu.default.action
            picked = menu.find(text)
            if picked is not None:
                return picked.action
            word, _, rest = text.partition(" ")
            command = COMMANDS.get(word.lower())
            try:
                if command is not None:
                    if command(self, rules, view, side, rest.strip()):
                        return None
                    continue
                typed = rules.parse_command(view, text)
                if typed is not None:
                    self.session.game.rules.check(self.session.game.state, typed)
                    return typed
            except PolemosInputError as error:  # an illegal action, an unknown rule, a bad path
                self.say(f"  {error}", "yellow")
                continue
            self.say(f"  '{clip(text)}' is not a key of this menu nor a command (keys look like "
                     f"{menu.default.key}; type help)", "yellow")

    # -- commands: each returns True when the game changed under the menu ---------------------
    def cmd_help(self, rules: Ruleset[Any, Any], view: Any, side: str, rest: str) -> bool:
        rule = rules.turn_rule
        self.say(HELP.format(save=self.session.save_path, rule=rule))
        return False

    def cmd_board(self, rules: Ruleset[Any, Any], view: Any, side: str, rest: str) -> bool:
        self.draw_board(rules, view, side)
        return False

    def cmd_save(self, rules: Ruleset[Any, Any], view: Any, side: str, rest: str) -> bool:
        self.say("  " + self.session.save(rest or None))
        return False

    def cmd_quit(self, rules: Ruleset[Any, Any], view: Any, side: str, rest: str) -> bool:
        raise LeftTheTable(self.session.save(rest or None))

    def cmd_undo(self, rules: Ruleset[Any, Any], view: Any, side: str, rest: str) -> bool:
        game = self.session.game
        undone = take_back(game, side)
        words = "; ".join(rules.describe_action(view, Action(data["kind"], data.get("unit"),
                                                                data.get("args", {})))
                          for data in undone.actions)
        self.say(f"  undone: {words} ({rules.where(game.state)})", "bold")
        self.session.undone(undone)
        self.expected_actions = None
        return True

    def cmd_explain(self, rules: Ruleset[Any, Any], view: Any, side: str, rest: str) -> bool:
        if not rest:
            self.say(f"  explain what? e.g. explain {rules.turn_rule}", "yellow")
            return False
        rule = rulebook(self.session.game.pm).explain(rest)
        self.say(f"  {rule.id} — {rule.title} ({rule.ruleset})\n  {rule.statement}")
        return False

    # -- output ------------------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def save_or_say_why(self) -> str:
        try:
            return self.session.save()
        except PolemosInputError as error:
            return f"it could not be saved: {error}"

    def draw_board(self, rules: Ruleset[Any, Any], view: Any, side: str) -> None:
        game = self.session.game
        board = Text(rules.describe(view).rstrip())
        for unit, owner in game.rules.units(game.state).items():
            board.highlight_words([unit], self.colours.get(owner, ""))
        self.console.print(board)
        self.console.print(Text(f"-- {side} to act -- {rules.where(game.state)}",
                                style=f"bold {self.colours.get(side, '')}"))

    def show_menu(self, menu: Menu) -> None:
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column("", no_wrap=True)
        table.add_column("key", no_wrap=True)
        table.add_column("action")
        table.add_column("odds")
        for group in menu.groups:
            colour = self.colours.get(group.side or "", "")
            table.add_row("", Text(group.key, style=f"bold {colour}"),
                          Text(group.unit or "other actions", style=f"bold {colour}"), "")
            for line in group.lines:
                default = line is menu.default
                table.add_row("*" if default else "", Text(line.key, style=colour), line.text,
                              line.odds or "", style="reverse" if default else "")
        self.console.print(table)


Command = Callable[[TerminalPlayer, Ruleset[Any, Any], Any, str, str], bool]
COMMANDS: dict[str, Command] = {
    "help": TerminalPlayer.cmd_help, "?": TerminalPlayer.cmd_help,
    "board": TerminalPlayer.cmd_board,
    "save": TerminalPlayer.cmd_save,
    "quit": TerminalPlayer.cmd_quit, "exit": TerminalPlayer.cmd_quit,
    "undo": TerminalPlayer.cmd_undo,
    "explain": TerminalPlayer.cmd_explain,
}
