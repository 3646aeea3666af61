"""The civilian variant as an option (R13.2): civilians and the village placed in the cube phase,
moved or turned by any player, killed or destroyed by any piece or weapon, with the civilian
penalty (R12.6). Ambiguities A42, A79, A86."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.core import IllegalAction, play
from gamelib.trench.soldier import Soldier
from tests.trench.golden import log_print, playout
from tests.trench.helpers import park, plots, put, ready


def civ(st, cell, facing="N"):
    """Stand a civilian on ``cell`` as the cube phase would have (R13.2)."""
    c = Soldier(-1 - len(st.civs), -1, len(st.civs) + 1)
    c.food = c.masks = c.drugs = 0
    c.cell, c.facing = cell, facing
    st.civs.append(c)
    return c


def flat(st, *cells):
    """Ground level and no item on ``cells`` (shields or food of the set-up removed)."""
    for c in cells:
        st._set_h(c, 1)
        st.items.pop(c, None)


def to_cube_phase(**opts):
    st = gamelib.load("trench", **opts).new_state(3)
    while st.phase != "setup":
        legal = st.legal_actions()
        st = play(st, legal[-1] if st.phase == "base" else legal[0])
    return st


def test_civilians_and_village_are_placed_in_the_cube_phase():
    """R13.2 / R4.8: 「立方体か食糧か民間人集落か民間人かを選べる 民間人らも同様の方法で配置」:
    two civilians and one village cube join the choices, never in front of a ship (A12), never
    under another placement; they are public in every view."""
    st = to_cube_phase(players=2, civilians=True)
    legal = [str(a) for a in st.legal_actions()]
    assert "place civilian at c3" in legal and "place village at e3" in legal
    p = st.current_player
    mine = {(s.cell[0], s.cell[1] + 1) for s in st.in_play(p)}  # south edge: inward is +1
    enemy = {(s.cell[0], s.cell[1] - 1) for s in st.in_play(1 - p)}
    name = lambda c: f"place civilian at {'abcdefg'[c[0] - 1]}{c[1]}"  # noqa: E731
    assert p == 0 and all(name(c) not in legal for c in enemy)  # A12: not before an enemy
    assert any(name(c) in legal for c in mine)  # before one's own ship: allowed
    assert all(f"place cube at {name(c)[19:]}" not in legal for c in mine)  # cubes: A12 ruling
    st = play(st, "place civilian at c3")
    assert st.civs[0].cell == (3, 3) and st.civs[0].facing == "N"  # the placer's forward
    assert not any(a.cell == (3, 3) for a in st.legal_actions())  # nothing on a civilian
    st = play(st, "民間人集落をe5に置く")  # the Japanese label parses too
    assert st.village == (5, 5) and st.H((5, 5)) == 2
    st = play(st, "place civilian at d3")
    assert not any(a.arg == "civilian" for a in st.legal_actions())  # only two civilians
    assert not any(a.arg == "village" for a in st.legal_actions())  # and one village
    for viewer in (None, 0, 1):
        v = st.view(viewer)
        assert v.civilians == ((1, (3, 3), "N"), (2, (4, 3), "S")) and v.village == (5, 5)
    texts = [e.text("ja") for e in st.log]
    assert any("民間人集落" in t for t in texts)


def test_default_game_has_no_civilians():
    """The base game (option off) offers no civilian placement (R13.2 is a variant)."""
    st = to_cube_phase(players=2)
    assert not any(a.arg in ("civilian", "village") for a in st.legal_actions())
    assert st.view(0).civilians == () and st.view(0).skips == ()


def test_any_player_moves_or_turns_a_civilian_only():
    """R13.2 / A86: 「手番のとき行動を消費すれば、どのプレイヤでも動かせる」「移動 旋回 のみ可能」:
    a Move or Turn action of any player moves one cell or turns a civilian; it never pushes,
    melees, picks up or enters a raised cell; R6.8 applies to it."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 3), (3, 3), (2, 4), (2, 5), (1, 4))
    put(st, 0, 1, (6, 3), "N")
    put(st, 1, 1, (2, 5), "S")
    civ(st, (2, 4), "N")
    st.items[(1, 4)] = ["food"]
    st._set_h((3, 4), 2)
    st = plots(st, "move+turn", "turn")
    legal = [str(a) for a in st.legal_actions()]
    assert "C1 move S" in legal  # into the hole-free ground cell
    assert "C1 move N" not in legal  # a soldier is there: civilians never melee or push
    assert "C1 move W" not in legal  # food there: civilians pick nothing up
    assert "C1 move E" not in legal  # a raised cube: civilians never push
    with pytest.raises(IllegalAction) as err:
        play(st, "C1 move N")
    assert "R7.1" in err.value.en and "R7.1" in err.value.ja
    before = st
    st = play(st, "民間人1 南へ移動")
    assert st.civs[0].cell == (2, 3) and st.civs[0].facing == "N"
    assert before.civs[0].cell == (2, 4)  # the state played from is unchanged (clone)
    with pytest.raises(IllegalAction) as err:
        play(st, "C2 move N")
    assert "C2" in err.value.en and "民間人2" in err.value.ja
    assert "C1 move S" not in [str(a) for a in st.legal_actions()]  # first card on another
    st = play(st, "flip second card")
    st = play(st, "C1 turn E")
    assert st.civs[0].facing == "E"
    assert st.view(1).civilians == ((1, (2, 3), "E"),)


def test_bumping_a_civilian_kills_it_and_the_mover_chooses_the_penalty():
    """R7.1.9 / A42 / A86 / R12.6 / A79: 「駒をぶつかるように進めた時点で破壊される」: a soldier
    stepping into a civilian's cell kills it without facing it and takes its cell; no corpse;
    it counts as a death; the mover loses 1 VP or sits the next round out — at 0 VP only the
    round (VP never below 0)."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 3), (2, 4))
    put(st, 0, 1, (2, 3), "E")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (2, 4))
    st = plots(st, "move", "turn")
    deaths = st.deaths
    st = play(st, "S1 move N")
    assert st.soldiers[0].cell == (2, 4) and not st.civs[0].alive
    assert st.deaths == deaths + 1 and not st.items.get((2, 4))
    assert st.view(1).decision == ("civpen", 0)
    assert [str(a) for a in st.legal_actions()] == ["civilian penalty: skip next turn"]
    st = play(st, "民間人ペナルティ：1回休み")
    assert st.skip == [1, 0]
    while st.phase != "plot" or st.round == 1:
        st = play(st, "end turn" if "end turn" in map(str, st.legal_actions())
                  else st.legal_actions()[0])
    assert st.current_player == 1 and st.skip == [0, 0] and 0 not in st.queue
    assert any(e.key == "civ_skip" and "1回休み" in e.text("ja") for e in st.log)


def test_penalty_can_be_a_vp_when_the_killer_has_one():
    """R12.6 / A79: with a VP to lose the killer may pay it instead of a round."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 3), (2, 4))
    put(st, 0, 1, (2, 3), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (2, 4))
    st.vp[0] = 1
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert [str(a) for a in st.legal_actions()] == [
        "civilian penalty: lose 1 VP", "civilian penalty: skip next turn"]
    st = play(st, "civilian penalty: lose 1 VP")
    assert st.vp == [0, 0] and st.skip == [0, 0]
    assert any(e.key == "civpen_vp" and "減点1点" in e.text("ja") for e in st.log)


def test_civilian_blocks_bullets_and_weapons_kill_it():
    """R13.2: 「盾に使ったり」: a civilian stops the machine-gun ray (the soldier behind lives)
    and dies; the shooter takes the penalty (R12.6)."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 2), (2, 3), (2, 4))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (2, 4), "S")
    civ(st, (2, 3))
    st.soldiers[0].tiles = [(0, "gun", 4)]
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gun")
    assert not st.civs[0].alive and st.soldiers[3].alive
    assert st.pending and st.pending[0][:2] == ("civpen", 0)
    assert any(e.key == "civ_death" and "民間人1" in e.text("ja") for e in st.log)


def test_gas_kills_a_civilian_for_the_gas_owner():
    """R13.2 「毒ガス」 / R8.5: gas on a civilian kills it; the gas owner is the killer."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 2), (2, 3))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (2, 3))
    st.soldiers[0].tiles = [(0, "gas", 2)]
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gas at 1")
    assert not st.civs[0].alive and st.pending[0][:2] == ("civpen", 0)


def test_village_destroyed_by_bomb_or_bump_costs_the_penalty():
    """R13.2 / R7.1.9 / A42: 「民間人集落も同様、破壊するとペナルティ」: the village cube is
    destroyed by a bomb or by any piece moving into it (no push, no facing needed); it can be
    neither collected nor carried."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 2), (3, 2), (2, 3))
    put(st, 0, 1, (2, 2), "E")
    put(st, 1, 1, (6, 6), "S")
    st._set_h((2, 3), 2)
    st.village = (2, 3)
    st = plots(st, "move", "turn")
    legal = [str(a) for a in st.legal_actions()]
    assert "S1 move N" in legal  # sideways into the village: a bump, not a push
    st = play(st, "S1 move N")
    assert st.village is None and st.H((2, 3)) == 1 and st.soldiers[0].cell == (2, 3)
    assert st.pending[0][:2] == ("civpen", 0)
    assert any(e.key == "village_gone" for e in st.log)

    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 2), (2, 3), (2, 4))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    st._set_h((2, 4), 2)
    st.village = (2, 4)
    st.soldiers[0].tiles = [(0, "bomb", 2)]
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire bomb at 2")
    assert st.village is None and st.H((2, 4)) == 1 and st.pending[0][:2] == ("civpen", 0)


def test_village_cannot_be_collected_or_carried():
    """A42: the village is not a building material: no collect, no carry by turning."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 2), (1, 2), (3, 2))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    st._set_h((2, 3), 2)
    st.village = (2, 3)
    st._set_h((1, 2), 1)
    st.soldiers[0].cubes = 0
    st = plots(st, "build+turn", "turn")
    assert "S1 collect" not in [str(a) for a in st.legal_actions()]  # no use: no effect
    assert any(e.key == "no_effect" for e in st.log)
    st = play(st, "flip second card")
    legal = [str(a) for a in st.legal_actions()]
    assert "S1 turn E" in legal and "S1 turn E carrying" not in legal
    st._set_h((2, 3), 2)
    st.village = None  # the same cube as an ordinary cube would be carried
    st._legal = None
    assert "S1 turn E carrying" in [str(a) for a in st.legal_actions()]


# ----------------------------------------------------------------- R13.3 peasant guerrillas
def test_guerrilla_fires_a_named_soldiers_weapon_and_scores():
    """R13.3 / A87: 「武器を発射する場合は 自ﾁｰﾑのどれかの駒から武器を消費 … 殺したﾁｰﾑには勝利点」:
    with a Fire action the player fires from a civilian's cell and facing with the weapon of
    one of his soldiers, named in the action; that tile loses the ammunition and is revealed;
    the kill is his."""
    st = ready(players=2, civilians=True, guerrillas=True)
    park(st, {(0, 1), (0, 2), (1, 1)})
    flat(st, (5, 3), (5, 4), (5, 5), (2, 2), (3, 2))
    put(st, 0, 1, (2, 2), "W")
    put(st, 0, 2, (3, 2), "W")
    put(st, 1, 1, (5, 5), "S")
    civ(st, (5, 3), "N")
    st.soldiers[0].tiles = [(0, "bomb", 2)]
    st.soldiers[1].tiles = [(1, "gun", 4)]
    st = plots(st, "fire", "turn")
    legal = [str(a) for a in st.legal_actions()]
    assert "C1 fire gun from S2" in legal and "C1 fire gun from S1" not in legal
    assert "C1 fire bomb from S1 at 2" in legal
    st = play(st, "民間人1 兵2の機銃発射")  # the Japanese label parses too
    assert not st.soldiers[3].alive and st.vp == [1, 0]
    assert st.soldiers[1].tiles == [(1, "gun", 3)] and 1 in st.public_tiles
    assert not st.pending  # no civilian penalty for the guerrilla's owner
    assert st.view(1).soldiers[1].weapons == (("gun", 3),)


def test_guerrilla_digs_in_place_only_with_the_variant():
    """R13.3: 「穴に潜る」: a Dig action lowers the guerrilla's own cell; without the variant
    (R13.2 alone) civilians neither dig nor fire."""
    st = ready(players=2, civilians=True, guerrillas=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (5, 3))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (5, 3))
    st = plots(st, "dig", "turn")
    st = play(st, "C1 dig")
    assert st.H((5, 3)) == 0 and st.civs[0].cell == (5, 3)

    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (5, 3))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (5, 3))
    st = plots(st, "dig+fire", "turn")
    assert not any(a.soldier > 10 for a in st.legal_actions())
    with pytest.raises(IllegalAction):
        play(st, "C1 dig")


def test_killing_a_guerrilla_costs_nothing_but_counts_as_a_death():
    """R13.3: 「そのかわりこの駒を殺してもなにもペナルティはない」: no penalty, no VP; it is still
    a death for the judgement (R12.4)."""
    st = ready(players=2, civilians=True, guerrillas=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (2, 3), (2, 4))
    put(st, 0, 1, (2, 3), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (2, 4))
    deaths = st.deaths
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert not st.civs[0].alive and st.deaths == deaths + 1
    assert not st.pending and st.vp == [0, 0] and st.view(0).decision is None


@pytest.mark.parametrize("seed", [101, 103, 105, 113])
def test_fast_path_and_checked_path_give_the_same_civilian_game(seed):
    """Issue 12 with the variants on: a seeded random game through ``apply_in_place`` replays
    through checked ``play`` to the same outcome and the same log in both languages."""
    opts = {"players": 2, "civilians": True, "guerrillas": True}
    game = playout(opts, seed)
    st = gamelib.load("trench", **opts).new_state(seed)
    for text in game["actions"]:
        st = play(st, text)
    out = st.outcome()
    assert [list(out.scores), list(out.winners), out.reason] == game["outcome"]
    assert log_print(st) == game["log"]
    assert any(t.startswith("C") for t in game["actions"])  # a civilian acted


def test_civilian_dashes_two_cells_and_is_then_done():
    """A86 / R7.1.5 / R6.9: a civilian's Move may be a dash, two cells straight ahead (over a
    one-cell hole too), after which it acts no more this turn."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (5, 3), (5, 4), (5, 5))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (5, 3), "N")
    st._set_h((5, 4), 0)  # a one-cell hole to jump
    st = plots(st, "move+turn", "turn")
    assert "C1 dash N" in [str(a) for a in st.legal_actions()]
    st = play(st, "民間人1 北へダッシュ")
    assert st.civs[0].cell == (5, 5)
    st = play(st, "flip second card")
    assert not any(a.soldier > 10 for a in st.legal_actions())  # exhausted (R6.9)
    with pytest.raises(IllegalAction) as err:
        play(st, "C1 turn E")
    assert "C1 dashed" in err.value.en and "民間人1はダッシュ" in err.value.ja


def test_penalty_earned_before_ones_turn_skips_that_turn():
    """R12.6 / A79: 「１回休み」 falls on the killer's next turn not yet begun: a civilian walked
    into the lingering gas of a later player kills it for him (R8.6); choosing the skip, he
    loses this round's turn (his plot goes back to hand) and plots again next round."""
    st = ready(players=2, civilians=True)
    park(st, {(0, 1), (1, 1)})
    flat(st, (5, 3), (5, 4))
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 6), "S")
    civ(st, (5, 3))
    st.gas[st.next_gas] = (1, (5, 4))
    st.next_gas += 1
    st = plots(st, "move", "turn")
    hand = dict(st.hands[1])
    st = play(st, "C1 move N")
    assert not st.civs[0].alive and st.view(0).decision == ("civpen", 1)
    st = play(st, "civilian penalty: skip next turn")
    assert st.current_player == 0 and st.skip == [0, 1]
    st = play(st, "end turn")
    assert st.skip == [0, 0] and st.round == 2 and st.phase == "plot"
    assert st.hands[1]["turn"] == hand["turn"] + 1  # the unplayed plot is back in hand
    assert any(e.key == "civ_skip_turn" and "1回休み" in e.text("ja") for e in st.log)
    assert 1 in st.queue  # he plots again in round 2
