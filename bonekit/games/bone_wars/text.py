"""The Bone Wars text board: the whole table in plain lines (the accessible twin of the
pictures, and what replays and tests compare)."""

from __future__ import annotations

from collections import Counter

from ...core.actions import seat_name
from .data import components
from .state import PATRONS, BoneWarsState


def _count(items) -> str:
    c = Counter(items)
    return ", ".join(f"{n}× {k}" if n > 1 else k for k, n in sorted(c.items())) or "none"


def render_text(game, s: BoneWarsState, seat: int | None) -> str:
    d = components()
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    head, stage = game.stage(s)
    lines = [
        f"Bone Wars · {s.players} players · seed {s.seed} · {who}",
        f"{head} · {stage} · bag {len(s.bag)} bones",
    ]
    lines.append("Dig sites:")
    for site in s.sites:
        spec = d.dig_sites[site.id]
        card = d.species[site.card].name if site.card else "no card"
        bones = " / ".join(b or "-" for b in site.bones)
        camps = ", ".join("virtual" if c < 0 else seat_name(c) for c in site.camps) or "none"
        teams = ", ".join(seat_name(i) for i, b in enumerate(s.boards) if b.team == site.id) or "none"
        lines.append(
            f"  {spec.name}: {card} · bones {bones} · action {site.action} · camps {camps} · "
            f"teams {teams} · arrows to {', '.join(d.dig_sites[t].name for t in spec.to)}"
        )
    lines.append("Rare bones: " + ", ".join(f"{k} {n}" for k, n in sorted(s.rare.items())))
    lines.append("Paleontologists face up: " + ", ".join(s.paleo_display))
    for p in PATRONS:
        shelves = " | ".join(
            " ".join("n" if v == 0 else "." if v is None else str(v) for v in shelf) for shelf in s.shelves[p]
        )
        extra = f" · portrait shelf {s.overflow[p]}" if s.overflow[p] else ""
        lines.append(f"Bookshelf {p.title()}: {shelves}{extra}")
    for tile in s.awards:
        marks = ", ".join(
            "free" if m is None else "virtual" if m < 0 else seat_name(m) for m in s.award_marks[tile]
        )
        lines.append(f"Award {tile}: {marks}")
    rows = [" ".join((f or "-")[:4].ljust(4) for f in row) for row in s.finds]
    lines.append("Minor finds: " + " / ".join(rows) + " · column bonuses " + ", ".join(s.find_bonus))
    lines.append(
        "Round bonuses: "
        + ", ".join(s.round_bonus)
        + " · universities "
        + ", ".join(
            f"{k}: {'neutral' if v == -1 else '-' if v is None else seat_name(v)}"
            + (" + neutral" if k == s.neutral and v not in (None, -1) else "")  # a shared start space
            for k, v in sorted(s.universities.items())
        )
    )
    for i, b in enumerate(s.boards):
        lines.append("")
        where = b.team and d.dig_sites[b.team].name or f"university {b.university}"
        lines.append(
            f"{seat_name(i)} · ${b.money} · {b.rp} RP · patron {b.patron.title()} · loyalty Marsh "
            f"{b.loyalty['marsh']}, Cope {b.loyalty['cope']} · team at {where} · paleontologist at "
            f"{b.paleo or 'none'}" + (" · passed" if s.passed and s.passed[i] else "")
        )
        lines.append(f"  hand: {_count(b.hand)}")
        lines.append(f"  played: {', '.join(c or '-' for c in b.played)}")
        lines.append(f"  crates ({len(b.crates)} bones, {b.covers} covers left): {_count(b.crates)}")
        archive = "; ".join(f"{k}: {', '.join(v)}" for k, v in sorted(b.archive.items()) if v) or "empty"
        lines.append(
            f"  archive: {archive} · camps left {', '.join(b.camps_left) or 'none'} · grant {b.grant}"
        )
    if s.pending:
        p = s.pending[0]
        lines.append("")
        lines.append(f"{seat_name(p.seat)} owes a decision: {p.kind}")
    out = game.outcome(s)
    if out:
        lines.append("")
        lines.append(f"Game over: {out.summary}")
    return "\n".join(lines)
