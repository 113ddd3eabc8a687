"""Helpers of the start page: what the kit can play today, in words."""
from __future__ import annotations

from collections.abc import Sequence

from bonekit.core.registry import COMING, available, load


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
