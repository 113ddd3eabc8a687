"""Studies for the Bad Bones solo notebook, trap lab and advanced lab: whole solo games played
by a bot, round-by-round summaries, win rates by round count, trap-phase checks, puzzle
verdicts, and which Market shopping lists win the advanced game.

Pure engine code (no Jupyter import): the notebooks print what these functions return, and
``bonekit.widgets.lessons.bad_bones_lab`` wraps the puzzle verdict for the exercise checker.

    from bonekit.games.bad_bones.studies import solo_study, win_rates
    study = solo_study(games=200, rounds=10)   # bonekit.simulate: one row per deal
    win_rates(study, (3, 5, 10))               # {3: 0.94, 5: 0.58, 10: 0.04}, say

``solo_study`` plays many deals through ``bonekit.simulate`` (so it runs on local processes or
a Dask cluster too, with the same table), seeding the bot of the game dealt from seed ``s`` as
``bot_seed(s, 0)`` like a Table would. The single-game helpers (``solo_game``, ``solo_position``,
``defeat_round``) seed their bot with the deal's seed itself, as the notebook's
``GuardBot(seed=35)`` does. GuardBot breaks ties between equally good moves at random, so a
study's game of a seed is not always the game those helpers play from the same seed; pass
``bot=lambda s: GuardBot(bot_seed(s, 0))`` to them for the study's game.

A solo study plays each seed once, over the longest round count. A solo game of fewer rounds
is the same game cut short (the deal depends on the seed only, and GuardBot never looks at the
round count), so a seed wins the n-round challenge exactly when its long game was not lost in
rounds 1 to n. The tests check that shortcut against games played at each length.

The advanced game's lab asks which shopping lists win: ``shopping_study(KITS, games=30)``
seats a GuardBot buying each list against GuardBots buying the default one, on the same deals
and in every seat in turn; ``study.rows()`` feeds ``bar_chart`` and ``study.table()`` prints.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.simulate import BotSpec, Progress, Results, simulate
from ...core.words import short
from .board import item_words, on_board
from .bots import GuardBot, shopping_list
from .market import COST, WEAPONS
from .puzzles import Puzzle, trace
from .puzzles import check as puzzle_check
from .puzzles import run as puzzle_run
from .state import BadBonesState

_SEATED = re.compile(r"\s*p\d", re.IGNORECASE)  # a label that names its seat ("P1 pass")
BotFactory = Callable[[int], Any]
"""Makes the bot for a seed: ``GuardBot`` itself, or ``lambda seed: GuardBot(seed, depth=1)``."""


def _game() -> Any:  # the BadBonesGame (its playout takes actions=, the base Game's does not)
    from ...core.registry import load
    return load("bad_bones")


class Counts(NamedTuple):
    """Where a board's skeletons are: on the 25 squares, waiting in the forests, in the cemetery."""

    squares: int
    forests: int
    cemetery: int


def counts(state: BadBonesState, seat: int = 0) -> Counts:
    """How many skeletons stand on ``seat``'s squares, wait in its forests and lie in its cemetery."""
    board = state.boards[seat]
    on_squares = sum(1 for s in board.skeletons.values() if on_board(s.r, s.c))
    return Counts(on_squares, len(board.skeletons) - on_squares, len(board.cemetery))


def traps_on_board(state: BadBonesState, seat: int = 0) -> str:
    """The traps on a board as ``C@d3 w@c4``: initial letter, upper case intact, lower case
    damaged, then the square; ``-`` when there are none."""
    traps = state.boards[seat].traps
    return " ".join(f"{t.kind[0].lower() if t.damaged else t.kind[0].upper()}@{sq}"
                    for sq, t in sorted(traps.items())) or "-"


def hero_kills(events: Iterable[Event]) -> int:
    """Skeletons the hero destroyed in ``events``: where he stepped, and those walking into him."""
    total = 0
    for e in events:
        if e.kind == "hero":
            total += e.data.get("killed", 0)
        elif e.kind == "hero_kill":
            total += 1
    return total


def drawn(events: Iterable[Event]) -> int:
    """Skeletons drawn from the bag in phase 4 (bad_bones.phase.new) in ``events``."""
    return sum(len(e.data["drawn"]) for e in events if e.kind == "draw")


def play_round(state: BadBonesState, bot: Any, seat: int = 0) -> tuple[BadBonesState, list[Event]]:
    """Let ``bot`` play until the next round begins (or the game ends); the state reached and
    every event on the way."""
    game = _game()
    start, everything = state.round, []
    while not game.is_over(state) and state.round == start:
        state, events = game.apply(state, bot.choose(game, state, seat))
        everything += events
    return state, everything


@dataclass(frozen=True)
class RoundSummary:
    """One round of a solo game: where the skeletons were when it began (``squares``,
    ``forests``, ``cemetery``), the hero's square and the traps on the board then (see
    ``traps_on_board``), and how many skeletons were ``drawn`` and ``killed`` during it."""

    round: int
    squares: int
    forests: int
    cemetery: int
    hero: str
    traps: str
    drawn: int
    killed: int


def play_rounds(state: BadBonesState, bot: Any, seat: int = 0) -> tuple[BadBonesState, list[RoundSummary]]:
    """Play rounds with ``bot`` to the end of the game; the final state and one summary per round."""
    game = _game()
    rows = []
    while not game.is_over(state):
        here, hero, traps = counts(state, seat), state.boards[seat].hero, traps_on_board(state, seat)
        number = state.round
        state, events = play_round(state, bot, seat)
        rows.append(RoundSummary(number, *here, hero or "-", traps, drawn(events), hero_kills(events)))
    return state, rows


def round_table(rows: Sequence[RoundSummary],
                columns: Sequence[str] = ("round", "squares", "forests", "hero", "traps")) -> str:
    """``rows`` as a text table with the given ``RoundSummary`` fields as columns: numbers and
    squares right-aligned, the list of traps left-aligned."""
    table = [list(columns)] + [[str(getattr(r, c)) for c in columns] for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(columns))]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(w) if column == "traps" else cell.rjust(w)
                         for cell, w, column in zip(cells, widths, columns)).rstrip()
    return "\n".join(line(cells) for cells in table)


def solo_game(seed: int, rounds: int = 10, heroic: bool = False,
              bot: BotFactory = GuardBot) -> tuple[BadBonesState, list[Action]]:
    """A whole solo game (seed ``seed``, ``rounds`` rounds) played by ``bot(seed)``: the final
    state and the actions taken, ready for a ``Replay``."""
    game = _game()
    state = game.new(1, "solo", seed=seed, rounds=rounds, heroic=heroic)
    actions: list[Action] = []
    final, _ = game.playout(state, {0: bot(seed)}, actions=actions)  # the simulation path
    return final, actions


def solo_position(seed: int, round: int, phase: str = "traps", rounds: int = 10,
                  bot: BotFactory = GuardBot) -> BadBonesState:
    """The solo game of ``seed`` as ``bot(seed)`` plays it, stopped when ``round`` reaches
    ``phase`` ("hero", "traps" or "move") with no choice pending: a real position to study.
    Raises ValueError if the game ends before that."""
    game = _game()
    state = game.copy_state(game.new(1, "solo", seed=seed, rounds=rounds))
    player = bot(seed)
    while not (state.round == round and state.phase == phase and not state.pending[0]):
        if game.is_over(state) or state.round > round:
            raise ValueError(f"the seed-{seed} game never reaches round {round}, phase {phase}")
        game.step_fast(state, player.choose(game, state, 0))  # the simulation path, in place
    return state


def lost_in(game: Any, final: BadBonesState) -> int | None:
    """The round in which the finished solo game ``final`` was lost, or None if it was won
    (a fall during the heroic ending is still a victory, see ``bad_bones.ruling.heroic``)."""
    return final.round if game.outcome(final).result == "defeat" else None


def defeat_round(seed: int, rounds: int = 10, bot: BotFactory = GuardBot) -> int | None:
    """The round in which ``bot`` loses the solo game of ``seed`` over ``rounds`` rounds, or
    None if it survives them."""
    final, _ = solo_game(seed, rounds, bot=bot)
    return lost_in(_game(), final)


def defeat_column(game: Any, final: BadBonesState) -> dict[str, int | None]:
    """The ``measure`` of ``solo_study`` for ``bonekit.simulate``: a ``defeat_round`` column
    (see ``lost_in``). Module level, so worker processes can import it."""
    return {"defeat_round": lost_in(game, final)}


def solo_study(games: int = 200, rounds: int = 10, seed: int = 0, bot: BotSpec = GuardBot,
               heroic: bool = False, workers: int | None = 1, client: Any = None,
               progress: Progress | None = None) -> Results:
    """Many solo games of ``bot`` through ``bonekit.simulate``: the deals of seeds ``seed`` to
    ``seed + games - 1``, ``rounds`` rounds each, one row per game with the usual columns
    (``seed``, ``result``, ``actions``...) and ``defeat_round`` (None for a won game).

    ``bot``: a bot factory (``GuardBot``, or ``functools.partial(GuardBot, depth=1)``) or a
    name from ``game.bots``; it is built as ``bot(bot_seed(s, 0))`` for the deal of seed ``s``.
    ``workers``, ``client`` and ``progress`` are ``simulate``'s: the table is the same for any
    number of workers, and ``progress(done, total)`` hears of every finished chunk (pass
    ``progress_bar(games)`` from ``bonekit.widgets.teaching`` in a notebook)."""
    return simulate(_game(), [bot], games=games, seed=seed, variant="solo", workers=workers,
                    client=client, progress=progress, measure=defeat_column,
                    rounds=rounds, heroic=heroic)


Defeats = Mapping[int, int | None] | Results
"""Each seed's defeat round (None: won): a ``solo_study`` table or a mapping seed -> round."""


def defeats(study: Defeats) -> dict[int, int | None]:
    """``study`` as a mapping seed -> defeat round (None for a won game)."""
    if isinstance(study, Results):
        return {row["seed"]: row["defeat_round"] for row in study}
    return dict(study)


def win_rates(study: Defeats, round_counts: Iterable[int]) -> dict[int, float]:
    """The share of games won over each round count, from each seed's defeat round over the
    longest count (a ``solo_study`` table, or seed -> ``defeat_round``; see the module
    docstring): a seed wins n rounds unless it fell in 1..n."""
    lost = defeats(study)
    total = len(lost)
    if not total:
        raise ValueError("no games to count")
    return {n: sum(1 for r in lost.values() if r is None or r > n) / total for n in round_counts}


def defeats_by_round(study: Defeats) -> dict[int, int]:
    """How many games were lost in each round (only rounds with a defeat, in order)."""
    lost = Counter(r for r in defeats(study).values() if r is not None)
    return dict(sorted(lost.items()))


def won_seeds(study: Defeats) -> list[int]:
    """The seeds whose games were won, in order."""
    return sorted(seed for seed, r in defeats(study).items() if r is None)


def holds_the_round(state: BadBonesState, label: str | Action, seat: int = 0) -> tuple[bool, str]:
    """Play ``label`` in ``state`` (a trap-phase decision, say), let GuardBot make the rest of
    the round's moves and choices, and say whether the tower and the village still stand when
    the round ends: ``(True, what happened)`` or ``(False, why not)``. An illegal or unreadable
    label is a ``False`` with the engine's reason, never an exception."""
    game = _game()
    if isinstance(label, str) and not _SEATED.match(label):
        label = f"P{seat + 1} {label.strip()}"  # "place wall b3 /" reads as the seat's action
    try:
        after, events = game.apply(state, label)
    except IllegalAction as e:
        return False, f"{e.reason} [rule {e.rule}]"
    after, rest = play_round(after, GuardBot(state.seed), seat)
    events = list(events) + rest
    loss = next((e for e in events if e.kind in ("floor", "house")), None)
    if loss is not None:
        return False, f"{_story(loss.text)} [rule {loss.rule}]"
    board = after.boards[seat]
    return True, (f"The tower ({_count(board.floors, 'floor')}) and the village "
                  f"({_count(board.houses, 'house')}) still stand at the end of round {state.round}.")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _story(text: str) -> str:
    text = text.split(": ", 1)[1] if text.startswith("P1: ") else text
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class PuzzleVerdict:
    """What a set of placements does to a trap-lab puzzle: ``solved``, a ``message`` saying
    why or why not (with the rule section of the first loss), and ``paths``, the table of where
    each skeleton walked (None when the placements cannot be made at all)."""

    solved: bool
    message: str
    paths: str | None


def puzzle_verdict(puzzle: Puzzle, placements: Any) -> PuzzleVerdict:
    """Judge ``placements`` for ``puzzle`` with the puzzles' own checker; never raises.
    Forgives case and spacing inside a placement (``("Wall", " B3 ", "/")``)."""
    placements = _tidy(placements)
    try:
        solved, message = puzzle_check(puzzle, placements)
    except Exception as e:  # a learner's odd value must come back as a verdict, not a traceback
        return PuzzleVerdict(False, f"Not a legal set of traps: {e}", None)
    paths = None
    if not message.startswith("Not a legal"):
        start, frames = puzzle_run(puzzle, placements)
        paths = trace(start, frames, puzzle.start())
    for prefix in ("Solved! ", "Not yet: "):
        if message.startswith(prefix):
            message = message[len(prefix)].upper() + message[len(prefix) + 1:]
    if not message.endswith((".", "!", "]")):
        message += "."
    return PuzzleVerdict(solved, message, paths)


def _tidy(placements: Any) -> Any:
    """Placements with their words in lower case and without spaces; anything else unchanged."""
    if not isinstance(placements, (list, tuple)):
        return placements
    return [tuple(x.strip().lower() if isinstance(x, str) else x for x in p)
            if isinstance(p, (list, tuple)) else p for p in placements]


# ---- the advanced game's Market: which shopping lists win ----------------------------------------
KITS: dict[str, tuple[str, ...]] = {
    "basic kit": ("dragon", "catapult", "catapult", "wall", "wall"),
    "weapon first": ("two_handed_sword", "dragon", "catapult", "catapult", "wall"),
    "bombs and barricades": ("bomb", "barricade", "dragon", "catapult", "wall"),
    "labyrinth and hearse": ("labyrinth", "hearse", "dragon", "wall", "wall"),
    "springs and portals": ("spring", "portal", "catapult", "catapult", "wall", "wall"),
    "new traps only": ("bomb", "barricade", "hearse", "labyrinth", "portal"),
}
"""Named shopping lists for ``shopping_study`` (kit data, our own choices): each costs at most
the 20 coins a player starts with and the two-player Market stocks all of it. "basic kit" is
the basic game's traps (17 coins); the others swap part of it for a weapon or the new traps.
A ``GuardBot(shopping=...)`` buys its list in order, then spends what is left on the dearest
trap it can afford (see ``bots.shop``). For the even line of a chart, add GuardBot's own list:
``{"GuardBot's list": bots.SHOPPING_LIST, **KITS}``."""


def kit_cost(items: Sequence[str]) -> int:
    """What ``items`` cost at the Market, in coins ("weapon": the dearest weapon it could be)."""
    return sum(max(COST[w] for w in WEAPONS) if item == "weapon" else COST[item] for item in items)


def market_column(game: Any, final: BadBonesState) -> dict[str, Any]:
    """The ``measure`` of ``shopping_study`` for ``bonekit.simulate``: the round the game ended
    in (``rounds``) and every seat's purchases in order (``bought``). Module level, so worker
    processes can import it."""
    return {"rounds": final.round, "bought": final.market.bought if final.market else ()}


@dataclass(frozen=True)
class ShoppingResult:
    """How one shopping list did in ``shopping_study`` at a table of ``players``: the ``games``
    it played, its ``wins`` (games its seat was among the winners: a shared first place
    counts) and ``win_rate``, the ``draws`` (games nobody won: every tower or village fell in
    the same round), its ``mean_score`` (the final score, 0 when eliminated), the games'
    ``mean_rounds``, and ``bought``: every item it bought with how many per game, most bought
    first (the list's own items and whatever its leftover coins bought)."""

    name: str
    items: tuple[str, ...]
    players: int
    games: int
    wins: int
    win_rate: float
    draws: int
    mean_score: float
    mean_rounds: float
    bought: tuple[tuple[str, float], ...]

    @property
    def even(self) -> float:
        """The win rate of a list exactly as good as its opponents': the games somebody won,
        shared out evenly between the players."""
        return (1 - self.draws / self.games) / self.players if self.games else 0.0

    def top(self, n: int = 3) -> str:
        """The ``n`` most bought items in words: "wall 2, catapult 2, dragon 1"."""
        return ", ".join(f"{item_words(item)} {count:g}" for item, count in self.bought[:n])


@dataclass(frozen=True)
class ShoppingStudy:
    """The result of ``shopping_study``: one ``ShoppingResult`` per list (``results``, in the
    order given) and, per list, the ``simulate`` tables it was played in (``tables``: one
    per seat it took, in the order of ``seats``, each (seat, first seed, games))."""

    players: int
    games: int
    seed: int
    results: tuple[ShoppingResult, ...]
    seats: tuple[tuple[int, int, int], ...]
    tables: dict[str, tuple[Results, ...]]

    def result(self, name: str) -> ShoppingResult:
        """The result of the list called ``name``."""
        for r in self.results:
            if r.name == name:
                return r
        raise KeyError(f"no shopping list called {name!r}; the study has "
                       f"{', '.join(r.name for r in self.results)}")

    def rows(self, column: str = "win_rate") -> dict[str, float]:
        """One number per list, by name, ready for ``bar_chart`` (``bonekit.widgets.teaching``):
        ``win_rate`` (the default), ``wins``, ``draws``, ``mean_score`` or ``mean_rounds``."""
        if column not in _COLUMNS:
            raise ValueError(f"no column {short(column)}; choose {', '.join(_COLUMNS)}")
        return {r.name: getattr(r, column) for r in self.results}

    def table(self) -> str:
        """The results as a text table: list, games, wins, win rate, draws, mean score and
        rounds, and the three items it bought most."""
        head = ["list", "games", "wins", "win rate", "draws", "score", "rounds", "bought most (per game)"]
        body = [[r.name, str(r.games), str(r.wins), f"{r.win_rate:.0%}", str(r.draws), f"{r.mean_score:.1f}",
                 f"{r.mean_rounds:.1f}", r.top()] for r in self.results]
        widths = [max(len(line[i]) for line in [head, *body]) for i in range(len(head))]
        left = {0, len(head) - 1}
        return "\n".join("  ".join(cell.ljust(w) if i in left else cell.rjust(w)
                                    for i, (cell, w) in enumerate(zip(line, widths))).rstrip()
                         for line in [head, *body])


_COLUMNS = ("win_rate", "wins", "draws", "mean_score", "mean_rounds")


def seatings(games: int, players: int, seed: int = 0) -> tuple[tuple[int, int, int], ...]:
    """How ``shopping_study`` seats a list for ``games`` games: (seat, first seed, games) for
    each seat. Every seat replays the same deals from ``seed`` on (duplicate play: a list
    meets each deal from every side), as evenly as the count allows (the first seats take
    one more); seats without a game are left out."""
    base, extra = divmod(games, players)
    return tuple((seat, seed, n) for seat in range(players)
                 for n in [base + (1 if seat < extra else 0)] if n)


def shopping_study(lists: Mapping[str, Sequence[str]], games: int = 100, players: int = 2, seed: int = 0,
                   progress: Progress | None = None, workers: int | None = 1, client: Any = None,
                   **bot_options: Any) -> ShoppingStudy:
    """Which shopping lists win the advanced game: each named list is bought by a GuardBot
    (``GuardBot(shopping=list)``) playing ``games`` games against GuardBots with the default
    list (``bots.SHOPPING_LIST``) through ``bonekit.simulate``.

    Fair by design: every list plays the same deals against the same opponents, so lists
    differ only by what they buy; and each deal is played once with the list in each seat
    (``seatings``: at two players, ``games`` games are ``games // 2`` deals played from both
    sides), so neither the seat nor a lucky side of a deal favours a list. A list costing
    more than the 20 coins is allowed: what the coins do not reach is never bought. The
    numbers say how well GuardBot plays each kit (it plans two movement phases ahead), not
    what a kit is worth in cleverer hands.

    ``progress(done, total)`` hears of every finished chunk of games, ``total`` being
    ``len(lists) * games`` (pass ``progress_bar(len(lists) * games)`` from
    ``bonekit.widgets.teaching`` in a notebook). ``workers`` and ``client`` are
    ``simulate``'s; ``bot_options`` (``depth``, ``kill_weight``) go to every GuardBot."""
    named = {str(name): shopping_list(items) for name, items in lists.items()}
    if not named:
        raise ValueError("give at least one shopping list: {name: items}")
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {short(games)}")
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError(f"the advanced game is for 2-6 players, not {short(players)}")
    game = _game()
    blocks = seatings(games, players, seed)
    total, done = len(named) * games, 0
    opponent = partial(GuardBot, **bot_options) if bot_options else GuardBot
    results, tables = [], {}
    for name, items in named.items():
        shopper = partial(GuardBot, shopping=items, **bot_options)
        runs = []
        for seat, first, n in blocks:
            bots = [opponent] * players
            bots[seat] = shopper
            runs.append(simulate(game, bots, games=n, seed=first, variant="advanced", workers=workers,
                                 client=client, measure=market_column,
                                 progress=None if progress is None else
                                 lambda k, _total, base=done: progress(base + k, total)))
            done += n
        tables[name] = tuple(runs)
        results.append(_shopping_result(name, items, players,
                                        [(seat, t) for (seat, _, _), t in zip(blocks, runs)]))
    return ShoppingStudy(players, games, seed, tuple(results), blocks, tables)


def _shopping_result(name: str, items: tuple[str, ...], players: int,
                     runs: list[tuple[int, Results]]) -> ShoppingResult:
    """Count one list's games: its seat in each table is ``seat``."""
    games = wins = draws = score = rounds = 0
    bought: Counter[str] = Counter()
    for seat, table in runs:
        for row in table:
            games += 1
            wins += seat in row["winners"]
            draws += not row["winners"]
            score += row["scores"][seat]
            rounds += row["rounds"]
            bought.update(row["bought"][seat])
    per_game = tuple((item, round(n / games, 2)) for item, n in
                     sorted(bought.items(), key=lambda kv: (-kv[1], kv[0])))
    return ShoppingResult(name, items, players, games, wins, wins / games, draws, score / games,
                          rounds / games, per_game)


__all__ = ["KITS", "BotFactory", "Counts", "Defeats", "PuzzleVerdict", "RoundSummary", "ShoppingResult",
           "ShoppingStudy", "counts", "defeat_column", "defeat_round", "defeats", "defeats_by_round", "drawn",
           "hero_kills", "holds_the_round", "kit_cost", "lost_in", "market_column", "play_round",
           "play_rounds", "puzzle_verdict", "round_table", "seatings", "shopping_study", "solo_game",
           "solo_position", "solo_study", "traps_on_board", "win_rates", "won_seeds"]
