"""Scenarios for the cards: each kind of effect, the modifiers, the reactions, and every card."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.qmg.cards import default_cards
from gamelib.qmg.state import Task
from tests.qmg.util import (
    GER,
    HOMES,
    ITA,
    JPN,
    UK,
    USA,
    USSR,
    board,
    do,
    scenario,
    step_until,
    texts,
)


def test_victory_status_abundant_resources():
    """Abundant Resources (seed): +1 VP per German army in Ukraine, Kazakhstan or Russia."""
    st = scenario(
        GER,
        pieces=board(ukraine=(GER,), eastern_europe=(GER,), russia=(GER,)),
        hand=[],
        table={GER: ["ger_abundant_resources"]},
    )
    # supply spaces: Germany 2 + Ukraine 2 = 4; the card: 2
    assert st.vp[0] == 6


def test_scorched_earth_takes_ukraine_from_the_axis():
    """Scorched Earth (seed): 「枢軸国にとって、ウクライナは補給スペースではない」."""
    st = scenario(
        GER,
        pieces=board(ukraine=(GER,), eastern_europe=(GER,)),
        hand=[],
        table={USSR: ["ussr_scorched_earth"]},
    )
    assert st.vp[0] == 2


def test_ew_counts_and_wolf_packs():
    """Submarines Lead the Battle of the Atlantic: per German navy 1 VP and 2 UK cards; Wolf Packs
    adds 2 in total (3 with a German army in Scandinavia)."""
    pieces = board(baltic=(GER,), north_sea=(GER,), scandinavia=(GER,))
    st = scenario(
        GER,
        pieces=pieces,
        hand=["ger_sub_battle_of_atlantic"],
        table={GER: ["ger_wolf_packs"]},
        reallocate=False,
    )
    deck = len(st.decks[UK])
    st = do(st, "play ger_sub_battle_of_atlantic")
    assert st.vp[0] == 2 + 2  # the card: 2 navies; then the Victory step: Germany 2
    assert deck - len(st.decks[UK]) == 4 + 3


def test_jet_fighters_reduce_bomber_command():
    """Jet Fighters (seed): reduce by 3 the cards Germany must discard (Bomber Command: 4 → 1)."""
    st = scenario(
        UK, hand=["uk_bomber_command"], table={GER: ["ger_jet_fighters"]}, reallocate=False
    )
    deck = len(st.decks[GER])
    st = do(st, "play uk_bomber_command")
    assert texts(st) == ["target germany", "target italy"]
    st = do(st, "target germany")
    assert deck - len(st.decks[GER]) == 1


def test_asw_tactics_cancels_axis_ew():
    """ASW Tactics (seed): right after an Axis EW card, its text is ignored."""
    st = scenario(
        GER,
        pieces=board(western_europe=(GER,)),
        hand=["ger_v_weapons"],
        responses={UK: ["uk_asw_tactics"]},
        reallocate=False,
    )
    deck = len(st.decks[UK])
    st = do(st, "play ger_v_weapons")
    assert st.stack[-1].op == "react" and st.current_player == UK
    st = do(st, "use uk_asw_tactics")
    assert len(st.decks[UK]) == deck and st.vp[0] == 4  # only the Victory step
    assert "uk_asw_tactics" in st.discards[UK]


def test_v_weapons_without_asw():
    """V-Weapons (seed): a German army in Western Europe: 3 VP, the UK discards 1."""
    st = scenario(
        GER, pieces=board(western_europe=(GER,)), hand=["ger_v_weapons"], reallocate=False
    )
    deck = len(st.decks[UK])
    st = do(st, "play ger_v_weapons")
    assert deck - len(st.decks[UK]) == 1 and st.vp[0] == 3 + 4


def test_blitzkrieg_builds_in_the_battled_space():
    """Blitzkrieg: once per turn when Germany battles a land space, pay 1 card, build there."""
    st = scenario(
        GER,
        pieces=board(eastern_europe=(USSR,)),
        hand=["ger_land_battle"],
        table={GER: ["ger_blitzkrieg"]},
        reallocate=False,
    )
    st = do(st, "play ger_land_battle", "battle eastern_europe soviet_union")
    assert texts(st) == ["use ger_blitzkrieg", "pass"]
    deck = len(st.decks[GER])
    st = do(st, "use ger_blitzkrieg", "build eastern_europe")
    assert st.pieces["eastern_europe"] == (GER,)
    assert deck - len(st.decks[GER]) >= 1


def test_conscription_replaces_the_card_play():
    """Conscription (seed): instead of playing a card, discard the top 2 and build an army."""
    st = scenario(GER, hand=["ger_plunder"], table={GER: ["ger_conscription"]}, reallocate=False)
    assert "use ger_conscription" in texts(st)
    st = do(st, "use ger_conscription", "build western_europe")
    assert st.pieces["western_europe"] == (GER,) and st.hands[GER][0] == "ger_plunder"


def test_defensive_posture_saves_a_supplied_uk_army():
    """Defensive Posture: a supplied UK army about to be removed is not removed this turn."""
    st = scenario(
        GER,
        pieces=board(western_europe=(UK,), north_sea=(UK,)),
        hand=["ger_land_battle"],
        responses={UK: ["uk_defensive_posture"]},
        reallocate=False,
    )
    st = do(st, "play ger_land_battle", "battle western_europe united_kingdom")
    assert st.current_player == UK and texts(st) == ["use uk_defensive_posture", "pass"]
    st = do(st, "use uk_defensive_posture")
    assert st.pieces["western_europe"] == (UK,)


def test_rasputitsa_eliminates_a_new_axis_army():
    """Rasputitsa (seed): right after an Axis army is built in or next to Moscow, eliminate it."""
    st = scenario(
        GER,
        pieces=board(eastern_europe=(GER,)),
        hand=["ger_build_army"],
        responses={USSR: ["ussr_rasputitsa"]},
        reallocate=False,
    )
    st = do(st, "play ger_build_army", "build ukraine")
    assert st.current_player == USSR
    st = do(st, "use ussr_rasputitsa")
    assert st.pieces["ukraine"] == ()


def test_german_reinforcements_after_italian_loss():
    """German Reinforcements Counterattack (seed): after a supplied Italian army is removed,
    recruit a German army in that space."""
    pieces = board(balkans=(ITA,), mediterranean=(UK,), north_africa=(UK,), north_sea=(UK,))
    st = scenario(
        UK,
        pieces=pieces,
        hand=["uk_land_battle"],
        responses={ITA: ["ita_german_reinforcements"]},
        reallocate=False,
    )
    st = do(st, "play uk_land_battle", "battle balkans italy")
    assert texts(st) == ["use ita_german_reinforcements", "pass"]
    st = do(st, "use ita_german_reinforcements")
    assert st.current_player == GER and texts(st) == ["recruit balkans"]
    st = do(st, "recruit balkans")
    assert st.pieces["balkans"] == (GER,)


def test_general_winter_eliminates_one_or_two():
    """General Winter (seed): eliminate 1 or 2 Axis armies in or next to Moscow."""
    st = scenario(
        USSR,
        pieces=board(ukraine=(GER,), russia=(ITA,), siberia=(JPN,)),
        hand=["ussr_general_winter"],
        reallocate=False,
    )
    st = do(st, "play ussr_general_winter", "eliminate ukraine germany")
    assert "pass" in texts(st)
    st = do(st, "eliminate russia italy")
    assert st.pieces["ukraine"] == () and st.pieces["russia"] == () and st.pieces["siberia"]


def test_dutch_east_indies_recruits_three():
    """Dutch East Indies: recruit UK armies in Indonesia and New Guinea, a navy in the SCS."""
    st = scenario(UK, hand=["uk_dutch_east_indies"], reallocate=False)
    st = do(st, "play uk_dutch_east_indies", "recruit indonesia", "recruit new_guinea")
    assert st.pieces["indonesia"] == (UK,) and st.pieces["new_guinea"] == (UK,)
    assert texts(st) == ["recruit south_china_sea"]
    st = do(st, "recruit south_china_sea")  # then the Supply step removes all three
    assert st.pieces["indonesia"] == () and st.pieces["south_china_sea"] == ()


def test_guns_and_butter_chooses_a_basic_action():
    """Guns and Butter (seed): use as one of Build Army / Build Navy / Land Battle / Sea Battle."""
    st = scenario(
        GER, pieces=board(eastern_europe=(USSR,)), hand=["ger_guns_and_butter"], reallocate=False
    )
    st = do(st, "play ger_guns_and_butter")
    assert texts(st) == [
        "choose build_army",
        "choose build_navy",
        "choose land_battle",
        "choose sea_battle",
    ]
    st = do(st, "choose land_battle", "battle eastern_europe soviet_union")
    assert st.pieces["eastern_europe"] == ()


def test_malta_submarines_each_axis_nation_chooses():
    """Malta Submarines: Germany and Italy each discard 2 or remove a Mediterranean navy."""
    st = scenario(
        UK, pieces=board(mediterranean=(GER,)), hand=["uk_malta_submarines"], reallocate=False
    )
    st = do(st, "play uk_malta_submarines")
    assert st.current_player == GER and texts(st) == ["discard top2", "remove mediterranean"]
    italy_deck = len(st.decks[ITA])
    st = do(st, "remove mediterranean")
    assert st.pieces["mediterranean"] == () and texts(st) == ["discard top2"]
    st = do(st, "discard top2")
    assert len(st.decks[ITA]) == italy_deck - 2


def test_operation_magic_discards_a_random_japanese_response():
    """Operation Magic (seed): a random face-down Japanese Response is discarded, unseen."""
    st = scenario(
        USA,
        hand=["usa_operation_magic"],
        responses={JPN: ["jpn_kamikaze", "jpn_truk"]},
        reallocate=False,
    )
    st = do(st, "play usa_operation_magic")
    assert len(st.responses[JPN]) == 1


def test_skilled_pilots_and_b24():
    """B-24 (seed): a US army within 2 of Italy: Italy discards 4; Skilled Pilots takes away 5."""
    st = scenario(
        USA,
        pieces=board(north_africa=(USA,)),
        hand=["usa_b24_liberator"],
        responses={ITA: ["ita_skilled_pilots"]},
        reallocate=False,
    )
    deck = len(st.decks[ITA])
    st = do(st, "play usa_b24_liberator")
    assert len(st.decks[ITA]) == deck and not st.responses[ITA]
    st = scenario(
        USA, pieces=board(north_africa=(USA,)), hand=["usa_b24_liberator"], reallocate=False
    )
    deck = len(st.decks[ITA])
    st = do(st, "play usa_b24_liberator")
    assert deck - len(st.decks[ITA]) == 4


def test_shvernik_soviet_armies_always_supplied():
    """Shvernik's Evacuation Council: Soviet armies are always in supply."""
    st = scenario(
        USSR,
        pieces=board(vladivostok=(USSR,), siberia=(GER,)),
        hand=[],
        table={USSR: ["ussr_shvernik"]},
    )
    assert st.pieces["vladivostok"] == (USSR,)


def test_forward_bases_scores_two_at_most():
    """Forward Bases (seed): 2 VP if a Japanese army is in Hawaii, Pacific NW or New Zealand."""
    st = scenario(
        JPN,
        pieces=board(hawaii=(JPN,), new_zealand=(JPN,)),
        hand=[],
        table={JPN: ["jpn_forward_bases"]},
        stack=[Task("victory", JPN)],
    )
    assert st.vp[0] == 2 + 2


def test_atlantic_wall_costs_the_attacker():
    """Atlantic Wall: an Allied battle on an Axis army in Western Europe costs 3 cards."""
    st = scenario(
        UK,
        pieces=board(western_europe=(GER,), north_sea=(UK,)),
        hand=["uk_land_battle"],
        table={GER: ["ger_atlantic_wall"]},
        reallocate=False,
    )
    deck = len(st.decks[UK])
    st = do(st, "play uk_land_battle", "battle western_europe germany")
    assert deck - len(st.decks[UK]) == 3


def test_mobile_force_at_the_start_of_the_turn():
    """Mobile Force (seed): at the start of Japan's turn recruit a navy by the N Pacific."""
    st = scenario(JPN, hand=["jpn_build_army"], responses={JPN: ["jpn_mobile_force"]})
    assert texts(st) == ["use jpn_mobile_force", "pass"]
    st = do(st, "use jpn_mobile_force", "recruit sea_of_japan")
    assert st.pieces["sea_of_japan"] == (JPN,)


def test_royal_navy_pays_two_hand_cards():
    """The Royal Navy (seed): once per turn after a sea battle, pay 2 cards, battle again."""
    st = scenario(
        UK,
        pieces=board(north_sea=(UK,), north_atlantic=(GER,), iceland=(GER,)),
        hand=["uk_sea_battle", "uk_build_army", "uk_land_battle"],
        table={UK: ["uk_royal_navy"]},
        reallocate=False,
    )
    st = do(
        st,
        "play uk_sea_battle",
        "battle north_atlantic germany",
        "use uk_royal_navy",
        "discard uk_build_army",
        "discard uk_land_battle",
    )
    assert st.stack[-1].op == "step" and st.stack[-1].step["op"] == "battle"


def test_women_conscripts_puts_build_army_on_top():
    """Women Conscripts: the Build Army card the USSR plays goes on top of its deck."""
    st = scenario(
        USSR, hand=["ussr_build_army"], table={USSR: ["ussr_women_conscripts"]}, reallocate=False
    )
    st = do(st, "play ussr_build_army", "build russia")
    assert "ussr_build_army" not in st.discards[USSR]
    assert st.decks[USSR][-1] == "ussr_build_army"  # the top of the deck


def test_rationing_shuffles_the_played_card_into_the_deck():
    """Rationing (seed): after the UK plays a card, shuffle it into the deck instead."""
    st = scenario(
        UK, hand=["uk_bomber_command"], responses={UK: ["uk_rationing"]}, reallocate=False
    )
    st = do(st, "play uk_bomber_command", "target italy")
    assert texts(st) == ["use uk_rationing", "pass"]
    st = do(st, "use uk_rationing")
    assert "uk_bomber_command" not in st.discards[UK] and "uk_rationing" in st.discards[UK]
    assert "uk_bomber_command" in st.decks[UK] + st.hands[UK]


def test_australia_directorate_turns_a_build_into_a_recruit():
    """Australia Forms the Directorate of Manpower: a UK army build may recruit in Australia."""
    st = scenario(
        UK, hand=["uk_build_army"], table={UK: ["uk_australia_directorate"]}, reallocate=False
    )
    st = do(st, "play uk_build_army")
    assert "recruit australia" in texts(st) and "build australia" not in texts(st)
    st = do(st, "recruit australia")
    assert st.pieces["australia"] == (UK,)


def test_enigma_discards_a_used_german_status():
    """Enigma Code Cracked (seed): after Germany uses a Status, the UK may discard that Status."""
    st = scenario(
        GER,
        hand=["ger_plunder"],
        table={GER: ["ger_conscription"]},
        responses={UK: ["uk_enigma"]},
        reallocate=False,
    )
    st = do(st, "use ger_conscription", "build western_europe")
    assert st.current_player == UK and texts(st) == ["use uk_enigma", "pass"]
    st = do(st, "use uk_enigma")
    assert "ger_conscription" not in st.table[GER] and "ger_conscription" in st.discards[GER]
    assert st.pieces["western_europe"] == (GER,)


def test_lend_lease_lets_an_ally_play_and_draw():
    """Lend Lease (seed): the UK or the USSR plays one card, then draws one."""
    st = scenario(USA, hand=["usa_lend_lease"], reallocate=False)
    st = do(st, "play usa_lend_lease")
    assert texts(st) == ["target united_kingdom", "target soviet_union"]
    st = do(st, "target soviet_union")
    assert st.current_player == USSR
    hand = len(st.hands[USSR])
    card = next(a for a in texts(st) if a.startswith("play"))
    st = do(st, card)
    st = step_until(st, "discard_step", USA)
    assert len(st.hands[USSR]) == hand


def test_rosie_puts_one_or_two_cards_under_the_deck():
    """Rosie the Riveter: in the US Discard step put 1 or 2 hand cards at the deck bottom."""
    st = scenario(
        USA,
        hand=["usa_build_army", "usa_sea_battle", "usa_land_battle"],
        table={USA: ["usa_rosie_the_riveter"]},
        reallocate=False,
    )
    st = do(st, "discard usa_build_army")
    st = step_until(st, "discard_step", USA)
    st = do(st, "use usa_rosie_the_riveter")
    assert "pass" not in texts(st)
    st = do(st, "bottom usa_sea_battle", "pass")
    assert st.decks[USA][0] == "usa_sea_battle"
    assert "use usa_rosie_the_riveter" not in texts(st)


def test_flexible_resources_plays_from_the_discard_pile():
    """Flexible Resources (seed): play any card from the US discard pile."""
    st = scenario(USA, hand=["usa_flexible_resources"], reallocate=False)
    st.discards[USA] = ["usa_build_army", *st.discards[USA]]
    st.decks[USA].remove("usa_build_army")
    st = do(st, "play usa_flexible_resources")
    assert "play usa_flexible_resources" not in texts(st)
    st = do(st, "play usa_build_army", "build canada")
    assert st.pieces["canada"] == (USA,)


def test_truk_supplies_the_central_pacific_area():
    """Truk (seed): Japanese pieces in or next to the Central Pacific count as supplied."""
    pieces = {**HOMES, "iwo_jima": (JPN,), "philippines": (JPN,)}
    st = scenario(JPN, pieces=pieces, hand=[], responses={JPN: ["jpn_truk"]})
    assert "iwo_jima" not in st.supplied(JPN)
    st = do(st, "use jpn_truk")
    assert st.pieces["iwo_jima"] == (JPN,) and st.pieces["philippines"] == (JPN,)


def test_superior_planning_reorders_the_top_four():
    """Superior Planning (seed): look at the top 4 cards and put them back in any order."""
    st = scenario(
        GER, hand=["ger_plunder"], table={GER: ["ger_superior_planning"]}, reallocate=False
    )
    st = do(st, "use ger_superior_planning")
    top4 = sorted(st.decks[GER][-4:])
    wanted = st.decks[GER][-4]
    assert sorted({a.split()[1] for a in texts(st)}) == sorted(set(top4))
    st = do(st, f"choose {wanted}")
    assert st.decks[GER][-1] == wanted and sorted(st.decks[GER][-4:]) == top4


def test_autobahn_removes_and_rebuilds_one_at_a_time():
    """The Autobahn (seed): each German army may be removed and built again, one at a time."""
    pieces = {**HOMES, "eastern_europe": (GER,)}
    st = scenario(GER, pieces=pieces, hand=["ger_autobahn"], reallocate=False)
    st = do(st, "play ger_autobahn")
    assert texts(st) == ["remove germany", "remove eastern_europe", "pass"]
    st = do(st, "remove eastern_europe", "build western_europe")
    assert st.pieces["eastern_europe"] == () and st.pieces["western_europe"] == (GER,)
    assert texts(st) == ["remove germany", "pass"]


def test_broad_front_battles_the_snapshot():
    """Broad Front: up to 3 battles against start-of-turn Soviet armies next to German armies."""
    pieces = {**HOMES, "eastern_europe": (GER,), "ukraine": (USSR,), "russia": (USSR,)}
    st = scenario(GER, pieces=pieces, hand=["ger_broad_front"], reallocate=False)
    st = do(st, "play ger_broad_front")
    assert texts(st) == ["battle ukraine soviet_union", "battle russia soviet_union", "pass"]
    st = do(st, "battle ukraine soviet_union")
    assert st.pieces["ukraine"] == () and "battle ukraine" in texts(st)


CARDS = default_cards()


@pytest.mark.parametrize("cid", sorted(c for c, card in CARDS.cards.items() if not card.basic))
def test_every_special_card_plays_from_a_busy_board(cid):
    """Every special card can be played by its nation on a busy board, and whatever follows keeps
    the rules' invariants; an implemented Event/EW changes the game, an unimplemented card is
    listed in docs/rules/qmg.md and changes nothing but its place."""
    card = CARDS.card(cid)
    n = card.nation
    pieces = board(
        ukraine=(GER,),
        western_europe=(GER,),
        north_sea=(UK,),
        mediterranean=(ITA,),
        balkans=(ITA,),
        china=(JPN,),
        sea_of_japan=(JPN,),
        north_africa=(UK,),
        india=(UK,),
        russia=(USSR,),
        hawaii=(USA,),
        east_pacific=(USA,),
    )
    st = scenario(n, pieces=pieces, hand=[cid], reallocate=False)
    assert f"play {cid}" in texts(st)
    st = do(st, f"play {cid}")
    for _ in range(60):
        if st.nation != n or st.stack[-1].op in ("discard_step",):
            break
        st.check_invariants()
        st = gamelib.play(st, st.legal_actions()[0])
    st.check_invariants()
    place = {"status": st.table[n], "response": st.responses[n]}.get(card.type, st.discards[n])
    assert cid in place or cid in st.discards[n]


def test_unimplemented_cards_are_listed_in_the_doc():
    """Cards whose special effect is not implemented are named in docs/rules/qmg.md."""
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "rules" / "qmg.md").read_text(encoding="utf-8")
    missing = [c for c, card in CARDS.cards.items() if not card.implemented]
    for cid in missing:
        assert f"`{cid}`" in doc, cid
