"""Action labels of 主計将校 (issue 9): cards, spaces and nations by name in both languages,
unique among a state's legal actions, and read back by the base ``parse_action``."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.qmg.actions import VERBS, act
from gamelib.qmg.cards import default_cards
from gamelib.qmg.labels import TEMPLATES, action_label


def seeded_positions(players: int, seed: int, steps: int):
    """The states of a random game of ``players`` from ``seed`` (at most ``steps`` of them)."""
    game = gamelib.load("qmg", players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        state = gamelib.play(state, rng.choice(state.legal_actions()))


def test_every_verb_has_a_label_in_both_languages() -> None:
    assert set(TEMPLATES) == set(VERBS)
    for template in TEMPLATES.values():
        assert template.en and template.ja and template.en != template.ja


def test_cards_spaces_and_nations_go_by_name() -> None:
    assert action_label(act("play", "ger_land_battle"), "en") == "Play Land Battle"
    assert action_label(act("play", "ger_land_battle"), "ja") == "「陸戦」をプレイ"
    assert action_label(act("battle", "ukraine", "soviet_union"), "en") == (
        "Battle → Ukraine (Soviet Union)"
    )
    assert action_label(act("battle", "ukraine", "soviet_union"), "ja") == (
        "戦闘 → ウクライナ（ソビエト連邦）"
    )
    assert action_label(act("build", "baltic"), "ja") == "設立 → バルト海"
    assert action_label(act("end", "discards"), "en") == "End the discard step"
    assert action_label(act("pass"), "ja") == "パス"


def test_a_card_without_a_japanese_name_in_the_seed_keeps_its_printed_name() -> None:
    card = default_cards().cards["usa_rosie_the_riveter"]
    assert card.name.ja == card.name.en  # the seed gives no Japanese name for it
    assert action_label(act("use", "usa_rosie_the_riveter"), "ja") == "「Rosie the Riveter」を使う"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 7), (3, 4), (5, 2)])
def test_labels_are_unique_named_and_parse_back_in_both_languages(players: int, seed: int) -> None:
    checked = 0
    for state in seeded_positions(players, seed, 120):
        legal = state.legal_actions()
        for lang in ("en", "ja"):
            labels = [state.game.action_label(a, lang) for a in legal]
            assert len(set(labels)) == len(labels), (lang, labels)
            for action, text in zip(legal, labels, strict=True):
                assert "_" not in text and text != str(action), text  # never an id
                assert state.game.parse_action(state, text) == action
                checked += 1
    assert checked > 500


def test_a_japanese_game_reads_english_labels_and_an_english_game_japanese_ones() -> None:
    ja = gamelib.load("qmg", players=2, lang="ja").new_state(seed=3)
    en = gamelib.load("qmg", players=2).new_state(seed=3)
    action = en.legal_actions()[0]
    assert ja.game.parse_action(ja, en.game.action_label(action, "en")) == action
    assert en.game.parse_action(en, ja.game.action_label(action, "ja")) == action
