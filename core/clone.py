"""Fast copies of game states: the pieces every ruleset's ``clone_state`` is built from.

A fork (``Game.fork``: a search bot makes thousands per decision) or a transaction's
checkpoint (``polemos.core.transaction``) copies the whole state, so the copy must cost a
fraction of ``copy.deepcopy``, which walks every object, immutable profiles and scenario data
included, through a memo. A ruleset's ``clone_state`` is a table (``copier``) of the fields
that change during play and how deep to copy them; what never changes is shared.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

from polemos.core.table import Base
from polemos.core.turns import Alternation, SealedOrders, SideByTurn

T = TypeVar("T")


def shallow_copier(cls: type[T]) -> Callable[[T], T]:
    """A shallow copy of a dataclass instance: its constructor called with its own fields.

    Several times faster than ``copy.copy`` (no ``__reduce_ex__``), and a field added to the
    class later is copied too; the caller replaces the fields that hold mutable containers.
    Every field must be an ``__init__`` argument, or the constructor could not take it back.
    """
    declared = fields(cls)  # type: ignore[arg-type]  # a TypeError if not a dataclass
    names = [f.name for f in declared]
    if any(not f.init for f in declared):
        raise TypeError(f"{cls.__name__} has a field outside __init__: copy it by hand")
    make: Callable[..., T] = cls
    if len(names) == 1:  # attrgetter of one name gives the value, not a tuple
        only = names[0]
        return lambda obj: make(getattr(obj, only))
    get = attrgetter(*names)
    return lambda obj: make(*get(obj))


def copier(cls: type[T], **deep: Callable[[Any], Any]) -> Callable[[T], T]:
    """A copy of a dataclass instance: shallow (``shallow_copier``), except the fields named,
    each copied by its function (``list``, ``dict``, another copier, ``each``, ``values`` …).

    A ruleset's ``clone_state`` is then a table of which fields change during play and how
    deep, checked by the conformance suite (``shared_mutables``).
    """
    shallow = shallow_copier(cls)
    unknown = set(deep) - {f.name for f in fields(cls)}  # type: ignore[arg-type]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    copies = tuple(deep.items())

    def copy(obj: T) -> T:
        twin = shallow(obj)
        for name, copy_field in copies:
            setattr(twin, name, copy_field(getattr(obj, name)))
        return twin

    return copy


def optional(copy: Callable[[T], T]) -> Callable[[T | None], T | None]:
    """``copy`` for a field that may be None."""
    return lambda value: None if value is None else copy(value)


def each(copy: Callable[[T], T]) -> Callable[[list[T]], list[T]]:
    """A list whose items are copied by ``copy``."""
    return lambda items: [copy(item) for item in items]


def values(copy: Callable[[T], T]) -> Callable[[dict[Any, T]], dict[Any, T]]:
    """A dict whose values are copied by ``copy`` (its keys are strings or numbers)."""
    return lambda mapping: {key: copy(value) for key, value in mapping.items()}


copy_base = shallow_copier(Base)
"""A unit's footprint, mutated in place when it moves."""
copy_side_by_turn = copier(SideByTurn, sides=list)
copy_alternation = copier(Alternation, order=list, remaining=values(list))
copy_sealed = copier(SealedOrders, sides=list, orders=values(dict), shown=list)
"""Sealed orders: each side's orders copied; an order's value is plain data that the rules
replace rather than mutate."""


def shared_mutables(original: Any, twin: Any, static: Any = (), path: str = "state"
                    ) -> list[str]:
    """Where a copy shares a mutable object with its original (the conformance suite's check
    of ``Ruleset.clone_state``): a list, dict, set or unfrozen dataclass reached at the same
    place in both and being the same object, so a step on one would change the other.

    Frozen dataclasses and immutable values are shared by design and not entered; neither are
    the objects of ``static``, which the ruleset shares on purpose (its own ``params``).
    """
    skip = {id(obj) for obj in static}
    found: list[str] = []

    def walk(a: Any, b: Any, where: str) -> None:
        if id(a) in skip:
            return
        params = getattr(type(a), "__dataclass_params__", None)
        if params is not None:
            if params.frozen:
                return
            if a is b:
                found.append(where)
                return
            for f in fields(a):
                walk(getattr(a, f.name), getattr(b, f.name, None), f"{where}.{f.name}")
        elif isinstance(a, dict):
            if a is b:
                found.append(where)
            elif isinstance(b, dict):
                for key, value in a.items():
                    walk(value, b.get(key), f"{where}[{key!r}]")
        elif isinstance(a, list):
            if a is b:
                found.append(where)
            elif isinstance(b, list):
                for index, (value, other) in enumerate(zip(a, b, strict=False)):
                    walk(value, other, f"{where}[{index}]")
        elif isinstance(a, set | bytearray) and a is b:
            found.append(where)

    walk(original, twin, path)
    return found
