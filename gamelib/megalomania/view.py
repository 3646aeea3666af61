"""What one Megalomania player may see (:class:`MegalomaniaView`); ``viewer=None`` sees all.

Public: the round, dealer, dominant colour and mission; the trick in play (:class:`Play` records
with powers, its lead colour and :class:`TrickStatus`); the last trick; captured tricks, crystals,
cubes and scrolls of every player; scores per round; hand counts, face-up cards and face-down
counts. Private: the viewer's own hand, fixed play order (mission 15), pile (mission 24), cards
being passed (mission 25) and the cards of other hands the viewer knows (a hand given to the
partner, passed cards). The teacher (``viewer=None``) also gets every hand in ``hands``.

``round_tricks`` holds the round's finished tricks as played (public :class:`Play` records with
powers and Oracle colours), oldest first, so the odds read the round without parsing the log;
``rule_options`` are the game's options (to rebuild an equal game); ``teams`` lists the pair-play
teams (one per seat without pair play); ``wizard_choice`` is the Wizard's last-fallback rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamelib.core.state import View
from gamelib.megalomania.actions import ScrollKind
from gamelib.megalomania.cards import Card, Colour
from gamelib.megalomania.missions import Mission
from gamelib.megalomania.powers import Play, TrickStatus

__all__ = ["PHASES", "RECONSTRUCTION_NOTE", "MegalomaniaView"]

PHASES = (
    "resources", "order", "split", "choose_pile", "pass", "play", "explorer", "peasant", "over",
)
"""Phases: choosing resources, mission setup steps (15 order, 24 split and choose_pile, 25 pass),
playing cards, the Explorer's return choice, the Peasant's leader choice, and the game over."""

RECONSTRUCTION_NOTE = (
    "Reconstructed (not in the rule text): dominant colour rotates blue→yellow→red→black from a "
    "random start; each round every player takes 3 resource tokens split between crystals and "
    "cubes (before the deal; after it on missions 15, 20, 21, 24, 25); a cube changes a value by "
    "2, at most one per card; scrolls: each player starts with one and draws one after a round "
    "with negative points (crystal scroll: +2 crystals, cube scroll: +2 cubes, one per round); "
    "unstated fixed mission points; pair missions redrawn with fewer than 4 players, mission 8 "
    "redrawn with 2; pair play (option) pools partners' scores; undealt cards set aside face "
    "down. "
    "See docs/rules/megalomania.md."
)


@dataclass(frozen=True)
class MegalomaniaView(View):
    """A seat's (or the teacher's) view of a Megalomania game. Seats are 0-based and clockwise:
    the next player is ``seat + 1``; the right neighbour is ``seat - 1``."""

    reconstruction_note: str
    round: int
    rounds: int
    dealer: int
    dominant: Colour | None
    mission: Mission | None
    phase: str
    trick_number: int
    tricks_in_round: int
    leader: int | None
    trick: tuple[Play, ...]
    lead_colour: Colour | None
    trick_status: TrickStatus | None
    last_trick: tuple[Play, ...]
    last_trick_winner: int | None
    captured: tuple[tuple[tuple[Card, ...], ...], ...]
    tricks_won: tuple[int, ...]
    crystals: tuple[int, ...]
    cubes: tuple[int, ...]
    scrolls: tuple[tuple[ScrollKind, ...], ...]
    scroll_deck: int
    round_missions: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    negative_points: tuple[int, ...]
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    revealed: tuple[tuple[Card, ...], ...]
    face_down_counts: tuple[int, ...]
    known_cards: tuple[tuple[Card, ...], ...]
    play_order: tuple[Card, ...]
    pile: tuple[Card, ...]
    passing: tuple[Card, ...]
    set_aside_count: int
    own_set_aside: tuple[Card, ...]
    partners: tuple[int | None, ...]
    explorer_card: Card | None
    next_leader: int | None
    explorer_pool: int
    cube_step: int
    wizard_choice: bool = True
    teams: tuple[tuple[int, ...], ...] = ()
    round_tricks: tuple[tuple[Play, ...], ...] = ()
    rule_options: tuple[tuple[str, Any], ...] = ()

    def is_my_turn(self) -> bool:
        """Whether the viewer is the player to act."""
        return self.viewer is not None and self.viewer == self.current_player
