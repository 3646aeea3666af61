"""Texts of Powers a reader sees: wording, bracket style, and the documented exercise."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import gamelib
from gamelib import IllegalAction
from gamelib.bots import make_bot
from gamelib.core import digest
from gamelib.powers import joke
from gamelib.powers.actions import Decline, Defend, Fold, PassRight, Play
from gamelib.powers.data import Card, playing_cards
from gamelib.powers.figures import _LABELS
from gamelib.powers.messages import MESSAGES
from gamelib.powers.odds import hand_odds
from gamelib.powers.positions import play_texts, position
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



# -- refusals, labels and action text -----------------------------------------------------

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def _at(where: str, lang: str):
    """A position for each kind of refusal (see REFUSALS)."""
    if where == "invasion":
        return position(hands=["5S 7S 9S KS", "6S 9C"], rounds="China", deck="2H 3H 4H",
                        lang=lang)
    if where == "island":
        return position(hands=["KS 2H", "5H"], rounds="Japan", deck="4S 4C", lang=lang)
    if where == "magazine":
        return position(hands=["Joker1 5C", "5H"], rounds="China", deck="4S 4C",
                        rules="magazine", lang=lang)
    if where == "weaker":
        return play_texts(_at("invasion", lang), "play 9S")
    if where == "short":
        s = position(players=4, hands={0: "KS 2H", 1: "2S"}, rounds="France", lang=lang)
        return play_texts(s, "play KS", "fold", "fold", "fold")
    if where == "paying":
        s = position(hands=["KS 2C 3C 4C 5C", "2S"], rounds="France", lang=lang)
        return play_texts(s, "play KS", "fold", "pay 2C")
    if where == "defence":
        s = position(hands={0: "KS 2C 3C 4C", 1: "QS 10D"}, rounds="Germany",
                     owners={"France": 1}, lang=lang)
        return play_texts(s, "play KS", "fold", "pay 2C", "pay 3C", "pay 4C")
    raise AssertionError(where)


REFUSALS = [
    # (position, action text, English reason, Japanese reason)
    ("invasion", "play 6S", "play 6S: you do not hold 6S", "6♠を出す: 6♠を持っていません"),
    ("invasion", "pay 5S", "pay 5S: it is the invasion phase now",
     "5♠で支払う: 今は侵略フェイズです"),
    ("island", "play KS", "play KS: Japan is an island: only ♥ ♦ and Jokers may be played",
     "K♠を出す: 日本は島国: 出せるのはハート・ダイヤ・ジョーカーのみ"),
    ("magazine", "play Joker1", "play Joker1: a Joker costs one extra card",
     "ジョーカー1を出す: ジョーカーには追加コストとして手札1枚が要ります"),
    ("invasion", "play Joker1 paying 5C", "play Joker1 paying 5C: you do not hold Joker1",
     "ジョーカー1を出す(追加コスト5♣): ジョーカー1を持っていません"),
    ("weaker", "play 9C", "play 9C: strength 9 does not beat 9",
     "9♣を出す: 強さ9では9を上回れません"),
    ("short", "pay 2H", "pay 2H: the cost is 4 cards and you hold 3",
     "2♥で支払う: 占領コストは4枚で、手札は3枚です"),
    ("paying", "pass", "pass: you started paying, so you must finish",
     "占領権を譲る: 支払いを始めたので最後まで払います"),
    ("defence", "defend with 10D", "defend with 10D: that is not a valid defence (a face card",
     "10♦で防衛する: 防衛に使えない組み合わせです(絵札(J・Q・K)1枚)"),
    ("invasion", "dance", "'dance' is not a legal action now; legal actions: play 2H, play 5S",
     "「dance」は今は選べない行動です。選べる行動:2♥を出す、5♠を出す"),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("where", "text", "en", "ja"), REFUSALS)
def test_every_refusal_in_the_games_language(where, text, en, ja, lang):
    """Refusals come from the catalog in both languages; ``play`` raises the game's one."""
    s = _at(where, lang)
    before = digest(s)
    with pytest.raises(IllegalAction) as caught:
        gamelib.play(s, text)
    err = caught.value
    assert err.en.startswith(en) and not JAPANESE.search(err.en)
    assert err.ja.startswith(ja)
    assert str(err) == (err.ja if lang == "ja" else err.en)
    assert digest(s) == before


def test_refusal_of_a_base_rules_joker_with_extra_cost():
    """A value action that no rule names (a base-rules Joker with an extra cost): the core's
    refusal, in both languages."""
    s = position(hands=["Joker1 5C", "5H"], rounds="China", deck="4S 4C", lang="ja")
    reason = s.why_illegal(Play(Card(0, "1"), Card(5, "C")))
    assert reason.en == "play Joker1 paying 5C is not a legal action now"
    assert JAPANESE.search(reason.ja)


@pytest.mark.parametrize("rules", ["base", "magazine"])
def test_labels_name_every_action_and_parse_back(rules):
    """Every legal action's label (English and Japanese) is unique and parses to it."""
    game = gamelib.load("powers", players=3, rules=rules, lang="ja")
    bots = [make_bot("random", game, k) for k in range(3)]
    for seed in range(3):
        s = game.new_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            for lang in ("en", "ja"):
                labels = [game.action_label(a, lang) for a in legal]
                assert len(set(labels)) == len(labels)
                for a, label in zip(legal, labels, strict=True):
                    assert game.parse_action(s, label) == a
            p = s.current_player
            s = gamelib.play(s, bots[p].choose(s.view(p), legal))


def test_labels_use_the_players_names():
    g = gamelib.load("powers")
    assert g.action_label(Play(Card(1, "S")), "en") == "play A♠"
    assert g.action_label(Play(Card(10, "H")), "ja") == "10♥を出す"
    assert g.action_label(Fold(), "ja") == "降りる"
    assert g.action_label(PassRight(), "ja") == "占領権を譲る"
    assert g.action_label(Decline(), "ja") == "防衛しない"
    assert g.action_label(Defend((Card(5, "H"), Card(5, "S"))), "en") == "defend with 5♥ 5♠"
    s = position(hands=["5S 7S", "6S"], rounds="China", deck="2H 3H 4H", lang="ja")
    assert play_texts(s, "降りる").folded[0]
    assert play_texts(s, "7♠を出す").ladder[-1].card == Card(7, "S")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_parse_action_refuses_what_is_not_action_text(lang):
    """``parse_action(state, None)`` and a 1 MB string are refused before any parsing."""
    s = position(hands=["5S 7S", "6S"], rounds="China", deck="2H 3H 4H", lang=lang)
    with pytest.raises(IllegalAction) as caught:
        s.game.parse_action(s, None)
    assert str(caught.value) == caught.value.text(lang)
    with pytest.raises(IllegalAction, match="1,000,000") as caught:
        s.game.parse_action(s, "play " + "x" * 999_995)
    assert "1,000" in caught.value.ja


def test_every_log_key_of_the_rules_is_in_the_catalog():
    """The rules make entries without the catalog's check of the key (``state._ENTRY``): every
    key they name, literally or in a conditional, must be a template."""
    source = (Path(gamelib.powers.state.__file__)).read_text(encoding="utf-8")
    firsts = re.findall(r"(?:_ENTRY|self\._log)\(\s*([^,]+),", source)
    firsts += re.findall(r"\bkey = (.+)", source)
    keys = {k for first in firsts for k in re.findall(r'"(\w+)"', first)}
    assert len(keys) > 50
    assert sorted(keys - set(MESSAGES.templates)) == []
    bare = {f.strip() for f in firsts if '"' not in f}
    assert bare <= {"key", "key: str"}, bare
