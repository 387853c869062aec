"""The turn building blocks: side-by-side, alternating activation, sealed orders."""

from __future__ import annotations

import pytest

from polemos.core.turns import Alternation, SealedOrders, SideByTurn


def test_side_by_turn_counts_rounds():
    turns = SideByTurn(["red", "blue"])
    assert (turns.side, turns.round) == ("red", 1)
    assert turns.hand_over() is False and turns.side == "blue"
    assert turns.hand_over() is True and (turns.side, turns.round) == ("red", 2)


def test_alternation_alternates_then_the_other_side_finishes():
    alt = Alternation.start("b", {"a": ["a1", "a2", "a3"], "b": ["b1"]})
    order = []
    while alt.side() is not None:
        unit = alt.eligible()[0]
        order.append(unit)
        alt.activated(unit)
    assert order == ["b1", "a1", "a2", "a3"]


def test_alternation_skips_a_side_with_no_units_and_withdraws():
    alt = Alternation.start("a", {"a": [], "b": ["b1", "b2"]})
    assert alt.side() == "b"
    alt.withdraw("b1")
    assert alt.eligible() == ["b2"]
    alt.activated("b2")
    assert alt.side() is None


def test_a_unit_lost_during_its_own_activation_still_passes_the_turn():
    alt = Alternation.start("a", {"a": ["a1", "a2"], "b": ["b1"]})
    alt.withdraw("a1")  # shot down by a tail gunner while it fired
    alt.activated("a1")
    assert alt.side() == "b"


def test_sealed_orders_hide_until_all_committed():
    orders = SealedOrders(["a", "b"])
    assert orders.pending() == "a"
    orders.commit("a", {"a1": 3})
    assert orders.visible_to("b") == {}
    assert orders.visible_to("a") == {"a": {"a1": 3}}
    orders.commit("b", {"b1": 5})
    assert orders.revealed
    assert orders.visible_to("b") == {"a": {"a1": 3}, "b": {"b1": 5}}
    with pytest.raises(ValueError):
        orders.commit("a", {})


def test_sealed_orders_one_by_one_stay_hidden_until_each_is_revealed():
    """AI-20's use: a token is shown when its aircraft moves, not when all have committed."""
    orders = SealedOrders(["a", "b"], one_by_one=True)
    orders.commit("a", {"a1": 3, "a2": 5})
    orders.commit("b", {"b1": 1})
    assert orders.visible_to("b") == {"a": {}, "b": {"b1": 1}}
    orders.reveal("a2")
    assert orders.visible_to("b") == {"a": {"a2": 5}, "b": {"b1": 1}}
    view = orders.view("b")
    assert view.orders == {"a": {"a2": 5}, "b": {"b1": 1}} and view.shown == ["a2"]
    assert "3" not in repr(view.orders["a"])
