"""Plugin discovery and the ruleset registry.

There is no global plugin manager: every CLI command, game and test builds its own with
``make_plugin_manager``, so tests can register fake plugins without leaking into each other.
"""

from __future__ import annotations

import importlib.metadata
import types
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

import pluggy

from polemos.core import hookspecs
from polemos.core.errors import PluginFailure, PolemosError, UnknownName

if TYPE_CHECKING:
    from polemos.core.ruleset import Ruleset

ENTRY_POINT_GROUP = "polemos"


def make_plugin_manager(extra: Iterable[Any] = (), *, entry_points: bool = True
                        ) -> pluggy.PluginManager:
    """A fresh manager with the hook specs, the installed plugins and ``extra`` ones."""
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
            pm.register(plugin, name=ep.name)
    for plugin in extra:
        pm.register(plugin, name=plugin_label(plugin))
    return pm


def plugin_label(plugin: Any) -> str:
    """A readable name for a plugin registered in code: its module or class name."""
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__
    return getattr(plugin, "__name__", type(plugin).__name__)


def call_hook(manager: pluggy.PluginManager, name: str, /, *, firstresult: bool = False,
              only: Collection[str] | None = None, **kwargs: Any) -> Any:
    """Call hook ``name`` implementation by implementation, naming the plugin that raises.

    Runs implementations in pluggy's order (last registered first, tryfirst/trylast honoured),
    restricted to the plugins named in ``only`` when given. Returns the list of non-None
    results, or the first one when ``firstresult``.
    """
    hook = getattr(manager.hook, name)
    results = []
    for impl in reversed(hook.get_hookimpls()):
        if only is not None and impl.plugin_name not in only:
            continue
        args = {arg: kwargs[arg] for arg in impl.argnames}
        try:
            result = impl.function(**args)
        except PolemosError:
            raise
        except Exception as error:
            raise PluginFailure(impl.plugin_name, name, error) from error
        if result is not None:
            if firstresult:
                return result
            results.append(result)
    return None if firstresult else results


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
            return str(UnknownName("plugin", name, installed))
        return f"plugin module {name!r} failed to import: {error}"
    except Exception as error:  # the module itself is broken: name it
        return f"plugin module {name!r} failed to import: {type(error).__name__}: {error}"
    pm.register(module, name=name)
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
    for impl in reversed(pm.hook.polemos_rulesets.get_hookimpls()):
        try:
            classes = impl.function()
        except Exception as error:
            raise PluginFailure(impl.plugin_name, "polemos_rulesets", error) from error
        for cls in classes:
            if cls.name in registry:
                raise PolemosError(f"ruleset {cls.name!r} is provided twice "
                                   f"({registry[cls.name].__module__}, {cls.__module__})")
            registry[cls.name] = cls
            registry.plugin[cls.name] = impl.plugin_name
    return registry


def options_models(pm: pluggy.PluginManager) -> dict[str, Any]:
    """``{plugin name: options model}`` from every plugin that declares options."""
    models: dict[str, Any] = {}
    for found in call_hook(pm, "polemos_plugin_options"):
        models.update(found)
    return models
