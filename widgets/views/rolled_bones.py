"""The Rolled Bones table as a Scene: each player's rack (places 1-6), base (front and back doors
marked, guards standing on their base dice, the empty places still to build) and bag count, the
shared arena, the last battle's sums, and a key. Dice are drawn as faces: the value, the
D'Code's number, the symbols as letters (F flash, B banding, S first strike, W flying), a star
on a power face; magic riding a die as chips under it, a carried item beside its creature.

The picture is 920 px wide with no text under 12 px, so a notebook 934 px wide (1366×768 with
the file browser open) shows it whole at full size. Rows of dice wrap: no die is left out.

Clicks (for the seat that owes a decision): a rack die (build, flash), a die of yours then a
target (attack or shoot; then a base die to step onto it; the arena or your base to move), the
arena or a base to bring a die in, a guard or its base die to answer an interception, two base
dice to rearrange. Every action also has a button or a typed label (the Table's).
"""

from __future__ import annotations

from functools import lru_cache

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

WIDTH = 920  # fits a notebook 934 px wide (1366×768, file browser open) at full size
PAD = 12
X0 = PAD + 18  # where a panel's content starts (after its coloured stripe)
X1 = WIDTH - PAD - 10  # and ends
SIZE = 12  # the smallest text: names, chips, labels
LINE = 15  # a line of 12 px text
DIE = 56  # a die's side
COL = 84  # a die's column: the die and its name under it
CHIP = 16  # a magic chip's height
RACK_X = X0 + 20  # the rack's first column ("rack" is written before it)
PAPER = "#fbf8f1"
INK = "#1f1f1f"
MUTED = "#595959"
ACTIVE_INK = "#8a5300"
LEGAL = "#1e8449"  # edges of what a click would use
PICK = "#1f4e8c"  # the selected die
STACKED = "#ece4d4"  # under a die and what stands on it
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
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(WIDTH, 0, background=PAPER, title=f"Rolled Bones, round {s.round}, {_step_words(s)}, {who}")
    owing = game.to_move(s)
    clicker = active if active is not None and active in owing else None
    legal = {a.label for a in game.legal_actions(s, clicker)} if clicker is not None else set()
    pick = die_index(selection) if selection else None
    places: dict[int, tuple[float, float, float, float]] = {}
    y = _header(game, s, scene, clicker)
    order = _panel_order(s.players)
    for p in order[: (s.players + 1) // 2]:
        y = _panel(s, scene, p, y, clicker, legal, pick, places) + 8
    y = _arena_panel(s, scene, y, clicker, legal, pick, places) + 8
    for p in order[(s.players + 1) // 2 :]:
        y = _panel(s, scene, p, y, clicker, legal, pick, places) + 8
    y = _battle_panel(s, scene, y)
    if clicker is not None:
        _die_hits(game, s, scene, clicker, legal, pick, places)
    if before is not None:
        _marks(before, s, scene, places)
    legend = _legend_entries()
    access.draw_legend(scene, legend, PAD, y + 4, WIDTH - 2 * PAD)
    scene.height = int(y + 4 + access.legend_height(legend, WIDTH - 2 * PAD) + 8)
    scene.description = description(game, s, before)
    return scene


def _panel_order(players: int) -> list[int]:
    return list(range(players))


def _step_words(s: RolledBonesState) -> str:
    if s.phase == "over":
        return "the end"
    if s.queue:
        return f"{seat_name(s.queue[0][1])} to {ASKED.get(s.queue[0][0], s.queue[0][0])}"
    return f"{seat_name(s.turn_seat)}'s turn, step {STEPS.get(s.phase, s.phase)}"


# ---- measuring text ---------------------------------------------------------------------------------
@lru_cache(maxsize=8192)
def text_width(text: str, size: float = SIZE, bold: bool = False) -> float:
    """How wide ``text`` is drawn (the raster's DejaVu Sans; an estimate without Pillow)."""
    try:
        from ..raster import font
    except ImportError:  # pragma: no cover - Pillow is installed with the kit
        return (0.68 if bold else 0.62) * size * len(text)
    return float(font(size, bold).getlength(text))


def fit(text: str, width: float, size: float = SIZE, bold: bool = False) -> str:
    """``text``, cut with an ellipsis if it is wider than ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, width: float, size: float = SIZE, bold: bool = False, sep: str = " ") -> list[str]:
    """``text`` in lines of at most ``width`` pixels, broken at ``sep`` (a word too long is cut)."""
    lines: list[str] = []
    for word in text.split(sep):
        if lines and text_width(lines[-1] + sep + word, size, bold) <= width:
            lines[-1] += sep + word
        else:
            lines.append(fit(word.strip() if sep != " " else word, width, size, bold))
    return [line.strip() for line in lines]


def _lines(scene: Scene, x: float, y: float, lines: list[str], size: float, ink: str, bold: bool = False,
           step: float = LINE) -> float:
    """Lines of text from centre ``y`` down; returns the centre of the last one."""
    for k, line in enumerate(lines):
        scene.add(Text(x, y + k * step, line, size, ink, bold=bold))
    return y + (len(lines) - 1) * step


def _under(scene: Scene, index: int, *shapes) -> None:
    """Put ``shapes`` under everything drawn since ``index`` (a panel's ground, once its height
    is known)."""
    scene.shapes[index:index] = list(shapes)


# ---- header ---------------------------------------------------------------------------------------
def _header(game: RolledBones, s: RolledBonesState, scene: Scene, clicker: int | None) -> float:
    mode = "arena rules, first to six kills" if s.variant == "arena" else f"build a base of {s.base_size}"
    scene.add(
        Text(PAD, 16, fit(f"Rolled Bones · {s.players} players · {mode} · round {s.round}", X1 - PAD, 16,
                          True), 16, INK, bold=True),
        Text(PAD, 38, fit(_step_words(s), X1 - PAD, 13), 13, INK),
    )
    out = game.outcome(s)
    if out is not None:
        words, size, ink, bold = out.summary, 13, "#1b5e20" if out.winners else "#7b1f1f", True
    elif clicker is not None:
        words, size, ink, bold = _prompt(s, clicker), 12, ACTIVE_INK, True
    else:
        words, size, ink, bold = f"waiting for {seat_name(game.to_move(s)[0])}", 12, MUTED, False
    last = _lines(scene, PAD, 57, wrap(words, X1 - PAD, size, bold), size, ink, bold, 16)
    return last + 14


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
        return f"{who}: {ASKED.get(what, what)} (buttons in your panel)."
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
    edge: str | None = None,
    edge_width: float = 1.5,
    acted: bool = False,
) -> None:
    """Die ``i`` face up at (x, y), ``DIE`` px square: its number (top left), value (middle),
    symbol letters (bottom right), a star on a power face (bottom left) and ✓ once it has acted
    (top right), in its kind's colours."""
    code = s.codes[i]
    if code == "?":
        scene.add(
            Rect(x, y, DIE, DIE, "#dddddd", "#6a6a6a", 1.2, 7),
            Text(x + 4, y + 10, f"d{i + 1}", SIZE, INK),
            Text(x + DIE / 2, y + 29, "?", 22, INK, "middle", True),
        )
        return
    t = die_type(code)
    f = face(s, i)
    scene.add(Rect(x, y, DIE, DIE, FILL[t.kind], edge or EDGE[t.kind], edge_width, 7))
    shown = (
        f"{f.value:+d}"
        if t.kind == "magic"
        else str(value(s, i) if s.area[i] in ("base", "arena") else f.value)
    )
    scene.add(Text(x + 4, y + 10, f"d{i + 1}", SIZE, INK),
              Text(x + DIE / 2, y + 29, shown, 22, INK, "middle", True))
    if acted:
        acted_badge(scene, x + DIE - 11, y + 11)
    letters = "".join(
        SYMBOL_LETTER[sym] for sym in ("flash", "band", "first_strike", "flying") if sym in f.symbols
    ) + ("↻" if t.kind == "magic" and f.effect == "drain" else "")
    if letters:
        scene.add(Text(x + DIE - 4, y + DIE - 9, letters, SIZE, INK, "end", True))
    if power(s, i):
        star(scene, x + 12, y + DIE - 10, 7)


def acted_badge(scene: Scene, cx: float, cy: float) -> None:
    scene.add(Circle(cx, cy, 8.5, "#4a4a4a", "#ffffff", 1),
              Text(cx, cy, "✓", SIZE, "#ffffff", "middle", True))


def short_name(name: str) -> str:
    """The last word of a die's name (``Rusty Blade`` -> ``Blade``)."""
    return name.split()[-1]


def _name_lines(name: str, width: float = COL - 4) -> list[str]:
    """A die's name in lines no wider than its column, so neighbours' names never touch."""
    return wrap(name, width)


def star(scene: Scene, cx: float, cy: float, r: float) -> None:
    import math

    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    scene.add(Polygon(tuple(pts), "#f2c14e", "#6b4e00", 0.8))


# ---- a die with its words, what rides it, what it carries, what stands on it -----------------------
def _words(s: RolledBonesState, i: int) -> list[tuple[str, str]]:
    """The lines under a die: its name, then its power (if its power face is up)."""
    if s.codes[i] == "?":
        return [("in a bag", MUTED)]
    out = [(line, INK) for line in _name_lines(die_type(s.codes[i]).name)]
    if power(s, i):
        out.append((fit(f"★ {power(s, i)}", COL - 4), MUTED))
    return out


def _door(s: RolledBonesState, i: int) -> str | None:
    """``front door``, ``back door`` or ``front+back`` for a base die on a door."""
    if kind(s, i) != "base" or s.area[i] != "base" or i not in s.bases[s.owners[i]]:
        return None
    door = doors(s, s.owners[i])
    if i not in door:
        return None
    return "front+back" if len(door) == 1 else ("front door" if i == door[0] else "back door")


def _chip_text(s: RolledBonesState, m: int) -> str:
    f = face(s, m)
    return f"{f.value:+d}" + ("↻" if f.effect == "drain" else "")


def _tile_height(s: RolledBonesState, i: int) -> float:
    """A die, the lines under it, its magic chips and its door tag."""
    h = DIE + 4 + LINE * len(_words(s, i)) + (CHIP + 3) * len(magic_on(s, i))
    return h + (LINE + 3 if _door(s, i) else 0)


def _tile(scene: Scene, s: RolledBonesState, i: int, x: float, y: float, places: dict,
          edge: str | None = None, acted: bool = False) -> None:
    """Die ``i`` in the column at ``x`` (``COL`` wide), its top at ``y``; then its words, its
    chips (magic riding it) and its door."""
    dx = x + (COL - DIE) / 2
    draw_die(scene, s, i, dx, y, edge=edge, edge_width=2.5 if edge else 1.5, acted=acted)
    places[i] = (dx, y, DIE, DIE)
    cy = y + DIE + 4 + LINE / 2
    for line, ink in _words(s, i):
        scene.add(Text(x + COL / 2, cy, line, SIZE, ink, "middle"))
        cy += LINE
    cy += 1
    for m in magic_on(s, i):
        number, amount = f"d{m + 1}", _chip_text(s, m)
        w = text_width(number) + 5 + text_width(amount, SIZE, True) + 12
        cx = x + (COL - w) / 2
        scene.add(
            Rect(cx, cy - CHIP / 2, w, CHIP, FILL["magic"], EDGE["magic"], 1.2, 5),
            Text(cx + 6, cy, number, SIZE, INK),
            Text(cx + w - 6, cy, amount, SIZE, INK, "end", True),
        )
        places[m] = (cx, cy - CHIP / 2, w, CHIP)
        cy += CHIP + 3
    label = _door(s, i)
    if label:
        cy += 1
        scene.add(
            Rect(x + 6, cy - LINE / 2, COL - 12, LINE, "#3d3d3d", None, 1, 3),
            Text(x + COL / 2, cy, label, SIZE, "#ffffff", "middle", True),
        )


def _group(s: RolledBonesState, i: int) -> list[int]:
    """A die and the item it carries (drawn beside it)."""
    item = carried(s, i) if kind(s, i) == "creature" else -1
    return [i] if item < 0 else [i, item]


def _stander(s: RolledBonesState, i: int) -> int:
    """The creature or item standing on base die or item ``i`` (-1: none)."""
    return guard(s, i) if kind(s, i) in ("base", "item") else -1


def _group_size(s: RolledBonesState, i: int) -> tuple[float, float]:
    dice = _group(s, i)
    return COL * len(dice), max(_tile_height(s, j) for j in dice)


def stack_size(s: RolledBonesState, i: int) -> tuple[float, float]:
    """Width and height of die ``i`` drawn with what it carries and what stands on it."""
    w, h = _group_size(s, i)
    g = _stander(s, i)
    if g >= 0:
        gw, gh = _group_size(s, g)
        w, h = max(w, gw), h + gh + 6
    return w, h


def _draw_group(scene: Scene, s: RolledBonesState, i: int, x: float, y: float, places: dict, look) -> None:
    dice = _group(s, i)
    for k, j in enumerate(dice):
        _tile(scene, s, j, x + k * COL, y, places, look(j), _acted(s, j))
    if len(dice) == 2:  # a creature holds its item: a bar joins them
        left, right = x + (COL + DIE) / 2, x + COL + (COL - DIE) / 2
        scene.add(Line(left, y + DIE / 2, right, y + DIE / 2, EDGE["item"], 4))


def _acted(s: RolledBonesState, i: int) -> bool:
    return s.acted[i] == DONE and s.phase != "over" and standing(s, i)


def _stack(scene: Scene, s: RolledBonesState, i: int, x: float, y: float, places: dict, look) -> None:
    """Die ``i`` with what stands on it above it, on a shaded ground (a guard on its base die)."""
    g = _stander(s, i)
    if g < 0:
        _draw_group(scene, s, i, x, y, places, look)
        return
    w, h = stack_size(s, i)
    scene.add(Rect(x + 2, y - 4, w - 4, h + 6, STACKED, None, 1, 8))
    _draw_group(scene, s, g, x, y, places, look)
    _draw_group(scene, s, i, x, y + _group_size(s, g)[1] + 6, places, look)


def _owner_tag(scene: Scene, s: RolledBonesState, i: int, x: float, y: float) -> None:
    colour = SEAT[s.owners[i] % len(SEAT)]
    name = seat_name(s.owners[i])
    w = text_width(name, SIZE, True) + 10
    scene.add(
        Rect(x, y - LINE / 2, w, LINE, colour, None, 1, 3),
        Text(x + w / 2, y, name, SIZE, "#ffffff", "middle", True),
    )


def _flow(sizes: list[tuple[float, float]], x0: float, x1: float,
          gap: float = 4) -> list[list[tuple[int, float]]]:
    """Items of ``sizes`` laid out left to right from ``x0``, wrapping before ``x1``: rows of
    (index, x)."""
    rows: list[list[tuple[int, float]]] = [[]]
    x = x0
    for k, (w, _) in enumerate(sizes):
        if rows[-1] and x + w > x1:
            rows.append([])
            x = x0
        rows[-1].append((k, x))
        x += w + gap
    return rows


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
) -> float:
    """Player ``p``'s panel from ``y`` down: name and counts, the rack (and the buttons owed),
    then the base. Returns its bottom."""
    colour = SEAT[p % len(SEAT)]
    turn = s.turn_seat == p and s.phase != "over"
    index = len(scene.shapes)
    name = s.names[p]
    head = seat_name(p) + (f" ({name})" if name != seat_name(p) else "") + (" · to play" if turn else "")
    head = fit(head, X1 - X0, 13, True)
    scene.add(Text(X0, y + 16, head, 13, INK, bold=True))
    facts = wrap(_facts(s, p), X1 - X0, sep=" · ")
    fx = X0 + text_width(head, 13, True) + 16  # the counts on the name's line, if they fit there
    if text_width(facts[0]) <= X1 - fx:
        scene.add(Text(fx, y + 16, facts.pop(0), SIZE, INK))
    last = _lines(scene, X0, y + 34, facts, SIZE, INK) if facts else y + 16
    bottom = _rack(s, scene, p, last + 22, clicker, legal, pick, places)
    if s.variant != "arena":
        bottom = _base(s, scene, p, bottom + 10, clicker, legal, pick, places)
    bottom += 10
    _under(
        scene,
        index,
        Rect(PAD, y, WIDTH - 2 * PAD, bottom - y, "#fff6e0" if turn else "#ffffff", colour, 2, 8),
        Rect(PAD, y, 8, bottom - y, colour, None, 1, 3),
    )
    return bottom


def _facts(s: RolledBonesState, p: int) -> str:
    if s.variant == "arena":
        facts = f"kills {s.kills[p]} of 6"
    else:
        facts = f"bag {len(s.bags[p])} · base {len(s.bases[p])} of {s.base_size}" + (
            " · claims base complete" if s.declared[p] >= 0 else ""
        )
    allies = [seat_name(q) for q in range(s.players) if (min(p, q), max(p, q)) in s.allies]
    if allies:
        facts += " · allied with " + ", ".join(allies)
    return facts + _decoy_words(s, p)


def _rack(
    s: RolledBonesState,
    scene: Scene,
    p: int,
    y: float,
    clicker: int | None,
    legal: set[str],
    pick: int | None,
    places: dict,
) -> float:
    """The rack's six places under the line at ``y`` (the buttons to their right); its bottom."""
    top = y + 12
    scene.add(Text(X0, top + DIE / 2, "rack", SIZE, MUTED))
    bottom = top + DIE + 4
    for k in range(6):
        x = RACK_X + k * COL
        dx = x + (COL - DIE) / 2
        scene.add(
            Text(x + COL / 2, y, f"r{k + 1}", SIZE, MUTED, "middle"),
            Rect(dx - 2, top - 2, DIE + 4, DIE + 4, None, "#c9bfae", 1, 8),
        )
        if k >= len(s.racks[p]):
            continue
        i = s.racks[p][k]
        edge = PICK if pick == i else (LEGAL if _rack_clickable(s, p, k + 1, clicker, legal) else None)
        _tile(scene, s, i, x, top, places, edge)
        bottom = max(bottom, top + _tile_height(s, i))
        if clicker != p:
            continue
        build = f"{seat_name(p)} build r{k + 1}"
        if s.phase == "build" and not s.queue and build not in legal:
            # any rack die may be clicked to build: the refusal says which ones can
            scene.hit(dx, top, DIE, DIE, build, "only base dice are built")
        direct = False
        for verb in ("build", "flash"):
            if f"{seat_name(p)} {verb} r{k + 1}" in legal:
                direct = True
                scene.hit(dx, top, DIE, DIE, f"{seat_name(p)} {verb} r{k + 1}", f"{verb} the die in r{k + 1}")
        # swapping places: before the Bones roll, or in an arena turn (after its leftmost die).
        # A die a click builds or flashes is not picked by that click (the hit drawn last wins):
        # to swap it, pick the other die first.
        if (s.phase == "arrange" or (s.variant == "arena" and s.phase == "act")) and not s.queue \
                and not (direct and pick is None):
            target = _swap_target(s, p, k + 1, pick, legal)
            if target:
                scene.hit(dx, top, DIE, DIE, *target)
    x = RACK_X + 6 * COL + 12
    coming = s.entering
    if coming >= 0 and s.owners[coming] == p and s.area[coming] == "rack" and coming not in s.racks[p]:
        scene.add(Text(x + COL / 2, y, "coming in", SIZE, MUTED, "middle"))  # off the rack, not yet in play
        _tile(scene, s, coming, x, top, places, PICK)
        bottom = max(bottom, top + _tile_height(s, coming))
        x += COL + 12
    if clicker == p:
        bottom = max(bottom, _controls(scene, p, x, y - 6, legal))
    return bottom


CONTROLS = (("draw", "draw from the bag"), ("roll", "roll the Bones"), ("declare", "declare: base complete"),
            ("pass", "pass"), ("hold", "hold"), ("done", "done"), ("next", "next: end the turn"))


def _controls(scene: Scene, p: int, x0: float, y: float, legal: set[str]) -> float:
    """Buttons in the picture for the one-word actions owed now (drawing, the Bones, next),
    in rows between ``x0`` and the panel's right edge, from ``y`` down. Returns their bottom."""
    me = seat_name(p)
    owed = [(f"{me} {verb}", words) for verb, words in CONTROLS if f"{me} {verb}" in legal]
    sizes = [(text_width(words, SIZE, True) + 20, 26.0) for _, words in owed]
    bottom = y
    for r, row in enumerate(_flow(sizes, x0, X1, 8) if owed else []):
        k_last, x_last = row[-1]
        shift = X1 - (x_last + sizes[k_last][0])  # each row flush with the right edge
        by = y + r * 32
        for k, x in row:
            label, words = owed[k]
            w = sizes[k][0]
            scene.add(Rect(x + shift, by, w, 26, "#eaf2f8", PICK, 1.5, 6),
                      Text(x + shift + w / 2, by + 13, words, SIZE, PICK, "middle", True))
            scene.hit(x + shift, by, w, 26, label, words)
        bottom = by + 26
    return bottom


def _base(
    s: RolledBonesState,
    scene: Scene,
    p: int,
    y: float,
    clicker: int | None,
    legal: set[str],
    pick: int | None,
    places: dict,
) -> float:
    """The base from ``y`` down: its dice front door first (what stands on each above it), the
    places still to build, then the dice in the base; rows wrap. Returns its bottom."""
    look = lambda j: _edge(s, j, clicker, legal, pick)  # noqa: E731
    base = list(s.bases[p])
    yard = [
        i
        for i in range(len(s.codes))
        if s.area[i] == "base" and s.owners[i] == p and standing(s, i) and s.on[i] < 0
    ]
    empty = max(0, s.base_size - len(base))
    items = [("base", b) for b in base] + [("slot", -1)] * empty + [("yard", i) for i in yard]
    sizes = [stack_size(s, i) if what != "slot" else (COL, DIE + 4) for what, i in items]
    heading = "base (front door first)"
    yard_from = X0 + text_width(heading) + 20  # "in the base" starts clear of the base's heading
    rows: list[list[tuple[int, float]]] = [[]]
    x = X0
    for k, (what, _) in enumerate(items):
        if what == "yard" and k == len(base) + empty and len(rows) == 1:
            x = max(x + 12, yard_from)
        if rows[-1] and x + sizes[k][0] > X1:
            rows.append([])
            x = X0
        rows[-1].append((k, x))
        x += sizes[k][0] + 4
    top = y
    first_yard = len(base) + empty if yard else -1
    for r, row in enumerate(rows):
        titles = [(X0, heading)] if r == 0 else []
        titles += [(x, "in the base") for k, x in row if k == first_yard]
        for tx, words in titles:
            scene.add(Text(tx, top + 8, words, SIZE, MUTED))
        dice_top = top + (24 if titles else 6)
        height = DIE + 4
        for k, x in row:
            what, i = items[k]
            if what == "slot":
                dx = x + (COL - DIE) / 2  # a place still to build
                scene.add(Rect(dx - 2, dice_top - 2, DIE + 4, DIE + 4, None, "#c9bfae", 1, 8))
            else:
                _stack(scene, s, i, x, dice_top, places, look)
            height = max(height, sizes[k][1])
        top = dice_top + height + 4
    if clicker is not None:
        _area_hits(s, scene, clicker, legal, pick, ("base", p), PAD + 8, y, WIDTH - 2 * PAD - 8, top - y)
    return top


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
    clicker: int | None,
    legal: set[str],
    pick: int | None,
    places: dict,
) -> float:
    """The arena from ``y`` down: every die there (under its owner's tag), in rows that wrap."""
    look = lambda j: _edge(s, j, clicker, legal, pick)  # noqa: E731
    index = len(scene.shapes)
    scene.add(Text(PAD + 12, y + 14, "Arena (next to every base)", SIZE, INK, bold=True))
    dice = sorted((i for i in _arena(s) if s.on[i] < 0), key=lambda i: (s.owners[i], i))
    sizes = [stack_size(s, i) for i in dice]
    top = y + 28
    for row in _flow(sizes, PAD + 12, WIDTH - PAD - 12):
        height = 0.0
        for k, x in row:
            _owner_tag(scene, s, dice[k], x + (COL - DIE) / 2, top + 8)
            _stack(scene, s, dice[k], x, top + 22, places, look)
            height = max(height, sizes[k][1])
        top += 22 + height + 6
    if not dice:
        scene.add(Text(WIDTH / 2, top + 14, "no dice in the arena", SIZE, MUTED, "middle"))
        top += 30
    bottom = top + 4
    _under(scene, index, Rect(PAD, y, WIDTH - 2 * PAD, bottom - y, "#f4efe4", "#8c7b5e", 1.5, 8))
    if clicker is not None:
        _area_hits(s, scene, clicker, legal, pick, ("arena", -1), PAD, y, WIDTH - 2 * PAD, bottom - y)
    return bottom


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
    for i, (x, y, w, h) in places.items():
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
            scene.hit(x, y, w, h, *target)


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


def _battle_panel(s: RolledBonesState, scene: Scene, y: float) -> float:
    """The battle waiting for its defender, or the last one's rolls and sums; returns its bottom."""
    index = len(scene.shapes)
    r, b = s.last_rolls, s.battle
    width = WIDTH - 2 * PAD - 24
    fill, edge, line = "#ffffff", "#c9bfae", 1.0
    if b is not None:  # an attack waiting for the defender's answer
        fill, edge, line = "#fff6e0", "#8a5300", 1.5
        how = "shoots at" if b.projectile else "attacks"
        scene.add(Text(PAD + 12, y + 14, "Battle declared", SIZE, INK, bold=True))
        words = (f"{seat_name(b.seat)}'s {_names(s, b.attackers)} {how} "
                 f"{seat_name(s.owners[b.named])}'s {_names(s, (b.named,))}: waiting for the defender")
        last = _lines(scene, PAD + 12, y + 34, wrap(words, width, 13, True), 13, INK, True, 17)
    elif not r:
        scene.add(Text(PAD + 12, y + 14, "Last battle", SIZE, INK, bold=True),
                  Text(PAD + 12, y + 34, "no battle yet", SIZE, MUTED))
        last = y + 34
    else:
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
        heading = "Last battle"
        scene.add(Text(PAD + 12, y + 14, heading, SIZE, INK, bold=True),
                  Text(PAD + 12 + text_width(heading, SIZE, True) + 16, y + 14,
                       fit(f"{a} attacked {d} ({kind_words})", width - 100), SIZE, INK))
        lines = [line for part in parts for line in wrap(part, width, 13, True)]
        last = _lines(scene, PAD + 12, y + 34, lines, 13, INK, True, 17)
    bottom = last + 18
    _under(scene, index, Rect(PAD, y, WIDTH - 2 * PAD, bottom - y, fill, edge, line, 8))
    return bottom


# ---- what changed ---------------------------------------------------------------------------------------
def _marks(before: RolledBonesState, s: RolledBonesState, scene: Scene, places: dict) -> None:
    for i, (x, y, w, h) in places.items():
        was = (before.area[i], before.on[i], before.face[i], before.amount[i])
        now = (s.area[i], s.on[i], s.face[i], s.amount[i])
        if was != now:
            access.box(scene, x, y, w, h, 3 if h >= 30 else 2, 7 if h >= 30 else 4)


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
                Rect(x - 10, y - 10, 20, 20, FILL[k], EDGE[k], 1.2, 4),
                Text(x, y, KIND_LETTER[k], SIZE, INK, "middle", True),
            )

        return draw

    def star_icon(scene: Scene, x: float, y: float) -> None:
        star(scene, x, y, 7)

    def seat_icon(scene: Scene, x: float, y: float) -> None:
        w = text_width("P1", SIZE, True) + 10
        scene.add(Rect(x - w / 2, y - LINE / 2, w, LINE, SEAT[0], None, 1, 3),
                  Text(x, y, "P1", SIZE, "#ffffff", "middle", True))

    def chip_icon(scene: Scene, x: float, y: float) -> None:
        scene.add(Rect(x - 15, y - CHIP / 2, 30, CHIP, FILL["magic"], EDGE["magic"], 1.2, 5),
                  Text(x, y, "+1", SIZE, INK, "middle", True))

    def holds_icon(scene: Scene, x: float, y: float) -> None:
        scene.add(Rect(x - 19, y - 8, 16, 16, FILL["creature"], EDGE["creature"], 1.2, 3),
                  Rect(x + 3, y - 8, 16, 16, FILL["item"], EDGE["item"], 1.2, 3),
                  Line(x - 3, y, x + 3, y, EDGE["item"], 4))

    def stand_icon(scene: Scene, x: float, y: float) -> None:
        scene.add(Rect(x - 10, y - 10, 20, 21, STACKED, None, 1, 4),
                  Rect(x - 6, y - 9, 12, 8, FILL["creature"], EDGE["creature"], 1, 2),
                  Rect(x - 6, y + 1, 12, 8, FILL["base"], EDGE["base"], 1, 2))

    return [
        Entry("base die", sample("base"), 22),
        Entry("creature", sample("creature"), 22),
        Entry("item", sample("item"), 22),
        Entry("magic", sample("magic"), 22),
        Entry("F flash"),
        Entry("B banding"),
        Entry("S first strike"),
        Entry("W flying"),
        Entry("★ power face", star_icon),
        Entry("✓ has acted this turn", lambda scene, x, y: acted_badge(scene, x, y), 18),
        Entry("magic riding the die above", chip_icon, 32),
        Entry("↻ recurring magic"),
        Entry("a creature and the item it carries", holds_icon, 40),
        Entry("shaded: a die standing on the die below", stand_icon, 22),
        Entry("owner", seat_icon, 28),
        Entry("? a die in another player's bag"),
        Entry("green edge: a click can use it"),
        Entry("blue edge: picked"),
        access.CHANGE_ENTRIES["box"],
    ]


__all__ = ["Action", "Circle", "render"]
