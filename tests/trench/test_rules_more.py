"""More scenarios: pushing, trenches, gas entry and masks, the feast, day camp, eclipse, bounces,
remote dig, and the fast path (R numbers of shared/research/trench_rules.md)."""

from __future__ import annotations

import random

import gamelib
from gamelib.core import fingerprint, play
from tests.trench.helpers import park, plots, put, ready


def _duel():
    st = ready()
    park(st, {(0, 1), (1, 1)})
    put(st, 1, 1, (7, 6), "S")
    return st


def test_push_cube_one_cell():
    """R7.1.6: stepping, facing, into a wall pushes its cube one cell on."""
    st = _duel()
    put(st, 0, 1, (5, 2), "N")
    st._set_h((5, 3), 2)
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert st.soldiers[0].cell == (5, 3) and st.H((5, 3)) == 1 and st.H((5, 4)) == 2


def test_trench_climb_out_or_dig_forward():
    """R7.1.4: from a hole, climb out or dig forward (a Move); no climbing onto a wall."""
    st = _duel()
    put(st, 0, 1, (5, 2), "N")
    st._set_h((5, 2), 0)
    st._set_h((6, 2), 2)
    st = plots(st, "move", "turn")
    texts = [str(a) for a in st.legal_actions()]
    assert "S1 move N" in texts and "S1 dig forward N" in texts and "S1 move E" not in texts
    st = play(st, "S1 dig forward N")
    assert st.soldiers[0].cell == (5, 3) and st.H((5, 3)) == 0


def test_walking_into_lingering_gas_kills():
    """R8.6: entering a cell with lingering gas is a hit."""
    st = _duel()
    put(st, 0, 1, (5, 2), "N")
    st.gas[0] = (1, (5, 3))
    st.next_gas = 1
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert not st.soldiers[0].alive and st.vp[1] == 1


def test_masked_soldier_in_lingering_gas_dies_at_end_of_next_turn():
    """R8.7 / Q&A 6: the mask is used up; still in gas at the end of his next turn, he dies."""
    st = _duel()
    put(st, 0, 1, (5, 2), "N")
    st.soldiers[0].masked = True
    st.gas[0] = (1, (5, 3))
    st.next_gas = 1
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    s = st.soldiers[0]
    assert s.alive and not s.masked and s.gassed is not None
    st = play(st, "end turn")  # the turn in which he was gassed: not yet
    assert st.soldiers[0].alive
    st.previews = ["calm", "calm"]  # round 2 is calm: the gas stays on him
    st = play(st, "S1 turn W")
    st = play(st, "end turn")
    st = plots(st, "turn", "turn")  # round 2: player 2 starts
    st = play(st, st.legal_actions()[0])
    st = play(st, "end turn")
    st = play(st, "S1 turn E")  # his next turn: he stays in the gas
    assert st.soldiers[0].alive
    st = play(st, "end turn")
    assert not st.soldiers[0].alive and st.vp[1] == 1


def test_feast_restores_hand_and_interrupt():
    """R10.6: obtaining an enemy corpse returns all discards and the used interrupt."""
    st = _duel()
    put(st, 0, 1, (5, 2), "N")
    st.soldiers[3].alive = False
    st.soldiers[3].cell = (5, 3)
    st.items[(5, 3)] = [3]
    st.discards[0] = ["fire"]
    st.hands[0]["fire"] -= 1
    st.intr_used[0] = True
    st.hands[0]["interrupt"] -= 1
    st.soldiers[4].cell, st.soldiers[4].ship, st.soldiers[4].exited = (7, 5), False, False
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert st.hands[0]["fire"] == 2 and st.hands[0]["interrupt"] == 1
    assert 3 in st.soldiers[0].corpses


def test_day_camp_returns_one_chosen_card():
    """R7.7.2: by day, the camp card and one chosen discard come back."""
    st = ready()
    st.discards[0] = ["turn", "fire"]
    st.hands[0]["turn"] -= 1
    st.hands[0]["fire"] -= 1
    st = plots(st, "camp", "turn")
    assert sorted(str(a) for a in st.legal_actions()) == ["camp taking fire", "camp taking turn"]
    st = play(st, "camp taking fire")
    assert st.hands[0]["fire"] == 2 and st.hands[0]["turn"] == 1 and st.discards[0] == ["turn"]


def test_eclipse_keeps_day_and_promotes_next_card():
    """R5.1c: an eclipse does not flip day/night; the next card becomes the wind."""
    st = ready()
    st.previews = ["eclipse", "E"]
    st.pile = ["calm", "W", "N"]
    st.round = 2
    st.day = True
    st._start_round()
    assert st.day and st.wind_card == "E" and st.wind == "E" and "eclipse" in st.wdisc


def test_same_wind_option():
    """R5.1d / A19: 同風 repeats the previous wind, or is calm with same_wind='calm'."""
    for opt, expect in (("previous", "E"), ("calm", None)):
        st = ready(same_wind=opt)
        st.wind = "E"
        st.previews = ["same", "N"]
        st.pile = ["calm"]
        st.round = 2
        st._start_round()
        assert st.wind == expect


def test_gas_owner_chooses_the_bounce():
    """R8.3: gas meeting a wall with both sides open waits for its owner's choice."""
    st = _duel()
    put(st, 0, 1, (4, 2), "N")
    st.soldiers[0].tiles = [[0, "gas", 2]]
    st.wind = "N"
    st._set_h((4, 4), 2)
    st.items.pop((4, 4), None)
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gas at 1")
    assert st.current_player == 0 and sorted(str(a) for a in st.legal_actions()) == [
        "gas bounces E", "gas bounces W"]
    st = play(st, "gas bounces W")
    assert st.gas[0][1][0] < 4  # it went west, not east


def test_remote_dig_uses_both_actions():
    """R7.5.3 / R6.10: digging out any cube takes the whole turn; the second card returns."""
    st = _duel()
    put(st, 0, 1, (5, 2), "N")
    st = plots(st, "dig+turn", "turn")
    st = play(st, "S1 dig out c5")
    assert st.H((3, 5)) == 0 and st.hands[0]["turn"] == 2 and st.current_player == 1


def test_fast_path_matches_checked_play():
    """apply_in_place on one clone gives the same game as checked play for the same choices."""
    game = gamelib.load("trench", players=3)
    for seed in range(3):
        rng = random.Random(seed)
        slow = game.new_state(seed)
        fast = slow.clone()
        fast.quiet = True
        while not slow.is_terminal():
            legal = slow.legal_actions()
            assert [str(a) for a in fast.legal_actions()] == [str(a) for a in legal]
            a = legal[rng.randrange(len(legal))]
            slow = play(slow, a)
            fast.apply_in_place(a)
        drop = {"log", "_log_shared", "quiet"}  # the log and whether a twin shares it
        f1 = {k: fingerprint(v) for k, v in vars(slow).items() if k not in drop}
        f2 = {k: fingerprint(v) for k, v in vars(fast).items() if k not in drop}
        assert f1 == f2
