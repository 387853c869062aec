"""The errors Polemos reports to people, each carrying what a person needs to fix the cause.

They are deliberately few: the CLI maps every ``PolemosInputError`` to exit code 2 and prints it
without a traceback, and anything else is an internal error (exit code 1).
"""

from __future__ import annotations

from typing import Any

SHOWN = 80
"""The most characters of a person's value an error message echoes (``clip``)."""
SHOWN_PROBLEMS = 10
"""The most problems one ``ScenarioError`` lists; the rest are counted."""
SHOWN_LINE = 400
"""The most characters of one listed problem: a huge key or name never floods a terminal."""


def clip(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis: messages stay readable whatever
    the input (a 1 MB string in a scenario is echoed as its first few words)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown(value: Any, limit: int = SHOWN) -> str:
    """``repr(value)`` clipped to ``limit`` characters (a long string is cut before its repr)."""
    if isinstance(value, str | bytes):
        value = value[:limit]
    return clip(repr(value), limit)


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
        lines = [clip(f"{source}: {path}: {reason}" if path else f"{source}: {reason}",
                      SHOWN_LINE) for path, reason in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(f"{source}: … and {len(problems) - SHOWN_PROBLEMS} more problems")
        super().__init__("\n".join(lines))


class UnknownName(PolemosInputError):
    """A ruleset, plugin or option name nobody installed; lists what is installed."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        listed = ", ".join(sorted(known)) or "none"
        super().__init__(f"unknown {kind} {shown(name)}; installed: {listed}")
        self.kind = kind
        self.name = name


class DiceExhausted(PolemosInputError):
    """A scripted dice sequence ran out: the script is too short for what was played.

    ``sides`` is the die that was wanted next (0 when a scripted value did not fit its die):
    the odds calculator extends the script with each of its faces in turn.
    """

    def __init__(self, message: str, sides: int = 0) -> None:
        super().__init__(message)
        self.sides = sides


class PluginFailure(PolemosError):
    """A plugin raised inside a hook; the message names the plugin and the hook."""

    def __init__(self, plugin: str, hook: str, error: BaseException) -> None:
        super().__init__(f"plugin {plugin!r} failed in {hook}: {type(error).__name__}: {error}")
        self.plugin = plugin
        self.hook = hook
        self.error = error

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its cause as text: a balance worker sends it back to the parent
        process, and the plugin's own exception may not pickle (which broke the whole pool)."""
        cause = RuntimeError(f"{type(self.error).__name__}: {self.error}")
        return (_unpickled_failure, (self.plugin, self.hook, cause, str(self)))


def _unpickled_failure(plugin: str, hook: str, cause: BaseException, message: str
                       ) -> PluginFailure:
    failure = PluginFailure(plugin, hook, cause)
    failure.args = (message,)
    return failure
