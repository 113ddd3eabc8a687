"""The Bone Wars market: what all players share, in a band under the map, 896 px wide with every
text 12 px or more. Three rows: the paleontologist action locations and the rare bones; the two
bookshelves (Marsh's and Cope's papers shelf by shelf, credibility) and the three award tiles;
the minor finds with their column bonuses and the paleontologist cards face up (these wrap into
as many rows as they need).
"""

from __future__ import annotations

from bonekit.games.bone_wars import perks
from bonekit.games.bone_wars.effects import envelope_of
from bonekit.games.bone_wars.rounds import credibility
from bonekit.games.bone_wars.state import PATRONS
from bonekit.games.bone_wars.text import location_goal, location_name
from bonekit.games.bone_wars.turn import LOCATIONS

from .bone_wars_parts import (
    BONE,
    CARD,
    CARD_FILL,
    CHIP_H,
    CHIP_W,
    EDGE,
    INK,
    LEGAL,
    LINE,
    MARK_R,
    MUTED,
    PAD,
    PATRON,
    PATRON_LETTER,
    SIZE,
    X1,
    Ctx,
    Rect,
    Text,
    bone_chip,
    bone_name,
    bonus_words,
    find_chip,
    fit,
    flow,
    lines,
    marker,
    patron_tag,
    wrap,
)

GAP = 12  # between the blocks of a row
CAPTION = 20  # a block's caption line
ACTIONS_W = 418
SHELF_W = 214
FIND_COL, FIND_LABEL = 90, 46  # a minor-find column's pitch; the row labels' room
FIND_W = FIND_LABEL + 5 * FIND_COL - 6


def draw_market(c: Ctx, y: float) -> float:
    """The band from ``y`` down; returns its bottom."""
    c.scene.add(Text(PAD, y + 10, "the market: what all players share", 13, INK, bold=True))
    y += 24
    bottom = max(_locations(c, PAD, y), _rare(c, PAD + ACTIONS_W + GAP, y)) + 10
    y = bottom
    bottom = max(_bookshelf(c, PAD, y), _awards(c, PAD + 2 * SHELF_W + 2 * 6, y)) + 10
    y = bottom
    return max(_finds(c, PAD, y), _paleo_display(c, PAD + FIND_W + GAP, y))


def _caption(c: Ctx, x: float, y: float, words: str, width: float) -> None:
    c.scene.add(Text(x, y + 8, fit(words, width), SIZE, MUTED))


def _locations(c: Ctx, x0: float, y: float) -> float:
    s, scene = c.s, c.scene
    _caption(c, x0, y, "paleontologist actions", ACTIONS_W)
    w = (ACTIONS_W - 3 * 6) / 4
    top, h = y + CAPTION, 56
    for i, loc in enumerate(LOCATIONS):
        x = x0 + i * (w + 6)
        target = c.label("go", loc)
        scene.add(Rect(x, top, w, h, "#eef0f6", LEGAL if target else "#7d86a0", 2.5 if target else 1, 5),
                  Text(x + w / 2, top + 13, location_name(loc), SIZE, INK, "middle", True))
        there = [p for p, b in enumerate(s.boards) if b.paleo == loc]
        for k, p in enumerate(there):
            marker(scene, p, x + 4 + MARK_R + k * (2 * MARK_R + 2), top + 39)
        c.hit(x, top, w, h, target, f"send the paleontologist to {location_goal(loc)}")
    return top + h


def _rare(c: Ctx, x0: float, y: float) -> float:
    s, scene = c.s, c.scene
    _caption(c, x0, y, "rare bones left (chip, then how many)", X1 - x0)
    top = y + CAPTION + 4
    step = (X1 - x0) / len(BONE)
    for k, kind in enumerate(BONE):
        x = x0 + k * step
        n = s.rare.get(kind, 0)
        target = c.label("take", kind) if s.pending and s.pending[0].kind == "rare" else None
        bone_chip(scene, kind, x, top, CHIP_W, CHIP_H, edge=LEGAL if target else None)
        scene.add(Text(x + CHIP_W + 4, top + CHIP_H / 2, f"{n}", SIZE, INK if n else MUTED, bold=True))
        c.hit(x, top, step - 4, CHIP_H, target, f"take a rare {bone_name(kind)}")
    return top + CHIP_H


def _bookshelf(c: Ctx, x0: float, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    _caption(c, x0, y, "bookshelves: the papers, shelf by shelf", 2 * SHELF_W)
    top = y + CAPTION
    rows = len(d.bookshelf.shelves)
    portraits = {p: wrap(f"portrait shelf: {' '.join(str(v) for v in s.overflow[p]) or 'none'}",
                         SHELF_W - 12) for p in PATRONS}
    h = 26 + rows * 22 + 4 + LINE * max(len(v) for v in portraits.values()) + 4
    for k, patron in enumerate(PATRONS):
        x = x0 + k * (SHELF_W + 6)
        scene.add(Rect(x, top, SHELF_W, h, CARD, PATRON[patron], 1.5, 6))
        patron_tag(scene, patron, x + 6, top + 13)
        scene.add(Text(x + 30, top + 13, fit(f"{patron.title()} · credibility {credibility(s, patron)}",
                                             SHELF_W - 36, SIZE, True), SIZE, INK, bold=True))
        for i, shelf in enumerate(s.shelves[patron]):  # the bottom shelf first: drawn from the bottom up
            sy = top + 26 + (rows - 1 - i) * 22
            scene.add(Text(x + 6, sy + 10, f"shelf {i + 1}", SIZE, MUTED))
            for j, v in enumerate(shelf):
                px = x + 56 + j * 38
                if v is None:
                    scene.add(Rect(px, sy, 34, 20, CARD, "#c9bfae", 1, 3))
                elif v == 0:
                    scene.add(Rect(px, sy, 34, 20, "#d8d8d8", "#8a8a8a", 1, 3),
                              Text(px + 17, sy + 10, "n", SIZE, INK, "middle", True))
                else:
                    scene.add(Rect(px, sy, 34, 20, PATRON[patron], None, 1, 3),
                              Text(px + 17, sy + 10, f"{PATRON_LETTER[patron]}{v}", SIZE, "#ffffff", "middle",
                                   True))
        lines(scene, x + 6, top + 26 + rows * 22 + 4 + LINE / 2, portraits[patron], SIZE, MUTED)
    return top + h


def award_title(tile) -> str:
    if tile.kind == "A":
        return f"A · found by {tile.target.title()}"
    if tile.kind == "B":
        return f"B · {tile.target}s"
    return f"C · envelope {tile.target}"


def _awards(c: Ctx, x0: float, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    _caption(c, x0, y, "award tiles", X1 - x0)
    top = y + CAPTION
    n = max(1, len(s.awards))
    w = (X1 - x0 - (n - 1) * 6) / n
    tiles = [d.award(t) for t in s.awards]
    titles = [wrap(award_title(t), w - 12, SIZE, True) for t in tiles]
    head = 6 + LINE * max((len(t) for t in titles), default=1)
    h = head + 26 * max((len(t.spaces) for t in tiles), default=0) + 4
    for k, tile_id in enumerate(s.awards):
        tile = tiles[k]
        x = x0 + k * (w + 6)
        scene.add(Rect(x, top, w, h, "#f4efe4", EDGE, 1, 6))
        lines(scene, x + 6, top + 4 + LINE / 2, titles[k], SIZE, INK, True)
        for i, space in enumerate(tile.spaces):
            sy = top + head + i * 26
            target = c.label("claim", tile_id, str(i + 1))
            edge, width = (LEGAL, 2.5) if target else ("#c9bfae", 1)
            scene.add(Rect(x + 4, sy, w - 8, 24, CARD, edge, width, 3),
                      Text(x + 10, sy + 12, f"need {space.need} → +{space.loyalty}", SIZE, INK))
            holder = s.award_marks[tile_id][i]
            if holder is not None:
                marker(scene, holder, x + w - 8 - MARK_R, sy + 12)
            c.hit(x + 4, sy, w - 8, 24, target)
    return top + h


def _finds(c: Ctx, x0: float, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    _caption(c, x0, y, "minor finds, and the bonus of each column", FIND_W)
    top = y + CAPTION
    cw = FIND_COL - 6
    pick = c.selection if c.selection in d.species else None
    for r, row in enumerate(s.finds):
        ry = top + r * 26
        scene.add(Text(x0, ry + CHIP_H / 2, f"row {r + 1}", SIZE, MUTED))
        closed = d.minor_finds.rows[r] > s.players
        for k, tile in enumerate(row):
            x = x0 + FIND_LABEL + k * FIND_COL
            target = find_target(c, pick, r, k) if pick else None
            if tile is None:  # a space whose tile is gone: George Peabody's card may still take it
                scene.add(Rect(x, ry, cw, CHIP_H, CARD if not closed else "#e4e4e4",
                               LEGAL if target else "#c9bfae", 2.5 if target else 1, 3),
                          Text(x + cw / 2, ry + CHIP_H / 2, "closed" if closed else "taken", SIZE, MUTED,
                               "middle"))
            else:
                find_chip(scene, tile, x, ry, cw, CHIP_H, words=True, edge=LEGAL if target else None)
            if target is not None:
                c.hit(x, ry, cw, CHIP_H, target, _find_tip(c, target, tile is None))
    by = top + len(s.finds) * 26
    words = [wrap(bonus_words(t), cw - 8) for t in s.find_bonus]
    bh = 6 + LINE * max((len(w) for w in words), default=1)
    scene.add(Text(x0, by + 12, "bonus", SIZE, MUTED))
    for k, rows in enumerate(words):
        x = x0 + FIND_LABEL + k * FIND_COL
        scene.add(Rect(x, by, cw, bh, "#fbeed0", "#a08040", 1, 3))
        lines(scene, x + 4, by + 3 + LINE / 2, rows)
    return by + bh


def find_target(c: Ctx, species: str, r: int, k: int) -> str | None:
    """The minor find for ``species`` in row ``r``, column ``k`` (from 0), if the clicker may
    make it. With John Wesley Powell's card the label also names the envelope: the click puts
    the card in its own envelope when that has room, else in the first that has (the Table's
    buttons offer every other envelope)."""
    plain = c.label("find", species, str(r + 1), str(k + 1))
    if plain is not None:
        return plain
    head = f"{c.me} find {species} {r + 1} {k + 1} "
    envelopes = sorted(label for label in c.legal if label.startswith(head))
    own = head + envelope_of(species).lower()
    return own if own in envelopes else envelopes[0] if envelopes else None


def _find_tip(c: Ctx, target: str, taken: bool) -> str:
    words = c.words(target)
    if perks.card_perk(c.s.turn) == "find_any_envelope":
        words += " (your card lets it go into any envelope: the buttons offer the others)"
    if taken:
        words += " (no tile left there: your card still gives the column's bonus)"
    return words


def _paleo_display(c: Ctx, x0: float, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    _caption(c, x0, y, "paleontologist cards face up", X1 - x0)
    top = y + CAPTION
    if not s.paleo_display:
        scene.add(Text(x0, top + 10, "none", SIZE, MUTED))
        return top + 20
    w = (X1 - x0 - 2 * 6) / 3
    cards = [next(x for x in d.paleontologists if x.id == card) for card in s.paleo_display]
    names = [wrap(p.name, w - 10, SIZE, True) for p in cards]
    h = 6 + LINE * (max(len(n) for n in names) + 1) + 2
    bottom = top
    for r, row in enumerate(flow([w] * len(cards), x0, X1 + 1, 6)):
        cy = top + r * (h + 6)
        for k, x in row:
            p, card = cards[k], s.paleo_display[k]
            target = c.label("keep", card)
            edge, width = (LEGAL, 2.5) if target else ("#7a6aa0", 1)
            scene.add(Rect(x, cy, w, h, CARD_FILL["paleo"], edge, width, 4))
            last = lines(scene, x + 5, cy + 3 + LINE / 2, names[k], SIZE, INK, True)
            scene.add(Text(x + 5, last + LINE, f"{location_name(p.action)} · ${p.cost}", SIZE, INK))
            c.hit(x, cy, w, h, target,
                  f"keep {p.name}: a card to {location_goal(p.action)}, ${p.cost} to play")
        bottom = cy + h
    return bottom
