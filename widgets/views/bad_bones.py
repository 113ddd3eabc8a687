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
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from bonekit.core.actions import Action, seat_name
from bonekit.core.words import plural
from bonekit.games.bad_bones import BadBones, BadBonesState
from bonekit.games.bad_bones.board import ALL_TRAP_KINDS, COLS, SIZE, coords, square
from bonekit.games.bad_bones.moves import exit_targets

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
    """``phase 3 · move the skeletons``, or ``game over``."""
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

    def box(self, r: int, c: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a square or forest spot, by 0-based (row, column)."""
        if r == -1:   # top forest, above the column letters
            return self.gx + c * self.cs, self.gy - 14 - self.fw, self.cs, self.fw
        if c == -1:   # left forest, left of the row numbers
            return self.gx - 13 - self.fw, self.gy + r * self.cs, self.fw, self.cs
        if c == SIZE:
            return self.gx + SIZE * self.cs + 4, self.gy + r * self.cs, self.fw, self.cs
        return self.gx + c * self.cs, self.gy + r * self.cs, self.cs, self.cs

    def square_box(self, name: str) -> tuple[float, float, float, float]:
        return self.box(*coords(name))

    @property
    def village_y(self) -> float:
        return self.gy + SIZE * self.cs + 6

    @property
    def info_y(self) -> float:
        return self.village_y + 0.62 * self.cs + 8


def cell_size(players: int) -> float:
    per_row = per_row_of(players)
    return {1: 64, 2: 60}.get(per_row, 52)


def per_row_of(players: int) -> int:
    return players if players <= 3 else math.ceil(players / 2)


def layout(players: int, legend: list[Entry] | None = None,
           weapons: bool = False) -> tuple[list[Geometry], int, int]:
    """Each board's geometry, and the scene's width and height (with room for ``legend``, by
    default the basic game's, and with ``weapons`` for a weapon card under every board)."""
    cs = cell_size(players)
    fw = round(0.78 * cs)
    per_row = per_row_of(players)
    panel_w = 2 * PAD + fw + 13 + SIZE * cs + 4 + fw
    panel_h = TITLE + fw + 14 + SIZE * cs + 6 + 0.62 * cs + 8 + INFO + (WEAPON_H if weapons else 0)
    width = max(per_row * panel_w + (per_row - 1) * GAP + 2 * GAP, 640)
    rows = math.ceil(players / per_row)
    left = (width - (per_row * panel_w + (per_row - 1) * GAP)) / 2
    out = []
    for seat in range(players):
        row, col = divmod(seat, per_row)
        x = left + col * (panel_w + GAP)
        y = HEADER + row * (panel_h + GAP)
        gx = x + PAD + fw + 13
        gy = y + TITLE + fw + 14
        out.append(Geometry(seat, x, y, panel_w, panel_h, cs, fw, gx, gy))
    height = HEADER + rows * panel_h + (rows - 1) * GAP + legend_height(width, legend) + 8
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
    geos, width, height = layout(s.players, legend, has_weapons(s))
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(width, height, background=PAPER,
                  title=f"Bad Bones, round {s.round}, {phase_words(s.phase)}, {who}")
    owing = set(game.to_move(s))
    clicker = active if active is not None and active in owing else None
    legal = game.legal_actions(s, clicker) if clicker is not None else []
    placing = _placing(s, clicker, selection)
    _header(game, s, scene, clicker, placing, legal)
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
    scene.add(Text(GAP, 16, f"Bad Bones · {mode} · round {s.round}{rounds}", 16, INK, bold=True),
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
        colour = pend.model.split("-")[0]
        if pend.kind == "repel":
            return (f"{who}: the {colour} skeleton flees the dragon on {pend.square}: click a square "
                    f"(or forest spot) outlined in orange.")
        where = ("leaves by the top forest" if pend.reason == "top"
                 else f"is thrown by the catapult on {pend.square}")
        return f"{who}: the {colour} skeleton {where}: click the board (or button) of the player who gets it."
    if s.phase == "hero":
        return f"{who}: click a square outlined in green to move your hero there (one step, any direction)."
    if s.phase == "traps":
        if placing:
            kind, o = placing
            turn = f" {o} (‘{SWITCH[kind][0].split()[0]}’ switches)" if kind in TURNS else ""
            return (f"{who}: placing a {kind}{turn}: click a square (outlined in green: allowed); "
                    f"click the {kind} in your supply again to cancel.")
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
    shown = _shown_traps(s)
    new = [k for k in NEW_TRAPS if any(kind == k and not (k == "bomb" and dmg) for kind, dmg, _ in shown)]
    broken = [k for k in NEW_TRAPS if k != "bomb" and (k, True) in {(kind, dmg) for kind, dmg, _ in shown}]
    sides = [x for x in SIDE_PILL if ("labyrinth", False, x) in shown or ("labyrinth", True, x) in shown]
    blast = any(kind == "bomb" and dmg for kind, dmg, _ in shown)
    armed, frozen = has_weapons(s), frozen_shown(s)
    if not (new or broken or sides or blast or armed or frozen):
        return LEGEND
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
    for e in LEGEND:
        if broken and e.text.endswith(": damaged"):
            e = Entry(e.text, access.icons(_trap_icon("wall", True), *(_trap_icon(k, True) for k in broken),
                                           step=25), 25 * (len(broken) + 1) - 4)
        out.append(e)
        if e.text.startswith("traps: "):
            out += extra
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
            boards.append(f"{name} is eliminated")
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
            f"hero on {b.hero}{arms}")
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
    arrive, hero, placed, taken, damaged, gone, floor, house, cemetery."""

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
            colour = symbol_of(game, sid)
            if was is not None and now is not None:
                a, b = (was.r, was.c), (now.r, now.c)
                if a != b:
                    out.append(Change(p, "move", sid, a, b, words=f"{me}'s {colour} skeleton went from "
                                      f"{square(*a)} to {square(*b)}"))
                elif (was.facing, was.side) != (now.facing, now.side):
                    out.append(Change(p, "turn", sid, a, b, words=f"{me}'s {colour} skeleton on "
                                      f"{square(*a)} turned"))
            elif was is not None:
                to = next((t for t in range(after.players) if sid in after.boards[t].cemetery
                           and sid not in before.boards[t].cemetery), None)
                where = f"went to {seat_name(to)}'s cemetery" if to is not None else "was destroyed"
                out.append(Change(p, "leave", sid, (was.r, was.c), to=to,
                                  words=f"{me}'s {colour} skeleton on {square(was.r, was.c)} {where}"))
            else:  # the words are said once for the board, with the cemetery
                out.append(Change(p, "arrive", sid, after=(now.r, now.c)))
        for i in range(new.floors, min(old.floors, new.tower_size)):
            out.append(Change(p, "floor", index=i, words=f"{me}'s tower lost a floor"))
        for i in range(new.houses, min(old.houses, new.village_size)):
            out.append(Change(p, "house", index=i, words=f"{me}'s village lost a house"))
        arrived = len(set(new.skeletons) - set(old.skeletons))
        if arrived:
            out.append(Change(p, "cemetery" if len(old.cemetery) != len(new.cemetery) else "none",
                              words=f"{plural(arrived, 'skeleton')} arrived in {me}'s forests"))
        elif len(old.cemetery) != len(new.cemetery):
            out.append(Change(p, "cemetery", words=f"{me}'s cemetery holds {len(new.cemetery)}"))
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
    elif c.kind == "floor":
        bx, fy, bw, fh = floor_box(game, g, after.boards[c.seat], c.index)
        access.box(scene, bx, fy, bw, fh, 2, 3)
    elif c.kind == "house":
        hx, hy, hw, hh = house_box(g, after.boards[c.seat], c.index)
        access.box(scene, hx - 3, hy, hw + 6, hh, 2, 3)
    elif c.kind == "cemetery":
        x, y, w, h = tomb_box(g)
        access.box(scene, x, y, w, h, 3, 9)
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
    scene.add(Text(g.x + PAD, g.y + 14, _fit(name, g.w * 0.6, 14), 14, INK, bold=True),
              Text(g.x + g.w - PAD, g.y + 14, score, 13, INK, "end", True))
    if s.eliminated[p]:
        status, colour = "ELIMINATED", "#922b21"
    elif out:
        status, colour = out.titles.get(p, "") or f"{out.scores[p]} points", INK
    elif s.pending[p]:
        status, colour = "choice: " + _pending_words(s.pending[p][0]), FOCUS_INK
    elif p in owing:
        status, colour = "choosing…", ACTIVE_INK
    else:
        status, colour = "done, waiting", MUTED
    scene.add(Text(g.x + PAD, g.y + 32, _fit(status, g.w - 2 * PAD, 12), 12, colour,
                   bold=s.eliminated[p] or bool(out) or bool(s.pending[p])))
    _feeds(s, scene, g)
    _forests(game, s, scene, g)
    _grid(game, s, scene, g, paths)
    _village(game, s, scene, g)
    _info(game, s, scene, g)
    if b.weapon:
        _weapon_strip(game, scene, g, b.weapon)
    _pending_marks(game, s, scene, g)
    if s.eliminated[p]:  # a banner where the buttons would be: it hides nothing of the board
        why = "the tower has fallen" if b.floors == 0 else "the village has burnt"
        y = g.info_y + 68
        scene.add(Rect(g.x + PAD, y, g.w - 2 * PAD, 26, "#922b21", "#641e16", 1.5, 4),
                  Text(g.x + g.w / 2, y + 13, f"ELIMINATED: {why}", 14, "#ffffff", "middle", True))


def _feeds(s: BadBonesState, scene: Scene, g: Geometry) -> None:
    """Who receives the skeletons that leave by each forest."""
    p = g.seat
    left = exit_targets(s, p, "left")
    right = exit_targets(s, p, "right")
    top = exit_targets(s, p, "top")
    lx, _, lw, _ = g.box(0, -1)
    rx, _, rw, _ = g.box(0, SIZE)
    _, ty, _, _ = g.box(-1, 0)
    scene.add(Text(lx + lw / 2, ty + g.fw / 2 - 7, "left", 11, MUTED, "middle"),
              Text(lx + lw / 2, ty + g.fw / 2 + 8, "→ " + seat_name(left[0]), 12, INK, "middle", True),
              Text(rx + rw / 2, ty + g.fw / 2 - 7, "right", 11, MUTED, "middle"),
              Text(rx + rw / 2, ty + g.fw / 2 + 8, "→ " + seat_name(right[0]), 12, INK, "middle", True))
    shown = seat_name(top[0]) if len(top) == 1 else "any opponent (you choose)"
    scene.add(Text(g.gx + SIZE * g.cs / 2, ty - 7, f"top forest → {shown}", 11, MUTED, "middle"))


def _forests(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    d = game.data
    b = s.boards[g.seat]
    waiting: dict[tuple[int, int], list] = defaultdict(list)
    for sk in b.skeletons.values():
        if not (0 <= sk.r < SIZE and 0 <= sk.c < SIZE):
            waiting[(sk.r, sk.c)].append(sk)
    for m in d.models:
        x, y, w, h = g.box(m.r, m.c)
        colour = SYMBOL_FILL[m.symbol]
        scene.add(Rect(x + 2, y + 2, w - 4, h - 4, FOREST_BG, colour, 2, 5))
        # The symbol: its letter on a disc of its colour in the spot's outer top corner.
        bx = x + w - 10 if m.forest == "right" else x + 10
        scene.add(Circle(bx, y + 10, 7.5, colour, "#555555", 1),
                  Text(bx, y + 10.5, SYMBOL_LETTER[m.symbol], 11, ink_on(colour), "middle", True))
        _stacks(game, s, scene, (x, y, w, h), waiting.get((m.r, m.c), []))


def _grid(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry, paths=()) -> None:
    """The squares, printed arrows, tower, traps, hero and skeletons; ``paths`` are the trails
    of the last step, drawn under the hero and the skeletons (their ends go on top later)."""
    d = game.data
    b = s.boards[g.seat]
    cs = g.cs
    for c in range(SIZE):
        scene.add(Text(g.gx + c * cs + cs / 2, g.gy - 7, COLS[c], 12, MUTED, "middle", True))
    for r in range(SIZE):
        scene.add(Text(g.gx - 7, g.gy + r * cs + cs / 2, str(r + 1), 12, MUTED, "middle", True))
        for c in range(SIZE):
            x, y, w, h = g.box(r, c)
            scene.add(Rect(x, y, w, h, TOWER_BG if square(r, c) == d.tower else CELL, CELL_EDGE, 1))
    for (sq, moving), turn in sorted(d.arrows.items()):
        _bent_arrow(scene, g.square_box(sq), moving, turn)
    _tower(game, s, scene, g)
    for sq in sorted(b.traps):
        _trap(scene, g.square_box(sq), b.traps[sq].kind, b.traps[sq].damaged, b.traps[sq].orientation)
        if is_blast(b.traps[sq]):   # the board's arrow shows through a blast area
            for (at, moving), turn in sorted(d.arrows.items()):
                if at == sq:
                    _bent_arrow(scene, g.square_box(sq), moving, turn)
    for path in paths:
        access.trail(scene, *path, part="line")
    if b.hero is not None:
        x, y, w, h = g.square_box(b.hero)
        if b.hero == d.tower:
            _hero(scene, x + w * 0.72, y + h * 0.5, h * 0.62)
        else:
            _hero(scene, x + w * 0.5, y + h * 0.5, h * 0.62)
    here: dict[tuple[int, int], list] = defaultdict(list)
    for sk in b.skeletons.values():
        if 0 <= sk.r < SIZE and 0 <= sk.c < SIZE:
            here[(sk.r, sk.c)].append(sk)
    for (r, c) in sorted(here):
        _stacks(game, s, scene, token_box(g, b, r, c), here[(r, c)], b.frozen)


def token_box(g: Geometry, board, r: int, c: int) -> tuple[float, float, float, float]:
    """Where a square's stacks go: the whole square, or off the trap's letter if it has a trap."""
    x, y, w, h = g.box(r, c)
    if 0 <= r < SIZE and 0 <= c < SIZE and square(r, c) in board.traps:
        return x + w * 0.18, y + h * 0.18, w * 0.82, h * 0.82
    return x, y, w, h


def _bent_arrow(scene: Scene, box, moving: str, turn: str) -> None:
    """The board's printed arrow: enters travelling ``moving`` and bends toward ``turn``."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    vec = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
    mx, my = vec[moving]
    tx, ty = vec[turn]
    reach = 0.34 * w
    start = (cx - mx * reach, cy - my * reach)
    end = (cx + tx * reach, cy + ty * reach)
    scene.add(Line(start[0], start[1], cx, cy, ARROW_INK, 2.5),
              Line(cx, cy, end[0], end[1], ARROW_INK, 2.5))
    head = 0.13 * w
    px, py = -ty, tx   # perpendicular to the exit direction
    scene.add(Polygon(((end[0] + tx * head, end[1] + ty * head),
                       (end[0] + px * head * 0.8, end[1] + py * head * 0.8),
                       (end[0] - px * head * 0.8, end[1] - py * head * 0.8)), ARROW_INK))


def _tower(game: BadBones, s: BadBonesState, scene: Scene, g: Geometry) -> None:
    d = game.data
    b = s.boards[g.seat]
    total = b.tower_size
    x, y, w, h = g.square_box(d.tower)
    bw = w * 0.4
    bx = x + w * 0.08
    for i in range(total):
        _floor(scene, *floor_box(game, g, b, i), i < b.floors)
    scene.add(Text(bx + bw / 2, y + 9, f"{b.floors}/{total}", 11, INK, "middle", True))


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
    size = max(11, min(16, w * 0.3))
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
    size = 10 if w >= 58 else 9
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
        scene.add(Text(x + 4, y + 10, "blast", 11, BLAST_INK, bold=True))


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
    """Skeletons in one place grouped into stacks: same facing and same side."""
    by: dict[tuple[str, str], list] = defaultdict(list)
    for sk in skeletons:
        by[(sk.facing, sk.side)].append(sk)
    order = {"n": 0, "e": 1, "s": 2, "w": 3}
    return [(f, side, sorted(by[(f, side)], key=lambda k: k.id))
            for f, side in sorted(by, key=lambda k: (order[k[0]], k[1]))]


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
    scene.add(Circle(x, y, 8, "#ffffff", INK, 1.2), Text(x, y, str(n), 11, INK, "middle", True))


def _token(scene: Scene, cx: float, cy: float, size: float, colour: str, facing: str, side: str,
           letter: str = "") -> None:
    """An arrow-shaped skeleton token in its symbol's colour with the symbol's letter, its rim
    white or black for the side it shows."""
    rim = WHITE_RIM if side == "white" else BLACK_RIM
    edge = "#555555" if side == "white" else BLACK_RIM
    scene.add(Polygon(_token_points(cx, cy, size, facing), rim, edge, 1),
              Polygon(_token_points(cx, cy, size * 0.74, facing), colour, None))
    if letter:
        scene.add(Text(cx, cy + 0.5, letter, max(11, min(15, size * 0.42)), ink_on(colour), "middle", True))


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
              Text(g.gx - 13 - g.fw / 2, y + h / 2, "village", 11, MUTED, "middle"))
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
    scene.add(Text(x0, y + 15, "supply", 11, MUTED))
    for i, kind in enumerate(b.supply):
        _trap(scene, supply_box(g, i), kind, False, "/" if kind == "wall" else None)
    if not b.supply:
        scene.add(Text(x0 + 52, y + 15, "empty", 11, MUTED))
    if b.removed_traps:
        gx = supply_box(g, len(b.supply))[0] + 8 if b.supply else x0 + 100
        scene.add(Text(gx, y + 15, "gone", 11, MUTED))
        for i, kind in enumerate(sorted(b.removed_traps)):
            _gone(scene, gx + 32 + i * 22, y + 5, kind)
    # Cemetery: a tombstone with its count, then the counts.
    cy = y + 36
    _tomb(scene, *tomb_box(g), len(b.cemetery))
    scene.add(Text(x0 + 30, cy + 7, "cemetery", 11, MUTED))
    total_f, total_h = b.tower_size, b.village_size
    on_board = sum(1 for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE)
    waiting = len(b.skeletons) - on_board
    scene.add(Text(x0 + 90, cy + 7, f"tower {b.floors}/{total_f} · village {b.houses}/{total_h}", 11, INK,
                   bold=True),
              Text(x0 + 30, cy + 21, f"skeletons: {on_board} on the board, {waiting} in the forests", 11,
                   INK))


def _gone(scene: Scene, x: float, y: float, kind: str) -> None:
    """A trap gone for good: a faint tile with its letter, crossed out."""
    scene.add(Rect(x, y, 20, 20, "#f2f2f2", FAINT, 1, 3),
              Text(x + 10, y + 10, LETTER[kind], 11, MUTED, "middle", True),
              Line(x + 17, y + 3, x + 3, y + 17, "#c0392b", 1.5))


def tomb_box(g: Geometry) -> tuple[float, float, float, float]:
    """A board's cemetery: the tombstone under the supply."""
    return g.x + PAD, g.info_y + 36, 24, 28


def _tomb(scene: Scene, x: float, y: float, w: float, h: float, n: int) -> None:
    """A tombstone with the number of skeletons in the cemetery."""
    scene.add(Rect(x, y, w, h, "#aab7b8", "#566573", 1.2, min(9, w / 2.5)),
              Text(x + w / 2, y + h * 0.57, str(n), 12 if h > 24 else 11, INK, "middle", True))


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
    colour = pend.model.split("-")[0]
    if pend.kind == "repel":
        return f"the {colour} skeleton flees the dragon on {pend.square}"
    if pend.reason == "top":
        return f"the {colour} skeleton leaves by the top ({pend.square})"
    return f"the {colour} skeleton is thrown by the catapult on {pend.square}"


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
    return weapon.replace("_", " ").replace("two handed", "two-handed")


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
        scene.add(Text(x + 34, y + 25 + 12 * i, line, 11, INK))


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
    scene.add(Text(x + 4.5, y + 0.5, str(n), 10, INK, "middle", True))


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
    if step == "shoot":
        for a in legal:
            sq, model = a.args
            for _f, _side, sks, cx, cy, size in stacks_at(s, g, *coords(sq)):
                if sks[0].model == model:   # a stack's top token; the buttons reach the others
                    _stack_hit(scene, cx, cy, size, a.label,
                               f"shoot the {model.split('-')[0]} skeleton on {sq}")
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
