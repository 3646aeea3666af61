"""Action texts and refusals in English and Japanese (issue 13, "All games: text and input").

Every refusal comes from the game's message catalog in both languages and is raised in the
game's language; Japanese action labels (``Game.action_label``) parse back like English texts.
"""

from __future__ import annotations

import random
import re

import pytest

import gamelib
from gamelib.core.errors import IllegalAction
from gamelib.megalomania.actions import PlayCard, action_label, parse_action_text
from gamelib.megalomania.cards import Colour
from gamelib.megalomania.state import MegalomaniaState
from tests.megalomania.helpers import pos, run

JA = gamelib.load("megalomania", lang="ja")
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

# (position, "*": everyone holds a crystal and a cube; actions played first; refused action
# text; English words; Japanese words)
REFUSALS = [
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2", (), "play red 7 (Wizard)", "does not hold",
     "持っていません"),
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2", ("play blue 15 (Emperor)",), "play yellow 4 (Explorer)",
     "follow the lead colour", "リードカラー"),
    ("B15 R1 | R7 Y4 | B6 K1 | B1 K2", ("play blue 15 (Emperor)",), "play yellow 4 (Explorer)",
     "dominant colour", "ドミナントカラー"),
    ("B7 R1 | B15 B9 B4 | R6 K1 | B1 K2*", ("play blue 7 (Wizard) with power",),
     "play blue 15 (Emperor)", "Wizard forces", "魔法使い"),
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2*", ("play blue 15 (Emperor) with power",),
     "play blue 7 (Wizard) +cube", "Emperor's power", "皇帝"),
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2", (), "play blue 15 (Emperor) with power",
     "no power crystal", "パワークリスタル"),
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2", (), "play blue 15 (Emperor) +cube", "no cube", "キューブ"),
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2", (), "choose Player 2 to lead", "must play a card",
     "カードを出す"),
    ("B15 R1 | B7 Y4 | B6 K1 | B1 K2", (), "dance", "not a Megalomania action",
     "メガロマニアの行動ではありません"),
]


@pytest.mark.parametrize(("hands", "before", "text", "en", "ja"), REFUSALS)
def test_every_refusal_in_both_languages(
    hands: str, before: tuple[str, ...], text: str, en: str, ja: str
) -> None:
    """The same refusal in an English and a Japanese game: each in its own language, both
    carried by the error; the refused action never changes the state."""
    for game, lang in ((gamelib.load("megalomania"), "en"), (JA, "ja")):
        res = [1, 1, 1, 1] if hands.endswith("*") else [0, 0, 0, 0]
        dominant = Colour.RED if "R7" in hands else Colour.BLUE
        st = run(pos(hands.rstrip("*"), game, dominant=dominant, crystals=res, cubes=res),
                 *before)
        with pytest.raises(IllegalAction) as info:
            gamelib.play(st, text)
        err = info.value
        assert en in err.en and ja in err.ja, (err.en, err.ja)
        assert not KANA.search(err.en) or "「" in err.en
        assert KANA.search(err.ja)
        assert str(err) == (err.ja if lang == "ja" else err.en)


def test_japanese_refusal_of_a_japanese_action_text() -> None:
    """A Japanese game refuses a Japanese action text in Japanese, naming the action and the
    legal ones by their Japanese labels."""
    st = pos("B15 R1 | B7 Y4 | B6 K1 | B1 K2", JA)
    with pytest.raises(IllegalAction) as info:
        gamelib.play(st, "赤7(魔法使い)を出す")
    message = str(info.value)
    assert "赤7(魔法使い)を出す" in message and "青15(皇帝)を出す" in message
    assert "play" not in message


def test_japanese_action_labels_parse_back_in_a_whole_game() -> None:
    """Every legal action of a random game (all phases, mission setups included) has a unique
    Japanese label that parses back to it, in either language's game."""
    rng = random.Random(3)
    game = gamelib.load("megalomania", lang="ja", length="short")
    st: MegalomaniaState = game.new_state(3)
    seen = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        labels = [game.action_label(a, "ja") for a in legal]
        assert len(set(labels)) == len(labels)
        for a, label in zip(legal, labels, strict=True):
            assert parse_action_text(label) == a
            en = action_label(a, "en")
            assert en == str(a) or (isinstance(a, PlayCard) and en == str(a).removeprefix("play ")
                                    .replace(" as ", " → "))
        english = [action_label(a, "en") for a in legal]
        assert len(set(english)) == len(english)
        assert all(game.parse_action(st, e) == a for a, e in zip(legal, english, strict=True))
        pick = rng.randrange(len(legal))
        st = gamelib.play(st, labels[pick])  # type: ignore[assignment]
        seen += 1
    assert seen > 100


def test_bad_action_input_refused() -> None:
    """Not text, or text over 1,000 characters: refused at once, in the game's language."""
    st = JA.new_state(0)
    with pytest.raises(IllegalAction, match="文字列"):
        JA.parse_action(st, None)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="長すぎます"):
        JA.parse_action(st, "x" * 1_000_000)


def test_every_key_the_state_logs_itself_is_in_the_catalog() -> None:
    """``_log`` builds entries without ``Catalog.entry_from``'s check that the key exists:
    every key written that way (and those of the shared play lines) must be a message of the
    catalog."""
    import inspect

    from gamelib.megalomania import state
    from gamelib.megalomania.game import MESSAGES

    source = inspect.getsource(state)
    keys = set(re.findall(r'_log\(\s*"(\w+)"', source))
    keys |= set(re.findall(r'entry\.key = "(\w+)"', source))
    keys |= set(re.findall(r'entry_from\(\s*"(\w+)"', source))  # the shared play lines
    keys |= set(state._POWER_LOG.values())  # _fire_power's _log(key, ...)
    assert {"play", "play_cube", "trick_won", "resources"} <= keys
    assert keys <= set(MESSAGES.templates)
