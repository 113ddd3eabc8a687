"""Bone to Pick as a Scene: the enemy board with the undead, the Haven, and a row per player."""
from __future__ import annotations

from bonekit.core.actions import seat_name
from bonekit.games.bone_to_pick import HIDDEN, BoneToPick, BoneToPickState

from ..scene import Circle, Line, Polygon, Rect, Scene, Text

WIDTH = 900
TOP = 150          # height of the enemy board band
ROW = 66           # height of one player row
CARD_W, CARD_H, GAP = 30, 44, 4
LEVEL_FILL = {"easy": "#cfe8c4", "medium": "#f5e3a3", "hard": "#d9c4ea"}
LEVEL_EDGE = {"easy": "#3d8b37", "medium": "#b7950b", "hard": "#7d3c98"}
INK, MUTED, BACK = "#222", "#777", "#5d4037"


def render(game: BoneToPick, state: BoneToPickState, seat: int | None = None,
           active: int | None = None, selection: str | None = None) -> Scene:
    """Draw ``state`` as ``seat`` sees it (None: all-seeing); ``active``'s hand is clickable."""
    if getattr(state, "variant", "base") in ("solo", "coop"):
        from . import bone_to_pick_modes  # the solo and co-op pictures have a module of their own
        return bone_to_pick_modes.render(game, state, seat, active, selection)
    s = game.view(state, seat)
    height = TOP + ROW * s.players + 10
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(WIDTH, height, title=f"Bone to Pick, turn {s.turn} of {s.turns}, {who}",
                  background="#fbf8f1")
    _enemy_board(game, s, scene)
    owing = set(game.to_move(s))
    for p in range(s.players):
        # Cards are clickable only for the active seat, and only while it owes a decision.
        _player_row(game, s, scene, p, TOP + ROW * p, p in owing, p == active and p in owing)
    return scene


def _card(scene: Scene, x: float, y: float, value: int | None, colour: str,
          face_down: bool = False, dim: bool = False, w: float = CARD_W, h: float = CARD_H) -> None:
    if face_down:
        scene.add(Rect(x, y, w, h, BACK, "#3e2723", 1, 4),
                  Line(x + 5, y + 5, x + w - 5, y + h - 5, "#8d6e63", 1.5),
                  Line(x + w - 5, y + 5, x + 5, y + h - 5, "#8d6e63", 1.5))
        return
    scene.add(Rect(x, y, w, h, "#f4f4f4" if dim else "#ffffff", colour, 2, 4),
              Text(x + w / 2, y + h / 2, str(value), 15, MUTED if dim else INK, "middle", True))


def _enemy_board(game: BoneToPick, s: BoneToPickState, scene: Scene) -> None:
    undead = game.data.undead
    scene.add(Rect(6, 6, WIDTH - 12, TOP - 14, "#efe6d2", "#a1887f", 1.5, 8),
              Text(18, 22, f"Turn {s.turn} of {s.turns}", 14, INK, bold=True),
              Text(18, 40, f"{s.players} players · {s.variant} game", 12, MUTED))
    # The undead card.
    x, y, w, h = 170, 14, 150, 120
    if s.current is not None:
        u = undead[s.current]
        scene.add(Rect(x, y, w, h, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 2.5, 8),
                  Text(x + 8, y + 14, f"★ {u.trophy}", 14, INK, bold=True),
                  Text(x + w - 8, y + 14, u.id, 11, MUTED, "end"),
                  Text(x + w / 2, y + 38, u.name, 13 if len(u.name) < 17 else 11, INK, "middle", True),
                  Text(x + w / 2, y + 64, f"POWER {u.power_for(s.players)}", 18, INK, "middle", True),
                  Text(x + 8, y + h - 14, f"✖ {u.damage} damage", 12, "#922b21"),
                  Text(x + w - 8, y + h - 14, "☠" * {"easy": 1, "medium": 2, "hard": 3}[u.level],
                       13, LEVEL_EDGE[u.level], "end"))
    else:
        scene.add(Rect(x, y, w, h, "#f6f1e6", "#bcaaa4", 1.5, 8),
                  Text(x + w / 2, y + h / 2, "no undead", 13, MUTED, "middle"))
    # The deck.
    dx = 18
    for i in range(min(len(s.deck), 4)):
        scene.add(Rect(dx + 3 * i, 58 + 3 * i, 56, 70, BACK, "#3e2723", 1, 6))
    scene.add(Text(dx + 100, 96, f"deck {len(s.deck)}", 12, INK, "middle"))
    # The Haven: one shield per hit point, broken ones crossed out.
    hx, hy = 345, 24
    dmg = game.damage(s)
    scene.add(Text(hx, hy, "Haven", 14, INK, bold=True))
    for i in range(s.hit_points):
        cx = hx + 70 + i * 30
        lost = i < dmg
        scene.add(Polygon(((cx - 11, hy - 10), (cx + 11, hy - 10), (cx + 11, hy + 2), (cx, hy + 12),
                           (cx - 11, hy + 2)), "#d5d8dc" if lost else "#5dade2", "#1b4f72", 1.5))
        if lost:
            scene.add(Line(cx - 9, hy - 8, cx + 9, hy + 10, "#c0392b", 2.5))
    scene.add(Text(hx, hy + 26, f"{max(0, s.hit_points - dmg)} of {s.hit_points} hit points left",
                   12, MUTED))
    # The damage row: undead that got through, damage values visible.
    scene.add(Text(hx, hy + 50, "damage row", 11, MUTED))
    for i, uid in enumerate(s.damage_row):
        u = undead[uid]
        bx = hx + 82 + i * 40
        scene.add(Rect(bx, hy + 38, 36, 24, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 1.5, 3),
                  Text(bx + 18, hy + 50, f"✖{u.damage}", 11, "#922b21", "middle", True))
    scene.add(Text(hx, hy + 84, f"beaten, no taker: {len(s.unclaimed)}", 11, MUTED))
    # The last attack, so the reveal and its outcome stay readable after the step.
    if s.history:
        r = s.history[-1]
        u = undead[r.undead]
        lx = 610
        scene.add(Text(lx, 50, f"Last attack (turn {r.turn})", 12, INK, bold=True),
                  Text(lx, 70, f"{' + '.join(map(str, r.plays))} = {r.total}", 12, INK),
                  Text(lx, 88, f"against power {r.power}: {u.name}", 12, INK),
                  Text(lx, 106, "beaten" if r.defeated else "got through", 12,
                       "#1e8449" if r.defeated else "#922b21", bold=True))
        if r.defeated:
            scene.add(Text(lx, 124, (f"trophy to {seat_name(r.trophy_to)} (highest unique {r.plays[r.trophy_to]})"
                                     if r.trophy_to is not None else "no unique value: no trophy"), 12, INK))
    out = game.outcome(s)
    if out:
        colour = "#1e8449" if out.result == "victory" else "#922b21"
        label = "VICTORY" if out.result == "victory" else "THE HAVEN FALLS"
        scene.add(Text(WIDTH - 24, 24, label, 16, colour, "end", True))


def _player_row(game: BoneToPick, s: BoneToPickState, scene: Scene, p: int, y: float,
                owing: bool, active: bool) -> None:
    colour = game.data.colour_hex[p % len(game.data.colour_hex)]
    scene.add(Rect(6, y + 4, WIDTH - 12, ROW - 6, "#fffdf8" if not owing else "#fff6e0",
                   "#d7ccc8" if not active else colour, 1 if not active else 2.5, 6),
              Circle(22, y + 20, 7, colour),
              Text(34, y + 20, s.names[p] if s.names[p] == seat_name(p) else f"{seat_name(p)} {s.names[p]}",
                   13, INK, bold=True))
    out = game.outcome(s)
    status = ("choosing…" if owing else "") if not out else out.titles.get(p, "")
    if status:
        # Titles in dark ink: some player colours (yellow) are hard to read on a projector.
        scene.add(Text(34, y + 40, status, 12 if not out else 13, "#b9770e" if not out else INK,
                       bold=bool(out)))
    # Hand.
    hx = 150
    scene.add(Text(hx, y + 12, "hand", 10, MUTED))
    hand = s.hands[p]
    for i, v in enumerate(hand):
        cx = hx + i * (CARD_W + GAP)
        hidden = v == HIDDEN
        _card(scene, cx, y + 18, None if hidden else v, colour, face_down=hidden)
        if active and not hidden:
            scene.hit(cx, y + 18, CARD_W, CARD_H, f"{seat_name(p)} play {v}", f"play your {v}")
    # Chosen card (face down) or the card revealed in the last attack.
    cx = hx + 12 * (CARD_W + GAP) + 12
    chosen = s.chosen[p]
    if chosen is not None:
        scene.add(Text(cx, y + 12, "chosen", 10, MUTED))
        _card(scene, cx, y + 18, None, colour, face_down=True)
        if chosen != HIDDEN:  # its owner (or the all-seeing view) may peek
            scene.add(Rect(cx + 8, y + 28, CARD_W - 16, 20, "#fff", None, 1, 3),
                      Text(cx + CARD_W / 2, y + 38, str(chosen), 11, INK, "middle", True))
    elif s.history:
        scene.add(Text(cx, y + 12, f"turn {s.history[-1].turn}", 10, MUTED))
        _card(scene, cx, y + 18, s.history[-1].plays[p], colour)
    # Used pile: face down, counted; clicking it explains that those cards are spent.
    ux = cx + CARD_W + 24
    used = s.used(p)
    scene.add(Text(ux, y + 12, "used", 10, MUTED))
    if used:
        for i in range(min(len(used), 3)):
            scene.add(Rect(ux + 2 * i, y + 18 + 2 * i, CARD_W, CARD_H - 6, BACK, "#3e2723", 1, 4))
        scene.add(Text(ux + CARD_W / 2 + 2, y + 18 + CARD_H / 2, str(len(used)), 12, "#fff", "middle", True))
        if active:
            scene.hit(ux, y + 18, CARD_W + 6, CARD_H, f"{seat_name(p)} reuse", "your used pile")
    # Trophies.
    tx = ux + CARD_W + 30
    points = game.trophy_points(s, p)
    scene.add(Text(tx, y + 12, f"trophies · {points} pts", 10, MUTED))
    for i, uid in enumerate(s.trophies[p]):
        u = game.data.undead[uid]
        bx = tx + i * 26
        scene.add(Rect(bx, y + 18, 24, 34, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 1.5, 3),
                  Text(bx + 12, y + 35, str(u.trophy), 12, INK, "middle", True))
