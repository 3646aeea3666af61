"""Traceability: every one of the 220 cards (119 special ids, 24 basic ids with their copies) and
the scenario tests that check its text.

Special cards name their own scenarios; basic cards name the parametrized ``test_basic_card``
case of their id (one scenario per basic kind and nation). A card added to data/cards.json
without an entry here, or an entry whose test is gone, fails.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

from gamelib.qmg.cards import default_cards

S, C = "test_card_scenarios", "test_cards"

SPECIAL: dict[str, list[tuple[str, str]]] = {
    "ger_abundant_resources": [(C, "test_victory_status_abundant_resources")],
    "ger_atlantic_wall": [(C, "test_atlantic_wall_costs_the_attacker")],
    "ger_autobahn": [(C, "test_autobahn_removes_and_rebuilds_one_at_a_time")],
    "ger_bias_for_action": [
        (S, "test_ger_bias_for_action_battles_next_to_the_new_army"),
        (S, "test_ger_bias_for_action_not_on_a_recruit"),
    ],
    "ger_blitzkrieg": [(C, "test_blitzkrieg_builds_in_the_battled_space")],
    "ger_broad_front": [(C, "test_broad_front_battles_the_snapshot")],
    "ger_conscription": [(C, "test_conscription_replaces_the_card_play")],
    "ger_dive_bombers": [(S, "test_ger_dive_bombers_battle_the_same_or_an_adjacent_space")],
    "ger_forced_conscription": [
        (S, "test_ger_forced_conscription_recruits_one_or_two_around_germany")
    ],
    "ger_guns_and_butter": [(C, "test_guns_and_butter_chooses_a_basic_action")],
    "ger_jet_fighters": [(C, "test_jet_fighters_reduce_bomber_command")],
    "ger_military_dictatorships_balkans": [
        (S, "test_ger_military_dictatorships_balkans_italy_recruits_then_ukraine_eliminated"),
        (S, "test_ger_military_dictatorships_balkans_skips_a_blocked_recruit"),
    ],
    "ger_plunder": [(S, "test_ger_plunder_counts_pieces_outside_germany")],
    "ger_sub_battle_of_atlantic": [(C, "test_ew_counts_and_wolf_packs")],
    "ger_sub_enforce_blockade": [
        (S, "test_ger_sub_enforce_blockade_counts_armies_around_the_north_sea")
    ],
    "ger_sub_monsoon_group": [(S, "test_ger_sub_monsoon_group_germany_picks_an_allied_nation")],
    "ger_sub_murmansk_convoy": [
        (S, "test_ger_sub_murmansk_convoy_counts_pieces_around_scandinavia")
    ],
    "ger_sub_unprotected_shipping": [
        (S, "test_ger_sub_unprotected_shipping_three_more_without_allied_navy")
    ],
    "ger_superior_planning": [(C, "test_superior_planning_reorders_the_top_four")],
    "ger_swedish_iron_ore": [(S, "test_ger_swedish_iron_ore_two_points_independent_or_then")],
    "ger_synthetic_fuel": [(S, "test_ger_synthetic_fuel_builds_a_second_army_next_to_the_first")],
    "ger_v_weapons": [(C, "test_v_weapons_without_asw")],
    "ger_volkssturm": [(S, "test_ger_volkssturm_recruits_in_germany_at_the_start_of_the_turn")],
    "ger_wolf_packs": [(C, "test_ew_counts_and_wolf_packs")],
    "ita_afrika_korps": [
        (S, "test_ita_afrika_korps_germany_recruits_in_africa_and_the_mediterranean")
    ],
    "ita_anti_communist_sentiment": [(S, "test_ita_anti_communist_sentiment_one_point_per_army")],
    "ita_balkan_resources": [(S, "test_ita_balkan_resources_one_point")],
    "ita_bravado": [(S, "test_ita_bravado_pays_the_top_two_for_a_land_battle")],
    "ita_decima_flottiglia": [(S, "test_ita_decima_flottiglia_one_more_without_allied_navy")],
    "ita_division_azul": [(S, "test_ita_division_azul_discards_a_random_soviet_response")],
    "ita_german_aid_greece": [(S, "test_ita_german_aid_greece_eliminates_then_germany_recruits")],
    "ita_german_reinforcements": [(C, "test_german_reinforcements_after_italian_loss")],
    "ita_impero_italiano": [(S, "test_ita_impero_italiano_counts_every_axis_army")],
    "ita_italian_east_africa": [(S, "test_ita_italian_east_africa_builds_an_army_then_a_navy")],
    "ita_italy_attacks_communists": [
        (S, "test_ita_italy_attacks_communists_builds_in_ukraine_and_russia")
    ],
    "ita_mare_nostrum": [(S, "test_ita_mare_nostrum_one_point_per_navy")],
    "ita_monte_cassino": [(S, "test_ita_monte_cassino_saves_an_axis_army_in_italy")],
    "ita_plunder": [(S, "test_ita_plunder_counts_pieces_outside_italy")],
    "ita_regia_marina": [(S, "test_ita_regia_marina_counts_italian_navies")],
    "ita_romanian_reinforcements": [
        (S, "test_ita_romanian_reinforcements_recruit_where_a_german_army_fell")
    ],
    "ita_skilled_pilots": [(C, "test_skilled_pilots_and_b24")],
    "jpn_banzai_charge": [(S, "test_jpn_banzai_charge_battles_the_space_or_next_to_it")],
    "jpn_battleship_repair": [(S, "test_jpn_battleship_repair_saves_a_supplied_japanese_navy")],
    "jpn_china_offensive": [
        (S, "test_jpn_china_offensive_builds_in_the_battled_space_then_battles")
    ],
    "jpn_co_prosperity_sphere": [(S, "test_jpn_co_prosperity_sphere_one_point_per_army")],
    "jpn_destroyer_transport": [(S, "test_jpn_destroyer_transport_builds_next_to_the_battled_sea")],
    "jpn_fall_of_singapore": [(S, "test_jpn_fall_of_singapore_sea_battle_then_recruit")],
    "jpn_forward_bases": [(C, "test_forward_bases_scores_two_at_most")],
    "jpn_imperial_designs": [(S, "test_jpn_imperial_designs_one_point_at_most")],
    "jpn_indian_ocean_patrols": [(S, "test_jpn_indian_ocean_patrols_counts_two_seas")],
    "jpn_kamikaze": [(S, "test_jpn_kamikaze_eliminates_an_allied_navy_built_near_japanese_pieces")],
    "jpn_kwantung_army": [(S, "test_jpn_kwantung_army_saves_a_supplied_army_in_china")],
    "jpn_mobile_force": [(C, "test_mobile_force_at_the_start_of_the_turn")],
    "jpn_snlf": [(S, "test_jpn_snlf_builds_armies_next_to_the_new_navy")],
    "jpn_sub_pacific_islands": [(S, "test_jpn_sub_pacific_islands_us_discards")],
    "jpn_surprise_attack": [(S, "test_jpn_surprise_attack_sea_battle_then_land_battle")],
    "jpn_truk": [(C, "test_truk_supplies_the_central_pacific_area")],
    "jpn_unimpeded_merchant_shipping": [
        (S, "test_jpn_unimpeded_merchant_shipping_unless_allies_hold_hawaii")
    ],
    "uk_asw_tactics": [(C, "test_asw_tactics_cancels_axis_ew")],
    "uk_australia_directorate": [(C, "test_australia_directorate_turns_a_build_into_a_recruit")],
    "uk_bomber_command": [(S, "test_uk_bomber_command_germany_or_italy_discards_four")],
    "uk_defensive_posture": [(C, "test_defensive_posture_saves_a_supplied_uk_army")],
    "uk_destroyers": [
        (S, "test_uk_destroyers_save_a_supplied_uk_or_us_navy"),
        (S, "test_uk_destroyers_not_for_an_army"),
    ],
    "uk_dutch_east_indies": [(C, "test_dutch_east_indies_recruits_three")],
    "uk_enigma": [(C, "test_enigma_discards_a_used_german_status")],
    "uk_free_france": [(S, "test_uk_free_france_pays_two_cards_to_build_in_western_europe")],
    "uk_general_smuts": [(S, "test_uk_general_smuts_recruits_in_africa_and_a_navy")],
    "uk_increased_commonwealth_support": [
        (S, "test_uk_increased_commonwealth_support_recruits_one_army")
    ],
    "uk_king_peter": [(S, "test_uk_king_peter_eliminates_then_recruits_in_the_balkans")],
    "uk_ledo_burma_roads": [(S, "test_uk_ledo_burma_roads_builds_then_battles_china_or_szechuan")],
    "uk_lord_linlithgow": [
        (S, "test_uk_lord_linlithgow_turns_an_army_build_into_an_india_recruit")
    ],
    "uk_loyal_to_the_crown": [
        (S, "test_uk_loyal_to_the_crown_eliminates_an_axis_army_built_in_india")
    ],
    "uk_mackenzie_king": [(S, "test_uk_mackenzie_king_two_points_independent_or_then")],
    "uk_malta_submarines": [(C, "test_malta_submarines_each_axis_nation_chooses")],
    "uk_raf": [(S, "test_uk_raf_saves_a_uk_piece_in_the_uk_or_north_sea")],
    "uk_rationing": [(C, "test_rationing_shuffles_the_played_card_into_the_deck")],
    "uk_resistance": [(S, "test_uk_resistance_battles_western_europe_or_italy")],
    "uk_royal_navy": [(C, "test_royal_navy_pays_two_hand_cards")],
    "uk_singapore": [(S, "test_uk_singapore_recruits_an_army_and_a_navy")],
    "usa_aircraft_carriers": [(S, "test_usa_aircraft_carriers_build_a_navy_in_the_battled_sea")],
    "usa_amphibious_landings": [(S, "test_usa_amphibious_landings_build_where_a_us_navy_borders")],
    "usa_arsenal_of_democracy": [
        (S, "test_usa_arsenal_of_democracy_the_uk_builds_an_army_and_a_navy")
    ],
    "usa_avg_expands": [(S, "test_usa_avg_expands_recruits_in_szechuan_and_keeps_it_supplied")],
    "usa_b24_liberator": [(C, "test_skilled_pilots_and_b24")],
    "usa_b26_marauder": [(S, "test_usa_b26_marauder_targets_only_homes_within_three")],
    "usa_b29_superfortress": [(S, "test_usa_b29_superfortress_needs_a_us_army_within_three")],
    "usa_firestorm_bombing": [(S, "test_usa_firestorm_bombing_targets_a_home_next_to_a_us_piece")],
    "usa_fleet_pearl_harbor": [
        (S, "test_usa_fleet_pearl_harbor_recruits_hawaii_then_builds_a_navy")
    ],
    "usa_flexible_resources": [(C, "test_flexible_resources_plays_from_the_discard_pile")],
    "usa_flying_fortresses": [(S, "test_usa_flying_fortresses_add_two_to_us_economic_warfare")],
    "usa_free_french_allies": [(S, "test_usa_free_french_allies_the_uk_may_recruit")],
    "usa_guadalcanal": [(S, "test_usa_guadalcanal_recruits_new_zealand_then_builds_a_navy")],
    "usa_lend_lease": [(C, "test_lend_lease_lets_an_ally_play_and_draw")],
    "usa_murmansk_convoy": [(S, "test_usa_murmansk_convoy_soviet_recruit_then_optional_build")],
    "usa_operation_magic": [(C, "test_operation_magic_discards_a_random_japanese_response")],
    "usa_patton_advances": [(S, "test_usa_patton_advances_builds_then_battles_germany_or_italy")],
    "usa_radar": [
        (S, "test_usa_radar_saves_a_battled_us_navy_once"),
        (S, "test_usa_radar_not_in_the_supply_step"),
    ],
    "usa_rosie_the_riveter": [(C, "test_rosie_puts_one_or_two_cards_under_the_deck")],
    "usa_sbd_dauntless": [(S, "test_usa_sbd_dauntless_needs_a_us_navy_within_two")],
    "usa_superior_shipyards": [(S, "test_usa_superior_shipyards_build_a_second_navy")],
    "usa_theater_shift": [(S, "test_usa_theater_shift_rebuilds_armies_and_navies")],
    "usa_wartime_production": [(S, "test_usa_wartime_production_builds_a_second_army")],
    "ussr_defense_of_motherland": [
        (S, "test_ussr_defense_of_motherland_recruits_then_clears_moscow")
    ],
    "ussr_frontal_assault": [(S, "test_ussr_frontal_assault_pays_two_cards_for_another_battle")],
    "ussr_general_winter": [(C, "test_general_winter_eliminates_one_or_two")],
    "ussr_guards": [(S, "test_ussr_guards_builds_from_a_build_army_in_the_discard_pile")],
    "ussr_leningrad": [
        (S, "test_ussr_leningrad_saves_the_army_in_russia"),
        (S, "test_ussr_leningrad_works_in_the_soviet_supply_step"),
    ],
    "ussr_mao": [(S, "test_ussr_mao_eliminates_in_china_or_szechuan")],
    "ussr_moscow": [(S, "test_ussr_moscow_saves_the_army_in_moscow")],
    "ussr_rasputitsa": [(C, "test_rasputitsa_eliminates_a_new_axis_army")],
    "ussr_scorched_earth": [(C, "test_scorched_earth_takes_ukraine_from_the_axis")],
    "ussr_shvernik": [(C, "test_shvernik_soviet_armies_always_supplied")],
    "ussr_stalingrad": [(S, "test_ussr_stalingrad_saves_the_army_in_ukraine")],
    "ussr_stavka": [(S, "test_ussr_stavka_battles_the_same_space_again")],
    "ussr_tito": [(S, "test_ussr_tito_eliminates_then_a_soviet_or_uk_army")],
    "ussr_trans_siberian": [(S, "test_ussr_trans_siberian_removes_and_rebuilds_armies")],
    "ussr_treaty_of_friendship": [
        (S, "test_ussr_treaty_of_friendship_recruits_russia_then_eastern_europe")
    ],
    "ussr_vasilevsky": [(S, "test_ussr_vasilevsky_recruits_then_battles_china_if_supplied")],
    "ussr_women_conscripts": [(C, "test_women_conscripts_puts_build_army_on_top")],
}
"""Special card id → (module, test) of its scenarios."""

BASIC = (S, "test_basic_card")
"""Every basic card id is a case of this parametrized scenario (``BASIC_SCENES``)."""

CARDS = default_cards()


def test_every_card_id_has_an_entry():
    """The map names exactly the cards of data/cards.json (220 cards, 143 ids)."""
    special = {c for c, card in CARDS.cards.items() if not card.basic}
    basic = {c for c, card in CARDS.cards.items() if card.basic}
    assert set(SPECIAL) == special and len(special) == 119
    scenes = importlib.import_module(f"tests.qmg.{BASIC[0]}").BASIC_SCENES
    assert set(scenes) == basic and len(basic) == 24
    assert sum(CARDS.card(c).count for c in basic) + len(special) == 220


@pytest.mark.parametrize("cid", sorted(SPECIAL))
def test_special_card_has_scenario_tests(cid):
    """Each special card names at least one existing scenario test that mentions it."""
    assert SPECIAL[cid]
    for module, name in SPECIAL[cid]:
        mod = importlib.import_module(f"tests.qmg.{module}")
        test = getattr(mod, name, None)
        assert callable(test), f"{module}.{name} is missing"
        source = inspect.getsource(test)
        assert cid in source or cid in name, f"{module}.{name} does not use {cid}"
