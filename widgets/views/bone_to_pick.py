"""Bone to Pick as a Scene: the enemy board with the undead, the Haven, a row per player and a
legend of the picture's signs. Given the state one step before, the picture marks what that step
changed (the card just chosen, the cards revealed, the trophy taken, the damage, the new undead);
``scene.description`` says what the picture shows in words."""
from __future__ import annotations

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bone_to_pick import HIDDEN, BoneToPick, BoneToPickState

from ..scene import Rect, Scene, Text
from . import access
from .access import describe
from .bone_to_pick_parts import (
    INK,
    LEGEND,
    MUTED,
    WARM_INK,
    Changes,
    HavenLayout,
    UndeadLayout,
    board,
    card_back,
    chip,
    colour_of,
    haven,
    haven_words,
    last_attack,
    last_step_words,
    legend,
    legend_height,
    new_scene,
    pile,
    result_label,
    same_game,
    seat_frame,
    seat_label,
    table_changes,
    trophy_changes,
    undead_card,
    undead_changes,
    undead_words,
)

WIDTH = 900
TOP = 150          # height of the enemy board band
ROW = 66           # height of one player row
CARD_W, CARD_H, GAP = 30, 44, 4
UNDEAD = UndeadLayout(x=170, y=14, w=150, h=120, edge=14, name_y=38, name_fits=17, power_y=64,
                      power_size=18, power_note=False)
HAVEN = HavenLayout(x=345, y=24, title_size=14, shield=11, first=70, step=30, left_y=26,
                    left_size=12, left_ink=MUTED, row_y=50, row_x=82, row_max=None,
                    row_empty=False)


def render(game: BoneToPick, state: BoneToPickState, seat: int | None = None,
           active: int | None = None, selection: str | None = None,
           previous: BoneToPickState | None = None) -> Scene:
    """Draw ``state`` as ``seat`` sees it (None: all-seeing); ``active``'s hand is clickable.
    With ``previous`` (the state one step before) what changed since is marked."""
    if getattr(state, "variant", "base") in ("solo", "coop"):
        from . import bone_to_pick_modes  # the solo and co-op pictures have a module of their own
        return bone_to_pick_modes.render(game, state, seat, active, selection, previous)
    if getattr(state, "variant", "base") in ("campaign", "epic", "team"):
        from . import bone_to_pick_campaign  # so have the campaign, epic and team pictures
        return bone_to_pick_campaign.render(game, state, seat, active, selection, previous)
    s = game.view(state, seat)
    before = game.view(previous, seat) if same_game(previous, state) else None
    ch = changes(game, before, s)
    rows = TOP + ROW * s.players + 10
    height = rows + legend_height(LEGEND, WIDTH)
    scene = new_scene(WIDTH, height, f"Bone to Pick, turn {s.turn} of {s.turns}", seat)
    _enemy_board(game, s, scene, before, ch)
    owing = set(game.to_move(s))
    for p in range(s.players):
        # Cards are clickable only for the active seat, and only while it owes a decision.
        _player_row(game, s, scene, p, TOP + ROW * p, p in owing, p == active and p in owing, ch)
    legend(scene, LEGEND, rows - 4, WIDTH)
    scene.description = description(game, s, ch)
    return scene


def changes(game: BoneToPick, before: BoneToPickState | None, s: BoneToPickState) -> Changes:
    """What the step from ``before`` to ``s`` changed (nothing without ``before``)."""
    ch = Changes()
    if before is None:
        return ch
    for p in range(s.players):
        if s.chosen[p] is not None and before.chosen[p] is None:
            ch.add(("chosen", p), f"{seat_name(p)} chooses a card face down")
    table_changes(game, before, s, ch)
    if ("attack",) in ch:
        for p in range(s.players):
            ch.add(("played", p))
    for p in range(s.players):
        trophy_changes(before.trophies[p], s.trophies[p], ("trophy", p), seat_name(p), ch, game)
    undead_changes(game, before, s, ch)
    return ch


def description(game: BoneToPick, s: BoneToPickState, ch: Changes) -> str:
    """Whose decision the game waits for, the undead and its power, the Haven, the hands and the
    trophies, and what the last step changed."""
    out = game.outcome(s)
    head = f"Bone to Pick, {plural(s.players, 'player')}, base game, turn {s.turn} of {s.turns}"
    if out:
        waiting = "the game is over: " + out.summary
    else:
        owing = game.to_move(s)
        chosen = [p for p in range(s.players) if s.chosen[p] is not None]
        waiting = f"waiting for {access.seats_words(owing)} to choose a card"
        if chosen:
            waiting += f" ({access.seats_words(chosen)} {'has' if len(chosen) == 1 else 'have'} chosen)"
    foe = (f"the undead attacking is {undead_words(game, s.current, game.power(s))}"
           if s.current is not None else "no undead is attacking")
    hands = "cards in hand: " + ", ".join(f"{seat_label(s.names, p)} {len(s.hands[p])}"
                                          for p in range(s.players))
    trophies = "trophies: " + ", ".join(
        f"{seat_name(p)} {len(s.trophies[p])} ({plural(game.trophy_points(s, p), 'point')})"
        for p in range(s.players))
    return describe(head, waiting, foe, haven_words(game, s) + f", {len(s.deck)} undead in the deck",
                    hands, trophies, last_step_words(ch))


def _card(scene: Scene, x: float, y: float, value: int | None, colour: str,
          face_down: bool = False, dim: bool = False, w: float = CARD_W, h: float = CARD_H) -> None:
    if face_down:
        card_back(scene, x, y, w, h, 5, 4)
        return
    scene.add(Rect(x, y, w, h, "#f4f4f4" if dim else "#ffffff", colour, 2, 4),
              Text(x + w / 2, y + h / 2, str(value), 15, MUTED if dim else INK, "middle", True))


def _enemy_board(game: BoneToPick, s: BoneToPickState, scene: Scene, before, ch: Changes) -> None:
    board(scene, WIDTH, TOP - 14, f"Turn {s.turn} of {s.turns}", f"{s.players} players · {s.variant} game",
          14, 40)
    undead_card(scene, game, s.current, s.players, UNDEAD, ("undead",) in ch)
    # The deck.
    dx = 18
    pile(scene, dx, 58, 56, 70, min(len(s.deck), 4), 3, 6)
    scene.add(Text(dx + 100, 96, f"deck {len(s.deck)}", 12, INK, "middle"))
    haven(scene, game, s, HAVEN, before)
    scene.add(Text(HAVEN.x, HAVEN.y + 84, f"beaten, no taker: {len(s.unclaimed)}", 12, MUTED))
    if s.history:
        r = s.history[-1]
        trophy = None
        if r.defeated:
            trophy = (f"trophy to {seat_name(r.trophy_to)} (highest unique {r.plays[r.trophy_to]})"
                      if r.trophy_to is not None else "no unique value: no trophy")
        last_attack(scene, game, r, r.plays, 610, 50, 20, trophy, ("attack",) in ch)
    out = game.outcome(s)
    if out:
        label, colour = result_label(out)
        scene.add(Text(WIDTH - 24, 24, label, 16, colour, "end", True))


def _player_row(game: BoneToPick, s: BoneToPickState, scene: Scene, p: int, y: float,
                owing: bool, active: bool, ch: Changes) -> None:
    colour = colour_of(game, p)
    seat_frame(scene, y + 4, WIDTH, ROW - 6, colour, owing, active, seat_label(s.names, p), y + 20, 13)
    out = game.outcome(s)
    status = ("choosing…" if owing else "") if not out else out.titles.get(p, "")
    if status:
        # Titles in dark ink: some player colours (yellow) are hard to read on a projector.
        scene.add(Text(34, y + 40, status, 12 if not out else 13, WARM_INK if not out else INK,
                       bold=bool(out)))
    # Hand.
    hx = 150
    scene.add(Text(hx, y + 12, "hand", 12, MUTED))
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
        scene.add(Text(cx, y + 12, "chosen", 12, MUTED))
        _card(scene, cx, y + 18, None, colour, face_down=True)
        if chosen != HIDDEN:  # its owner (or the all-seeing view) may peek
            scene.add(Rect(cx + 8, y + 28, CARD_W - 16, 20, "#fff", None, 1, 3),
                      Text(cx + CARD_W / 2, y + 38, str(chosen), 12, INK, "middle", True))
        if ("chosen", p) in ch:
            access.box(scene, cx, y + 18, CARD_W, CARD_H, 3, 5, flush_top=True)
    elif s.history:
        scene.add(Text(cx, y + 12, f"turn {s.history[-1].turn}", 12, MUTED))
        _card(scene, cx, y + 18, s.history[-1].plays[p], colour)
        if ("played", p) in ch:
            access.box(scene, cx, y + 18, CARD_W, CARD_H, 3, 5, flush_top=True)
    # Used pile: face down, counted; clicking it explains that those cards are spent.
    ux = cx + CARD_W + 24
    used = s.used(p)
    scene.add(Text(ux, y + 12, "used", 12, MUTED))
    if used:
        pile(scene, ux, y + 18, CARD_W, CARD_H - 6, min(len(used), 3), 2, 4)
        scene.add(Text(ux + CARD_W / 2 + 2, y + 18 + CARD_H / 2, str(len(used)), 12, "#fff", "middle", True))
        if active:
            scene.hit(ux, y + 18, CARD_W + 6, CARD_H, f"{seat_name(p)} reuse", "your used pile")
    # Trophies.
    tx = ux + CARD_W + 30
    points = game.trophy_points(s, p)
    scene.add(Text(tx, y + 12, f"trophies · {plural(points, 'point')}", 12, MUTED))
    for i, uid in enumerate(s.trophies[p]):
        u = game.data.undead[uid]
        chip(scene, u, tx + i * 26, y + 18, 24, 34, str(u.trophy), 12)
        if ("trophy", p, i) in ch:
            access.box(scene, tx + i * 26, y + 18, 24, 34, 2, 4, flush_top=True)
