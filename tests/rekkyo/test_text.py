"""Text in both languages (issue 13, all games): refusals from the catalog in English and
Japanese, Japanese action labels that parse back, and the core text guard."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib import IllegalAction
from gamelib.rekkyo.game import MESSAGES
from gamelib.rekkyo.position import make_position, play_texts


def _game(lang: str):
    return gamelib.load("rekkyo", players=2, first_player="seat1", lang=lang)


def _positions(lang: str):
    """One position per phase: action, attack, defend, intercept, discard."""
    g = _game(lang)
    action = make_position(g, owners={"china": 0, "soviet": 1},
                           hands=[["t34", "kv1", "bf109", "strategic_bombing", "yamato"],
                                  ["red_army", "spitfire"]],
                           pile_top=["m13", "c202"])
    attack = play_texts(action, "invade soviet by land")
    defend = play_texts(attack, "add t34", "add strategic_bombing", "commit")
    intercept = play_texts(defend, "defend")
    return {"action": action, "attack": attack, "defend": defend, "intercept": intercept}


ILLEGAL = ["invade usa by land", "invade soviet by sea", "invade nowhere by land", "add sherman",
           "add yamato", "commit", "defend", "discard kv1", "play spy", "intercept with spitfire",
           "no interception", "do nothing", "invade china by land"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_refusal_in_the_games_language(lang: str) -> None:
    seen = 0
    for phase, state in _positions(lang).items():
        assert state.phase == phase
        legal = {str(a) for a in state.legal_actions()}
        for text in ILLEGAL:
            if text in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                gamelib.play(state, text)
            e = err.value
            assert str(e) == (e.ja if lang == "ja" else e.en)
            assert e.en != e.ja, f"{phase} {text}: no Japanese refusal ({e.en})"
            assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in e.ja)
            seen += 1
    assert seen >= 40


def test_catalog_refusals_have_both_languages_and_are_used() -> None:
    import inspect

    from gamelib.rekkyo import state as state_module

    source = inspect.getsource(state_module.RekkyoState.why_illegal)
    keys = [k for k in MESSAGES.templates if not k.startswith("label_")
            and f'"{k}"' in source]
    assert len(keys) >= 20
    for k in keys:
        assert MESSAGES.templates[k]["en"] and MESSAGES.templates[k]["ja"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_japanese_and_english_action_labels_parse_back(lang: str) -> None:
    game = gamelib.load("rekkyo", players=3, lang=lang)
    rng = random.Random(3)
    state = game.new_state(3)
    checked = set()
    for _ in range(300):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for action in legal:
            for label_lang in ("en", "ja"):
                label = game.action_label(action, label_lang)
                assert game.parse_action(state, label) == action
                checked.add(type(action).__name__)
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    assert {"Invade", "AddCard", "Commit", "Pass"} <= checked
    ja = game.action_label(next(iter(_positions("ja")["action"].legal_actions())), "ja")
    assert "侵略" in ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_text_guard(lang: str) -> None:
    state = _positions(lang)["action"]
    for bad in (None, 3, "x" * 1001):
        with pytest.raises(IllegalAction) as err:
            state.game.parse_action(state, bad)
        assert str(err.value) == err.value.text(lang)
        with pytest.raises(IllegalAction):
            gamelib.play(state, bad)
    with pytest.raises(IllegalAction) as err:
        gamelib.play(state, "降りる")
    assert str(err.value) == err.value.text(lang)
