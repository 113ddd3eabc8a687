"""Helpers of the start page: its guided first move, and what the kit can play today, in words."""
from __future__ import annotations

from collections.abc import Sequence

from bonekit.core.registry import COMING, available, load

from ..guided import GuidedTable, Step

FIRST_MOVE_SEED = 1
"""The start page's table: the three-player game of seed 1, the one its first picture shows."""
FIRST_MOVE = Step("P1 play 7", "Play your 7 against the undead.",
                  "Your 7 is on the table; the bots chose too, and all the cards were revealed.")


def first_move() -> GuidedTable:
    """The start page's guided first move: you are P1 against two CarefulBots; play your 7."""
    return GuidedTable("bone_to_pick", ["human", "careful", "careful"], seed=FIRST_MOVE_SEED,
                       steps=[FIRST_MOVE])


def player_range(counts: Sequence[int]) -> str:
    """``2–6`` for a run of counts, ``4, 6, 8`` when there are gaps, ``1`` for one count."""
    counts = list(counts)
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def kit_status() -> str:
    """Every game with its playable variants and player counts, then the games still coming."""
    lines = []
    for game_id in available():
        game = load(game_id)
        lines.append(f"{game.title}: ready")
        for variant, counts in game.player_counts.items():
            noun = "player" if list(counts) == [1] else "players"
            lines.append(f"    {variant:<10} {player_range(counts)} {noun}")
    lines += [f"{title}: coming" for title in COMING.values()]
    return "\n".join(lines)
