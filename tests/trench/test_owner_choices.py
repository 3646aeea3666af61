"""Owner choices as decisions of the right seat: R10.2 / A73 relief, R10.8 / A82 sinking
penalty, R7.1.10 / A43 exit hand-on, R6.11 / A90 free transfers, R7.8 / A22 b interrupt at a
turn boundary."""

from __future__ import annotations

import pytest

from gamelib.core import IllegalAction, play
from tests.trench.helpers import park, plots, put, ready


def _texts(st):
    return [str(a) for a in st.legal_actions()]


def test_relief_is_the_victims_owners_choice():
    """R10.2 / A73: at death the owner moves one item to a soldier in play (or none)."""
    st = ready()
    put(st, 0, 1, (4, 2), "N")
    put(st, 1, 1, (4, 5), "S")
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gun")
    assert not st.soldiers[3].alive
    assert st.current_player == 1  # the victim's owner decides, inside player 0's turn
    texts = _texts(st)
    assert "no relief" in texts and "relief: gun to S2" in texts and "relief: food to S3" in texts
    with pytest.raises(IllegalAction) as err:
        play(st, "end turn")
    assert "R10.2" in err.value.en and "R10.2" in err.value.ja
    st = play(st, "relief: gun to S2")
    assert [t[1] for t in st.soldiers[4].tiles] == ["gas", "gun"]
    assert st.soldiers[3].tiles == [] and st.current_player == 0


def _melee(**opts):
    """Player 0's S1 steps, facing, onto player 1's S1 (R7.1.7)."""
    st = ready(**opts)
    park(st, {(0, 1), (1, 1), (1, 2)})
    put(st, 0, 1, (3, 5), "N")
    put(st, 1, 1, (3, 6), "S")
    put(st, 1, 2, (6, 6), "S")
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    return st


def test_relief_comes_before_melee_loot():
    """A73: the relief precedes the attacker's loot, which takes the rest of the card (R10.4)."""
    st = _melee()
    assert st.current_player == 1 and st.view(1).decision == ("relief", 1)
    st = play(st, "relief: drug to S2")
    me = st.soldiers[0]
    assert st.soldiers[4].drugs == 2 and me.drugs == 1 and 3 in me.corpses  # saved, rest looted


def test_relief_option_off_means_no_decision():
    """R10.2 as an option: ``relief=False`` asks nothing; the looter takes everything."""
    st = _melee(relief=False)
    assert st.soldiers[0].drugs == 2 and 3 in st.soldiers[0].corpses


def _to_round_end(st):
    while st.round == 3 and not st.pending and not st.is_terminal():
        legal = st.legal_actions()
        pick = next((a for a in legal if a.verb == "end"), None)
        pick = pick or next((a for a in legal if a.verb == "turn"), legal[0])
        st = play(st, pick)
    return st


def test_sinking_penalty_is_the_owners_choice():
    """R10.8 / A82: for each sunk soldier the owner discards one whole item of his choice."""
    st = ready()
    st.round = 3
    park(st, {(0, 1), (0, 2), (1, 1), (1, 2)})
    put(st, 0, 2, (2, 2), "N")
    put(st, 1, 1, (2, 6), "S")
    put(st, 1, 2, (6, 6), "S")
    st = plots(st, "turn", "turn")
    st = _to_round_end(st)
    assert not st.soldiers[0].alive and st.deaths == 1
    assert st.current_player == 0 and st.view(0).decision == ("penalty", 0)
    texts = _texts(st)
    assert "sinking penalty: S2 loses food" in texts and "sinking penalty: S2 loses gas" in texts
    st = play(st, "sinking penalty: S2 loses food")
    assert st.soldiers[1].food == 0 and st.soldiers[1].tiles and st.round == 4


def test_exit_items_are_handed_on_as_the_owner_chooses():
    """R7.1.10 / A43: the exiting soldier's items go to remaining soldiers, one choice at a time."""
    st = ready(players=3)
    put(st, 0, 1, (6, 7), "N")
    put(st, 0, 2, (2, 2), "N")
    st = plots(st, "move", "turn", "turn")
    st = play(st, "S1 move N")
    assert st.soldiers[0].exited and st.vp[0] == 2 and st.current_player == 0
    assert "hand on gun to S2" in _texts(st) and "hand on gun to S3" in _texts(st)
    st = play(st, "hand on gun to S3")
    st = play(st, "hand on food to S2")
    st = play(st, "hand on mask to S2")
    st = play(st, "hand on drug to S3")
    assert not st.pending and st.soldiers[2].drugs == 2 and st.soldiers[1].food == 2
    assert [t[1] for t in st.soldiers[2].tiles] == ["bomb", "gun"]


def test_free_transfers_between_adjacent_soldiers():
    """R6.11 / A90: during his turn a player moves items between adjacent own soldiers, free."""
    st = ready()
    put(st, 0, 1, (3, 3), "N")
    put(st, 0, 2, (4, 3), "N")
    st.soldiers[1].cubes = 2
    st = plots(st, "turn", "turn")
    texts = _texts(st)
    assert "S1 gives food to S2" in texts and "S2 gives cube to S1" in texts
    assert "S1 gives cube to S2" not in texts  # the carry limit (R7.3.3)
    assert not any(t.startswith("S3 gives") or t.endswith("to S3") for t in texts)  # on a ship
    st = play(st, "S1 gives food to S2")
    assert st.soldiers[0].food == 0 and st.soldiers[1].food == 2 and st.t_stage == "act1"
    st = play(st, "S1 turn E")  # the flipped card still has to be used (R6.4)
    st = play(st, "S2 gives gas to S1")
    assert [t[1] for t in st.soldiers[0].tiles] == ["gun", "gas"]
    with pytest.raises(IllegalAction):  # only during one's own turn
        play(play(st, "end turn"), "S1 gives gun to S2")


def test_interrupt_at_a_turn_boundary():
    """R7.8 / A22 b (``interrupt_timing="boundary"``): declared before any later turn."""
    st = ready(players=3, interrupt_timing="boundary")
    st = plots(st, "turn", "turn", "interrupt+turn")
    assert st.order == [0, 1, 2] and st.current_player == 2
    assert _texts(st) == ["interrupt now", "no interrupt"]
    st = play(st, "no interrupt")
    assert st.current_player == 0
    st = play(st, "S1 turn E")
    st = play(st, "end turn")
    assert st.current_player == 2  # asked again before player 1's turn
    st = play(st, "interrupt now")
    assert st.order == [0, 2, 1] and st.intr_used[2] and st.current_player == 2
    assert sum(s.drugs for s in st.soldiers if s.owner == 2) == 2
    assert st.t_cards == [] and st.t_card == "turn"


def test_interrupt_never_declared_returns_to_hand():
    """A22 b: an interrupt card not declared before one's own turn goes back to hand unpaid."""
    st = ready(players=3, interrupt_timing="boundary")
    st = plots(st, "turn", "turn", "interrupt+turn")
    st = play(st, "no interrupt")
    st = play(st, "S1 turn E")
    st = play(st, "end turn")
    st = play(st, "no interrupt")
    st = play(st, "S1 turn N")
    st = play(st, "end turn")
    assert st.current_player == 2 and st.hands[2]["interrupt"] == 1 and not st.intr_used[2]
    assert st.t_card == "turn"
