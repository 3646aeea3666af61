"""One scenario per special card that had only the smoke test, and one per basic card kind and
nation: each checks the card's effect as
data/cards.json and docs/rules/qmg.md read it, its limits, and what it cannot do.

Test names start with ``test_<card id>``; ``tests/qmg/test_card_coverage.py`` maps every card id
to its scenario. Positions use the real map (e.g. Germany borders the Balkans, Eastern Europe,
Italy and Western Europe; the North Sea borders the United Kingdom and Western Europe).
"""

from __future__ import annotations

import pytest

from gamelib.qmg.cards import default_cards
from gamelib.qmg.state import Task
from tests.qmg.util import (
    GER,
    ITA,
    JPN,
    UK,
    USA,
    USSR,
    board,
    deck_loss,
    do,
    played,
    playing,
    scenario,
    texts,
    victory,
)

CARDS = default_cards()

# -- Germany ------------------------------------------------------------------------------------


def test_ger_bias_for_action_battles_next_to_the_new_army():
    """Bias for Action: once per turn after Germany builds an army, pay the top card and battle a
    land space next to the new army (not elsewhere)."""
    st = playing(
        GER,
        "ger_build_army",
        "build eastern_europe",
        pieces=board(ukraine=(USSR,), mediterranean=(UK,)),
        table={GER: ["ger_bias_for_action"]},
    )
    assert texts(st) == ["use ger_bias_for_action", "pass"]
    before = st
    st = do(st, "use ger_bias_for_action")
    assert deck_loss(before, st, GER) == 1
    assert "battle ukraine soviet_union" in texts(st)
    assert not any(a.startswith("battle western_europe") for a in texts(st))  # not adjacent
    st = do(st, "battle ukraine soviet_union")
    assert st.pieces["ukraine"] == () and "ger_bias_for_action" in st.used


def test_ger_bias_for_action_not_on_a_recruit():
    """Bias for Action triggers on a build only: a recruit (Forced Conscription) does not."""
    st = played(
        GER,
        "ger_forced_conscription",
        board(germany=(), western_europe=(GER,), ukraine=(USSR,)),
        table={GER: ["ger_bias_for_action"]},
    )
    st = do(st, "recruit eastern_europe")
    assert "use ger_bias_for_action" not in texts(st)


def test_ger_dive_bombers_battle_the_same_or_an_adjacent_space():
    """Dive Bombers: once per turn after a German land battle, pay the top card and battle that
    space or a land space next to it."""
    st = playing(
        GER,
        "ger_land_battle",
        "battle eastern_europe soviet_union",
        pieces=board(eastern_europe=(USSR,), ukraine=(USSR,), balkans=(GER,), mediterranean=(UK,)),
        table={GER: ["ger_dive_bombers"]},
    )
    before = st
    st = do(st, "use ger_dive_bombers")
    assert deck_loss(before, st, GER) == 1
    legal = texts(st)
    assert "battle eastern_europe" in legal and "battle ukraine soviet_union" in legal
    assert not any(a.startswith("battle western_europe") for a in legal)
    st = do(st, "battle ukraine soviet_union")
    assert st.pieces["ukraine"] == ()
    assert "use ger_dive_bombers" not in texts(st)  # once per turn


def test_ger_swedish_iron_ore_two_points_independent_or_then():
    """Swedish Iron Ore (seed): +1 with a German navy in the Baltic, +1 with a German army in
    Scandinavia; the second point needs the first only with option iron_ore=then (Ruling 8)."""
    both = board(baltic=(GER,), scandinavia=(GER,))
    army_only = board(scandinavia=(GER,))
    assert victory(GER, both, ["ger_swedish_iron_ore"]) == 2 + 2
    assert victory(GER, army_only, ["ger_swedish_iron_ore"]) == 2 + 1
    assert victory(GER, army_only, ["ger_swedish_iron_ore"], iron_ore="then") == 2
    assert victory(GER, board(), ["ger_swedish_iron_ore"]) == 2


def test_ger_synthetic_fuel_builds_a_second_army_next_to_the_first():
    """Synthetic Fuel (seed): once per turn after Germany builds an army, discard the top 2 and
    build another army next to it."""
    st = playing(
        GER,
        "ger_build_army",
        "build eastern_europe",
        pieces=board(mediterranean=(UK,)),
        table={GER: ["ger_synthetic_fuel"]},
    )
    before = st
    st = do(st, "use ger_synthetic_fuel")
    assert deck_loss(before, st, GER) == 2
    legal = texts(st)
    assert {"build ukraine", "build russia", "build balkans"} <= set(legal)
    assert "build western_europe" not in legal and "build italy" not in legal
    st = do(st, "build russia")
    assert st.pieces["russia"] == (GER,)
    assert "use ger_synthetic_fuel" not in texts(st)  # once per turn


def test_ger_volkssturm_recruits_in_germany_at_the_start_of_the_turn():
    """Volkssturm (seed): at the start of Germany's turn, pay the top card and recruit an army in
    Germany; not offered while a German army already stands there."""
    st = scenario(
        GER,
        pieces=board(germany=(), western_europe=(GER,)),
        hand=["ger_build_army"],
        table={GER: ["ger_volkssturm"]},
    )
    assert texts(st) == ["use ger_volkssturm", "pass"]
    before = st
    st = do(st, "use ger_volkssturm", "recruit germany")
    assert st.pieces["germany"] == (GER,) and deck_loss(before, st, GER) == 1
    assert st.stack[-1].op == "play"  # the Play step still follows
    full = scenario(GER, hand=["ger_build_army"], table={GER: ["ger_volkssturm"]})
    assert full.stack[-1].op == "play"  # no start-of-turn offer


def test_ger_forced_conscription_recruits_one_or_two_around_germany():
    """Forced Conscription: recruit 1 or 2 German armies in Germany or a land space next to it."""
    st = played(GER, "ger_forced_conscription", board(germany=(), ukraine=(USSR,)))
    # Germany and the four land spaces next to it (Italy's army is an ally: Germany may join it);
    # Ukraine does not border Germany
    assert texts(st) == [
        "recruit western_europe",
        "recruit germany",
        "recruit italy",
        "recruit balkans",
        "recruit eastern_europe",
    ]
    st = do(st, "recruit balkans")
    assert "pass" in texts(st) and "recruit balkans" not in texts(st)
    st = do(st, "recruit germany")
    assert st.pieces["balkans"] == (GER,) and st.pieces["germany"] == (GER,)


def test_ger_military_dictatorships_balkans_italy_recruits_then_ukraine_eliminated():
    """Military Dictatorships in the Balkans: Italy recruits an army in the Balkans (its seat
    decides, Ruling 16), then Germany eliminates an Allied army in Ukraine."""
    st = played(GER, "ger_military_dictatorships_balkans", board(ukraine=(USSR,)))
    assert st.stack[-1].nation == ITA and texts(st) == ["recruit balkans"]
    st = do(st, "recruit balkans", "eliminate ukraine soviet_union")
    assert st.pieces["balkans"] == (ITA,) and st.pieces["ukraine"] == ()


def test_ger_military_dictatorships_balkans_skips_a_blocked_recruit():
    """Military Dictatorships: an Allied army in the Balkans blocks the recruit; the elimination
    still happens."""
    st = played(GER, "ger_military_dictatorships_balkans", board(balkans=(UK,), ukraine=(USSR,)))
    assert texts(st) == ["eliminate ukraine soviet_union"]


def test_ger_sub_enforce_blockade_counts_armies_around_the_north_sea():
    """Submarines Enforce Blockade (seed): per German army next to the North Sea, 1 VP and the UK
    discards 2; navies do not count."""
    pieces = board(western_europe=(GER,), scandinavia=(GER,), north_sea=(GER,))
    before = scenario(GER, pieces=pieces, hand=["ger_sub_enforce_blockade"])
    st = played(GER, "ger_sub_enforce_blockade", pieces)
    assert st.vp[0] == 2 and deck_loss(before, st, UK) == 4


def test_ger_sub_monsoon_group_germany_picks_an_allied_nation():
    """Submarines of the Monsoon Group (seed): the chosen Allied nation discards 2; 2 VP."""
    st = played(GER, "ger_sub_monsoon_group")
    assert texts(st) == [
        "target united_kingdom",
        "target soviet_union",
        "target united_states",
    ]
    before = st
    st = do(st, "target soviet_union")
    assert st.vp[0] == 2 and deck_loss(before, st, USSR) == 2 and deck_loss(before, st, UK) == 0


def test_ger_sub_unprotected_shipping_three_more_without_allied_navy():
    """Submarines Prey on Unprotected Shipping (seed): the UK discards 2, 5 with no Allied navy in
    the North Sea; 1 VP."""
    free = scenario(GER, hand=[])
    st = played(GER, "ger_sub_unprotected_shipping")
    assert st.vp[0] == 1 and deck_loss(free, st, UK) == 5
    guarded = board(north_sea=(USA,))
    st = played(GER, "ger_sub_unprotected_shipping", guarded)
    assert st.vp[0] == 1 and deck_loss(free, st, UK) == 2


def test_ger_sub_murmansk_convoy_counts_pieces_around_scandinavia():
    """Submarines Raid Murmansk Convoy (seed): per German army in Scandinavia/Russia and navy in
    the Baltic/North Sea, 1 VP and the USSR discards 2."""
    pieces = board(scandinavia=(GER,), baltic=(GER,), north_sea=(GER,), ukraine=(GER,))
    start = scenario(GER, hand=[])
    st = played(GER, "ger_sub_murmansk_convoy", pieces)
    assert st.vp[0] == 3 and deck_loss(start, st, USSR) == 6


# -- United Kingdom -----------------------------------------------------------------------------


def test_uk_free_france_pays_two_cards_to_build_in_western_europe():
    """Free France: instead of the card play, discard 2 hand cards and build a UK army in Western
    Europe (normal build rules: a supplied UK piece must border it)."""
    hand = ["uk_build_army", "uk_land_battle"]
    st = scenario(
        UK,
        pieces=board(north_sea=(UK,)),
        hand=hand,
        table={UK: ["uk_free_france"]},
        reallocate=False,
    )
    assert "use uk_free_france" in texts(st)
    st = do(st, "use uk_free_france", "discard uk_build_army", "discard uk_land_battle")
    assert texts(st) == ["build western_europe"]
    st = do(st, "build western_europe")
    assert st.pieces["western_europe"] == (UK,) and not st.hands[UK]
    cut_off = scenario(UK, hand=hand, table={UK: ["uk_free_france"]}, reallocate=False)
    assert "use uk_free_france" not in texts(cut_off)  # no UK piece next to Western Europe


def test_uk_lord_linlithgow_turns_an_army_build_into_an_india_recruit():
    """Lord Linlithgow (Ruling 20): a UK army build may instead recruit the army in India."""
    st = scenario(UK, hand=["uk_build_army"], table={UK: ["uk_lord_linlithgow"]}, reallocate=False)
    st = do(st, "play uk_build_army")
    assert "recruit india" in texts(st) and "build india" not in texts(st)
    st = do(st, "recruit india")
    assert st.pieces["india"] == (UK,)
    plain = scenario(UK, hand=["uk_build_army"], reallocate=False)
    assert "play uk_build_army" not in texts(plain)  # no build without the card


def test_uk_mackenzie_king_two_points_independent_or_then():
    """Mackenzie King (seed): +1 with a UK navy in the North Atlantic, +1 with a UK army in
    Canada (Ruling 8: independent by default, ``then`` under option iron_ore)."""
    both = board(north_atlantic=(UK,), canada=(UK,))
    army_only = board(canada=(UK,))
    assert victory(UK, both, ["uk_mackenzie_king"]) == 2 + 2
    assert victory(UK, army_only, ["uk_mackenzie_king"]) == 2 + 1
    assert victory(UK, army_only, ["uk_mackenzie_king"], iron_ore="then") == 2


def test_uk_resistance_battles_western_europe_or_italy():
    """Resistance: instead of the card play, discard 2 hand cards for a land battle in Western
    Europe or Italy, next to a supplied UK piece (Italy does not border the North Sea)."""
    hand = ["uk_build_army", "uk_land_battle"]
    st = scenario(
        UK,
        pieces=board(north_sea=(UK,), western_europe=(GER,)),
        hand=hand,
        table={UK: ["uk_resistance"]},
        reallocate=False,
    )
    st = do(st, "use uk_resistance", "discard uk_build_army", "discard uk_land_battle")
    assert texts(st) == ["battle western_europe germany"]
    st = do(st, "battle western_europe germany")
    assert st.pieces["western_europe"] == ()


def test_uk_general_smuts_recruits_in_africa_and_a_navy():
    """General Smuts (seed): recruit a UK army in Africa, then a navy in the Southern Ocean or
    the Bay of Bengal."""
    st = played(UK, "uk_general_smuts")
    assert texts(st) == ["recruit africa"]
    st = do(st, "recruit africa")
    assert set(texts(st)) == {"recruit southern_ocean", "recruit bay_of_bengal"}
    st = do(st, "recruit bay_of_bengal")
    assert st.pieces["africa"] == (UK,) and st.pieces["bay_of_bengal"] == (UK,)


def test_uk_increased_commonwealth_support_recruits_one_army():
    """Increased Commonwealth Support: recruit one UK army in India, Australia or Canada."""
    st = played(UK, "uk_increased_commonwealth_support", board(india=(JPN,)))
    assert set(texts(st)) == {"recruit australia", "recruit canada"}  # never beside an enemy
    st = do(st, "recruit canada")
    assert st.pieces["canada"] == (UK,) and st.stack == []


def test_uk_king_peter_eliminates_then_recruits_in_the_balkans():
    """King Peter: eliminate an Axis army in the Balkans, then recruit a UK army there; with a
    second Axis army left there the recruit is impossible."""
    st = played(UK, "uk_king_peter", board(balkans=(ITA,)))
    st = do(st, "eliminate balkans italy", "recruit balkans")
    assert st.pieces["balkans"] == (UK,)
    st = played(UK, "uk_king_peter", board(balkans=(GER, ITA)))
    assert set(texts(st)) == {"eliminate balkans germany", "eliminate balkans italy"}
    st = do(st, "eliminate balkans germany")
    assert st.pieces["balkans"] == (ITA,) and st.stack == []


def test_uk_ledo_burma_roads_builds_then_battles_china_or_szechuan():
    """Ledo and Burma Roads (seed): build a UK army in Southeast Asia (normal rules), then a land
    battle in China or Szechuan."""
    st = played(UK, "uk_ledo_burma_roads", board(india=(UK,), china=(JPN,)))
    assert texts(st) == ["build southeast_asia"]
    st = do(st, "build southeast_asia")
    assert set(texts(st)) == {"battle china japan", "battle szechuan"}
    st = do(st, "battle china japan")
    assert st.pieces["china"] == () and st.pieces["southeast_asia"] == (UK,)


def test_uk_singapore_recruits_an_army_and_a_navy():
    """Singapore: recruit a UK army in Southeast Asia, then a UK navy in the South China Sea."""
    st = played(UK, "uk_singapore")
    st = do(st, "recruit southeast_asia", "recruit south_china_sea")
    assert st.pieces["southeast_asia"] == (UK,) and st.pieces["south_china_sea"] == (UK,)
    st = played(UK, "uk_singapore", board(south_china_sea=(JPN,)))
    st = do(st, "recruit southeast_asia")
    assert st.stack == [] and st.pieces["south_china_sea"] == (JPN,)


def test_uk_destroyers_save_a_supplied_uk_or_us_navy():
    """Destroyers (seed): a supplied UK or US navy about to be removed is not removed."""
    st = playing(
        GER,
        "ger_sea_battle",
        "battle north_sea united_kingdom",
        pieces=board(western_europe=(GER,), north_sea=(UK,)),
        responses={UK: ["uk_destroyers"]},
    )
    assert st.current_player == UK and texts(st) == ["use uk_destroyers", "pass"]
    st = do(st, "use uk_destroyers")
    assert st.pieces["north_sea"] == (UK,) and "uk_destroyers" in st.discards[UK]
    us = board(western_europe=(GER,), united_kingdom=(UK, USA), north_sea=(USA,))
    st = playing(
        GER,
        "ger_sea_battle",
        "battle north_sea united_states",
        "use uk_destroyers",
        pieces=us,
        responses={UK: ["uk_destroyers"]},
    )
    assert st.pieces["north_sea"] == (USA,)


def test_uk_destroyers_not_for_an_army():
    """Destroyers protects navies only."""
    st = playing(
        GER,
        "ger_land_battle",
        "battle western_europe united_kingdom",
        pieces=board(western_europe=(UK,), north_sea=(UK,)),
        responses={UK: ["uk_destroyers"]},
    )
    assert st.pieces["western_europe"] == ()


def test_uk_loyal_to_the_crown_eliminates_an_axis_army_built_in_india():
    """Loyal to the Crown (seed): right after an Axis army is built in India, Australia or
    Canada, eliminate it; a build elsewhere does not trigger it."""
    pieces = board(china=(JPN,), szechuan=(JPN,))
    st = playing(
        JPN,
        "jpn_build_army",
        "build india",
        pieces=pieces,
        responses={UK: ["uk_loyal_to_the_crown"]},
    )
    assert st.current_player == UK and texts(st) == ["use uk_loyal_to_the_crown", "pass"]
    st = do(st, "use uk_loyal_to_the_crown")
    assert st.pieces["india"] == ()
    st = playing(
        JPN,
        "jpn_build_army",
        "build southeast_asia",
        pieces=pieces,
        responses={UK: ["uk_loyal_to_the_crown"]},
    )
    assert st.pieces["southeast_asia"] == (JPN,) and "uk_loyal_to_the_crown" in st.responses[UK]


def test_uk_raf_saves_a_uk_piece_in_the_uk_or_north_sea():
    """RAF (seed): a UK piece in the United Kingdom or the North Sea is not removed (no supply
    condition, Ruling 14); not a UK piece elsewhere."""
    st = playing(
        GER,
        "ger_sea_battle",
        "battle north_sea united_kingdom",
        "use uk_raf",
        pieces=board(western_europe=(GER,), north_sea=(UK,)),
        responses={UK: ["uk_raf"]},
    )
    assert st.pieces["north_sea"] == (UK,)
    st = playing(
        GER,
        "ger_land_battle",
        "battle balkans united_kingdom",
        pieces=board(balkans=(UK,)),
        responses={UK: ["uk_raf"]},
    )
    assert st.pieces["balkans"] == () and "uk_raf" in st.responses[UK]


# -- Japan --------------------------------------------------------------------------------------


def test_jpn_co_prosperity_sphere_one_point_per_army():
    """Greater East Asia Co-Prosperity Sphere: +1 per Japanese army in Indonesia, New Guinea and
    Southeast Asia (an army elsewhere scores nothing)."""
    pieces = board(indonesia=(JPN,), new_guinea=(JPN,), southeast_asia=(JPN,), iwo_jima=(JPN,))
    assert victory(JPN, pieces, ["jpn_co_prosperity_sphere"]) == 2 + 3
    assert victory(JPN, board(iwo_jima=(JPN,)), ["jpn_co_prosperity_sphere"]) == 2


def test_jpn_imperial_designs_one_point_at_most():
    """Imperial Designs: +1 with a Japanese army in Iwo Jima or the Philippines, never 2."""
    both = board(iwo_jima=(JPN,), philippines=(JPN,))
    assert victory(JPN, both, ["jpn_imperial_designs"]) == 2 + 1
    assert victory(JPN, board(philippines=(JPN,)), ["jpn_imperial_designs"]) == 2 + 1
    assert victory(JPN, board(), ["jpn_imperial_designs"]) == 2


def test_jpn_unimpeded_merchant_shipping_unless_allies_hold_hawaii():
    """Unimpeded Merchant Shipping (seed): +1 unless an Allied army is in Hawaii."""
    assert victory(JPN, board(), ["jpn_unimpeded_merchant_shipping"]) == 2 + 1
    assert victory(JPN, board(hawaii=(USA,)), ["jpn_unimpeded_merchant_shipping"]) == 2


def test_jpn_indian_ocean_patrols_counts_two_seas():
    """Indian Ocean Patrols (seed): per Japanese navy in the Bay of Bengal or the Indian Ocean,
    2 VP and the UK discards 2; the South China Sea does not count (Ruling 12)."""
    pieces = board(bay_of_bengal=(JPN,), indian_ocean=(JPN,), south_china_sea=(JPN,))
    start = scenario(JPN, hand=[])
    st = played(JPN, "jpn_indian_ocean_patrols", pieces)
    assert st.vp[0] == 4 and deck_loss(start, st, UK) == 4


def test_jpn_sub_pacific_islands_us_discards():
    """Submarines Support Pacific Islands (seed): per Japanese navy in the East Pacific or a sea
    next to it, 2 VP and the US discards 2 (the Sea of Japan does not count)."""
    pieces = board(central_pacific=(JPN,), north_pacific=(JPN,), sea_of_japan=(JPN,))
    start = scenario(JPN, hand=[])
    st = played(JPN, "jpn_sub_pacific_islands", pieces)
    assert st.vp[0] == 4 and deck_loss(start, st, USA) == 4 and deck_loss(start, st, UK) == 0


JAPAN_AT_SEA = {"sea_of_japan": (JPN,)}


def test_jpn_banzai_charge_battles_the_space_or_next_to_it():
    """Banzai Charge: after a Japanese land battle, one more land battle in that space or a land
    space next to it (normal battle rules)."""
    pieces = board(**JAPAN_AT_SEA, china=(USSR,), vladivostok=(USSR,))
    st = playing(
        JPN,
        "jpn_land_battle",
        "battle china soviet_union",
        pieces=pieces,
        responses={JPN: ["jpn_banzai_charge"]},
    )
    assert texts(st) == ["use jpn_banzai_charge", "pass"]
    st = do(st, "use jpn_banzai_charge")
    legal = texts(st)
    assert "battle vladivostok soviet_union" in legal and "battle china" in legal
    assert "battle iwo_jima" not in legal  # reachable, but not next to China
    st = do(st, "battle vladivostok soviet_union")
    assert st.pieces["vladivostok"] == () and "jpn_banzai_charge" in st.discards[JPN]


def test_jpn_battleship_repair_saves_a_supplied_japanese_navy():
    """Battleship Repair: a supplied Japanese navy about to be removed is not removed."""
    pieces = board(
        **JAPAN_AT_SEA,
        western_us=(USA,),
        east_pacific=(USA,),
        hawaii=(USA,),
        central_pacific=(USA,),
    )
    st = playing(
        USA,
        "usa_sea_battle",
        "battle sea_of_japan japan",
        pieces=pieces,
        responses={JPN: ["jpn_battleship_repair"]},
    )
    assert st.current_player == JPN and texts(st) == ["use jpn_battleship_repair", "pass"]
    st = do(st, "use jpn_battleship_repair")
    assert st.pieces["sea_of_japan"] == (JPN,)


def test_jpn_china_offensive_builds_in_the_battled_space_then_battles():
    """China Offensive (seed): after Japan battles China or a land space next to it, build an army
    there, then a land battle in China or next to it; not after a battle elsewhere."""
    pieces = board(**JAPAN_AT_SEA, china=(USSR,), szechuan=(USSR,))
    st = playing(
        JPN,
        "jpn_land_battle",
        "battle china soviet_union",
        "use jpn_china_offensive",
        pieces=pieces,
        responses={JPN: ["jpn_china_offensive"]},
    )
    assert texts(st) == ["build china"]
    st = do(st, "build china")
    assert "battle szechuan soviet_union" in texts(st)
    st = do(st, "battle szechuan soviet_union")
    assert st.pieces["china"] == (JPN,) and st.pieces["szechuan"] == ()
    st = playing(
        JPN,
        "jpn_land_battle",
        "battle iwo_jima united_states",
        pieces=board(**JAPAN_AT_SEA, iwo_jima=(USA,)),
        responses={JPN: ["jpn_china_offensive"]},
    )
    assert "use jpn_china_offensive" not in texts(st)


def test_jpn_destroyer_transport_builds_next_to_the_battled_sea():
    """Destroyer Transport: after a Japanese sea battle, build 1 or 2 armies next to that sea,
    each under the normal build rules (Australia borders it but no Japanese piece does)."""
    pieces = board(**JAPAN_AT_SEA, south_china_sea=(UK,))
    st = playing(
        JPN,
        "jpn_sea_battle",
        "battle south_china_sea united_kingdom",
        pieces=pieces,
        responses={JPN: ["jpn_destroyer_transport"]},
    )
    st = do(st, "use jpn_destroyer_transport")
    assert texts(st) == ["build philippines"]
    st = do(st, "build philippines")
    assert st.pieces["philippines"] == (JPN,)


def test_jpn_fall_of_singapore_sea_battle_then_recruit():
    """Fall of Singapore (seed): after Japan battles Southeast Asia, a sea battle in the South
    China Sea, then recruit an army in Southeast Asia."""
    pieces = board(**JAPAN_AT_SEA, china=(JPN,), southeast_asia=(UK,), south_china_sea=(UK,))
    st = playing(
        JPN,
        "jpn_land_battle",
        "battle southeast_asia united_kingdom",
        pieces=pieces,
        responses={JPN: ["jpn_fall_of_singapore"]},
    )
    st = do(st, "use jpn_fall_of_singapore")
    assert texts(st) == ["battle south_china_sea united_kingdom"]
    st = do(st, "battle south_china_sea united_kingdom", "recruit southeast_asia")
    assert st.pieces["south_china_sea"] == () and st.pieces["southeast_asia"] == (JPN,)


def test_jpn_kwantung_army_saves_a_supplied_army_in_china():
    """Kwantung Army (seed): a supplied Japanese army in China, Szechuan, Mongolia or Vladivostok
    is not removed; one in Southeast Asia is not covered."""
    pieces = board(china=(JPN,), siberia=(USSR,), vladivostok=(USSR,), southeast_asia=(JPN,))
    st = playing(
        USSR,
        "ussr_land_battle",
        "battle china japan",
        pieces=pieces,
        responses={JPN: ["jpn_kwantung_army"]},
    )
    assert texts(st) == ["use jpn_kwantung_army", "pass"]
    st = do(st, "use jpn_kwantung_army")
    assert st.pieces["china"] == (JPN,)


def test_jpn_snlf_builds_armies_next_to_the_new_navy():
    """Special Naval Landing Forces: after Japan builds a navy, build 1 or 2 armies next to it."""
    st = playing(
        JPN,
        "jpn_build_navy",
        "build sea_of_japan",
        "use jpn_snlf",
        pieces=board(),
        responses={JPN: ["jpn_snlf"]},
    )
    assert set(texts(st)) == {
        "build china",
        "build vladivostok",
        "build iwo_jima",
        "build philippines",
    }
    st = do(st, "build china")
    assert "pass" in texts(st)
    st = do(st, "build iwo_jima")
    assert st.pieces["china"] == (JPN,) and st.pieces["iwo_jima"] == (JPN,)


def test_jpn_surprise_attack_sea_battle_then_land_battle():
    """Surprise Attack: after a Japanese sea battle, one sea battle then one land battle, each
    anywhere legal."""
    pieces = board(**JAPAN_AT_SEA, central_pacific=(USA,), north_pacific=(USA,), china=(USSR,))
    st = playing(
        JPN,
        "jpn_sea_battle",
        "battle central_pacific united_states",
        pieces=pieces,
        responses={JPN: ["jpn_surprise_attack"]},
    )
    st = do(st, "use jpn_surprise_attack")
    assert "battle north_pacific united_states" in texts(st)
    assert all(a.split()[1] not in ("china", "vladivostok") for a in texts(st))  # seas first
    st = do(st, "battle north_pacific united_states")
    assert "battle china soviet_union" in texts(st)
    st = do(st, "battle china soviet_union")
    assert st.pieces["north_pacific"] == () and st.pieces["china"] == ()


# -- Soviet Union -------------------------------------------------------------------------------


def test_ussr_frontal_assault_pays_two_cards_for_another_battle():
    """Frontal Assault: once per turn after a Soviet land battle, discard 2 hand cards and battle
    that space or a land space next to it."""
    pieces = board(ukraine=(GER,), eastern_europe=(GER,), russia=(USSR,))
    st = scenario(
        USSR,
        pieces=pieces,
        hand=["ussr_land_battle", "ussr_build_army", "ussr_sea_battle"],
        table={USSR: ["ussr_frontal_assault"]},
        reallocate=False,
    )
    st = do(st, "play ussr_land_battle", "battle ukraine germany", "use ussr_frontal_assault")
    st = do(st, "discard ussr_build_army", "discard ussr_sea_battle")
    assert "battle eastern_europe germany" in texts(st)
    st = do(st, "battle eastern_europe germany")
    assert st.pieces["eastern_europe"] == () and not st.hands[USSR]


def _guards(with_build_army: bool):
    """The Soviet Play step with Guards face up and a Build Army card in the discard pile or
    none there."""
    hand = ["ussr_land_battle", "ussr_sea_battle"]
    st = scenario(USSR, hand=hand, table={USSR: ["ussr_guards"]}, stack=[], reallocate=False)
    pile = st.discards[USSR]
    st.decks[USSR].extend(c for c in pile if c == "ussr_build_army")
    pile[:] = [c for c in pile if c != "ussr_build_army"]
    if with_build_army:
        st.decks[USSR].remove("ussr_build_army")
        pile.insert(0, "ussr_build_army")  # face down, not the top card
    st.stack = [Task("play", USSR)]
    st._opts = None
    st._advance()
    return st


def test_ussr_guards_builds_from_a_build_army_in_the_discard_pile():
    """Guards: instead of the card play, discard 2 hand cards and play a Build Army card from the
    discard pile (a build, Ruling 18; it lies face up on top afterwards); only with such a card
    in the pile."""
    assert "use ussr_guards" not in texts(_guards(False))
    st = _guards(True)
    assert "use ussr_guards" in texts(st)
    st = do(st, "use ussr_guards", "discard ussr_land_battle", "discard ussr_sea_battle")
    assert "build russia" in texts(st)
    st = do(st, "build russia")
    assert st.pieces["russia"] == (USSR,) and st.discards[USSR][-1] == "ussr_build_army"
    assert st.discards[USSR].count("ussr_build_army") == 1


def test_ussr_stavka_battles_the_same_space_again():
    """Stavka Forms Artillery Corps (seed): once per turn after a Soviet land battle, discard a
    hand card and battle the same space again (no other space)."""
    pieces = board(ukraine=(GER, ITA), eastern_europe=(GER,))
    st = scenario(
        USSR,
        pieces=pieces,
        hand=["ussr_land_battle", "ussr_build_army"],
        table={USSR: ["ussr_stavka"]},
        reallocate=False,
    )
    st = do(st, "play ussr_land_battle", "battle ukraine germany", "use ussr_stavka")
    st = do(st, "discard ussr_build_army")
    assert texts(st) == ["battle ukraine italy"]
    st = do(st, "battle ukraine italy")
    assert st.pieces["ukraine"] == ()


def test_ussr_treaty_of_friendship_recruits_russia_then_eastern_europe():
    """German-Soviet Treaty of Friendship (seed): recruit in Russia, then in Eastern Europe (no
    supply needed; skipped where an enemy stands)."""
    st = played(USSR, "ussr_treaty_of_friendship")
    st = do(st, "recruit russia", "recruit eastern_europe")
    assert st.pieces["russia"] == (USSR,) and st.pieces["eastern_europe"] == (USSR,)
    st = played(USSR, "ussr_treaty_of_friendship", board(eastern_europe=(GER,)))
    st = do(st, "recruit russia")
    assert st.stack == [] and st.pieces["eastern_europe"] == (GER,)


def test_ussr_mao_eliminates_in_china_or_szechuan():
    """Mao Tse-tung: eliminate an Axis army in China or Szechuan (not Mongolia)."""
    st = played(USSR, "ussr_mao", board(china=(JPN,), szechuan=(JPN,), mongolia=(JPN,)))
    assert set(texts(st)) == {"eliminate china japan", "eliminate szechuan japan"}
    st = do(st, "eliminate szechuan japan")
    assert st.pieces["szechuan"] == () and st.pieces["china"] == (JPN,)


def test_ussr_tito_eliminates_then_a_soviet_or_uk_army():
    """Tito's Partisans: eliminate an Axis army in the Balkans, then recruit a Soviet or a UK army
    there (the Soviet seat chooses)."""
    st = played(USSR, "ussr_tito", board(balkans=(ITA,)))
    st = do(st, "eliminate balkans italy")
    assert texts(st) == ["recruit balkans soviet_union", "recruit balkans united_kingdom"]
    st = do(st, "recruit balkans united_kingdom")
    assert st.pieces["balkans"] == (UK,)


def test_ussr_trans_siberian_removes_and_rebuilds_armies():
    """Trans-Siberian Railroad (seed): each Soviet army may be removed and built again, one at a
    time (Ruling 27)."""
    st = played(USSR, "ussr_trans_siberian", board(ukraine=(USSR,), black_sea=(USSR,)))
    assert texts(st) == ["remove ukraine", "remove moscow", "pass"]  # armies only, map order
    st = do(st, "remove ukraine")
    assert st.pieces["ukraine"] == () and "build siberia" in texts(st)
    st = do(st, "build siberia")
    assert texts(st) == ["remove moscow", "pass"]
    st = do(st, "pass")
    assert st.pieces["siberia"] == (USSR,) and st.pieces["black_sea"] == (USSR,)


def test_ussr_vasilevsky_recruits_then_battles_china_if_supplied():
    """Vasilevsky (seed): recruit in Vladivostok, then a land battle in China — only when a
    supplied Soviet piece borders China."""
    st = played(USSR, "ussr_vasilevsky", board(siberia=(USSR,), china=(JPN,)))
    st = do(st, "recruit vladivostok")
    assert texts(st) == ["battle china japan"]
    st = played(USSR, "ussr_vasilevsky", board(china=(JPN,)))
    st = do(st, "recruit vladivostok")
    assert st.stack == []  # the new army is out of supply: no battle


def test_ussr_defense_of_motherland_recruits_then_clears_moscow():
    """Defense of the Motherland (seed): at the start of the Soviet turn recruit an army in or
    next to Moscow, then eliminate an Axis army in Moscow."""
    pieces = board(moscow=(GER,), russia=(USSR,))
    st = scenario(
        USSR,
        pieces=pieces,
        hand=["ussr_build_army"],
        responses={USSR: ["ussr_defense_of_motherland"]},
    )
    assert texts(st) == ["use ussr_defense_of_motherland", "pass"]
    st = do(st, "use ussr_defense_of_motherland")
    assert set(texts(st)) == {"recruit ukraine", "recruit siberia", "recruit kazakhstan"}
    st = do(st, "recruit ukraine", "eliminate moscow germany")
    assert st.pieces["moscow"] == () and st.pieces["ukraine"] == (USSR,)


def _soviet_defence(card: str, space: str) -> None:
    """A German land battle on the Soviet army in ``space``: ``card`` saves it."""
    pieces = board(eastern_europe=(GER,), **{space: (USSR,)})
    if space == "moscow":  # Moscow borders no German piece: attack from Ukraine
        pieces = board(eastern_europe=(GER,), ukraine=(GER,))
    st = scenario(
        GER, pieces=pieces, hand=["ger_land_battle"], responses={USSR: [card]}, reallocate=False
    )
    st = do(st, "play ger_land_battle", f"battle {space} soviet_union")
    assert texts(st) == [f"use {card}", "pass"]
    st = do(st, f"use {card}")
    assert USSR in st.pieces[space]


def test_ussr_leningrad_saves_the_army_in_russia():
    """Leningrad: a Soviet army in Russia is not removed this turn."""
    _soviet_defence("ussr_leningrad", "russia")


def test_ussr_leningrad_works_in_the_soviet_supply_step():
    """Leningrad has no supply condition (Ruling 14): it saves an unsupplied army in Russia in
    the Soviet Supply step; an unsupplied army elsewhere is removed."""
    pieces = board(moscow=(GER,), russia=(USSR,), siberia=(USSR,))
    st = scenario(USSR, pieces=pieces, hand=[], responses={USSR: ["ussr_leningrad"]})
    assert texts(st) == ["use ussr_leningrad", "pass"]
    st = do(st, "use ussr_leningrad")
    assert st.pieces["russia"] == (USSR,) and st.pieces["siberia"] == ()


def test_ussr_moscow_saves_the_army_in_moscow():
    """Moscow: a Soviet army in Moscow is not removed this turn."""
    _soviet_defence("ussr_moscow", "moscow")


def test_ussr_stalingrad_saves_the_army_in_ukraine():
    """Stalingrad: a Soviet army in Ukraine is not removed this turn."""
    _soviet_defence("ussr_stalingrad", "ukraine")


# -- Italy --------------------------------------------------------------------------------------


def test_ita_anti_communist_sentiment_one_point_per_army():
    """Anti-Communist Sentiment (seed): +1 per Italian army in Russia or Ukraine (Ukraine is also
    a supply space: +2 there)."""
    pieces = board(russia=(ITA,), ukraine=(ITA,), balkans=(ITA,))
    assert victory(ITA, pieces, ["ita_anti_communist_sentiment"]) == 2 + 2 + 2
    assert victory(ITA, board(balkans=(ITA,)), ["ita_anti_communist_sentiment"]) == 2


def test_ita_balkan_resources_one_point():
    """Balkan Resources: +1 with an Italian army in the Balkans."""
    assert victory(ITA, board(balkans=(ITA,)), ["ita_balkan_resources"]) == 2 + 1
    assert victory(ITA, board(balkans=(GER,)), ["ita_balkan_resources"]) == 2


def test_ita_bravado_pays_the_top_two_for_a_land_battle():
    """Bravado (seed): instead of the card play, discard the top 2 of the deck for a land battle
    next to a supplied Italian piece."""
    st = scenario(
        ITA,
        pieces=board(balkans=(UK,)),
        hand=["ita_build_army"],
        table={ITA: ["ita_bravado"]},
        reallocate=False,
    )
    before = st
    st = do(st, "use ita_bravado")
    assert deck_loss(before, st, ITA) == 2 and "battle balkans united_kingdom" in texts(st)
    assert not any(a.startswith("battle ukraine") for a in texts(st))
    st = do(st, "battle balkans united_kingdom")
    assert st.pieces["balkans"] == () and st.hands[ITA] == ["ita_build_army"]


def test_ita_impero_italiano_counts_every_axis_army():
    """Impero Italiano (seed): +1 per Axis army (any Axis nation) in North Africa, Africa or the
    Middle East."""
    pieces = board(north_africa=(GER, ITA), middle_east=(JPN,), balkans=(ITA,))
    assert victory(ITA, pieces, ["ita_impero_italiano"]) == 2 + 3


def test_ita_mare_nostrum_one_point_per_navy():
    """Mare Nostrum: +1 per Italian navy on the board."""
    pieces = board(mediterranean=(ITA,), black_sea=(ITA,), balkans=(ITA,))
    assert victory(ITA, pieces, ["ita_mare_nostrum"]) == 2 + 2


def test_ita_afrika_korps_germany_recruits_in_africa_and_the_mediterranean():
    """Afrika Korps: Germany (its seat chooses, Ruling 16) recruits an army in North Africa and a
    navy in the Mediterranean; a step blocked by an enemy is skipped."""
    st = played(ITA, "ita_afrika_korps")
    assert st.stack[-1].nation == GER and texts(st) == ["recruit north_africa"]
    st = do(st, "recruit north_africa", "recruit mediterranean")
    assert st.pieces["north_africa"] == (GER,) and st.pieces["mediterranean"] == (GER,)
    st = played(ITA, "ita_afrika_korps", board(north_africa=(UK,)))
    assert texts(st) == ["recruit mediterranean"]


def test_ita_division_azul_discards_a_random_soviet_response():
    """Division Azul: one of the USSR's face-down Responses, at random, is discarded unseen."""
    st = played(ITA, "ita_division_azul", responses={USSR: ["ussr_moscow", "ussr_leningrad"]})
    assert len(st.responses[USSR]) == 1
    gone = {"ussr_moscow", "ussr_leningrad"} - set(st.responses[USSR])
    assert st.discards[USSR][0] in gone  # face down, at the bottom of the pile
    empty = played(ITA, "ita_division_azul")
    assert empty.responses[USSR] == []


def test_ita_german_aid_greece_eliminates_then_germany_recruits():
    """German Aid in Greece: eliminate an Allied army in the Balkans, then Germany recruits an
    army there."""
    st = played(ITA, "ita_german_aid_greece", board(balkans=(UK,)))
    st = do(st, "eliminate balkans united_kingdom")
    assert st.stack[-1].nation == GER and texts(st) == ["recruit balkans"]
    st = do(st, "recruit balkans")
    assert st.pieces["balkans"] == (GER,)


def test_ita_italian_east_africa_builds_an_army_then_a_navy():
    """Italian East Africa (seed): build an army in North Africa, then a navy in the Bay of
    Bengal (builds: a supplied Italian piece must border each)."""
    st = played(ITA, "ita_italian_east_africa", board(mediterranean=(ITA,)))
    assert texts(st) == ["build north_africa"]
    st = do(st, "build north_africa", "build bay_of_bengal")
    assert st.pieces["bay_of_bengal"] == (ITA,)
    st = played(ITA, "ita_italian_east_africa")
    assert st.stack == []  # no Italian piece next to North Africa: nothing can be built


def test_ita_italy_attacks_communists_builds_in_ukraine_and_russia():
    """Italy Attacks Communists (Ruling 17: builds): an army in Ukraine, then one in Russia."""
    st = played(ITA, "ita_italy_attacks_communists", board(balkans=(ITA,)))
    assert texts(st) == ["build ukraine"]
    st = do(st, "build ukraine", "build russia")
    assert st.pieces["ukraine"] == (ITA,) and st.pieces["russia"] == (ITA,)


def test_ita_plunder_counts_pieces_outside_italy():
    """Plunder (Italian): +1 per Italian army or navy outside Italy."""
    st = played(ITA, "ita_plunder", board(balkans=(ITA,), mediterranean=(ITA,)))
    assert st.vp[0] == 2


def test_ita_decima_flottiglia_one_more_without_allied_navy():
    """Decima Flottiglia MAS (seed): the UK discards 1, 2 with no Allied navy in the
    Mediterranean; 1 VP."""
    start = scenario(ITA, hand=[])
    st = played(ITA, "ita_decima_flottiglia")
    assert st.vp[0] == 1 and deck_loss(start, st, UK) == 2
    st = played(ITA, "ita_decima_flottiglia", board(mediterranean=(UK,)))
    assert st.vp[0] == 1 and deck_loss(start, st, UK) == 1


def test_ita_regia_marina_counts_italian_navies():
    """Regia Marina (seed): per Italian navy, 1 VP and the UK discards 1."""
    start = scenario(ITA, hand=[])
    st = played(ITA, "ita_regia_marina", board(mediterranean=(ITA,), black_sea=(ITA,)))
    assert st.vp[0] == 2 and deck_loss(start, st, UK) == 2


UK_IN_THE_MED = {"north_sea": (UK,), "north_africa": (UK,), "mediterranean": (UK,)}


def test_ita_monte_cassino_saves_an_axis_army_in_italy():
    """Monte Cassino (seed): an Axis army in Italy is not removed this turn; one in the Balkans
    is not covered."""
    st = playing(
        UK,
        "uk_land_battle",
        "battle italy italy",
        pieces=board(**UK_IN_THE_MED),
        responses={ITA: ["ita_monte_cassino"]},
    )
    assert texts(st) == ["use ita_monte_cassino", "pass"]
    st = do(st, "use ita_monte_cassino")
    assert st.pieces["italy"] == (ITA,)
    st = playing(
        UK,
        "uk_land_battle",
        "battle balkans germany",
        pieces=board(**UK_IN_THE_MED, balkans=(GER,)),
        responses={ITA: ["ita_monte_cassino"]},
    )
    assert st.pieces["balkans"] == () and "ita_monte_cassino" in st.responses[ITA]


def test_ita_romanian_reinforcements_recruit_where_a_german_army_fell():
    """Romanian Reinforcements: after an enemy removes a supplied German army, Italy recruits an
    army in that space (Ruling 13)."""
    st = playing(
        UK,
        "uk_land_battle",
        "battle western_europe germany",
        pieces=board(north_sea=(UK,), western_europe=(GER,)),
        responses={ITA: ["ita_romanian_reinforcements"]},
    )
    assert texts(st) == ["use ita_romanian_reinforcements", "pass"]
    st = do(st, "use ita_romanian_reinforcements", "recruit western_europe")
    assert st.pieces["western_europe"] == (ITA,)


# -- United States ------------------------------------------------------------------------------

US_AT_SEA = {"north_atlantic": (USA,)}


def test_usa_aircraft_carriers_build_a_navy_in_the_battled_sea():
    """Aircraft Carriers: once per turn after a US sea battle, pay the top card and build a navy
    in that sea."""
    st = playing(
        USA,
        "usa_sea_battle",
        "battle north_sea germany",
        pieces=board(**US_AT_SEA, north_sea=(GER,)),
        table={USA: ["usa_aircraft_carriers"]},
    )
    before = st
    st = do(st, "use usa_aircraft_carriers")
    assert deck_loss(before, st, USA) == 1 and texts(st) == ["build north_sea"]
    st = do(st, "build north_sea")
    assert st.pieces["north_sea"] == (USA,)


def test_usa_avg_expands_recruits_in_szechuan_and_keeps_it_supplied():
    """American Volunteer Group Expands (seed): instead of the card play, discard the top 2 and
    recruit in Szechuan; Allied armies there are always in supply (not a supply source)."""
    st = scenario(
        USA,
        pieces=board(),
        hand=["usa_build_army"],
        table={USA: ["usa_avg_expands"]},
        reallocate=False,
    )
    before = st
    st = do(st, "use usa_avg_expands")
    assert deck_loss(before, st, USA) == 2 and texts(st) == ["recruit szechuan"]
    st = do(st, "recruit szechuan")
    assert "szechuan" in st.supplied(USA)
    st = scenario(
        USA,
        pieces=board(szechuan=(USA,), mongolia=(USA,)),
        hand=[],
        table={USA: ["usa_avg_expands"]},
    )
    assert st.pieces["szechuan"] == (USA,) and st.pieces["mongolia"] == ()


def test_usa_amphibious_landings_build_where_a_us_navy_borders():
    """Amphibious Landings (seed): once per turn after a US land battle in a space next to a
    supplied US navy, pay the top card and build an army there; not otherwise."""
    st = playing(
        USA,
        "usa_land_battle",
        "battle iceland germany",
        pieces=board(**US_AT_SEA, iceland=(GER,)),
        table={USA: ["usa_amphibious_landings"]},
    )
    before = st
    st = do(st, "use usa_amphibious_landings", "build iceland")
    assert st.pieces["iceland"] == (USA,) and deck_loss(before, st, USA) == 1
    st = playing(
        USA,
        "usa_land_battle",
        "battle western_us japan",
        pieces=board(**US_AT_SEA, western_us=(JPN,)),
        table={USA: ["usa_amphibious_landings"]},
    )
    assert "use usa_amphibious_landings" not in texts(st)


def test_usa_flying_fortresses_add_two_to_us_economic_warfare():
    """Flying Fortresses (seed): an Axis nation a US EW card makes discard discards 2 more."""
    pieces = board(north_africa=(USA,))
    start = scenario(USA, hand=[])
    st = played(USA, "usa_b29_superfortress", pieces, table={USA: ["usa_flying_fortresses"]})
    assert deck_loss(start, st, GER) == 5 + 2


def test_usa_radar_saves_a_battled_us_navy_once():
    """Radar (seed): once per turn, when a supplied US navy is battled, discard the top 2 and it
    is not removed."""
    pieces = board(western_europe=(GER,), united_kingdom=(UK, USA), north_sea=(USA,))
    st = playing(
        GER,
        "ger_sea_battle",
        "battle north_sea united_states",
        pieces=pieces,
        table={USA: ["usa_radar"]},
    )
    assert st.current_player == USA and texts(st) == ["use usa_radar", "pass"]
    before = st
    st = do(st, "use usa_radar")
    assert st.pieces["north_sea"] == (USA,) and deck_loss(before, st, USA) == 2


def test_usa_radar_not_in_the_supply_step():
    """Radar protects against battles only: a US navy out of supply is removed in the US Supply
    step without Radar being offered (an offer would stop at a use-or-pass decision)."""
    st = scenario(USA, pieces=board(south_atlantic=(USA,)), hand=[], table={USA: ["usa_radar"]})
    assert st.pieces["south_atlantic"] == ()


def test_usa_superior_shipyards_build_a_second_navy():
    """Superior Shipyards: once per turn after the US builds a navy, pay the top card and build
    another navy anywhere legal."""
    st = playing(
        USA,
        "usa_build_navy",
        "build north_atlantic",
        pieces=board(),
        table={USA: ["usa_superior_shipyards"]},
    )
    before = st
    st = do(st, "use usa_superior_shipyards")
    assert deck_loss(before, st, USA) == 1 and "build north_sea" in texts(st)
    assert "build north_atlantic" not in texts(st)
    st = do(st, "build north_sea")
    assert st.pieces["north_sea"] == (USA,)
    assert "use usa_superior_shipyards" not in texts(st)  # once per turn


def test_usa_wartime_production_builds_a_second_army():
    """Wartime Production: once per turn after the US builds an army, pay the top card and build
    another army anywhere legal."""
    st = playing(
        USA,
        "usa_build_army",
        "build canada",
        "use usa_wartime_production",
        pieces=board(),
        table={USA: ["usa_wartime_production"]},
    )
    assert {"build western_us", "build pacific_northwest"} <= set(texts(st))
    assert "build canada" not in texts(st)
    st = do(st, "build pacific_northwest")
    assert st.pieces["pacific_northwest"] == (USA,)


def test_usa_arsenal_of_democracy_the_uk_builds_an_army_and_a_navy():
    """Arsenal of Democracy: the UK may build one army and one navy (its seat chooses)."""
    st = played(USA, "usa_arsenal_of_democracy", board(north_sea=(UK,)))
    assert st.current_player == UK and "pass" in texts(st) and "build iceland" in texts(st)
    st = do(st, "build iceland")
    assert "build north_atlantic" in texts(st) and "pass" in texts(st)
    st = do(st, "build north_atlantic")
    assert st.pieces["iceland"] == (UK,) and st.pieces["north_atlantic"] == (UK,)


def test_usa_fleet_pearl_harbor_recruits_hawaii_then_builds_a_navy():
    """Fleet Deployed to Pearl Harbor (seed): recruit in Hawaii, then build a navy next to Hawaii
    under the normal build rules."""
    st = played(USA, "usa_fleet_pearl_harbor", board(western_us=(USA,)))
    st = do(st, "recruit hawaii")
    assert texts(st) == ["build east_pacific"]
    st = do(st, "build east_pacific")
    assert st.pieces["east_pacific"] == (USA,)
    st = played(USA, "usa_fleet_pearl_harbor")
    st = do(st, "recruit hawaii")
    assert st.stack == []  # no supplied US piece next to Hawaii's seas


def test_usa_free_french_allies_the_uk_may_recruit():
    """Free French Allies (seed): the UK may recruit an army in Western Europe, North Africa or
    Africa (or pass)."""
    st = played(USA, "usa_free_french_allies", board(western_europe=(GER,)))
    assert st.current_player == UK
    assert texts(st) == ["recruit north_africa", "recruit africa", "pass"]
    st = do(st, "recruit africa")
    assert st.pieces["africa"] == (UK,)


def test_usa_guadalcanal_recruits_new_zealand_then_builds_a_navy():
    """Guadalcanal (seed): recruit in New Zealand, then build a navy next to it (normal rules)."""
    st = played(USA, "usa_guadalcanal", board(western_us=(USA,)))
    st = do(st, "recruit new_zealand")
    assert texts(st) == ["build east_pacific"]
    st = do(st, "build east_pacific")
    assert st.pieces["new_zealand"] == (USA,) and st.pieces["east_pacific"] == (USA,)


def test_usa_murmansk_convoy_soviet_recruit_then_optional_build():
    """Murmansk Convoy: the USSR recruits an army in Russia, then may build one army."""
    st = played(USA, "usa_murmansk_convoy")
    assert st.current_player == USSR and texts(st) == ["recruit russia"]
    st = do(st, "recruit russia")
    assert "pass" in texts(st) and "build siberia" in texts(st)
    st = do(st, "build siberia")
    assert st.pieces["russia"] == (USSR,) and st.pieces["siberia"] == (USSR,)


def test_usa_patton_advances_builds_then_battles_germany_or_italy():
    """Patton Advances (seed): build a US army in Western Europe, then battle Germany or Italy."""
    pieces = board(**US_AT_SEA, north_sea=(USA,))
    st = played(USA, "usa_patton_advances", pieces)
    assert texts(st) == ["build western_europe"]
    st = do(st, "build western_europe")
    assert set(texts(st)) == {"battle germany germany", "battle italy italy"}
    st = do(st, "battle germany germany")
    assert st.pieces["germany"] == ()


def test_usa_theater_shift_rebuilds_armies_and_navies():
    """Theater Shift (seed): each US army and navy may be removed and built again (Ruling 27)."""
    st = played(USA, "usa_theater_shift", board(**US_AT_SEA))
    assert texts(st) == ["remove eastern_us", "remove north_atlantic", "pass"]
    st = do(st, "remove north_atlantic")
    assert "build north_atlantic" in texts(st)
    st = do(st, "build north_atlantic", "pass")
    assert st.pieces["north_atlantic"] == (USA,)


def test_usa_b29_superfortress_needs_a_us_army_within_three():
    """B-29 Superfortress (seed): with a US army within 3 spaces of Germany, Germany discards 5;
    otherwise nothing."""
    start = scenario(USA, hand=[])
    st = played(USA, "usa_b29_superfortress", board(north_africa=(USA,)))
    assert deck_loss(start, st, GER) == 5
    st = played(USA, "usa_b29_superfortress", board(africa=(USA,)))
    assert deck_loss(start, st, GER) == 0


def test_usa_firestorm_bombing_targets_a_home_next_to_a_us_piece():
    """Firestorm Bombing (Ruling 11): the US picks an Axis nation whose home borders a US army or
    navy; it discards 7."""
    start = scenario(USA, hand=[])
    st = played(USA, "usa_firestorm_bombing", board(baltic=(USA,), balkans=(USA,)))
    assert texts(st) == ["target germany", "target italy"]
    st = do(st, "target italy")
    assert deck_loss(start, st, ITA) == 7 and deck_loss(start, st, GER) == 0


def test_usa_sbd_dauntless_needs_a_us_navy_within_two():
    """SBD Dauntless (seed): with a US navy within 2 spaces of Japan, Japan discards 4."""
    start = scenario(USA, hand=[])
    st = played(USA, "usa_sbd_dauntless", board(central_pacific=(USA,)))
    assert deck_loss(start, st, JPN) == 4
    st = played(USA, "usa_sbd_dauntless", board(east_pacific=(USA,)))
    assert deck_loss(start, st, JPN) == 0


# -- cards whose earlier tests used them only as filler --------------------------------------


def test_ger_plunder_counts_pieces_outside_germany():
    """Plunder (seed, German): +1 per German army or navy outside Germany."""
    st = played(GER, "ger_plunder", board(balkans=(GER,), baltic=(GER,)))
    assert st.vp[0] == 2
    assert played(GER, "ger_plunder").vp[0] == 0  # the home army does not count


def test_jpn_kamikaze_eliminates_an_allied_navy_built_near_japanese_pieces():
    """Kamikaze (seed): right after an Allied navy is built in or next to a space with a Japanese
    piece, eliminate it; a navy built elsewhere is not offered."""
    pieces = board(western_us=(USA,), north_pacific=(JPN,))
    st = playing(
        USA,
        "usa_build_navy",
        "build east_pacific",
        pieces=pieces,
        responses={JPN: ["jpn_kamikaze"]},
    )
    assert st.current_player == JPN and texts(st) == ["use jpn_kamikaze", "pass"]
    st = do(st, "use jpn_kamikaze")
    assert st.pieces["east_pacific"] == ()
    st = playing(
        USA,
        "usa_build_navy",
        "build north_atlantic",
        pieces=pieces,
        responses={JPN: ["jpn_kamikaze"]},
    )
    assert "jpn_kamikaze" in st.responses[JPN] and st.pieces["north_atlantic"] == (USA,)


def test_uk_bomber_command_germany_or_italy_discards_four():
    """Bomber Command: the UK picks Germany or Italy; it discards 4 (Japan is not a target)."""
    start = scenario(UK, hand=[])
    st = played(UK, "uk_bomber_command")
    assert texts(st) == ["target germany", "target italy"]
    st = do(st, "target italy")
    assert deck_loss(start, st, ITA) == 4 and deck_loss(start, st, GER) == 0


def test_usa_b26_marauder_targets_only_homes_within_three():
    """B-26 Marauder (Ruling 11): the US picks an Axis nation whose home is within 3 spaces of a
    US army; it discards 4."""
    start = scenario(USA, hand=[])
    st = played(USA, "usa_b26_marauder", board(hawaii=(USA,)))
    assert texts(st) == ["target japan"]
    st = do(st, "target japan")
    assert deck_loss(start, st, JPN) == 4
    st = played(USA, "usa_b26_marauder", board(north_africa=(USA,)))
    assert texts(st) == ["target germany", "target italy"]


# -- basic cards: one scenario per kind and nation -----------------------------------------------

BASIC_SCENES: dict[str, tuple[dict[str, tuple[int, ...]], str, str, str]] = {
    # card: (extra pieces, the action, the space it changes, an action it must not offer)
    "ger_build_army": (
        {"ukraine": (USSR,)},
        "build eastern_europe",
        "eastern_europe",
        "build russia",
    ),
    "ger_build_navy": ({"ukraine": (USSR,)}, "build baltic", "baltic", "build north_sea"),
    "ger_land_battle": (
        {"eastern_europe": (USSR,)},
        "battle eastern_europe soviet_union",
        "eastern_europe",
        "battle ukraine",
    ),
    "ger_sea_battle": (
        {"baltic": (UK,)},
        "battle baltic united_kingdom",
        "baltic",
        "battle north_sea",
    ),
    "uk_build_army": (
        {"north_sea": (UK,), "western_europe": (GER,)},
        "build iceland",
        "iceland",
        "build western_europe",
    ),
    "uk_build_navy": ({}, "build north_sea", "north_sea", "build north_atlantic"),
    "uk_land_battle": (
        {"north_sea": (UK,), "western_europe": (GER,)},
        "battle western_europe germany",
        "western_europe",
        "battle italy italy",
    ),
    "uk_sea_battle": (
        {"north_sea": (GER,)},
        "battle north_sea germany",
        "north_sea",
        "battle baltic",
    ),
    "jpn_build_army": ({"sea_of_japan": (JPN,)}, "build china", "china", "build mongolia"),
    "jpn_build_navy": ({}, "build sea_of_japan", "sea_of_japan", "build north_pacific"),
    "jpn_land_battle": (
        {"sea_of_japan": (JPN,), "china": (USSR,)},
        "battle china soviet_union",
        "china",
        "battle mongolia",
    ),
    "jpn_sea_battle": (
        {"sea_of_japan": (USA,)},
        "battle sea_of_japan united_states",
        "sea_of_japan",
        "battle north_pacific",
    ),
    "ussr_build_army": ({"ukraine": (GER,)}, "build russia", "russia", "build ukraine"),
    "ussr_build_navy": ({"ukraine": (USSR,)}, "build black_sea", "black_sea", "build baltic"),
    "ussr_land_battle": (
        {"ukraine": (GER,)},
        "battle ukraine germany",
        "ukraine",
        "battle eastern_europe",
    ),
    "ussr_sea_battle": (
        {"ukraine": (USSR,), "black_sea": (ITA,)},
        "battle black_sea italy",
        "black_sea",
        "battle mediterranean",
    ),
    "ita_build_army": (
        {"western_europe": (UK,)},
        "build balkans",
        "balkans",
        "build western_europe",
    ),
    "ita_build_navy": ({}, "build mediterranean", "mediterranean", "build black_sea"),
    "ita_land_battle": (
        {"balkans": (UK,)},
        "battle balkans united_kingdom",
        "balkans",
        "battle ukraine",
    ),
    "ita_sea_battle": (
        {"mediterranean": (UK,)},
        "battle mediterranean united_kingdom",
        "mediterranean",
        "battle black_sea",
    ),
    "usa_build_army": ({"latin_america": (JPN,)}, "build canada", "canada", "build latin_america"),
    "usa_build_navy": ({}, "build north_atlantic", "north_atlantic", "build north_sea"),
    "usa_land_battle": (
        {"canada": (GER,)},
        "battle canada germany",
        "canada",
        "battle pacific_northwest",
    ),
    "usa_sea_battle": (
        {"north_atlantic": (GER,)},
        "battle north_atlantic germany",
        "north_atlantic",
        "battle north_sea",
    ),
}
"""Each nation's four basic cards (a Build Army card of one nation is one id with its copies)."""


@pytest.mark.parametrize("cid", sorted(BASIC_SCENES))
def test_basic_card(cid):
    """Each basic card of each nation does its one thing next to a supplied own piece (or at
    home), and offers nothing beyond the rule (seed 「設立」「攻撃」)."""
    extra, action, space, never = BASIC_SCENES[cid]
    nation = CARDS.card(cid).nation
    st = played(nation, cid, board(**extra))
    legal = texts(st)
    assert action in legal and not any(a.startswith(never) for a in legal), legal
    st = do(st, action)
    if action.startswith("build"):
        assert nation in st.pieces[space]
    else:
        assert all(st.team(x) == st.team(nation) for x in st.pieces[space])


def test_basic_card_without_a_target_cannot_be_played():
    """A basic card needs a legal target (「できない効果だけ無視されます」 is for other cards): the
    UK cannot build an army from its island home alone, the USSR cannot build a navy from Moscow
    alone; both may still discard it."""
    for nation, cid in ((UK, "uk_build_army"), (USSR, "ussr_build_navy")):
        st = scenario(nation, hand=[cid], stack=[Task("play", nation)], reallocate=False)
        assert texts(st) == [f"discard {cid}"]
