"""Scenario tests of the rules as implemented (R numbers of shared/research/trench_rules.md)."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.core import IllegalAction, OptionError, play
from tests.trench.helpers import park, plots, put, ready


def test_setup_snake_landing_and_weapons():
    """R4.4 / R4.5: weapons assigned secretly; landing in snake order on ships."""
    st = gamelib.load("trench", players=3).new_state(1)
    order = []
    while st.phase != "base":
        order.append(st.current_player) if st.phase == "land" else None
        st = play(st, st.legal_actions()[0])
    assert order == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert all(s.ship and s.cell is not None for s in st.soldiers)
    assert sorted(t[1] for s in st.soldiers if s.owner == 0 for t in s.tiles) == [
        "bomb", "gas", "gun"]


def test_shield_between_facing_ships():
    """R4.6: facing soldiers on one line get a shield cube on row 4."""
    st = gamelib.load("trench", players=2).new_state(0)
    st = play(st, st.legal_actions()[0])
    st = play(st, st.legal_actions()[0])
    st = play(st, "S1 lands at c1")
    st = play(st, "S1 lands at c7")
    assert st.H((3, 4)) == 2 and st.supply == 68 - 49 - 4 - 6 - 1


def test_wind_previews_and_first_round_calm():
    """R4.9 / R5.1a: two previews with 2 players, one with 3; round 1 has no wind."""
    assert len(ready(players=2).previews) == 2
    st = ready(players=3)
    assert len(st.previews) == 1 and st.wind is None and st.day


def test_plot_hidden_from_others():
    """R5.3 / R9.6: a seat's view shows only its own plot until flipped."""
    st = ready()
    st = play(st, "plot move+fire")
    assert st.view(0).plot == ("move", "fire")
    assert st.view(1).plots[0] is None and st.view(1).plot_sizes[0] == 2


def test_flipped_card_must_be_used_and_refusal_names_rule():
    """R6.4: only the flipped card's category; refusal in both languages."""
    st = plots(ready(), "turn", "turn")
    assert st.t_card == "turn"
    with pytest.raises(IllegalAction) as err:
        play(st, "S1 dig")
    assert "R6.4" in err.value.en and "R6.4" in err.value.ja


def test_reuse_first_card_on_another_soldier_returns_second():
    """R6.5a: one card used twice by different soldiers; the second card goes back to hand."""
    st = plots(ready(), "turn+dig", "turn")
    st = play(st, "S1 turn E")
    assert all(a.soldier != 1 for a in st.legal_actions() if a.verb == "turn")
    st = play(st, "S2 turn E")
    assert st.hands[0]["dig"] == 1 and st.current_player == 1


def test_same_category_twice_in_a_row_refused():
    """R6.8: S1 cannot turn twice in a row."""
    st = plots(ready(), "turn+turn", "turn")
    st = play(st, "S1 turn E")
    st = play(st, "flip second card")
    assert "S1 turn S" not in [str(a) for a in st.legal_actions()]
    with pytest.raises(IllegalAction) as err:
        play(st, "S1 turn S")
    assert "R6.8" in str(err.value)


def test_dash_two_cells_and_exhaustion():
    """R7.1.5 / R6.9: leave the ship by dashing two cells; no more action for him."""
    st = plots(ready(), "move+turn", "turn")
    s = st.soldiers[0]
    x = s.cell[0]
    st = play(st, "S1 dash N")
    s = st.soldiers[0]
    assert s.cell == (x, 2) and not s.ship and 0 in st.t_exh
    st = play(st, "flip second card")
    assert all(a.soldier != 1 for a in st.legal_actions() if a.verb == "turn")


def test_melee_needs_facing_and_scores():
    """R7.1.7 / R12.1: entering an enemy's cell while facing him kills and loots."""
    st = ready()
    park(st, {(0, 1), (1, 1), (1, 2)})
    put(st, 0, 1, (4, 3), "N")
    put(st, 1, 1, (4, 4), "S")
    put(st, 1, 2, (6, 6), "S")
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert not st.soldiers[3].alive and st.soldiers[0].cell == (4, 4)
    # R10.2 / A73: the victim's owner first saves one item; then the attacker loots the rest.
    assert st.current_player == 1 and not st.soldiers[0].corpses
    st = play(st, "no relief")
    assert 3 in st.soldiers[0].corpses and st.total_vp(0) == 2  # kill + corpse held (A75)
    assert st.is_terminal() and st.outcome().winners == (0,)


def test_melee_not_sideways():
    """R7.1.7: not facing the enemy, his cell cannot be entered."""
    st = ready()
    park(st, {(0, 1), (1, 1), (1, 2)})
    put(st, 0, 1, (4, 3), "E")
    put(st, 1, 1, (4, 4), "S")
    put(st, 1, 2, (6, 6), "S")
    st = plots(st, "move", "turn")
    assert "S1 move N" not in [str(a) for a in st.legal_actions()]


def test_gun_kills_on_ground_not_in_trench():
    """R7.4.2: a bullet kills on the ground; a soldier in a hole is safe from the ground."""
    st = ready()
    park(st, {(0, 1), (1, 1), (1, 2)})
    put(st, 0, 1, (6, 2), "N")
    s = st.soldiers[0]
    s.tiles = [[0, "gun", 4]]
    put(st, 1, 1, (6, 5), "S")
    put(st, 1, 2, (2, 6), "S")
    st._set_h((6, 5), 0)
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gun")
    assert st.soldiers[3].alive and st.soldiers[0].tiles[0][2] == 3
    st2 = ready()
    park(st2, {(0, 1), (1, 1), (1, 2)})
    put(st2, 0, 1, (6, 2), "N")
    st2.soldiers[0].tiles = [[0, "gun", 4]]
    put(st2, 1, 1, (6, 5), "S")
    put(st2, 1, 2, (2, 6), "S")
    st2 = plots(st2, "fire", "turn")
    st2 = play(st2, "S1 fire gun")
    assert not st2.soldiers[3].alive and 0 in st2.public_tiles


def test_gas_kills_without_mask_and_mask_saves():
    """R7.4.3 / R8.5: gas kills a soldier without a mask; a worn mask is used up instead."""
    st = ready()
    park(st, {(0, 1), (1, 1), (1, 2)})
    put(st, 0, 1, (4, 3), "N")
    st.soldiers[0].tiles = [[0, "gas", 2]]
    put(st, 1, 1, (4, 4), "S")
    put(st, 1, 2, (6, 6), "S")
    st.soldiers[3].masked = True
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gas at 1")
    enemy = st.soldiers[3]
    assert enemy.alive and not enemy.masked and enemy.gassed is not None
    assert st.gas_at((4, 4)) == 1  # calm in round 1: the gas lingers


def test_dig_in_place_and_build_collect():
    """R7.5.1 / R7.3.1 / R7.3.2: dig down; collect a wall cube and build it elsewhere."""
    st = ready()
    put(st, 0, 1, (3, 3), "N")
    st._set_h((3, 4), 2)
    st = plots(st, "dig+build", "turn")
    st = play(st, "S1 dig")
    assert st.H((3, 3)) == 0
    st = play(st, "flip second card")
    st = play(st, "S1 collect")
    assert st.H((3, 4)) == 1 and st.soldiers[0].cubes == 1


def test_camp_by_night_recovers_all():
    """R7.7: camping costs a food; at night every discard returns."""
    st = ready()
    st.day = False
    st.discards[0] = ["turn", "fire"]
    st.hands[0]["turn"] -= 1
    st.hands[0]["fire"] -= 1
    st = plots(st, "camp", "turn")
    st = play(st, "camp")
    assert st.hands[0]["turn"] == 2 and st.hands[0]["fire"] == 2 and st.hands[0]["camp"] == 1
    assert sum(s.food for s in st.soldiers if s.owner == 0) == 2


def test_interrupt_pays_a_drug_and_goes_first():
    """R7.8: the interrupting player acts first, pays a drug; the card is removed."""
    st = ready()
    st = plots(st, "turn", "interrupt+turn")
    assert st.order == [1, 0] and st.intr_used[1]
    assert sum(s.drugs for s in st.soldiers if s.owner == 1) == 2


def test_ships_sink_after_round_three():
    """R10.8 / R12.4: soldiers still on ships die after round 3 (no VP) and count as deaths."""
    st = ready()
    for _ in range(3):
        while st.round == st.round and not st.is_terminal():
            r = st.round
            legal = st.legal_actions()
            pick = next((a for a in legal if a.verb == "end"), None)
            pick = pick or next((a for a in legal if a.verb == "turn" or a.arg == "turn"), legal[0])
            st = play(st, pick)
            if st.round != r:
                break
    assert st.deaths >= 4 and st.is_terminal()
    assert st.outcome().reason == "judgement" and st.vp == [0, 0]


def test_exit_beyond_far_edge_scores():
    """R7.1.10 / R12.1: a soldier leaves past the far edge and scores."""
    st = ready(players=3)
    put(st, 0, 1, (6, 7), "N")
    st.vp[0] = 1
    st = plots(st, "move", "turn", "turn")
    st = play(st, "S1 move N")
    assert st.soldiers[0].exited and st.vp[0] == 3 and st.is_terminal()


def test_beginner_mode():
    """R13.1 / A83: 2 soldiers, gun and bomb, no Equip/Interrupt cards, no wind."""
    st = ready(beginner=True)
    assert st.per == 2 and "equip" not in st.hands[0] and not st.previews
    assert sorted(t[1] for s in st.soldiers[:2] for t in s.tiles) == ["bomb", "gun"]


def test_options_are_checked():
    """Options: bad values refused naming the option."""
    with pytest.raises(OptionError, match="bomb_uses"):
        gamelib.load("trench", bomb_uses=5)
    with pytest.raises(OptionError, match="hidden"):
        gamelib.load("trench", hidden_teams=True)


def test_japanese_label_parses_back():
    """Every action has a Japanese label that parses back."""
    st = ready()
    g = st.game
    for a in st.legal_actions()[:5]:
        assert g.parse_action(st, g.action_label(a, "ja")) == a
