"""Megalomania figures: built from views of real games, they never show a card the viewer
cannot see, and the clickable cards carry the texts of legal actions."""

from __future__ import annotations

import random

import plotly.graph_objects as go

import gamelib
from gamelib.megalomania.figures import card_actions, odds_figure, score_figure, table_figure
from gamelib.megalomania.odds import mission_odds, trick_odds, unseen_cards
from gamelib.megalomania.state import MegalomaniaState

SHORT = gamelib.load("megalomania", length="short")


def _states(games: int, every: float, seed: int = 0, lang: str = "en") -> list[MegalomaniaState]:
    game = SHORT if lang == "en" else gamelib.load("megalomania", length="short", lang=lang)
    rng = random.Random(seed)
    out: list[MegalomaniaState] = []
    for g in range(games):
        st = game.new_state(300 + g)
        while not st.is_terminal():
            if rng.random() < every:
                out.append(st)
            legal = st.legal_actions()
            st = gamelib.play(st, legal[rng.randrange(len(legal))])  # type: ignore[assignment]
        out.append(st)
    return out


def test_table_figure_hides_the_cards_the_viewer_cannot_see() -> None:
    checked = 0
    for lang in ("en", "ja"):
        for st in _states(4, 0.05, lang=lang):
            for seat in range(st.n):
                view = st.view(seat)
                text = table_figure(view).to_json()
                hidden = unseen_cards(view)
                for c in hidden:
                    assert c.label(lang) not in text, (seat, c, st.phase)
                for s in range(st.n):
                    if s != seat:
                        for c in st.hands[s]:
                            if c not in view.known_cards[s]:
                                assert c.label(lang) not in text
                checked += 1
    assert checked > 100
    print(f"{checked} figures checked: no hidden card label in the figure JSON")


def test_teacher_figure_shows_every_hand() -> None:
    for st in _states(2, 0.05, seed=1):
        text = table_figure(st.view(None)).to_json()
        for hand in st.hands:
            for c in hand:
                assert c.label("en") in text


def test_clickable_cards_are_legal_actions() -> None:
    clicked = 0
    for st in _states(3, 0.2, seed=2):
        if st.is_terminal():
            continue
        seat = st.current_player
        legal = {str(a) for a in st.legal_actions()}
        for viewer in (seat, None):
            fig = table_figure(st.view(viewer))
            texts = [d for tr in fig.data for d in (tr.customdata or ()) if d]
            assert set(texts) <= legal, (set(texts) - legal, st.phase)
            if viewer is not None and st.phase in ("play", "pass", "order", "split", "explorer"):
                assert texts, st.phase
                clicked += 1
        assert set(card_actions(st.view(seat))) <= {getattr(a, "card", None)
                                                   for a in st.legal_actions()}
    assert clicked > 20


def test_every_card_playable_has_a_click() -> None:
    for st in _states(2, 0.2, seed=3):
        if st.is_terminal() or st.phase != "play":
            continue
        seat = st.current_player
        cards = {a.card for a in st.legal_actions()}  # type: ignore[union-attr]
        assert set(card_actions(st.view(seat))) == cards


def test_score_and_odds_figures() -> None:
    st = _states(1, 0.0, seed=4)[-1]
    assert st.is_terminal()
    fig = score_figure(st.view(0))
    assert isinstance(fig, go.Figure) and fig.data[0].type == "table"
    assert len(fig.data[0].cells.values[0]) == len(st.round_scores) + 1
    for mid in _states(1, 0.1, seed=5):
        if mid.phase == "play":
            view = mid.view(mid.current_player)
            odds = trick_odds(view, mid.legal_actions(), samples=50)
            fig = odds_figure(odds, mission=mission_odds(view, samples=5))
            assert len(fig.data[0].y) == len(odds.by_card())
            assert "of the time" in fig.layout.title.text  # the mission odds, in percent
            break
    empty = odds_figure(None, lang="ja")
    assert "手番" in empty.layout.title.text


def test_figures_keep_their_trace_layout_for_in_place_updates() -> None:
    kinds = {tuple(t.type for t in table_figure(st.view(0)).data) for st in _states(1, 0.1, 6)}
    assert kinds == {("scatter", "scatter")}
