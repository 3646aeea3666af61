"""The Powers notebook controller: the generic :class:`gamelib.ui.GameController` with Powers'
figures and an odds panel.

>>> from gamelib.powers.ui import controller
>>> ctrl = controller(players=3, seats={0: "human", 1: "heuristic", 2: "heuristic"})
>>> ctrl          # last expression of a cell: shows the game
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any, cast

from gamelib.core import Estimate, Game, State, View, load
from gamelib.powers.data import COUNTRIES
from gamelib.powers.figures import (
    card_label,
    hands_figure,
    hands_spec,
    ladder_figure,
    ladder_spec,
    map_figure,
    map_spec,
    round_deck_figure,
    round_deck_spec,
    score_figure,
    score_spec,
)
from gamelib.powers.odds import beats, card_key, invasion_odds
from gamelib.powers.strength import card_strength
from gamelib.powers.view import PowersView
from gamelib.ui import GameController
from gamelib.ui.controller import FigureBuilder

__all__ = ["FIGURES", "ON_SCREEN", "SPECS", "controller", "odds_panel"]

FIGURES = (map_figure, hands_figure, ladder_figure, score_figure, round_deck_figure)
"""The figures the controller shows, top to bottom (each a ``go.Figure`` of a view)."""
SPECS = (map_spec, hands_spec, ladder_spec, score_spec, round_deck_spec)
"""The same figures as plotly JSON dicts, in the same order: what the controller builds after
each click (no ``go.Figure`` is made, and only what changed is sent)."""
ON_SCREEN = 2
"""The first figures (the board and the hands) stay above the buttons, so that board, hand and
actions fit one 1280×800 screen; the others (ladder, scores, round deck) and the odds panel go
below the controls."""

_TEXT = {
    "title": ("Odds for {seat}", "{seat}から見た確率"),
    "teacher": (
        "Odds are a seat's question: pick a seat in the viewpoint box.",
        "確率は各席の視点の問題です。視点でプレイヤーを選んでください。",
    ),
    "idle": ("Odds appear during an invasion.", "確率は侵略フェイズ中に表示されます。"),
    "folded": ("{seat} has folded.", "{seat}は降りた。"),
    "if_play": ("If you play {card} (strength {s}), someone can beat it {p} of the time.",
                "{card}(強さ{s})を出すと、上回れる人がいる確率は{p}。"),
    "top": ("Someone can still beat strength {s} {p} of the time ({how}, from {n} unseen cards):"
            " {each}.",
            "強さ{s}を上回れる人がいる確率は{p}({how}、見えないカード{n}枚から): {each}。"),
    "exact": ("exact", "厳密"),
    "sampled": ("simulated, ± {e}", "シミュレーション、± {e}"),
    "joker": ("{card} wins at once.", "{card}は即座に勝つ。"),
}


def _t(key: str, lang: str, **params: Any) -> str:
    en, ja = _TEXT[key]
    return (ja if lang == "ja" else en).format(**params)


def _percent(est: Estimate) -> str:
    """A chance as players say it: ``99.6%``."""
    return f"{est.value:.1%}"


def odds_panel(view: View) -> str:
    """HTML: during an invasion, the chance that another seat can beat the top card, and, for
    each card of the viewer's hand that may be played, the chance that it would be beaten."""
    assert isinstance(view, PowersView)
    lang = view.lang
    if view.viewer is None:
        return f"<i>{html.escape(_t('teacher', lang))}</i>"
    seat = view.seat_names[view.viewer]
    if view.phase != "invasion" or view.round_card not in COUNTRIES or view.is_terminal():
        return f"<i>{html.escape(_t('idle', lang))}</i>"
    head = f"<b>{html.escape(_t('title', lang, seat=seat))}</b>"
    if view.folded[view.viewer]:
        return f"{head}<br>{html.escape(_t('folded', lang, seat=seat))}"
    lines = []
    if view.top_strength:  # before the first card anything legal beats "0": nothing to say
        top = invasion_odds(view)
        sep = "、" if lang == "ja" else ", "
        each = sep.join(f"{view.seat_names[s]} {_percent(e)}" for s, e in top.each)
        how = _t("exact", lang) if top.anyone.exact else _t(
            "sampled", lang, e=f"{top.anyone.stderr:.1%}")
        lines.append(html.escape(_t("top", lang, s=view.top_strength, p=_percent(top.anyone),
                                    how=how, n=top.unseen, each=each)))
    country = COUNTRIES[view.round_card]
    terrain = country.terrain or "normal"
    bonus = view.bonus[view.viewer]
    for card in view.hand or ():
        if not beats(card_key(card), view.top_strength, bonus=bonus, terrain=terrain):
            continue
        strength = card_strength(card, view.top_strength, bonus)
        if strength is None:
            lines.append(html.escape(_t("joker", lang, card=card_label(card))))
            continue
        odds = invasion_odds(view, to_beat=strength)
        lines.append(html.escape(
            _t("if_play", lang, card=card_label(card), s=strength, p=_percent(odds.anyone))))
    body = "<br>".join(line.replace("\n", "<br>") for line in lines)
    return f'<div class="powers-odds">{head}<br>{body}</div>'


def controller(
    game: Game[Any] | None = None,
    *,
    seats: Mapping[int, str] | Sequence[str] | None = None,
    seed: int = 0,
    viewpoint: int | None = 0,
    odds: bool = True,
    position: State[Any] | None = None,
    hotseat: bool = False,
    lang: str | None = None,
    **options: Any,
) -> GameController:
    """A :class:`GameController` for Powers with its figures (and the odds panel).

    ``game`` defaults to ``gamelib.load("powers", **options)``; ``seats`` maps seats to
    ``"human"`` or a bot name (default: seat 0 human, the others the heuristic bot).
    ``position`` starts from a state built by hand (:mod:`gamelib.powers.positions`), whose
    game it plays; ``hotseat`` makes the viewpoint follow the human to move; ``lang`` sets the
    language of every label (see :class:`gamelib.ui.GameController`).
    """
    if position is not None:
        if game is not None or options:
            raise TypeError("give a position, a game or a game's options, not several")
        game = position.game
    elif game is None:
        game = load("powers", **options)
    elif options:
        raise TypeError("give either a game or its options, not both")
    if seats is None:
        seats = {i: "human" if i == 0 else "heuristic" for i in range(game.players)}
    ctrl = GameController(
        game,
        figures=[cast(FigureBuilder, f) for f in SPECS],  # they take PowersView only
        seats=seats,
        seed=seed,
        viewpoint=viewpoint,
        extra=[odds_panel] if odds else None,
        position=position,
        hotseat=hotseat,
        lang=lang,
    )
    ctrl.keep_above(ON_SCREEN)
    return ctrl
