"""A tiny hidden-hand card game that exercises the contract in the generic tests.

"High card": cards 1..9 are shuffled and three dealt to each player; in turn each player plays a
card face up; the highest card of a round wins it; after three rounds the most rounds wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import Catalog, Game, Options, Outcome, Rng, State, Term, View, option
from gamelib.core.registry import GAMES

__all__ = ["ToyAction", "ToyGame", "ToyView", "register"]


@dataclass(frozen=True)
class ToyOptions(Options):
    """Options of the toy game."""

    players: int = option(2, choices=range(2, 4), doc="number of players")


@dataclass(frozen=True)
class ToyAction:
    """Play the card ``card``."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class ToyView(View):
    """What a seat sees: its own hand (all hands for the teacher), hand sizes, the table."""

    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[int, int], ...]
    wins: tuple[int, ...]


MESSAGES = Catalog(
    {
        "deal": {"en": "{name} is dealt {cards}", "ja": "{name}に{cards}が配られた"},
        "play": {"en": "{name} plays {card}", "ja": "{name}が{card}を出す"},
        "win": {"en": "{name} wins the round with {card}", "ja": "{name}が{card}で勝つ"},
    }
)


class ToyState(State[ToyAction]):
    """State of the toy game."""

    def __init__(self, game: ToyGame, seed: int, rng: Rng) -> None:
        super().__init__(game, seed, rng)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        n = game.players
        self.hands = [sorted(deck[3 * i : 3 * i + 3]) for i in range(n)]
        self.table: list[tuple[int, int]] = []
        self.wins = [0] * n
        self.leader = 0
        for i, hand in enumerate(self.hands):
            self.add_log("deal", player=i, visible_to={i}, name=self.name(i), cards=tuple(hand))

    def name(self, seat: int) -> str:
        """The seat's name."""
        return self.game.seat_names()[seat]

    @property
    def current_player(self) -> int | None:
        if self.outcome() is not None:
            return None
        return (self.leader + len(self.table)) % self.game.players

    def legal_actions(self) -> list[ToyAction]:
        player = self.current_player
        return [] if player is None else [ToyAction(c) for c in self.hands[player]]

    def why_illegal(self, action: ToyAction) -> str:
        return f"you do not hold the card {getattr(action, 'card', action)}"

    def _apply(self, action: ToyAction) -> None:
        player = self.current_player
        assert player is not None
        self.hands[player].remove(action.card)
        self.table.append((player, action.card))
        self.add_log("play", player=player, kind="action", name=self.name(player), card=action.card)
        if len(self.table) == self.game.players:
            winner, card = max(self.table, key=lambda pc: pc[1])
            self.wins[winner] += 1
            self.leader = winner
            self.table = []
            self.add_log("win", player=winner, name=self.name(winner), card=card)

    def view(self, player: int | None) -> ToyView:
        return ToyView(
            **self.base_view_fields(player),
            hands=tuple(
                tuple(h) if player is None or player == i else None
                for i, h in enumerate(self.hands)
            ),
            hand_sizes=tuple(len(h) for h in self.hands),
            table=tuple(self.table),
            wins=tuple(self.wins),
        )

    def outcome(self) -> Outcome | None:
        if any(self.hands) or self.table:
            return None
        best = max(self.wins)
        winners = tuple(i for i, w in enumerate(self.wins) if w == best)
        return Outcome(tuple(float(w) for w in self.wins), winners, "most rounds won")

    def sample_world(self, player: int, rng: Rng | int) -> ToyState:
        """Deal the others' hands anew from the cards ``player`` has not seen."""
        world, deal = self._world_base(player, rng)
        played = {int(text.split()[1]) for text in self.history}
        unseen = sorted(set(range(1, 10)) - played - set(self.hands[player]))
        deal.shuffle(unseen)
        for i, hand in enumerate(world.hands):
            if i != player:
                world.hands[i] = sorted(unseen.pop() for _ in hand)
        return world

    def check_invariants(self) -> None:
        cards = [c for h in self.hands for c in h] + [c for _, c in self.table]
        assert len(cards) == len(set(cards)), "a card is in two places"


class ToyGame(Game[ToyState]):
    """The toy game."""

    id = "toy"
    title = Term("High card", "ハイカード")
    options_type = ToyOptions
    messages = MESSAGES

    def _initial_state(self, seed: int, rng: Rng) -> ToyState:
        return ToyState(self, seed, rng)

    def all_actions(self) -> list[ToyAction]:
        return [ToyAction(c) for c in range(1, 10)]

    def max_length(self) -> int:
        return 3 * self.players

    def score_bounds(self) -> tuple[float, float]:
        return (0.0, 3.0)

    def observation_size(self) -> int:
        return 18 + self.players

    def observe(self, view: View) -> list[float]:
        """Own hand (9 flags), cards on the table (9 flags), rounds won per seat."""
        assert isinstance(view, ToyView) and view.viewer is not None
        own = view.hands[view.viewer] or ()
        table = {c for _, c in view.table}
        return (
            [float(c in own) for c in range(1, 10)]
            + [float(c in table) for c in range(1, 10)]
            + [float(w) for w in view.wins]
        )


def register() -> None:
    """Make ``gamelib.load("toy")`` work (tests only)."""
    GAMES["toy"] = "tests.toy_game:ToyGame"
