"""Megalomania (メガロマニア): trick-taking with card powers, resources and 25 missions.

Public API: :mod:`.cards` (Card, Colour, Rank, DECK), :mod:`.missions` (MISSIONS, Mission, Deal),
:mod:`.actions` (action types), :mod:`.powers` (Play, trick_winner, legal_plays, trick_status),
:mod:`.view` (MegalomaniaView), :mod:`.scoring` (mission_scores). Load the game with
``gamelib.load("megalomania", players=4)``.
"""

from __future__ import annotations

from gamelib.megalomania.cards import COLOURS, DECK, Card, Colour, Rank, parse_card, parse_cards
from gamelib.megalomania.missions import MISSIONS, Deal, Mission, mission
from gamelib.megalomania.powers import Play, legal_plays, trick_status, trick_winner

__all__ = [
    "COLOURS",
    "DECK",
    "MISSIONS",
    "Card",
    "Colour",
    "Deal",
    "Mission",
    "Play",
    "Rank",
    "legal_plays",
    "mission",
    "parse_card",
    "parse_cards",
    "trick_status",
    "trick_winner",
]
