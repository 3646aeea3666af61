"""Megalomania (メガロマニア): a trick-taking game for 2–4 players with card powers and missions.

>>> import gamelib
>>> game = gamelib.load("megalomania", players=4)
>>> state = game.new_state(seed=1)
>>> state = gamelib.play(state, state.legal_actions()[0])

Options name every ruling the rule text leaves open (see ``docs/rules/megalomania.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gamelib.core.errors import OptionError
from gamelib.core.log import Catalog, Term
from gamelib.core.options import Options, option
from gamelib.core.rng import Rng
from gamelib.core.state import Bot, Game, View
from gamelib.megalomania import search
from gamelib.megalomania.actions import Action, action_label
from gamelib.megalomania.state import MegalomaniaState

__all__ = ["MESSAGES", "MegalomaniaGame", "MegalomaniaOptions"]


@dataclass(frozen=True)
class MegalomaniaOptions(Options):
    """Options of Megalomania; every ruling is an option with the recommended default."""

    players: int = option(4, choices=range(2, 5), doc="number of players (2 to 4)")
    length: str = option("long", choices=("long", "short"), doc="12 rounds, or 8 (short game)")
    dominant_rule: str = option(
        "rotate",
        choices=("rotate", "random"),
        doc="dominant colour: rotate blue→yellow→red→black from a random start, or a random "
        "colour other than the previous round's",
    )
    resources: int = option(
        3, choices=range(1, 6), doc="resource tokens per player per round (crystals + cubes)"
    )
    cube_step: int = option(2, choices=(1, 2, 3), doc="how much one cube raises or lowers a value")
    scroll_rule: str = option(
        "start_and_loss",
        choices=("start_and_loss", "start_only", "off"),
        doc="scrolls: one at the start and one after a round with negative points; only the "
        "one at the start; no scrolls",
    )
    first_mission: int = option(
        0, choices=range(26), doc="mission of the first round (0: drawn at random); for teaching"
    )
    mission7: str = option(
        "literal",
        choices=("literal", "scaled"),
        doc="mission 7: a trick counts when its values sum to 25 or less at every table size "
        "(the card text); or the limit scales to 25 x players / 4 (18 with 3, 12 with 2)",
    )
    small_tables: str = option(
        "scaled",
        choices=("scaled", "literal"),
        doc="with 2-3 players mission 8 (a trick of every colour) needs a trick of 3 colours "
        "with 3 players and is redrawn with 2; or the card text literally (kept with 2)",
    )
    wizard_fallback: str = option(
        "colour",
        choices=("colour", "lowest"),
        doc="a Wizard's last fallback: the lowest card of a colour of the player's choice "
        "(the text); or only the lowest card of the hand",
    )
    pair_missions: str = option(
        "auto",
        choices=("auto", "never"),
        doc="pair missions 20 and 21: used with 4 players (redrawn otherwise), or never",
    )
    teams: str = option(
        "off",
        choices=("off", "pairs"),
        doc="pair play (ペア戦) with 4 players: partners sit opposite (Players 1+3, 2+4) and "
        "their scores are pooled; or every player for themselves",
    )


def _t(en: str, ja: str) -> dict[str, str]:
    return {"en": en, "ja": ja}


MESSAGES = Catalog(
    {
        "round_start": _t(
            "Round {round}/{rounds}: {dealer} deals; the dominant colour is {colour}.",
            "第{round}/{rounds}ラウンド：ディーラーは{dealer}、ドミナントカラーは{colour}。",
        ),
        "mission": _t(
            "{who} reveals {mission} ({score}): {task}",
            "{who}が{mission}({score})を公開：{task}",
        ),
        "mission_redraw": _t(
            "{mission} is a pair mission and needs four players: another mission is drawn.",
            "{mission}はペアのミッションで4人必要なため、もう一枚引きます。",
        ),
        "mission_redraw_8": _t(
            "{mission} cannot be met by a trick of two cards: another mission is drawn.",
            "{mission}は2枚のトリックでは達成できないため、もう一枚引きます。",
        ),
        "resources": _t(
            "{who} takes {crystals} crystal(s) and {cubes} cube(s).",
            "{who}はクリスタル{crystals}個とキューブ{cubes}個を取る。",
        ),
        "scroll_use": _t(
            "{who} uses a {scroll}: {effect}.",
            "{who}が{scroll}を使用：{effect}。",
        ),
        "deal": _t(
            "{cards} cards dealt to each player; {aside} cards set aside face down.",
            "各プレイヤーに{cards}枚配り、{aside}枚を裏向きで除外。",
        ),
        "your_hand": _t("Your cards: {cards}.", "あなたのカード：{cards}。"),
        "revealed": _t("{who} lies {cards} face up.", "{who}は{cards}を表向きに置く。"),
        "exchange": _t(
            "Each player gives all cards to the partner across the table "
            "(pairs: Players 1+3 and 2+4).",
            "各プレイヤーは対面のパートナーにカードをすべて渡す(ペア：1+3、2+4)。",
        ),
        "order_fixed": _t("{who} has fixed the order of play.", "{who}が出す順番を決めた。"),
        "your_order": _t("Your order of play: {cards}.", "あなたの出す順番：{cards}。"),
        "split_done": _t(
            "{who} has split the cards into two piles of four.",
            "{who}がカードを4枚ずつの2つの山に分けた。",
        ),
        "choose_pile": _t(
            "{who} picks pile {pile} for {owner}; the other pile is out of this round.",
            "{who}が{owner}の山{pile}を選ぶ。もう一方の山はこのラウンドで使わない。",
        ),
        "pass_done": _t(
            "Every player passes three cards to the left neighbour.",
            "全員が3枚を左隣のプレイヤーに渡す。",
        ),
        "you_receive": _t("You receive {cards}.", "あなたは{cards}を受け取る。"),
        "play": _t("{who} plays {card}.", "{who}が{card}を出す。"),
        "play_cube": _t(
            "{who} plays {card} with a cube: it counts as {value}.",
            "{who}が{card}をキューブ付きで出す：値は{value}。",
        ),
        "p_emperor": _t(
            "{card} cancels powers: no later player in this trick may use powers or cubes "
            "(earlier ones stand).",
            "{card}のパワー：このトリックで後のプレイヤーはパワーもキューブも使えない"
            "(前に使ったものは有効)。",
        ),
        "p_oracle": _t(
            "{card} changes colour: it counts as {colour} in this trick.",
            "{card}が色を変更：このトリックでは{colour}として扱う。",
        ),
        "p_knight": _t(
            "{card} removes the trump: dominant cards played after it lose their advantage.",
            "{card}のパワー：この後に出されたドミナントカラーはアドバンテージを失う。",
        ),
        "p_wizard": _t(
            "{card} forces the lowest card: each later player must play the lowest card of the "
            "lead colour, else of the dominant colour, else the lowest card of a colour of their "
            "choice.",
            "{card}のパワー：後のプレイヤーはリードカラーの一番小さいカード、なければドミナント"
            "カラーの一番小さいカード、どちらもなければどの色の一番小さいカードでも出せる。",
        ),
        "p_dwarf": _t(
            "{card} reverses the order: the lowest dominant card wins, else the lowest card of "
            "the lead colour.",
            "{card}が値を逆転：ドミナントカラーの一番小さいカードが勝ち、なければリードカラーの"
            "一番小さいカードが勝つ。",
        ),
        "p_explorer": _t(
            "{card} explores: {who} takes {found} at random from an earlier trick of {owner} "
            "and will put a hand card in its place.",
            "{card}のパワー：{who}が{owner}の以前のトリックからランダムに{found}を取り、"
            "手札の1枚と交換する。",
        ),
        "explorer_return": _t(
            "{who} puts {card} into {owner}'s trick in its place.",
            "{who}は{card}を{owner}のトリックに入れる。",
        ),
        "p_assassin": _t(
            "{card} strikes: the Assassin may be played whatever colour is asked.",
            "{card}のパワー：暗殺者はどの色でもプレイできる。",
        ),
        "p_peasant": _t(
            "{card} rises: {who} will choose who leads the next trick.",
            "{card}のパワー：{who}が次のトリックのリードプレイヤーを選ぶ。",
        ),
        "leader_chosen": _t(
            "{who} chooses {leader} to lead the next trick.",
            "{who}は次のトリックのリードプレイヤーに{leader}を選ぶ。",
        ),
        "forced": _t(
            "{who} is bound by the Wizard and plays the lowest card.",
            "{who}は魔法使いにより一番小さいカードを出す。",
        ),
        "uncover": _t("{who} takes the card under {card} into the hand.",
                      "{who}は{card}の下のカードを手札にする。"),
        "uncovered": _t("You uncover {card}.", "下のカードは{card}。"),
        "draw": _t("{who} draws a face-down card.", "{who}が裏のカードを1枚引く。"),
        "drawn": _t("You draw {card}.", "あなたは{card}を引いた。"),
        "trick_won": _t(
            "{who} takes trick {number} with {card}: {reason}.",
            "{who}が{card}でトリック{number}を取る：{reason}。",
        ),
        "pass_hands": _t(
            "Every player passes the rest of the hand to the right.",
            "全員が残りの手札を右のプレイヤーに渡す。",
        ),
        "next_leader": _t("{who} leads the next trick.", "{who}が次のトリックをリード。"),
        "round_score": _t(
            "{who}: {points} points for {mission} (total {total}).",
            "{who}：{mission}で{points}点(合計{total})。",
        ),
        "scroll_gain": _t(
            "{who} draws a {scroll}.",
            "{who}が{scroll}を引く。",
        ),
        "end_bonus": _t(
            "{who} holds an unused scroll: +2 points.",
            "{who}は未使用のスクロールを持っている：+2点。",
        ),
        "game_over": _t(
            "Game over. Final scores: {scores}. Winner: {winners}.",
            "ゲーム終了。最終得点：{scores}。勝者：{winners}。",
        ),
        "tie_break": _t(
            "Tie on points: decided by {rule}.",
            "同点：{rule}で決定。",
        ),
        # -- refusals (IllegalAction), in the player's terms --------------------------------
        "r_not_held": _t("{action}: {who} does not hold {card}",
                         "{action}：{who}は{card}を持っていません"),
        "r_order": _t("{action}: the fixed order says {card} comes next",
                      "{action}：決めた順番では次は{card}です"),
        "r_wizard": _t("{action}: the Wizard forces the lowest card ({cards})",
                       "{action}：魔法使いにより一番小さいカードを出さなければなりません({cards})"),
        "r_follow": _t("{action}: you must follow the lead colour {colour}",
                       "{action}：リードカラー({colour})のカードを出さなければなりません"),
        "r_dominant": _t(
            "{action}: without {lead} you must play the dominant colour {colour}",
            "{action}：{lead}のカードがないので、ドミナントカラー({colour})のカードを出さなければ"
            "なりません",
        ),
        "r_emperor": _t(
            "{action}: the Emperor's power forbids powers and cubes in this trick",
            "{action}：皇帝のパワーにより、このトリックではパワーもキューブも使えません",
        ),
        "r_no_crystal": _t("{action}: {who} has no power crystal left",
                           "{action}：{who}にはパワークリスタルが残っていません"),
        "r_no_cube": _t("{action}: {who} has no cube left",
                        "{action}：{who}にはキューブが残っていません"),
        "r_power": _t(
            "{action}: this power cannot be used now (once per trick, first trick, last card or "
            "Oracle colour rules)",
            "{action}：このパワーは今は使えません(1トリックに1回、最初のトリック、最後のカード、"
            "オラクルの色の制限)",
        ),
        "r_phase": _t("{action} is not legal now: {who} must {expected}",
                      "{action}は今は選べません：{who}は{expected}"),
        "r_legal_now": _t("{reason} (legal now: {shown})", "{reason}(今選べる行動：{shown})"),
        "r_unknown": _t(
            "'{text}' is not a Megalomania action; legal now: {shown}",
            "「{text}」はメガロマニアの行動ではありません。今選べる行動：{shown}",
        ),
        "x_resources": _t("choose this round's resources (take … crystals/cubes)",
                          "このラウンドのリソースを選ぶ(クリスタル…個とキューブ…個を取る)"),
        "x_order": _t("fix the order of play (order …)", "出す順番を決める(…を順番に加える)"),
        "x_split": _t("put four cards into pile 1 (pile …)", "山1に4枚入れる(…を山1に入れる)"),
        "x_choose_pile": _t("choose pile 1 or 2 for {owner}", "{owner}の山1か山2を選ぶ"),
        "x_pass": _t("choose the cards to pass (pass …)", "渡すカードを選ぶ(…を渡す)"),
        "x_explorer": _t("return a hand card to the explored trick (return …)",
                         "探検したトリックに手札を1枚戻す(…を戻す)"),
        "x_peasant": _t("choose the next leader (choose Player … to lead)",
                        "次のリードプレイヤーを選ぶ(プレイヤー…をリードに選ぶ)"),
        "x_play": _t("play a card", "カードを出す"),
    },
    name="megalomania",
)


class MegalomaniaGame(Game[MegalomaniaState]):
    """Megalomania with validated :class:`MegalomaniaOptions`."""

    id: ClassVar[str] = "megalomania"
    title: ClassVar[Term] = Term("Megalomania", "メガロマニア")
    options_type: ClassVar[type[Options]] = MegalomaniaOptions
    messages: ClassVar[Catalog] = MESSAGES

    def __init__(self, options: Options) -> None:
        if getattr(options, "teams", "off") == "pairs" and getattr(options, "players", 4) != 4:
            players = getattr(options, "players", None)
            raise OptionError(
                f"option 'teams' for megalomania: pair play ('pairs') needs players=4, "
                f"not {players!r}",
                f"megalomania のオプション 'teams':ペア戦('pairs')は players=4 が必要です"
                f"({players!r} は使えません)",
                lang=getattr(options, "lang", "en"),
            )
        super().__init__(options)
        # Made here, not on first use: a value cached later would change the game's digest.
        self._rule_options: tuple[tuple[str, Any], ...] = tuple(options.to_dict().items())

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams of pair play, partners opposite: ``((0, 2), (1, 3))``; else one per seat."""
        if getattr(self.options, "teams", "off") == "pairs":
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def action_label(self, action: Any, lang: str) -> str:
        """How a player names ``action``: its text in English, a Japanese label in Japanese
        (e.g. ``赤7(魔法使い)をパワー付きで出す``); both parse back."""
        return action_label(action, lang)

    @property
    def rule_options(self) -> tuple[tuple[str, Any], ...]:
        """The options as ``(name, value)`` pairs (made with the game; views carry them)."""
        return self._rule_options

    @property
    def rounds(self) -> int:
        """12 rounds, or 8 in the short game."""
        return 8 if getattr(self.options, "length", "long") == "short" else 12

    def _initial_state(self, seed: int, rng: Rng) -> MegalomaniaState:
        return MegalomaniaState(self, seed, rng)

    # -- the search contract (issue 11; see :mod:`gamelib.megalomania.search`) --------------
    def all_actions(self) -> list[Action]:
        """Every action these options can offer (:func:`search.all_actions`): 362 with 4
        players and the default options."""
        return search.all_actions(self.options)

    def max_length(self) -> int:
        """A bound on a game's actions (:func:`search.max_length`): per round and seat one
        resource choice, at most 5 setup steps, a card per trick and one power choice after a
        card, summed over the most demanding distinct missions; 832 with 4 players (long)."""
        return search.max_length(self.options)

    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest final score (:func:`search.score_bounds`)."""
        return search.score_bounds(self.options)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector (:data:`search.OBSERVATION_LAYOUT`)."""
        return search.observation_size(self.players)

    def observe(self, view: View) -> list[float]:
        """A seat's view as numbers, laid out as :data:`search.OBSERVATION_LAYOUT` says."""
        return search.observe(view)  # type: ignore[arg-type]

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """The game's own bots (from :mod:`gamelib.megalomania.bots`, when present)."""
        try:
            from gamelib.megalomania import bots as _bots
        except ImportError:
            return {}
        found: Any = getattr(_bots, "BOTS", None)
        return dict(found) if found else {}

    def search_settings(self) -> Mapping[str, Any]:
        """``ismcts:tuned``: :data:`gamelib.megalomania.search.SEARCH_SETTINGS`."""
        return search.SEARCH_SETTINGS
