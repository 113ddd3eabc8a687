"""Staged games for the campaign notebook and the epic-and-teams notebook.

The notebooks show real engine states; this module builds the ones that take more than a line:

* ``advance``: let bots play until a condition holds (``wave_over``, ``wave_begins(2)``), and
  keep every event on the way, so a cell can print just the ones it talks about;
* ``deck_levels`` / ``upgrade_draws``: what the campaign board deals (undead per wave deck,
  upgrade cards per player after a wave);
* ``give`` / ``staged_campaign`` / ``staged_turn``: hand out upgrade cards the way an upgrade
  phase would (each takes the place of a weapon) and play a turn, to show the abilities;
* ``staged_result``: who holds a wave's title, and who gets its card, if the players ended
  with chosen scores (the epic and team tie rules);
* ``epic_pair`` / ``labels_for`` / ``epic_turn`` / ``trophy_takers``: an epic game opening
  with a chosen pair of undead; one epic turn played with given values, and who took
  which of the two undead (the epic exercise's truth comes from here, not from a hard-coded
  answer);
* ``RULEBOOK_FINAL_SCORING``: the rulebook's end-of-campaign example as data;
* ``play_campaign`` / ``campaign_stats``: the many-campaigns study of the campaign notebook
  (on a fast path that the tests prove reaches the same states as ``game.apply``).

Nothing here imports Jupyter; the notebooks draw and print.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.actions import seat_name, seat_option
from ...core.bots import Bot, play_out
from ...core.events import Event
from ...core.registry import load
from .bots import CarefulBot, GreedyBot
from .data import components, upgrades
from .state import BoneToPickState, TurnRecord, WaveResult

if TYPE_CHECKING:
    from .game import BoneToPick

Stop = Callable[[BoneToPickState], bool]


def _game() -> BoneToPick:
    return load("bone_to_pick")  # type: ignore[return-value]


# ---- letting bots play ---------------------------------------------------------------------------

def careful_bots(players: int) -> dict[int, Bot]:
    """A ``CarefulBot`` in every seat, each seeded by its seat number (seat 0: seed 0).

    With these seeds the bots play the same game as a ``Table`` of "careful" seats with
    ``seed=0`` (the Table seeds seat ``i``'s bot with ``100 * seed + i``)."""
    return {seat: CarefulBot(seed=seat) for seat in range(players)}


def advance(state: BoneToPickState, bots: Mapping[int, Bot], stop: Stop
            ) -> tuple[BoneToPickState, list[Event]]:
    """Let ``bots`` act until ``stop(state)`` is true or the game is over.

    Returns the state reached and every event on the way, in order (the secret ones too:
    filter with ``bonekit.core.events.events_for`` for what one seat saw).
    """
    game = _game()
    events: list[Event] = []
    while not stop(state) and not game.is_over(state):
        seat = game.to_move(state)[0]
        state, new = game.apply(state, bots[seat].choose(game, state, seat))
        events += new
    return state, events


def wave_over(state: BoneToPickState) -> bool:
    """A ``stop`` for ``advance``: the current wave has ended (its result is recorded)."""
    return len(state.results) >= state.wave


def wave_begins(wave: int) -> Stop:
    """A ``stop`` for ``advance``: wave ``wave`` has begun (the upgrade phase before it is over)."""
    return lambda state: state.wave >= wave


def deck_levels(state: BoneToPickState) -> list[dict[str, int]]:
    """How many easy, medium and hard undead each wave's deck holds (the all-seeing view):
    the deck in play (with its revealed card) first, then the decks still waiting."""
    undead = components().undead
    decks = [([state.current] if state.current else []) + state.deck] + state.wave_decks
    return [{level: sum(undead[u].level == level for u in deck) for level in ("easy", "medium", "hard")}
            for deck in decks]


def upgrade_draws(players: int, won: bool, titled: Iterable[int | str]) -> dict[str, int]:
    """How many upgrade cards each player draws after a wave, from the campaign board's draw
    table (the one the engine reads): ``titled`` are the title holders (tied players count as
    holders), as seat numbers or names like "P2"."""
    draws = components().raw["campaign"]["draws"]
    holders = {seat_option(s, players, "a title holder") for s in titled}
    if won:
        n = {True: draws["legend"], False: draws["others_on_victory"]}
    else:
        n = {True: draws["scapegoat"], False: draws["others_on_defeat"]}
    return {seat_name(s): n[s in holders] for s in range(players)}


# ---- upgrades handed out by hand -----------------------------------------------------------------

HandOut = tuple[int | str, str, int]   # (seat or "P2", upgrade id, weapon value it replaces)


def give(state: BoneToPickState, hand_outs: Iterable[HandOut] | Mapping[int | str, str]
         ) -> BoneToPickState:
    """A copy of ``state`` in which players hold upgrades, as if an upgrade phase gave them.

    ``hand_outs`` is a mapping seat -> upgrade id (the upgrade replaces a 0) or a list of
    ``(seat, upgrade id, weapon)``; seats as 0-based numbers or names like "P2". Each upgrade
    takes a weapon's place in hand and counts as gained, exactly as a kept upgrade does.
    """
    game = _game()
    items = ([(seat, card, 0) for seat, card in hand_outs.items()]
             if isinstance(hand_outs, Mapping) else list(hand_outs))
    state = game.copy_state(state)
    cards = upgrades()
    for seat, card, weapon in items:
        seat = seat_option(seat, state.players, "a hand-out's seat")
        if card not in cards:
            raise ValueError(f"no upgrade card {card!r} (the kit's are U01 to U32)")
        if weapon not in state.hands[seat]:
            raise ValueError(f"{seat_name(seat)} has no weapon {weapon} to give up")
        state.hands[seat].remove(weapon)
        state.exchanged[seat].append(weapon)
        state.upgrades[seat].append(card)
        state.upgrades[seat].sort()
        state.kept[seat].append(card)
    return state


def staged_campaign(hand_outs: Iterable[HandOut] | Mapping[int | str, str], *, players: int = 4,
                    seed: int = 0, youngest: str = "P1") -> BoneToPickState:
    """A new campaign (wave 1, turn 1) in which the players already hold these upgrades."""
    fresh = _game().new(players, variant="campaign", seed=seed, youngest=youngest)
    return give(fresh, hand_outs)


def staged_turn(state: BoneToPickState, labels: Sequence[str]) -> TurnRecord:
    """The record of the turn that ``labels`` (one play per seat) finish from ``state``."""
    game = _game()
    for label in labels:
        state, _ = game.apply(state, label)
    return state.history[-1]


# ---- titles for chosen scores --------------------------------------------------------------------

def staged_result(state: BoneToPickState, scores: Sequence[int]) -> WaveResult:
    """The wave's title holders and card takers if the players ended a won wave with these
    ``scores``: each player's hand becomes one card of that value, with no trophies, no
    upgrades and no damage to the Haven. ``state`` itself is untouched."""
    game = _game()
    if len(scores) != state.players:
        raise ValueError(f"{state.players} scores needed, one per player; got {len(scores)}")
    staged = game.copy_state(state)
    staged.hands = [[int(v)] for v in scores]
    staged.upgrades = [[] for _ in scores]
    staged.trophies = [[] for _ in scores]
    staged.damage_row = []
    staged.prevented = 0
    return game.engine(staged).wave_result(staged)


# ---- one epic turn -------------------------------------------------------------------------------

def labels_for(plays: Sequence[int | str]) -> list[str]:
    """One ``play`` label per seat, in seat order: ``[10, 9]`` -> ``["P1 play 10", "P2 play 9"]``."""
    return [f"{seat_name(seat)} play {str(value).lower()}" for seat, value in enumerate(plays)]


def epic_pair(players: int, first: str, second: str, **options) -> BoneToPickState:
    """A new epic game whose first turn reveals ``first`` and ``second`` (undead ids, ``b`` for
    a second-box copy); the rest of the 20-card deck is filled up with other first-box undead
    in id order. The setup says the deck was stacked, as every ``deck=`` game does."""
    rest = [u for u in sorted(components().undead) if u not in (first, second)][:18]
    return _game().new(players, variant="epic", deck=[first, second, *rest], **options)


def epic_turn(state: BoneToPickState, plays: Sequence[int]) -> BoneToPickState:
    """``state`` after every seat plays its value from ``plays`` (seat order). If the best
    unique value's player must choose a trophy, they take the undead worth more trophy points
    (the first revealed on a tie), so the turn is finished."""
    game = _game()
    if len(plays) != state.players:
        raise ValueError(f"{state.players} plays needed, one per seat; got {len(plays)}")
    for label in labels_for(plays):
        state, _ = game.apply(state, label)
    if state.pending is not None:
        foes = [state.current, state.second]
        best = max(foes, key=lambda u: (game.data.undead[u].trophy, -foes.index(u)))
        state, _ = game.apply(state, f"{seat_name(state.pending.chooser)} take {best.lower()}")
    return state


def trophy_takers(state: BoneToPickState, plays: Sequence[int]) -> tuple[str | None, str | None]:
    """Who takes the first and who the second undead of the epic turn at ``state`` if the
    seats play ``plays``: player names (``names`` option), the same name twice if one player
    takes both, None where nobody takes one."""
    turn = epic_turn(state, plays).history[-1]

    def name(seat: int | None) -> str | None:
        return None if seat is None else state.names[seat]
    return name(turn.trophy_to), name(turn.second_to)


# ---- the rulebook's final scoring example --------------------------------------------------------

@dataclass(frozen=True)
class Finisher:
    """One player at the end of a campaign: undead defeated, title cards held as
    ``(kind, wave)``, and the victory points printed on their upgrades."""

    name: str
    defeated: int
    cards: tuple[tuple[str, int], ...]
    upgrade_points: int

    def card_points(self) -> list[int]:
        """The points of each title card held, from the kit's campaign board."""
        board = components().raw["campaign"]
        return [board["legend" if kind == "Legend" else "scapegoat"][wave - 1] for kind, wave in self.cards]

    @property
    def points(self) -> int:
        """Victory points: undead + title cards + upgrades."""
        return self.defeated + sum(self.card_points()) + self.upgrade_points

    @property
    def best_legend(self) -> int | None:
        """The most valuable Legend card held (None without one): the second tie-break."""
        board = components().raw["campaign"]
        legends = [board["legend"][w - 1] for kind, w in self.cards if kind == "Legend"]
        return max(legends, default=None)

    def sum_line(self) -> str:
        """The count written out, e.g. ``Pjotr: 12 + 2 - 5 + 11 = 20``."""
        points = [*self.card_points(), self.upgrade_points]
        terms = "".join(f" {'-' if p < 0 else '+'} {abs(p)}" for p in points)
        return f"{self.name}: {self.defeated}{terms} = {self.points}"


RULEBOOK_FINAL_SCORING = (
    Finisher("Pjotr", 12, (("Legend", 2), ("Scapegoat", 4)), 11),
    Finisher("Kate", 8, (("Legend", 1),), 15),
    Finisher("Mike", 13, (("Legend", 3),), 8),
)


# ---- many campaigns ------------------------------------------------------------------------------

BOT_TABLES: dict[str, Callable[[], dict[int, Bot]]] = {
    "4 careful": lambda: careful_bots(4),
    "3 careful + greedy": lambda: {**careful_bots(3), 3: GreedyBot()},
}


def play_campaign(table: str, seed: int, fast: bool = True) -> BoneToPickState:
    """The final state of a four-player campaign with seed ``seed``, played by ``BOT_TABLES[table]``.

    ``fast`` (the default, for studies) plays on the engine's fast path, ``game.playout``
    (one private copy changed in place, without events), instead of ``game.apply``'s checked
    step per action; the test suite shows both paths reach the same final state.
    """
    game = _game()
    start = game.new(4, variant="campaign", seed=seed)
    if not fast:
        return play_out(game, start, BOT_TABLES[table]())[0]
    return game.playout(start, BOT_TABLES[table](), max_actions=10_000)[0]


@dataclass(frozen=True)
class CampaignStats:
    """What a batch of finished campaigns shows (shares are fractions of ``campaigns``)."""

    campaigns: int
    wave_won: tuple[float, ...]       # per wave, the share of campaigns that won it
    winner_was_legend: float          # the campaign's winner (one of them) held a Legend card
    upgrades_per_player: float        # upgrades gained by the end, per player (at most 3)
    lost_waves: int                   # waves lost, over all campaigns and waves
    lone_scapegoats: int              # lost waves with a single Scapegoat
    all_scapegoats: int               # lost waves with every player tied as Scapegoat
    scapegoat_seats: dict[str, int]   # per seat: lost waves in which it was (one) Scapegoat


def campaign_stats(finals: Sequence[BoneToPickState]) -> CampaignStats:
    """Summarise finished campaigns (see ``CampaignStats``)."""
    game = _game()
    n = len(finals)
    if not n:
        raise ValueError("no campaigns to summarise")
    waves, players = finals[0].waves, finals[0].players
    won = [sum(g.results[w].result == "victory" for g in finals) / n for w in range(waves)]
    legend = sum(any(any(c.kind == "Legend" for c in g.cards[s]) for s in game.outcome(g).winners)
                 for g in finals) / n
    gained = sum(len(k) for g in finals for k in g.kept) / (players * n)
    lost = [r for g in finals for r in g.results if r.result == "defeat"]
    return CampaignStats(
        campaigns=n, wave_won=tuple(won), winner_was_legend=legend, upgrades_per_player=gained,
        lost_waves=len(lost), lone_scapegoats=sum(len(r.titled) == 1 for r in lost),
        all_scapegoats=sum(len(r.titled) == players for r in lost),
        scapegoat_seats={seat_name(s): sum(s in r.titled for r in lost) for s in range(players)})
