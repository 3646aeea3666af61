"""Scenario tests for the last R numbers of shared/research/trench_rules.md without one: the
overview (R1.3–R1.5), board model (R3.2–R3.15), seats (R4.1), turn order (R5.5), card zones and
kinds (R6.1, R6.3), firing (R7.4.1, R10.5), digging forward (R7.5.2), gas creation and flow
(R8.2, R8.4, R8.10) and the single 2-player mode (R13.6)."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core import IllegalAction, play
from gamelib.trench.board import DIRS, add, left, on_board, right
from gamelib.trench.data import CARDS, EDGES, SEAT_EDGES, SOLDIER_CARDS
from tests.trench.helpers import park, plots, put, ready


def _texts(st):
    return [str(a) for a in st.legal_actions()]


# ------------------------------------------------------------------ overview (R1)
def test_plot_one_or_two_cards_and_two_actions_a_turn():
    """R1.3: 「全員伏せて2枚提出」「※二枚ださなくてもよいですが 必ず一枚 は出す」: every player
    plots 1–2 cards face down (never 0 or 3), then in turn order each reveals and executes; a
    turn has at most 2 actions (more only with a drug)."""
    st = ready()
    plot_texts = [t for t in _texts(st) if t.startswith("plot ")]
    sizes = {len(t[len("plot "):].split("+")) for t in plot_texts}
    assert sizes == {1, 2}
    for bad in ("plot move+turn+fire", "plot "):
        with pytest.raises(IllegalAction):
            play(st, bad)
    put(st, 0, 1, (2, 2), "N")
    put(st, 0, 2, (4, 2), "N")
    st = plots(st, "move+move", "turn")
    assert st.order == [0, 1] and st.current_player == 0
    st = play(st, "S1 move N")
    st = play(st, "flip second card")
    st = play(st, "S2 move N")  # the second action: the turn is over
    assert st.current_player == 1 and st.t_stage == "act1"


def test_one_hit_kills_and_each_soldier_carries_one_weapon():
    """R1.4: 「兵隊は攻撃一発で死ぬ」; 「隠匿武器ﾀｲﾙ裏に書かれているものがその駒の所持してる武器」:
    every soldier carries exactly one weapon tile (gun, gas or bomb: one of each per player) and
    a single bullet kills."""
    st = ready()
    for p in range(2):
        kinds = sorted(t[1] for s in st.in_play(p) for t in s.tiles)
        assert kinds == ["bomb", "gas", "gun"]
        assert all(len(s.tiles) == 1 for s in st.in_play(p))
    put(st, 0, 1, (4, 2), "N")
    put(st, 1, 2, (4, 5), "S")
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gun")
    assert not st.soldiers[4].alive and st.deaths == 1


def test_first_to_three_vp_or_two_with_two_players():
    """R1.5 / R12.2: 「３点先取り(２人対戦では2点)」: 2 VP do not win a 3-player game, 3 do; with
    2 players 2 VP win."""
    st = ready(players=3)
    put(st, 0, 1, (4, 3), "N")
    put(st, 1, 1, (4, 4), "E")
    st.vp[0] = 1
    st = plots(st, "move", "turn", "turn")
    st = play(play(st, "S1 move N"), "no relief")  # melee: kill + corpse held = 3 VP
    assert st.vp[0] == 2 and st.total_vp(0) == 3 and st.is_terminal()
    assert st.outcome().winners == (0,)
    st = ready(players=3)
    put(st, 0, 1, (4, 3), "N")
    put(st, 1, 1, (4, 4), "E")
    st = plots(st, "move", "turn", "turn")
    st = play(play(st, "S1 move N"), "no relief")
    assert st.total_vp(0) == 2 and not st.is_terminal()
    st = ready()
    put(st, 0, 1, (4, 3), "N")
    put(st, 1, 1, (4, 4), "E")
    st = plots(st, "move", "turn")
    st = play(play(st, "S1 move N"), "no relief")
    assert st.total_vp(0) == 2 and st.is_terminal() and st.outcome().winners == (0,)


# ------------------------------------------------------------------ board model (R3)
def test_directions_and_their_rotations():
    """R3.2: N = (0,+1), E = (+1,0), S = (0,−1), W = (−1,0); left/right turn by 90°."""
    assert DIRS == {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
    for d in DIRS:
        assert right(left(d)) == d
        assert left(left(left(left(d)))) == d
    assert [right(d) for d in "NESW"] == ["E", "S", "W", "N"]
    assert add((4, 4), "N") == (4, 5) and add((4, 4), "W", 2) == (2, 4)


def test_edges_first_row_forward_and_goal():
    """R3.3: each player owns an edge; his first row is the edge row, forward points at the
    opposite edge, and the goal is beyond that edge (only there can he leave the board)."""
    for side, forward, row in (("S", "N", 1), ("N", "S", 7), ("W", "E", 1), ("E", "W", 7)):
        e = EDGES[side]
        assert e.forward == forward
        cells = e.first_row()
        assert len(cells) == 7 and all(e.row_of(c) == 1 for c in cells)
        assert all((c[1] if side in "SN" else c[0]) == row for c in cells)
        assert all(e.row_of(add(c, forward, 6)) == 7 for c in cells)
    st = ready()
    put(st, 0, 1, (4, 1), "S")
    put(st, 0, 2, (5, 7), "N")
    st = plots(st, "move", "turn")
    texts = _texts(st)
    assert "S1 move S" not in texts  # never back off one's own edge
    assert "S2 move N" in texts  # beyond the far edge: the goal


def test_off_board_ring_ships_and_exit_targets():
    """R3.5: 「自分の担当している辺の、最端のどこか(角以外)」: ships stand on the off-board ring
    at positions 2..6 beside their owner's edge, never at the diagonal corners; the ring is also
    where an exit ends."""
    st = gamelib.load("trench", players=4).new_state(2)
    while st.phase == "arm":
        st = play(st, st.legal_actions()[0])
    assert st.phase == "land"
    landing = [EDGES["S"].ship_cell(a.cell) for a in st.legal_actions()]
    assert sorted(landing) == [(x, 0) for x in range(2, 7)]
    st = ready(players=4)
    for s in st.soldiers:
        x, y = s.cell
        assert s.ship and not on_board(s.cell)
        assert (x in (0, 8)) != (y in (0, 8))  # on the ring, never a diagonal corner
        assert 2 <= (x if y in (0, 8) else y) <= 6


def test_cube_kinds_natural_base_and_village():
    """R3.7: natural cubes, bases (player colour) and the village; a base or the village is
    always the top cube of a raised cell, and neither is pushed nor collected like a natural
    cube."""
    st = ready(civilians=True)
    for c in st.base_at:
        assert st.H(c) == 2
    st = ready()
    park(st, {(0, 1), (1, 1)})
    own = next(c for c, p in st.base_at.items() if p == 0)
    put(st, 0, 1, (own[0], own[1] + 1), "S")
    st = plots(st, "build", "turn")
    assert "S1 collect" not in _texts(st)
    st2 = ready()
    park(st2, {(0, 1), (1, 1)})
    st2._set_h((3, 3), 2)  # a natural wall cube can be collected
    put(st2, 0, 1, (3, 2), "N")
    st2 = plots(st2, "build", "turn")
    assert "S1 collect" in _texts(st2)


def test_village_is_a_raised_top_cube():
    """R3.7 / R13.2: the village cube stands raised on its cell."""
    st = gamelib.load("trench", civilians=True).new_state(0)
    while st.phase != "setup":
        legal = st.legal_actions()
        st = play(st, legal[-1] if st.phase == "base" else legal[0])
    village = next(a for a in st.legal_actions() if a.verb == "place" and a.arg == "village")
    st = play(st, village)
    assert st.village == village.cell and st.H(village.cell) == 2


def test_pieces_rest_on_low_cells_gas_anywhere():
    """R3.8: a piece rests at level H of its cell and never on a raised cell; a gas token may
    rest on any cell, a raised one too."""
    st = ready()
    park(st, {(0, 2), (1, 1)})
    put(st, 0, 2, (4, 2), "N")
    st._set_h((4, 3), 2)
    st._set_h((4, 4), 2)  # a wall behind: the front cube cannot be pushed
    st.items.pop((4, 4), None)
    st.soldiers[1].tiles = [(1, "gas", 2)]
    st = plots(st, "fire", "turn")
    assert st.level(st.soldiers[1]) == 1
    assert "S2 move N" not in _texts(st)  # no standing on a raised cell
    st = play(st, "S2 fire gas at 1")  # round 1 is calm: the token rests on the wall
    assert st.gas_at((4, 3)) == 1 and st.H((4, 3)) == 2


def test_drop_rule_pieces_fall_and_survive():
    """R3.11 (A39): removing a cube lowers what rests on it by one level; a piece that drops
    survives. Remote dig under an enemy: he is now at level 0, alive."""
    st = ready()
    park(st, {(0, 1), (1, 1)})
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (5, 5), "S")
    st = plots(st, "dig", "turn")
    st = play(st, "S1 dig out e5")
    enemy = st.soldiers[3]
    assert enemy.alive and st.H((5, 5)) == 0 and st.level(enemy) == 0


def test_daruma_collecting_the_lower_cube_from_a_trench():
    """R3.11 / R7.3.2: 「壊したり回収した場合はダﾙﾏ落しみたくなる」: from a trench, collecting
    the ground cube under a wall lets the wall cube drop and become ground."""
    st = ready()
    park(st, {(0, 1), (1, 1)})
    put(st, 0, 1, (3, 2), "N")
    st._set_h((3, 2), 0)
    st._set_h((3, 3), 2)
    st = plots(st, "build", "turn")
    st = play(st, "S1 collect")
    assert st.H((3, 3)) == 1 and st.soldiers[0].cubes == 1


def test_no_cube_onto_pieces_items_gas_or_raised_cells():
    """R3.12: 「駒やｱｲﾃﾑある場所や二段以上の高さには置けぬ」 (Q&A 4 for gas): build targets skip
    cells with a piece, an item, a corpse or gas, and raised cells; a push is refused into them."""
    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1)})
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (5, 5), "S")
    st.soldiers[0].cubes = 1
    st.items[(6, 3)] = ["food"]
    st.gas[0] = (1, (6, 4))
    st.next_gas = 1
    st._set_h((6, 5), 2)
    st = plots(st, "build", "turn")
    built = {a.cell for a in st.legal_actions() if a.verb == "build"}
    for c in ((2, 2), (5, 5), (6, 3), (6, 4), (6, 5), (4, 4), (1, 1)):
        assert c not in built
    assert (6, 2) in built
    # a push into a cell with an item is refused
    st2 = ready()
    park(st2, {(0, 1), (1, 1)})
    put(st2, 0, 1, (3, 2), "N")
    st2._set_h((3, 3), 2)
    st2.items[(3, 4)] = ["food"]
    st2 = plots(st2, "move", "turn")
    assert "S1 move N" not in _texts(st2)


def test_landing_ship_level_one_removed_when_left_sinks_after_round_three():
    """R3.13: a ship's top counts as level 1; it holds one soldier; it is removed from the game
    the moment its soldier leaves (he cannot step back onto it); soldiers still aboard sink at
    the end of round 3 (R10.8)."""
    st = ready()
    s = st.soldiers[0]
    assert s.ship and st.level(s) == 1
    ship_cell = s.cell
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    s = st.soldiers[0]
    assert not s.ship and s.cell == add(ship_cell, "N")
    st = play(st, "flip second card") if "flip second card" in _texts(st) else st
    assert all(a.verb != "move" or a.arg != "S" or a.soldier != 1 for a in st.legal_actions())
    assert all(x.cell != ship_cell for x in st.soldiers)


def test_items_are_food_drugs_and_corpses_not_gas():
    """R3.15: items are food, drug tokens and corpses (picked up on entering); gas tokens are
    not items (never picked up, they hit)."""
    st = ready()
    park(st, {(0, 1), (1, 1)})
    put(st, 0, 1, (2, 2), "N")
    put(st, 1, 1, (6, 5), "S")
    st.items[(2, 3)] = ["food", "drug"]
    st.gas[0] = (1, (6, 6))
    st.next_gas = 1
    view = st.view(0)
    assert dict(view.items)[(2, 3)] == ("food", "drug")
    assert (6, 6) not in dict(view.items) and view.gas == ((1, (6, 6)),)
    st = plots(st, "move", "turn")
    st = play(st, "S1 move N")
    assert (2, 3) not in st.items and st.soldiers[0].food == 2 and st.soldiers[0].drugs == 2


# ------------------------------------------------------------------ set-up, round (R4, R5, R6)
def test_seats_take_edges_and_north_is_fixed():
    """R4.1: seats take their edges (S, N / S, W, N / S, W, N, E, R3.4) and north is a fixed
    board direction (+y), named in every view and marked on the 3D board."""
    from gamelib.trench.figures import board_3d_figure

    for n in (2, 3, 4):
        st = ready(players=n)
        assert st.view(0).edges == SEAT_EDGES[n]
        for p in range(n):
            assert all(s.facing == EDGES[SEAT_EDGES[n][p]].forward for s in st.in_play(p))
    fig = board_3d_figure(ready().view(0))
    north = next(t for t in fig.data if t.name == "north")
    assert north.text[0] in ("N", "北") and north.y[0] > 7


def test_turn_order_interrupts_first_then_clockwise_from_start():
    """R5.5: interrupting players act first (earlier in clockwise order from the start player
    first), then all others clockwise from the start player."""
    st = ready(players=3)
    st = plots(st, "turn", "interrupt+turn", "interrupt+turn")
    assert st.order == [1, 2, 0]
    st = ready(players=3)
    st.start = 1
    st.queue = [1, 2, 0]
    st = plots(st, "interrupt+turn", "turn", "interrupt+turn")  # seats 1, 2, 0 plot
    assert st.order == [1, 0, 2]
    st = ready(players=4)
    st = plots(st, "turn", "turn", "turn", "turn")
    assert st.order == [0, 1, 2, 3]


def _zones(st, p):
    removed = 1 if st.intr_used[p] and not st.beginner else 0
    plotted = len(st.plots[p] or []) if st.phase in ("plot",) else 0
    return sum(st.hands[p].values()) + len(st.discards[p]) + removed + plotted


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_card_is_in_exactly_one_zone(seed):
    """R6.1: each of a player's 12 cards is in exactly one zone: hand, plot, discard or
    removed (the used interrupt). Checked at every plotting step of seeded random games."""
    st = ready(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not st.is_terminal() and checked < 200:
        if st.phase == "plot":
            for p in range(st.n):
                assert _zones(st, p) == sum(CARDS.values()), (p, st.hands[p], st.discards[p])
            checked += 1
        legal = st.legal_actions()
        st = play(st, legal[rng.randrange(len(legal))])
    assert checked


def test_six_soldier_categories_and_two_player_actions():
    """R6.3: six soldier categories (Move, Turn, Build, Fire, Dig, Equip) and two player
    actions (Camp, Interrupt): the camp action names no soldier; the interrupt is played in
    phase 4, never as a soldier's action."""
    assert SOLDIER_CARDS == ("move", "turn", "build", "fire", "dig", "equip")
    assert set(CARDS) - set(SOLDIER_CARDS) == {"camp", "interrupt"}
    st = ready()
    put(st, 0, 1, (2, 2), "N")
    st.discards[0] = ["move"]
    st.hands[0]["move"] -= 1
    st = plots(st, "camp", "turn")
    camp = [a for a in st.legal_actions() if a.verb == "camp"]
    assert camp and all(a.soldier == 0 for a in camp)
    assert all(a.verb == "camp" for a in st.legal_actions())


# ------------------------------------------------------------------ fire (R7.4.1, R10.5)
def test_fire_faces_forward_spends_ammo_and_shows_the_tile():
    """R7.4.1: the soldier fires in his facing direction and spends ammunition; his tile is
    turned face up for everyone. Distance 0 is his own cell (A51): gas fired at 0 hits him."""
    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1)})
    put(st, 0, 1, (2, 2), "E")
    put(st, 0, 2, (4, 3), "N")
    put(st, 1, 1, (5, 2), "W")
    st = plots(st, "fire", "turn")
    assert 3 not in st.view(0).shown and st.view(1).soldiers[0].weapons == (("?", 4),)
    st = play(st, "S1 fire gun")
    assert not st.soldiers[3].alive  # east along its facing
    assert st.soldiers[0].tiles[0][2] == 3
    assert st.view(1).soldiers[0].weapons == (("gun", 3),)
    st2 = ready()
    park(st2, {(0, 2), (1, 1)})
    put(st2, 0, 2, (4, 2), "N")
    st2.soldiers[1].masked = True
    st2 = plots(st2, "fire", "turn")
    assert "S2 fire gas at 0" in _texts(st2)
    st2 = play(st2, "S2 fire gas at 0")
    s2 = st2.soldiers[1]
    assert s2.alive and not s2.masked and st2.gas_at((4, 2)) == 1  # his own mask took it


def test_looted_weapon_is_fired_as_the_active_weapon():
    """R10.5 / R7.4.1 (A74): a looted weapon tile is used once made the active weapon, which
    the soldier chooses for free when he fires: the looter offers both his gun and the bomb."""
    st = ready(players=3)
    park(st, {(0, 1), (1, 3), (2, 1)})
    put(st, 0, 1, (4, 3), "N")
    put(st, 1, 3, (4, 4), "E")
    put(st, 2, 1, (6, 6), "E")
    st.items.pop((4, 4), None)
    st = plots(st, "move+fire", "turn", "turn")
    st = play(st, "S1 move N")  # melee: the corpse and its bomb are looted
    s = st.soldiers[0]
    assert sorted(t[1] for t in s.tiles) == ["bomb", "gun"]
    st = play(st, "flip second card")
    fires = [str(a) for a in st.legal_actions() if a.verb == "fire"]
    assert "S1 fire gun" in fires and any(f.startswith("S1 fire bomb") for f in fires)
    st = play(st, "S1 fire bomb at 2")
    assert next(t for t in st.soldiers[0].tiles if t[1] == "bomb")[2] == 1


# ------------------------------------------------------------------ dig (R7.5.2)
def test_digging_forward_out_of_a_trench_is_a_move():
    """R7.5.2 / R7.1.4: 「穴に居るときに移動でその方向を掘り進むこともできる(これは移動ｶﾃゴﾘ)」:
    dig forward is offered by the Move card, not the Dig card, and counts as a Move for the
    same-category rule."""
    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1)})
    put(st, 0, 1, (5, 3), "N")
    st._set_h((5, 3), 0)
    st = plots(st, "dig", "turn")
    assert not any(a.verb == "dig_fwd" for a in st.legal_actions())
    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1)})
    put(st, 0, 1, (5, 3), "N")
    st._set_h((5, 3), 0)
    st = plots(st, "move+move", "turn")
    assert "S1 dig forward N" in _texts(st)
    st = play(st, "S1 dig forward N")
    assert st.H((5, 4)) == 0 and st.soldiers[0].cell == (5, 4)
    st = play(st, "flip second card")
    assert not any(a.soldier == 1 for a in st.legal_actions() if a.verb in ("move", "dig_fwd"))


# ------------------------------------------------------------------ gas (R8.2, R8.4, R8.10)
def _gas_shot(enemy: tuple[int, int], wind: str | None, ammo: int = 2):
    """Player 1's S2 (gas) on d2 facing north fires at d3; one enemy on ``enemy``."""
    st = ready()
    park(st, {(0, 2), (1, 1)})
    put(st, 0, 2, (4, 2), "N")
    put(st, 1, 1, enemy, "S")
    st.soldiers[1].tiles = [(1, "gas", ammo)]
    st.wind = wind
    st = plots(st, "fire", "turn")
    return play(st, "S2 fire gas at 1")


def test_gas_appears_hits_then_moves_unless_calm():
    """R8.2: 「発射直後に毒ガス発生 … 無風ならばその場滞在」: the token appears on the target,
    hits the piece there, then moves with the wind; under calm it stays."""
    st = _gas_shot((4, 3), None)  # calm
    assert not st.soldiers[3].alive and st.gas == {0: (0, (4, 3))}
    st = _gas_shot((4, 3), "E")
    assert not st.soldiers[3].alive and 0 not in st.gas  # hit, then blown east off the board


def test_gas_passes_through_pieces_items_unaffected():
    """R8.4: 「敵は貫通する」「敵に当たっただけでは消滅せず貫通」: pieces never stop gas (each
    one it passes is hit); items and corpses are not affected."""
    st = ready()
    park(st, {(0, 2), (1, 1), (1, 2)})
    put(st, 0, 2, (2, 2), "N")
    put(st, 1, 1, (3, 3), "S")
    put(st, 1, 2, (5, 3), "S")
    st.items[(4, 3)] = ["food"]
    st.wind = "E"
    st = plots(st, "fire", "turn")
    st = play(st, "S2 fire gas at 1")  # on b3, then east along row 3 and off the board
    assert not st.soldiers[3].alive and not st.soldiers[4].alive
    assert st.items[(4, 3)] == ["food"] and not st.gas


def test_spent_gas_tokens_are_not_reused():
    """R8.10: 「毒ガス ２発だけ所持」: a shot spends a token for good; one blown off the board
    does not come back, and with both shots spent the gas cannot be fired again."""
    st = _gas_shot((6, 6), "E")
    assert not st.gas and st.soldiers[1].tiles == [(1, "gas", 1)]
    st = _gas_shot((6, 6), "E", ammo=1)
    assert not st.gas and st.soldiers[1].tiles == [(1, "gas", 0)]
    assert st.soldiers[1].weapon("gas") is None
    assert st.view(1).soldiers[1].weapons == (("gas", 0),)


# ------------------------------------------------------------------ variants (R13.6)
def test_the_two_player_game_is_the_only_two_player_mode():
    """R13.6 (A8): 「２人Ａ 対面二辺使う ひとり3駒」 — the text names a 2-player mode "A" and
    describes no "B": players=2 is that mode (opposite edges S and N, 3 soldiers each, ships
    sinking after round 3); the game has no option for another 2-player mode."""
    import dataclasses

    game = gamelib.load("trench", players=2)
    st = ready()
    assert st.edges == ("S", "N") and all(len(st.in_play(p)) == 3 for p in range(2))
    names = {f.name for f in dataclasses.fields(game.options)}
    assert not any("mode" in n for n in names)  # no "2人B" set-up to choose
    for opt in {"open_teams", "hidden_teams"} & names:  # 4-player variants only
        with pytest.raises(ValueError):
            gamelib.load("trench", players=2, **{opt: True})


def test_collecting_the_ground_cube_under_a_piece_drops_it():
    """R7.3.2 / R3.11: from a trench the soldier collects the ground cube in front even when a
    piece or an item rests on it: 「壊したり回収した場合はダﾙﾏ落しみたくなる」 — the cell becomes
    a hole and what rested there drops with it (the piece survives, A39; the item stays)."""
    st = ready()
    park(st, {(0, 1), (1, 1)})
    put(st, 0, 1, (5, 2), "N")
    st._set_h((5, 2), 0)
    put(st, 1, 1, (5, 3), "S")
    st.items[(5, 3)] = ["food"]
    st = plots(st, "build", "turn")
    st = play(st, "S1 collect")
    enemy = st.soldiers[3]
    assert st.H((5, 3)) == 0 and enemy.alive and st.level(enemy) == 0
    assert st.items[(5, 3)] == ["food"] and st.soldiers[0].cubes == 1
