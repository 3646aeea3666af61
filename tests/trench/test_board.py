"""Line of sight, gun rays, bomb arcs and gas flow drawn on small boards (R3, R7.4, R8.3, R9.2)."""

from __future__ import annotations

import pytest

from gamelib.trench.board import (
    bomb_target_ok,
    cell_name,
    gas_walk,
    gun_ray,
    heights_text,
    parse_cell,
    parse_heights,
    sees,
)

FLAT = """
1111111
1111111
1111111
1111111
1111111
1111111
1111111
"""


def test_heights_round_trip_and_cells():
    """R3.1 / R3.6: boards as text, cells as a1..g7."""
    h = parse_heights(FLAT)
    assert heights_text(h) == FLAT.strip()
    assert parse_cell("d4") == (4, 4) and cell_name((7, 1)) == "g1"
    with pytest.raises(ValueError):
        parse_cell("h9")
    with pytest.raises(ValueError):
        parse_heights("1111")


def test_gun_hits_first_piece_on_flat_ground():
    """R7.4.2: a bullet flies straight and stops at the first piece."""
    h = parse_heights(FLAT)
    assert gun_ray(h, (4, 1), 1, "N", 4, {(4, 3), (4, 4)}) == ("piece", (4, 3))


def test_gun_range_limits_the_ray():
    """R7.4.2: range 4 cells; a piece 5 away is missed."""
    h = parse_heights(FLAT)
    assert gun_ray(h, (4, 1), 1, "N", 4, {(4, 6)}) == ("miss", None)
    assert gun_ray(h, (4, 1), 1, "N", 4, {(4, 5)}) == ("piece", (4, 5))


def test_gun_stops_at_wall():
    """R1.2 / R7.4.2: cubes block bullets."""
    h = parse_heights("""
1111111
1111111
1111111
1112111
1111111
1111111
1111111
""")
    assert gun_ray(h, (4, 1), 1, "N", 4, {(4, 5)}) == ("cube", (4, 4))


def test_trench_soldier_not_hit_from_ground():
    """R7.4.2 / 塹壕: the bullet passes over a soldier in a hole."""
    h = parse_heights("""
1111111
1111111
1111111
1110111
1111111
1111111
1111111
""")
    assert gun_ray(h, (4, 1), 1, "N", 4, {(4, 4)}) == ("miss", None)


def test_same_open_trench_soldiers_hit_each_other():
    """R3.9 / R7.4.2: 開通した塹壕同士なら当たる."""
    h = parse_heights("""
1111111
1111111
1111111
1110111
1110111
1110111
1111111
""")
    assert gun_ray(h, (4, 2), 0, "N", 4, {(4, 4)}) == ("piece", (4, 4))


def test_rim_soldier_shoots_along_the_ground():
    """R3.10 / R7.4.2: a soldier at the rim of a hole shoots at ground level."""
    h = parse_heights("""
1111111
1111111
1111111
1111111
1111111
1111111
1110111
""")
    assert gun_ray(h, (4, 1), 0, "N", 4, {(4, 4)}) == ("piece", (4, 4))


def test_sight_adjacent_and_forward():
    """R9.2: adjacent or on the forward ray with nothing higher between."""
    h = parse_heights(FLAT)
    assert sees(h, (4, 1), 1, "N", (5, 1), True)
    assert sees(h, (4, 1), 1, "N", (4, 7), True)
    assert not sees(h, (4, 1), 1, "E", (4, 7), True)


def test_sight_blocked_by_wall_and_hole_hides():
    """R9.2: a wall blocks sight; a soldier in a hole is unseen unless adjacent."""
    h = parse_heights("""
1111111
1110111
1111111
1112111
1111111
1111111
1111111
""")
    assert not sees(h, (4, 1), 1, "N", (4, 5), True)
    assert sees(h, (4, 5), 1, "N", (4, 6), True)  # adjacent always seen
    assert not sees(h, (1, 6), 1, "E", (4, 6), True)


def test_ship_piece_seen_only_adjacent():
    """R9.2 / A44: rays end at the board edge."""
    h = parse_heights(FLAT)
    assert not sees(h, (4, 7), 1, "S", (4, 0), False)
    assert sees(h, (4, 1), 1, "S", (4, 0), False)


def test_bomb_clears_one_level():
    """R7.4.4: the bomb flies over one level, not over a wall with a piece on a stack."""
    h = parse_heights("""
1111111
1111111
1111111
1111111
1111111
1112111
1111111
""")
    assert bomb_target_ok(h, (4, 1), 1, "N", 2, lambda c: False)
    h2 = list(h)
    assert not bomb_target_ok(h2, (4, 1), 0, "N", 2, lambda c: False)
    assert not bomb_target_ok(h, (4, 1), 1, "N", 2, lambda c: c == (4, 2))
    assert bomb_target_ok(h, (4, 1), 1, "N", 0, lambda c: False)
    assert not bomb_target_ok(h, (4, 1), 1, "S", 1, lambda c: False)


def test_gas_goes_downwind_and_off_the_board():
    """R8.3: gas runs straight with the wind and leaves the board."""
    h = parse_heights(FLAT)
    path, end, _ = gas_walk(h, (4, 4), "N", ())
    assert path == [(4, 5), (4, 6), (4, 7)] and end == "off"


def test_gas_bounces_off_a_wall_owner_chooses():
    """R8.3: blocked gas turns left or right; with both open the owner chooses."""
    h = parse_heights("""
1111111
1111111
1112111
1111111
1111111
1111111
1111111
""")
    path, end, sides = gas_walk(h, (4, 3), "N", ())
    assert path == [(4, 4)] and end == "choose" and set(sides) == {"E", "W"}
    path, end, _ = gas_walk(h, (4, 4), "N", {(4, 3)}, side="E")
    assert path == [(5, 4), (5, 5), (5, 6), (5, 7)] and end == "off"


def test_gas_one_side_open_no_choice_and_lingers_when_boxed():
    """R8.3: one open side is taken; with none, the gas lingers."""
    h = parse_heights("""
1111111
1111111
1112111
1121111
1111111
1111111
1111111
""")
    path, end, _ = gas_walk(h, (4, 4), "N", ())
    assert path[0] == (5, 4) and end == "off"
    boxed = parse_heights("""
1111111
1111111
1112111
1121211
1112111
1111111
1111111
""")
    assert gas_walk(boxed, (4, 4), "N", ()) == ([], "stay", ())


def test_gas_never_climbs_and_drops_into_trench_walls_are_walls():
    """R8.3 / A60: gas drops into the first hole; inside, trench walls are walls; it lingers."""
    h = parse_heights("""
1111111
1111111
1111111
1110111
1111111
1111111
1111111
""")
    path, end, _ = gas_walk(h, (4, 2), "N", ())
    assert path == [(4, 3), (4, 4)] and end == "stay"


def test_gas_in_trench_leaves_through_the_frame():
    """Q&A 3: the board frame is not a wall; trench gas reaching it leaves."""
    h = parse_heights("""
1110111
1110111
1111111
1111111
1111111
1111111
1111111
""")
    path, end, _ = gas_walk(h, (4, 6), "N", ())
    assert path == [(4, 7)] and end == "off"


def test_gas_never_goes_upwind_or_revisits():
    """R8.3: the single-stroke path never returns (it always terminates)."""
    h = parse_heights("""
1111111
1122211
1121211
1111111
1111111
1111111
1111111
""")
    path, end, _ = gas_walk(h, (4, 5), "N", ())
    assert end == "stay" and path == []
