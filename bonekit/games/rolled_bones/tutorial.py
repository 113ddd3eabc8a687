"""Helpers that keep staging out of sight in Rolled Bones notebooks 02 (the odds lab) and 03
(alliances and the arena): the odds lab's first fight, staged on a base-game table, and small
readers that say in words what the engine's states and replays hold (kills, alliances, the die
that opens an arena turn). Pure engine code: nothing here imports Jupyter; the guided Tables
built on it are in ``bonekit.widgets.lessons.rolled_bones_variants``.

    state = lab_fight_table()              # 02: P1's goblin and archer face P2's, P1 to roll
    kills_line(state)                      # 03: "P1 1 kill, P2 0 kills"
    kill_steps(replay)                     # 03: [(4, 0), (10, 1), ...]: (step, seat) of each kill
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import seat_name
from ...core.replay import Replay
from .lessons import Piece, dice_line, stage
from .state import RolledBonesState, die_label
from .studies import acting, alliance_bots, bots_play, find_events

S = RolledBonesState

# ---- notebook 02: the first fight, in the base game -------------------------------------------------

LAB_FIGHT_PIECES: dict[str, Piece] = {
    "goblin": ("P1", "C0001", 3, "arena"),  # d10, showing 4
    "archer": ("P1", "C0002", 2, "arena"),  # d12, showing 3
    "wall": ("P1", "B0001", 3, "rack"),  # r1 d1 Bone Wall (4)
    "post": ("P1", "B0003", 1, "rack"),  # r2 d7 Watch Post (2)
    "contortion": ("P1", "M0001", 1, "rack"),  # r3 d18 Contortion (+1): the Bones roll's 3
    "knight": ("P1", "C0003", 2, "rack"),  # r4 d13 Skeleton Knight (3)
    "golem": ("P1", "C0005", 2, "rack"),  # r5 d15 Bone Golem (4)
    "warp": ("P1", "M0002", 2, "rack"),  # r6 d20 Warp (-1)
    "their goblin": ("P2", "C0001", 4, "arena"),  # d29, showing 4
    "their archer": ("P2", "C0002", 2, "arena"),  # d31, showing 3
}
"""The odds lab's first fight, staged with ``lessons.stage`` (the dice keep the numbers the
starter bags give them: P1 the *keep* bag, P2 the *raid* bag). P1 has drawn a full rack; no
face shown has flash, so nothing comes in out of turn during the guided moves."""

LAB_FIGHT_BONES = {"P1": {"bones": [3, 4, 5, 4]}, "P2": {"bones": [3, 2, 2]}}
"""The scripted Bones rolls: P1's Bones roll (3: the Contortion), the goblins' duel (P1 4, P2 3:
9 against 7), then the archer's shot (hit roll 5 against 2, damage 4 + 3 = 7 against 2 + 3 = 5)."""


def lab_fight_table(state: Any = None) -> S:
    """Staged for the lesson: P1 has drawn; two goblins and two archers stand in the arena.

    Nobody has a base yet and every die not named in ``LAB_FIGHT_PIECES`` is in its owner's
    bag, so the game plays on from here as any game does; the Bones rolls of the guided moves
    are scripted (``LAB_FIGHT_BONES``). ``state`` (the state after a Table's setup) is not used."""
    staged, _ = stage(LAB_FIGHT_PIECES, turn="P1", phase="arrange", script=LAB_FIGHT_BONES, round_no=1)
    return staged


# ---- readers in words ----------------------------------------------------------------------------------


def _kills(n: int) -> str:
    return f"{n} kill" + ("" if n == 1 else "s")


def and_words(items: Sequence[Any]) -> str:
    """``-5, -4 and -3``: a list said in words (``none`` when empty)."""
    items = [str(x) for x in items]
    if not items:
        return "none"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def kills_line(s: S) -> str:
    """``P1 3 kills, P2 6 kills``: the arena game's score."""
    return ", ".join(f"{seat_name(p)} {_kills(n)}" for p, n in enumerate(s.kills))


def kill_steps(replay: Replay) -> list[tuple[int, int]]:
    """(step, seat) of every kill of an arena replay, in order: the step is the number of
    actions played when the kill was scored."""
    states = replay.states
    return [
        (k, p)
        for k in range(1, len(states))
        for p in range(replay.players)
        if states[k].kills[p] > states[k - 1].kills[p]
    ]


def kill_steps_line(replay: Replay) -> str:
    """``4 (P1), 10 (P2), ...``: ``kill_steps`` in words."""
    return ", ".join(f"{k} ({seat_name(p)})" for k, p in kill_steps(replay))


def kills_gained(replay: Replay, before: int, after: int) -> list[int]:
    """How many kills each player scored from step ``before`` to step ``after``."""
    a, b = replay.states[before].kills, replay.states[after].kills
    return [y - x for x, y in zip(a, b)]


def alliance_line(s: S) -> str:
    """``P1 and P2 are allies`` (one clause per alliance), or ``no alliances``."""
    pairs = [f"{seat_name(a)} and {seat_name(b)} are allies" for a, b in s.allies]
    return "; ".join(pairs) or "no alliances"


def next_arena_die(s: S, seat: int) -> str:
    """The label of the die that opens ``seat``'s next arena turn: the leftmost of its rack."""
    rack = s.racks[seat]
    return die_label(rack[0]) if rack else ""


def kill_curves(replay: Replay) -> dict[str, list[tuple[int, int]]]:
    """Each player's kills after every step of an arena replay, for a line chart."""
    return {
        seat_name(p): [(k, s.kills[p]) for k, s in enumerate(replay.states)] for p in range(replay.players)
    }


def first_kill(replay: Replay) -> int:
    """The step of the replay's first kill."""
    return kill_steps(replay)[0][0]


def unscored_defeats(replay: Replay) -> list[int]:
    """The steps where a die was defeated and nobody scored for it (a defender won)."""
    return find_events(replay, "defeated", lambda e: e.data["credit"] < 0)


def first_magic(replay: Replay) -> int:
    """The step where the first magic die of the replay was played on a die."""
    return find_events(replay, "magic")[0]


def act_step(replay: Replay, seat: int, after: int = 0) -> int:
    """The first step after ``after`` at which ``seat`` may move and attack (nothing asked)."""
    return next(k for k, s in enumerate(replay.states) if k > after and acting(seat)(s))


def magic_targets(game: Any, s: S, seat: int) -> str:
    """The dice ``seat``'s magic die may go on now, in words (``lessons.dice_line``)."""
    return dice_line(s, [a.args[0] for a in game.legal_actions(s, seat) if a.verb == "enter"])


def alliance_bots_play(game: Any, s: S, until_turn_of: str) -> S:
    """Let the alliance game's bots (``studies.alliance_bots``) play from ``s`` until the seat
    ``until_turn_of`` (``"P2"``) may move and attack."""
    return bots_play(game, s, alliance_bots(), until=acting(int(until_turn_of[1:]) - 1))


__all__ = [
    "LAB_FIGHT_BONES",
    "LAB_FIGHT_PIECES",
    "act_step",
    "alliance_bots_play",
    "alliance_line",
    "and_words",
    "first_kill",
    "first_magic",
    "kill_curves",
    "kill_steps",
    "kill_steps_line",
    "kills_gained",
    "kills_line",
    "lab_fight_table",
    "magic_targets",
    "next_arena_die",
    "unscored_defeats",
]
