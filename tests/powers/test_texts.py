"""Texts of Powers a reader sees: wording, bracket style, and the documented exercise."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import gamelib
from gamelib.bots import make_bot
from gamelib.powers import joke
from gamelib.powers.data import Card, playing_cards
from gamelib.powers.figures import _LABELS
from gamelib.powers.messages import MESSAGES
from gamelib.powers.odds import hand_odds
from gamelib.powers.strength import explain_strength

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "powers.md"
FULL_WIDTH_BRACKETS = re.compile("[（）]")


def _japanese_log(rules: str, seed: int) -> list[str]:
    game = gamelib.load("powers", players=3, rules=rules, lang="ja")
    state = game.new_state(seed)
    bots = [make_bot("random", game, seed + k) for k in range(3)]
    while not state.is_terminal():
        p = state.current_player
        state = gamelib.play(state, bots[p].choose(state.view(p), state.legal_actions()))
    return state.log_text("ja")


@pytest.mark.parametrize("rules", ["base", "magazine"])
def test_japanese_texts_use_one_bracket_style_and_say_kisai_cost(rules):
    """Japanese texts use the rule text's half-width brackets 「(端数切り捨て)」 and 記載コスト."""
    texts = [forms["ja"] for forms in MESSAGES.templates.values()]
    texts += [ja for _en, ja in _LABELS.values()]
    texts += _japanese_log(rules, 3)
    ace, king = Card(1, "S"), Card(13, "S")
    texts += [explain_strength(ace, 9, (), 10).ja, explain_strength(king, 0, ("France",), 14).ja]
    texts += [hand_odds(5, playing_cards()).describe("ja")]
    for text in texts:
        assert not FULL_WIDTH_BRACKETS.search(text), text
        assert "印刷" not in text, text
    assert any("記載コスト" in t for t in texts)


def test_rules_page_has_the_bearded_rulers_exercise():
    """The closing joke is an exercise on docs/rules/powers.md, its table true to the engine."""
    doc = DOC.read_text(encoding="utf-8")
    assert "## Exercise: the bearded-rulers game" in doc
    assert "ヒゲの人物をめくった場合は" in doc
    row = next(line for line in doc.splitlines() if line.startswith("| P(first player wins)"))
    cells = [c.strip() for c in row.strip("|").split("|")[1:]]
    assert [Fraction(c) for c in cells] == [p for _b, p in joke.win_table()]
    assert not FULL_WIDTH_BRACKETS.search(doc.split("## Country table")[1].split("## Actions")[0])

