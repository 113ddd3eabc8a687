"""The Bone Wars map: the six dig sites on their ring (three over three, the arrows a team
follows between them), each with its species card, its three bone slots (top to bottom), its
dig-site action tile, its base-camp spaces and the teams there; under them the four university
spaces. 896 px wide, every text 12 px or more; a site's box grows with what it holds (wrapped
action words, more teams than a row holds), all six alike.
"""

from __future__ import annotations

from bonekit.games.bone_wars.state import BoneWarsState
from bonekit.games.bone_wars.turn import DEPTHS

from . import access
from .bone_wars_parts import (
    ARROW,
    CARD,
    CARD_FILL,
    CHIP_H,
    EDGE,
    GRANT,
    INK,
    LEGAL,
    LINE,
    MARK_R,
    MUTED,
    PAD,
    SIZE,
    WIDTH,
    Circle,
    Ctx,
    Rect,
    Text,
    a_bone,
    arrow,
    bone_chip,
    camp_words,
    effect_words,
    find_chip,
    find_width,
    fit,
    flow,
    lines,
    marker,
    patron_tag,
    team_marker,
    team_width,
    wrap,
)

SITE_W = 272
GAP_X = 40  # between site columns (the arrows)
BAND = 46  # between the two rows of sites (the arrows across the ring)
CARD_X, CARD_Y, CARD_W, CARD_H = 8, 26, 160, 102  # the species card inside a site's box
BONE_X = CARD_X + CARD_W + 8  # the bone slots' column
BONE_W, BONE_H, BONE_STEP = SITE_W - BONE_X - 8, 28, 37
ACT_Y = CARD_Y + CARD_H + 8  # the action tile
TEAM_ROW = 26
# The dig sites on the ring: the top row left to right, the bottom row left to right.
RING = (("montana", "wyoming", "colorado"), ("nebraska", "new_jersey", "kansas"))


class Layout:
    """Where the sites sit: the map's top and the (common) height of a site's box."""

    def __init__(self, c: Ctx, top: float):
        self.top = top
        s = c.s
        self.act_lines = max(len(_action_lines(c, site.action)) for site in s.sites)
        teams = [[p for p, b in enumerate(s.boards) if b.team == site.id] for site in s.sites]
        self.team_rows = max(len(_team_rows(t)) for t in teams)
        self.h = self.camps_y(0) + 14 + self.team_rows * TEAM_ROW + 4

    def act_h(self) -> float:
        return 8 + LINE * self.act_lines

    def camps_y(self, y: float) -> float:
        """The centre of the camps row of a site whose box starts at ``y``."""
        return y + ACT_Y + self.act_h() + 8 + MARK_R

    def box(self, site_id: str) -> tuple[float, float]:
        """The top-left corner of a dig site's box."""
        for row, ids in enumerate(RING):
            if site_id in ids:
                return PAD + ids.index(site_id) * (SITE_W + GAP_X), self.top + row * (self.h + BAND)
        raise KeyError(site_id)

    def bottom(self) -> float:
        return self.top + 2 * self.h + BAND


def _action_lines(c: Ctx, action: str) -> list[str]:
    return wrap(f"action: {effect_words(c.d.site_actions[action].effect)}", SITE_W - 28)


def _team_rows(teams: list[int]) -> list[list[tuple[int, float]]]:
    return flow([team_width(p) for p in teams], 0, SITE_W - 16) if teams else [[]]


def _edge_point(lay: Layout, site_id: str, toward: str) -> tuple[float, float]:
    """Where an arrow from ``site_id`` toward ``toward`` leaves its box: a side's middle for
    neighbours, a point near a corner for the arrows across the ring."""
    x, y = lay.box(site_id)
    tx, ty = lay.box(toward)
    if ty == y:  # same row: the facing side
        return (x + SITE_W, y + lay.h / 2) if tx > x else (x, y + lay.h / 2)
    if tx == x:  # same column: the facing edge
        return (x + SITE_W / 2, y + lay.h) if ty > y else (x + SITE_W / 2, y)
    edge_y = y + lay.h if ty > y else y
    return (x + 40, edge_y) if tx < x else (x + SITE_W - 40, edge_y)


def draw_map(c: Ctx, top: float, before: BoneWarsState | None) -> float:
    """The sites and their arrows from ``top`` down, the universities under them; the bottom."""
    s, scene, d = c.s, c.scene, c.d
    lay = Layout(c, top)
    mine = s.boards[c.clicker] if c.clicker is not None else None
    for spec in d.dig_sites.values():  # the arrows first, so that boxes hide nothing of them
        for to in spec.to:
            x1, y1 = _edge_point(lay, spec.id, to)
            x2, y2 = _edge_point(lay, to, spec.id)
            legal = c.label("move", to) is not None and mine is not None and mine.team == spec.id
            arrow(scene, x1, y1, x2, y2, LEGAL if legal else ARROW, 3 if legal else 1.6)
    for site in s.sites:
        x, y = lay.box(site.id)
        _site(c, lay, site, x, y)
        if before is not None and _site_facts(before, site.id) != _site_facts(s, site.id):
            access.box(scene, x, y, SITE_W, lay.h, 3, 8)
    return _universities(c, lay.bottom() + 10)


def _site_facts(s: BoneWarsState, site_id: str) -> tuple:
    """What a dig site shows: its card, bones, camps and the teams there (to mark a change)."""
    site = next(o for o in s.sites if o.id == site_id)
    teams = [i for i, b in enumerate(s.boards) if b.team == site_id]
    return site.card, list(site.bones), list(site.camps), teams


def _site(c: Ctx, lay: Layout, site, x: float, y: float) -> None:
    s, scene, d = c.s, c.scene, c.d
    spec = d.dig_sites[site.id]
    here = c.clicker is not None and s.boards[c.clicker].team == site.id
    move = c.label("move", site.id)
    scene.add(Rect(x, y, SITE_W, lay.h, "#f6efe2", LEGAL if move else EDGE, 3 if move else 1.2, 8),
              Text(x + 8, y + 13, spec.name, 13, INK, bold=True))
    c.hit(x, y, SITE_W, lay.h, move or c.label("site", site.id),
          f"move the team to {spec.name}" if move else None)
    # the species card
    cx, cy = x + CARD_X, y + CARD_Y
    if site.card is None:
        scene.add(Rect(cx, cy, CARD_W, CARD_H, CARD, "#c9bfae", 1, 5),
                  Text(cx + CARD_W / 2, cy + CARD_H / 2, "no species card", SIZE, MUTED, "middle"))
    else:
        sp = d.species[site.card]
        discover = c.label("discover") if here else None
        scene.add(Rect(cx, cy, CARD_W, CARD_H, CARD_FILL["species"], LEGAL if discover else "#a08c66",
                       2.5 if discover else 1, 5),
                  Text(cx + 6, cy + 11, fit(sp.name, CARD_W - 12, SIZE, True), SIZE, INK, bold=True))
        lines(scene, cx + 6, cy + 27, [fit(f"{sp.category} · {sp.by.title()} {sp.year}", CARD_W - 12),
                                       f"skull: {sp.skull}", f"limb: {sp.limb}"])
        fw = find_width(sp.find, True)
        find_chip(scene, sp.find, cx + 6, cy + CARD_H - CHIP_H - 6, fw, CHIP_H, words=True)
        scene.add(Text(cx + 12 + fw, cy + CARD_H - CHIP_H / 2 - 6, "species", SIZE, MUTED))
        c.hit(cx, cy, CARD_W, CARD_H, discover, f"discover {sp.name}: take its species card")
    # the bone slots, top to bottom
    bx = x + BONE_X
    for i, bone in enumerate(site.bones):
        by = y + CARD_Y + i * BONE_STEP
        dig = c.label("dig", DEPTHS[i]) if here else None
        words = f"{DEPTHS[i][:3]}:" if bone else f"{DEPTHS[i][:3]}: empty"
        bone_chip(scene, bone, bx, by, BONE_W, BONE_H, words=words, edge=LEGAL if dig else None)
        c.hit(bx, by, BONE_W, BONE_H, dig, f"dig the {DEPTHS[i]} bone: {a_bone(bone)}" if bone else None)
    # the dig-site action tile
    act = c.label("site", site.id)
    ay, ah = y + ACT_Y, lay.act_h()
    scene.add(Rect(x + 8, ay, SITE_W - 16, ah, "#ece4f4", LEGAL if act else "#8a7aa6", 2.5 if act else 1, 4))
    lines(scene, x + 14, ay + 4 + LINE / 2, _action_lines(c, site.action))
    c.hit(x + 8, ay, SITE_W - 16, ah, act)
    # base camps: the spaces in play at this table, then the teams here
    spaces = [n for n in spec.camps if n <= s.players]
    my = lay.camps_y(y)
    scene.add(Text(x + 8, my, "camps", SIZE, MUTED))
    camp_label = (
        next((lab for kind in ("move", "archive") if (lab := c.label("camp", kind))), None) if here else None
    )
    for k in range(len(spaces)):
        mx = x + 66 + k * (2 * MARK_R + 6)
        if k < len(site.camps):
            marker(scene, site.camps[k], mx, my)
            continue
        free_target = camp_label if k == len(site.camps) else None
        edge, width = (LEGAL, 2.5) if free_target else ("#a89a80", 1)
        scene.add(Circle(mx, my, MARK_R, CARD, edge, width))
        c.hit(mx - MARK_R - 1, my - MARK_R - 1, 2 * MARK_R + 2, 2 * MARK_R + 2, free_target,
              camp_words(free_target.split()[-1]) if free_target else None)
    teams = [i for i, b in enumerate(s.boards) if b.team == site.id]
    ty = my + MARK_R + 6
    if not teams:
        scene.add(Text(x + 8, ty + 10, "no team here", SIZE, MUTED))
    for r, row in enumerate(_team_rows(teams)):
        for k, tx in row:
            team_marker(scene, teams[k], x + 8 + tx, ty + r * TEAM_ROW)


def _universities(c: Ctx, y: float) -> float:
    """The four university spaces in a row from ``y``: the bottom."""
    s, scene, d = c.s, c.scene, c.d
    gap = 8
    w = (WIDTH - 2 * PAD - 3 * gap) / 4
    scene.add(Text(PAD, y + 8, "universities (where teams start a round)", SIZE, MUTED))
    top = y + 18
    words = []
    for u in d.universities:
        name = wrap(f"{u.space} {u.name}", w - 12, SIZE, True)
        to = wrap(f"{u.patron.title()} → {', '.join(d.dig_sites[t].name for t in u.sites)}", w - 34)
        grant = wrap(f"grant: {GRANT.get(s.grants.get(u.space, ''), '-')}", w - 12)
        words.append((name, to, grant))
    rows = max(len(a) + len(b) + len(g) for a, b, g in words)
    h = 8 + rows * LINE + 4 + 22 + 8
    for i, u in enumerate(d.universities):
        x = PAD + i * (w + gap)
        target = c.label("university", str(u.space))
        scene.add(Rect(x, top, w, h, CARD, LEGAL if target else EDGE, 2.5 if target else 1, 6))
        name, to, grant = words[i]
        ly = lines(scene, x + 6, top + 4 + LINE / 2, name, SIZE, INK, True) + LINE
        patron_tag(scene, u.patron, x + 6, ly)
        ly = lines(scene, x + 30, ly, to) + LINE
        lines(scene, x + 6, ly, grant)
        who = s.universities.get(u.space)
        ty = top + h - 28
        if who is None:
            scene.add(Text(x + 6, ty + 10, "free", SIZE, MUTED))
        else:
            tw = team_marker(scene, who, x + 6, ty)
            if who >= 0 and s.neutral == u.space:  # two players: the neutral team shares the first space
                team_marker(scene, -1, x + 12 + tw, ty)
        c.hit(x, top, w, h, target, f"send the team to {u.name} ({u.patron.title()})")
    return top + h


__all__ = ["RING", "draw_map"]
