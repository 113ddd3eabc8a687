"""Replays: a game's setup plus its action labels, saved as versioned JSON.

Loading never uses pickle or eval: the file is parsed as JSON, every field is type-checked,
and the actions are re-applied through the engine, so a broken or hostile file ends in a
ReplayError that says what is wrong and where.

Format versions: 3 is written today; 1 and 2 are still read. An older file's options are
completed through ``Game.from_old_options`` (Bone to Pick's solo and co-op setups seeded each
shuffle alone before format 3: such files get ``deal="each"``) and its labels rewritten as
today's through ``Game.from_old_label`` (those games named upgrades by value in format 1, by
card id since).
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import BonekitError, IllegalAction, ReplayError
from .events import Event
from .game import Game
from .registry import load
from .words import short

FORMAT = "bonekit-replay"
VERSION = 3
OLDEST_VERSION = 1     # the oldest format still read (its labels are rewritten)
MAX_BYTES = 5_000_000
MAX_ACTIONS = 100_000
_SCALARS = (str, int, float, bool, type(None))


@dataclass
class Replay:
    """A recorded game: enough to rebuild every state, and nothing that can run code."""

    game_id: str
    players: int
    seed: int = 0
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)

    @property
    def game(self) -> Game:
        return load(self.game_id)

    def initial_state(self) -> Any:
        return self.game.new(self.players, variant=self.variant, seed=self.seed, **self.options)

    @cached_property
    def _timeline(self) -> tuple[list[Any], list[tuple[Event, ...]]]:
        game = self.game
        states = [self.initial_state()]
        events: list[tuple[Event, ...]] = [game.setup_events(states[0])]
        for i, label in enumerate(self.actions):
            try:
                state, evs = game.apply(states[-1], label)
            except IllegalAction as e:
                raise ReplayError(f"action {i + 1} ({short(label)}) is refused: {e}") from e
            states.append(state)
            events.append(evs)
        return states, events

    @property
    def states(self) -> list[Any]:
        """State before the first action, then after each action."""
        return self._timeline[0]

    @property
    def events(self) -> list[tuple[Event, ...]]:
        """``events[i]`` led to ``states[i]``: setup events first, then each action's events."""
        return self._timeline[1]

    def __len__(self) -> int:
        return len(self.actions) + 1

    def final_state(self) -> Any:
        return self.states[-1]

    def with_action(self, action: Action | str) -> Replay:
        """A new replay with one more action (checked against the engine)."""
        label = action.label if isinstance(action, Action) else action
        game = self.game
        state = self.final_state()
        game.apply(state, label)  # raises IllegalAction if refused
        canonical = game.parse_action(state, label).label
        return Replay(self.game_id, self.players, self.seed, self.variant, dict(self.options),
                      [*self.actions, canonical])

    def _with_todays_labels(self, version: int) -> Replay:
        """This replay, read from format ``version``, with the options that deal it as it was
        dealt then and each label rewritten as today's."""
        game = self.game
        options = game.from_old_options(self.variant, dict(self.options), version)
        old = Replay(self.game_id, self.players, self.seed, self.variant, options, self.actions)
        state, labels = old.initial_state(), []
        for i, label in enumerate(self.actions):
            try:
                action = game.from_old_label(state, game.parse_action(state, label), version)
                state, _ = game.apply(state, action)
            except IllegalAction as e:
                raise ReplayError(f"action {i + 1} ({short(label)}) is refused: {e}") from e
            labels.append(action.label)
        return Replay(self.game_id, self.players, self.seed, self.variant, options, labels)

    # ---- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game_id,
                "players": self.players, "variant": self.variant, "seed": self.seed,
                "options": self.options, "actions": list(self.actions)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, sort_keys=True)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ReplayError(f"not UTF-8 text: {e}") from None
        if len(text) > MAX_BYTES:
            raise ReplayError(f"file too large ({len(text)} characters, limit {MAX_BYTES})")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:
            raise ReplayError(f"not valid JSON: {e}") from None
        replay = cls._from_dict(data)
        try:
            if data["version"] < VERSION:
                replay = replay._with_todays_labels(data["version"])
            replay.states  # noqa: B018 - re-apply every action now, so errors surface at load time
        except ReplayError:
            raise
        except (BonekitError, ValueError, TypeError) as e:
            raise ReplayError(f"cannot rebuild the game: {e}") from None
        return replay

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay file: a regular file only (never a FIFO or a device, which could block
        or never end), and never more than the size limit, whatever the file claims."""
        path = Path(path)
        try:
            # O_NONBLOCK: opening a FIFO must not wait for a writer before we can refuse it.
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb", buffering=0) as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                    raise ReplayError(f"{short(str(path))}: not a regular file")
                data = f.read(MAX_BYTES + 1)
        except OSError as e:
            raise ReplayError(f"{short(str(path))}: cannot read it ({e.strerror or e})") from None
        if len(data) > MAX_BYTES:
            raise ReplayError(f"{short(str(path))}: file too large (limit {MAX_BYTES} bytes)")
        return cls.from_json(data)

    @classmethod
    def _from_dict(cls, data: Any) -> Replay:
        if not isinstance(data, dict):
            raise ReplayError("a replay must be a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError(f"not a bonekit replay (format should be {FORMAT!r})")
        if type(data.get("version")) is not int or not OLDEST_VERSION <= data["version"] <= VERSION:
            raise ReplayError(f"unsupported replay version {short(data.get('version'))}; "
                              f"this bonekit reads versions {OLDEST_VERSION} to {VERSION}")
        expected = {"format", "version", "game", "players", "variant", "seed", "options", "actions"}
        extra = set(data) - expected
        if extra:
            raise ReplayError(f"unknown fields: {', '.join(sorted(map(str, extra)))}")
        missing = {"game", "players", "seed", "actions"} - set(data)
        if missing:
            raise ReplayError(f"missing fields: {', '.join(sorted(missing))}")

        def need(name: str, ok: bool, what: str) -> None:
            if not ok:
                raise ReplayError(f"field {short(name)} must be {what}, got {data.get(name)!r:.60}")

        need("game", isinstance(data["game"], str), "a game id")
        need("players", type(data["players"]) is int and 1 <= data["players"] <= 64, "a player count")
        need("seed", type(data["seed"]) is int, "an integer")
        variant = data.get("variant")
        need("variant", variant is None or isinstance(variant, str), "a variant name or null")
        options = data.get("options")
        options = {} if options is None else options
        need("options", isinstance(options, dict) and all(
            isinstance(k, str) and _plain(v) for k, v in options.items()),
            "an object of plain values")
        actions = data["actions"]
        need("actions", isinstance(actions, list) and len(actions) <= MAX_ACTIONS
             and all(isinstance(a, str) and len(a) <= 200 for a in actions), "a list of action labels")
        try:
            load(data["game"])
        except BonekitError as e:
            raise ReplayError(str(e)) from None
        return cls(data["game"], data["players"], data["seed"], variant, dict(options), list(actions))


def _plain(value: Any, depth: int = 0) -> bool:
    """A scalar, or lists and text-keyed objects of plain values nested at most three deep
    (teams of seats; a scenario's scripted rolls per seat, ``{"P1": {"bones": [3, 5]}}``)."""
    if isinstance(value, _SCALARS):
        return True
    if depth >= 3:
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return isinstance(value, list) and all(_plain(x, depth + 1) for x in value)
