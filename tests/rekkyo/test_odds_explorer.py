"""The odds explorer offers only the routes that exist to the chosen target (issue 13, item 7)."""

from __future__ import annotations

from gamelib.rekkyo.ui import OddsExplorer


def test_routes_offered_are_the_targets_links() -> None:
    ex = OddsExplorer(target="usa", hand=["mustang", "essex"], route="land")
    assert list(ex.route_box.options) == ["sea"]  # the USA has no land link
    assert ex.route_box.value == "sea"
    ex.target_box.value = "germany"
    assert list(ex.route_box.options) == ["land"]  # Germany has no sea link
    ex.set(target="china")
    assert set(ex.route_box.options) <= {"land", "sea"} and ex.route_box.options
    ex.set(target="hawaii", route="sea")
    assert list(ex.route_box.options) == ["sea"] and ex.route_box.value == "sea"
    assert 0.0 <= ex.p_win() <= 1.0
