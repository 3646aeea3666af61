"""Scenario tests for the basic rules that had none of their own (R numbers of
shared/research/trench_rules.md): players and edges, the set-up, cards, turning, carrying
limits, masks, drugs, interrupts, corpses, deaths."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.core import OptionError, play
from gamelib.trench.data import CARDS
from tests.trench.helpers import park, plots, put, ready


def _texts(st):
    return [str(a) for a in st.legal_actions()]


def test_two_to_four_players():
    """R1.1: 2–4 players; 1 or 5 are refused naming the option."""
    for n in (2, 3, 4):
        assert gamelib.load("trench", players=n).players == n
    for n in (1, 5):
        with pytest.raises(OptionError, match="players"):
            gamelib.load("trench", players=n)


def test_edges_by_player_count():
    """R3.4: 2 players S and N; 3 players S, W, N; 4 players S, W, N, E (clockwise)."""
    assert [ready(players=n).edges for n in (2, 3, 4)] == [
        ("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E")
    ]


def test_initial_board_ground_pillars_and_centre_drug():
    """R4.2 / R3.14: 49 ground cubes, one more on each corner, the drug on d4."""
    st = gamelib.load("trench").new_state(0)
    corners = {(1, 1), (1, 7), (7, 1), (7, 7)}
    for y in range(1, 8):
        for x in range(1, 8):
            assert st.H((x, y)) == (2 if (x, y) in corners else 1)
    assert st.items == {(4, 4): ["drug"]}


def test_equipment_cards_and_weapons():
    """R4.3 / R4.4: each soldier starts with a food, a mask and a drug; the owner gives the gun
    (4 rounds), the gas (2 shots) and the bomb (2) to his soldiers."""
    st = ready()
    for s in st.soldiers:
        assert (s.food, s.masks, s.drugs, s.cubes) == (1, 1, 1, 0)
        assert len(s.tiles) == 1
    ammo = {t[1]: t[2] for s in st.soldiers[:3] for t in s.tiles}
    assert ammo == {"gun": 4, "gas": 2, "bomb": 2}


def test_full_hand_and_interrupt_at_start():
    """R4.10 / §2.3: 12 cards in hand, no discards, the interrupt available."""
    st = ready(players=3)
    for p in range(3):
        assert st.hands[p] == CARDS and sum(st.hands[p].values()) == 12
        assert st.discards[p] == [] and not st.intr_used[p]


def test_used_card_goes_to_discard_and_cannot_be_plotted():
    """R6.2: the used Dig card (one copy) is discarded and cannot be plotted again."""
    st = ready()
    put(st, 0, 1, (3, 3), "N")
    st = plots(st, "dig", "turn")
    st = play(st, "S1 dig")
    st = play(st, "end turn")
    assert st.discards[0] == ["dig"] and st.hands[0]["dig"] == 0
    st = play(st, next(a for a in st.legal_actions() if a.verb == "turn"))
    while st.phase != "plot" or st.current_player != 1:
        st = play(st, st.legal_actions()[-1])
    st = play(st, "plot turn")
    assert not any(a.arg.split("+")[0] == "dig" or a.arg.endswith("+dig")
                   for a in st.legal_actions())


def test_player_without_pieces_skips_plotting():
    """R6.12 / A91: a player with no piece in play no longer plots; he keeps his VP."""
    st = ready()
    park(st, {(0, 1), (0, 2), (0, 3)})
    st.vp[1] = 1
    st = plots(st, "turn", "turn")
    st = play(st, "S1 turn E")
    st = play(st, "end turn")  # player 1's turn is skipped: nobody in play
    assert st.round == 2 and st.queue == [0] and st.current_player == 0 and st.vp[1] == 1


def test_turn_to_any_other_direction():
    """R7.2.1: a turn sets the facing to any of the three other directions."""
    st = ready()
    put(st, 0, 1, (3, 3), "N")
    st = plots(st, "turn", "turn")
    turns = {a.arg for a in st.legal_actions() if a.verb == "turn" and a.soldier == 1}
    assert turns == {"E", "S", "W"}
    st = play(st, "S1 turn W")
    assert st.soldiers[0].facing == "W"


def test_carry_limit_two_cubes():
    """R7.3.3: a soldier holding two cubes cannot collect a third."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    st._set_h((3, 3), 2)
    st.soldiers[0].cubes = 2
    st = plots(st, "build", "turn")
    assert "S1 collect" not in _texts(st) and "S1 build at c5" in _texts(st)
    st.soldiers[0].cubes = 1
    st._legal = None  # (the state was changed by hand)
    assert "S1 collect" in _texts(st)


def test_mask_forbids_dash_build_and_equip_and_shortens_the_gun():
    """R7.6.1 / R7.6.2: a masked soldier cannot dash, build or equip; gun range −1."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    s = st.soldiers[0]
    s.masked, s.cubes = True, 1
    assert st.gun_range(s) == 3
    st = plots(st, "move+build", "turn")
    assert "S1 dash N" not in _texts(st) and "S1 move N" in _texts(st)
    st = play(st, "S1 move N")
    st = play(st, "flip second card")
    assert not any(a.verb == "build" and a.soldier == 1 for a in st.legal_actions())


def test_drug_gives_two_extra_actions_from_hand_or_discard():
    """R7.6.3 / R7.6.4: the drugged soldier gets two extra actions, with cards from the hand or
    the discard pile (the Equip card just used is there)."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    st = plots(st, "equip", "turn")
    st = play(st, "S1 equip drug")
    assert st.drug_left == 2 and "drug: S1 move N" in _texts(st)
    st = play(st, "drug: S1 move N")
    st = play(st, "drug: S1 turn E")
    assert st.drug_left == 0 and st.soldiers[0].cell == (3, 3) and st.soldiers[0].facing == "E"


def test_interrupt_needs_a_drug_and_never_returns_by_camping():
    """R7.8.1: no drug in play, no interrupt plot; R7.7.3: a used interrupt stays out after
    camping."""
    st = ready()
    for s in st.soldiers[:3]:
        s.drugs = 0
    assert not any("interrupt" in a.arg for a in st.legal_actions())
    st2 = ready()
    st2.day = False
    st2 = plots(st2, "turn", "interrupt+camp")
    st2 = play(st2, "camp")
    assert st2.intr_used[1] and st2.hands[1]["interrupt"] == 0 and st2.hands[1]["camp"] == 1


def test_corpse_stays_and_friendly_fire_counts_as_a_death():
    """R10.1 / R10.3 / R12.3: a soldier shot by his own side leaves a corpse in his cell, counts
    as a death, and scores nobody."""
    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1)})
    put(st, 0, 1, (2, 2), "E")
    put(st, 0, 2, (5, 2), "S")
    put(st, 1, 1, (6, 6), "S")
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gun")
    assert not st.soldiers[1].alive and st.items[(5, 2)] == [1]
    assert st.deaths == 1 and st.vp == [0, 0]


def test_ship_soldier_may_fire():
    """R7.4.5 / A44: a soldier on his landing ship may fire onto the board."""
    st = ready()
    st = plots(st, "fire", "turn")
    assert st.soldiers[0].ship and "S1 fire gun" in _texts(st)


def test_gas_tokens_stack():
    """R8.1 / Q&A 1: tokens stack without limit in one cell."""
    st = ready()
    put(st, 0, 2, (3, 2), "N")
    st.gas[0] = (0, (3, 3))
    st.next_gas = 1
    st = plots(st, "fire", "turn")
    st = play(st, "S2 fire gas at 1")
    assert st.gas_at((3, 3)) == 2
