"""The lab's figures: pure functions of one or more batches (one per rule set compared).

Every figure has a title, axis titles with units and, in :func:`caption`, one sentence saying how
to read it, in English or Japanese. Batches are told apart by their ``label`` (the rule set).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from gamelib.lab.texts import text
from gamelib.sim import stats
from gamelib.sim.batch import Batch

__all__ = [
    "caption",
    "findings",
    "length_figure",
    "score_figure",
    "seat_figure",
    "win_rate_figure",
]

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
FONT = {"size": 13}


def _name(batch: Batch, i: int) -> str:
    return batch.label or f"#{i + 1}"


def _layout(fig: go.Figure, title: str, x: str, y: str) -> go.Figure:
    fig.update_layout(
        title={"text": title},
        xaxis_title=x,
        yaxis_title=y,
        font=FONT,
        barmode="group",
        height=360,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        legend={"orientation": "h", "y": -0.2},
    )
    return fig


def _bar(name: str, xs: list[str], rates: Sequence[stats.Rate], colour: str) -> go.Bar:
    ys = [100 * r.rate for r in rates]
    return go.Bar(
        name=name,
        x=xs,
        y=ys,
        marker_color=colour,
        error_y={
            "type": "data",
            "symmetric": False,
            "array": [100 * r.high - y for r, y in zip(rates, ys, strict=True)],
            "arrayminus": [y - 100 * r.low for r, y in zip(rates, ys, strict=True)],
        },
        hovertemplate="%{x}: %{y:.1f}%<extra>" + name + "</extra>",
    )


def _chance_line(fig: go.Figure, batches: Sequence[Batch], lang: str) -> None:
    players = {b.players for b in batches}
    if len(players) == 1:
        pct = 100 / players.pop()
        fig.add_hline(
            y=pct,
            line_dash="dash",
            line_color="grey",
            annotation_text=text("chance", lang, pct=pct),
            annotation_position="top left",
        )


def win_rate_figure(batches: Sequence[Batch], lang: str = "en") -> go.Figure:
    """Each bot's win rate (wins per seat played) with its 95% interval, per rule set."""
    fig = go.Figure()
    for i, batch in enumerate(batches):
        rates = stats.win_rates_by_bot(batch)
        fig.add_trace(_bar(_name(batch, i), list(rates), list(rates.values()), COLOURS[i % 4]))
    _chance_line(fig, batches, lang)
    fig.update_yaxes(range=[0, 100], ticksuffix="%")
    return _layout(fig, text("win_title", lang), text("bot", lang), text("win_pct", lang))


def seat_figure(batches: Sequence[Batch], lang: str = "en") -> go.Figure:
    """How often each seat won, with its 95% interval and the even-split line, per rule set."""
    fig = go.Figure()
    for i, batch in enumerate(batches):
        rates = stats.win_rates_by_seat(batch)
        seats = [text("seat_n", lang, n=s + 1) for s in range(batch.players)]
        fig.add_trace(_bar(_name(batch, i), seats, rates, COLOURS[i % 4]))
    _chance_line(fig, batches, lang)
    fig.update_yaxes(range=[0, 100], ticksuffix="%")
    return _layout(fig, text("seat_title", lang), text("seat", lang), text("seat_pct", lang))


def score_figure(batches: Sequence[Batch], lang: str = "en") -> go.Figure:
    """Box plots of the final scores at each seat, per rule set."""
    fig = go.Figure()
    for i, batch in enumerate(batches):
        xs: list[str] = []
        ys: list[float] = []
        for seat, scores in enumerate(stats.scores_by_seat(batch)):
            xs.extend([text("seat_n", lang, n=seat + 1)] * len(scores))
            ys.extend(scores)
        fig.add_trace(
            go.Box(name=_name(batch, i), x=xs, y=ys, marker_color=COLOURS[i % 4], boxpoints=False)
        )
    fig.update_layout(boxmode="group")
    return _layout(fig, text("score_title", lang), text("seat", lang), text("score", lang))


def length_figure(batches: Sequence[Batch], lang: str = "en") -> go.Figure:
    """Histograms of the games' lengths in actions, per rule set."""
    fig = go.Figure()
    for i, batch in enumerate(batches):
        fig.add_trace(
            go.Histogram(
                name=_name(batch, i),
                x=stats.lengths(batch),
                marker_color=COLOURS[i % 4],
                opacity=0.6,
            )
        )
    fig.update_layout(barmode="overlay")
    return _layout(fig, text("length_title", lang), text("steps", lang), text("games", lang))


def caption(kind: str, lang: str = "en") -> str:
    """One sentence on how to read figure ``kind`` (``win``, ``seat``, ``score``, ``length``)."""
    return text(f"read_{kind}", lang)


def findings(batch: Batch, lang: str = "en") -> list[str]:
    """What a batch shows, as sentences: each bot's win rate, the seat test, the game length."""
    lines = []
    for bot, r in stats.win_rates_by_bot(batch).items():
        lines.append(
            text(
                "bot_sentence",
                lang,
                bot=bot,
                pct=100 * r.rate,
                low=100 * r.low,
                high=100 * r.high,
                games=r.games,
            )
        )
    chi, p = stats.seat_advantage(batch)
    verdict = text("seat_yes" if p < 0.05 else "seat_no", lang)
    lines.append(text("seat_sentence", lang, chi=chi, p=p, verdict=verdict))
    steps = stats.lengths(batch)
    lines.append(
        text("length_sentence", lang, mean=stats.mean(steps), low=min(steps), high=max(steps))
    )
    return lines
