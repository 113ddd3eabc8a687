"""One entry point for simulation studies: many games of bots, on one machine or a cluster.

``simulate(game, bots, games=N, seed=S)`` plays game ``i`` from seed ``S + i`` with every bot
seeded from that game's seed and its seat, so each game is the same wherever it runs: the
result table is identical for any number of workers, in-process, on local processes or on a
Dask cluster (pass a ``distributed.Client``). Games run in chunks; a ``progress(done, total)``
callback hears of each finished chunk (the notebooks pass a progress bar).

A worker needs only the game's id, the bots' names and plain options, so everything crosses a
process or network boundary as small picklable data. Custom columns come from ``measure``, a
function ``(game, final_state) -> dict``; with more than one worker it must be importable (a
module-level function, not a lambda).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .game import Game
from .registry import load

Measure = Callable[[Game, Any], dict]
# A bot for one seat: a name from ``game.bots``, or a factory ``seed -> bot`` (a bot class, or a
# ``functools.partial`` of one with its settings, e.g. ``partial(CarefulBot, margin=-0.4)``).
BotSpec = str | Callable[[int], Any]
Progress = Callable[[int, int], None]
MAX_GAMES = 100_000_000


@dataclass(frozen=True)
class Study:
    """What to simulate, as plain data: game id, table, bots by name, options, first seed."""

    game: str
    players: int
    bots: tuple[BotSpec, ...]
    variant: str | None = None
    options: dict = field(default_factory=dict)
    seed: int = 0


class Results:
    """The table of a study: one row (a dict) per game, in game order."""

    def __init__(self, rows: Iterable[dict]):
        self.rows = sorted(rows, key=lambda r: r["game"])

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict]:
        return iter(self.rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Results) and self.rows == other.rows

    @property
    def columns(self) -> list[str]:
        return list(self.rows[0]) if self.rows else []

    def column(self, name: str) -> list[Any]:
        return [r[name] for r in self.rows]

    def share(self, test: Callable[[dict], bool]) -> float:
        """The fraction of games for which ``test(row)`` holds."""
        return sum(1 for r in self.rows if test(r)) / len(self.rows) if self.rows else 0.0

    def mean(self, name: str) -> float:
        values = self.column(name)
        return sum(values) / len(values) if values else 0.0

    def win_rate(self, seat: int) -> float:
        """How often ``seat`` is among the winners."""
        return self.share(lambda r: seat in r["winners"])

    def to_pandas(self) -> Any:  # pragma: no cover - pandas is optional
        import pandas
        return pandas.DataFrame(self.rows)

    def __repr__(self) -> str:
        head = self.rows[:5]
        lines = [f"Results: {len(self.rows)} games, columns {', '.join(self.columns)}"]
        lines += [f"  {r}" for r in head]
        if len(self.rows) > len(head):
            lines.append("  …")
        return "\n".join(lines)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game played from ``game_seed`` (as a Table does)."""
    return game_seed * 100 + seat


def play_one(study: Study, index: int, measure: Measure | None = None) -> dict:
    """Play game ``index`` of ``study`` to the end and return its row."""
    game = load(study.game)
    seed = study.seed + index
    bots = {seat: (game.bots[spec] if isinstance(spec, str) else spec)(bot_seed(seed, seat))
            for seat, spec in enumerate(study.bots)}
    state = game.new(study.players, variant=study.variant, seed=seed, **study.options)
    final, actions = game.playout(state, bots)
    out = game.outcome(final)
    if out is None:
        raise RuntimeError(f"{game.title}: playout stopped before the end")
    row = {"game": index, "seed": seed, "result": out.result, "winners": tuple(out.winners),
           "scores": tuple(out.scores), "actions": actions}
    if measure is not None:
        row.update(measure(game, final))
    return row


def _play_chunk(study: Study, indices: Sequence[int], measure: Measure | None) -> list[dict]:
    return [play_one(study, i, measure) for i in indices]


def simulate(game: Game | str, bots: Sequence[BotSpec] | str, games: int = 100, seed: int = 0,
             players: int | None = None, variant: str | None = None, workers: int | None = 1,
             client: Any = None, progress: Progress | None = None, measure: Measure | None = None,
             chunk: int | None = None, **options: Any) -> Results:
    """Play ``games`` games of bots and return their table (see the module docstring).

    ``bots``: one bot per seat, each a name from ``game.bots`` or a factory ``seed -> bot``
    (a bot class or a ``functools.partial`` of one: with more than one worker it must be
    importable), or one name for every seat (then ``players`` says how many).
    ``workers``: 1 plays in this process (the default: no start-up cost, fine for a
    notebook); a larger number uses that many local processes;
    None uses one per CPU. ``client``: a ``distributed.Client`` to run on a Dask cluster
    instead (``workers`` is then ignored).
    """
    game = load(game) if isinstance(game, str) else game
    names = (bots,) * (players or 0) if isinstance(bots, str) else tuple(bots)
    if not names:
        raise ValueError("give one bot name per seat, or one name and players=")
    if players is not None and players != len(names):
        raise ValueError(f"{len(names)} bots for {players} players")
    unknown = [b for b in names if not callable(b) and b not in game.bots]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r:.40}; {game.title} has {', '.join(game.bots)} "
                         "(or give a bot factory)")
    if type(games) is not int or not 0 <= games <= MAX_GAMES:
        raise ValueError(f"games must be a whole number from 0 to {MAX_GAMES}")
    if type(seed) is not int:
        raise ValueError("seed must be a whole number")
    study = Study(game.id, len(names), names, variant, dict(options), seed)
    game.new(study.players, variant=variant, seed=seed, **options)  # bad setups fail here, once
    workers = os.cpu_count() or 1 if workers is None else workers
    size = chunk or max(1, min(500, games // (4 * max(1, workers)) or 1))
    chunks = [range(i, min(i + size, games)) for i in range(0, games, size)]
    rows: list[dict] = []

    def collect(part: list[dict]) -> None:
        rows.extend(part)
        if progress is not None:
            progress(len(rows), games)

    if client is not None:
        from distributed import as_completed as dask_completed

        futures = client.map(_play_chunk, [study] * len(chunks), [list(c) for c in chunks],
                             [measure] * len(chunks), pure=False)
        for future in dask_completed(futures):
            collect(future.result())
    elif workers <= 1 or len(chunks) <= 1:
        for c in chunks:
            collect(_play_chunk(study, c, measure))
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed  # only when needed
        from multiprocessing import get_context

        # spawn: a clean interpreter per worker, safe inside a Jupyter kernel's threads
        with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
            for future in as_completed([pool.submit(_play_chunk, study, list(c), measure) for c in chunks]):
                collect(future.result())
    return Results(rows)


# ---- progress across several simulate calls (the notebooks' studies) -----------------------------
Track = Callable[..., Iterable]   # wraps an iterable to show progress, e.g. a notebook's bar


def no_track(items: Iterable, **_: Any) -> Iterable:
    """The ``track`` that shows nothing."""
    return items


class Ticks:
    """``track`` (an iterable wrapper, such as the notebooks' progress bar) driven as the
    ``progress(done, total)`` callback of ``simulate``, over all the ``simulate`` calls of one
    study. ``track`` is handed one item per game; the first is taken at once (a bar shows
    itself before the first game) and one more per finished game, so a generator bar is
    resumed exactly ``done`` times and counts ``done`` games, and is run to its end after the
    last one."""

    def __init__(self, track: Track, total: int):
        self._items = iter(track(range(total), desc="games"))
        self._taken = 0
        self.done = 0
        self._take(1)

    def _take(self, upto: int) -> None:
        while self._taken < upto:
            next(self._items, None)
            self._taken += 1

    def reach(self, done: int) -> None:
        self.done = done
        self._take(done + 1)

    def run(self, game: Game | str, bots: Sequence[BotSpec] | str, seeds: tuple[int, int],
            **kwargs: Any) -> Results:
        """``simulate`` the games of ``seeds`` (first, count), counting them on the bar."""
        base = self.done
        first, count = seeds
        results = simulate(game, bots, games=count, seed=first,
                           progress=lambda done, _total: self.reach(base + done), **kwargs)
        self.reach(base + count)
        return results
