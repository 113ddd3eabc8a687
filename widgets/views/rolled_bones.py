"""The Rolled Bones table as a Scene: each player's rack (places 1-6), base (front and back doors
marked, guards standing on their base dice) and bag count, the shared arena, the last battle's
sums, and a key. Dice are drawn as faces: the value, the D'Code's number, the symbols as
letters (F flash, B banding, S first strike, W flying), a star on a power face, magic as chips
and a carried item beside its creature.

Clicks (for the seat that owes a decision): a rack die (build, flash), a die of yours then a
target (attack or shoot; then a base die to step onto it; the arena or your base to move), the
arena or a base to bring a die in, a guard or its base die to answer an interception, two base
dice to rearrange. Every action also has a button or a typed label (the Table's).
"""

from __future__ import annotations

from bonekit.core.actions import Action, seat_name
from bonekit.core.words import plural
from bonekit.games.rolled_bones import RolledBones, RolledBonesState
from bonekit.games.rolled_bones.battle import sum_text
from bonekit.games.rolled_bones.data import die_type
from bonekit.games.rolled_bones.dice import (
    carried,
    doors,
    face,
    guard,
    kind,
    magic_on,
    power,
    standing,
    value,
)
from bonekit.games.rolled_bones.state import DONE, die_index, die_label

from ..scene import Circle, Line, Polygon, Rect, Scene, Text
from . import access
from .access import Entry, describe

WIDTH = 1000
PAD = 12
DIE = 50  # a die's side
STEP = 60  # from one die to the next in a row
PANEL = 192  # a player's panel height
ARENA_ROW = 100
ARENA_STEP = 72           # arena dice sit wider apart: a carried item sticks out to the right
ARENA_PER_ROW = 13
PAPER = "#fbf8f1"
INK = "#1f1f1f"
MUTED = "#595959"
ACTIVE_INK = "#8a5300"
LEGAL = "#1e8449"  # edges of what a click would use
PICK = "#1f4e8c"  # the selected die
FILL = {"base": "#e8dcc8", "creature": "#d6ead8", "item": "#f2dfc6", "magic": "#e6dcf2"}
EDGE = {"base": "#6e5b3e", "creature": "#2e6b3a", "item": "#8a5a2b", "magic": "#5b3f8a"}
KIND_LETTER = {"base": "B", "creature": "C", "item": "I", "magic": "M"}
SEAT = ("#0072b2", "#c0440a", "#00785a", "#a8457f", "#8a6200", "#2f77a8")  # Okabe-Ito, darkened to read
SYMBOL_LETTER = {"flash": "F", "band": "B", "first_strike": "S", "flying": "W"}
STEPS = {
    "build": "1 · build your base",
    "arrange": "2 · arrange the rack, roll the Bones",
    "enter": "3 · bring the die into play",
    "act": "4 · move, attack, band, or say next",
    "over": "the game is over",
}
ASKED = {
    "intercept": "intercept the attack with the guard, or hold",
    "flash": "play a flash die from the rack, or pass",
    "enter": "say where the die comes in",
    "spill": "spill the guard into the arena or the base",
    "rearrange": "rearrange the base (swap two base dice) or done",
    "alliance": "accept or decline the alliance",
    "claim": "declare the base complete (finished in another player's turn), or pass",
}


def render(
    game: RolledBones,
    state: RolledBonesState,
    seat: int | None = None,
    active: int | None = None,
    selection: str | None = None,
    previous: RolledBonesState | None = None,
) -> Scene:
    """Draw ``state`` as ``seat`` sees it; ``active`` may click if it owes the decision now."""
    s = game.view(state, seat)
    before = game.view(previous, seat) if previous is not None else None
    order = _panel_order(s.players)
    arena_rows = max(1, -(-len(_arena(s)) // ARENA_PER_ROW))
    legend = _legend_entries()
    height = 70 + PANEL * s.players + 30 + ARENA_ROW * arena_rows + 64
    height += int(access.legend_height(legend, WIDTH - 2 * PAD)) + 8
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(
        WIDTH, height, background=PAPER, title=f"Rolled Bones, round {s.round}, {_step_words(s)}, {who}"
    )
    owing = game.to_move(s)
    clicker = active if active is not None and active in owing else None
    legal = {a.label for a in game.legal_actions(s, clicker)} if clicker is not None else set()
    pick = die_index(selection) if selection else None
    _header(game, s, scene, clicker)
    places: dict[int, tuple[float, float]] = {}
    y = 70
    for p in order[: (s.players + 1) // 2]:
        _panel(s, scene, p, y, clicker, legal, pick, places)
        y += PANEL
    arena_y = y
    _arena_panel(s, scene, y, arena_rows, clicker, legal, pick, places)
    y += 30 + ARENA_ROW * arena_rows
    for p in order[(s.players + 1) // 2 :]:
        _panel(s, scene, p, y, clicker, legal, pick, places)
        y += PANEL
    _battle_panel(s, scene, y)
    if clicker is not None:
        _die_hits(game, s, scene, clicker, legal, pick, places)
    if before is not None:
        _marks(before, s, scene, places)
    access.draw_legend(scene, legend, PAD, y + 64, WIDTH - 2 * PAD)
    scene.description = description(game, s, before)
    del arena_y
    return scene


def _panel_order(players: int) -> list[int]:
    return list(range(players))


def _step_words(s: RolledBonesState) -> str:
    if s.phase == "over":
        return "the end"
    if s.queue:
        return f"{seat_name(s.queue[0][1])} to {ASKED.get(s.queue[0][0], s.queue[0][0])}"
    return f"{seat_name(s.turn_seat)}'s turn, step {STEPS.get(s.phase, s.phase)}"


# ---- header ---------------------------------------------------------------------------------------
def _header(game: RolledBones, s: RolledBonesState, scene: Scene, clicker: int | None) -> None:
    mode = "arena rules, first to six kills" if s.variant == "arena" else f"build a base of {s.base_size}"
    scene.add(
        Text(PAD, 16, f"Rolled Bones · {s.players} players · {mode} · round {s.round}", 16, INK, bold=True),
        Text(PAD, 38, _step_words(s), 13, INK),
    )
    out = game.outcome(s)
    if out is not None:
        scene.add(Text(PAD, 56, out.summary, 13, "#1b5e20" if out.winners else "#7b1f1f", bold=True))
    elif clicker is not None:
        scene.add(Text(PAD, 56, _prompt(s, clicker), 12, ACTIVE_INK, bold=True))
    else:
        scene.add(Text(PAD, 56, f"waiting for {seat_name(game.to_move(s)[0])}", 12, MUTED))


def _prompt(s: RolledBonesState, p: int) -> str:
    who = seat_name(p)
    if s.queue:
        what = s.queue[0][0]
        if what == "enter":
            return f"{who}: click the arena, your base, or a die outlined in green for the die coming in."
        if what == "intercept":
            return f"{who}: click your guard to intercept, or the base die to let it take the attack."
        if what == "spill":
            return f"{who}: click the arena or your base: where the guard of the lost base die goes."
        if what == "rearrange":
            return f"{who}: click two of your base dice to swap them, or press done."
        return f"{who}: {ASKED.get(what, what)} (buttons below)."
    if s.phase == "build":
        return f"{who}: click a base die in your rack to build it, or draw to refill the rack."
    if s.phase == "arrange":
        return f"{who}: click two rack places to swap them, or roll the Bones."
    return (
        f"{who}: click one of your dice, then a target to attack, a base die to step on, or an "
        "area to move to; next ends the turn."
    )


# ---- a die -------------------------------------------------------------------------------------------
def draw_die(
    scene: Scene,
    s: RolledBonesState,
    i: int,
    x: float,
    y: float,
    size: float = DIE,
    edge: str | None = None,
    edge_width: float = 1.5,
) -> None:
    """Die ``i`` face up at (x, y): its value, number, symbols and power, in its kind's colours."""
    code = s.codes[i]
    if code == "?":
        scene.add(
            Rect(x, y, size, size, "#dddddd", "#6a6a6a", 1.2, 6),
            Text(x + size / 2, y + size / 2, "?", size * 0.4, INK, "middle", True),
        )
        return
    t = die_type(code)
    f = face(s, i)
    scene.add(Rect(x, y, size, size, FILL[t.kind], edge or EDGE[t.kind], edge_width, 7))
    shown = (
        f"{f.value:+d}"
        if t.kind == "magic"
        else str(value(s, i) if s.area[i] in ("base", "arena") else f.value)
    )
    small = size < 28  # a chip riding on another die: its value (and ↻ if recurring) only
    if small and t.kind == "magic" and f.effect == "drain":
        shown += "↻"
    scene.add(Text(x + size / 2, y + size * (0.5 if small else 0.55), shown,
                   size * (0.44 if small else 0.42), INK, "middle", True))
    if not small:
        scene.add(Text(x + 4, y + 8, f"d{i + 1}", 9, INK))
    letters = "".join(
        SYMBOL_LETTER[sym] for sym in ("flash", "band", "first_strike", "flying") if sym in f.symbols
    )
    if letters:
        scene.add(Text(x + size - 4, y + 8, letters, 9, INK, "end", True))
    if power(s, i) and not small:
        if size >= DIE:
            star(scene, x + 8, y + size - 9, 6)
        else:  # a guard: its name fills the bottom, the star goes beside the value
            star(scene, x + size - 7, y + size * 0.55, 5)
    if t.kind == "magic" and f.effect == "drain" and not small:
        scene.add(Text(x + size - 4, y + size - 8, "↻", 11, INK, "end", True))
    if 30 <= size < DIE:  # a guard standing on a base die: its short name inside
        scene.add(Text(x + size / 2, y + size - 6, short_name(t.name), 7.5, INK, "middle"))
    if size >= DIE:
        lines = _name_lines(t.name) + ([f"★ {power(s, i)}"] if power(s, i) else [])
        for k, line in enumerate(lines):
            scene.add(
                Text(
                    x + size / 2,
                    y + size + 8 + 10 * k,
                    line,
                    9,
                    INK if k == 0 or not line.startswith("★") else MUTED,
                    "middle",
                )
            )


def acted_badge(scene: Scene, cx: float, cy: float) -> None:
    scene.add(Circle(cx, cy, 6.5, "#4a4a4a", "#ffffff", 1), Text(cx, cy, "✓", 8.5, "#ffffff", "middle", True))


def short_name(name: str) -> str:
    """The last word of a die's name (``Rusty Blade`` -> ``Blade``), for dice drawn small."""
    return name.split()[-1]


def _name_lines(name: str) -> list[str]:
    """A die's name in at most two short lines, so neighbours' names never overlap."""
    if len(name) <= 11 or " " not in name:
        return [name]
    first, rest = name.split(" ", 1)
    return [first, rest]


def star(scene: Scene, cx: float, cy: float, r: float) -> None:
    import math

    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    scene.add(Polygon(tuple(pts), "#f2c14e", "#6b4e00", 0.8))


def _stack(
    scene: Scene,
    s: RolledBonesState,
    i: int,
    x: float,
    y: float,
    places: dict,
    edge: str | None = None,
    size: float = DIE,
) -> None:
    """A standing die with what rides on it: its magic chips and its carried item."""
    draw_die(scene, s, i, x, y, size, edge=edge, edge_width=2.5 if edge else 1.5)
    places[i] = (x, y, size)
    if s.acted[i] == DONE and s.phase != "over":  # its action for this turn is spent
        acted_badge(scene, x + size - 8, y + size - 8)
    for k, m in enumerate(magic_on(s, i)):  # chips down the left edge, clear of value and name
        mx, my = x - 9, y + 17 + k * 26
        draw_die(scene, s, m, mx, my, 25)
        places[m] = (mx, my, 25)
    if kind(s, i) == "creature":
        item = carried(s, i)
        if item >= 0:  # held up at the top-right corner, with its short name
            ix, iy = x + size - 16, y - 12
            draw_die(scene, s, item, ix, iy, 28)
            scene.add(Text(ix + 14, iy - 5, short_name(die_type(s.codes[item]).name), 7.5, INK, "middle"))
            places[item] = (ix, iy, 28)


def _owner_tag(scene: Scene, s: RolledBonesState, i: int, x: float, y: float) -> None:
    colour = SEAT[s.owners[i] % len(SEAT)]
    scene.add(
        Rect(x, y - 13, 22, 11, colour, None, 1, 3),
        Text(x + 11, y - 7.5, seat_name(s.owners[i]), 8, "#ffffff", "middle", True),
    )


# ---- a player's panel ------------------------------------------------------------------------------
def _panel(
    s: RolledBonesState,
    scene: Scene,
    p: int,
    y: float,
    clicker: int | None,
    legal: set[str],
    pick: int | None,
    places: dict,
) -> None:
    colour = SEAT[p % len(SEAT)]
    turn = s.turn_seat == p and s.phase != "over"
    scene.add(
        Rect(PAD, y, WIDTH - 2 * PAD, PANEL - 8, "#fff6e0" if turn else "#ffffff", colour, 2, 8),
        Rect(PAD, y, 8, PANEL - 8, colour, None, 1, 3),
    )
    name = s.names[p]
    head = seat_name(p) + (f" ({name})" if name != seat_name(p) else "")
    if s.variant == "arena":
        facts = f"kills {s.kills[p]} of 6"
    else:
        facts = f"bag {len(s.bags[p])} · base {len(s.bases[p])} of {s.base_size}" + (
            " · claims base complete" if s.declared[p] >= 0 else ""
        )
    allies = [seat_name(q) for q in range(s.players) if (min(p, q), max(p, q)) in s.allies]
    if allies:
        facts += " · allied with " + ", ".join(allies)
    scene.add(
        Text(PAD + 18, y + 14, head + (" · to play" if turn else ""), 13, INK, bold=True),
        Text(PAD + 18, y + 30, facts, 11, INK),
    )
    if clicker == p:
        _controls(scene, p, y, legal)
    # the rack: six places
    rx = PAD + 18
    scene.add(Text(rx, y + 46, "rack", 10, MUTED))
    for k in range(6):
        x = rx + k * STEP
        scene.add(
            Rect(x - 2, y + 54, DIE + 4, DIE + 4, None, "#c9bfae", 1, 8),
            Text(x + DIE / 2, y + 56 + DIE + 44, f"r{k + 1}", 9, MUTED, "middle"),
        )
        if k < len(s.racks[p]):
            i = s.racks[p][k]
            edge = PICK if pick == i else (LEGAL if _rack_clickable(s, p, k + 1, clicker, legal) else None)
            draw_die(scene, s, i, x, y + 56, edge=edge, edge_width=2.5 if edge else 1.5)
            places[i] = (x, y + 56, DIE)
            for km, m in enumerate(magic_on(s, i)):  # arena magic may sit on a rack die
                mx, my = x - 9, y + 56 + 17 + km * 26
                draw_die(scene, s, m, mx, my, 25)
                places[m] = (mx, my, 25)
            if clicker == p:
                build = f"{seat_name(p)} build r{k + 1}"
                if s.phase == "build" and not s.queue and build not in legal:
                    # any rack die may be clicked to build: the refusal says which ones can
                    scene.hit(x, y + 56, DIE, DIE, build, "only base dice are built")
                for verb in ("build", "flash"):
                    if f"{seat_name(p)} {verb} r{k + 1}" in legal:
                        scene.hit(
                            x,
                            y + 56,
                            DIE,
                            DIE,
                            f"{seat_name(p)} {verb} r{k + 1}",
                            f"{verb} the die in r{k + 1}",
                        )
                # arranging: before the Bones roll, or in an arena turn (after its leftmost die)
                if (s.phase == "arrange" or (s.variant == "arena" and s.phase == "act")) and not s.queue:
                    target = _swap_target(s, p, k + 1, pick, legal)
                    if target:
                        scene.hit(x, y + 56, DIE, DIE, *target)
    if s.variant == "arena":
        return
    # the base: front door first, guards standing on their base dice
    bx = rx + 6 * STEP + 30
    scene.add(
        Line(bx - 16, y + 40, bx - 16, y + PANEL - 16, "#c9bfae", 1),
        Text(bx, y + 14, "base (front door first)" + _decoy_words(s, p), 10, MUTED),
    )
    door = doors(s, p)
    for k, b in enumerate(s.bases[p]):
        x = bx + k * STEP
        if x + DIE > WIDTH - PAD - 4:
            scene.add(Text(x, y + 100, f"+{len(s.bases[p]) - k} more", 10, MUTED))
            break
        g = guard(s, b)
        by = y + 100
        edge = _edge(s, b, clicker, legal, pick)
        draw_die(scene, s, b, x, by, edge=edge, edge_width=2.5 if edge else 1.5)
        places[b] = (x, by, DIE)
        if b in door:
            label = "front+back" if len(door) == 1 else ("front door" if b == door[0] else "back door")
            ty = by + DIE + (28 if power(s, b) else 18)
            scene.add(
                Rect(x - 2, ty - 5.5, DIE + 4, 11, "#3d3d3d", None, 1, 3),
                Text(x + DIE / 2, ty, label, 8, "#ffffff", "middle", True),
            )
        if g >= 0:  # the guard stands on its base die
            _stack(scene, s, g, x + 5, by - 46, places, _edge(s, g, clicker, legal, pick), 40)
    yard = [
        i
        for i in range(len(s.codes))
        if s.area[i] == "base" and s.owners[i] == p and standing(s, i)
        and (s.on[i] < 0 or kind(s, s.on[i]) == "item")  # a die on an item is drawn beside it
    ]
    if yard:
        yx = bx + max(len(s.bases[p]), 1) * STEP + 20
        scene.add(Text(yx, y + 46, "in the base", 10, MUTED))
        for k, i in enumerate(yard):
            x = yx + k * STEP
            if x + DIE > WIDTH - PAD:
                break
            _stack(scene, s, i, x, y + 100, places, _edge(s, i, clicker, legal, pick))
    if clicker is not None:
        _area_hits(
            s, scene, clicker, legal, pick, ("base", p), bx - 12, y + 40, WIDTH - PAD - bx + 8, PANEL - 52
        )


CONTROLS = (("draw", "draw from the bag"), ("roll", "roll the Bones"), ("declare", "declare: base complete"),
            ("pass", "pass"), ("hold", "hold"), ("done", "done"), ("next", "next: end the turn"))


def _controls(scene: Scene, p: int, y: float, legal: set[str]) -> None:
    """Buttons in the picture for the one-word actions owed now (drawing, the Bones, next)."""
    x = WIDTH - PAD - 10
    for verb, words in reversed(CONTROLS):
        label = f"{seat_name(p)} {verb}"
        if label not in legal:
            continue
        w = 14 + 7 * len(words)
        x -= w
        scene.add(Rect(x, y + 8, w, 24, "#eaf2f8", PICK, 1.5, 6),
                  Text(x + w / 2, y + 20, words, 11, PICK, "middle", True))
        scene.hit(x, y + 8, w, 24, label, words)
        x -= 8


def _decoy_words(s: RolledBonesState, p: int) -> str:
    """Where attacks on ``p``'s base must go when a decoy shows its power."""
    decoys = [b for b in s.bases[p] if power(s, b) == "decoy"]
    return f" · attacks go to d{decoys[0] + 1}, the decoy" if decoys else ""


def _rack_clickable(s: RolledBonesState, p: int, k: int, clicker: int | None, legal: set[str]) -> bool:
    return clicker == p and any(f"{seat_name(p)} {v} r{k}" in legal for v in ("build", "flash"))


def _swap_target(s: RolledBonesState, p: int, k: int, pick: int | None, legal: set[str]):
    """Arranging: the first click picks a rack die, the second swaps the two places."""
    me = s.racks[p][k - 1]
    if pick is None:
        return (f"select:{die_label(me)}", f"r{k} picked; click another place to swap")
    if pick == me:
        return (f"select:{die_label(me)}", "click again to put it back")
    if pick in s.racks[p]:
        a, b = sorted((s.racks[p].index(pick) + 1, k))
        label = f"{seat_name(p)} swap r{a} r{b}"
        if label in legal:
            return (label, f"swap r{a} and r{b}")
    return None


def _edge(s: RolledBonesState, i: int, clicker: int | None, legal: set[str], pick: int | None) -> str | None:
    if pick == i:
        return PICK
    if clicker is None:
        return None
    if (
        s.queue
        and s.queue[0][0] == "intercept"
        and s.battle is not None
        and s.queue[0][1] == clicker
        and i in (s.battle.named, guard(s, s.battle.named))
    ):
        return LEGAL
    d = die_label(i)
    if any(label.endswith(" " + d) or f" {d} " in label for label in legal):
        return LEGAL
    return None


# ---- the arena --------------------------------------------------------------------------------------
def _arena(s: RolledBonesState) -> list[int]:
    return [i for i in range(len(s.codes)) if s.area[i] == "arena" and standing(s, i)]


def _arena_panel(
    s: RolledBonesState,
    scene: Scene,
    y: float,
    rows: int,
    clicker: int | None,
    legal: set[str],
    pick: int | None,
    places: dict,
) -> None:
    h = 22 + ARENA_ROW * rows
    scene.add(
        Rect(PAD, y, WIDTH - 2 * PAD, h, "#f4efe4", "#8c7b5e", 1.5, 8),
        Text(PAD + 12, y + 13, "Arena (next to every base)", 12, INK, bold=True),
    )
    dice = sorted(_arena(s), key=lambda i: (s.owners[i], i))
    for k, i in enumerate(dice):
        x = PAD + 20 + (k % ARENA_PER_ROW) * ARENA_STEP
        yy = y + 44 + (k // ARENA_PER_ROW) * ARENA_ROW
        _owner_tag(scene, s, i, x, yy)
        _stack(scene, s, i, x, yy, places, _edge(s, i, clicker, legal, pick))
    if not dice:
        scene.add(Text(WIDTH / 2, y + 50, "no dice in the arena", 12, MUTED, "middle"))
    if clicker is not None:
        _area_hits(s, scene, clicker, legal, pick, ("arena", -1), PAD, y, WIDTH - 2 * PAD, h)


def _area_hits(
    s: RolledBonesState,
    scene: Scene,
    p: int,
    legal: set[str],
    pick: int | None,
    where: tuple[str, int],
    x: float,
    y: float,
    w: float,
    h: float,
) -> None:
    """A click on an area (under the dice's own regions): enter, spill, or move there."""
    me = seat_name(p)
    area, owner = where
    if area == "base" and owner != p:
        return
    for label in (f"{me} enter {area}", f"{me} spill {area}"):
        if label in legal:
            scene.hit(x, y, w, h, label, label[len(me) + 1 :])
            return
    if pick is not None and f"{me} move {die_label(pick)} {area}" in legal:
        scene.hit(x, y, w, h, f"{me} move {die_label(pick)} {area}", f"move {die_label(pick)} to the {area}")
    elif pick is not None and f"{me} step {die_label(pick)} yard" in legal:  # off what it stands on
        label = f"{me} step {die_label(pick)} yard"
        scene.hit(x, y, w, h, label, f"step {die_label(pick)} off what it stands on")


# ---- clicks on dice ---------------------------------------------------------------------------------
def _die_hits(
    game: RolledBones,
    s: RolledBonesState,
    scene: Scene,
    p: int,
    legal: set[str],
    pick: int | None,
    places: dict,
) -> None:
    me = seat_name(p)
    for i, (x, y, size) in places.items():
        if s.area[i] == "rack":
            continue
        d = die_label(i)
        target = None
        for label in (f"{me} enter {d}",):
            if label in legal:
                target = (label, f"bring the die in onto {d}")
        if s.queue and s.queue[0][0] == "intercept" and s.battle is not None:
            if i == guard(s, s.battle.named):
                target = (f"{me} intercept", "intercept with this guard")
            elif i == s.battle.named:
                target = (f"{me} hold", "let the base die take the attack")
        if s.queue and s.queue[0][0] == "rearrange" and i in s.bases[p]:
            if pick is None or pick == i or pick not in s.bases[p]:
                target = (f"select:{d}", "picked: click another base die to swap")
            else:
                a, b = sorted((s.bases[p].index(pick), s.bases[p].index(i)))
                label = f"{me} swap {die_label(s.bases[p][a])} {die_label(s.bases[p][b])}"
                if label in legal:
                    target = (label, "swap these two base dice")
        if target is None and not s.queue and s.phase == "act":
            target = _act_target(s, p, i, pick, legal)
        if target is not None:
            scene.hit(x, y, size, size, *target)


def _act_target(s: RolledBonesState, p: int, i: int, pick: int | None, legal: set[str]):
    me, d = seat_name(p), die_label(i)
    if pick is not None and pick != i:
        a = die_label(pick)
        for verb in ("shoot", "attack"):
            if f"{me} {verb} {a} {d}" in legal:
                return (f"{me} {verb} {a} {d}", f"{verb} {d} with {a}")
        if f"{me} step {a} {d}" in legal:
            return (f"{me} step {a} {d}", f"step {a} onto {d}")
        if f"{me} band {min(a, d, key=_num)} {max(a, d, key=_num)}" in legal:
            x, y = sorted((a, d), key=_num)
            return (f"{me} band {x} {y}", f"band {x} and {y}")
    # A die that some move of this player starts from ("P1 attack d14 d28", "P1 move d14 base").
    mine = (label.split(" ", 2)[-1] + " " for label in legal if label.startswith(f"{me} "))
    if any(rest.startswith(f"{d} ") for rest in mine):
        return (f"select:{d}", f"{d} picked: click a target, a base die or an area")
    return None


def _num(label: str) -> int:
    return int(label[1:])


# ---- the last battle -----------------------------------------------------------------------------------
def _names(s: RolledBonesState, dice: tuple[int, ...]) -> str:
    return " and ".join(f"d{i + 1} {die_type(s.codes[i]).name} ({value(s, i)})" for i in dice)


def _battle_panel(s: RolledBonesState, scene: Scene, y: float) -> None:
    r = s.last_rolls
    scene.add(
        Rect(PAD, y, WIDTH - 2 * PAD, 56, "#ffffff", "#c9bfae", 1, 8),
        Text(PAD + 12, y + 14, "Last battle", 12, INK, bold=True),
    )
    b = s.battle
    if b is not None:  # an attack waiting for the defender's answer
        how = "shoots at" if b.projectile else "attacks"
        scene.add(
            Rect(PAD, y, WIDTH - 2 * PAD, 56, "#fff6e0", "#8a5300", 1.5, 8),
            Text(PAD + 12, y + 14, "Battle declared", 12, INK, bold=True),
            Text(
                PAD + 12,
                y + 36,
                f"{seat_name(b.seat)}'s {_names(s, b.attackers)} {how} "
                f"{seat_name(s.owners[b.named])}'s {_names(s, (b.named,))}: waiting for the defender",
                12,
                INK,
                bold=True,
            ),
        )
        return
    if not r:
        scene.add(Text(PAD + 12, y + 36, "no battle yet", 11, MUTED))
        return
    a, d = seat_name(r["attacker"]), seat_name(r["defender"])
    pa, pd = r["parts"]
    parts = []
    if "hit" in r:
        ha, hd = r["hit"]
        parts.append(f"hit roll {ha} against {hd}: " + ("hit" if ha >= hd else "miss"))
    if "rolls" in r:
        ra, rd = r["rolls"]
        parts.append(f"{a} {sum_text(ra, list(pa))} against {d} {sum_text(rd, list(pd))}")
    kind_words = "projectile" if r["projectile"] else "hand to hand"
    scene.add(
        Text(PAD + 110, y + 14, f"{a} attacked {d} ({kind_words})", 11, INK),
        Text(PAD + 12, y + 36, " · ".join(parts), 13, INK, bold=True),
    )


# ---- what changed ---------------------------------------------------------------------------------------
def _marks(before: RolledBonesState, s: RolledBonesState, scene: Scene, places: dict) -> None:
    for i, (x, y, size) in places.items():
        was = (before.area[i], before.on[i], before.face[i], before.amount[i])
        now = (s.area[i], s.on[i], s.face[i], s.amount[i])
        if was != now:
            access.box(scene, x, y, size, size, 3 if size >= 30 else 2, 7 if size >= 30 else 4)


# ---- words ------------------------------------------------------------------------------------------------
def description(game: RolledBones, s: RolledBonesState, before: RolledBonesState | None = None) -> str:
    """The picture in words: the round, whom the game waits for, each player's counts, the
    arena, and what the last step changed."""
    per = []
    for p in range(s.players):
        if s.variant == "arena":
            per.append(f"{seat_name(p)} has {plural(s.kills[p], 'kill')}")
        else:
            per.append(
                f"{seat_name(p)}: base {len(s.bases[p])} of {s.base_size}, "
                f"{plural(len(s.racks[p]), 'die', 'dice')} in the rack, {len(s.bags[p])} in the bag"
            )
    out = game.outcome(s)
    arena = len(_arena(s))
    now = f"The game is over in round {s.round}: {out.summary}" if out else (
        f"In round {s.round}: {_step_words(s)}; waiting for {seat_name(game.to_move(s)[0])}")
    changed = _changed(before, s) if before is not None else []
    last = ("Last step: " + ", ".join(f"d{i + 1} {die_type(s.codes[i]).name}" for i in changed[:6])
            + (" and more" if len(changed) > 6 else "") + " changed") if changed else ""
    return describe(now, "; ".join(per), f"{plural(arena, 'die', 'dice')} in the arena", last)


def _changed(before: RolledBonesState, s: RolledBonesState) -> list[int]:
    """Dice whose place, face or magic changed since ``before`` (hidden dice left out)."""
    return [i for i in range(len(s.codes)) if s.codes[i] != "?" and
            (before.area[i], before.on[i], before.face[i], before.amount[i])
            != (s.area[i], s.on[i], s.face[i], s.amount[i])]


def _legend_entries() -> list[Entry]:
    def sample(k: str):
        def draw(scene: Scene, x: float, y: float) -> None:
            scene.add(
                Rect(x - 9, y - 9, 18, 18, FILL[k], EDGE[k], 1.2, 4),
                Text(x, y, KIND_LETTER[k], 9, INK, "middle", True),
            )

        return draw

    def star_icon(scene: Scene, x: float, y: float) -> None:
        star(scene, x, y, 7)

    def seat_icon(scene: Scene, x: float, y: float) -> None:
        scene.add(
            Rect(x - 11, y - 6, 22, 11, SEAT[0], None, 1, 3), Text(x, y, "P1", 8, "#ffffff", "middle", True)
        )

    return [
        Entry("base die", sample("base")),
        Entry("creature", sample("creature")),
        Entry("item", sample("item")),
        Entry("magic", sample("magic")),
        Entry("F flash · B banding · S first strike · W flying"),
        Entry("★ power face", star_icon),
        Entry("? a die in another player's bag"),
        Entry("✓ has acted this turn", lambda scene, x, y: acted_badge(scene, x, y), 16),
        Entry("↻ recurring magic"),
        Entry("owner", seat_icon, 24),
        Entry("green edge: a click can use it · blue edge: picked"),
        access.CHANGE_ENTRIES["box"],
    ]


__all__ = ["Action", "Circle", "render"]
