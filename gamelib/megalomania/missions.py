"""The 25 mission cards (ミッション) as data: deal, task and score.

``points`` is the fixed score of a fixed mission (固定) or the score per counted unit of a
variable mission (変動). ``points_given`` says whether the rule text states the number; the other
values are rulings (see ``docs/rules/megalomania.md``). Scoring itself lives in
:mod:`gamelib.megalomania.scoring`, keyed by ``number``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gamelib.core.log import Term

__all__ = ["MISSIONS", "Deal", "Mission", "mission"]


class Deal(enum.Enum):
    """How a mission deals the cards and which setup steps come before the first trick."""

    NORMAL = "normal"  # N cards to the hand
    FACE_UP_3 = "face_up_3"  # 6 cards, 3 of them shown face up and played as they lie (13)
    COVERED = "covered"  # 4 face-up cards lying on 4 face-down ones (18)
    DRAW_4 = "draw_4"  # 4 in hand, 4 face down drawn one per card played (19)
    ORDER = "order"  # fixed play order chosen before the first trick (15)
    PAIRS = "pairs"  # hand given to the partner across the table (20, 21)
    PASS_HAND = "pass_hand"  # the rest of the hand passes right after each trick (22)
    SPLIT = "split"  # 8 cards split 4+4, the left neighbour picks one pile blind (24)
    PASS_3 = "pass_3"  # three cards passed to the left neighbour (25)


@dataclass(frozen=True)
class Mission:
    """One mission card: number 1–25, the deal, the task and its score."""

    number: int
    cards: int
    deal: Deal
    fixed: bool
    points: int
    points_given: bool
    task: Term
    resources_after_deal: bool = False
    pairs: bool = False

    @property
    def title(self) -> Term:
        """``Mission 7`` / ``ミッション7``."""
        return Term(f"Mission {self.number}", f"ミッション{self.number}")

    @property
    def tricks(self) -> int:
        """Tricks in the round (cards each player plays)."""
        return 4 if self.deal is Deal.SPLIT else self.cards

    def score_text(self, lang: str = "en") -> str:
        """The score as printed on the card, e.g. ``+3`` or ``-1 each``."""
        sign = "+" if self.points > 0 else ""
        if self.fixed:
            return f"{sign}{self.points}"
        return f"{sign}{self.points}" + ("/個" if lang == "ja" else " each")


def _m(
    number: int,
    cards: int,
    deal: Deal,
    fixed: bool,
    points: int,
    given: bool,
    en: str,
    ja: str,
    **kw: bool,
) -> Mission:
    return Mission(number, cards, deal, fixed, points, given, Term(en, ja), **kw)


_N, _F, _V = Deal.NORMAL, True, False

MISSIONS: tuple[Mission, ...] = (
    _m(1, 8, _N, _F, 3, True, "+3 for taking exactly 3 tricks.",
       "ちょうど３トリック取ったプレイヤーが３ポイント。"),
    _m(2, 8, _N, _F, -2, False, "-2 for taking cards of every colour.",
       "すべての色のカードを取ってしまったプレイヤーがポイントを失う。"),
    _m(3, 8, _N, _V, 1, True, "+1 per blue card taken.", "獲得した青カード１枚につき１点。"),
    _m(4, 8, _N, _V, 1, True, "+1 per yellow card taken.", "獲得した黄色カード１枚につき１点。"),
    _m(5, 8, _N, _F, 3, False, "+3 for taking 4 or more tricks.",
       "４トリック以上取ったプレイヤーにポイント。"),
    _m(6, 8, _N, _F, 2, False, "+2 for taking no Dwarf and no Wizard.",
       "ドワーフと魔術師を取らなかったプレイヤーにポイント。"),
    _m(7, 8, _N, _V, 2, True, "+2 per trick taken whose card values sum to 25 or less.",
       "カードの数値の合計が２５以下のトリック１つにつき２点獲得。"),
    _m(8, 8, _N, _F, 3, False, "+3 for taking a trick that contains every colour.",
       "すべての色が含まれたトリックを取ったプレイヤーがポイントを獲得。"),
    _m(9, 8, _N, _V, -1, True, "-1 per red card taken.",
       "獲得した赤カード１枚につきマイナス１点。"),
    _m(10, 8, _N, _V, -1, True, "-1 per black card taken.",
       "獲得した黒カード１枚につきマイナス１点。"),
    _m(11, 8, _N, _F, 3, False, "+3 for taking cards worth 80 or more in total.",
       "獲得したカードの数値の合計が８０以上のプレイヤーがポイント。"),
    _m(12, 7, _N, _F, -2, False, "-2 for taking an odd number of tricks.",
       "奇数トリックを獲得したプレイヤーがポイントを失う。"),
    _m(13, 6, Deal.FACE_UP_3, _F, 3, False,
       "3 of the 6 cards lie face up and are played as they lie. +3 for taking exactly 1 trick.",
       "３枚公開した状態でラウンドが始まる。公開したカードはそのまま出す。"
       "ちょうど１トリックとったプレイヤーがポイント。"),
    _m(14, 6, _N, _F, 2, True, "+2 for taking exactly 2 tricks.",
       "ちょうど２トリックとったプレイヤーが２点獲得。"),
    _m(15, 6, Deal.ORDER, _F, 3, False,
       "Choose resources after seeing the 6 cards, fix the order of play before the first "
       "trick and play in that order. +3 for taking the most tricks.",
       "６枚のカードを見てスクロールの使用とリソースを決める。手札の出す順番を最初に決めて"
       "その順で出す。１番多くトリックをとったプレイヤーがポイント。",
       resources_after_deal=True),
    _m(16, 8, _N, _F, -3, False, "-3 for taking 4 or more tricks.",
       "４トリック以上取ったプレイヤーがポイントを失う。"),
    _m(17, 7, _N, _F, -2, False, "-2 for taking exactly 2 tricks.",
       "ちょうど２トリック取ったプレイヤーがポイントを失う。"),
    _m(18, 8, Deal.COVERED, _V, 1, True,
       "4 face-up cards lie on 4 face-down ones; playing a top card takes the card under it "
       "into the hand. +1 per trick taken.",
       "伏せられたカードの上に表のカードが重ねられ、上のカードをプレイすると下のカードを"
       "手札にできる。獲得したトリック１つにつき１点。"),
    _m(19, 8, Deal.DRAW_4, _V, 1, True,
       "4 cards in hand, 4 face down: draw one after each card played. "
       "+1 per Dwarf or Wizard taken.",
       "裏の４枚を重ねて、手札を使うたびに１枚ずつ引いて手札にする。手札しかプレイできない。"
       "ドワーフと魔術師のカード１枚につき１ポイント。"),
    _m(20, 8, Deal.PAIRS, _F, 2, False,
       "Choose resources after seeing the 8 cards, then give them all to the partner across. "
       "+2 for each player of the pair taking more tricks.",
       "８枚のカードを見てスクロールの使用とリソースを決める。その後対面のプレイヤーにカードを"
       "すべて渡す。対面がペア。獲得トリックが多いペアがポイント。",
       resources_after_deal=True, pairs=True),
    _m(21, 8, Deal.PAIRS, _F, -2, False,
       "Choose resources after seeing the 8 cards, then give them all to the partner across. "
       "-2 for each player of the pair taking fewer tricks.",
       "８枚のカードを見てスクロールの使用とリソースを決める。その後対面のプレイヤーにカードを"
       "すべて渡す。対面がペア。獲得トリックが少ないペアがポイントを失う。",
       resources_after_deal=True, pairs=True),
    _m(22, 6, Deal.PASS_HAND, _F, 3, False,
       "After each trick every player passes the rest of the hand to the right. "
       "+3 for taking the most tricks.",
       "カードを出すごとに、残りの手札をすべて右のプレイヤーに渡す。"
       "最も多いトリックを獲得したプレイヤーにポイント。"),
    _m(23, 8, _N, _V, 2, True,
       "+2 per colour of which you took strictly the most cards.",
       "色ごとに１番カードを獲得したプレイヤーに２ポイント。獲得した枚数が同数だった場合"
       "ポイントはなし。"),
    _m(24, 8, Deal.SPLIT, _F, 3, False,
       "Choose resources after seeing the 8 cards, split them into two piles of 4; the left "
       "neighbour picks one blind, the other is set aside. +3 for taking no trick.",
       "８枚のカードを見てスクロールの使用とリソースを決める。８枚の手札を４枚ずつの山札に"
       "自分で分け、隣のプレイヤーに中身を見せずに選ばせ、残りはこのゲーム使わない。"
       "トリックを取らなければポイント。",
       resources_after_deal=True),
    _m(25, 8, Deal.PASS_3, _V, -1, True,
       "Choose resources after seeing the 8 cards, pass 3 cards to the left neighbour. "
       "-1 per trick taken.",
       "８枚のカードを見てスクロールの使用とリソースを決める。３枚隣のプレイヤーに渡す。"
       "獲得トリック１トリックにつき１ポイント失う。",
       resources_after_deal=True),
)
"""All missions, ``MISSIONS[n - 1].number == n``."""


def mission(number: int) -> Mission:
    """The mission card with this number (1–25)."""
    if not 1 <= number <= len(MISSIONS):
        raise ValueError(f"no mission {number}: missions are numbered 1 to {len(MISSIONS)}")
    return MISSIONS[number - 1]
