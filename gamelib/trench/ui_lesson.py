"""The 毒ガス塹壕戦 lesson's questions: one "try it" per chapter and the closing exercises.

Every answer is computed by the engine when asked (legal actions of a seeded position, the
gun-ray and gas-flow functions of :mod:`gamelib.trench.board`, the state's own thresholds), so a
rules change shows up here. ``question(key, lesson)`` builds a chapter's question;
``EXERCISES[i](lesson)`` the i-th exercise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamelib.core import Game, IllegalAction, Term, play
from gamelib.trench.board import cell_name
from gamelib.trench.data import JUDGEMENT_DEATHS
from gamelib.trench.positions import (
    HOLE,
    after_setup,
    at_landing,
    first_turn,
    gas_stop,
    gun_hit,
    melee_position,
    movers,
    shot_level,
    walk,
)
from gamelib.ui.lesson import Exercise, Lesson, TryIt

__all__ = [
    "CHAPTERS", "EXERCISES", "QUESTIONS", "Chapter", "destroys_own_base", "fire_ready",
    "melee_outcome", "question",
]


@dataclass(frozen=True)
class Chapter:
    """A chapter of the lesson: its key and title."""

    key: str
    title: Term


CHAPTERS = (
    Chapter("board", Term("The board and landing", "盤と上陸")),
    Chapter("round", Term("A round: wind, secret plots, reveals", "ラウンド：風・行動札・公開")),
    Chapter("move", Term("Moving and facing", "移動と旋回")),
    Chapter("dig", Term("Digging and building", "潜る・建築")),
    Chapter("fire", Term("Firing and line of sight", "発射と視界")),
    Chapter("gas", Term("Gas and wind", "毒ガスと風")),
    Chapter("melee", Term("Melee", "突撃(白兵戦)")),
    Chapter("score", Term("Scoring and the end", "勝利点と終了")),
    Chapter("beginner", Term("Beginner mode and variants", "初心者モードとヴァリアント")),
)


def _game(lesson: Lesson, **options: object) -> Game:  # type: ignore[type-arg]
    return lesson.load("trench", players=2, **options)


def _cell(c: tuple[int, int] | None) -> Term:
    if c is None:
        return Term("nobody", "誰にも当たらない")
    return Term(cell_name(c), cell_name(c))


def _name(c: tuple[int, int] | None) -> str:
    """A cell's name, or ``"none"`` (the choices' values are plain strings)."""
    return "none" if c is None else cell_name(c)


def _ask_board(lesson: Lesson) -> TryIt:
    start = at_landing(_game(lesson))
    return lesson.try_it(
        ("Player 1's S1 lands first. On how many ships (cells of row 1's edge) can it land?",
         "プレイヤー1の兵1が最初に上陸します。何か所の船から選べますか?"),
        [(n, str(n)) for n in (3, 5, 7)],
        lambda: len([a for a in start.legal_actions() if a.verb == "land"]),
        explain=("The landing ships are the edge cells b–f of your own side: the corners hold "
                 "pillars (柱), so five ships.",
                 "上陸用の船は自分の辺のb～fの5か所です(角は柱)。"))


def _ask_round(lesson: Lesson) -> TryIt:
    s = walk(after_setup(_game(lesson)), "plot move")
    def seen() -> str:
        v = s.view(1)
        if v.plots[0] is not None:
            return "cards"
        return "count" if v.plot_sizes[0] >= 0 else "nothing"
    return lesson.try_it(
        ("Player 1 has plotted one card face down. What does Player 2 see of it?",
         "プレイヤー1が行動札を1枚伏せました。プレイヤー2に見えるのは?"),
        [("nothing", Term("nothing at all", "何も見えない")),
         ("count", Term("how many cards, not which", "枚数だけ")),
         ("cards", Term("the card itself", "札そのもの"))], seen,
        explain=("Plots are secret (R5.3, R9.6): the others see only how many cards lie face "
                 "down, until they are flipped in the turn.",
                 "行動札は伏せて出します。他の人に見えるのは枚数だけで、手番でめくるまで中身は秘密です。"))


def _ask_move(lesson: Lesson) -> TryIt:
    s = first_turn(_game(lesson))
    return lesson.try_it(
        ("Player 1 flipped Move. Which of their soldiers may move now?",
         "プレイヤー1は「移動」をめくりました。いま移動できる兵は?"),
        [(n, f"S{n}") for n in (1, 2, 3)], lambda: movers(s),
        explain=("A soldier steps one cell (十字方向); from the landing ship only onto the board "
                 "in front, and a stack of two (a pillar, a wall or a base) blocks the step. "
                 "S1's ship faces Player 1's own base (基地) on b1.",
                 "兵は十字方向に1マス進みます(上陸船からは前の盤上へだけ)。"
                 "2段(柱・壁・基地)には進めません。"
                 "兵1の前はb1の自分の基地です。"))


def _ask_dig(lesson: Lesson) -> TryIt:
    return lesson.try_it(
        ("A soldier stands in the hole (穴) on d4, facing north to ground on d5. At which level "
         "does his shot fly?",
         "d4の穴にいる兵が北(d5は地面)を向いています。弾はどの高さを飛ぶ?"),
        [(0, Term("level 0, inside the trench", "高さ0(塹壕の中)")),
         (1, Term("level 1, along the ground", "高さ1(地上)"))],
        lambda: shot_level(HOLE, (4, 4), 0, "N"),
        explain=("The rim rule (R7.4.2): from a hole with ground in front, you shoot along the "
                 "ground, so a dug-in soldier still fires out of his trench.",
                 "穴の前が地面なら、弾は地上の高さを飛びます(塹壕から外へ撃てる)。"))


def _ask_fire(lesson: Lesson) -> TryIt:
    return lesson.try_it(
        ("A machine gun (機銃) on d1 (ground) fires north, range 4. Soldiers stand in the hole "
         "on d4 and on the ground at d6. Whom does it hit?",
         "d1(地上)の機銃が北へ撃ちます(射程4)。d4の穴とd6の地上に兵がいます。誰に当たる?"),
        [("d4", "d4"), ("d6", "d6"), ("none", _cell(None))],
        lambda: _name(gun_hit(HOLE, (4, 1), 1, "N", 4, [(4, 4), (4, 6)])),
        explain=("A bullet flies at the firer's level: it passes over the soldier in the hole "
                 "(「穴にいると地上からの銃をくらいません」), and d6 is 5 cells away, beyond "
                 "range 4.",
                 "弾は撃った兵の高さを飛ぶので穴の兵の上を通り過ぎ、d6は5マス先で射程4の外です。"))


def fire_ready(game: Game) -> Any:  # type: ignore[type-arg]
    """The fire chapter's position: S3 stepped onto d1 and Player 1 flipped Fire."""
    return walk(first_turn(game), "S3 move N", "flip second card")


def destroys_own_base(state: Any, action: Any) -> bool:
    """Whether playing ``action`` destroys the mover's own base (played by the engine)."""
    me = state.current_player
    view: Any = state.view(None)
    later: Any = play(state, action).view(None)
    before = {c for c, owner in view.bases if owner == me}
    after = {c for c, owner in later.bases if owner == me}
    return after != before


def _ask_own_base(lesson: Lesson) -> TryIt:
    s = fire_ready(_game(lesson))
    return lesson.pick_action(
        s, ("Which of these shots destroys Player 1's own base?",
            "このうちプレイヤー1自身の基地を壊してしまう発射は?"),
        destroys_own_base,
        explain=("S1 is still on his landing ship facing north, and b1 in front is his own base "
                 "(height 2): the bullet hits the first stack above its level, whoever owns it.",
                 "兵1はまだ上陸船で北を向き、目の前のb1は自分の基地(高さ2)です。"
                 "弾は持ち主に関係なく最初の高い立方体に当たります。"))


def _ask_gas(lesson: Lesson) -> TryIt:
    return lesson.try_it(
        ("A gas token (毒ガス) sits on d6; the wind card says south (南). Where does it stop?",
         "d6に毒ガスがあり、風札は南です。ガスはどこで止まる?"),
        [("d5", "d5"), ("d4", "d4"), ("d1", "d1"), ("none", Term("off the board", "盤外"))],
        lambda: _name(gas_stop(HOLE, (4, 6), "S")),
        explain=("Gas runs with the wind and drops into the first hole it meets; the hole's walls "
                 "hold it there (R8.3–R8.5).",
                 "ガスは風下へ流れ、最初の穴に落ちます。穴の壁に囲まれてそこに留まります。"))


def melee_outcome(state: Any) -> str:
    """What Player 1's ``S2 move N`` does in :func:`melee_position`: ``"kill"``, ``"push"``
    (the enemy moved on) or ``"refused"``, played by the engine."""
    try:
        after = play(state, "S2 move N")
    except IllegalAction:
        return "refused"
    view: Any = after.view(None)
    enemy = next(x for x in view.soldiers if x.owner == 1 and x.num == 2)
    return "kill" if not enemy.alive else "push"


def _ask_melee(lesson: Lesson) -> TryIt:
    s = melee_position(_game(lesson))
    return lesson.try_it(
        ("Player 1's S2 on d3 faces north; Player 2's S2 stands on d4. Player 1 flipped Move and "
         "steps S2 north. What happens?",
         "プレイヤー1の兵2(d3、北向き)の前、d4にプレイヤー2の兵2がいます。「移動」で北へ進むと?"),
        [("kill", Term("the enemy dies (melee)", "敵が死ぬ(突撃)")),
         ("push", Term("the enemy is pushed back", "敵を押し出す")),
         ("refused", Term("the step is refused", "進めない"))],
        lambda: melee_outcome(s),
        explain=("Entering an enemy's cell while facing it is melee (R7.1.7): the enemy is killed "
                 "with a shovel and the attacker takes the cell. Only allies are pushed.",
                 "向いている方向の敵のマスに進むと突撃です。敵はシャベルで倒され、攻撃側がそのマスに入ります。"
                 "押せるのは味方だけです。"))


def _ask_score(lesson: Lesson) -> TryIt:
    s = after_setup(_game(lesson))
    return lesson.try_it(
        ("With two players, how many victory points (勝利点) win at once?",
         "2人プレイで即勝利になる勝利点は?"),
        [(n, str(n)) for n in (1, 2, 3)], s.target_vp,
        explain=("3 VP win at once, 2 with two players (R12.2); else the game is judged when "
                 f"enough soldiers have died ({JUDGEMENT_DEATHS[2]} with two players).",
                 "3点で即勝利、2人なら2点です。そうでなければ死者が一定数で判定します。"))


def _ask_beginner(lesson: Lesson) -> TryIt:
    s = after_setup(_game(lesson, beginner=True))
    return lesson.try_it(
        ("In beginner mode (初心者モード), how many soldiers does each player have?",
         "初心者モードでは各プレイヤーの兵は何人?"),
        [(n, str(n)) for n in (1, 2, 3)],
        lambda: sum(1 for x in s.view(0).soldiers if x.owner == 0),
        explain=("Beginner mode (R13.1): two soldiers with a gun and a bomb; no gas, masks, "
                 "drugs, wind, Equip or Interrupt.",
                 "初心者モードは兵2人(機銃と爆弾)。毒ガス・マスク・薬物・風・装備使用・割込みはありません。"))


_QUESTIONS: dict[str, Callable[[Lesson], TryIt]] = {
    "board": _ask_board, "round": _ask_round, "move": _ask_move, "dig": _ask_dig,
    "fire": _ask_fire,
    "own_base": _ask_own_base, "gas": _ask_gas, "melee": _ask_melee, "score": _ask_score,
    "beginner": _ask_beginner,
}


QUESTIONS: tuple[str, ...] = tuple(_QUESTIONS)
"""Every question's key: one per chapter, plus ``own_base`` (the fire chapter's second)."""


def question(key: str, lesson: Lesson) -> TryIt:
    """The "try it" of chapter ``key``, following the lesson's language."""
    return _QUESTIONS[key](lesson)


def _ex_night(lesson: Lesson) -> Exercise:
    return lesson.exercise(
        ("Night: a gun on d2 (ground) fires north with range 3 (4 − 1 at night). A soldier stands "
         "on d5. Is he hit?",
         "夜:d2(地上)の機銃が北へ撃ちます(射程4−1=3)。d5に兵がいます。当たる?"),
        [("d5", Term("yes, d5 is hit", "当たる")), ("none", Term("no", "当たらない"))],
        lambda: _name(gun_hit(HOLE, (4, 2), 1, "N", 3, [(4, 5)])),
        explain=("Count the cells: d3, d4, d5 — three. The hole on d4 is lower, so the bullet "
                 "passes over it.",
                 "d3・d4・d5の3マス。d4の穴は低いので弾は上を通ります。"),
        solution=("Solution: gun_ray(HOLE, (4, 2), 1, 'N', 3, {(4, 5)}) == ('piece', (4, 5)): "
                  "range 3 reaches d5 exactly.",
                  "解答:射程3でちょうどd5に届き、当たります。"))


def _ex_gas_edge(lesson: Lesson) -> Exercise:
    return lesson.exercise(
        ("A gas token on b6 with a south wind (no hole in column b). Where does it end?",
         "b6の毒ガス、風は南(b列に穴はない)。どこで終わる?"),
        [("b1", "b1"), ("b4", "b4"), ("none", Term("off the board", "盤外"))],
        lambda: _name(gas_stop(HOLE, (2, 6), "S")),
        explain=("Gas never stops on flat ground: it runs on with the wind and leaves through the "
                 "frame (R8.5).",
                 "平地では止まらず、風下へ流れて盤の外へ出ます。"),
        solution=("Solution: gas_walk(HOLE, (2, 6), 'S', ()) ends 'off': the token leaves the "
                  "board and is removed.",
                  "解答:ガスは盤外へ出て取り除かれます。"))


EXERCISES: tuple[Callable[[Lesson], Exercise], ...] = (_ex_night, _ex_gas_edge)
