"""The log messages of Powers, in English and Japanese.

Parameters named ``who`` / ``to`` / ``owner`` are seat names, ``country`` a country name, ``card``
a card; all are :class:`gamelib.core.Term` values rendered in the entry's language.
"""

from __future__ import annotations

from gamelib.core import Catalog

__all__ = ["MESSAGES"]

_M: dict[str, tuple[str, str]] = {
    # set-up
    "blitz_kings": (
        "Blitzkrieg: the four Kings are taken out of the deck (50 cards)",
        "電撃戦: K4枚をトランプデッキから抜く(50枚)",
    ),
    "flip": ("{who} flips {card}", "{who}が{card}をめくる"),
    "flip_tie": ("Tie between {who}: they flip again", "{who}が同点: めくり直す"),
    "seating": (
        "Seating (clockwise, strongest poker card first): {order}",
        "席順(ポーカーで強い札から時計回り): {order}",
    ),
    "initiative_flip": (
        "{who} flipped the strongest card and takes the first initiative",
        "最も強い札をめくった{who}が最初の先制権を得る",
    ),
    "initiative_draw": (
        "{who} draws {country} (priority number {priority})",
        "{who}が{country}を引く(優先番号{priority})",
    ),
    "initiative_priority": (
        "{who} drew {country}, the best priority number ({priority}): first initiative; "
        "the country cards go back into the round deck",
        "最も若い優先番号({priority})の{country}を引いた{who}が最初の先制権を得る"
        "(国カードはラウンドカードの山に戻す)",
    ),
    "home": (
        "{who}'s home country is {country} ({letter}, {points} points)",
        "{who}の本国は{country}({letter}、{points}点)",
    ),
    "initiative_home": (
        "{who}'s home {country} has the earliest letter ({letter}): first initiative",
        "記号が最も若い本国{country}({letter})を持つ{who}が最初の先制権を得る",
    ),
    "round_deck": (
        "The round deck has {count} cards ({mob} mobilization cards)",
        "ラウンドカードの山は{count}枚(動員カード{mob})",
    ),
    "greeting": (
        "The players greet each other and the first round begins",
        "挨拶をして最初のラウンドを開始",
    ),
    # cards
    "draw_public": ("{who} draws {count} ({why})", "{who}が{count}枚引く({why})"),
    "draw_private": ("{who} drew {cards}", "{who}が引いた札: {cards}"),
    "reshuffle": (
        "The deck is empty: the {count} discards are shuffled into a new deck",
        "山が尽きた: 捨て札{count}枚を集めて山を積み直す",
    ),
    "deck_exhausted": (
        "No card left to draw: the deck and the discards are empty",
        "山も捨て札も無いので引けない",
    ),
    "front_discard": (
        "The cards in front of the players go to the discards: {moved}",
        "各プレイヤーの前に置かれた札を捨て札に移す: {moved}",
    ),
    # rounds
    "round": (
        "Round {number}: {who} reveals {card} ({left} round cards left)",
        "ラウンド{number}: {who}が{card}をめくる(残り{left}枚)",
    ),
    "disarm_must": (
        "Disarmament: {who} holds {count} cards and must discard {k} (half, rounded down)",
        "軍縮: {who}は手札{count}枚なので半分の{k}枚を捨てる",
    ),
    "disarm_none": (
        "Disarmament: nobody holds 7 or more cards, nothing happens",
        "軍縮: 手札7枚以上のプレイヤーはいない",
    ),
    "discard": (
        "{who} discards {card} ({left} more to discard)",
        "{who}が{card}を捨てる(あと{left}枚)",
    ),
    "mobil_none": (
        "Mobilization: nobody holds fewer than 5 cards",
        "動員: 手札5枚未満のプレイヤーはいない",
    ),
    "initiative_stays": (
        "{card}: the initiative stays with {who}",
        "{card}: 先制権は{who}のまま",
    ),
    "initiative_stays_nobody": (
        "Nobody took the country: the initiative stays with {who}",
        "誰も国を得なかったので先制権は{who}のまま",
    ),
    "initiative_moves": (
        "The initiative passes to {who}, who took {country}",
        "{country}を手に入れた{who}に先制権が移る",
    ),
    "initiative_keeps": (
        "{who} took {country} and keeps the initiative",
        "{country}を手に入れた{who}が先制権を保つ",
    ),
    # conscription
    "conscription": (
        "Conscription: each player draws 1 card, starting with {who}",
        "徴兵フェイズ: {who}から順に1枚ずつ引く",
    ),
    "refill_extra": (
        "{who} also refills {count} card(s) discarded from in front of them",
        "{who}は前から捨てた分の{count}枚も補充する",
    ),
    # invasion
    "invasion": (
        "Invasion of {country}, starting with {who}",
        "{country}への侵略フェイズ: {who}から",
    ),
    "terrain": ("{text}", "{text}"),
    "bonus": (
        "{who} +{k}: holds {countries}, adjacent to {country}",
        "{who}は+{k}: {country}に隣接する{countries}を所有",
    ),
    "play": (
        "{who} plays {card}: strength {strength} ({why})",
        "{who}が{card}を出す: 強さ{strength}({why})",
    ),
    "ace_note": (
        "The Ace counts {strength}: one more than the {prev} before it ({top} + 1); "
        "no adjacency bonus for an Ace",
        "Aは前の{prev}より1強い: {top} + 1 = {strength}(Aに隣接ボーナスなし)",
    ),
    "ace_lead": (
        "The Ace is played first: with no card before it, it counts {strength}",
        "最初に出したA: 前の札が無いので強さ{strength}",
    ),
    "play_joker": (
        "{who} plays {card}: a Joker wins the invasion at once (and draws nothing)",
        "{who}が{card}を出す: ジョーカーは即座に勝利(山から引けない)",
    ),
    "joker_extra": (
        "{who} discards {card} as the Joker's extra cost (never refilled)",
        "{who}はジョーカーの追加コストとして{card}を捨てる(補充されない)",
    ),
    "fold": ("{who} folds", "{who}が降りる"),
    "fold_first": (
        "{who} folds at once (the initiative player may)",
        "{who}が最初から降りる(先制権プレイヤーが最初から降りるのは合法)",
    ),
    "invasion_won": (
        "Everyone else folded: {who} wins the invasion of {country} with {card} "
        "and takes the occupation right",
        "他全員が降りた: {who}が{card}で{country}への侵略に勝ち、占領権を獲得",
    ),
    "invasion_joker": (
        "{who}'s {card} wins the invasion of {country} at once: {who} takes the occupation right",
        "{who}の{card}で{country}への侵略に即座に勝利: {who}が占領権を獲得",
    ),
    "invasion_uncontested": (
        "Everyone else folded: {who} takes the occupation right of {country} without a card",
        "他全員が降りた: {who}が札を出さずに{country}の占領権を獲得",
    ),
    "invasion_nobody": (
        "Everyone folded: nobody takes {country}, which leaves the game",
        "全員が降りた: {country}は誰のものにもならずゲームから除かれる",
    ),
    # occupation
    "occupation": (
        "Occupation: {who} may discard {cost} cards to take {country} ({why}) "
        "or pass the right on",
        "占領フェイズ: {who}は手札{cost}枚を捨てて{country}を占領するか、占領権を譲る({why})",
    ),
    "pay": ("{who} pays {card} ({k}/{cost})", "{who}が{card}を捨てる({k}/{cost})"),
    "pass": (
        "{who} passes the occupation right to {to}: the cost drops to {cost}",
        "{who}が{to}に占領権を譲る: 占領コストは{cost}に下がる",
    ),
    "occupy": (
        "{who} occupies {country}: +{points} points, {score} in all",
        "{who}が{country}を占領: +{points}点、合計{score}点",
    ),
    "occupy_free": (
        "The cost reached 0: {who} takes {country} for free (+{points} points, {score} in all)",
        "占領コストが0になり{who}が{country}を自動的に獲得(+{points}点、合計{score}点)",
    ),
    # defence
    "defence": (
        "Defence: the neighbours of {country} are checked in printed order: {neighbours}",
        "防衛フェイズ: {country}の隣接国を上から順にチェック: {neighbours}",
    ),
    "defence_skip": ("Nothing to defend: {items}", "防衛の対象外: {items}"),
    "defence_check": (
        "{country} belongs to {who}: defend it with {how}, or the occupier takes it",
        "{country}は{who}の国: {how}を出して防衛しなければ奪われる",
    ),
    "defend": ("{who} defends {country} with {cards}", "{who}が{cards}で{country}を防衛"),
    "defence_owed": (
        "{who} will refill those {k} card(s) {when}",
        "{who}は使った{k}枚を{when}補充する",
    ),
    "decline": ("{who} does not defend {country}", "{who}は{country}を防衛しない"),
    "taken": (
        "{who} takes {country} from {owner}: +{points} points, {score} in all",
        "{who}が{owner}から{country}を奪う: +{points}点、合計{score}点",
    ),
    "reorganisation": (
        "Reorganisation: players draw the cards they used, starting with {who}; "
        "then the used cards go to the discards",
        "再編フェイズ: {who}から順に使った枚数を引き、使った札を捨て札に移す",
    ),
    # end
    "domination": (
        "{who} has {score} points: domination victory (35 or more)",
        "{who}が{score}点: 制覇勝利(35点以上)",
    ),
    "final_win": (
        "The last round is over: {who} wins with the highest score, {score} points",
        "最後のラウンド終了: 最高得点{score}点の{who}の優勢勝利",
    ),
    "final_tie": (
        "The last round is over: {who} share the win with {score} points",
        "最後のラウンド終了: {who}が{score}点で同点優勝",
    ),
    "tie_priority": (
        "{tied} are tied: {who} holds the best priority number ({priority}) and wins",
        "{tied}が同点: 最も若い優先番号({priority})を持つ{who}の勝ち",
    ),
}

# Refusals (``why_illegal``): ``action`` is the action's name in each language.
_M.update({
    "refuse_phase": (
        "{action}: it is the {phase} phase now",
        "{action}: 今は{phase}フェイズです",
    ),
    "refuse_not_held": ("{action}: you do not hold {card}", "{action}: {card}を持っていません"),
    "refuse_terrain": ("{action}: {rule}", "{action}: {rule}"),
    "refuse_joker_extra": (
        "{action}: a Joker costs one extra card from your hand (paying X)",
        "{action}: ジョーカーには追加コストとして手札1枚が要ります(paying X)",
    ),
    "refuse_weaker": (
        "{action}: strength {strength} does not beat {top}",
        "{action}: 強さ{strength}では{top}を上回れません",
    ),
    "refuse_cost": (
        "{action}: the cost is {cost} cards and you hold {held}",
        "{action}: 占領コストは{cost}枚で、手札は{held}枚です",
    ),
    "refuse_finish_paying": (
        "{action}: you started paying, so you must finish",
        "{action}: 支払いを始めたので最後まで払います",
    ),
    "refuse_defence": (
        "{action}: that is not a valid defence ({how})",
        "{action}: 防衛に使えない組み合わせです({how})",
    ),
})

MESSAGES = Catalog({key: {"en": en, "ja": ja} for key, (en, ja) in _M.items()}, name="powers")
"""Every log message and refusal of Powers."""
