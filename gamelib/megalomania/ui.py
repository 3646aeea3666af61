"""Notebook wiring for Megalomania: the generic controller with the table, score sheet and odds.

>>> from gamelib.megalomania.ui import controller
>>> ctrl = controller(seats={0: "human", 1: "heuristic", 2: "heuristic", 3: "heuristic"})
>>> ctrl            # the table, the score sheet, the odds panel, buttons and the log
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from gamelib.core import Game, View, load
from gamelib.megalomania.figures import odds_figure, score_figure, table_figure
from gamelib.megalomania.odds import MissionOdds, TrickOdds, mission_odds, trick_odds
from gamelib.megalomania.view import MegalomaniaView

__all__ = ["controller", "odds_panel", "odds_panel_figure"]


def odds_panel_figure(
    view: MegalomaniaView,
    *,
    samples: int = 150,
    mission_samples: int = 40,
    model: str = "heuristic",
    seed: int = 0,
) -> go.Figure:
    """The odds figure for ``view``: trick odds when the viewer is to play a card, and the
    mission odds whenever the cards are in play (both with few samples, for speed)."""
    t_odds: TrickOdds | None = None
    m_odds: MissionOdds | None = None
    seated = view.viewer is not None and not view.is_terminal()
    if seated and view.phase == "play" and view.current_player == view.viewer:
        t_odds = trick_odds(view, model=model, samples=samples, seed=seed)
    if seated and view.phase in ("play", "explorer", "peasant") and mission_samples > 0:
        m_odds = mission_odds(view, samples=mission_samples, seed=seed)
    return odds_figure(t_odds, mission=m_odds, lang=view.lang)


def odds_panel(**options: Any) -> Callable[[View], Any]:
    """An ``extra`` for the controller: the odds figure after every step.

    It returns a plain figure, which the controller copies into the one widget it keeps in
    place (a new ``FigureWidget`` per step would leak one widget per refresh).

    ``options`` go to :func:`odds_panel_figure`. The teacher's view shows a note instead: the
    odds are a seated player's, computed from what that player can see.
    """

    def panel(view: View) -> Any:
        assert isinstance(view, MegalomaniaView)
        if view.viewer is None:
            note = ("Odds are computed from one player's view: choose a seat in the viewpoint "
                    "menu." if view.lang != "ja" else
                    "確率はプレイヤーの視点から計算します。視点メニューで席を選んでください。")
            return f"<div class='gamelib-odds'>{note}</div>"
        return odds_panel_figure(view, **options)

    return panel


def controller(
    game: Game[Any] | None = None,
    *,
    seats: Mapping[int, str] | Sequence[str] | None = None,
    seed: int = 0,
    viewpoint: int | None = 0,
    odds: bool = True,
    odds_options: Mapping[str, Any] | None = None,
    figures: Sequence[Callable[[View], go.Figure]] | None = None,
    **kwargs: Any,
) -> Any:
    """A :class:`gamelib.ui.GameController` for Megalomania (default: 4 players, seat 0 human,
    the others heuristic bots) showing the table and score sheet, with the odds panel as an
    extra when ``odds`` is true. Other keyword arguments go to the controller."""
    from gamelib.ui import GameController

    game = game if game is not None else load("megalomania")
    if seats is None:
        seats = {0: "human", **{s: "heuristic" for s in range(1, game.players)}}
    extra = list(kwargs.pop("extra", None) or [])
    if odds:
        extra.append(odds_panel(**dict(odds_options or {})))
    builders: list[Any] = list(figures) if figures is not None else [table_figure, score_figure]
    return GameController(
        game, figures=builders, seats=seats, seed=seed, viewpoint=viewpoint, extra=extra,
        **kwargs,
    )
