"""YAML from people, parsed within bounds: a small file never costs much time or memory.

``yaml.safe_load`` shares the objects behind aliases, so a "billion laughs" file of a few hundred
bytes loads quickly, and then costs hundreds of MB and minutes the moment anything walks it
(validation, a save, a log header). Here the composed node graph is measured first: the size it
expands to (every alias counted in full) and its depth are capped before a single Python object
is built, and an alias inside its own anchor is refused. Nesting is capped while composing, since
PyYAML's composer recurses.
"""

from __future__ import annotations

from typing import Any, cast

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, SequenceNode

MAX_DEPTH = 40
"""Nesting levels of collections; a scenario needs fewer than ten."""
MAX_NODES = 200_000
"""Values once aliases are expanded; the largest shipped scenario has a few thousand."""


class _BoundedLoader(yaml.SafeLoader):
    """``SafeLoader`` that refuses nesting deeper than ``MAX_DEPTH`` while composing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self._depth >= MAX_DEPTH:
            event: Any = cast(Any, self).peek_event()  # PyYAML is untyped here
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels",
                                event.start_mark)
        self._depth += 1
        try:
            node: Node | None = super().compose_node(parent, index)
            return node
        finally:
            self._depth -= 1

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        """A scalar the safe constructor cannot build (a 13th month, an integer of 5,000
        digits) raises ``ValueError``; it becomes a YAML error marked with its line."""
        try:
            return super().construct_object(node, deep)
        except ValueError as error:
            raise ConstructorError(None, None, str(error), node.start_mark) from None


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def check_expansion(root: Node) -> None:
    """Refuse a node graph whose aliases expand beyond ``MAX_NODES`` values or ``MAX_DEPTH``
    levels, or that contains itself; iterative, memoised by node, so it costs the file's size."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            kids = _children(node)
            size[key] = 1 + sum(size[id(kid)] for kid in kids)
            depth[key] = 1 + max((depth[id(kid)] for kid in kids), default=0)
            open_nodes.discard(key)
            if size[key] > MAX_NODES:
                raise ComposerError(None, None, f"aliases expand to more than {MAX_NODES:,} "
                                    "values", node.start_mark)
            if depth[key] > MAX_DEPTH:
                raise ComposerError(None, None, f"aliases nest deeper than {MAX_DEPTH} levels",
                                    node.start_mark)
        elif key in open_nodes:
            raise ComposerError(None, None, "an alias refers to a collection that contains it",
                                node.start_mark)
        elif key not in size:
            open_nodes.add(key)
            stack.append((node, True))
            stack.extend((kid, False) for kid in _children(node))


def load(text: str) -> Any:
    """The one YAML document in ``text`` (None if there is none), within the bounds above.

    Raises ``yaml.YAMLError``, with a mark where one is known.
    """
    loader = _BoundedLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        check_expansion(root)
        return loader.construct_document(root)
    finally:
        loader.dispose()
