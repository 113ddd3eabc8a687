"""What every part of the Bone Wars picture shares: the palette, the codes of bones and finds,
the words of effects and cards, the context of one drawing (who clicks, what is legal), measured
text (fit and wrap at the raster's font) and the pieces drawn everywhere (bone and find chips,
seat markers, team tags, patron tags, arrows). Every text is 12 px or more.
"""

from __future__ import annotations

from bonekit.core.actions import parse_label, seat_name
from bonekit.games.bone_wars import BoneWars
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.state import BoneWarsState
from bonekit.games.bone_wars.text import a_bone, bone_name, button_words, effect_words  # the engine's words

from ..scene import Circle, Line, Polygon, Rect, Scene, Text
from .rolled_bones import fit, text_width, wrap

WIDTH = 920  # fits a notebook 934 px wide (1366x768, file browser open) at full size
PAD = 12
X1 = WIDTH - PAD  # the right edge of the content
SIZE = 12  # the smallest text
LINE = 16  # a line of 12 px text

PAPER = "#fbf8f1"
CARD = "#ffffff"
INK = "#1f1f1f"
MUTED = "#595959"
EDGE = "#8f826b"
ARROW = "#6e5b3e"
ACTIVE_INK = "#8a5300"
LEGAL = "#1e8449"  # edges of what a click would use
PICK = "#1f4e8c"  # the card picked (a selection)
TURN_BG = "#fff6e0"
SEAT = ("#0072b2", "#c0440a", "#00785a", "#a8457f")
VIRTUAL = "#6e6e6e"  # virtual opponents' and the neutral team's markers
PATRON = {"marsh": "#5b3f8a", "cope": "#8a4b1f"}
PATRON_LETTER = {"marsh": "M", "cope": "C"}
BONE = {  # kind -> (code, fill): the code is printed on every bone, so colour is never alone
    "torso": ("To", "#e3c9a0"),
    "tail": ("Ta", "#ddd3bb"),
    "carnivore": ("Ca", "#f2bcae"),
    "herbivore": ("He", "#c9e2b3"),
    "paw": ("Pa", "#bcd6ee"),
    "flipper": ("Fl", "#aadcd6"),
    "claw": ("Cl", "#e0cbee"),
    "wing": ("Wi", "#f2e7a4"),
}
FIND = {  # minor-find icon -> (code, fill)
    "bug": ("Bu", "#d9ead3"),
    "footprint": ("Ft", "#f4dccb"),
    "fossil": ("Fo", "#e2dccf"),
    "hammer": ("Ha", "#d4dff0"),
    "plant": ("Pl", "#e9f2c4"),
}
CARD_FILL = {"team": "#e3ece6", "species": "#f5ead6", "paleo": "#e7e0f2", "hidden": "#dddddd",
             "solo": "#f3e1dc"}
CARD_LETTER = {"team": "T", "species": "S", "paleo": "P", "solo": "Th"}
GRANT = {  # grant id -> short words for the university spaces
    "wild_hammer": "Ha icons wild",
    "wild_footprint": "Ft icons wild",
    "wild_bug": "Bu icons wild",
    "wild_fossil": "Fo icons wild",
    "wild_plant": "Pl icons wild",
    "extra_bone_draw": "draw 1 bone extra",
    "extra_moves": "+2 free moves",
    "find_round_bonus": "find: round bonus",
    "publish_any_round_bonus": "publish 4: any bonus",
    "debunk_trade_loyalty": "debunk: loyalty for bonus",
    "stay_put": "paleontologist may stay",
    "round_bonus_as_find": "round bonus as column's",
    "meet_teams_money": "$1 when teams meet",
    "move_archived_all": "moved card pays in full",
}
ASKED = {  # decision kind -> what it asks, in words
    "overflow": "put a bone back (the crates are full)",
    "draw": "draw another bone or stop",
    "rare": "take a rare bone or stop",
    "exchange": "swap a crate bone for a rare bone, or skip",
    "keep": "keep one of the species cards offered",
    "discard": "discard a species card to look at more, or skip",
    "paleo": "take a paleontologist card from the display, or stop",
    "cover": "take $2 or 1 RP for the cover removed",
    "upgrade": "upgrade a team card or hire a specialist, or skip",
    "slot": "choose where the upgraded slot tile goes",
    "rearchive": "move an archived species card, or skip",
    "site_action": "choose a dig-site action, or stop",
    "swap": "swap patrons, or skip",
    "any_round_bonus": "choose any bonus tile",
    "choose": "choose one of the bonuses",
    "profession": "take a profession (after passing)",
    "university": "send the team to a university space",
    "depart": "step the team off its university onto a dig site",
    "reward": "choose which reward of the papers to take next",
    "split": "split the loyalty between the patrons",
    "pick_bone": "pick one of the bones drawn",
    "specialist": "attach a specialist to the team card, or skip",
}


def asked(kind: str) -> str:
    return ASKED.get(kind, f"answer the {kind.replace('_', ' ')} decision")


class Ctx:
    """What every part of the picture needs: the state, the scene, who clicks and what is legal."""

    def __init__(self, game: BoneWars, s: BoneWarsState, scene: Scene, clicker: int | None,
                 legal: set[str], selection: str | None):
        self.game, self.s, self.scene, self.clicker, self.legal = game, s, scene, clicker, legal
        self.selection = selection
        self.me = seat_name(clicker) if clicker is not None else ""
        self.d = components()

    def label(self, *words: str) -> str | None:
        """``P1 <words>`` if the clicker may do it now, else None."""
        if self.clicker is None:
            return None
        text = " ".join((self.me, *words))
        return text if text in self.legal else None

    def words(self, target: str) -> str:
        """What a click on ``target`` does, in the words of the Table's button for it."""
        action = parse_label(target)
        return button_words(self.s, action) if action is not None else target

    def hit(self, x: float, y: float, w: float, h: float, target: str | None, tip: str | None = None) -> bool:
        """A click region for ``target`` (none if None); its tip says what the click does (the
        button's words unless ``tip`` says more)."""
        if target is None:
            return False
        self.scene.hit(x, y, w, h, target, self.words(target) if tip is None else tip)
        return True


# ---- text -------------------------------------------------------------------------------------------
def lines(scene: Scene, x: float, y: float, rows: list[str], size: float = SIZE, ink: str = INK,
          bold: bool = False, step: float = LINE, anchor: str = "start") -> float:
    """Lines of text, the first centred on ``y``; returns the centre of the last."""
    for k, row in enumerate(rows):
        scene.add(Text(x, y + k * step, row, size, ink, anchor, bold))
    return y + (len(rows) - 1) * step


def flow(widths: list[float], x0: float, x1: float, gap: float = 6) -> list[list[tuple[int, float]]]:
    """Items ``widths`` wide laid out from ``x0``, wrapping before ``x1``: rows of (index, x)."""
    rows: list[list[tuple[int, float]]] = [[]]
    x = x0
    for k, w in enumerate(widths):
        if rows[-1] and x + w > x1:
            rows.append([])
            x = x0
        rows[-1].append((k, x))
        x += w + gap
    return [r for r in rows if r]


# ---- words ------------------------------------------------------------------------------------------
def bonus_words(tile_id: str) -> str:
    tile = next((t for t in components().bonus_tiles if t.id == tile_id), None)
    return effect_words(tile.effect) if tile else tile_id


CAMP = {"move": "one more free move", "archive": "room for one more card in each envelope"}


def camp_words(kind: str, where: str = "here") -> str:
    """What a base camp of ``kind`` set up ``where`` gives, in words."""
    return f"place a base camp {where}: {CAMP.get(kind, kind)}"


def card_name(card: str) -> str:
    """A hand card's printed name (a team card, a species, a paleontologist)."""
    d = components()
    if card in d.team_cards:
        return d.team_cards[card].name
    if card in d.species:
        return d.species[card].name
    paleo = next((p for p in d.paleontologists if p.id == card), None)
    if paleo is None and any(c.id == card for c in d.solo_cards):
        return f"solo card {card}"   # Theodore's, in the solo game
    return paleo.name if paleo else card


def card_type(card: str) -> str:
    d = components()
    if card == "hidden":
        return "hidden"
    if any(c.id == card for c in d.solo_cards):
        return "solo"
    return "team" if card in d.team_cards else "species" if card in d.species else "paleo"


# ---- pieces -----------------------------------------------------------------------------------------
CHIP_W, CHIP_H = 30, 22  # a bone chip with its code


def bone_chip(scene: Scene, kind: str | None, x: float, y: float, w: float = CHIP_W, h: float = CHIP_H,
              words: str = "", edge: str | None = None) -> None:
    """A bone token: its colour and its two-letter code (``words`` after the code, if given)."""
    if kind is None:
        scene.add(Rect(x, y, w, h, CARD, "#c9bfae", 1, 4),
                  Text(x + 5, y + h / 2, fit(words or "-", w - 8), SIZE, MUTED))
        return
    code, colour = BONE[kind]
    scene.add(Rect(x, y, w, h, colour, edge or "#7a6a50", 2.5 if edge else 1, 4))
    if words:
        scene.add(Text(x + 5, y + h / 2, fit(f"{words} {code}", w - 8, SIZE, True), SIZE, INK, bold=True))
    else:
        scene.add(Text(x + w / 2, y + h / 2, code, SIZE, INK, "middle", True))


def find_width(find: str, words: bool = False) -> float:
    """How wide a find chip must be for its code (and its word)."""
    code = FIND[find][0]
    return text_width(f"{code} {find}" if words else code, SIZE, not words) + 16


def find_chip(scene: Scene, find: str, x: float, y: float, w: float = 30, h: float = CHIP_H,
              words: bool = False, edge: str | None = None) -> None:
    """A minor-find icon: a hexagon-ended tile with its code (and its word, when it fits)."""
    code, colour = FIND[find]
    k = 5
    scene.add(Polygon(((x + k, y), (x + w - k, y), (x + w, y + h / 2), (x + w - k, y + h), (x + k, y + h),
                       (x, y + h / 2)), colour, edge or "#7a6a50", 2.5 if edge else 1))
    text = f"{code} {find}" if words and text_width(f"{code} {find}") <= w - 12 else code
    scene.add(Text(x + w / 2, y + h / 2, text, SIZE, INK, "middle", text == code))


MARK_R = 11


def marker(scene: Scene, seat: int, x: float, y: float, r: float = MARK_R) -> None:
    """A seat's disc (a base camp, a held award space): its colour and P1..P4, V for virtual."""
    colour, words = (VIRTUAL, "V") if seat < 0 else (SEAT[seat % len(SEAT)], seat_name(seat))
    scene.add(Circle(x, y, r, colour, "#ffffff", 1), Text(x, y, words, SIZE, "#ffffff", "middle", True))


def team_words(seat: int) -> str:
    return "team N" if seat < 0 else f"team {seat_name(seat)}"


def team_width(seat: int) -> float:
    return text_width(team_words(seat), SIZE, True) + 16


def team_marker(scene: Scene, seat: int, x: float, y: float) -> float:
    """A team pawn from (x, y), 20 px high: a tag with a flag corner, ``team P1`` (``team N``: the
    neutral team). Returns its width."""
    colour = VIRTUAL if seat < 0 else SEAT[seat % len(SEAT)]
    w = team_width(seat)
    scene.add(Polygon(((x, y), (x + w - 7, y), (x + w, y + 10), (x + w - 7, y + 20), (x, y + 20)), colour,
                      "#ffffff", 1),
              Text(x + 5, y + 10, team_words(seat), SIZE, "#ffffff", bold=True))
    return w


def patron_tag(scene: Scene, patron: str, x: float, y: float) -> None:
    """An 18 px square from ``x`` centred on ``y``: the patron's colour and letter."""
    scene.add(Rect(x, y - 9, 18, 18, PATRON[patron], None, 1, 3),
              Text(x + 9, y, PATRON_LETTER[patron], SIZE, "#ffffff", "middle", True))


def arrow(scene: Scene, x1: float, y1: float, x2: float, y2: float, colour: str = ARROW,
          width: float = 1.6) -> None:
    import math

    d = math.dist((x1, y1), (x2, y2)) or 1
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    px, py = -uy, ux
    bx, by = x2 - ux * 10, y2 - uy * 10
    scene.add(Line(x1, y1, bx, by, colour, width),
              Polygon(((x2, y2), (bx + px * 5, by + py * 5), (bx - px * 5, by - py * 5)), colour))


__all__ = ["Circle", "Line", "Polygon", "Rect", "Scene", "Text", "a_bone", "bone_name", "fit", "text_width",
           "wrap"]
