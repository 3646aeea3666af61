"""主計将校 (Quartermaster General WW2, 2nd edition): options, messages and the game object.

>>> import gamelib
>>> game = gamelib.load("qmg", players=2)
>>> state = game.new_state(seed=1)

Seats command nations of one team (seed: 「2～5人の場合は複数の国家を担当します」); see
:data:`SEATS` and docs/rules/qmg.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamelib.core import Bot, Catalog, Game, Options, Rng, Term, View, option
from gamelib.qmg import search
from gamelib.qmg.actions import QmgAction
from gamelib.qmg.board import default_board
from gamelib.qmg.labels import action_label
from gamelib.qmg.view import QmgView

if TYPE_CHECKING:
    from gamelib.qmg.state import QmgState

__all__ = ["MESSAGES", "SEATS", "QmgGame", "QmgOptions"]

SEATS: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((0, 2, 4), (1, 3, 5)),
    3: ((0, 2, 4), (1, 5), (3,)),
    4: ((0, 4), (1, 5), (2,), (3,)),
    5: ((0, 4), (1,), (2,), (3,), (5,)),
    6: ((0,), (1,), (2,), (3,), (4,), (5,)),
}
"""Nations (indices into :data:`gamelib.qmg.board.NATIONS`) each seat commands, per player count.

Every seat's nations are of one team, so teammates share victory (a ruling: the text only says
several nations are taken with 2–5 players)."""


@dataclass(frozen=True)
class QmgOptions(Options):
    """Options of 主計将校: players and the rulings the text leaves open."""

    players: int = option(2, choices=range(2, 7), doc="number of players (2 to 6)")
    reallocate: bool = option(
        True,
        choices=(True, False),
        doc="資源の再配分 (Reallocate Resources, an optional rule of the 2nd edition): discard 4 "
        "cards at the start of the Play step to take a basic card from the deck",
    )
    iron_ore: str = option(
        "independent",
        choices=("independent", "then"),
        doc="Swedish Iron Ore / Mackenzie King 「そのあと」: the second point scores on its own "
        "(independent) or only after the first (then)",
    )


MESSAGES = Catalog(
    {
        "round": {"en": "— Round {round} —", "ja": "― 第{round}ラウンド ―"},
        "turn": {"en": "{nation}'s turn", "ja": "{nation}の手番"},
        "setup_army": {
            "en": "{nation} places an army in {space}",
            "ja": "{nation}が{space}に陸軍を置く",
        },
        "play": {
            "en": "{nation} plays {card} ({type})",
            "ja": "{nation}が{card}（{type}）をプレイ",
        },
        "play_hidden": {
            "en": "{nation} plays a Response face down",
            "ja": "{nation}が対応カードを裏向きで場に出す",
        },
        "discard": {"en": "{nation} discards {card}", "ja": "{nation}が{card}を捨て札にする"},
        "discard_hidden": {
            "en": "{nation} discards a card",
            "ja": "{nation}がカードを1枚捨て札にする",
        },
        "discard_top": {
            "en": "{nation} discards {n} card(s) from the top of its deck",
            "ja": "{nation}がデックの上から{n}枚捨て札にする",
        },
        "deck_short": {
            "en": "{nation}'s deck is empty: {team} lose {n} VP",
            "ja": "{nation}のデックが尽きている：{team}は{n}勝利点を失う",
        },
        "build": {
            "en": "{nation} builds {piece} in {space}",
            "ja": "{nation}が{space}に{piece}を設立する",
        },
        "recruit": {
            "en": "{nation} recruits {piece} in {space}",
            "ja": "{nation}が{space}で{piece}を招集する",
        },
        "battle": {"en": "{nation} battles in {space}", "ja": "{nation}が{space}で戦闘する"},
        "removed": {
            "en": "{nation}'s {piece} in {space} is removed",
            "ja": "{space}の{nation}の{piece}が取り除かれる",
        },
        "protected": {
            "en": "{nation}'s {piece} in {space} is not removed this turn ({card})",
            "ja": "{space}の{nation}の{piece}はこの手番中取り除かれない（{card}）",
        },
        "no_supply": {
            "en": "{nation}'s {piece} in {space} is out of supply: no chain of its "
            "pieces leads to a supply space it holds",
            "ja": "{space}の{nation}の{piece}は補給切れ：自国の補給地へ自国軍がつながっていない",
        },
        "vp": {"en": "{team} gain {n} VP ({why})", "ja": "{team}が{n}勝利点を得る（{why}）"},
        "vp_space": {"en": "{space}: {n} VP", "ja": "{space}：{n}勝利点"},
        "vp_skipped": {
            "en": "an enemy army holds {space}: {nation}'s Victory step is skipped",
            "ja": "{space}に敵国陸軍がいるため、{nation}の勝利点ステップは飛ばされる",
        },
        "draw": {"en": "{nation} draws {n} card(s)", "ja": "{nation}がカードを{n}枚引く"},
        "use": {"en": "{nation} uses {card}", "ja": "{nation}が{card}を使う"},
        "reallocate": {
            "en": "{nation} reallocates resources: takes a {type} card from its deck",
            "ja": "{nation}が資源の再配分：デックから{type}カードを手札に加える",
        },
        "bottom": {
            "en": "{nation} puts a card at the bottom of its deck",
            "ja": "{nation}がカードを1枚デックの一番下に置く",
        },
        "random_response": {
            "en": "a face-down Response of {nation} is discarded",
            "ja": "{nation}の裏向きの対応カードが1枚捨て札になる",
        },
        "ew_cancelled": {
            "en": "the text of {card} is ignored",
            "ja": "{card}のテキストは無視される",
        },
        "game_end": {
            "en": "Game over: {team} win ({axis} – {allies})",
            "ja": "ゲーム終了：{team}の勝利（{axis}対{allies}）",
        },
        # refusals
        "not_legal": {
            "en": "{action} is not possible now: {why}",
            "ja": "{action}は今はできません：{why}",
        },
    },
    name="qmg",
)

TEAM_TERMS = (Term("the Axis", "枢軸国"), Term("the Allies", "連合国"))
KIND_TERMS = {"army": Term("an army", "陸軍"), "navy": Term("a navy", "海軍")}


class QmgGame(Game["QmgState"]):
    """The game object: options, seats, labels."""

    id = "qmg"
    title = Term("Quartermaster General WW2 (2nd edition)", "主計将校：第二次世界大戦の補給戦")
    options_type = QmgOptions
    messages = MESSAGES

    def _initial_state(self, seed: int, rng: Rng) -> QmgState:
        from gamelib.qmg.state import QmgState

        return QmgState(self, seed, rng)

    @property
    def seats(self) -> tuple[tuple[int, ...], ...]:
        """Nations per seat for this player count."""
        return SEATS[self.players]

    def seat_names(self) -> tuple[str, ...]:
        board = default_board()
        sep = "・" if self.lang == "ja" else " + "
        return tuple(
            sep.join(board.nations[n].name.text(self.lang) for n in seat) for seat in self.seats
        )

    def action_label(self, action: Any, lang: str) -> str:
        """The action as players say it, in ``lang``: cards, spaces and nations by name
        (:func:`gamelib.qmg.labels.action_label`)."""
        if not isinstance(action, QmgAction):
            return str(action)
        return action_label(action, lang)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from gamelib.qmg.bots import HeuristicBot

        return {"heuristic": lambda seed: HeuristicBot(seed)}

    def search_settings(self) -> Mapping[str, Any]:
        """``ismcts:tuned``: :data:`gamelib.qmg.search.SEARCH_SETTINGS`."""
        return search.SEARCH_SETTINGS

    # -- search and interop (issue 11): see gamelib.qmg.search --------------------------------
    def all_actions(self) -> tuple[QmgAction, ...]:
        """Every action of the game in a fixed order (:func:`gamelib.qmg.search.all_actions`)."""
        return search.all_actions()

    def max_length(self) -> int:
        """A bound on a game's actions derived from the rules and the card data
        (:func:`gamelib.qmg.search.max_length` explains it)."""
        return search.max_length()

    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest team VP (:func:`gamelib.qmg.search.score_bounds`)."""
        return search.score_bounds()

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector (1,047)."""
        return search.observation_size()

    def observe(self, view: View) -> list[float]:
        """A seat's view as numbers; the layout is :func:`gamelib.qmg.search.observe`'s."""
        assert isinstance(view, QmgView)
        return search.observe(view)

