"""The odds explorer offers only the routes that exist to the chosen target (issue 13, item 7)
and draws its figures once per change (issue 12)."""

from __future__ import annotations

import pytest

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


def test_a_change_from_code_or_a_lesson_draws_the_figures_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``set`` with several boxes recomputes once, after the last; a lesson following the
    explorer in the language it shows recomputes nothing; a switch recomputes once."""
    from gamelib.ui.lesson import Lesson

    lesson = Lesson(lang="en")
    ex = lesson.follow(OddsExplorer(target="china", hand=["sherman"], route="land"))
    drawn: list[tuple[str, str, tuple[str, ...]]] = []
    figures = OddsExplorer._figures

    def counted(self: OddsExplorer) -> object:
        drawn.append((self.target_box.value, self.route_box.value, tuple(self.hand_box.value)))
        return figures(self)

    monkeypatch.setattr(OddsExplorer, "_figures", counted)
    lesson.set_lang("en")
    assert drawn == []
    ex.set(target="hawaii", route="sea", hand=["yamato", "sherman"])
    assert drawn == [("hawaii", "sea", ("yamato", "sherman"))]
    ex.target_box.value = "germany"  # a reader's choice in the page: drawn at once
    assert drawn[1:] == [("germany", "land", ("yamato", "sherman"))]
    lesson.switch.value = "ja"
    assert len(drawn) == 3 and "中国" in str(ex.target_box.options)
