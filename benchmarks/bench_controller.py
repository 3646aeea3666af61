"""Time per click of the notebook controller, Python side: from the click to the figures updated.

Every seat is human, so a click is exactly one action: ``gamelib.play``, the view, every figure
builder, the in-place ``FigureWidget`` update, the extras (odds panels) and the log panel. The
browser's rendering is not included. Games with ``gamelib.<id>.ui.controller`` are measured
with their own figures and extras; the reference is the toy game's controller with one small
scatter figure, measured in the same run; a bare ``FigureWidget.batch_update`` is shown too.
"""

from __future__ import annotations

import asyncio
import importlib
import random
import time
from collections.abc import Callable
from typing import Any

import plotly.graph_objects as go

import gamelib
from benchmarks import Row, percentile, row, shipped_games
from gamelib.ui import GameController
from gamelib.ui.plotly_widget import FigureWidget
from gamelib.ui.widget_bundle import DECODER, gzip_bundle, lzma_bundle, prepare

NAME = "controller"


def _click_times(ctrl: GameController, clicks: int, seed: int = 0) -> list[float]:
    """Click ``clicks`` random legal actions (restarting finished games); seconds per click."""
    return asyncio.run(_clicks(ctrl, clicks, seed))[0]


async def _clicks(
    ctrl: GameController, clicks: int, seed: int = 0
) -> tuple[list[float], list[float]]:
    """Seconds per click, and seconds of the work each click left on the event loop.

    The clicks run inside an event loop, as in a kernel, so an extra that computes after the
    figures are drawn (the Megalomania odds panel) does so; that deferred work is timed apart.
    Only the click that plays the action is timed; opening a group of options (a card's
    button, then its options) is not.
    """
    rng = random.Random(seed)
    times: list[float] = []
    after: list[float] = []
    while len(times) < clicks:
        if ctrl.state.is_terminal():
            ctrl.restart(seed=ctrl.state.seed + 1)
            await asyncio.sleep(0)
        texts = ctrl.legal_texts()
        choice = texts[rng.randrange(len(texts))]
        button = _button_for(ctrl, choice)
        start = time.perf_counter()
        if button is not None:
            button.click()
        else:
            ctrl.action_dropdown.value = ctrl.legal_labels()[choice]
            ctrl.play_button.click()
        clicked = time.perf_counter()
        await asyncio.sleep(0)  # what the click scheduled runs now
        times.append(clicked - start)
        after.append(time.perf_counter() - clicked)
        if ctrl.last_error is not None:
            raise RuntimeError(f"click failed: {ctrl.last_error!r}")
    return times, after


def _button_for(ctrl: GameController, text: str) -> Any:
    """The shown button that plays ``text``, opening its group first; None: use the dropdown."""
    if ctrl.dropdown_box.layout.display != "none":
        return None
    for head, members in ctrl.choices():
        if any(t == text for t, _shown in members) and len(members) > 1:
            ctrl.open_group(head)
            break
    return next(b for b in ctrl.action_buttons if getattr(b, "_gamelib_action", None) == text)


def _toy_figure(view: Any) -> go.Figure:
    cards = [c for hand in view.hands for c in (hand or ())]
    return go.Figure(go.Scatter(x=list(range(len(cards))), y=cards, mode="markers"))


def _toy_controller() -> GameController:
    from tests.toy_game import register

    register()
    game = gamelib.load("toy", players=3)
    return GameController(game, figures=[_toy_figure], seats=["human"] * 3)


def _bare_update_times(clicks: int) -> list[float]:
    fw = go.FigureWidget(go.Figure(go.Scatter(x=[0, 1, 2], y=[0, 1, 2])))
    times = []
    for i in range(clicks):
        start = time.perf_counter()
        with fw.batch_update():
            fw.data[0].y = [i, i + 1, i + 2]
        times.append(time.perf_counter() - start)
    return times


def _plotly_esm_mb() -> float:
    """MB of front-end code in the state of each of plotly's own ``go.FigureWidget``."""
    return len(str(getattr(go.FigureWidget(), "_esm", "") or "").encode("utf-8")) / 1e6


def _lzma_mb() -> float:
    """MB of the LZMA-compressed bundle and its decoder (made now if not cached)."""
    data = lzma_bundle()
    if data is None:
        prepare()
        data = lzma_bundle() or b""
    return (len(data) + DECODER.stat().st_size) / 1e6


def _game_controller(game_id: str) -> GameController | None:
    try:
        ui = importlib.import_module(f"gamelib.{game_id}.ui")
    except ImportError:
        return None
    make: Callable[..., GameController] | None = getattr(ui, "controller", None)
    if make is None:
        return None
    game = gamelib.load(game_id)
    return make(game, seats={i: "human" for i in range(game.players)})


def _rows(subject: str, times: list[float], ref: tuple[str, float] | None, note: str) -> list[Row]:
    ms = [t * 1000 for t in times]
    med, p95 = percentile(ms, 50), percentile(ms, 95)
    if ref is None:
        return [
            row(NAME, subject, med, "ms/click (median)", notes=note),
            row(NAME, subject, p95, "ms/click (p95)", notes=note),
        ]
    name, ref_med = ref
    return [
        row(NAME, subject, med, "ms/click (median)", f"{name}: {ref_med:.1f} ms", ref_med, note),
        row(NAME, subject, p95, "ms/click (p95)", notes=note),
    ]


def run(quick: bool = False) -> list[Row]:
    """Median and 95th percentile time per click for each game's controller and the toy one."""
    clicks = 20 if quick else 150
    toy = _toy_controller()
    _click_times(toy, 3)  # warm-up: first plotly validation is slow
    toy_times = _click_times(toy, clicks)
    toy_med = percentile([t * 1000 for t in toy_times], 50)
    bare = _bare_update_times(clicks)
    rows = _rows("toy controller, 1 scatter", toy_times, None, f"reference, {clicks} clicks")
    rows += _rows("bare FigureWidget batch_update", bare, None, "one trace, one property")
    rows.append(
        row(
            NAME,
            "front-end code in each figure widget's state",
            len(FigureWidget._esm.encode("utf-8")) / 1e6,
            "MB",
            notes="gamelib's loader; plotly.js is sent once per page, LZMA-compressed "
            f"({_lzma_mb():.2f} MB with its decoder; gzip, {len(gzip_bundle()) / 1e6:.2f} MB, "
            "until the LZMA cache is made), and is never saved in widget state "
            f"(plotly's own FigureWidget carries {_plotly_esm_mb():.2f} MB in each)",
        )
    )
    reference = ("toy controller", toy_med)
    for game_id in shipped_games():
        try:
            ctrl = _game_controller(game_id)
            if ctrl is None:
                continue
            _click_times(ctrl, 3)
            times, after = asyncio.run(_clicks(ctrl, clicks))
        except Exception as err:  # a game under construction must not stop the other rows
            rows.append(row(NAME, game_id, float("nan"), "ms/click", notes=f"failed: {err!r}"))
            continue
        figures = len(ctrl.figure_widgets())
        extras = len(ctrl.extras)
        note = f"{clicks} clicks, {figures} figure(s), {extras} extra(s), all seats human"
        rows += _rows(f"{game_id} controller", times, reference, note)
        if percentile(after, 95) * 1000 >= 1.0:
            rows += _rows(f"{game_id}: work after the click", after, None,
                          "extras computed once the click's figures are drawn (odds panel)")
    return rows
