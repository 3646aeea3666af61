"""Every figure of the Powers and Megalomania notebooks is readable (issue 8): a title, titled
value axes on charts, and no text smaller than 12 px, in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import plotly.graph_objects as go
import pytest

import gamelib
from gamelib.megalomania import figures as mfig
from gamelib.megalomania import odds as modds
from gamelib.megalomania.bots import HeuristicBot
from gamelib.powers import figures as pfig
from gamelib.powers import odds as pod
from gamelib.powers.positions import play_texts, position

MIN_PX = 12
_SPAN = re.compile(r"font-size:\s*(\d+)px")


def _sizes(obj: Any) -> Iterator[float]:
    """Every font size in a figure's JSON, and every font-size in its HTML text."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in ("font", "textfont", "tickfont", "titlefont") and isinstance(value, dict):
                size = value.get("size")
                if isinstance(size, (int, float)):
                    yield size
            yield from _sizes(value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            yield from _sizes(value)
    elif isinstance(obj, str):
        yield from (float(m) for m in _SPAN.findall(obj))


def check_readable(fig: go.Figure) -> None:
    """Title, titled value axis on bar charts, fonts of at least 12 px."""
    js = fig.to_plotly_json()
    title = (js["layout"].get("title") or {}).get("text")
    assert title, "figure without a title"
    small = [s for s in _sizes(js) if s < MIN_PX]
    assert not small, f"text smaller than {MIN_PX} px in {title!r}: {small}"
    for trace in fig.data:
        if isinstance(trace, go.Bar) and len(trace.x or ()):
            axis = fig.layout.xaxis if trace.orientation == "h" else fig.layout.yaxis
            assert axis.title.text, f"bar chart {title!r} without a value-axis title"


def _powers_views(lang: str) -> list[Any]:
    s = position(players=3, hands={0: "KH 9S AC 4D", 1: "QH 10D 6C", 2: "JH 8D 7S"},
                 owners={"Austria": 0, "France": 1}, rounds="Germany", lang=lang)
    after = play_texts(s, "play KH")
    return [s.view(None), s.view(0), after.view(1)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_powers_figures_are_readable(lang: str) -> None:
    for view in _powers_views(lang):
        for build in (pfig.map_figure, pfig.hands_figure, pfig.ladder_figure, pfig.score_figure,
                      pfig.round_deck_figure):
            check_readable(build(view))
    rows = [(n, o.pair.value, o.straight.value, o.either.value, pod.face_card_odds(n).value)
            for n in range(2, 6) for o in [pod.hand_odds(n)]]
    check_readable(pfig.defence_chance_figure(rows, lang=lang))
    me = _powers_views(lang)[1]
    points = [(s, pod.invasion_odds(me, to_beat=s).anyone.value) for s in (5, 14)]
    check_readable(pfig.beat_chance_figure(points, lang=lang, note="test"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_megalomania_figures_are_readable(lang: str) -> None:
    game = gamelib.load("megalomania", players=4, length="short", lang=lang)
    state = game.new_state(seed=7)
    bots = [HeuristicBot(seed=s) for s in range(4)]
    while not (state.phase == "play" and len(state.view(None).trick) == 1):
        seat = state.current_player
        state = gamelib.play(state, bots[seat].choose(state.view(seat), state.legal_actions()))
    me = state.current_player
    for view in (state.view(me), state.view(None)):
        check_readable(mfig.table_figure(view))
        check_readable(mfig.score_figure(view))
    t = modds.trick_odds(state.view(me), samples=20, seed=0)
    check_readable(mfig.odds_figure(t, lang=lang))
    check_readable(mfig.odds_figure(None, lang=lang))


def test_the_table_fits_the_cell() -> None:
    """No fixed width: plotly sizes the table to the notebook cell (it was clipped at 900 px)."""
    view = gamelib.load("megalomania").new_state(seed=1).view(0)
    assert mfig.table_figure(view).layout.width is None
