"""The team variants as options: the open team game (R13.5, A84) and the hidden-team game
(R13.4, A85), with allies (R11.1–R11.3)."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.core import OptionError, play
from tests.trench.helpers import park, plots, put, ready


def _row2(st):
    """Clear b2..f2 (shields or placed cubes) so that the scenarios below stand on flat ground."""
    for x in range(2, 7):
        st._set_h((x, 2), 1)
        st.items.pop((x, 2), None)


def test_team_options_need_four_players():
    """R13.4 / R13.5: both team games are 4-player games, and they exclude each other."""
    with pytest.raises(OptionError, match="players=4"):
        gamelib.load("trench", players=3, open_teams=True)
    with pytest.raises(OptionError, match="exclude"):
        gamelib.load("trench", players=4, open_teams=True, hidden_teams=True)


def test_open_team_partner_is_pushed_not_meleed():
    """R11.2 / A84: S and W are partners; stepping into the partner's cell pushes him."""
    st = ready(players=4, open_teams=True)
    assert st.team == [0, 0, 1, 1] and st.view(2).teams == (0, 0, 1, 1)
    park(st, {(0, 1), (1, 1), (2, 1)})
    _row2(st)
    put(st, 0, 1, (2, 2), "E")
    put(st, 1, 1, (3, 2), "S")
    put(st, 2, 1, (6, 6), "S")
    st = plots(st, "move", "turn", "turn", "turn")
    st = play(st, "S1 move E")
    assert st.soldiers[3].alive and st.soldiers[3].cell == (4, 2) and st.soldiers[0].cell == (3, 2)


def test_open_team_pooled_vp_and_no_vp_for_a_partner():
    """R11.3 / R12.2 / A84: killing a partner scores nothing; the team's pooled 3 VP win."""
    st = ready(players=4, open_teams=True)
    park(st, {(0, 1), (1, 1), (2, 1), (2, 2)})
    _row2(st)
    put(st, 0, 1, (2, 2), "E")
    put(st, 1, 1, (4, 2), "S")
    put(st, 2, 1, (6, 6), "S")
    put(st, 2, 2, (5, 5), "S")
    st = plots(st, "fire", "turn", "turn", "turn")
    st = play(st, "S1 fire gun")
    assert not st.soldiers[3].alive and st.vp == [0, 0, 0, 0]
    st.vp[1] = 2  # the partner's own points count for the team
    put(st, 2, 1, (6, 2), "S")
    st.t_last = {}
    st.soldiers[0].tiles[0] = (0, "gun", 4)
    st.t_stage, st.t_card, st.t_first_sid = "act1", "fire", None
    st = play(st, "S1 fire gun")
    assert st.is_terminal() and st.outcome().winners == (0, 1) and st.team_vp(0) == 3


def test_hidden_teams_dealt_secretly_and_seen():
    """R13.4: teams dealt by the seeded shuffle; each seat sees only its own team at first and
    learns another's when one of its soldiers sees that seat's soldier (R9.2)."""
    st = ready(players=4, hidden_teams=True, seed=5)
    assert sorted(st.team) == [0, 0, 1, 1]
    dealt = [e for e in st.log if e.key == "team_dealt"]
    assert [e.visible_to for e in dealt] == [{0}, {1}, {2}, {3}]
    v = st.view(0)
    assert v.teams[0] == st.team[0]
    assert all(v.teams[q] is None for q in range(1, 4) if q not in st.team_seen[0])
    park(st, {(0, 1), (2, 1)})
    put(st, 0, 1, (3, 2), "N")
    put(st, 2, 1, (3, 3), "S")
    st = plots(st, "turn", "turn", "turn", "turn")
    st = play(st, "S1 turn E")
    assert 2 in st.team_seen[0] and st.view(0).teams[2] == st.team[2]


def test_hidden_teams_every_kill_scores_for_the_victims_opponents():
    """R13.4 / A85: killing a teammate scores for the other team; the victim's team goes
    public; no exit scoring."""
    st = ready(players=4, hidden_teams=True, seed=5)
    mate = next(q for q in (1, 2, 3) if st.team[q] == st.team[0])
    park(st, {(0, 1), (mate, 1), (mate, 2)})
    _row2(st)
    put(st, 0, 1, (2, 2), "E")
    put(st, mate, 1, (4, 2), "S")
    put(st, mate, 2, (5, 5), "S")
    st = plots(st, "fire", "turn", "turn", "turn")
    st = play(st, "S1 fire gun")
    other = [q for q in range(4) if st.team[q] != st.team[0]]
    assert st.team_vp(0) == 0 and st.team_vp(other[0]) == 1
    assert all(st.view(q).teams[mate] == st.team[mate] for q in range(4))
    put(st, 0, 1, (3, 7), "N")
    assert not any(a.verb == "move" and a.arg == "N" for a in st.legal_actions())


def test_open_team_items_go_to_the_partners_adjacent_soldier():
    """R6.11 / R11.2 / A90: in team play items may also go to a teammate's adjacent soldier."""
    st = ready(players=4, open_teams=True)
    park(st, {(0, 1), (1, 1), (2, 1)})
    _row2(st)
    put(st, 0, 1, (2, 2), "E")
    put(st, 1, 1, (3, 2), "S")
    put(st, 2, 1, (2, 3), "S")  # an enemy next to him: no gift to the enemy
    st = plots(st, "turn", "turn", "turn", "turn")
    texts = [str(a) for a in st.legal_actions()]
    assert "S1 gives food to the ally at c2" in texts
    assert not any(t.endswith("at b3") for t in texts)
    st = play(st, "S1 gives food to the ally at c2")
    assert st.soldiers[0].food == 0 and st.soldiers[3].food == 2
    ja = st.game.parse_action(st, "兵1がガスマスクをc2の味方へ渡す")
    assert str(ja) == "S1 gives mask to the ally at c2"


def test_guerrillas_need_civilians_refused_in_both_languages():
    """R13.3: 「上記の民間人の駒がさらに…」 the guerrillas are the civilians of R13.2: without
    them the option is refused in English and Japanese; with them the game loads."""
    with pytest.raises(OptionError) as err:
        gamelib.load("trench", players=2, guerrillas=True)
    assert "civilians=True" in err.value.en and "R13.3" in err.value.en
    assert "civilians=True" in err.value.ja and "民間人" in err.value.ja
    assert gamelib.load("trench", players=2, civilians=True, guerrillas=True).new_state(1)


def test_a_transfer_that_takes_the_flipped_cards_last_use_makes_it_a_card_without_effect():
    """R6.11 with R6.4 (ruling under R6.11): in a 4-player open-team game the only armed soldier
    of the seat to act hands its bomb to the ally while Fire waits; Fire then has no effect, as a
    card flipped without a legal use, and the game goes on to its end instead of leaving the turn
    with no legal action (seed 511, random play with ``random.Random(511)``)."""
    import itertools
    import random

    game = gamelib.load("trench", players=4, open_teams=True)
    state, rng = game.new_state(511), random.Random(511)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action at step {len(state.history)}"
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    log = state.log_text()
    void = "Fire has no legal use: no effect"
    assert any("gives the bomb to the ally" in before and after == void
               for before, after in itertools.pairwise(log))
