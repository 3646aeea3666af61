"""Shortcuts of the rules engine equal what they replace: ``Combat.start`` builds the same combat
as the dataclass constructor and ``Combat.copy`` the same copy (fields, order, fresh lists), so
states made with them compare, fingerprint and pickle as before; ``_draw_up_to`` takes what
repeated draws would."""

from gamelib.rekkyo.state import Combat


def test_start_equals_the_constructor_field_for_field_in_order() -> None:
    made = Combat(attacker=1, defender=None, target="africa", route="sea",
                  attacker_held=("usa",), defender_held=())
    started = Combat.start(1, None, "africa", "sea", ("usa",), ())
    assert started == made
    assert list(started.__dict__.items()) == list(made.__dict__.items())


def test_start_gives_each_combat_lists_of_its_own() -> None:
    a = Combat.start(0, 1, "japan", "land", ("china",), ("japan",))
    b = Combat.start(0, 1, "japan", "land", ("china",), ("japan",))
    lists = [k for k, v in a.__dict__.items() if isinstance(v, list)]
    assert len(lists) == 9
    for k in lists:
        assert a.__dict__[k] is not b.__dict__[k]


def test_copy_equals_the_combat_field_for_field_in_order() -> None:
    combat = Combat.start(0, 1, "japan", "land", ("china",), ("japan",))
    combat.attacker_cards.append("t34")
    combat.rolls = [("t34", "attacker", 3, 3)]
    combat.attacker_total = 3
    copy = combat.copy()
    assert copy == combat
    assert list(copy.__dict__.items()) == list(combat.__dict__.items())
    assert copy.attacker_cards is not combat.attacker_cards
    assert copy.defender_cards is not combat.defender_cards


def test_draw_up_to_takes_what_repeated_draws_would() -> None:
    import gamelib

    game = gamelib.load("rekkyo")
    for k in (1, 2, 3, 5):
        for size in (1, 2, 3, 4, 9):  # never asked of an empty pile
            one, many = game.new_state(7), game.new_state(7)
            one.pile, many.pile = [f"c{i}" for i in range(size)], [f"c{i}" for i in range(size)]
            one.last_card_drawn = many.last_card_drawn = False
            singly = [one._draw() for _ in range(min(k, size))]
            assert many._draw_up_to(k) == singly
            assert many.pile == one.pile
            assert many.last_card_drawn == one.last_card_drawn
