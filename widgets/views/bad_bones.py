"""Bad Bones as a Scene: one board per player, side by side (two rows above three players).

Each board shows its forests with their symbol spots (and who receives what leaves there),
the 5x5 grid with the kit's reorientation arrows, the tower's floors on c3, the hero, the
traps (kind, a wall's diagonal, damaged side), the skeletons as arrow-shaped tokens in their
symbol colour with the symbol's letter and their white or black rim, the village, the supply,
the cemetery and the score; under the boards a legend explains every sign. The view only draws:
where a click goes comes from ``game.legal_actions``, and a click the engine would refuse is
still sent (as a real label) so that the engine explains why.

Given the state one step before (``previous``), the picture marks what that step changed: the
skeletons that moved with their trail, those that left a board (a ghost where they were, a trail
to the cemetery they went to), the hero's step, traps placed, taken back or damaged, fallen
floors and burnt houses. ``scene.description`` says the same in words.

In a game with the Skeleton Chiefs (option ``chiefs``) each chief is the ordinary token in a thick
orange band with a sign for its kind (hammer, +3, heart, flag, ghost, bolt, crown) and its symbol's
letter on a disc; it never goes under a stack but takes a slot of its own, drawn on top. A Chief
Instructor's unit shows brackets on its square, an outline round each member (thick: the leader)
and a "unit of N" tag; a board whose hero fell with the emperor, or that the emperor got into,
says so in its status line. The key lists only the kinds on the picture.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from bonekit.core.actions import Action, seat_name
from bonekit.core.words import plural
from bonekit.games.bad_bones import BadBones, BadBonesState, talk
from bonekit.games.bad_bones.board import (
    ALL_TRAP_KINDS,
    CHIEF_KINDS,
    COLS,
    SIZE,
    components,
    coords,
    item_words,
    square,
)
from bonekit.games.bad_bones.moves import FIRST_CHIEF, chief_kind, exit_targets
from bonekit.games.bad_bones.units import ALONE, lead_name, leaders, loose

from ..scene import Circle, Line, Polygon, Rect, Scene, Text
from . import access
from .access import Entry, describe, ink_on

MAX_WIDTH = 1200
PAD = 8              # inside a board's panel
INFO = 98            # supply, cemetery and button rows under the village
WEAPON_H = 54        # the weapon card's strip under the buttons (advanced game only)
GAP = 12             # between panels
HEADER = 68          # the scene's header band
TITLE = 58           # a board's title band (name, score, status, top forest's receiver)
# Inks chosen for at least 4.5:1 against the fills they are drawn on.
INK, MUTED, FAINT = "#222", "#595959", "#bdb5aa"
PAPER, BOARD_BG, CELL, CELL_EDGE = "#fbf8f1", "#f3ecdf", "#fffdf7", "#b8a88e"
FOREST_BG, TOWER_BG = "#e3ecd9", "#e8e2d8"
ACTIVE_EDGE, OWING_BG = "#d68910", "#fff6e0"
ACTIVE_INK = "#8a5300"      # words in the active seat's orange
WHITE_RIM, BLACK_RIM = "#ffffff", "#1c1c1c"
ARROW_INK = "#b39b7a"
LEGAL_EDGE = "#1e8449"      # squares a click would use legally
OFFER_EDGE = "#d68910"      # squares offered by a pending choice, and boards a skeleton may be sent to
FOCUS = "#e67e22"                                 # the skeleton a pending choice is about
FOCUS_INK = "#9c4a00"
WIN_INK, LOSS_INK = "#176a3a", "#922b21"
# The skeletons' symbols: hues that stay apart under red-green colour blindness (after Okabe
# and Ito, and Tol), each with its letter on the token, in the forest and in the legend.
SYMBOL_FILL = {"green": "#009e73", "purple": "#6a3d9a", "blue": "#33bbee", "yellow": "#f0e442",
               "red": "#cc3311"}
SYMBOL_LETTER = {name: name[0].upper() for name in SYMBOL_FILL}
# The basic game's traps, named here (not taken from the engine, whose list grows with the
# advanced version) so that basic pictures and their legend stay exactly as they were.
BASIC_TRAPS = ("wall", "catapult", "dragon", "treasure")
# The advanced version's traps: a letter or ASCII glyph each, none shared with a symbol's letter
# (# a fence of planks, * a burst, @ a swirl).
NEW_TRAPS = ("barricade", "bomb", "hearse", "labyrinth", "portal", "spring")
LETTER = {"wall": "W", "catapult": "C", "dragon": "D", "treasure": "$",
          "barricade": "#", "bomb": "*", "hearse": "H", "labyrinth": "L", "portal": "@", "spring": "S"}
TRAP_FILL = {"wall": "#cdbf9f", "catapult": "#f0b27a", "dragon": "#f1948a", "treasure": "#f7dc6f",
             "barricade": "#aed6f1", "bomb": "#f5b7b1", "hearse": "#c0c5ca", "labyrinth": "#d2b4de",
             "portal": "#a3e4d7", "spring": "#c5e17a"}
DAMAGED_FILL = {"wall": "#e4e0d8", "catapult": "#ece3dc", "dragon": "#ebdedd", "treasure": "#f2ecd0",
                "barricade": "#e1e6ea", "bomb": "#ece0df", "hearse": "#e6e7e8", "labyrinth": "#e9e3ec",
                "portal": "#e0e9e7", "spring": "#e8ecdf"}
TRAP_EDGE = {"wall": "#6e5a3a", "catapult": "#a04000", "dragon": "#922b21", "treasure": "#9a7d0a",
             "barricade": "#1f618d", "bomb": "#641e16", "hearse": "#2c3e50", "labyrinth": "#6c3483",
             "portal": "#117a65", "spring": "#4d6b12"}
TRAP_INK = {"wall": "#3d2f17", "catapult": "#6b2a00", "dragon": "#5e1a13", "treasure": "#5a4700",
            "barricade": "#123a55", "bomb": "#4a120c", "hearse": "#17202a", "labyrinth": "#3b1a4a",
            "portal": "#0b4238", "spring": "#2f420b"}
# A bomb that went off leaves a blast area: bare scorched ground, no tile, the word "blast".
BLAST_FILL, BLAST_EDGE, BLAST_INK = "#dcd6cf", "#7b6f63", "#4d4540"
# A labyrinth's colour (the side it lets out) in words, on a pill of that colour.
SIDE_PILL = {"white": ("#ffffff", INK), "black": (BLACK_RIM, "#ffffff")}
HERO_FILL, HERO_EDGE = "#f4d03f", "#5b4500"
FLOOR_FILL, FLOOR_EDGE = "#8d6e63", "#4e342e"
# Traps placed with a third word (a wall's diagonal, a labyrinth's colour): the choices, the
# first one picked by default, and the button that switches to the other.
TURNS = {"wall": ("/", "\\"), "labyrinth": ("white", "black")}
SWITCH = {"wall": ("rotate {}", "turn the wall to {}"),
          "labyrinth": ("make {}", "make the labyrinth {}: it lets out skeletons showing {}")}
PHASES = {"hero": "1 · move the hero", "traps": "2 · place or retrieve a trap",
          "move": "3 · move the skeletons", "over": "game over"}


def phase_words(phase: str) -> str:
    """``phase 3 · move the skeletons``, or ``game over`` (co-op: ``before round 1 · …``)."""
    if phase == "start":
        return START_WORDS
    return PHASES[phase] if phase == "over" else f"phase {PHASES[phase]}"


# A token pointing north, in units of its size; turned for the other facings.
TOKEN = ((-0.42, 0.5), (0.42, 0.5), (0.42, -0.1), (0.0, -0.55), (-0.42, -0.1))
TURN = {"n": 0, "e": 90, "s": 180, "w": 270}


def symbol_of(game: BadBones, sid: int) -> str:
    """The symbol (colour name) of skeleton ``sid``."""
    return game.data.model_of(sid).symbol


@dataclass(frozen=True)
class Geometry:
    """Where one player's board lies in the scene (all sizes in pixels)."""

    seat: int
    x: float          # panel's top-left corner
    y: float
    w: float
    h: float
    cs: float         # grid cell size
    fw: float         # forest depth
    gx: float         # grid's top-left corner
    gy: float
    coop: bool = False  # the co-op side: a bottom forest row under the grid, no village

    def box(self, r: int, c: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a square or forest spot, by 0-based (row, column)."""
        if r == -1:   # top forest, above the column letters
            return self.gx + c * self.cs, self.gy - 14 - self.fw, self.cs, self.fw
        if c == -1:   # left forest, left of the row numbers
            return self.gx - 13 - self.fw, self.gy + r * self.cs, self.fw, self.cs
        if c == SIZE:
            return self.gx + SIZE * self.cs + 4, self.gy + r * self.cs, self.fw, self.cs
        if r == SIZE and self.coop:   # the co-op side's bottom forest, under row 5
            return self.gx + c * self.cs, self.gy + SIZE * self.cs + 4, self.cs, self.fw
        return self.gx + c * self.cs, self.gy + r * self.cs, self.cs, self.cs

    def square_box(self, name: str) -> tuple[float, float, float, float]:
        return self.box(*coords(name))

    @property
    def village_y(self) -> float:
        return self.gy + SIZE * self.cs + 6

    @property
    def info_y(self) -> float:
        if self.coop:   # under the bottom forest
            return self.gy + SIZE * self.cs + 4 + self.fw + 8
        return self.village_y + 0.62 * self.cs + 8


def cell_size(players: int) -> float:
    per_row = per_row_of(players)
    return {1: 64, 2: 60}.get(per_row, 52)


def per_row_of(players: int) -> int:
    # Two boards a row at most: three across (1,173 px) shrank to 80% at a laptop's notebook
    # width (934 px), taking the text under 12 px; two across fit at full size.
    return min(players, 2)


def layout(players: int, legend: list[Entry] | None = None,
           weapons: bool = False, coop: bool = False) -> tuple[list[Geometry], int, int]:
    """Each board's geometry, and the scene's width and height (with room for ``legend``, by
    default the basic game's, and with ``weapons`` for a weapon card under every board; ``coop``:
    the boards' co-op side under the team's band)."""
    cs = cell_size(players)
    fw = round(0.78 * cs)
    per_row = per_row_of(players)
    panel_w = 2 * PAD + fw + 13 + SIZE * cs + 4 + fw
    panel_h = TITLE + fw + 14 + SIZE * cs + 6 + 0.62 * cs + 8 + INFO + (WEAPON_H if weapons else 0)
    top = HEADER
    if coop:   # the bottom forest where the village was; the team's band over the boards
        panel_h = TITLE + fw + 14 + SIZE * cs + 4 + fw + 8 + INFO + (WEAPON_H if weapons else 0)
        top = HEADER + TEAM_H
    width = max(per_row * panel_w + (per_row - 1) * GAP + 2 * GAP, 640)
    rows = math.ceil(players / per_row)
    left = (width - (per_row * panel_w + (per_row - 1) * GAP)) / 2
    out = []
    for seat in range(players):
        row, col = divmod(seat, per_row)
        x = left + col * (panel_w + GAP)
        y = top + row * (panel_h + GAP)
        gx = x + PAD + fw + 13
        gy = y + TITLE + fw + 14
        out.append(Geometry(seat, x, y, panel_w, panel_h, cs, fw, gx, gy, *((True,) if coop else ())))
    height = top + rows * panel_h + (rows - 1) * GAP + legend_height(width, legend) + 8
    return out, int(math.ceil(width)), int(math.ceil(height))


def render(game: BadBones, state: BadBonesState, seat: int | None = None,
           active: int | None = None, selection: str | None = None,
           previous: BadBonesState | None = None) -> Scene:
    """Draw ``state`` (everything on the table is public); ``active`` may click if it owes.

    With ``previous`` (the state one step before) the picture marks what changed since.
    """
    s = game.view(state, seat)
    if s.phase == "market":
        # imported here: the Market's picture draws its tiles with this module's helpers
        from . import bad_bones_market
        before = game.view(previous, seat) if previous is not None else None
        return bad_bones_market.render(game, s, seat, active, before)
    legend = legend_for(s)
    coop = bool(s.capital_size)
    geos, width, height = layout(s.players, legend, has_weapons(s), *((True,) if coop else ()))
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    title = f"Bad Bones, round {s.round}, {phase_words(s.phase)}, {who}"
    if coop:
        title = f"Bad Bones co-op, {', '.join(game.stage(s))}, {who}"
    scene = Scene(width, height, background=PAPER, title=title)
    owing = set(game.to_move(s))
    clicker = active if active is not None and active in owing else None
    legal = game.legal_actions(s, clicker) if clicker is not None else []
    placing = _placing(s, clicker, selection)
    _header(game, s, scene, clicker, placing, legal)
    if coop:
        _team(game, s, scene, clicker, placing)
    before = game.view(previous, seat) if previous is not None else None
    changes = changes_since(game, before, s) if before is not None else []
    paths: dict[int, list] = defaultdict(list)   # trails on one board: drawn under its tokens
    for c in changes:
        if c.kind in ("move", "hero"):
            paths[c.seat].append(_trail_ends(game, before, s, geos[c.seat], c))
    for g in geos:
        _board(game, s, scene, g, seat, owing, clicker, paths[g.seat])
    if clicker is not None:
        _hits(game, s, scene, geos, clicker, legal, placing)
    for c in changes:
        _mark(game, before, s, scene, geos, c)
    _legend(scene, width, height, legend)
    scene.description = description(game, s, changes)
    return scene


# ---- reading the selection --------------------------------------------------------------------
def _placing(s: BadBonesState, clicker: int | None, selection: str | None) -> tuple[str, str | None] | None:
    """(kind, orientation) of a trap picked from the supply, if the selection names one now."""
    if clicker is None or s.phase != "traps" or s.pending[clicker] or not selection:
        return None
    parts = selection.split()
    if len(parts) < 2 or parts[0] != "place" or parts[1] not in ALL_TRAP_KINDS:
        return None
    turns = TURNS.get(parts[1])
    if turns:
        return parts[1], parts[2] if len(parts) > 2 and parts[2] in turns else turns[0]
    return parts[1], None


def _select_target(kind: str, orientation: str | None) -> str:
    return f"select:place {kind}" + (f" {orientation}" if orientation else "")


# ---- header and legend ------------------------------------------------------------------------
def _header(game: BadBones, s: BadBonesState, scene: Scene, clicker: int | None,
            placing: tuple[str, str | None] | None, legal: list[Action]) -> None:
    sandbox = s.options.get("setup") == "empty"
    mode = ("trap lab" if sandbox else "solo game") if s.variant == "solo" else f"{s.players} players"
    rounds = ""
    if s.variant == "solo" and not sandbox:
        last = s.options["rounds"]
        rounds = f" of {last}" if s.round <= last else f" (heroic ending, after round {last})"
    where = f"round {s.round}{rounds}"
    if s.capital_size:
        mode, where = f"co-op game, {s.players} players", game.stage(s)[0]
    scene.add(Text(GAP, 16, f"Bad Bones · {mode} · {where}", 16, INK, bold=True),
              Text(GAP, 38, phase_words(s.phase), 13, INK))
    # The tracking token: the side every skeleton shows once it has moved.
    tx = scene.width - GAP - 12
    scene.add(Circle(tx, 18, 10, WHITE_RIM if s.token == "white" else BLACK_RIM, INK, 1.5),
              Text(tx - 18, 18, f"tracking token {s.token}", 13, INK, "end"),
              Text(scene.width - GAP, 38, f"bag {len(s.bag)}", 12, MUTED, "end"))
    out = game.outcome(s)
    if out:
        line = out.summary
        colour = WIN_INK if out.winners else LOSS_INK
        scene.add(Text(GAP, 54, _fit(line, scene.width - 2 * GAP, 12), 12, colour, bold=True))
        return
    if s.phase == "move":
        old = "black" if s.token == "white" else "white"
        hint = f"skeletons still showing {old} have not moved yet"
    else:
        hint = f"waiting for {', '.join(seat_name(x) for x in game.to_move(s))}"
    if clicker is not None:
        hint = _prompt(game, s, clicker, placing, legal)
    scene.add(Text(GAP, 54, _fit(hint, scene.width - 2 * GAP - 60, 12), 12,
                   ACTIVE_INK if clicker is not None else MUTED, bold=clicker is not None))


def _prompt(game: BadBones, s: BadBonesState, p: int, placing, legal: list[Action]) -> str:
    who = seat_name(p)
    if s.pending[p]:
        pend = s.pending[p][0]
        if pend.kind == "weapon":
            return f"{who}: " + weapon_prompt(game, s, p, pend)
        what = pending_who(pend)
        if pend.kind == "repel":
            return (f"{who}: the {what} flees the dragon on {pend.square}: click a square "
                    f"(or forest spot) outlined in orange.")
        where = ("leaves by the bottom forest" if pend.square.startswith("bottom")
                 else "leaves by the top forest" if pend.reason == "top"
                 else f"rides the hearse from {pend.square}" if pend.reason == "hearse"
                 else f"is thrown by the catapult on {pend.square}")
        return f"{who}: the {what} {where}: click the board (or button) of the player who gets it."
    if s.phase == "start":
        return f"{who}: choose your hero's tower: click one of your towers (outlined in green)."
    if s.phase == "hero":
        return f"{who}: click a square outlined in green to move your hero there (one step, any direction)."
    if s.phase == "traps":
        if placing:
            kind, o = placing
            turn = f" {o} (‘{SWITCH[kind][0].split()[0]}’ switches)" if kind in TURNS else ""
            if s.capital_size and _listeners(s, p):
                return (f"{who}: placing a {kind}{turn}: click a square of your board (outlined in "
                        f"green: allowed), or of a teammate's to suggest it to them; click the {kind} "
                        "again to cancel.")
            return (f"{who}: placing a {kind}{turn}: click a square (outlined in green: allowed); "
                    f"click the {kind} in your supply again to cancel.")
        if s.capital_size and _listeners(s, p):
            return (f"{who}: pick a trap from the team's supply, then a square of your board (or of a "
                    "teammate's, to suggest it); click one of your traps to take it back; or pass.")
        if s.capital_size:
            return (f"{who}: pick a trap from the team's supply (above the boards), then a square; click "
                    f"a trap on your board to take it back; or pass.")
        return (f"{who}: pick a trap from your supply, then a square; click a trap on your board to "
                f"take it back; or pass.")
    old = "black" if s.token == "white" else "white"
    return f"{who}: click a skeleton still showing {old} to move it one step, or ‘move all’."


def _fit(text: str, width: float, size: float) -> str:
    """Cut ``text`` to what fits in ``width`` pixels (a rough width per character)."""
    most = int(width / (0.56 * size))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


# ---- legend -----------------------------------------------------------------------------------
def _token_icon(name: str, facing: str = "n", side: str = "white", n: int = 1):
    def draw(scene: Scene, x: float, y: float) -> None:
        _token(scene, x, y, 20, SYMBOL_FILL[name], facing, side, SYMBOL_LETTER[name])
        if n > 1:
            _badge(scene, x + 20 * 0.42, y - 20 * 0.42, n)
    return draw


def _trap_icon(kind: str, damaged: bool = False):
    def draw(scene: Scene, x: float, y: float) -> None:
        _trap(scene, (x - 11, y - 11, 22, 22), kind, damaged, "/" if kind == "wall" else None)
    return draw


def _gone_icon(scene: Scene, x: float, y: float) -> None:
    _gone(scene, x - 10, y - 10, "catapult")


def _floor_icon(scene: Scene, x: float, y: float) -> None:
    _floor(scene, x - 9, y - 7, 18, 6, True)
    _floor(scene, x - 9, y + 1, 18, 6, False)


def _house_icon(intact: bool):
    def draw(scene: Scene, x: float, y: float) -> None:
        _house(scene, x, y - 9, 14, 18, intact)
    return draw


def _hero_icon(scene: Scene, x: float, y: float) -> None:
    _hero(scene, x, y, 20)


def _tomb_icon(scene: Scene, x: float, y: float) -> None:
    _tomb(scene, x - 9, y - 10, 18, 20, 2)


def _arrow_icon(scene: Scene, x: float, y: float) -> None:
    _bent_arrow(scene, (x - 11, y - 11, 22, 22), "e", "s")


def _outline_icon(colour: str):
    def draw(scene: Scene, x: float, y: float) -> None:
        scene.add(Rect(x - 10, y - 10, 20, 20, CELL, CELL_EDGE, 1),
                  Rect(x - 8, y - 8, 16, 16, None, colour, 2.5, 3))
    return draw


def _focus_icon(scene: Scene, x: float, y: float) -> None:
    _token(scene, x, y, 16, SYMBOL_FILL["blue"], "n", "white", SYMBOL_LETTER["blue"])
    scene.add(Circle(x, y, 12, None, FOCUS, 3))


LEGEND: list[Entry] = [
    Entry("symbols: " + ", ".join(SYMBOL_FILL), access.icons(*(_token_icon(n) for n in SYMBOL_FILL), step=22),
          110),
    Entry("point: facing", _token_icon("blue", "e")),
    Entry("rim: the side up (white, black)",
          access.icons(_token_icon("yellow", "n", "white"), _token_icon("yellow", "n", "black"), step=22),
          42),
    Entry("number: a stack", _token_icon("green", "n", "white", 2), 26),
    Entry("traps: " + ", ".join(BASIC_TRAPS),
          access.icons(*(_trap_icon(k) for k in BASIC_TRAPS), step=25), 96),
    Entry("lower case, grey, cracked: damaged", _trap_icon("wall", True)),
    Entry("crossed out: gone for good", _gone_icon),
    Entry("tower floors (faint: fallen)", _floor_icon),
    Entry("house (dark: burnt)", access.icons(_house_icon(True), _house_icon(False), step=18), 36),
    Entry("hero", _hero_icon), Entry("cemetery", _tomb_icon),
    Entry("printed arrow: turns a skeleton arriving", _arrow_icon),
    Entry("→ P2: whose cemetery gets what leaves by that forest"),
    Entry("you may click there", _outline_icon(LEGAL_EDGE)),
    Entry("offered by a choice", _outline_icon(OFFER_EDGE)),
    Entry("the skeleton a choice is about", _focus_icon, 26),
] + [access.CHANGE_ENTRIES[k] for k in ("trail", "ghost", "ring or box")]


def _lab_icon(side: str):
    def draw(scene: Scene, x: float, y: float) -> None:
        _side_pill(scene, x - 15, y, side, 30)
    return draw


def _blast_icon(scene: Scene, x: float, y: float) -> None:
    _blast(scene, (x - 11, y - 11, 22, 22))


def _shown_traps(s: BadBonesState) -> list:
    """Every trap the picture shows: (kind, damaged, orientation) on the boards, in the supplies
    and among the traps gone for good."""
    out = []
    for b in s.boards:
        out += [(t.kind, t.damaged, t.orientation) for t in b.traps.values()]
        out += [(k, False, None) for k in (*b.supply, *b.removed_traps)]
    return out


def legend_for(s: BadBonesState) -> list[Entry]:
    """The legend for this picture: the basic game's, and an entry for each sign of the new
    traps only when the picture shows it (basic pictures keep the basic legend exactly)."""
    base = coop_legend(s) if s.capital_size else LEGEND   # the co-op side: its own tower and houses
    shown = _shown_traps(s)
    new = [k for k in NEW_TRAPS if any(kind == k and not (k == "bomb" and dmg) for kind, dmg, _ in shown)]
    broken = [k for k in NEW_TRAPS if k != "bomb" and (k, True) in {(kind, dmg) for kind, dmg, _ in shown}]
    sides = [x for x in SIDE_PILL if ("labyrinth", False, x) in shown or ("labyrinth", True, x) in shown]
    blast = any(kind == "bomb" and dmg for kind, dmg, _ in shown)
    armed, frozen = has_weapons(s), frozen_shown(s)
    chiefs = chief_entries(s)
    if not (new or broken or sides or blast or armed or frozen or chiefs):
        return base
    extra = []
    if new:
        extra.append(Entry("advanced traps: " + ", ".join(new),
                           access.icons(*(_trap_icon(k) for k in new), step=25), 25 * len(new) - 4))
    if sides:
        extra.append(Entry("on a labyrinth: the side it lets out",
                           access.icons(*(_lab_icon(x) for x in sides), step=44), 44 * len(sides)))
    if blast:
        extra.append(Entry("blast: a bomb went off (no trap goes there; arrows still turn)", _blast_icon))
    if armed:
        extra.append(WEAPON_ENTRY)
    if frozen:
        extra.append(FROST_ENTRY)
    out = []
    for e in base:
        if broken and e.text.endswith(": damaged"):
            e = Entry(e.text, access.icons(_trap_icon("wall", True), *(_trap_icon(k, True) for k in broken),
                                           step=25), 25 * (len(broken) + 1) - 4)
        out.append(e)
        if e.text.startswith("traps: "):
            out += extra
        if e.text.startswith("number: a stack"):   # the chiefs beside the other tokens
            out += chiefs
    return out


def legend_height(width: float, legend: list[Entry] | None = None) -> int:
    return int(math.ceil(access.legend_height(LEGEND if legend is None else legend, width - 2 * GAP)))


def _legend(scene: Scene, width: int, height: int, legend: list[Entry] | None = None) -> None:
    legend = LEGEND if legend is None else legend
    access.draw_legend(scene, legend, GAP, height - legend_height(width, legend) - 4, width - 2 * GAP)


# ---- the text description ---------------------------------------------------------------------
# Phase 4 (new skeletons from the bag) has no decision: the engine plays it at the end of phase 3.
PHASE_WORDS = {"hero": "phase 1 of 4, the heroes move",
               "traps": "phase 2 of 4, traps are placed or taken back",
               "move": "phase 3 of 4, the skeletons move (phase 4, new skeletons, follows at once)",
               "over": "the game is over"}


def description(game: BadBones, s: BadBonesState, changes: list[Change] = ()) -> str:
    """A few sentences for someone who cannot see the picture: the round and phase, whom the
    game waits for, each board's counts and score, and what the last step changed."""
    if s.capital_size:
        return coop_description(game, s, changes)
    sandbox = s.options.get("setup") == "empty"
    who = ("trap lab" if sandbox else "solo game") if s.variant == "solo" else f"{s.players} players"
    rounds = ""
    if s.variant == "solo" and not sandbox:
        last = s.options["rounds"]
        rounds = f" of {last}" if s.round <= last else f" (heroic ending, after round {last})"
    out = game.outcome(s)
    head = f"Bad Bones, {who}, round {s.round}{rounds}, {PHASE_WORDS[s.phase]}"
    if out:
        waiting = out.summary
    else:
        choices = [f"{seat_name(p)} chooses: {_pending_words(s.pending[p][0])}"
                   for p in range(s.players) if s.pending[p]]
        owing = game.to_move(s)
        waiting = "; ".join(choices) if choices else f"waiting for {access.seats_words(owing)}"
        if s.phase == "move" and not choices:
            old = "black" if s.token == "white" else "white"
            waiting += f" (skeletons still showing {old} have not moved yet)"
    boards = []
    for p in range(s.players):
        b = s.boards[p]
        name = seat_name(p) if s.names[p] == seat_name(p) else f"{seat_name(p)} {s.names[p]}"
        if s.eliminated[p]:
            boards.append(f"{name} is eliminated" + (" (the Skeleton Emperor got in)" if b.overrun else ""))
            continue
        on_board = sum(1 for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE)
        blasts = sum(map(is_blast, b.traps.values()))
        ice = len(frozen_on_board(b))
        arms = (f", weapon card {weapon_name(b.weapon)}" if b.weapon else "") + (
            f", {ice} frozen" if ice else "")
        placed = plural(len(b.traps) - blasts, 'trap') + " placed" + (
            f" (and {plural(blasts, 'blast area')})" if blasts else "")
        boards.append(
            f"{name}: score {game.score(s, p)}, {b.floors} of {plural(b.tower_size, 'tower floor')}, "
            f"{b.houses} of {plural(b.village_size, 'house')}, "
            f"{plural(on_board, 'skeleton')} on the board and {len(b.skeletons) - on_board} in the "
            f"forests, {placed}, {len(b.cemetery)} in the cemetery, "
            + (f"hero on {b.hero}" if b.hero is not None else NO_HERO_WORDS) + arms)
        if s.options.get("chiefs"):
            boards.append(chief_words(game, s, p))
    said = list(dict.fromkeys(c.words for c in changes if c.words))
    last = ""
    if said:
        more = len(said) - 6
        rest = f"; and {plural(more, 'more change')}" if more > 0 else ""
        last = "last step: " + "; ".join(said[:6]) + rest
    return describe(head, waiting, *boards, last)


# ---- what changed since the step before ---------------------------------------------------------
@dataclass(frozen=True)
class Change:
    """One thing the last step changed on board ``seat``; ``kind`` is one of move, turn, leave,
    arrive, hero, placed, taken, damaged, gone, floor, house, cemetery, and with the chiefs
    hero_gone (the hero fell with the emperor), unit and overrun (words only)."""

    seat: int
    kind: str
    sid: int | None = None
    before: tuple[int, int] | None = None
    after: tuple[int, int] | None = None
    to: int | None = None            # leave: whose cemetery (None: back to the bag)
    index: int = 0                   # floor or house number
    words: str = ""


def changes_since(game: BadBones, before: BadBonesState, after: BadBonesState) -> list[Change]:
    """Everything that differs between two states a step apart, board by board."""
    out: list[Change] = []
    if before.players != after.players:
        return out
    for p in range(after.players):
        old, new = before.boards[p], after.boards[p]
        me = seat_name(p)
        if old.hero != new.hero and old.hero and new.hero:
            out.append(Change(p, "hero", before=coords(old.hero), after=coords(new.hero),
                              words=f"{me}'s hero stepped from {old.hero} to {new.hero}"))
        for sq in sorted(set(old.traps) | set(new.traps)):
            was, now = old.traps.get(sq), new.traps.get(sq)
            if was is None and now is not None:
                done = " and it went off at once" if is_blast(now) else ""
                out.append(Change(p, "placed", after=coords(sq),
                                  words=f"{me} placed a {now.kind} on {sq}{done}"))
            elif was is not None and now is None:
                kind = "gone" if len(new.removed_traps) > len(old.removed_traps) else "taken"
                verb = "took the {} on {} back" if kind == "taken" else "lost the {} on {}"
                out.append(Change(p, kind, before=coords(sq), words=f"{me} " + verb.format(was.kind, sq)))
            elif was != now and now.damaged and not was.damaged:
                what = "went off" if is_blast(now) else "is damaged"
                out.append(Change(p, "damaged", after=coords(sq), words=f"{me}'s {now.kind} on {sq} {what}"))
            elif was != now:
                out.append(Change(p, "placed", after=coords(sq), words=f"{me}'s {now.kind} on {sq} changed"))
        for sid in sorted(set(old.skeletons) | set(new.skeletons)):
            was, now = old.skeletons.get(sid), new.skeletons.get(sid)
            name = chief_title(game, sid)   # "yellow skeleton", or "Chief Instructor (yellow)"
            if was is not None and now is not None:
                a, b = (was.r, was.c), (now.r, now.c)
                if a != b:
                    out.append(Change(p, "move", sid, a, b, words=f"{me}'s {name} went from "
                                      f"{square(*a)} to {square(*b)}"))
                elif (was.facing, was.side) != (now.facing, now.side):
                    out.append(Change(p, "turn", sid, a, b, words=f"{me}'s {name} on "
                                      f"{square(*a)} turned"))
            elif was is not None:
                to = next((t for t in range(after.players) if sid in after.boards[t].cemetery
                           and sid not in before.boards[t].cemetery), None)
                where = f"went to {seat_name(to)}'s cemetery" if to is not None else "was destroyed"
                if sid in new.exiled and sid not in old.exiled:
                    where = "left the game"
                elif new.overrun and not old.overrun and chief_kind(sid) == "emperor":
                    where = "got in"
                out.append(Change(p, "leave", sid, (was.r, was.c), to=to,
                                  words=f"{me}'s {name} on {square(was.r, was.c)} {where}"))
            else:  # the words are said once for the board, with the cemetery
                out.append(Change(p, "arrive", sid, after=(now.r, now.c)))
        if old.units != new.units or old.hero != new.hero or old.overrun != new.overrun:
            out += _chief_changes(game, p, old, new)
        if after.capital_size:   # the co-op side: towers fall one by one, heroes start on one
            out += _coop_board_changes(p, old, new)
        for i in range(new.floors, min(old.floors, new.tower_size)):
            if after.capital_size:
                break
            out.append(Change(p, "floor", index=i, words=f"{me}'s tower lost a floor"))
        for i in range(new.houses, min(old.houses, new.village_size)):
            out.append(Change(p, "house", index=i, words=f"{me}'s village lost a house"))
        arrived = len(set(new.skeletons) - set(old.skeletons))
        if arrived:
            out.append(Change(p, "cemetery" if len(old.cemetery) != len(new.cemetery) else "none",
                              words=f"{plural(arrived, 'skeleton')} arrived in {me}'s forests"))
        elif len(old.cemetery) != len(new.cemetery):
            out.append(Change(p, "cemetery", words=f"{me}'s cemetery holds {len(new.cemetery)}"))
    if after.capital_size:
        out += _capital_changes(before, after)
    return out


def _token_at(s: BadBonesState, g: Geometry, sid: int, rc: tuple[int, int]) -> tuple[float, float, float]:
    """The centre and size of the stack that holds skeleton ``sid`` at ``rc`` in state ``s``."""
    for _, _, sks, cx, cy, size in stacks_at(s, g, *rc):
        if any(k.id == sid for k in sks):
            return cx, cy, size
    x, y, w, h = g.box(*rc)
    return x + w / 2, y + h / 2, min(w, h) * 0.5


def _hero_at(s: BadBonesState, g: Geometry, game: BadBones, rc: tuple[int, int]) -> tuple[float, float]:
    x, y, w, h = g.box(*rc)
    if s.capital_size:
        return (x + w * (0.72 if square(*rc) in s.boards[g.seat].towers else 0.5), y + h * 0.5)
    return (x + w * (0.72 if square(*rc) == game.data.tower else 0.5), y + h * 0.5)


def _trail_ends(game: BadBones, before: BadBonesState, after: BadBonesState, g: Geometry,
                c: Change) -> tuple[float, float, float, float]:
    """Where a skeleton's or the hero's trail starts and ends on its board."""
    if c.kind == "hero":
        return (*_hero_at(before, g, game, c.before), *_hero_at(after, g, game, c.after))
    x1, y1, _ = _token_at(before, g, c.sid, c.before)
    x2, y2, _ = _token_at(after, g, c.sid, c.after)
    return x1, y1, x2, y2


def _mark(game: BadBones, before: BadBonesState, after: BadBonesState, scene: Scene,
          geos: list[Geometry], c: Change) -> None:
    """Draw one change: trails for moves, ghosts where things left, rings and boxes on what is new."""
    g = geos[c.seat]
    if c.kind in ("move", "hero"):
        access.trail(scene, *_trail_ends(game, before, after, g, c), part="ends")
    elif c.kind in ("turn", "arrive"):
        x, y, size = _token_at(after, g, c.sid, c.after)
        access.ring(scene, x, y, size * 0.62)
    elif c.kind == "leave":
        x, y, size = _token_at(before, g, c.sid, c.before)
        access.ghost(scene, x, y, size * 0.45)
        if c.to is not None:
            tx, ty, tw, th = tomb_box(geos[c.to])
            access.trail(scene, x, y, tx + tw / 2, ty + th / 2)
    elif c.kind in ("placed", "damaged"):
        x, y, w, h = g.box(*c.after)
        access.box(scene, x + 2, y + 2, w - 4, h - 4, 1, 5)
    elif c.kind in ("taken", "gone"):
        x, y, w, h = g.box(*c.before)
        access.ghost(scene, x + w / 2, y + h / 2, min(w, h) * 0.3)
    elif c.kind == "hero_gone":
        x, y = _hero_at(before, g, game, c.before)
        access.ghost(scene, x, y, g.cs * 0.3)
    elif c.kind == "floor":
        bx, fy, bw, fh = floor_box(game, g, after.boards[c.seat], c.index)
        access.box(scene, bx, fy, bw, fh, 2, 3)
    elif c.kind == "house":
        hx, hy, hw, hh = house_box(g, after.boards[c.seat], c.index)
        access.box(scene, hx - 3, hy, hw + 6, hh, 2, 3)
    elif c.kind == "cemetery":
        x, y, w, h = tomb_box(g)
        access.box(scene, x, y, w, h, 3, 9)
    elif c.kind in ("tower", "capital", "start"):
        _coop_mark(game, after, scene, g, c)
    # "none": words only (what the rings on the arrivals already show)


# ---- one board --------------------------------------------------------------------------------
def _board(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry, viewer: int | None,
           owing: set[int], clicker: int | None, paths=()) -> None:
    p = g.seat
    b = s.boards[p]
    out = game.outcome(s)
    acting = p == clicker
    background = "#ebe6de" if s.eliminated[p] else OWING_BG if p in owing and not out else BOARD_BG
    scene.add(Rect(g.x, g.y, g.w, g.h, background,
                   ACTIVE_EDGE if acting else ("#922b21" if s.eliminated[p] else "#cbbfa8"),
                   3 if acting else 1.5, 8))
    # Title: seat, name, score, status.
    name = seat_name(p) if s.names[p] == seat_name(p) else f"{seat_name(p)} {s.names[p]}"
    if viewer == p:
        name += " (you)"
    score = "out" if s.eliminated[p] else f"score {game.score(s, p)}"
    if s.capital_size:   # the team's score is the rounds survived: the board counts its towers
        score = f"towers {len(b.towers)}/{b.tower_size}"
    scene.add(Text(g.x + PAD, g.y + 14, _fit(name, g.w * 0.6, 14), 14, INK, bold=True),
              Text(g.x + g.w - PAD, g.y + 14, score, 13, INK, "end", True))
    if s.eliminated[p]:
        status, colour = "ELIMINATED" + (": the Skeleton Emperor got in" if b.overrun else ""), "#922b21"
    elif b.overrun:   # lost at once; the elimination follows when the movement phase ends
        status, colour = f"the Skeleton Emperor got in: {seat_name(p)} has lost", LOSS_INK
    elif out and s.capital_size:
        status, colour = coop_status(s, out, p)
    elif out:
        status, colour = out.titles.get(p, "") or f"{out.scores[p]} points", INK
    elif s.pending[p]:
        status, colour = "choice: " + _pending_words(s.pending[p][0]), FOCUS_INK
    elif p in owing:
        status, colour = "choosing…", ACTIVE_INK
    else:
        status, colour = "done, waiting", MUTED
    if s.capital_size and s.phase == "traps" and p in owing and not out:
        heard = [f"{seat_name(by)} {talk.short_words(a)}" for by, a in talk.heard(s, p)]
        status += f" · suggested: {', '.join(heard)}" if heard else ""
    if b.hero is None and s.capital_size:   # the co-op start: the hero is still to place
        status += " · hero: on a tower of your choice"
    elif b.hero is None:   # the hero slew the Skeleton Emperor and left the game with him
        status += " · " + NO_HERO
    scene.add(Text(g.x + PAD, g.y + 32, _fit(status, g.w - 2 * PAD, 12), 12, colour,
                   bold=s.eliminated[p] or bool(out) or bool(s.pending[p]) or b.overrun))
    (_coop_feeds if s.capital_size else _feeds)(s, scene, g)
    _forests(game, s, scene, g)
    _grid(game, s, scene, g, paths)
    if s.capital_size:
        _coop_info(game, s, scene, g)
        _talk_marks(s, scene, g)
    else:
        _village(game, s, scene, g)
        _info(game, s, scene, g)
    if b.weapon:
        _weapon_strip(game, scene, g, b.weapon)
    _pending_marks(game, s, scene, g)
    if s.eliminated[p]:  # a banner where the buttons would be: it hides nothing of the board
        why = "the tower has fallen" if b.floors == 0 else "the village has burnt"
        if b.overrun:
            why = "the emperor got in"
        y = g.info_y + 68
        scene.add(Rect(g.x + PAD, y, g.w - 2 * PAD, 26, "#922b21", "#641e16", 1.5, 4),
                  Text(g.x + g.w / 2, y + 13, f"ELIMINATED: {why}", 14, "#ffffff", "middle", True))


def _side_feeds(s: BadBonesState, scene: Scene, g: Geometry) -> tuple[float, float, float, float, float]:
    """The neighbour each side forest feeds, written beside the top corners (both sides of the
    boards); returns the left and right spots' x and width, and the top row's y, for the rest."""
    left = exit_targets(s, g.seat, "left")
    right = exit_targets(s, g.seat, "right")
    lx, _, lw, _ = g.box(0, -1)
    rx, _, rw, _ = g.box(0, SIZE)
    _, ty, _, _ = g.box(-1, 0)
    scene.add(Text(lx + lw / 2, ty + g.fw / 2 - 7, "left", 12, MUTED, "middle"),
              Text(lx + lw / 2, ty + g.fw / 2 + 8, "→ " + seat_name(left[0]), 12, INK, "middle", True),
              Text(rx + rw / 2, ty + g.fw / 2 - 7, "right", 12, MUTED, "middle"),
              Text(rx + rw / 2, ty + g.fw / 2 + 8, "→ " + seat_name(right[0]), 12, INK, "middle", True))
    return lx, rx, rw, lw, ty


def _feeds(s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """Who receives the skeletons that leave by each forest."""
    top = exit_targets(s, g.seat, "top")
    *_, ty = _side_feeds(s, scene, g)
    shown = seat_name(top[0]) if len(top) == 1 else "any opponent (you choose)"
    scene.add(Text(g.gx + SIZE * g.cs / 2, ty - 7, f"top forest → {shown}", 12, MUTED, "middle"))


def _forests(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """The forest spots and the skeletons waiting there; on the co-op side the top forest's
    spots lie below the grid."""
    d = game.data
    b = s.boards[g.seat]
    coop = bool(s.capital_size)
    waiting: dict[tuple[int, int], list] = defaultdict(list)
    for sk in b.skeletons.values():
        if not (0 <= sk.r < SIZE and 0 <= sk.c < SIZE):
            waiting[(sk.r, sk.c)].append(sk)
    for m in d.models:
        r, c = (SIZE, m.c) if coop and m.forest == "top" else (m.r, m.c)
        x, y, w, h = g.box(r, c)
        colour = SYMBOL_FILL[m.symbol]
        scene.add(Rect(x + 2, y + 2, w - 4, h - 4, FOREST_BG, colour, 2, 5))
        # The symbol: its letter on a disc of its colour in the spot's outer corner (top, or
        # the foot of the bottom forest).
        bx = x + w - 10 if m.forest == "right" else x + 10
        by = y + h - 10 if r == SIZE else y + 10
        scene.add(Circle(bx, by, 7.5, colour, "#555555", 1),
                  Text(bx, by + 0.5, SYMBOL_LETTER[m.symbol], 12, ink_on(colour), "middle", True))
        box = token_box(g, b, r, c)   # the spot, less a unit's tag if one waits there
        if b.units:
            _unit_marks(s, scene, b, box, waiting.get((r, c), []), (r, c), (x, y, w, h))
        _stacks(game, s, scene, box, waiting.get((r, c), []))
        if b.units:
            _unit_tags(scene, b, box, (r, c), (x, y, w, h))


def _grid(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry, paths=()) -> None:
    """The squares, printed arrows, tower, traps, hero and skeletons; ``paths`` are the trails
    of the last step, drawn under the hero and the skeletons (their ends go on top later).
    On the co-op side: the towers on their squares, and ruins with their bold arrows."""
    b = s.boards[g.seat]
    coop = bool(s.capital_size)
    cs = g.cs
    for c in range(SIZE):
        scene.add(Text(g.gx + c * cs + cs / 2, g.gy - 7, COLS[c], 12, MUTED, "middle", True))
    for r in range(SIZE):
        scene.add(Text(g.gx - 7, g.gy + r * cs + cs / 2, str(r + 1), 12, MUTED, "middle", True))
        for c in range(SIZE):
            x, y, w, h = g.box(r, c)
            scene.add(Rect(x, y, w, h, TOWER_BG if square(r, c) in b.towers else CELL, CELL_EDGE, 1))
    ruins = ruin_arrows(game, b) if coop else {}
    if coop:
        for sq in fallen_towers(game, b):
            _ruin(scene, g.square_box(sq))
    for (sq, moving), turn in sorted(b.arrows.items()):
        if (sq, moving) in ruins:
            _bent_arrow(scene, g.square_box(sq), moving, turn, RUIN_INK, 3.5)
        else:
            _bent_arrow(scene, g.square_box(sq), moving, turn)
    if coop:
        for sq in b.towers:
            _coop_tower(scene, g.square_box(sq))
    else:
        _tower(game, s, scene, g)
    for sq in sorted(b.traps):
        _trap(scene, g.square_box(sq), b.traps[sq].kind, b.traps[sq].damaged, b.traps[sq].orientation)
        if is_blast(b.traps[sq]):   # the board's arrow shows through a blast area
            for (at, moving), turn in sorted(b.arrows.items()):
                if at == sq:
                    _bent_arrow(scene, g.square_box(sq), moving, turn)
    for path in paths:
        access.trail(scene, *path, part="line")
    if b.hero is not None:   # beside the tower's floors when he stands on a tower
        x, y, w, h = g.square_box(b.hero)
        _hero(scene, x + w * (0.72 if b.hero in b.towers else 0.5), y + h * 0.5, h * 0.62)
    here: dict[tuple[int, int], list] = defaultdict(list)
    for sk in b.skeletons.values():
        if 0 <= sk.r < SIZE and 0 <= sk.c < SIZE:
            here[(sk.r, sk.c)].append(sk)
    if b.units:   # under every token: a unit's brackets and outlines
        for (r, c) in sorted(here):
            _unit_marks(s, scene, b, token_box(g, b, r, c), here[(r, c)], (r, c), g.box(r, c))
    for (r, c) in sorted(here):
        _stacks(game, s, scene, token_box(g, b, r, c), here[(r, c)], b.frozen)
    if b.units:
        for (r, c) in sorted(here):
            _unit_tags(scene, b, token_box(g, b, r, c), (r, c), g.box(r, c))


def token_box(g: Geometry, board, r: int, c: int) -> tuple[float, float, float, float]:
    """Where a square's stacks go: the whole square, or off the trap's letter if it has a trap."""
    x, y, w, h = g.box(r, c)
    if board.units and unit_members(board, (r, c)):   # a unit's tag takes the spot's foot
        h -= UNIT_TAG * len(unit_members(board, (r, c))) - 5
    if 0 <= r < SIZE and 0 <= c < SIZE and square(r, c) in board.traps:
        return x + w * 0.18, y + h * 0.18, w * 0.82, h * 0.82
    return x, y, w, h


def _bent_arrow(scene: Scene, box, moving: str, turn: str, ink: str = ARROW_INK, width: float = 2.5) -> None:
    """The board's printed arrow: enters travelling ``moving`` and bends toward ``turn``
    (``ink`` and ``width``: a co-op ruin's arrows are drawn darker and bolder)."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    vec = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
    mx, my = vec[moving]
    tx, ty = vec[turn]
    reach = 0.34 * w
    start = (cx - mx * reach, cy - my * reach)
    end = (cx + tx * reach, cy + ty * reach)
    scene.add(Line(start[0], start[1], cx, cy, ink, width),
              Line(cx, cy, end[0], end[1], ink, width))
    head = 0.13 * w
    px, py = -ty, tx   # perpendicular to the exit direction
    scene.add(Polygon(((end[0] + tx * head, end[1] + ty * head),
                       (end[0] + px * head * 0.8, end[1] + py * head * 0.8),
                       (end[0] - px * head * 0.8, end[1] - py * head * 0.8)), ink))


def _tower(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    d = game.data
    b = s.boards[g.seat]
    total = b.tower_size
    x, y, w, h = g.square_box(d.tower)
    bw = w * 0.4
    bx = x + w * 0.08
    for i in range(total):
        _floor(scene, *floor_box(game, g, b, i), i < b.floors)
    scene.add(Text(bx + bw / 2, y + 9, f"{b.floors}/{total}", 12, INK, "middle", True))


def floor_box(game: BadBones, g: Geometry, b, i: int) -> tuple[float, float, float, float]:
    """The i-th floor of a board's tower, counted from the ground."""
    x, y, w, h = g.square_box(game.data.tower)
    fh = min(h * 0.15, h * 0.58 / max(b.tower_size, 1))
    return x + w * 0.08, y + h * 0.88 - (i + 1) * fh, w * 0.4, fh - 2


def _floor(scene: Scene, x: float, y: float, w: float, h: float, standing: bool) -> None:
    scene.add(Rect(x, y, w, h, FLOOR_FILL if standing else "#f1ece4",
                   FLOOR_EDGE if standing else FAINT, 1.2, 2))


def is_blast(trap) -> bool:
    """Whether a board's trap is a bomb that went off: its blast area, which stays all game."""
    return trap.kind == "bomb" and trap.damaged


def _trap(scene: Scene, box, kind: str, damaged: bool, orientation: str | None,
          selected: bool = False) -> None:
    """A trap tile: colour and letter (or glyph) by kind; a wall shows its diagonal, a labyrinth
    the side it lets out in words; damaged is grey, lower case and cracked. A bomb that went
    off is no tile but its blast area (see ``_blast``)."""
    if kind == "bomb" and damaged:
        _blast(scene, box)
        return
    x, y, w, h = box
    i = max(2.0, w * 0.06)
    fill = DAMAGED_FILL[kind] if damaged else TRAP_FILL[kind]
    edge = "#8c8c8c" if damaged else TRAP_EDGE[kind]
    scene.add(Rect(x + i, y + i, w - 2 * i, h - 2 * i, fill, "#1f618d" if selected else edge,
                   3 if selected else 1.5, 4))
    if kind == "wall" and orientation:
        a, bb = x + 2 * i, x + w - 2 * i
        top, bot = y + 2 * i, y + h - 2 * i
        ink = "#7b7b7b" if damaged else "#4e3b1f"
        if orientation == "/":
            scene.add(Line(a, bot, bb, top, ink, max(3.0, w * 0.1)))
        else:
            scene.add(Line(a, top, bb, bot, ink, max(3.0, w * 0.1)))
    letter = LETTER[kind].lower() if damaged else LETTER[kind]
    size = max(12, min(16, w * 0.3))
    ink = "#595959" if damaged else TRAP_INK[kind]
    if kind == "wall" and orientation == "\\":  # the letter in the corner the diagonal leaves free
        scene.add(Text(x + w - 2 * i - 1, y + 2 * i + size / 2, letter, size, ink, "end", True))
    else:   # the bomb's burst glyph sits high and small: a size larger
        scene.add(Text(x + 2 * i + 1, y + 2 * i + size / 2, letter, size * (1.3 if kind == "bomb" else 1),
                       ink, bold=True))
    if kind == "labyrinth" and orientation in SIDE_PILL and w >= 40:   # a supply icon has no room
        # The word in the top strip, which the skeletons standing on the square leave free.
        _side_pill(scene, x + 2 * i + 1 + 0.62 * size + 2, y + 2 * i + size / 2, orientation, w)
    if damaged:  # a crack across the tile
        pts = [(x + w * 0.55, y + i), (x + w * 0.47, y + h * 0.35), (x + w * 0.6, y + h * 0.55),
               (x + w * 0.5, y + h - i)]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            scene.add(Line(x1, y1, x2, y2, "#555555", 1.5))


def _side_pill(scene: Scene, left: float, cy: float, side: str, w: float) -> None:
    """A labyrinth's colour as a word on a pill of that colour (echoing the skeletons' rims),
    from ``left``; ``w`` is the tile's width (the word is smaller on small tiles)."""
    fill, ink = SIDE_PILL[side]
    size = 12
    pw, ph = 0.56 * size * len(side) + 5, size + 4
    scene.add(Rect(left, cy - ph / 2, pw, ph, fill, "#555555", 1, ph / 2),
              Text(left + pw / 2, cy + 0.5, side, size, ink, "middle"))


def _blast(scene: Scene, box) -> None:
    """A bomb's blast area: scorched ground filling the square, a ragged burst outline and the
    word "blast"; no tile frame and no letter, so it never reads as a live bomb."""
    x, y, w, h = box
    scene.add(Rect(x + 1, y + 1, w - 2, h - 2, BLAST_FILL, None))
    cx, cy, r = x + w / 2, y + h * 0.6, min(w, h) * 0.34
    points = tuple((cx + (r if k % 2 == 0 else r * 0.55) * math.cos(math.pi * k / 8),
                    cy + (r if k % 2 == 0 else r * 0.55) * math.sin(math.pi * k / 8)) for k in range(16))
    scene.add(Polygon(points, None, BLAST_EDGE, 1.5))
    if w >= 40:  # a square: the word; the legend's small sample shows the burst only
        scene.add(Text(x + 4, y + 10, "blast", 12, BLAST_INK, bold=True))


def _hero(scene: Scene, cx: float, cy: float, size: float) -> None:
    """The hero: a gold figure with a dark outline, holding a sword."""
    u = size / 2
    body = ((cx - 0.42 * u, cy + 0.9 * u), (cx + 0.42 * u, cy + 0.9 * u), (cx + 0.3 * u, cy - 0.15 * u),
            (cx - 0.3 * u, cy - 0.15 * u))
    scene.add(Polygon(body, HERO_FILL, HERO_EDGE, 1.8),
              Circle(cx, cy - 0.45 * u, 0.3 * u, HERO_FILL, HERO_EDGE, 1.8),
              Line(cx + 0.55 * u, cy + 0.5 * u, cx + 0.55 * u, cy - 0.75 * u, "#5d6d7e", 2.5),
              Line(cx + 0.35 * u, cy + 0.25 * u, cx + 0.75 * u, cy + 0.25 * u, "#5d6d7e", 2))


def _groups(s: BadBonesState, skeletons: list) -> list[tuple[str, str, list]]:
    """Skeletons in one place grouped into stacks: same facing and same side. A Skeleton Chief
    never goes under a stack: each one is a group of its own, after the stacks (drawn on top)."""
    by: dict[tuple[str, str], list] = defaultdict(list)
    chiefs = []
    for sk in skeletons:
        if sk.id >= FIRST_CHIEF:
            chiefs.append(sk)
        else:
            by[(sk.facing, sk.side)].append(sk)
    order = {"n": 0, "e": 1, "s": 2, "w": 3}
    return [(f, side, sorted(by[(f, side)], key=lambda k: k.id))
            for f, side in sorted(by, key=lambda k: (order[k[0]], k[1]))] + [
        (k.facing, k.side, [k]) for k in sorted(chiefs, key=lambda k: k.id)]


def _slots(box, n: int) -> tuple[list[tuple[float, float]], float]:
    """Centres and token size for ``n`` stacks in a square or forest spot."""
    x, y, w, h = box
    if n <= 1:
        return [(x + w / 2, y + h / 2)], min(w, h) * 0.5
    if n == 2:
        if w >= h:
            return [(x + w * 0.3, y + h / 2), (x + w * 0.7, y + h / 2)], min(w * 0.36, h * 0.5)
        return [(x + w / 2, y + h * 0.3), (x + w / 2, y + h * 0.7)], min(w * 0.5, h * 0.36)
    if n <= 4:
        pts = [(x + w * fx, y + h * fy) for fy in (0.28, 0.72) for fx in (0.28, 0.72)]
        return pts[:n], min(w, h) * 0.34
    pts = [(x + w * fx, y + h * fy) for fy in (0.2, 0.5, 0.8) for fx in (0.2, 0.5, 0.8)]
    return pts[:n], min(w, h) * 0.24


def stack_centres(s: BadBonesState, box, skeletons: list) -> list[tuple[str, str, list, float, float, float]]:
    """(facing, side, skeletons, cx, cy, size) of each stack drawn in ``box``."""
    groups = _groups(s, skeletons)
    if len(groups) == 2 and groups[1][2][0].id >= FIRST_CHIEF:
        # a chief beside one stack: corner to corner, a size larger than side by side
        x, y, w, h = box
        centres, size = [(x + w * 0.31, y + h * 0.31), (x + w * 0.69, y + h * 0.69)], min(w, h) * 0.44
    else:
        centres, size = _slots(box, len(groups))
    return [(f, side, sks, cx, cy, size) for (f, side, sks), (cx, cy) in zip(groups, centres)]


def stacks_at(s: BadBonesState, g: Geometry, r: int,
              c: int) -> list[tuple[str, str, list, float, float, float]]:
    """The stacks drawn on board ``g.seat`` at square or forest spot (r, c), with their places."""
    b = s.boards[g.seat]
    here = [k for k in b.skeletons.values() if (k.r, k.c) == (r, c)]
    return stack_centres(s, token_box(g, b, r, c), here)


def _stacks(game: BadBones, s: BadBonesState, scene: Scene, box, skeletons: list,
            frozen: dict[int, int] | None = None) -> None:
    """The stacks of one square or forest spot; ``frozen`` (skeleton -> movements it still sits
    out) marks the frozen ones."""
    for facing, side, sks, cx, cy, size in stack_centres(s, box, skeletons):
        symbols = [symbol_of(game, k.id) for k in sks]
        colours = [SYMBOL_FILL[x] for x in symbols]
        if sks[0].id >= FIRST_CHIEF:   # a chief: a group of its own (see _groups)
            chief_token(scene, cx, cy, size, colours[0], facing, side, game.data.chief(sks[0].id).kind,
                        SYMBOL_LETTER[symbols[0]])
            if frozen and sks[0].id in frozen:
                _frost(scene, cx, cy + size * 0.48, frozen[sks[0].id])
            continue
        # Up to two tokens peek out from under the top one (no rim: only the top one has it).
        for depth in range(min(len(sks) - 1, 2), 0, -1):
            off = depth * max(2.5, size * 0.1)
            scene.add(Polygon(_token_points(cx + off, cy + off, size * 0.95, facing), colours[depth],
                              "#555555" if side == "white" else BLACK_RIM, 1.5))
        _token(scene, cx, cy, size, colours[0], facing, side, SYMBOL_LETTER[symbols[0]])
        if len(sks) > 1:
            _badge(scene, cx + size * 0.42, cy - size * 0.42, len(sks))
        left = max((frozen[k.id] for k in sks if k.id in frozen), default=0) if frozen else 0
        if left:
            _frost(scene, cx, cy + size * 0.48, left)


def _badge(scene: Scene, x: float, y: float, n: int) -> None:
    """How many skeletons a stack holds."""
    scene.add(Circle(x, y, 8, "#ffffff", INK, 1.2), Text(x, y, str(n), 12, INK, "middle", True))


def _token(scene: Scene, cx: float, cy: float, size: float, colour: str, facing: str, side: str,
           letter: str = "") -> None:
    """An arrow-shaped skeleton token in its symbol's colour with the symbol's letter, its rim
    white or black for the side it shows."""
    rim = WHITE_RIM if side == "white" else BLACK_RIM
    edge = "#555555" if side == "white" else BLACK_RIM
    scene.add(Polygon(_token_points(cx, cy, size, facing), rim, edge, 1),
              Polygon(_token_points(cx, cy, size * 0.74, facing), colour, None))
    if letter:
        scene.add(Text(cx, cy + 0.5, letter, max(12, min(15, size * 0.42)), ink_on(colour), "middle", True))


def _token_points(cx: float, cy: float, size: float, facing: str) -> tuple[tuple[float, float], ...]:
    """The token's outline, its point (the fourth corner) toward ``facing``."""
    a = math.radians(TURN[facing])
    ca, sa = math.cos(a), math.sin(a)
    return tuple((cx + (px * ca - py * sa) * size, cy + (px * sa + py * ca) * size) for px, py in TOKEN)


def _village(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    b = s.boards[g.seat]
    total = b.village_size
    y, h = g.village_y, 0.62 * g.cs
    scene.add(Rect(g.gx, y, SIZE * g.cs, h, "#efe3c8", "#c8b48c", 1, 4),
              Text(g.gx - 13 - g.fw / 2, y + h / 2, "village", 12, MUTED, "middle"))
    for i in range(total):
        hx, hy, hw, hh = house_box(g, b, i)
        _house(scene, hx + hw / 2, hy, hw, hh, i < b.houses)


def house_box(g: Geometry, b, i: int) -> tuple[float, float, float, float]:
    """Where the i-th house of a board's village stands (its roof's top to its wall's foot)."""
    total = b.village_size
    y, h = g.village_y, 0.62 * g.cs
    hw = min(g.cs * 0.6, SIZE * g.cs / max(total, 1) * 0.6)
    step = SIZE * g.cs / max(total, 1)
    hx = g.gx + step * i + step / 2
    return hx - hw / 2, y + h * 0.1, hw, h * 0.8


def _house(scene: Scene, hx: float, top: float, hw: float, hh: float, intact: bool) -> None:
    """A house centred on ``hx``, ``hh`` high from its roof's top: light walls and a red roof, or
    burnt (dark, with a wisp of smoke)."""
    h = hh / 0.8
    y = top - h * 0.1
    wall = (hx - hw / 2, y + h * 0.45, hw, h * 0.45)
    scene.add(Rect(*wall, "#f5deb3" if intact else "#4d4d4d", "#6e4b2a" if intact else "#222222", 1.2),
              Polygon(((hx - hw / 2 - 3, y + h * 0.47), (hx, y + h * 0.1), (hx + hw / 2 + 3, y + h * 0.47)),
                      "#b03a2e" if intact else "#2b2b2b", "#6e2c00" if intact else "#111111", 1.2))
    if not intact:  # a wisp of smoke over a burnt house
        scene.add(Line(hx + hw * 0.25, y + h * 0.12, hx + hw * 0.1, y - 1, "#7f7f7f", 1.5))


def _info(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """Supply (trap icons, then the ones gone for good), cemetery and counts; buttons go below."""
    b = s.boards[g.seat]
    y = g.info_y
    x0 = g.x + PAD
    scene.add(Text(x0, y + 15, "supply", 12, MUTED))
    for i, kind in enumerate(b.supply):
        _trap(scene, supply_box(g, i), kind, False, "/" if kind == "wall" else None)
    if not b.supply:
        scene.add(Text(x0 + 52, y + 15, "empty", 12, MUTED))
    if b.removed_traps:
        gx = supply_box(g, len(b.supply))[0] + 8 if b.supply else x0 + 100
        scene.add(Text(gx, y + 15, "gone", 12, MUTED))
        for i, kind in enumerate(sorted(b.removed_traps)):
            _gone(scene, gx + 32 + i * 22, y + 5, kind)
    # Cemetery: a tombstone with its count, then the counts.
    cy = y + 36
    _tomb(scene, *tomb_box(g), len(b.cemetery))
    scene.add(Text(x0 + 30, cy + 7, "cemetery", 12, MUTED))
    total_f, total_h = b.tower_size, b.village_size
    on_board = sum(1 for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE)
    waiting = len(b.skeletons) - on_board
    scene.add(Text(x0 + 90, cy + 7, f"tower {b.floors}/{total_f} · village {b.houses}/{total_h}", 12, INK,
                   bold=True),
              Text(x0 + 30, cy + 21, f"skeletons: {on_board} on the board, {waiting} in the forests", 12,
                   INK))


def _gone(scene: Scene, x: float, y: float, kind: str) -> None:
    """A trap gone for good: a faint tile with its letter, crossed out."""
    scene.add(Rect(x, y, 20, 20, "#f2f2f2", FAINT, 1, 3),
              Text(x + 10, y + 10, LETTER[kind], 12, MUTED, "middle", True),
              Line(x + 17, y + 3, x + 3, y + 17, "#c0392b", 1.5))


def tomb_box(g: Geometry) -> tuple[float, float, float, float]:
    """A board's cemetery: the tombstone under the supply."""
    return g.x + PAD, g.info_y + 36, 24, 28


def _tomb(scene: Scene, x: float, y: float, w: float, h: float, n: int) -> None:
    """A tombstone with the number of skeletons in the cemetery."""
    scene.add(Rect(x, y, w, h, "#aab7b8", "#566573", 1.2, min(9, w / 2.5)),
              Text(x + w / 2, y + h * 0.57, str(n), 12 if h > 24 else 12, INK, "middle", True))


def supply_box(g: Geometry, i: int) -> tuple[float, float, float, float]:
    """The i-th trap icon of a board's supply."""
    return g.x + PAD + 48 + i * 34, g.info_y, 30, 30


def button_box(g: Geometry, i: int, width: float = 86) -> tuple[float, float, float, float]:
    """The i-th button under a board, counted from the right."""
    return g.x + g.w - PAD - (i + 1) * (width + 6) + 6, g.info_y + 70, width, 24


def _button(scene: Scene, box, label: str, target: str, tip: str, strong: bool = True) -> None:
    x, y, w, h = box
    fill, edge = ("#fdebd0", ACTIVE_EDGE) if strong else ("#f4f6f7", "#95a5a6")
    scene.add(Rect(x, y, w, h, fill, edge, 1.5, 5),
              Text(x + w / 2, y + h / 2, label, 12, INK, "middle", True))
    scene.hit(x, y, w, h, target, tip)


def _pending_marks(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """A pending choice, visible to all: the skeleton it is about and the squares offered."""
    p = g.seat
    if not s.pending[p]:
        return
    pend = s.pending[p][0]
    b = s.boards[p]
    sk = b.skeletons.get(pend.skeleton)
    if pend.kind == "weapon":
        x, y, w, h = weapon_box(g)
        scene.add(Rect(x - 2, y - 2, w + 4, h + 4, None, FOCUS, 3, 6))
        if pend.step == "drop":   # the skeletons the morning star carries
            x, y, w, h = g.square_box(pend.square)
            scene.add(Rect(x + 2, y + 2, w - 4, h - 4, None, FOCUS, 3, 4))
    if pend.kind == "repel":
        for a in game.legal_actions(s, p):
            if a.verb == "repel":
                x, y, w, h = g.square_box(a.args[0])
                scene.add(Rect(x + 2, y + 2, w - 4, h - 4, None, OFFER_EDGE, 3, 4))
    if sk is not None:
        for _facing, _side, sks, cx, cy, size in stacks_at(s, g, sk.r, sk.c):
            if any(k.id == sk.id for k in sks):
                scene.add(Circle(cx, cy, size * 0.75, None, FOCUS, 3))


def _pending_words(pend) -> str:
    if pend.kind == "weapon":
        return weapon_status(pend)
    what = pending_who(pend)
    if pend.kind == "repel":
        return f"the {what} flees the dragon on {pend.square}"
    if pend.square.startswith("bottom"):
        return f"the {what} leaves by the bottom ({pend.square})"
    if pend.reason == "top":
        return f"the {what} leaves by the top ({pend.square})"
    if pend.reason == "hearse":
        return f"the {what} rides the hearse from {pend.square}"
    return f"the {what} is thrown by the catapult on {pend.square}"


def pending_who(pend) -> str:
    """Whom a pending choice moves: "red skeleton", or a chief with its unit,
    "Chief Instructor (yellow) with its unit of 4"."""
    colour = pend.model.split("-")[0]
    if pend.skeleton < FIRST_CHIEF:
        return f"{colour} skeleton"
    unit = f" with its unit of {len(pend.unit) + 1}" if pend.unit else ""
    return f"{components().chief(pend.skeleton).title} ({colour}){unit}"


# ---- clicks -----------------------------------------------------------------------------------
def _hits(game: BadBones, s: BadBonesState, scene: Scene, geos: list[Geometry], p: int,
          legal: list[Action], placing) -> None:
    g = geos[p]
    who = seat_name(p)
    labels = {a.label for a in legal}
    verbs = {a.verb for a in legal}
    if s.pending[p] and s.pending[p][0].kind == "weapon":
        _weapon_hits(game, s, scene, geos, p, legal, s.pending[p][0])
        return
    if "send" in verbs:
        _send_hits(scene, geos, g, [a for a in legal if a.verb == "send"], "the skeleton")
        return
    if "repel" in verbs:
        for a in legal:
            if a.verb == "repel":
                x, y, w, h = g.square_box(a.args[0])
                scene.add(Rect(x + 5, y + 5, w - 10, h - 10, None, OFFER_EDGE, 1.5, 3))
                scene.hit(x, y, w, h, a.label, f"the skeleton flees to {a.args[0]}")
        return
    if s.capital_size and s.phase in ("start", "traps"):
        _coop_hits(game, s, scene, g, p, legal, placing)
        if placing:
            _talk_hits(game, s, scene, geos, p, placing)
        return
    if s.phase == "hero":
        for a in legal:
            x, y, w, h = g.square_box(a.args[0])
            scene.add(Rect(x + 3, y + 3, w - 6, h - 6, None, LEGAL_EDGE, 2.5, 4))
            scene.hit(x, y, w, h, a.label, f"move the hero to {a.args[0]}")
        return
    if s.phase == "traps":
        _trap_hits(game, s, scene, g, p, labels, placing)
        return
    # movement phase: every unmoved stack, and move-all
    if s.options.get("chiefs"):   # an instructor's square offers its move only (see there)
        _chief_move_hits(game, s, scene, g, p, legal)
        legal = []
    for a in legal:
        if a.verb != "move":
            continue
        sq, facing = a.args
        for f, side, sks, cx, cy, size in stacks_at(s, g, *coords(sq)):
            if f == facing and side != s.token:
                scene.add(Circle(cx, cy, size * 0.72, None, LEGAL_EDGE, 2))
                half = size * 0.55
                scene.hit(cx - half, cy - half, 2 * half, 2 * half, a.label,
                          f"move the {plural(len(sks), 'skeleton')} on {sq} one step {facing}")
    if f"{who} move-all" in labels:
        _button(scene, button_box(g, 0, 96), "move all", f"{who} move-all",
                "move every remaining skeleton, in order, taking the first option of every choice")


def _send_hits(scene: Scene, geos: list[Geometry], g: Geometry, sends: list[Action], what: str) -> None:
    """Each opponent's board a send may go to, outlined and clickable, and a button for each."""
    for i, a in enumerate(reversed(sends)):
        t = int(a.args[0][1:]) - 1
        og = geos[t]
        tip = f"send {what} to {seat_name(t)}'s cemetery"
        scene.add(Rect(og.x - 3, og.y - 3, og.w + 6, og.h + 6, None, OFFER_EDGE, 2.5, 10))
        scene.hit(og.x, og.y, og.w, og.h, a.label, tip)
        _button(scene, button_box(g, i, 54), f"→ {seat_name(t)}", a.label, tip)
    bx = button_box(g, len(sends) - 1, 54)[0]
    scene.add(Text(bx - 6, g.info_y + 82, "send to", 12, INK, "end", True))


def _trap_hits(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry, p: int,
               labels: set[str], placing) -> None:
    b = s.boards[p]
    who = seat_name(p)
    # Supply icons select a trap; the selected one is outlined.
    first_of: dict[str, int] = {}
    for i, kind in enumerate(b.supply):
        first_of.setdefault(kind, i)
        x, y, w, h = supply_box(g, i)
        o = TURNS[kind][0] if kind in TURNS else None
        if placing and placing[0] == kind:
            o = placing[1]
            if first_of[kind] == i:
                _trap(scene, (x, y, w, h), kind, False, o, selected=True)
        scene.hit(x, y, w, h, _select_target(kind, o), f"place a {kind}" + (f" ({o})" if o else ""))
    if placing:
        kind, o = placing
        if kind in TURNS:
            other = next(t for t in TURNS[kind] if t != o)
            label, tip = SWITCH[kind]
            _button(scene, button_box(g, 1, 86), label.format(other), _select_target(kind, other),
                    tip.format(other, other), strong=False)
        # Every square (and forest spot) gets a real label: the engine says yes, or why not.
        suffix = f" {o}" if o else ""
        for r in range(-1, SIZE):
            for c in range(-1, SIZE + 1):
                name = square(r, c)
                if not name:
                    continue
                label = f"{who} place {kind} {name}{suffix}"
                x, y, w, h = g.box(r, c)
                if label in labels:
                    scene.add(Rect(x + 3, y + 3, w - 6, h - 6, None, LEGAL_EDGE, 2.5, 4))
                scene.hit(x, y, w, h, label, f"place the {kind} on {name}")
    else:
        for sq in sorted(b.traps):
            label = f"{who} retrieve {sq}"
            if label in labels:
                x, y, w, h = g.square_box(sq)
                scene.hit(x, y, w, h, label, f"take the {b.traps[sq].kind} on {sq} back into supply")
    if f"{who} pass" in labels:
        _button(scene, button_box(g, 0, 72), "pass", f"{who} pass", "leave the traps as they are")


# ---- the advanced game: weapon cards, weapon choices, frozen skeletons ---------------------------
WEAPON_FILL, WEAPON_EDGE, WEAPON_INK = "#dde6ef", "#2e4053", "#1b2631"
STRIP_BG = "#eef2f6"          # the weapon card's strip under a board
FROST_EDGE = "#1b4f72"        # the frozen mark: a snowflake and a number on a white pill
DIRECTION_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
STEP_WORDS = {   # what each step of a weapon asks for (the board's status line)
    "shoot": "the crossbow: which skeleton to shoot",
    "freeze": "the ice wand: which square to freeze",
    "send": "the death wand: whose cemetery gets the skeletons",
    "hero": "the two-handed sword: where the hero strikes next",
    "symbol": "the battleaxe: which symbol to cut down",
    "lift": "the morning star: which square to sweep",
    "drop": "the morning star: where the swept skeletons land",
    "point": "the rapier: which square to turn",
    "face": "the rapier: which way the skeleton faces",
}


def weapon_name(weapon: str) -> str:
    """A weapon card's name in words: ``two_handed_sword`` -> "two-handed sword"."""
    return item_words(weapon)


def weapon_effect(game: BadBones, weapon: str) -> str:
    """The kit's one-line effect of a weapon card (data.json "weapons")."""
    return game.data.raw["weapons"][weapon]["effect"]


def has_weapons(s: BadBonesState) -> bool:
    """Whether any board holds a weapon card (the boards then get a strip for it)."""
    return any(b.weapon for b in s.boards)


def frozen_on_board(b) -> dict[int, int]:
    """The board's frozen skeletons that stand on it now, with the movements they sit out."""
    return {sid: n for sid, n in b.frozen.items() if sid in b.skeletons
            and 0 <= b.skeletons[sid].r < SIZE and 0 <= b.skeletons[sid].c < SIZE}


def frozen_shown(s: BadBonesState) -> bool:
    return any(frozen_on_board(b) for b in s.boards)


def weapon_status(pend) -> str:
    """A pending weapon choice in a few words, for the board's status and the description."""
    if pend.step == "use":
        return f"use the {weapon_name(pend.weapon)} now, or keep it for later?"
    return STEP_WORDS[pend.step]


def weapon_prompt(game: BadBones, s: BadBonesState, p: int, pend) -> str:
    """What the seat that owes a weapon choice is asked to click (after "P1: ")."""
    step, name = pend.step, weapon_name(pend.weapon)
    if step == "use":
        return (f"your hero eliminated {len(pend.killed)} skeletons at once: ‘use it’ (the {name}: "
                f"{weapon_effect(game, pend.weapon)}) or ‘keep it’ for later.")
    if step == "shoot":
        return "the crossbow: click a skeleton outlined in green to eliminate it."
    if step == "freeze":
        return "the ice wand: click a square outlined in green to freeze its skeletons for a round."
    if step == "send":
        return (f"the death wand: click the board (or button) of the player whose cemetery gets the "
                f"{plural(len(pend.killed), 'eliminated skeleton')}.")
    if step == "hero":
        return "the two-handed sword: click a square outlined in green for the hero's extra step."
    if step == "symbol":
        return ("the battleaxe: click a skeleton outlined in green beside the hero (or a symbol's "
                "button): every skeleton of its symbol beside him is cut down.")
    if step == "lift":
        return "the morning star: click the square outlined in green whose skeletons it sweeps."
    if step == "drop":
        return (f"the morning star: click where the skeletons from {pend.square} land "
                "(a trap-free square beside the hero, outlined in green).")
    if step == "point":
        return "the rapier: click the square outlined in green whose skeletons it turns."
    sk = s.boards[p].skeletons.get(pend.skeleton)
    colour = sk.model.split("-")[0] if sk else "next"
    return (f"the rapier: click a side of {pend.square} (or a button) to turn the {colour} skeleton "
            "that way.")


def weapon_box(g: Geometry) -> tuple[float, float, float, float]:
    """A board's weapon card strip, under its buttons."""
    return g.x + PAD, g.info_y + INFO - 2, g.w - 2 * PAD, WEAPON_H - 8


def _wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width`` pixels (the last one cut)."""
    most = int(width / (0.56 * size))
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and len(line) + 1 + len(words[0]) <= most:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] = _fit(out[-1] + " " + " ".join(words), width, size)
    return out


def weapon_glyph(scene: Scene, x: float, y: float, w: float, h: float) -> None:
    """A weapon card: a small steel-blue card with two crossed blades."""
    scene.add(Rect(x, y, w, h, WEAPON_FILL, WEAPON_EDGE, 1.5, 3),
              Line(x + w * 0.25, y + h * 0.78, x + w * 0.75, y + h * 0.22, WEAPON_EDGE, 2),
              Line(x + w * 0.25, y + h * 0.22, x + w * 0.75, y + h * 0.78, WEAPON_EDGE, 2),
              Line(x + w * 0.18, y + h * 0.62, x + w * 0.38, y + h * 0.72, WEAPON_EDGE, 1.5),
              Line(x + w * 0.82, y + h * 0.62, x + w * 0.62, y + h * 0.72, WEAPON_EDGE, 1.5))


def _weapon_strip(game: BadBones, scene: Scene, g: Geometry, weapon: str) -> None:
    """The board's weapon card: its name and its effect in a line or two."""
    x, y, w, h = weapon_box(g)
    scene.add(Rect(x, y, w, h, STRIP_BG, WEAPON_EDGE, 1, 5))
    weapon_glyph(scene, x + 5, y + 6, 22, h - 12)
    scene.add(Text(x + 34, y + 11, f"weapon card: {weapon_name(weapon)}", 12, WEAPON_INK, bold=True))
    for i, line in enumerate(_wrap(weapon_effect(game, weapon), w - 40, 11, 2)):
        scene.add(Text(x + 34, y + 25 + 12 * i, line, 12, INK))


def _weapon_icon(scene: Scene, x: float, y: float) -> None:
    weapon_glyph(scene, x - 7, y - 10, 14, 20)


def _frost(scene: Scene, x: float, y: float, n: int) -> None:
    """A frozen skeleton's mark centred on (x, y): a snowflake and how many more movements it
    sits out, on a white pill (shape and number, not colour, carry it)."""
    scene.add(Rect(x - 10.5, y - 6.5, 21, 13, "#ffffff", FROST_EDGE, 1.3, 6.5))
    fx = x - 4.5
    for a in (90, 30, 150):
        dx, dy = 4 * math.cos(math.radians(a)), 4 * math.sin(math.radians(a))
        scene.add(Line(fx - dx, y - dy, fx + dx, y + dy, FROST_EDGE, 1.3))
    scene.add(Text(x + 4.5, y + 0.5, str(n), 12, INK, "middle", True))


def _frost_icon(scene: Scene, x: float, y: float) -> None:
    _token(scene, x - 9, y, 18, SYMBOL_FILL["purple"], "n", "black", SYMBOL_LETTER["purple"])
    _frost(scene, x + 11, y + 1, 1)


WEAPON_ENTRY = Entry("weapon card (may be used when the hero eliminates 3 or more skeletons at once)",
                     _weapon_icon, 16)
FROST_ENTRY = Entry("snowflake and number: frozen by the ice wand, sits out that many more movements",
                    _frost_icon, 42)


def _outline_square(scene: Scene, g: Geometry, sq: str, label: str, tip: str) -> None:
    x, y, w, h = g.square_box(sq)
    scene.add(Rect(x + 3, y + 3, w - 6, h - 6, None, LEGAL_EDGE, 2.5, 4))
    scene.hit(x, y, w, h, label, tip)


def _stack_hit(scene: Scene, cx: float, cy: float, size: float, label: str, tip: str) -> None:
    scene.add(Circle(cx, cy, size * 0.72, None, LEGAL_EDGE, 2))
    half = size * 0.55
    scene.hit(cx - half, cy - half, 2 * half, 2 * half, label, tip)


def _weapon_hits(game: BadBones, s: BadBonesState, scene: Scene, geos: list[Geometry], p: int,
                 legal: list[Action], pend) -> None:
    """The clicks that answer a weapon choice: squares, skeletons, symbols or directions where
    the step asks for them, buttons for the rest (every target a legal label)."""
    g = geos[p]
    b = s.boards[p]
    step, name = pend.step, weapon_name(pend.weapon)
    if step == "use":
        use, skip = (next(a for a in legal if a.args == (x,)) for x in ("use", "skip"))
        _button(scene, button_box(g, 0, 86), "keep it", skip.label, f"keep the {name} for later",
                strong=False)
        _button(scene, button_box(g, 1, 86), "use it", use.label,
                f"use the {name}: {weapon_effect(game, pend.weapon)}")
        return
    if step == "send":
        _send_hits(scene, geos, g, legal, "the eliminated skeletons")
        return
    if step == "shoot":   # a label names a model (red-top), or a chief by its name (instructor-1)
        for a in legal:
            sq, name = a.args
            for _f, _side, sks, cx, cy, size in stacks_at(s, g, *coords(sq)):
                if game.data.token_name(sks[0].id) == name:   # a stack's top token; buttons reach the rest
                    _stack_hit(scene, cx, cy, size, a.label,
                               f"shoot the {chief_title(game, sks[0].id)} on {sq}")
        return
    if step == "symbol":
        hr, hc = coords(b.hero)
        near = [(hr + dr, hc + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= hr + dr < SIZE and 0 <= hc + dc < SIZE]
        for a in legal:
            sym = a.args[0]
            tip = f"cut down every {sym} skeleton beside the hero"
            for rc in near:
                for _f, _side, sks, cx, cy, size in stacks_at(s, g, *rc):
                    if symbol_of(game, sks[0].id) == sym:
                        _stack_hit(scene, cx, cy, size, a.label, tip)
        for i, a in enumerate(reversed(legal)):
            _button(scene, button_box(g, i, 62), a.args[0], a.label,
                    f"cut down every {a.args[0]} skeleton beside the hero")
        return
    if step == "face":
        x, y, w, h = g.square_box(pend.square)
        cx, cy, t = x + w / 2, y + h / 2, 0.16 * w
        scene.add(Rect(x + 3, y + 3, w - 6, h - 6, None, LEGAL_EDGE, 2.5, 4))
        strips = {"n": (x, y, w, 0.3 * h), "s": (x, y + 0.7 * h, w, 0.3 * h),
                  "w": (x, y + 0.3 * h, 0.3 * w, 0.4 * h), "e": (x + 0.7 * w, y + 0.3 * h, 0.3 * w, 0.4 * h)}
        for a in legal:
            d = a.args[0]
            dx, dy = DIRS_XY[d]
            tip_x, tip_y = cx + dx * (w / 2 - 3), cy + dy * (h / 2 - 3)
            base_x, base_y = tip_x - dx * t, tip_y - dy * t
            scene.add(Polygon(((tip_x, tip_y), (base_x - dy * t, base_y + dx * t),
                               (base_x + dy * t, base_y - dx * t)), LEGAL_EDGE, "#ffffff", 1))
            scene.hit(*strips[d], a.label, f"turn the skeleton to face {DIRECTION_WORDS[d]}")
        for i, a in enumerate(reversed(legal)):
            d = a.args[0]
            _button(scene, button_box(g, i, 54), DIRECTION_WORDS[d], a.label,
                    f"turn the skeleton to face {DIRECTION_WORDS[d]}")
        return
    tips = {"freeze": "freeze the skeletons on {}", "hero": "the hero strikes on to {}",
            "lift": "sweep the skeletons on {}", "drop": "put the swept skeletons on {}",
            "point": "turn the skeletons on {}"}
    for a in legal:   # freeze, hero, lift, drop, point: a square each
        _outline_square(scene, g, a.args[0], a.label, tips[step].format(a.args[0]))


DIRS_XY = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


# ---- the Skeleton Chiefs: orange-rimmed tokens with a sign per kind, units, the emperor ---------
# The rulebook's orange border, drawn as a thick band round the ordinary token. This orange is
# at least 3:1 against the white paper and the black side rim alike (a thin dark edge keeps it
# apart from orange-ish trap tiles), and it is deeper than the orange of a pending choice's ring.
CHIEF_RIM, CHIEF_EDGE = "#d35400", "#4a1f00"
UNIT_EDGE = "#2c3e91"        # a Chief Instructor's unit: brackets, outlines, its tag (not orange:
                             # the unit is not a chief, and not green: it is no click outline)
HALO_UNDER = "#ffffff"       # inside a unit's outlines, so they show on any fill
UNIT_TAG = 13                # the height of a unit's "unit of 4" tag at the foot of its square
CHIEF_POWER = {   # a few words of each kind's power, for the key (the rule catalog has the rest)
    "artificer": "2 floors or houses",
    "necromancer": "calls 3 more",
    "nice": "rebuilds, never wrecks",
    "instructor": "leads a unit",
    "spectral": "cannot die",
    "saboteur": "wrecks traps it trips",
    "emperor": "home: you lose; slain: hero too",
}
COOP_CHIEF_POWER = {   # where the co-op side's towers and capital change a power's words
    "artificer": "2 towers or capital houses",
    "nice": "rebuilds a capital house, never wrecks",
    "emperor": "a tower or the capital: the team loses",
}


def chief_title(game: BadBones, sid: int) -> str:
    """A chief's title with its symbol, "Chief Instructor (yellow)"; "yellow skeleton" for an
    ordinary token (the words the engine's events use)."""
    chief = game.data.chief(sid)
    symbol = symbol_of(game, sid)
    return f"{chief.title} ({symbol})" if chief else f"{symbol} skeleton"


def _unit(points, r: float, cx: float, cy: float, turn: float = 0) -> tuple[tuple[float, float], ...]:
    """Points given in a [-1, 1] box, scaled by ``r``, turned ``turn`` degrees, centred on (cx, cy)."""
    a = math.radians(turn)
    ca, sa = math.cos(a), math.sin(a)
    return tuple((cx + (x * ca - y * sa) * r, cy + (x * sa + y * ca) * r) for x, y in points)


_HAMMER = ((-0.8, -0.85), (0.8, -0.85), (0.8, -0.3), (0.17, -0.3), (0.17, 0.9), (-0.17, 0.9),
           (-0.17, -0.3), (-0.8, -0.3))
_HEART = tuple((16 * math.sin(t) ** 3 / 17, -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t)
                                                - math.cos(4 * t)) / 17 + 0.05)
               for t in (2 * math.pi * k / 24 for k in range(24)))
_FLAG = ((-0.45, -0.9), (0.85, -0.45), (-0.45, 0.0))
_GHOST = tuple((0.7 * math.cos(math.radians(a)), -0.15 + 0.7 * math.sin(math.radians(a)))
               for a in range(180, 361, 20)) + ((0.7, 0.85), (0.35, 0.55), (0.0, 0.85), (-0.35, 0.55),
                                                 (-0.7, 0.85))
_BOLT = ((0.3, -0.95), (-0.6, 0.12), (-0.05, 0.12), (-0.3, 0.95), (0.6, -0.15), (0.05, -0.15))
_CROWN = ((-0.85, 0.65), (0.85, 0.65), (0.85, -0.6), (0.42, -0.05), (0.0, -0.75), (-0.42, -0.05),
          (-0.85, -0.6))


def chief_glyph(scene: Scene, kind: str, cx: float, cy: float, r: float, ink: str, fill: str) -> None:
    """The sign of a chief's kind, ``r`` from its centre to its edge, in ``ink`` (on ``fill``):
    a hammer (artificer), +3 (necromancer), a heart (nice chief), a flag (instructor), a ghost
    (spectral), a lightning bolt (saboteur), a crown (emperor). Shapes, not colours, tell the
    kinds apart."""
    if kind == "artificer":
        scene.add(Polygon(_unit(_HAMMER, r, cx, cy, -35), ink))
    elif kind == "necromancer":
        scene.add(Text(cx, cy + 0.5, "+3", max(12.0, r * 1.55), ink, "middle", True))
    elif kind == "nice":
        scene.add(Polygon(_unit(_HEART, r, cx, cy), ink))
    elif kind == "instructor":
        x, top, bot = cx - 0.45 * r, cy - 0.95 * r, cy + 0.95 * r
        scene.add(Line(x, top, x, bot, ink, max(1.5, 0.26 * r)), Polygon(_unit(_FLAG, r, cx, cy), ink))
    elif kind == "spectral":
        scene.add(Polygon(_unit(_GHOST, r, cx, cy), ink),
                  Circle(cx - 0.26 * r, cy - 0.2 * r, 0.15 * r, fill),
                  Circle(cx + 0.26 * r, cy - 0.2 * r, 0.15 * r, fill))
    elif kind == "saboteur":
        scene.add(Polygon(_unit(_BOLT, r, cx, cy), ink))
    elif kind == "emperor":
        scene.add(Polygon(_unit(_CROWN, r, cx, cy), ink),
                  Line(cx - 0.85 * r, cy + 0.4 * r, cx + 0.85 * r, cy + 0.4 * r, fill, max(1.0, 0.14 * r)))
    else:
        raise ValueError(f"no sign for a chief of kind {kind!r}")


def _grown(points, d: float) -> tuple[tuple[float, float], ...]:
    """A convex polygon grown outward by ``d`` pixels on every side (for the chiefs' rim)."""
    n = len(points)
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
    sign = 1 if area > 0 else -1

    def normal(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1
        return sign * dy / length, -sign * dx / length
    out = []
    for i in range(n):
        p, q, r = points[i - 1], points[i], points[(i + 1) % n]
        (ax, ay), (bx, by) = normal(p, q), normal(q, r)
        mx, my = ax + bx, ay + by
        k = math.hypot(mx, my) or 1
        mx, my = mx / k, my / k
        cos = mx * ax + my * ay or 1
        out.append((q[0] + mx * d / cos, q[1] + my * d / cos))
    return tuple(out)


def chief_rim_width(size: float) -> float:
    """How thick a chief token's orange band is at token ``size``."""
    return max(2.5, size * 0.13)


def chief_token(scene: Scene, cx: float, cy: float, size: float, colour: str, facing: str, side: str,
                kind: str, letter: str = "") -> None:
    """A Skeleton Chief: the ordinary token (symbol colour, white or black rim, point toward
    ``facing``) inside a thick orange band, the sign of its ``kind`` in the middle, and its
    symbol's ``letter`` in a small disc on its back (left out on tokens too small for it)."""
    outline = _token_points(cx, cy, size, facing)
    scene.add(Polygon(_grown(outline, chief_rim_width(size)), CHIEF_RIM, CHIEF_EDGE, 1))
    _token(scene, cx, cy, size, colour, facing, side)
    ink = ink_on(colour)
    chief_glyph(scene, kind, cx, cy, size * 0.3, ink, colour)
    if letter and size >= 18:
        (bx, by), = _unit(((0.0, 0.47),), size, cx, cy, TURN[facing])   # on the tail's edge
        r = max(5.5, size * 0.18)
        scene.add(Circle(bx, by, r, colour, CHIEF_EDGE, 1),
                  Text(bx, by + 0.5, letter, max(12.0, r * 1.45), ink, "middle", True))


def unit_members(b, rc: tuple[int, int]) -> list[tuple[int, tuple[int, ...]]]:
    """The units standing at ``rc`` on board ``b``: (leader, its followers there)."""
    out = []
    for leader, followers in sorted(b.units.items()):
        lead = b.skeletons.get(leader)
        if lead is None or (lead.r, lead.c) != rc:
            continue
        here = tuple(f for f in followers if f in b.skeletons and (b.skeletons[f].r, b.skeletons[f].c) == rc)
        if here:
            out.append((leader, here))
    return out


def _brackets(scene: Scene, x: float, y: float, w: float, h: float, colour: str = UNIT_EDGE) -> None:
    """Four corner brackets just inside a box: a unit's square (not a frame, which would read
    as a click outline or a change mark)."""
    k, t = min(w, h) * 0.3, max(2.5, min(w, h) * 0.055)
    for (px, py, dx, dy) in ((x, y, 1, 1), (x + w, y, -1, 1), (x, y + h, 1, -1), (x + w, y + h, -1, -1)):
        scene.add(Line(px, py, px + dx * k, py, colour, t), Line(px, py, px, py + dy * k, colour, t))


def _unit_marks(s: BadBonesState, scene: Scene, b, box, here: list, rc: tuple[int, int],
                square_box=None) -> None:
    """A Chief Instructor's unit on a spot, drawn under its tokens: brackets on the spot's
    corners, and a blue outline round each member's token just outside it, thick round the
    leader's (so a skeleton on the square that is not in the unit shows none)."""
    units = unit_members(b, rc)
    if not units:
        return
    x, y, w, h = square_box or box
    _brackets(scene, x + 3, y + 3, w - 6, h - 6)
    for leader, followers in units:
        for facing, _side, sks, cx, cy, size in stack_centres(s, box, here):
            top = sks[0].id
            if top != leader and not any(k.id in followers for k in sks):
                continue
            rim = chief_rim_width(size) if top >= FIRST_CHIEF else 0
            outline = _grown(_token_points(cx, cy, size, facing), rim + (2.5 if top == leader else 1.5))
            scene.add(Polygon(outline, HALO_UNDER, UNIT_EDGE, 3 if top == leader else 1.8))


def _unit_tags(scene: Scene, b, box, rc: tuple[int, int], square_box=None) -> None:
    """Over a unit's tokens: a tag "unit of N" on the spot's lower edge (words a newcomer
    reads without the key)."""
    units = unit_members(b, rc)
    if not units:
        return
    x, y, w, h = square_box or box
    for i, (_leader, followers) in enumerate(units):
        words = f"unit of {1 + len(followers)}"
        tw = 0.58 * 10 * len(words) + 8
        ty = y + h - 4 - UNIT_TAG * i   # over the square's lower edge, to leave the tokens room
        scene.add(Rect(x + w / 2 - tw / 2, ty - UNIT_TAG / 2, tw, UNIT_TAG, UNIT_EDGE, HALO_UNDER, 1,
                       UNIT_TAG / 2),
                  Text(x + w / 2, ty + 0.5, words, 12, "#ffffff", "middle", True))


# ---- the chiefs in the key --------------------------------------------------------------------
def _chief_icon(kind: str, symbol: str = "yellow"):
    def draw(scene: Scene, x: float, y: float) -> None:
        chief_token(scene, x, y + 1, 17, SYMBOL_FILL[symbol], "n", "white", kind)
    return draw


def _unit_icon(scene: Scene, x: float, y: float) -> None:
    _brackets(scene, x - 20, y - 11, 40, 22)
    for cx, size, lead in ((x - 8, 14, True), (x + 9, 15, False)):
        rim = chief_rim_width(size) if lead else 0
        scene.add(Polygon(_grown(_token_points(cx, y, size, "e"), rim + (2.5 if lead else 1.5)), HALO_UNDER,
                          UNIT_EDGE, 3 if lead else 1.8))
    chief_token(scene, x - 8, y, 14, SYMBOL_FILL["yellow"], "e", "white", "instructor")
    _token(scene, x + 9, y, 15, SYMBOL_FILL["red"], "e", "white", "")


# A kind's key sample wears a symbol whose ink suits its sign (any symbol could carry it).
CHIEF_ICON_SYMBOL = {"artificer": "green", "necromancer": "purple", "nice": "blue", "instructor": "yellow",
                     "spectral": "red", "saboteur": "purple", "emperor": "yellow"}
CHIEF_ENTRY = Entry("orange rim: a Skeleton Chief (sign: kind; disc: symbol)")
UNIT_ENTRY = Entry("brackets, blue outlines: a Chief Instructor's unit (thick: its leader)", _unit_icon, 42)


def chief_entry(kind: str, title: str, coop: bool = False) -> Entry:
    """The key's entry for one kind of chief: a sample token, its title and its power (``coop``:
    in the co-op game's words)."""
    power = COOP_CHIEF_POWER.get(kind, CHIEF_POWER[kind]) if coop else CHIEF_POWER[kind]
    return Entry(f"{title}: {power}", _chief_icon(kind, CHIEF_ICON_SYMBOL[kind]), 20)


def chiefs_shown(s: BadBonesState) -> list[str]:
    """The kinds of the chiefs the picture draws (on a board or in a forest), in the kit's order."""
    kinds = {chief_kind(sid) for b in s.boards for sid in b.skeletons if sid >= FIRST_CHIEF}
    return [k for k in CHIEF_KINDS if k in kinds]


def units_shown(s: BadBonesState) -> bool:
    return any(unit_members(b, (b.skeletons[leader].r, b.skeletons[leader].c))
               for b in s.boards for leader in b.units if leader in b.skeletons)


def chief_entries(s: BadBonesState) -> list[Entry]:
    """The key's entries for the chiefs on the picture (none on a picture without chiefs)."""
    kinds = chiefs_shown(s)
    if not kinds:
        return []
    titles = {c.kind: c.title for c in components().chiefs}
    out = [CHIEF_ENTRY] + [chief_entry(k, titles[k], bool(s.capital_size)) for k in kinds]
    return out + ([UNIT_ENTRY] if units_shown(s) else [])


# ---- the chiefs' clicks -----------------------------------------------------------------------
def _chief_move_hits(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry, p: int,
                     legal: list[Action]) -> None:
    """The movement phase's clicks in a game with the chiefs. On a spot where a Chief
    Instructor is still to move, a click on the instructor (or on the square itself) makes its
    move, which takes everyone still there along; with two instructors the player chooses the
    leader by clicking its token (the move names it). Another skeleton there that may go first
    makes its own move, out of the unit; the members of a unit already formed make their
    leader's. Elsewhere each unmoved stack and chief is clicked as usual."""
    b = s.boards[p]
    who = seat_name(p)
    labels = {a.label for a in legal}
    led = leaders(b, s.token)
    for a in legal:
        if a.verb != "move" or coords(a.args[0]) in led:
            continue
        sq, facing = a.args
        stacks = stacks_at(s, g, *coords(sq))
        first = min(k.id for _f, side, sks, *_ in stacks if _f == facing and side != s.token for k in sks)
        for f, side, sks, cx, cy, size in stacks:
            if f != facing or side == s.token:
                continue
            if sks[0].id >= FIRST_CHIEF:
                title = game.data.chief(sks[0].id).title
                tip = (f"move the {title} on {sq} one step {facing}" if sks[0].id == first else
                       f"move the next skeleton on {sq} facing {facing} (ordinary ones go before "
                       f"the {title})")
            else:
                tip = f"move the {plural(len(sks), 'skeleton')} on {sq} one step {facing}"
            _stack_hit(scene, cx, cy, size, a.label, tip)
    for rc, here in sorted(led.items()):
        sq = square(*rc)
        stacks = stacks_at(s, g, *rc)
        unmoved = sum(len(sks) for _f, side, sks, *_ in stacks if side != s.token)
        ids = {k.id: k for k in here}
        ways = {k.facing for k in here}
        free = loose(b, here, *rc, s.token)   # who may leave before the instructor, by facing
        single = f"{who} move {sq} {here[0].facing}" if len(here) == 1 else None
        if single in labels:   # the square itself (under its tokens' regions): the leader's move
            x, y, w, h = g.box(*rc)
            scene.add(Rect(x + 3, y + 3, w - 6, h - 6, None, LEGAL_EDGE, 2.5, 4))
            scene.hit(x, y, w, h, single, _unit_tip(here[0], sq, unmoved))
        for f, side, sks, cx, cy, size in stacks:
            if side == s.token:
                continue
            lead = ids.get(sks[0].id)
            if lead is not None:   # an instructor's token: its move (named if there are several)
                label = single or f"{who} move {sq} {lead.facing} {lead_name(lead.id)}"
                tip = _unit_tip(lead, sq, unmoved, chosen=single is None)
            elif free.get(f) in {k.id for k in sks}:   # it may go first, leaving the instructor
                label = f"{who} move {sq} {f}" + (f" {ALONE}" if f in ways else "")
                tip = (f"move the {plural(len(sks), 'skeleton')} on {sq} one step {DIRECTION_WORDS[f]} "
                       "before the Chief Instructor, out of its unit")
            else:   # a unit's member: it goes with its leader
                label, tip = single, single and _unit_tip(here[0], sq, unmoved)
            if label in labels:
                _stack_hit(scene, cx, cy, size, label, tip)


def _unit_tip(lead, sq: str, unmoved: int, chosen: bool = False) -> str:
    """``chosen``: one of several instructors there, named as the unit's leader by this click."""
    others = unmoved - 1
    go = "goes" if others == 1 else "go"
    rest = f", and the {plural(others, 'other skeleton')} there {go} with it as one unit" if others else ""
    if chosen:
        return (f"{lead_name(lead.id)} takes the lead: it moves one step {DIRECTION_WORDS[lead.facing]} "
                f"from {sq}{rest}")
    return f"the Chief Instructor on {sq} moves one step {DIRECTION_WORDS[lead.facing]}{rest}"


# ---- the chiefs in words ----------------------------------------------------------------------
NO_HERO = "no hero: he fell slaying the emperor"
NO_HERO_WORDS = "no hero (he slew the Skeleton Emperor, and both left the game)"


def chief_words(game: BadBones, s: BadBonesState, p: int) -> str:
    """One sentence on board ``p``'s chiefs for the description: where each stands and whom a
    Chief Instructor leads ("the Chief Instructor (yellow) on b2 leads 3 skeletons"), whether
    the Skeleton Emperor got in, and whether he is out of the game."""
    b = s.boards[p]
    me = seat_name(p)
    parts = []
    for sid in sorted(b.skeletons):
        if sid < FIRST_CHIEF:
            continue
        k = b.skeletons[sid]
        where = square(k.r, k.c)
        led = [f for leader, fs in unit_members(b, (k.r, k.c)) if leader == sid for f in fs]
        parts.append(f"the {chief_title(game, sid)} on {where}"
                     + (f" leads {plural(len(led), 'skeleton')}" if led else ""))
    out = f"{me}'s chiefs: " + "; ".join(parts) if parts else f"no chief on {me}'s board"
    if b.overrun:
        out += f"; the Skeleton Emperor got in, so {me} has lost"
    if b.exiled:
        out += "; the Skeleton Emperor is out of the game"
    return out


def _chief_changes(game: BadBones, p: int, old, new) -> list[Change]:
    """What the last step did that only the chiefs do: a unit formed or broken up, the hero
    gone with the emperor, the emperor getting in."""
    me = seat_name(p)
    out = []
    if old.hero is not None and new.hero is None:
        slain = [old.skeletons[sid] for sid in new.exiled if sid in old.skeletons]
        where = f" on {square(slain[0].r, slain[0].c)}" if slain else ""
        out.append(Change(p, "hero_gone", before=coords(old.hero),
                          words=f"{me}'s hero slew the Skeleton Emperor{where} and left the game with him"))
    for leader in sorted(set(old.units) | set(new.units)):
        was, now = old.units.get(leader, ()), new.units.get(leader, ())
        lead = new.skeletons.get(leader)
        if now and now != was and lead is not None:
            out.append(Change(p, "unit", leader, after=(lead.r, lead.c),
                              words=f"the {chief_title(game, leader)} on {square(lead.r, lead.c)} leads "
                                    f"{plural(len(now), 'skeleton')} as one unit"))
        elif was and not now:
            out.append(Change(p, "unit", leader, words=f"the {chief_title(game, leader)}'s unit broke up"))
    if new.overrun and not old.overrun:
        out.append(Change(p, "overrun", words=f"the Skeleton Emperor got in: {me} has lost"))
    return out


# ---- the co-op game: the boards' co-op side, the capital, the team's supply ----------------------
# The co-op side has four one-floor towers and no village: the capital lies beyond every board's
# top edge (a band says so), the top forest's skeletons wait in a bottom forest row under the
# grid, and a fallen tower's ruins add arrows of their own, drawn darker and bolder than the
# printed ones. The capital, the team's one supply (and the traps taken back this round, which
# wait for the next) and the round counter sit in a band between the header and the boards.
TEAM_H = 62                  # the team's band under the header
START_WORDS = "before round 1 · the heroes choose their towers"
TEAM_BG, TEAM_EDGE = "#f6efe0", "#c8b48c"
CAPITAL_BG, CAPITAL_EDGE, CAPITAL_INK = "#f3e3c3", "#a67c38", "#5a3d0c"
RUIN_FILL, RUIN_STONE, RUIN_INK = "#e6ddd0", "#9a8f80", "#6e2c00"
HELD_BG = "#ece6da"          # behind the traps taken back this round
PIP_DONE, PIP_EDGE = "#8a5300", "#5a3d0c"


def team_layout(s: BadBonesState, width: float) -> dict:
    """Where the team's band puts its parts: ``capital`` (a box per house: left, top, width,
    height), ``supply`` (a box per trap of the shared supply), ``held`` (a box per trap taken
    back this round), and the x of each part's label and of the round counter's right edge."""
    y0 = HEADER
    x = GAP + 10
    houses = [(x + i * 22, y0 + 20, 14, 24) for i in range(s.capital_size)]
    supply_x = x + max(96, 22 * s.capital_size + 14)
    right = width - GAP - 10
    pips = min(s.options.get("rounds", 10), 20)
    counter_left = right - max(112, 13 * pips)
    held_w = max(104, 34 * len(s.held)) if s.held else 0
    held_x = counter_left - 16 - held_w
    n = max(len(s.shared), 1)
    step = max(14.0, min(34.0, (held_x - 12 - supply_x) / n))
    size = min(30.0, step - 3)
    supply = [(supply_x + i * step, y0 + 20, size, size) for i in range(len(s.shared))]
    held = [(held_x + i * 34, y0 + 20, 30, 30) for i in range(len(s.held))]
    return {"capital": houses, "capital_x": x, "supply": supply, "supply_x": supply_x,
            "held": held, "held_x": held_x, "right": right, "pips": pips}


def _team(game: BadBones, s: BadBonesState, scene: Scene, clicker: int | None, placing) -> None:
    """The team's band: the capital's houses, the shared supply, the held traps, the rounds."""
    t = team_layout(s, scene.width)
    y0 = HEADER
    scene.add(Rect(GAP, y0, scene.width - 2 * GAP, TEAM_H - 8, TEAM_BG, TEAM_EDGE, 1, 6),
              Text(t["capital_x"], y0 + 10, f"capital {s.capital}/{s.capital_size}", 12, INK, bold=True))
    for i, (hx, hy, hw, hh) in enumerate(t["capital"]):
        _house(scene, hx + hw / 2, hy, hw, hh, i < s.capital)
    scene.add(Text(t["supply_x"], y0 + 10, "team supply", 12, MUTED))
    for box, kind in zip(t["supply"], s.shared):
        _trap(scene, box, kind, False, "/" if kind == "wall" else None)
    if not s.shared:
        scene.add(Text(t["supply_x"], y0 + 34, "empty", 12, MUTED))
    if s.held:
        hx = t["held_x"]
        scene.add(Rect(hx - 4, y0 + 3, max(104, 34 * len(s.held)) + 4, TEAM_H - 14, HELD_BG, FAINT, 1, 4),
                  Text(hx, y0 + 10, "back next round", 12, INK))
        for box, kind in zip(t["held"], s.held):
            _trap(scene, box, kind, False, "/" if kind == "wall" else None)
    last = s.options.get("rounds", 10)
    shown = game.stage(s)[0]   # "before round 1", "round 3 of 10", "after round 5"
    scene.add(Text(t["right"], y0 + 10, shown, 12, INK, "end", True))
    if t["pips"] == last:   # a pip a round: filled once complete, ringed while under way
        done = s.round if s.over and s.ended != "defeat" else s.round - 1
        for i in range(last):
            cx = t["right"] - (last - 1 - i) * 13 - 5
            current = i == s.round - 1 and not s.over and s.phase != "start"
            scene.add(Circle(cx, y0 + 34, 5, PIP_DONE if i < done else "#ffffff",
                             ACTIVE_EDGE if current else PIP_EDGE, 2.5 if current else 1))


def _coop_feeds(s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """Who receives what leaves by each forest, and the band over the grid: the capital."""
    bottom = exit_targets(s, g.seat, "bottom")
    lx, rx, rw, lw, ty = _side_feeds(s, scene, g)
    by = g.gy + SIZE * g.cs + 4 + g.fw / 2
    scene.add(Text(lx + lw / 2, by - 7, "bottom", 12, MUTED, "middle"),
              Text(lx + lw / 2, by + 8, "→ " + (seat_name(bottom[0]) if len(bottom) == 1 else "any"), 12, INK,
                   "middle", True))
    if len(bottom) > 1:
        scene.add(Text(rx + rw / 2, by - 7, "you", 12, MUTED, "middle"),
                  Text(rx + rw / 2, by + 8, "choose", 12, MUTED, "middle"))
    _capital_band(scene, g.gx, ty, SIZE * g.cs, g.fw)
    scene.add(Text(g.gx + SIZE * g.cs / 2, ty - 7, "top edge → the capital (a house burns)", 12, MUTED,
                   "middle"))


def _capital_band(scene: Scene, x: float, y: float, w: float, h: float) -> None:
    """The band over a co-op board: the capital lies that way (arrows point up to it)."""
    scene.add(Rect(x + 2, y + 2, w - 4, h - 4, CAPITAL_BG, CAPITAL_EDGE, 1.5, 5))
    for ax in (x + 16, x + w - 16):
        scene.add(Polygon(((ax, y + 8), (ax - 8, y + 20), (ax + 8, y + 20)), CAPITAL_INK),
                  Line(ax, y + 18, ax, y + h - 8, CAPITAL_INK, 3))
    scene.add(Text(x + w / 2, y + h / 2 - 7, "the capital lies this way", 12, CAPITAL_INK, "middle", True),
              Text(x + w / 2, y + h / 2 + 8, "off the top edge: a capital house burns", 12, CAPITAL_INK,
                   "middle"))


def ruin_arrows(game: BadBones, b) -> dict[tuple[str, str], str]:
    """The arrows a board's fallen towers' ruins added (the rest of ``b.arrows`` are printed)."""
    out = {}
    for t in game.data.coop_towers:
        if t not in b.towers:
            out.update({k: v for k, v in game.data.ruins[t].items() if b.arrows.get(k) == v})
    return out


def fallen_towers(game: BadBones, b) -> list[str]:
    return [t for t in game.data.coop_towers if t not in b.towers]


def _tower_shape(scene: Scene, cx: float, foot: float, w: float, h: float) -> None:
    """A one-floor tower: a brown keep with three merlons, ``h`` high from ``foot``."""
    top = foot - h
    scene.add(Rect(cx - w / 2, top + h * 0.22, w, h * 0.78, FLOOR_FILL, FLOOR_EDGE, 1.2, 1))
    mw = w / 5
    for i in (0, 2, 4):
        scene.add(Rect(cx - w / 2 + i * mw, top, mw, h * 0.24, FLOOR_FILL, FLOOR_EDGE, 1))


def _coop_tower(scene: Scene, box) -> None:
    """A standing co-op tower on its square (the hero stands beside it, on the right)."""
    x, y, w, h = box
    _tower_shape(scene, x + w * 0.28, y + h * 0.88, w * 0.36, h * 0.66)


def _ruin(scene: Scene, box) -> None:
    """A fallen tower: rubble on grey ground and the word "ruins" (its arrows go on top)."""
    x, y, w, h = box
    scene.add(Rect(x + 1, y + 1, w - 2, h - 2, RUIN_FILL, RUIN_STONE, 1))
    for fx, fy, fw in ((0.12, 0.78, 0.2), (0.34, 0.82, 0.16), (0.7, 0.8, 0.18), (0.2, 0.66, 0.12)):
        scene.add(Rect(x + w * fx, y + h * fy, w * fw, h * 0.09, RUIN_STONE, "#6f665b", 1, 1))
    if w >= 40:
        scene.add(Text(x + 4, y + 9, "ruins", 12, RUIN_INK, bold=True))


def _coop_info(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """A co-op board's line of towers (standing and fallen), its cemetery and counts."""
    b = s.boards[g.seat]
    y = g.info_y
    x0 = g.x + PAD
    fallen = fallen_towers(game, b)
    standing = ", ".join(b.towers) if b.towers else "none"
    line = f"towers standing: {standing}" + (f" · ruins: {', '.join(fallen)}" if fallen else "")
    scene.add(Text(x0, y + 15, _fit(line, g.w - 2 * PAD, 12), 12, INK, bold=True))
    cy = y + 36
    _tomb(scene, *tomb_box(g), len(b.cemetery))
    on_board = sum(1 for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE)
    waiting = len(b.skeletons) - on_board
    scene.add(Text(x0 + 30, cy + 7, "cemetery", 12, MUTED),
              Text(x0 + 90, cy + 7, f"towers {len(b.towers)}/{b.tower_size}", 12, INK, bold=True),
              Text(x0 + 30, cy + 21, f"skeletons: {on_board} on the board, {waiting} in the forests", 12,
                   INK))


def coop_status(s: BadBonesState, out, p: int) -> tuple[str, str]:
    """A co-op board's status line once the game is over (the outcome is the team's)."""
    rounds = plural(out.scores[p], "round")
    if out.winners:
        return f"victory: the team held out ({rounds})", WIN_INK
    lost = "; no tower left here" if not s.boards[p].towers else ""
    return f"defeat: {rounds} survived{lost}", LOSS_INK


def _coop_hits(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry, p: int,
               legal: list[Action], placing) -> None:
    """The start phase's towers, and the trap phase's clicks: a trap from the team's supply
    (in the band above the boards), then a square of one's own board; a trap to take back."""
    who = seat_name(p)
    labels = {a.label for a in legal}
    if s.phase == "start":
        for a in legal:
            _outline_square(scene, g, a.args[0], a.label, f"put your hero on the tower on {a.args[0]}")
        return
    t = team_layout(s, scene.width)
    drawn = False
    for box, kind in zip(t["supply"], s.shared):
        o = TURNS[kind][0] if kind in TURNS else None
        if placing and placing[0] == kind:
            o = placing[1]
            if not drawn:
                _trap(scene, box, kind, False, o, selected=True)
                drawn = True
        scene.hit(*box, _select_target(kind, o), f"place a {kind} from the team's supply"
                  + (f" ({o})" if o else ""))
    if placing:
        kind, o = placing
        if kind in TURNS:
            other = next(x for x in TURNS[kind] if x != o)
            label, tip = SWITCH[kind]
            _button(scene, button_box(g, 1, 86), label.format(other), _select_target(kind, other),
                    tip.format(other, other), strong=False)
        suffix = f" {o}" if o else ""
        for r in range(SIZE + 1):   # the squares and the side and bottom forests: real labels
            for c in range(-1, SIZE + 1):
                name = square(r, c)
                if not name:
                    continue
                label = f"{who} place {kind} {name}{suffix}"
                x, y, w, h = g.box(r, c)
                if label in labels:
                    scene.add(Rect(x + 3, y + 3, w - 6, h - 6, None, LEGAL_EDGE, 2.5, 4))
                scene.hit(x, y, w, h, label, f"place the {kind} on {name}")
    else:
        b = s.boards[p]
        for sq in sorted(b.traps):
            label = f"{who} retrieve {sq}"
            if label in labels:
                x, y, w, h = g.square_box(sq)
                scene.hit(x, y, w, h, label,
                          f"take the {b.traps[sq].kind} on {sq} back (placeable again next round)")
    if f"{who} pass" in labels:
        _button(scene, button_box(g, 0, 72), "pass", f"{who} pass", "leave the traps as they are")


def _coop_board_changes(p: int, old, new) -> list[Change]:
    """A hero placed on its starting tower, and towers that fell (their ruins now show)."""
    me = seat_name(p)
    out = []
    if old.hero is None and new.hero is not None:
        out.append(Change(p, "start", after=coords(new.hero),
                          words=f"{me}'s hero starts on the tower on {new.hero}"))
    for sq in old.towers:
        if sq not in new.towers:
            out.append(Change(p, "tower", after=coords(sq),
                              words=f"{me}'s tower on {sq} fell: its ruins show new arrows"))
    return out


def _capital_changes(before: BadBonesState, after: BadBonesState) -> list[Change]:
    return [Change(0, "capital", index=i,
                   words=f"a house of the capital burnt ({plural(after.capital, 'house')} left)")
            for i in range(after.capital, min(before.capital, after.capital_size))]


def _coop_mark(game: BadBones, after: BadBonesState, scene: Scene, g: Geometry, c: Change) -> None:
    if c.kind == "tower":
        x, y, w, h = g.box(*c.after)
        access.box(scene, x + 2, y + 2, w - 4, h - 4, 1, 5)
    elif c.kind == "start":
        x, y = _hero_at(after, g, game, c.after)
        access.ring(scene, x, y, g.cs * 0.34)
    else:   # a capital house burnt
        hx, hy, hw, hh = team_layout(after, scene.width)["capital"][c.index]
        access.box(scene, hx - 3, hy, hw + 6, hh, 2, 3)


# ---- the co-op game in the key and in words -----------------------------------------------------
def _coop_tower_icon(scene: Scene, x: float, y: float) -> None:
    _tower_shape(scene, x, y + 10, 14, 20)


def _ruin_icon(scene: Scene, x: float, y: float) -> None:
    _ruin(scene, (x - 11, y - 11, 22, 22))
    _bent_arrow(scene, (x - 11, y - 11, 22, 22), "e", "n", RUIN_INK, 2.5)


def _band_icon(scene: Scene, x: float, y: float) -> None:
    scene.add(Rect(x - 13, y - 10, 26, 20, CAPITAL_BG, CAPITAL_EDGE, 1.5, 4),
              Polygon(((x, y - 7), (x - 6, y + 1), (x + 6, y + 1)), CAPITAL_INK),
              Line(x, y, x, y + 7, CAPITAL_INK, 2.5))


def _held_icon(scene: Scene, x: float, y: float) -> None:
    scene.add(Rect(x - 13, y - 12, 26, 24, HELD_BG, FAINT, 1, 4))
    _trap(scene, (x - 10, y - 10, 20, 20), "dragon", False, None)


COOP_TOWER_ENTRY = Entry("tower (one floor: a skeleton reaching it destroys it)", _coop_tower_icon, 16)
RUINS_ENTRY = Entry("ruins: a fallen tower; its bold arrows turn skeletons too", _ruin_icon)
BAND_ENTRY = Entry("capital band: a skeleton off the top edge burns a capital house", _band_icon, 26)
HELD_ENTRY = Entry("back next round: taken back, no one may place it this round", _held_icon, 26)


# ---- the co-op game's table talk (bonekit.games.bad_bones.talk) ---------------------------------
TALK_EDGE = "#7d3c98"   # purple: a suggestion is neither a legal click (green) nor an offer (orange)


def _talk_icon(scene: Scene, x: float, y: float) -> None:
    scene.add(Rect(x - 11, y - 11, 22, 22, CELL, CELL_EDGE, 1))
    _trap(scene, (x - 6, y - 6, 12, 12), "wall", False, "/")
    scene.add(Rect(x - 10, y - 10, 20, 20, None, TALK_EDGE, 2, 4))


TALK_ENTRY = Entry("purple ring, P2?: a trap a teammate suggests (nothing is placed)", _talk_icon)


def _listeners(s: BadBonesState, p: int) -> list[int]:
    """The teammates ``p`` may still make a suggestion to: those yet to decide this trap phase."""
    return [t for t in range(s.players) if t != p and not s.done[t] and not s.pending[t]]


def _talk_marks(s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """The suggestions this board's player could still follow: a suggested trap small on its
    square in a purple ring, a suggested take-back as the ring alone; each tagged ``P2?``."""
    on: dict[str, list] = {}   # square -> (by, action), in the order they were said
    for by, a in talk.heard(s, g.seat):
        if a.verb != "pass":   # a pass is said on the board's status line
            on.setdefault(a.args[1] if a.verb == "place" else a.args[0], []).append((by, a))
    for sq, said in on.items():
        x, y, w, h = g.square_box(sq)
        a = said[-1][1]   # the latest idea for the square is drawn; the tag names everyone
        if a.verb == "place":
            inset = w * 0.24
            _trap(scene, (x + inset, y + inset, w - 2 * inset, h - 2 * inset), a.args[0], False,
                  a.args[2] if len(a.args) > 2 else None)
        tag = " ".join(seat_name(by) for by, _ in said) + "?"
        tw = 7 + 6.2 * len(tag)
        scene.add(Rect(x + 2, y + 2, w - 4, h - 4, None, TALK_EDGE, 2.5, 6),
                  Rect(x + w - tw - 3, y + 3, tw, 13, TALK_EDGE, None, 1, 4),
                  Text(x + w - 3 - tw / 2, y + 9.5, tag, 12, "#ffffff", "middle", True))


def _talk_hits(game: BadBones, s: BadBonesState, scene: Scene, geos: list[Geometry], p: int,
               placing) -> None:
    """With a trap picked, every square of a teammate still choosing suggests it to them: the
    engine accepts the suggestion or says why that teammate could not place it there."""
    kind, o = placing
    suffix = f" {o}" if o else ""
    for t in _listeners(s, p):
        mate = seat_name(t)
        og = geos[t]
        for r in range(SIZE + 1):
            for c in range(-1, SIZE + 1):
                name = square(r, c)
                if name:
                    label = f"{seat_name(p)} suggest {mate.lower()} place {kind} {name}{suffix}"
                    scene.hit(*og.box(r, c), label, f"suggest to {mate}: the {kind} on {name}")


def coop_legend(s: BadBonesState) -> list[Entry]:
    """The co-op key: the basic one with the co-op side's tower, the capital's houses and band,
    and entries for ruins and held traps only when the picture shows them."""
    fallen = any(set(components().coop_towers) - set(b.towers) for b in s.boards)
    out = []
    for e in LEGEND:
        if e.text.startswith("tower floors"):
            out.append(COOP_TOWER_ENTRY)
            if fallen:
                out.append(RUINS_ENTRY)
        elif e.text.startswith("house (dark"):
            out += [Entry("capital house (dark: burnt)", e.icon, e.room), BAND_ENTRY]
        elif e.text.startswith("traps: "):
            out.append(e)
            if s.held:
                out.append(HELD_ENTRY)
            if s.phase == "traps" and any(talk.heard(s, t) for t in range(s.players)):
                out.append(TALK_ENTRY)
        else:
            out.append(e)
    return out


def supply_words(kinds) -> str:
    """``2 walls, a catapult``-like words for a list of trap kinds ("empty" for none)."""
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return ", ".join(plural(n, k) for k, n in counts.items()) or "empty"


def coop_description(game: BadBones, s: BadBonesState, changes: list[Change] = ()) -> str:
    """The co-op picture in words: the stage, the capital, the team's supply and held traps,
    whom the game waits for, each board's towers and skeletons, and the last step."""
    head = f"Bad Bones, co-op game, {plural(s.players, 'player')}, {', '.join(game.stage(s))}"
    team = (f"the capital: {s.capital} of {plural(s.capital_size, 'house')} standing; the team's supply: "
            f"{supply_words(s.shared)}" + (f"; back next round: {supply_words(s.held)}" if s.held else ""))
    out = game.outcome(s)
    if out:
        waiting = out.summary
    else:
        choices = [f"{seat_name(p)} chooses: {_pending_words(s.pending[p][0])}"
                   for p in range(s.players) if s.pending[p]]
        waiting = "; ".join(choices) if choices else f"waiting for {access.seats_words(game.to_move(s))}"
        if s.phase == "move" and not choices:
            old = "black" if s.token == "white" else "white"
            waiting += f" (skeletons still showing {old} have not moved yet)"
    boards = []
    for p in range(s.players):
        b = s.boards[p]
        name = seat_name(p) if s.names[p] == seat_name(p) else f"{seat_name(p)} {s.names[p]}"
        fallen = fallen_towers(game, b)
        on_board = sum(1 for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE)
        towers = f"{len(b.towers)} of {plural(b.tower_size, 'tower')} standing" + (
            f" ({', '.join(b.towers)})" if b.towers else "") + (
            f", ruins on {', '.join(fallen)}" if fallen else "")
        hero = f"hero on {b.hero}" if b.hero is not None else "hero not on a tower yet"
        heard = "".join(f"; {seat_name(by)} suggests: {talk.words(s, a)}" for by, a in talk.heard(s, p))
        boards.append(f"{name}: {towers}, {plural(on_board, 'skeleton')} on the board and "
                      f"{len(b.skeletons) - on_board} in the forests, {plural(len(b.traps), 'trap')} placed, "
                      f"{len(b.cemetery)} in the cemetery, {hero}{heard}")
    said = list(dict.fromkeys(c.words for c in changes if c.words))
    last = ""
    if said:
        more = len(said) - 6
        rest = f"; and {plural(more, 'more change')}" if more > 0 else ""
        last = "last step: " + "; ".join(said[:6]) + rest
    return describe(head, team, waiting, *boards, last)
