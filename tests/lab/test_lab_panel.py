"""The lab panel, driven headless as a notebook user would (clicks and values)."""

from __future__ import annotations

import base64
import re

import pytest

from gamelib.lab import figures
from gamelib.lab.ui import LabPanel, rule_choices
from gamelib.sim import stats
from gamelib.sim.batch import run_batch


def test_run_draws_every_figure_from_the_batch() -> None:
    panel = LabPanel(game="megalomania", games=12, seed=2)
    panel.run_button.click()
    assert panel.error is None and len(panel.batches) == 1
    batch = panel.batches[0]
    assert batch == run_batch(
        "megalomania",
        games=12,
        seed=2,
        processes=1,
        bots=(panel.bot_a.value, panel.bot_b.value),
        options=panel.rule_set(0),
    )
    assert panel.progress.value == 12
    win = panel.figures["win"]
    rates = stats.win_rates_by_bot(batch)
    assert list(win.data[0].x) == list(rates)
    assert list(win.data[0].y) == pytest.approx([100 * r.rate for r in rates.values()])
    assert sum(panel.figures["seat"].data[0].y) == pytest.approx(100.0)
    assert "95%" in panel.findings.value


def test_compare_runs_two_rule_sets_and_labels_the_difference() -> None:
    panel = LabPanel(game="powers", games=10, seed=1)
    assert "rules" in panel.rules[1]
    panel.compare.value = True
    panel.rules[1]["rules"].value = "magazine"
    batches = panel.run()
    assert [b.options["rules"] for b in batches] == ["base", "magazine"]
    assert "rules=magazine" in batches[1].label
    assert len(panel.figures["win"].data) == 2
    links = re.findall(r'href="data:text/csv;base64,([^"]+)"', panel.downloads.value)
    assert len(links) == 2
    csv_text = base64.b64decode(links[1]).decode("utf-8")
    assert "'rules': 'magazine'" in csv_text.splitlines()[1]


def test_changing_the_game_offers_its_players_bots_and_rules() -> None:
    panel = LabPanel(game="powers", games=4)
    panel.game.value = "megalomania"
    assert 4 in panel.players.options
    assert "random" in panel.bot_a.options
    assert set(panel.rules[0]) == set(rule_choices("megalomania"))


def test_a_refused_run_says_why_and_keeps_the_last_results() -> None:
    panel = LabPanel(game="powers", games=4, seed=0)
    first = panel.run()
    panel.n_games.value = 4
    panel.players.options = [*panel.players.options, 99]
    panel.players.value = 99
    again = panel.run()
    assert again == first and panel.batches == first
    assert panel.error and "players" in panel.error
    assert "Cannot run" in panel.findings.value


def test_every_lab_figure_has_a_title_axis_titles_and_a_caption_in_both_languages() -> None:
    batch = run_batch("powers", games=6, seed=0, processes=1)
    for lang in ("en", "ja"):
        for kind, build in (
            ("win", figures.win_rate_figure),
            ("seat", figures.seat_figure),
            ("score", figures.score_figure),
            ("length", figures.length_figure),
        ):
            fig = build([batch], lang)
            assert fig.layout.title.text and fig.layout.xaxis.title.text
            assert fig.layout.yaxis.title.text
            assert figures.caption(kind, lang)
        assert len(figures.findings(batch, lang)) == len(batch.bots) + 2


def test_the_panel_shares_layouts_and_closes_the_rule_pickers_it_replaces() -> None:
    """Issue 12: one layout and one style widget per kind, not one per control; a game change
    closes the old rule pickers (without an event loop, at once)."""
    panel = LabPanel(game="powers", games=4)
    assert panel.bot_a.layout is panel.bot_b.layout is panel.game.layout
    assert panel.bot_a.style is panel.players.style
    assert panel.findings.layout is panel.downloads.layout
    old = [w for side in (0, 1) for w in panel.rules[side].values()]
    assert old and all(w.comm is not None for w in old)
    panel.game.value = "megalomania"
    assert all(w.comm is None for w in old)
    assert all(w.comm is not None for w in panel.rules[0].values())
    assert panel.rule_boxes[0].children == tuple(panel.rules[0].values())
