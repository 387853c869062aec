"""The errors Polemos reports to people, each carrying what a person needs to fix the cause.

They are deliberately few: the CLI maps every ``PolemosInputError`` to exit code 2 and prints it
without a traceback, and anything else is an internal error (exit code 1).
"""

from __future__ import annotations


class PolemosError(Exception):
    """Base of every error Polemos raises on purpose."""


class PolemosInputError(PolemosError):
    """Bad input from a person: a file, an action, a name. Exit code 2, no traceback."""


class IllegalAction(PolemosInputError):
    """An action the rules forbid. The game state is left exactly as it was."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"illegal action ({rule}): {reason}")
        self.rule = rule
        self.reason = reason


class ScenarioError(PolemosInputError):
    """A scenario that does not validate: names the file, the field path and what was expected."""

    def __init__(self, source: str, problems: list[tuple[str, str]]) -> None:
        self.source = source
        self.problems = problems
        lines = [f"{source}: {path}: {reason}" if path else f"{source}: {reason}"
                 for path, reason in problems]
        super().__init__("\n".join(lines))


class UnknownName(PolemosInputError):
    """A ruleset, plugin or option name nobody installed; lists what is installed."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        listed = ", ".join(sorted(known)) or "none"
        super().__init__(f"unknown {kind} {name!r}; installed: {listed}")
        self.kind = kind
        self.name = name


class DiceExhausted(PolemosInputError):
    """A scripted dice sequence ran out: the script is too short for what was played."""


class PluginFailure(PolemosError):
    """A plugin raised inside a hook; the message names the plugin and the hook."""

    def __init__(self, plugin: str, hook: str, error: BaseException) -> None:
        super().__init__(f"plugin {plugin!r} failed in {hook}: {type(error).__name__}: {error}")
        self.plugin = plugin
        self.hook = hook
        self.error = error
