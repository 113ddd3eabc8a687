"""The Bone Wars text board: the whole table in plain lines (the accessible twin of the
pictures, and what replays and tests compare); and the wording of the end of a game
(``outcome_words``) and of refusals that need the table to say why (``refusal``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ...core.actions import Action, seat_name
from .data import components
from .state import PATRONS, BoneWarsState, rival

R = "bone_wars."
_COUNT = ("no", "one", "two", "three", "four")
_BONES = {"herbivore": "herbivore skull", "carnivore": "carnivore skull"}


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
        where = (f"team at {d.dig_sites[b.team].name}" if b.team else
                 f"team at university {b.university}" if b.university is not None else "team not placed yet")
        lines.append(
            f"{seat_name(i)} · ${b.money} · {b.rp} RP · patron {b.patron.title()} · loyalty Marsh "
            f"{b.loyalty['marsh']}, Cope {b.loyalty['cope']} · {where} · paleontologist at "
            f"{b.paleo or 'none'}" + (" · passed" if s.passed and s.passed[i] else "")
        )
        lines.append(f"  hand: {_count(b.hand)}")
        lines.append(f"  played: {', '.join(c or '-' for c in b.played)}")
        lines.append(f"  crates ({len(b.crates)} bones, {b.covers} covers left): {_count(b.crates)}")
        archive = "; ".join(f"{k}: {', '.join(v)}" for k, v in sorted(b.archive.items()) if v) or "empty"
        lines.append(
            f"  archive: {archive} · camps left {', '.join(b.camps_left) or 'none'} · "
            f"grant {b.grant or 'none'}"
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


# ---- the end of a game, in words ---------------------------------------------------------------------


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _names(seats: Sequence[int], state: BoneWarsState) -> str:
    return _and([state.names[s] for s in seats])


def outcome_words(state: BoneWarsState, winners: tuple[int, ...]) -> str:
    """The result of a finished game in one sentence, naming ``winners`` (the engine's). A tie on
    RP is told as a tie, with the tie-break that settled it (archived species cards, then head
    size: bone_wars.ruling.ties), or as a shared win when nothing settles it."""
    rp = [b.rp for b in state.boards]
    cards = [sum(len(v) for v in b.archive.values()) for b in state.boards]
    solo = state.variant == "solo"
    heads: list[int | None]
    if solo:
        heads = [state.options.get("head_cm"), components().head_cm]
    else:
        heads = list(state.options.get("head_cm") or [None] * state.players)
    top = max(rp)
    tied = [s for s in range(state.players) if rp[s] == top]
    if len(tied) == 1:
        (w,) = tied
        if solo:
            me, him = rp
            return f"{state.names[0]} beats Theodore, {me} RP to {him}." if w == 0 else \
                f"Theodore wins, {him} RP to {me}."
        return f"{state.names[w]} wins with {rp[w]} RP."
    tie = f"{_names(tied, state)} tie at {top} RP"
    rule = f"the tie-break ({R}ruling.ties)"
    most = max(cards[s] for s in tied)
    level = [s for s in tied if cards[s] == most]
    if len(level) < len(tied):  # the archived species cards settle it
        others = _and([f"{state.names[s]}'s {cards[s]}" for s in tied if s not in winners])
        who_won = _names(winners, state)
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"{tie}; {rule} goes to more archived species cards: {who_won} {verb}, {most} to {others}."
    each = f"{tie} with {most} archived species card{'s' if most != 1 else ''} each"
    known = [s for s in tied if heads[s] is not None]
    if len(known) == len(tied) and len({heads[s] for s in tied}) > 1:  # head size settles it
        biggest = max(h for s in tied if (h := heads[s]) is not None)
        rest = _and([f"{state.names[s]}'s {heads[s]} cm" for s in tied if s not in winners])
        verb = "wins" if len(winners) == 1 else "share the win"
        return (f"{each}; {rule} goes to the larger head: {_names(winners, state)} {verb}, "
                f"{biggest} cm to {rest}.")
    why = "the same head size" if len(known) == len(tied) else \
        ("no head size given" if solo else "no head sizes given")
    return f"{each} and {why} ({R}ruling.ties): they share the win."


# ---- refusals that need the table to say why ------------------------------------------------------------


def _bones(kind: str, n: int) -> str:
    name = _BONES.get(kind, kind)
    return f"{_COUNT[n] if n < len(_COUNT) else n} {name}{'s' if n != 1 else ''}"


def refusal(
    state: BoneWarsState, action: Action, targets: Callable[[BoneWarsState, str], list[int]]
) -> tuple[str, str] | None:
    """Why a debunk the player names cannot be paid, from the table: the set's size, the bones in
    the crates, the rival half's papers. ``targets(state, patron)`` lists the values a debunk may
    turn over (the engine's rule). None when the reason is not one of these."""
    t = state.turn
    if t is None or state.pending or t.mode != "paleo" or t.action != "debunk":
        return None
    if action.verb != "debunk" or len(action.args) < 2 or len(action.args) > 3:
        return None
    kind, size = action.args[0], action.args[1]
    if kind not in components().bones or not size.isdigit():
        return None
    n, b, who = int(size), state.boards[action.seat], seat_name(action.seat)
    if n not in (2, 3, 4):
        return f"a debunk pays a set of 2, 3 or 4 identical bones, not {n}", R + "paleo.debunk"
    other = rival(b.patron)
    values = sorted(targets(state, other))
    if n not in values:
        kinds = sorted(set(values))
        held = ("no papers" if not kinds else f"only a value-{kinds[0]} paper" if len(values) == 1
                else "papers of value " + ", ".join(map(str, kinds[:-1])) + " and " + str(kinds[-1])
                if len(kinds) > 1 else f"only value-{kinds[0]} papers")
        return (f"{other.title()}'s half holds no value-{n} paper to debunk (it has {held})",
                R + "ruling.debunk_missing")
    have = b.crates.count(kind)
    if have < n and len(action.args) == 2:
        return (f"a value-{n} debunk needs {_bones(kind, n)}, and {who}'s crates hold "
                f"{_bones(kind, have)}", R + "paleo.debunk")
    return None
