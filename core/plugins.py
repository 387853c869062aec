"""Plugin discovery and the ruleset registry.

There is no global plugin manager: every CLI command, game and test builds its own with
``make_plugin_manager``, so tests can register fake plugins without leaking into each other.
Hooks are called through pluggy's own call loop (``call_hook``), so hook wrappers, tracing and
``add_hookcall_monitoring`` see every call; a plugin that raises is still named.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import inspect
import types
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

import pluggy

from polemos.core import hookspecs
from polemos.core.errors import PluginFailure, PolemosError

if TYPE_CHECKING:
    from polemos.core.ruleset import Ruleset

ENTRY_POINT_GROUP = "polemos"
IMPORTABLE_HINT = "install it, or put its folder on PYTHONPATH"
"""How a plugin module that is not installed becomes importable (README, "Writing a ruleset")."""


def make_plugin_manager(extra: Iterable[Any] = (), *, entry_points: bool = True
                        ) -> pluggy.PluginManager:
    """A fresh manager with the hook specs, the installed plugins and ``extra`` ones.

    Every implementation is checked against the specs once registered (``check_pending``): a
    misspelt hook (``polemos_rulset``) is an error naming the plugin, not a hook never called.
    """
    pm = pluggy.PluginManager("polemos")
    pm.add_hookspecs(hookspecs)
    if entry_points:
        for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
            if pm.get_plugin(ep.name) is not None:
                continue
            try:
                plugin = ep.load()
            except Exception as error:  # a broken plugin must be named, not crash the engine
                raise PluginFailure(ep.name, "import", error) from error
            register(pm, plugin, ep.name)
    for plugin in extra:
        register(pm, plugin, plugin_label(plugin))
    return pm


def register(pm: pluggy.PluginManager, plugin: Any, name: str) -> None:
    """Register ``plugin`` as ``name`` and validate its hooks, or a ``PolemosError`` saying which
    hook of which plugin is wrong (the plugin is left unregistered)."""
    try:
        pm.register(plugin, name=name)
        pm.check_pending()
    except pluggy.PluginValidationError as error:
        message = validation_message(pm, name, plugin, error)
        if pm.is_registered(plugin):
            pm.unregister(plugin)
        raise PolemosError(message) from None


def validation_message(pm: pluggy.PluginManager, name: str, plugin: Any,
                       error: pluggy.PluginValidationError) -> str:
    """What is wrong with ``plugin``'s hooks, with the close spec names of an unknown one."""
    specs = [hook for hook, caller in vars(pm.hook).items()
             if not hook.startswith("_") and caller.has_spec()]
    unknown = [hook for hook, caller in vars(pm.hook).items()
               if not hook.startswith("_") and not caller.has_spec()
               and any(impl.plugin is plugin for impl in caller.get_hookimpls())]
    if not unknown:
        return f"plugin {name!r} has an invalid hook implementation: {error}"
    hints = []
    for hook in unknown:
        close = difflib.get_close_matches(hook, specs, n=1)
        hints.append(f"{hook!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    kind = "an unknown hook" if len(hints) == 1 else "unknown hooks"
    return (f"plugin {name!r} implements {kind} {', '.join(hints)}; the hooks are listed in "
            "polemos/core/hookspecs.py")


def plugin_label(plugin: Any) -> str:
    """A readable name for a plugin registered in code: its module or class name."""
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__
    return getattr(plugin, "__name__", type(plugin).__name__)


def call_hook(manager: pluggy.PluginManager, name: str, /, *, firstresult: bool = False,
              only: Collection[str] | None = None, **kwargs: Any) -> Any:
    """Call hook ``name`` through pluggy's call loop, naming the plugin that raises.

    Implementations run in pluggy's order (last registered first, tryfirst/trylast and hook
    wrappers honoured), restricted to the plugins named in ``only`` when given (wrappers always
    run). Returns the list of non-None results, or the first one when ``firstresult``
    (a ``firstresult`` spec stops at it; any other hook runs every implementation).
    """
    hook = getattr(manager.hook, name)
    caller: Any = hook
    if only is not None:
        impls = hook.get_hookimpls()
        removed = []  # a loop: a comprehension would make a function and a closure per call
        for impl in impls:
            if not (impl.hookwrapper or impl.wrapper) and impl.plugin_name not in only:
                removed.append(impl.plugin)
        if len(removed) == len(impls):  # nothing would run (every game's set-up asks)
            return None if firstresult else []
        caller = manager.subset_hook_caller(name, remove_plugins=removed)
    try:
        result = caller(**kwargs)
    except PolemosError:
        raise
    except Exception as error:
        plugin = raising_plugin(hook, error)
        if plugin is None:  # pluggy's own error (a call missing an argument): not a plugin's
            raise
        raise PluginFailure(plugin, name, error) from error
    if hook.spec is not None and hook.spec.opts.get("firstresult"):
        return result if firstresult else [result] if result is not None else []
    return next(iter(result), None) if firstresult else result


_ANSWERS = "_polemos_static_answers"
"""The attribute of a manager holding ``call_static_hook``'s answers: ``{(hook, firstresult,
arguments): (the implementations that gave it, the answer)}``, gone with the manager. On the
manager itself, read by one ``getattr``: a weak dictionary of managers cost a new weak
reference, and a Python call, at every lookup (every bot of every game)."""


def call_static_hook(manager: pluggy.PluginManager, name: str, /, *, firstresult: bool = False,
                     **kwargs: Any) -> Any:
    """``call_hook`` for a hook whose answer depends on nothing but its arguments and the
    plugins implementing it (the bot kinds there are, a ruleset's policy): asked once per
    manager and arguments, and again once a plugin implementing the hook is registered or
    unregistered (or a wrapper added). Every game of a batch makes its bots: asking pluggy each
    time cost more than a short game's set-up. The answer is shared: callers must not change
    it. Arguments must be hashable; the manager itself may be one (it is not kept).
    """
    impls = getattr(manager.hook, name).get_hookimpls()
    answers: dict[tuple[Any, ...], Any] | None = getattr(manager, _ANSWERS, None)
    if answers is None:
        answers = {}
        setattr(manager, _ANSWERS, answers)
    key = (name, firstresult, *((arg, value) for arg, value in kwargs.items()
                                if value is not manager)) if kwargs else (name, firstresult)
    known = answers.get(key)
    if known is not None and known[0] == impls:
        return known[1]
    answer = call_hook(manager, name, firstresult=firstresult, **kwargs)
    answers[key] = impls, answer
    return answer


def raising_plugin(hook: pluggy.HookCaller, error: BaseException) -> str | None:
    """The plugin whose implementation of ``hook`` raised ``error``: the innermost frame of the
    traceback that runs one of the hook's implementations (a wrapper the error only passed
    through is further out)."""
    owners: dict[types.CodeType, str] = {}
    for impl in hook.get_hookimpls():
        function = inspect.unwrap(impl.function)
        code = getattr(getattr(function, "__func__", function), "__code__", None)
        if isinstance(code, types.CodeType):
            owners[code] = impl.plugin_name
    found = None
    trace = error.__traceback__
    while trace is not None:
        found = owners.get(trace.tb_frame.f_code, found)
        trace = trace.tb_next
    return found


def call_each(manager: pluggy.PluginManager, name: str, /, **kwargs: Any
              ) -> list[tuple[str, Any]]:
    """``(plugin name, result)`` of every plugin implementing ``name``, in pluggy's order, each
    called through ``call_hook``: for the registries that say which plugin gave what."""
    hook = getattr(manager.hook, name)
    return [(impl.plugin_name, result)
            for impl in reversed(hook.get_hookimpls()) if not (impl.hookwrapper or impl.wrapper)
            for result in call_hook(manager, name, only=[impl.plugin_name], **kwargs)]


def load_named_plugin(pm: pluggy.PluginManager, name: str) -> str | None:
    """Make sure the plugin a scenario names is registered; returns why not, or None.

    An installed plugin is found by its entry-point name; any other name is imported as a
    module (``myclub.house_rules``), so a club can use a house rule without packaging it.
    """
    if pm.get_plugin(name) is not None:
        return None
    installed = [plugin for plugin, _ in pm.list_name_plugin()]
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            known = ", ".join(sorted(installed)) or "none"
            return (f"cannot import plugin module {name!r}: {error} ({IMPORTABLE_HINT}); "
                    f"installed plugins: {known}")
        return f"cannot import plugin module {name!r}: {error}"
    except Exception as error:  # the module itself is broken: name it
        return f"cannot import plugin module {name!r}: {type(error).__name__}: {error}"
    try:
        register(pm, module, name)
    except PolemosError as error:
        return str(error)
    if not pm.get_hookcallers(module):
        pm.unregister(module)
        return f"module {name!r} is not a Polemos plugin: it implements no polemos_ hook"
    return None


def plugin_version(pm: pluggy.PluginManager, plugin: Any) -> str:
    """The plugin's own ``__version__``, else that of the distribution that ships it."""
    if hasattr(plugin, "__version__"):
        return str(plugin.__version__)
    name = pm.get_name(plugin)
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name and ep.dist is not None:
            return ep.dist.version
    return "unknown"


class RulesetRegistry(dict[str, "type[Ruleset[Any, Any]]"]):
    """Every installed ruleset class by name, and the plugin that provides each (``plugin``),
    named when the ruleset raises. Kept beside the classes, never written onto them."""

    def __init__(self) -> None:
        super().__init__()
        self.plugin: dict[str, str] = {}


def ruleset_registry(pm: pluggy.PluginManager) -> RulesetRegistry:
    """Every installed ruleset by name; two rulesets with one name is an error naming both."""
    registry = RulesetRegistry()
    for plugin, classes in call_each(pm, "polemos_rulesets"):
        for cls in classes:
            if cls.name in registry:
                raise PolemosError(f"ruleset {cls.name!r} is provided twice "
                                   f"({registry[cls.name].__module__}, {cls.__module__})")
            registry[cls.name] = cls
            registry.plugin[cls.name] = plugin
    return registry


def options_models(pm: pluggy.PluginManager) -> dict[str, Any]:
    """``{plugin name: options model}`` from every plugin that declares options."""
    models: dict[str, Any] = {}
    for found in call_hook(pm, "polemos_plugin_options"):
        models.update(found)
    return models
