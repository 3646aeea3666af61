"""Action labels of 主計将校: how players name an action, in English and Japanese.

Cards go by their printed names (the card data's English name, and its Japanese name where the
seed gives one), spaces by their map names, nations by their names; an action never shows an id.

>>> from gamelib.qmg.actions import act
>>> action_label(act("battle", "ukraine", "soviet_union"), "en")
'Battle → Ukraine (Soviet Union)'
>>> action_label(act("battle", "ukraine", "soviet_union"), "ja")
'戦闘 → ウクライナ（ソビエト連邦）'
>>> action_label(act("play", "ger_land_battle"), "ja")
'「陸戦」をプレイ'

Labels are unique among the legal actions of a state (one card of a name per nation's deck; a
second argument is always in brackets), so the base ``parse_action`` reads them back
(tests/qmg/test_labels.py).
"""

from __future__ import annotations

from gamelib.core import Term
from gamelib.qmg.actions import QmgAction
from gamelib.qmg.board import NATIONS, default_board
from gamelib.qmg.cards import TYPE_TERMS, default_cards

__all__ = ["TEMPLATES", "action_group", "action_label", "name_of"]

TEMPLATES: dict[str, Term] = {
    "play": Term("Play {a}", "「{a}」をプレイ"),
    "discard": Term("Discard {a}", "「{a}」を捨て札にする"),
    "use": Term("Use {a}", "「{a}」を使う"),
    "pass": Term("Pass", "パス"),
    "reallocate": Term("Reallocate → {a}", "資源の再配分 → {a}"),
    "build": Term("Build → {a}", "設立 → {a}"),
    "recruit": Term("Recruit → {a}", "招集 → {a}"),
    "battle": Term("Battle → {a}", "戦闘 → {a}"),
    "eliminate": Term("Eliminate → {a}", "除去 → {a}"),
    "choose": Term("Choose {a}", "「{a}」を選ぶ"),
    "target": Term("Target → {a}", "標的 → {a}"),
    "remove": Term("Remove own piece → {a}", "自国軍を取り除く → {a}"),
    "end": Term("End {a}", "{a}を終える"),
    "bottom": Term("Deck bottom → {a}", "デックの一番下へ → {a}"),
}
"""One template per verb (:data:`gamelib.qmg.actions.VERBS`); ``{a}`` is the named argument."""

_CARD_OPTIONS = {
    "play": Term("Play", "プレイ"),
    "discard": Term("Discard", "捨て札にする"),
}
"""What a card button offers once opened (the controller's grouped choices)."""

_EXTRA = {
    "top2": Term("the top 2 cards of the deck", "デックの上2枚"),
    "discards": Term("the discard step", "捨て札ステップ"),
}


def name_of(word: str, lang: str) -> str:
    """The name players use for ``word``: a space, a nation, a card, a card type (or itself)."""
    board = default_board()
    cards = default_cards()
    if word in board.names:
        return board.names[word].text(lang)
    if word in NATIONS:
        return board.nations[NATIONS.index(word)].name.text(lang)
    if word in cards.cards:
        return cards.cards[word].name.text(lang)
    if word in TYPE_TERMS:
        return TYPE_TERMS[word].text(lang)
    return _EXTRA[word].text(lang) if word in _EXTRA else word


def action_label(action: QmgAction, lang: str) -> str:
    """``action`` as players say it in ``lang`` (``"en"`` or ``"ja"``)."""
    template = TEMPLATES.get(action.verb)
    if template is None:
        return str(action)
    subject = name_of(action.a, lang) if action.a else ""
    if action.b:
        other = name_of(action.b, lang)
        subject += f"（{other}）" if lang == "ja" else f" ({other})"
    return template.text(lang).format(a=subject)


def action_group(action: QmgAction, lang: str) -> tuple[str, str] | None:
    """``(group, option)`` for the controller's grouped choices, or ``None`` (a button of its own).

    A card of the hand is one button whose options are "Play" and "Discard"; a space with pieces
    of several nations is one button whose options are the nations (battle, recruit, eliminate).

    >>> from gamelib.qmg.actions import act
    >>> action_group(act("discard", "ger_land_battle"), "en")
    ('Land Battle', 'Discard')
    >>> action_group(act("battle", "ukraine", "soviet_union"), "ja")
    ('戦闘 → ウクライナ', 'ソビエト連邦')
    """
    if action.verb in _CARD_OPTIONS:
        return name_of(action.a, lang), _CARD_OPTIONS[action.verb].text(lang)
    if action.b:
        head = TEMPLATES[action.verb].text(lang).format(a=name_of(action.a, lang))
        return head, name_of(action.b, lang)
    return None
