"""The Bone Wars player panels, one under another, 896 px wide with every text 12 px or more.

The player in focus (the one who clicks, else the viewer, else the seat to move) is drawn in
full: the counts and the career, then the hand (where most clicks of a turn start), both
loyalty tracks with their multipliers, the crates, covers and base camps left, the action slots
with the card played in each, the archive envelopes. The others are drawn more compactly (the
loyalty and the archive in words) and say every fact the text board gives: money, RP, patron,
loyalty, where the team and the paleontologist are, the slots, the hand (by count when it is
hidden), crates, covers, camps left, archive.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from bonekit.core.actions import seat_name
from bonekit.games.bone_wars import perks
from bonekit.games.bone_wars.effects import archive_limit, capacity
from bonekit.games.bone_wars.state import PATRONS, BoneWarsState
from bonekit.games.bone_wars.turn import DEPTHS, open_slot, slot_spec

from . import access
from .bone_wars_parts import (
    ACTIVE_INK,
    CARD,
    CARD_FILL,
    CARD_LETTER,
    CHIP_H,
    CHIP_W,
    FIND,
    GRANT,
    INK,
    LEGAL,
    LINE,
    MUTED,
    PAD,
    PATRON,
    PICK,
    SEAT,
    SIZE,
    TURN_BG,
    WIDTH,
    X1,
    Ctx,
    Rect,
    Scene,
    Text,
    bone_chip,
    camp_words,
    card_name,
    card_type,
    effect_words,
    find_chip,
    flow,
    lines,
    patron_tag,
    text_width,
    wrap,
)

X0 = PAD + 18  # a panel's content starts after its coloured stripe
XR = X1 - 10  # and ends here
LABEL = 64  # the room of a row's label (slots, hand, archive)
ROW = 28  # a row of chips and buttons
SLOT_W = 124

Item = tuple[float, Callable[[float, float], None]]  # (width, draw at x with centre y)


def focus_seat(c: Ctx, seat: int | None) -> int | None:
    """The player drawn in full: the clicker, else the viewer, else the seat to move."""
    if c.clicker is not None:
        return c.clicker
    if seat is not None:
        return seat
    owing = c.game.to_move(c.s)
    return owing[0] if owing and not c.s.over else None


def draw_panels(c: Ctx, y: float, seat: int | None, before: BoneWarsState | None) -> float:
    """Every player's panel from ``y`` down (the one in focus first); returns the bottom."""
    n = len(c.s.boards)
    focus = focus_seat(c, seat)
    order = [(focus + k) % n for k in range(n)] if focus is not None else list(range(n))
    for p in order:
        y = _panel(c, p, y, focus is None or p == focus, before) + 8
    return y - 8


def _facts(c: Ctx, p: int) -> tuple[str, str]:
    s, d = c.s, c.d
    b = s.boards[p]
    name = s.names[p]
    head = seat_name(p) + (f" ({name})" if name != seat_name(p) else "")
    turn = s.phase == "turn" and s.current == p and not s.over
    state = " (to play)" if turn else " (passed)" if s.passed and s.passed[p] else ""
    where = (d.dig_sites[b.team].name if b.team else f"university {b.university}" if b.university else
             "not placed")
    facts = (f"{head}{state} · ${b.money} · {b.rp} RP · patron {b.patron.title()} · team: {where} · "
             f"paleontologist: {b.paleo or 'home'}")
    prof = f"{d.profession_rows[b.profession[0] - 1]} (column {b.profession[1]})" if b.profession else "none"
    grant = GRANT.get(b.grant, "none") if b.grant else "none"
    extra = f"profession {prof} · grant: {grant}" + (
        f" · specialists {', '.join(b.specialists)}" if b.specialists else "")
    return facts, extra


def _panel(c: Ctx, p: int, y: float, full: bool, before: BoneWarsState | None) -> float:
    s, scene = c.s, c.scene
    b = s.boards[p]
    colour = SEAT[p % len(SEAT)]
    turn = s.phase == "turn" and s.current == p and not s.over
    index = len(scene.shapes)
    facts, extra = _facts(c, p)
    head = wrap(facts, XR - X0, 13, True, sep=" · ")
    last = lines(scene, X0, y + 16, head, 13, INK, True, 18)
    if before is not None:
        o = before.boards[p]
        if (o.money, o.rp, o.loyalty, o.patron) != (b.money, b.rp, b.loyalty, b.patron):
            access.box(scene, X0 - 2, y + 6, text_width(head[0], 13, True) + 4, 20, 2, 4)
    last = lines(scene, X0, last + 18, wrap(extra, XR - X0, sep=" · ")) + LINE / 2 + 8
    if full:  # the hand first, where the eye starts: most clicks of a turn begin there
        last = _hand(c, p, last) + 8
        last = _counts_full(c, p, last)
    else:
        last = _counts_compact(c, p, last)
    last = _slots(c, p, last + 6)
    if not full:
        last = _hand(c, p, last + 8)
    last = (_archive_full if full else _archive_compact)(c, p, last + 8) + 10
    scene.shapes[index:index] = [
        Rect(PAD, y, WIDTH - 2 * PAD, last - y, TURN_BG if turn else "#ffffff", colour, 2, 8),
        Rect(PAD, y, 8, last - y, colour, None, 1, 3),
    ]
    return last


def _items(scene: Scene, items: list[Item], x0: float, x1: float, y: float, gap: float = 8) -> float:
    """``items`` flowed from ``x0`` to ``x1`` in rows of ROW px from ``y``; returns the bottom."""
    rows = flow([w for w, _ in items], x0, x1, gap)
    for r, row in enumerate(rows):
        for k, x in row:
            items[k][1](x, y + r * ROW + ROW / 2)
    return y + len(rows) * ROW


def _text_item(scene: Scene, words: str, ink: str = INK, bold: bool = False) -> Item:
    return text_width(words, SIZE, bold), lambda x, cy: scene.add(Text(x, cy, words, SIZE, ink, bold=bold))


def _loyalty_words(c: Ctx, p: int, patron: str) -> Item:
    b, mult = c.s.boards[p], c.d.loyalty.multiplier
    words = f"{patron.title()} {b.loyalty[patron]} (×{mult(b.loyalty[patron])})"
    bold = b.patron == patron

    def draw(x: float, cy: float) -> None:
        patron_tag(c.scene, patron, x, cy)
        c.scene.add(Text(x + 24, cy, words, SIZE, INK, bold=bold))

    return 24 + text_width(words, SIZE, bold), draw


def _crate_items(c: Ctx, p: int) -> list[Item]:
    s, scene = c.s, c.scene
    b = s.boards[p]
    out = [_text_item(scene, f"crates {len(b.crates)}/{capacity(s, p)} · covers {b.covers}" +
                      (":" if b.crates else ""))]
    for kind in sorted(b.crates):
        target = (c.label("return", kind) or c.label("bone", kind)) if c.clicker == p else None

        def draw(x: float, cy: float, kind=kind, target=target) -> None:
            bone_chip(scene, kind, x, cy - CHIP_H / 2, CHIP_W, CHIP_H, edge=LEGAL if target else None)
            c.hit(x, cy - CHIP_H / 2, CHIP_W, CHIP_H, target)

        out.append((CHIP_W, draw))
    return out


def _camp_items(c: Ctx, p: int) -> list[Item]:
    scene = c.scene
    camps = Counter(c.s.boards[p].camps_left)
    out = [_text_item(scene, "camps left" if camps else "camps left: none", MUTED)]
    for kind in sorted(camps):
        target = c.label("camp", kind) if c.clicker == p else None
        words = f"{camps[kind]}× {kind}"
        w = text_width(words) + 14

        def draw(x: float, cy: float, kind=kind, words=words, target=target, w=w) -> None:
            scene.add(Rect(x, cy - 11, w, 22, CARD, LEGAL if target else "#a89a80", 2.5 if target else 1, 4),
                      Text(x + 7, cy, words, SIZE, INK))
            c.hit(x, cy - 11, w, 22, target, camp_words(kind, "at your team's dig site"))

        out.append((w, draw))
    return out


def _counts_full(c: Ctx, p: int, y: float) -> float:
    """Both loyalty tracks (left) and the crates, covers and camps left (right)."""
    scene, b = c.scene, c.s.boards[p]
    track = c.d.loyalty
    cell = 26
    for k, patron in enumerate(PATRONS):
        cy = y + k * ROW + ROW / 2
        at = b.loyalty[patron]
        patron_tag(scene, patron, X0, cy)
        scene.add(Text(X0 + 24, cy, f"{patron.title()} {at}", SIZE, INK, bold=b.patron == patron))
        for i in range(track.top + 1):
            cx = X0 + 96 + i * cell
            here = i == min(at, track.top)
            scene.add(Rect(cx, cy - 10, cell - 2, 20, PATRON[patron] if here else CARD, PATRON[patron], 1, 3),
                      Text(cx + (cell - 2) / 2, cy, f"×{track.multipliers[i]}", SIZE,
                           "#ffffff" if here else INK, "middle", here))
    right = X0 + 96 + (track.top + 1) * cell + 16
    bottom = _items(scene, _crate_items(c, p), right, XR, y, 4)
    bottom = _items(scene, _camp_items(c, p), right, XR, bottom)
    return max(y + 2 * ROW, bottom)


def _counts_compact(c: Ctx, p: int, y: float) -> float:
    """The loyalty in words, the crates, covers and camps left: one flowed row (or more)."""
    left = Counter(c.s.boards[p].camps_left)
    words = "camps left: " + (", ".join(f"{left[k]}× {k}" for k in sorted(left)) or "none")
    items = [_loyalty_words(c, p, patron) for patron in PATRONS] + _crate_items(c, p)
    return _items(c.scene, items + [_text_item(c.scene, words, MUTED)], X0, XR, y, 10)


def _slots(c: Ctx, p: int, y: float) -> float:
    s, scene = c.s, c.scene
    b = s.boards[p]
    nxt = open_slot(s, p) if s.phase == "turn" else None
    n = len(b.slots)
    names = [wrap(card_name(b.played[i]), SLOT_W - 14) if i < len(b.played) and b.played[i] else []
             for i in range(n)]
    card_h = 8 + LINE * max([len(x) for x in names] + [1])
    h = 50 + card_h + 6
    scene.add(Text(X0, y + 12, "slots", SIZE, MUTED))
    rows = flow([SLOT_W] * n, X0 + LABEL, XR, 6)
    for r, row in enumerate(rows):
        sy = y + r * (h + 6)
        for i, sx in row:
            spec = slot_spec(s, p, i)
            target = c.label("slot", str(i + 1)) if c.clicker == p else None
            upgraded = b.slots[i] >= 0
            coming = i == nxt and p == s.current
            edge = LEGAL if target else ACTIVE_INK if coming else "#a89a80"
            scene.add(Rect(sx, sy, SLOT_W, h, "#f3ecdf" if not upgraded else "#e9eef6", edge,
                           2.5 if target or coming else 1, 5),
                      Text(sx + 6, sy + 12, f"slot {i + 1} · ${spec.cost}" + (" +" if upgraded else ""), SIZE,
                           INK, bold=True))
            find_chip(scene, spec.find, sx + 6, sy + 24, CHIP_W, CHIP_H)
            scene.add(Text(sx + 42, sy + 24 + CHIP_H / 2, f"{spec.ap} AP · {DEPTHS[spec.depth - 1][:3]}",
                           SIZE, INK))
            card = b.played[i] if i < len(b.played) else None
            if card:
                fill = CARD_FILL[card_type(card)]
                scene.add(Rect(sx + 4, sy + 50, SLOT_W - 8, card_h, fill, "#8a8a8a", 1, 3))
                lines(scene, sx + 8, sy + 54 + LINE / 2, names[i])
            else:
                scene.add(Text(sx + SLOT_W / 2, sy + 50 + card_h / 2, "next" if coming else "empty", SIZE,
                               MUTED, "middle"))
            c.hit(sx, sy, SLOT_W, h, target, f"put the slot tile on slot {i + 1}")
    return y + len(rows) * (h + 6) - 6


def _hand(c: Ctx, p: int, y: float) -> float:
    s, scene = c.s, c.scene
    hand = s.boards[p].hand
    scene.add(Text(X0, y + 12, "hand", SIZE, MUTED))
    x = X0 + LABEL
    if hand and all(card == "hidden" for card in hand):
        words = f"{len(hand)} cards (hidden)"
        scene.add(Rect(x, y, text_width(words) + 16, 24, CARD_FILL["hidden"], "#8a8a8a", 1, 4),
                  Text(x + 8, y + 12, words, SIZE, INK))
        return y + 24
    if not hand:
        scene.add(Text(x, y + 12, "no cards", SIZE, MUTED))
        return y + 24
    kinds = [card_type(card) for card in hand]
    widths = [22 + text_width(card_name(card)) + (CHIP_W + 6 if kind == "species" else 0) + 8
              for card, kind in zip(hand, kinds)]
    rows = flow(widths, x, XR, 6)
    for r, row in enumerate(rows):
        hy = y + r * 30
        for k, hx in row:
            card, kind, w = hand[k], kinds[k], widths[k]
            target, tip = None, None
            if c.clicker == p:
                target = c.label("play", card) or c.label("publish", card) or c.label("discard", card)
                if target is None and any(lab.startswith(f"{c.me} find {card} ") for lab in c.legal):
                    target = f"select:{card}"
                    tip = f"pick {card_name(card)} for a minor find, then click {find_where(c)}"
            # at the start of a turn a card that cannot be played still answers a click: the
            # engine says why (its cost and the slot's, or every slot used this round)
            refused = None
            if c.clicker == p and target is None and s.turn is None and not s.pending and s.phase == "turn":
                refused = f"{c.me} play {card}"
            picked = c.selection == card
            edge = PICK if picked else LEGAL if target else "#8a8a8a"
            scene.add(Rect(hx, hy, w, 24, CARD_FILL[kind], edge, 2.5 if picked or target else 1, 4),
                      Text(hx + 5, hy + 12, CARD_LETTER[kind], SIZE, MUTED, bold=True),
                      Text(hx + 22, hy + 12, card_name(card), SIZE, INK))
            if kind == "species":
                find_chip(scene, c.d.species[card].find, hx + w - CHIP_W - 5, hy + 3, CHIP_W, 18)
            if not c.hit(hx, hy, w, 24, target, tip) and refused:
                scene.hit(hx, hy, w, 24, refused, f"{card_name(card)}: not playable now (click to see why)")
    return y + len(rows) * 30 - 6


def find_where(c: Ctx) -> str:
    """Which minor-find spaces a species card picked may take, in words (the card played may
    widen them)."""
    perk = perks.card_perk(c.s.turn)
    if perk == "find_any_tile":
        return "any minor-find tile"
    if perk == "find_taken_space":
        return "a minor-find tile of its icon, or a space whose tile is taken"
    return "a minor-find tile of its icon"


def _archive_full(c: Ctx, p: int, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    b = s.boards[p]
    limit = archive_limit(s, p)
    scene.add(Text(X0, y + 12, "archive", SIZE, MUTED))
    n = len(d.archive)
    w = (XR - X0 - LABEL - (n - 1) * 6) / n
    words = []
    for env in d.archive:
        cards = b.archive.get(env.id, [])
        words.append(([row for sp in cards for row in wrap(card_name(sp), w - 10)], bool(cards),
                      wrap(f"pays {effect_words(env.bonus)}", w - 10)))
    h = 28 + LINE * max(len(a) if has else len(e) for a, has, e in words) + 4
    for k, env in enumerate(d.archive):
        ex = X0 + LABEL + k * (w + 6)
        cards = b.archive.get(env.id, [])
        scene.add(Rect(ex, y, w, h, "#f3ecdf", "#a89a80", 1, 4),
                  Text(ex + 6, y + 13, f"{env.id} · {len(cards)}/{limit}", SIZE, INK, bold=True))
        find_chip(scene, env.find, ex + w - CHIP_W - 5, y + 4, CHIP_W, 18)
        names, full, empty = words[k]
        lines(scene, ex + 6, y + 28 + LINE / 2, names if full else empty, SIZE, INK if full else MUTED)
    return y + h


def _archive_compact(c: Ctx, p: int, y: float) -> float:
    s, d = c.s, c.d
    b = s.boards[p]
    limit = archive_limit(s, p)
    parts = []
    for env in d.archive:
        cards = b.archive.get(env.id, [])
        parts.append(f"{env.id} ({FIND[env.find][0]}) {len(cards)}/{limit}" +
                     (": " + ", ".join(card_name(sp) for sp in cards) if cards else ""))
    c.scene.add(Text(X0, y + 8, "archive", SIZE, MUTED))
    rows = wrap(" · ".join(parts), XR - X0 - LABEL, sep=" · ")
    return lines(c.scene, X0 + LABEL, y + 8, rows) + 8
