"""The 列強の興亡 lesson: one position and one "try it" question per chapter of the rule book.

Every position is built with :func:`gamelib.rekkyo.position.make_position`; every right answer
is found by the engine (playing the position, reading views, or the exact odds), never written
by hand. The notebook ``notebooks/rekkyo.ipynb`` shows them; ``tests/rekkyo/test_lesson.py``
answers every question right and wrong in both languages.

>>> from gamelib.ui.lesson import Lesson
>>> from gamelib.rekkyo.ui_lesson import CHAPTERS, position, question, line
>>> lesson = Lesson()
>>> state = position("neutral", lesson.load("rekkyo", players=2))   # built for the chapter
>>> q = question("neutral", lesson)                                  # a TryIt that follows
>>> after = line("neutral", state)   # the chapter's suggested move played (for its narration)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamelib.core import Term
from gamelib.rekkyo import odds
from gamelib.rekkyo.game import RekkyoGame
from gamelib.rekkyo.position import FixedDice, make_position, play_texts
from gamelib.rekkyo.state import RekkyoState
from gamelib.ui.lesson import Exercise, Lesson, TryIt

__all__ = ["CHAPTERS", "EXERCISES", "Chapter", "exercise", "line", "position", "question"]

Builder = Callable[[RekkyoGame], RekkyoState]

YES = ("yes", Term("yes", "はい"))
NO = ("no", Term("no", "いいえ"))


@dataclass(frozen=True)
class Chapter:
    """One chapter: its position, the suggested line of play and its question."""

    key: str
    title: Term
    build: Builder
    moves: tuple[str, ...]
    ask: Callable[[Lesson], TryIt]


def _game(lesson: Lesson, **options: Any) -> RekkyoGame:
    game = lesson.load("rekkyo", **{"players": 2, **options})
    assert isinstance(game, RekkyoGame)
    return game


def _name(game: RekkyoGame, tid: str) -> Term:
    return game.cards.territory(tid).name


# -- positions ----------------------------------------------------------------------------------
def _partisan(game: RekkyoGame) -> RekkyoState:
    """Player 2 conquered France and Africa; the next card they draw is a partisan."""
    return make_position(game, owners={"usa": 0, "germany": 1, "france": 1, "africa": 1},
                         home=[["usa"], ["germany"]], hands=[["sherman", "b17"], ["panzer4"]],
                         pile_top=["partisan"])


def _hand_limit(game: RekkyoGame) -> RekkyoState:
    """Player 1 holds seven cards after the turn's draw."""
    return make_position(game, owners={"usa": 0, "germany": 1},
                         hands=[["sherman", "t34", "kv1", "zero", "spy", "diplomacy", "akagi"],
                                ["panzer4"]])


def _japan(game: RekkyoGame) -> RekkyoState:
    """Japan (an island: sea links only) next to China, Siberia and the South Pacific."""
    return make_position(game, owners={"japan": 0, "usa": 1},
                         hands=[["chiha", "zero", "akagi", "conscription"], ["sherman"]],
                         pile_top=["panzer4", "tribal", "partisan", "italian_infantry"])


def _neutral(game: RekkyoGame) -> RekkyoState:
    """The Soviet Union attacks India by land; India will draw a battleship, a spy, a tank."""
    return make_position(game, owners={"soviet": 0, "usa": 1},
                         hands=[["t34", "kv1", "kgv"], ["sherman"]],
                         pile_top=["iowa", "spy", "churchill"])


def _players(game: RekkyoGame) -> RekkyoState:
    """The Soviet Union against Germany: both hold tanks."""
    return make_position(game, owners={"soviet": 0, "germany": 1},
                         hands=[["t34", "kv1"], ["panzer4", "wehrmacht"]])


def _intercept(game: RekkyoGame) -> RekkyoState:
    """France bombs Germany, whose player holds a Spitfire (a fighter, F)."""
    return make_position(game, owners={"france": 0, "germany": 1},
                         hands=[["churchill", "strategic_bombing"], ["spitfire", "panzer4"]])


def _revolutionary(game: RekkyoGame) -> RekkyoState:
    """Player 1 has lost the USA: a revolutionary."""
    return make_position(game, owners={"germany": 1}, home=[["usa"], ["germany"]],
                         hands=[["mustang", "t34"], ["panzer4"]], pile_top=["fletcher"])


def _the_end(game: RekkyoGame) -> RekkyoState:
    """One card left in the pile; Player 1 holds the USA and Africa and an atomic bomb."""
    return make_position(game, owners={"usa": 0, "africa": 0, "germany": 1},
                         home=[["usa"], ["germany"]], hands=[["mustang", "atomic_bomb"],
                                                             ["panzer4"]],
                         pile_top=["t34"], rest="discard")


def _soviet_start(game: RekkyoGame) -> RekkyoState:
    """Player 1 started with the Soviet Union, and so holds Siberia too."""
    return make_position(game, owners={"soviet": 0, "siberia": 0, "usa": 1},
                         home=[["soviet", "siberia"], ["usa"]], hands=[["t34"], ["sherman"]])


# -- questions ----------------------------------------------------------------------------------
def _ask_setup(lesson: Lesson) -> TryIt:
    game = _game(lesson, players=3)
    choices = ["usa", "germany", "soviet", "china"]

    def never_starts() -> set[str]:
        started = {t for seed in range(30) for h in game.new_state(seed).home for t in h}
        return {t for t in choices if t not in started}

    return lesson.try_it(
        ("With three players, which of these is never a starting territory?",
         "3人で遊ぶとき、最初の領地にならないのはどれ?"),
        [(t, _name(game, t)) for t in choices], never_starts,
        explain=("Starting territories are chosen from the highest national power (国力) down: "
                 "with three players the USA, Germany and the Soviet Union (with Siberia, "
                 "together 6). The others are neutral countries (中立国).",
                 "最初の領地は国力の高い国から選びます。3人ならアメリカ、ドイツ、ソビエト"
                 "(シベリアと合わせて6)。残りは中立国です。"))


def _ask_partisan(lesson: Lesson) -> TryIt:
    game = _game(lesson)
    start = _partisan(game)
    choices = ["germany", "france", "africa"]

    def freed() -> set[str]:
        after = play_texts(start, "do nothing")  # Player 2's turn begins with the partisan
        return {t for t in choices if start.owner[t] == 1 and after.owner[t] is None}

    return lesson.try_it(
        ("Player 2 draws a Partisan (パルチザン). Which of their territories becomes neutral?",
         "プレイヤー2がパルチザンを引きました。中立国に戻るのはどの領地?"),
        [(t, _name(game, t)) for t in choices], freed,
        explain=("Ruling: the partisans free the drawer's conquered territory of lowest national "
                 "power; a starting territory (Germany) never rises. The turn then ends.",
                 "裁定:引いたプレイヤーが征服した領地のうち国力の最も低いものが中立国に戻ります。"
                 "最初の領地(ドイツ)は対象外。手番はそこで終わります。"))


def _ask_hand_limit(lesson: Lesson) -> TryIt:
    start = _hand_limit(_game(lesson))

    def discards() -> int:
        state = play_texts(start, "do nothing")
        n = 0
        while state.phase == "discard":
            state = play_texts(state, str(state.legal_actions()[0]))
            n += 1
        return n

    return lesson.try_it(
        ("Player 1 holds 7 cards and does nothing. How many cards must they discard?",
         "プレイヤー1は手札7枚で何もしません。何枚捨てますか?"),
        [(n, str(n)) for n in range(4)], discards,
        explain=("At the end of the turn a hand over 5 cards is cut down to 5 (手札上限).",
                 "手番の終わりに手札が5枚を超えていれば、5枚になるまで捨てます。"))


def _ask_routes(lesson: Lesson) -> TryIt:
    start = _japan(_game(lesson))

    def route() -> str:
        legal = {str(a) for a in start.legal_actions()}
        land, sea = "invade china by land" in legal, "invade china by sea" in legal
        return {(True, True): "both", (True, False): "land", (False, True): "sea"}.get(
            (land, sea), "none")

    return lesson.try_it(
        ("How can Japan invade China?", "日本はどうやって中国に侵略できますか?"),
        [("land", Term("by land only", "陸路だけ")), ("sea", Term("by sea only", "海路だけ")),
         ("both", Term("by land or by sea", "陸路でも海路でも")),
         ("none", Term("not at all", "侵略できない"))], route,
        explain=("The target must be linked to one of your territories, and the link's kind is "
                 "the route: Japan touches China only across the sea (dotted line).",
                 "目標は自分の領土とつながっている必要があり、つながり方が経路になります。"
                 "日本と中国は海(点線)でだけつながっています。"))


def _ask_sea_cards(lesson: Lesson) -> TryIt:
    start = play_texts(_japan(_game(lesson)), "invade china by sea", "add chiha")

    def can_commit() -> str:
        return "yes" if "commit" in {str(a) for a in start.legal_actions()} else "no"

    return lesson.try_it(
        ("Japan invades China by sea with a Type 97 Chi-Ha tank only. May it commit?",
         "日本は九七式中戦車だけで中国に海路で侵略します。確定できますか?"),
        [YES, NO], can_commit,
        explain=("A sea invasion needs a navy (濃紺) or air (青) card among its weapons; a land "
                 "invasion may not include navy cards.",
                 "海を経由する侵略には海軍カード(濃紺)か空軍カード(青)が必要です。"
                 "陸からの侵略には海軍カードを含められません。"))


def _ask_neutral(lesson: Lesson) -> TryIt:
    start = _neutral(_game(lesson))

    def defence() -> int:
        after = play_texts(start, *CHAPTER_MOVES["neutral"])
        combat = after.last_combat
        assert combat is not None and combat.defender_total is not None
        return int(combat.defender_total)

    return lesson.try_it(
        ("India (national power 3) draws an Iowa battleship (4), a Spy and a Churchill tank (3) "
         "against a land invasion. What is its defence strength?",
         "インド(国力3)は陸からの侵略に対してアイオワ級戦艦(4)、スパイ、チャーチル歩兵戦車(3)"
         "を引きました。防御の戦力は?"),
        [(n, str(n)) for n in (0, 3, 7, 10)], defence,
        explain=("Events and open cards drawn by a neutral are removed, and against a land "
                 "invasion its navy counts 0 (※２).",
                 "中立国が引いたイベントカードとオープンカードは除き、陸からの侵略では"
                 "中立国の海軍は戦力0です(※２)。"))


def _ask_face_down(lesson: Lesson) -> TryIt:
    start = play_texts(_players(_game(lesson)), "invade germany by land", "add t34", "commit")

    def known() -> str:
        combat = start.view(1).combat
        assert combat is not None
        if combat.attacker_cards is not None:
            return "cards"
        return "count" if combat.attacker_count else "nothing"

    return lesson.try_it(
        ("The Soviet Union attacks Germany. What does Germany's player know of the attack "
         "while choosing a defence?",
         "ソビエトがドイツに侵略します。ドイツのプレイヤーは防御を選ぶとき、攻撃について何を"
         "知っていますか?"),
        [("cards", Term("the cards", "カードの中身")),
         ("count", Term("only how many cards", "枚数だけ")),
         ("nothing", Term("nothing", "何も知らない"))], known,
        explain=("The invader's cards are face down, only their number known "
                 "(裏向きにして枚数のみ); the defender's cards are shown face up.",
                 "侵略側のカードは裏向きで枚数だけが分かります。防御側はカードを表にして出します。"))


def _ask_tie(lesson: Lesson) -> TryIt:
    start = _players(_game(lesson))

    def winner() -> str:
        after = play_texts(start, "invade germany by land", "add t34", "commit", "add panzer4",
                           "defend")
        assert after.last_combat is not None and after.last_combat.winner is not None
        return after.last_combat.winner

    return lesson.try_it(
        ("A T-34 (3) attacks, a Panzer IV (3) defends. Who wins?",
         "T-34(3)で攻め、IV号戦車(3)で守ります。勝つのは?"),
        [("attacker", Term("the invader", "侵略側")), ("defender", Term("the defender", "防御側"))],
        winner,
        explain=("A tie is a defeat for the invader (戦力値の合計が同じ場合は侵略側の敗北).",
                 "戦力値の合計が同じ場合は、侵略側の敗北です。"))


def _ask_intercept(lesson: Lesson) -> TryIt:
    start = play_texts(_intercept(_game(lesson)), "invade germany by land", "add churchill",
                       "add strategic_bombing", "commit", "defend")

    def shot_down() -> str:
        state = start.clone()
        state.rng = FixedDice([4])  # type: ignore[assignment]
        after = play_texts(state, "intercept with spitfire")
        assert after.last_combat is not None
        return "yes" if after.last_combat.cancelled else "no"

    return lesson.try_it(
        ("Germany answers the Strategic Bombing with a Spitfire (strength 3) and the die shows "
         "4. Is the bombing shot down?",
         "ドイツはスピットファイア(戦闘力3)で戦略爆撃を迎撃し、サイコロは4でした。撃墜できた?"),
        [YES, NO], shot_down,
        explain=("Interception (迎撃) succeeds when the die is at or under the fighter's "
                 "strength: 4 is over 3. The fighter is discarded either way.",
                 "サイコロの目が戦闘機の戦闘力以下なら迎撃成功です。4は3より大きいので失敗。"
                 "戦闘機は成否にかかわらず捨て札になります。"))


def _ask_revolutionary(lesson: Lesson) -> TryIt:
    start = _revolutionary(_game(lesson))

    def can_reach() -> str:
        return "yes" if any(str(a).startswith("invade hawaii") for a in start.legal_actions()) \
            else "no"

    return lesson.try_it(
        ("Player 1 has lost every territory. May they invade Hawaii, far from anything?",
         "プレイヤー1は領土をすべて失いました。遠いハワイに侵略できますか?"),
        [YES, NO], can_reach,
        explain=("A player with no territory is a revolutionary (革命家): they may invade any "
                 "territory, from whichever neighbour of it they like.",
                 "領土をすべて失ったプレイヤーは革命家となり、どの領地にも、隣接するどこからでも"
                 "侵略できます。"))


def _ask_atomic(lesson: Lesson) -> TryIt:
    start = _the_end(_game(lesson))

    def final() -> float:
        after = play_texts(start, *CHAPTER_MOVES["end"])
        outcome = after.outcome()
        assert outcome is not None
        return outcome.scores[0]

    return lesson.try_it(
        ("Player 1 (USA 6 + Africa 2) attacks with the Atomic Bomb; the neutral's draw takes the "
         "last card. What is Player 1's final national power?",
         "プレイヤー1(アメリカ6+アフリカ2)が原子爆弾を使って侵略し、中立国が最後の山札を"
         "引きました。プレイヤー1の最終的な国力は?"),
        [(v, f"{v:g}") for v in (8.0, 4.0, 2.0, 0.0)], final,
        explain=("A player who used the Atomic Bomb halves their national power at the end, win "
                 "or lose; the game ends with the turn in which the last card was drawn.",
                 "原子爆弾を使ったプレイヤーは勝敗にかかわらず最後に国力が半分になります。"
                 "最後の山札が引かれた手番の終わりにゲームは終了します。"))


def _ask_variant(lesson: Lesson) -> TryIt:
    game = _game(lesson, siberia="siberia6")

    def start_power() -> float:
        return _soviet_start(game).view(None).scores[0]

    return lesson.try_it(
        ("With the option siberia='siberia6', how much national power does the Soviet starter "
         "hold at the start (Soviet Union + Siberia)?",
         "オプション siberia='siberia6' のとき、ソビエトから始めるプレイヤーの最初の国力"
         "(ソビエト+シベリア)は?"),
        [(v, f"{v:g}") for v in (6.0, 8.0, 10.0)], start_power,
        explain=("「国力６の領地として扱います」 has two readings: by default (pair6) the pair "
                 "counts 6; with siberia6 Siberia itself counts 6, so 4 + 6.",
                 "「国力６の領地として扱います」には2つの読み方があります。既定(pair6)では2つで6、"
                 "siberia6ではシベリア自体が6なので4+6です。"))


CHAPTER_MOVES: dict[str, tuple[str, ...]] = {
    "partisan": ("do nothing",),
    "hand_limit": ("do nothing", "discard akagi", "discard diplomacy"),
    "actions": ("invade china by sea", "add akagi", "add zero", "commit"),
    "neutral": ("invade india by land", "add t34", "add kv1", "commit"),
    "players": ("invade germany by land", "add t34", "commit", "add panzer4", "defend"),
    "intercept": ("invade germany by land", "add churchill", "add strategic_bombing", "commit",
                  "defend", "intercept with spitfire"),
    "revolutionary": ("invade hawaii by sea", "add mustang", "commit"),
    "end": ("invade uk by sea", "add mustang", "add atomic_bomb", "commit"),
}
"""The suggested line of each chapter (played by the engine for the narration)."""

CHAPTERS: tuple[Chapter, ...] = (
    Chapter("setup", Term("Set-up", "準備"), _partisan, (), _ask_setup),
    Chapter("partisan", Term("Partisans", "パルチザン"), _partisan,
            CHAPTER_MOVES["partisan"], _ask_partisan),
    Chapter("hand_limit", Term("The turn and the hand limit", "手番と手札の上限"), _hand_limit,
            CHAPTER_MOVES["hand_limit"], _ask_hand_limit),
    Chapter("actions", Term("The four actions and the routes", "4つの行動と経路"), _japan,
            CHAPTER_MOVES["actions"], _ask_routes),
    Chapter("weapons", Term("Invasion and weapon cards", "侵略と兵器カード"), _japan,
            CHAPTER_MOVES["actions"], _ask_sea_cards),
    Chapter("neutral", Term("A neutral defends from the deck", "中立国の防御"), _neutral,
            CHAPTER_MOVES["neutral"], _ask_neutral),
    Chapter("players", Term("Face-down combat between players", "プレイヤー同士の戦闘"), _players,
            CHAPTER_MOVES["players"], _ask_face_down),
    Chapter("tie", Term("A tie", "引き分け"), _players, CHAPTER_MOVES["players"], _ask_tie),
    Chapter("intercept", Term("Interception", "迎撃"), _intercept, CHAPTER_MOVES["intercept"],
            _ask_intercept),
    Chapter("revolutionary", Term("Revolutionaries", "革命家"), _revolutionary,
            CHAPTER_MOVES["revolutionary"], _ask_revolutionary),
    Chapter("end", Term("The end and the atomic bomb", "終了と原子爆弾"), _the_end,
            CHAPTER_MOVES["end"], _ask_atomic),
    Chapter("variants", Term("Variants", "バリアント"), _soviet_start, (), _ask_variant),
)
"""The chapters in the order of the rule book."""

_BY_KEY = {c.key: c for c in CHAPTERS}


def position(key: str, game: RekkyoGame) -> RekkyoState:
    """The position of chapter ``key`` in ``game`` (any language or options)."""
    return _BY_KEY[key].build(game)


def line(key: str, state: RekkyoState) -> RekkyoState:
    """The chapter's suggested line played from ``state`` (a copy; for its narration)."""
    return play_texts(state, *_BY_KEY[key].moves)


def question(key: str, lesson: Lesson) -> TryIt:
    """The chapter's "try it", following the lesson's language switch."""
    return _BY_KEY[key].ask(lesson)


# -- exercises ----------------------------------------------------------------------------------
EXERCISE_HAND = ("t34", "kv1", "red_army", "italian_infantry", "iowa")
"""The hand of the exercises: a two-player game's start, invading the (neutral) Soviet Union."""
_STRONGEST_FIRST = ("kv1", "t34", "red_army", "italian_infantry")


def _soviet_defence() -> odds.StrengthDistribution:
    cards = odds.cards_of(None)
    rest = Counter(cards.counts)
    rest.subtract(EXERCISE_HAND)
    power = cards.territory("soviet").power
    return odds.draw_distribution(odds.pool_of(+rest, "land"), power)


def _win_with(k: int) -> float:
    return _soviet_defence().p_win(odds.attack_distribution(_STRONGEST_FIRST[:k]))


def _ex_usable(lesson: Lesson) -> Exercise:
    cards = odds.cards_of(None)

    def unusable() -> set[str]:
        return {c for c in EXERCISE_HAND if c not in odds.usable_cards(EXERCISE_HAND, "land")}

    def solution() -> Term:
        bad = ", ".join(cards.card(c).name.en for c in sorted(unusable()))
        bad_ja = "、".join(cards.card(c).name.ja for c in sorted(unusable()))
        return Term(f"Not usable by land: {bad}. Navy cannot invade over land.",
                    f"陸路で使えないのは{bad_ja}。海軍は陸からの侵略に使えません。")

    return lesson.exercise(
        ("Exercise 1. You hold T-34, KV-1, Red Army infantry, Italian infantry and an Iowa "
         "battleship, and invade the Soviet Union by land. Which card can you NOT use?",
         "演習1. 手札はT-34、KV-1、赤軍歩兵師団、イタリア歩兵師団、アイオワ級戦艦。ソビエトに"
         "陸路で侵略します。使えないカードは?"),
        [(c, cards.card(c).name) for c in EXERCISE_HAND], unusable,
        explain=("A land invasion may not include navy cards.",
                 "陸からの侵略には海軍カードを含められません。"),
        solution=solution)


def _ex_weapons(lesson: Lesson) -> Exercise:
    def smallest() -> int:
        return next(k for k in range(1, 5) if _win_with(k) >= 0.75)

    def solution() -> Term:
        from gamelib.rekkyo.ui import percent

        rows = [f"{k}: {percent(_win_with(k))}" for k in range(1, 5)]
        return Term(
            "Strongest first (KV-1 4, T-34 3, Red Army 2, Italian infantry 1), the chance to "
            "win with 1, 2, 3, 4 weapons is " + "; ".join(rows) + f". The answer: {smallest()}.",
            "強い順(KV-1 4、T-34 3、赤軍 2、イタリア歩兵 1)に1、2、3、4枚出したときの勝率は "
            + "、".join(rows) + f"。答えは{smallest()}枚。")

    return lesson.exercise(
        ("Exercise 2. Strongest weapons first: how many do you need for at least a 75% chance "
         "to take the Soviet Union?",
         "演習2. 強い兵器から順に出すとき、75%以上の確率でソビエトを奪うには何枚必要?"),
        [(k, str(k)) for k in range(1, 5)], smallest,
        explain=("Count it exactly: the Soviet Union (power 4) draws 4 of the cards you do not "
                 "hold; look at the odds explorer or odds.draw_distribution.",
                 "厳密に数えます。ソビエト(国力4)はあなたの持っていないカードから4枚引きます。"
                 "勝率エクスプローラーや odds.draw_distribution で確かめましょう。"),
        solution=solution)


def _ex_lost(lesson: Lesson) -> Exercise:
    usable = list(_STRONGEST_FIRST)

    def lost() -> float:
        p = _soviet_defence().p_win(odds.attack_distribution(usable))
        return round(odds.expected_cards_lost(p, usable, held=[]), 6)

    return lesson.exercise(
        ("Exercise 3. With all four land weapons and no producing country (生産国) held, how many "
         "cards do you expect to lose?",
         "演習3. 陸の兵器4枚すべてで攻め、生産国を1つも持っていないとき、失うカードの期待値は?"),
        [(float(n), str(n)) for n in (0, 1, 2, 4)], lost,
        explain=("Only a winner takes back weapons, and only those made in a territory they held "
                 "before the combat: holding none, every card is lost, win or lose.",
                 "兵器を手札に戻せるのは勝者だけで、それも戦闘前から持っていた生産国の兵器だけ。"
                 "生産国がなければ勝っても負けても全部失います。"),
        solution=("P(win)·4 + (1 − P(win))·4 = 4.", "勝率×4 +(1−勝率)×4 = 4。"))


EXERCISES: tuple[Callable[[Lesson], Exercise], ...] = (_ex_usable, _ex_weapons, _ex_lost)
"""The end-of-lesson exercises, in order."""


def exercise(n: int, lesson: Lesson) -> Exercise:
    """Exercise ``n`` (1-based), following the lesson's language switch."""
    return EXERCISES[n - 1](lesson)

