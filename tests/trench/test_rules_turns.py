"""Scenario tests for turns, moves and the round (R numbers of shared/research/trench_rules.md):
stepping, picking up, bases, carrying, one card used twice, the start player, night, gas at the
start of a round and after terrain changes, public information, corpses as food, tie-breaks,
who sees which weapon, set-up placements, adjacency."""

from __future__ import annotations

from gamelib.core import play
from tests.trench.helpers import park, plots, put, ready


def _texts(st):
    return [str(a) for a in st.legal_actions()]


def test_step_keeps_facing_and_picks_up_items():
    """R7.1.1 / R7.1.3: a step leaves the facing as it was; entering takes the items there."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    st.items[(2, 2)] = ["food", "drug"]
    st = plots(st, "move", "turn")
    st = play(st, "S1 move W")
    s = st.soldiers[0]
    assert s.cell == (2, 2) and s.facing == "N" and (s.food, s.drugs) == (2, 2)
    assert (2, 2) not in st.items


def test_raised_cells_block_steps_except_pushing():
    """R3.17 / R7.1.2: a raised cell is entered only by pushing (facing it); an own soldier in
    the way is pushed only when facing him."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    put(st, 0, 2, (2, 2), "N")
    st._set_h((4, 2), 2)
    st = plots(st, "move", "turn")
    texts = _texts(st)
    assert "S1 move E" not in texts and "S1 move W" not in texts  # wall sideways, ally sideways
    assert "S1 move N" in texts and "S1 move S" in texts


def test_melee_on_an_enemy_base_and_own_base_impassable():
    """R7.1.8 / A41: stepping, facing, into an enemy base removes it (+1 VP); the attacker ends
    there at level 1. One's own base cannot be entered."""
    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1)})
    enemy_base = next(c for c, p in st.base_at.items() if p == 1)
    own_base = next(c for c, p in st.base_at.items() if p == 0)
    put(st, 0, 1, (enemy_base[0], enemy_base[1] - 1), "N")
    put(st, 0, 2, (own_base[0], own_base[1] + 1), "S")
    put(st, 1, 1, (6, 4), "S")
    st = plots(st, "move", "move")
    assert "S2 move S" not in _texts(st)
    st = play(st, "S1 move N")
    assert enemy_base not in st.base_at and st.vp[0] == 1
    assert st.soldiers[0].cell == enemy_base and st.H(enemy_base) == 1


def test_turn_carries_the_cube_in_front():
    """R7.2.2 / A45 / A46: turning takes the wall cube in front round to the new front."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    st._set_h((3, 3), 2)
    st = plots(st, "turn", "turn")
    assert "S1 turn E carrying" in _texts(st)
    st = play(st, "S1 turn E carrying")
    assert st.H((3, 3)) == 1 and st.H((4, 2)) == 2 and st.soldiers[0].facing == "E"


def test_one_card_used_twice_by_two_soldiers():
    """R6.6 / R6.5a / R6.7: a single plotted card serves two different soldiers; then the turn
    has had its two actions."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    put(st, 0, 2, (5, 2), "N")
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert "S2 move N" in _texts(st) and "S1 move N" not in _texts(st)
    st = play(st, "S2 move N")
    assert st.soldiers[1].cell == (5, 3) and st.current_player == 1


def test_start_player_passes_and_night_shortens_the_gun():
    """R5.6 / R5.7 / R5.1: after each round the start player passes clockwise; round 2 is night
    (unless an eclipse) and the machine gun reaches one cell less."""
    st = ready()
    st.previews = ["N", "S"]
    st = plots(st, "turn", "turn")
    st = play(st, "S1 turn E")
    st = play(st, "end turn")
    st = play(st, "S1 turn E")
    st = play(st, "end turn")
    assert st.round == 2 and st.start == 1 and not st.day and st.current_player == 1
    assert st.gun_range(st.soldiers[0]) == 3


def test_lingering_gas_moves_with_the_new_wind():
    """R5.2 / R8.9: at the start of a round every token on the board moves under the new wind."""
    st = ready()
    st.gas[0] = (1, (3, 3))
    st.next_gas = 1
    st.previews = ["E", "S"]
    st = plots(st, "turn", "turn")
    for _ in range(2):
        st = play(st, next(a for a in st.legal_actions() if a.verb == "turn"))
        st = play(st, "end turn")
    assert st.round == 2 and st.wind == "E"
    assert 0 not in st.gas or st.gas[0][1] != (3, 3)


def test_terrain_change_releases_lingering_gas():
    """R8.8 / A65: digging a cell next to lingering gas lets it flow at once (not calm)."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    st.wind = "S"
    st.gas[0] = (1, (3, 4))
    st._set_h((3, 3), 2)  # the wall that held the gas
    st.next_gas = 1
    st = plots(st, "build", "turn")
    st = play(st, "S1 collect")  # the wall cube in front is taken: c3 is open again
    assert st.H((3, 3)) == 1 and (0 not in st.gas or st.gas[0][1] != (3, 4))


def test_public_information_in_every_view():
    """R9.5: positions, masks, food/drug/cube counts, discards, hand sizes, VP and deaths are the
    same in every seat's view; the others' hands are not."""
    st = ready()
    put(st, 0, 1, (3, 2), "N")
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    a, b = st.view(0), st.view(1)
    for field in ("heights", "items", "gas", "discards", "hand_sizes", "vp", "deaths"):
        assert getattr(a, field) == getattr(b, field)
    for sa, sb in zip(a.soldiers, b.soldiers, strict=True):
        assert (sa.cell, sa.facing, sa.masked, sa.food, sa.drugs, sa.cubes) == (
            sb.cell, sb.facing, sb.masked, sb.food, sb.drugs, sb.cubes)
    assert a.hands[1] is None and b.hands[0] is None


def test_held_corpse_pays_for_camp_and_its_vp_goes():
    """R10.7 / A27 / A75: without food, a held enemy corpse pays for camping; its VP is lost."""
    st = ready()
    for s in st.soldiers[:3]:
        s.food = 0
    st.soldiers[0].corpses = [3]
    st.soldiers[3].alive = False
    st.soldiers[3].cell = None
    assert st.total_vp(0) == 1
    st = plots(st, "camp", "turn")
    st = play(st, "camp")
    assert st.soldiers[0].corpses == [] and st.total_vp(0) == 0


def test_interrupter_has_only_his_other_card():
    """R7.8.3: the interrupting player's other plotted card is his only card this turn, and he
    may still use it twice."""
    st = ready()
    put(st, 1, 1, (3, 6), "S")
    put(st, 1, 2, (5, 6), "S")
    st = plots(st, "turn", "interrupt+move")
    assert st.current_player == 1 and st.t_card == "move" and st.t_cards == []
    st = play(st, "S1 move S")
    assert "S2 move S" in _texts(st) and "flip second card" not in _texts(st)


def test_judgement_tie_break_by_advance():
    """R12.4 / R12.5 / A81: at equal VP the judgement goes to the furthest advance."""
    st = ready()
    put(st, 0, 1, (3, 5), "N")  # row 5 of 7 for the south player
    put(st, 1, 1, (3, 6), "S")  # row 2 for the north player
    st.deaths = 4  # judgement at 4 deaths with 2 players
    st._check_end()
    assert st.outcome().reason == "judgement" and st.outcome().winners == (0,)


def test_seen_weapon_is_shown_to_the_seer_only():
    """R9.3 / A72: when an enemy soldier sees a piece, its weapon tile is shown to that enemy's
    owner (permanently), not to anyone else (R9.2: adjacent)."""
    st = ready(players=3)
    put(st, 0, 1, (3, 2), "E")
    put(st, 1, 1, (3, 4), "S")
    st = plots(st, "move", "turn", "turn")
    st = play(st, "S1 move N")  # now adjacent
    assert st.view(1).soldiers[0].weapons[0][0] == "gun"
    assert st.view(0).soldiers[3].weapons[0][0] != "?"  # and the other way round
    assert st.view(2).soldiers[0].weapons[0][0] == "?"


def test_looted_hidden_tile_known_to_the_looter_only():
    """R9.4 / R10.4: a looted tile never revealed stays hidden from all but the looter."""
    st = ready(players=3)
    park(st, {(0, 1), (1, 3), (2, 1)})
    put(st, 0, 1, (5, 3), "N")
    put(st, 2, 1, (1, 5), "S")
    st.soldiers[5].alive, st.soldiers[5].cell = False, None  # player 1's S3 died on d4 ...
    st.items[(5, 4)] = [5]  # ... his corpse (with his hidden bomb) lies in front of S1
    st = plots(st, "move", "turn", "turn")
    st = play(st, "S1 move N")
    assert 5 in st.soldiers[0].corpses and ("bomb", 2) in st.view(0).soldiers[0].weapons
    assert ("?", 2) in st.view(2).soldiers[0].weapons


def test_bases_only_on_the_first_row():
    """R4.7 / A13: a base goes on an open, item-free, non-corner cell of one's first row."""
    st = gamelib_state()
    while st.phase != "base":
        legal = st.legal_actions()
        st = play(st, legal[0])
    cells = {a.cell for a in st.legal_actions()}
    assert cells and all(c[1] == 1 and c[0] not in (1, 7) for c in cells)


def test_cube_phase_not_in_front_of_a_ship():
    """R4.8 / A12: nothing is placed on the edge cell right in front of a soldier's ship."""
    st = gamelib_state()
    while st.phase != "setup":
        legal = st.legal_actions()
        st = play(st, legal[-1] if st.phase == "base" else legal[0])
    fronts = st._blocked_front()
    cells = {a.cell for a in st.legal_actions() if a.verb == "place"}
    assert fronts and cells and not (fronts & cells)


def test_adjacent_means_orthogonal():
    """R3.16 / A17: diagonal neighbours are not adjacent (no transfer between them)."""
    st = ready()
    put(st, 0, 1, (3, 3), "N")
    put(st, 0, 2, (4, 4), "N")
    st = plots(st, "turn", "turn")
    assert not any(a.verb == "give" for a in st.legal_actions())


def gamelib_state():
    """A new 2-player game at its first set-up decision."""
    import gamelib

    return gamelib.load("trench").new_state(4)
