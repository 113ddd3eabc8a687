"""The Bone Wars table as a Scene.

Top: the header (players, round, whose turn and what is asked), the round track with its bonus
tiles, and a strip with the decision's cards when it offers some (setup bundles, species to
keep). Left: the six dig sites on a ring with the arrows a team follows, each with its species
card, its three bone slots (top to bottom), its dig-site action tile, its base-camp spaces and
the teams there; under them the four university spaces. Right: the four paleontologist action
locations, the bookshelf (Marsh's and Cope's papers shelf by shelf, credibility), the three
award tiles, the minor finds with their column bonuses, the rare bones and the paleontologist
cards face up. Below: one panel per player (money, RP, patron, both loyalty tracks with their
multipliers, the action slots with the card played in each, the hand, crates, archive).

Bones, finds and patrons always carry a code or word beside their colour; a key explains them.
Clicks (for the seat that owes a decision): a card in hand plays it (or publishes, discards, or
picks it for a minor find), a site the team may reach moves there, a bone slot digs, the
species card at the team's site discovers it, the action tile does it, a paleontologist
location sends the paleontologist there, and the pieces a decision asks for (a rare bone, a
crate bone, a card offered, a university space, an award space, a slot) answer it. Every other
action has the Table's buttons and typed labels.
"""

from __future__ import annotations

from collections import Counter

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bone_wars import BoneWars
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.rounds import credibility
from bonekit.games.bone_wars.state import PATRONS, BoneWarsState
from bonekit.games.bone_wars.turn import DEPTHS, LOCATIONS, open_slot, slot_spec

from ..scene import Circle, Line, Polygon, Rect, Scene, Text
from . import access
from .access import Entry, describe

WIDTH = 1200
PAD = 12
HEADER = 118  # header, round track and the decision strip
SITE_W, SITE_H = 236, 178
SITE_GAP_X, BAND = 44, 60  # between site columns; the band between the two rows of sites
RIGHT_X = 824  # the right column (shared displays)
RIGHT_W = WIDTH - PAD - RIGHT_X
PANEL = 172  # a player's panel
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
EFFECT_WORDS = {  # effect kind -> its words with the number n
    "money": "+${n}",
    "rp": "+{n} RP",
    "loyalty": "+{n} loyalty",
    "rival_loyalty": "+{n} rival loyalty",
    "bones": "{n} bones",
    "rare": "{n} rare bones",
    "exchange": "swap for a rare bone",
    "species": "{n} species",
    "species_look": "look {n}, keep 1",
    "discard_look": "discard, look {n}",
    "paleo": "{n} paleontologist",
    "cover": "a cover",
    "upgrade_team": "upgrade team",
    "slot": "slot tile",
    "move_archived": "move archived card",
    "site_actions": "{n} site actions",
    "swap_patron": "swap patron",
    "recall_paleo": "recall paleontologist",
    "round_bonus": "round bonus",
    "any_round_bonus": "any round bonus",
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


def _asked(kind: str) -> str:
    return ASKED.get(kind, f"answer the {kind.replace('_', ' ')} decision")


# The dig sites on the ring: the top row left to right, the bottom row left to right.
RING = (("montana", "wyoming", "colorado"), ("nebraska", "new_jersey", "kansas"))


def render(
    game: BoneWars,
    state: BoneWarsState,
    seat: int | None = None,
    active: int | None = None,
    selection: str | None = None,
    previous: BoneWarsState | None = None,
) -> Scene:
    """Draw ``state`` as ``seat`` sees it; ``active`` may click if it owes the decision now."""
    s = game.view(state, seat)
    before = game.view(previous, seat) if previous is not None else None
    owing = game.to_move(s)
    clicker = active if active is not None and active in owing else None
    legal = {a.label for a in game.legal_actions(s, clicker)} if clicker is not None else set()
    legend = _legend_entries()
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(WIDTH, 0, background=PAPER, title=f"Bone Wars, {_stage_words(game, s)}, {who}")
    ctx = _Ctx(game, s, scene, clicker, legal, selection)
    _header(ctx)
    _sites(ctx, before)
    _universities(ctx, HEADER + 2 * SITE_H + BAND + 10)
    right_bottom = _right_column(ctx)
    panels_y = max(HEADER + 2 * SITE_H + BAND + 86, right_bottom) + 6
    legend_y = panels_y + PANEL * s.players + 4
    scene.height = int(legend_y + access.legend_height(legend, WIDTH - 2 * PAD)) + 8
    for p in range(s.players):
        _panel(ctx, p, panels_y + PANEL * p, before)
    access.draw_legend(scene, legend, PAD, legend_y, WIDTH - 2 * PAD)
    scene.description = description(game, s)
    return scene


class _Ctx:
    """What every part of the picture needs: the state, the scene, who clicks and what is legal."""

    def __init__(
        self,
        game: BoneWars,
        s: BoneWarsState,
        scene: Scene,
        clicker: int | None,
        legal: set[str],
        selection: str | None,
    ):
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

    def hit(self, x: float, y: float, w: float, h: float, target: str | None, tip: str = "") -> bool:
        if target is None:
            return False
        self.scene.hit(x, y, w, h, target, tip)
        return True


# ---- words ------------------------------------------------------------------------------------
def effect_words(effects) -> str:
    """A list of effects in short words: ``+$3``, ``2 rare bones or a cover``."""
    out = []
    for e in effects:
        if "choose" in e:
            out.append(" or ".join(effect_words([x]) for x in e["choose"]))
            continue
        kind = next(k for k in e if k in EFFECT_WORDS)
        n = e[kind]
        text = EFFECT_WORDS[kind].format(n=n)
        if n == 1:
            text = text.replace("1 bones", "1 bone").replace("1 rare bones", "1 rare bone")
        out.append(("up to " if e.get("upto") else "") + text)
    return ", ".join(out)


def _fit(text: str, width: float, size: float) -> str:
    """``text`` cut (with an ellipsis) to about ``width`` pixels at font ``size``."""
    most = max(1, int(width / (0.58 * size)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of about ``width`` pixels (the last one cut)."""
    most = max(1, int(width / (0.58 * size)))
    out: list[str] = []
    for word in text.split():
        if out and len(out[-1]) + 1 + len(word) <= most:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[: lines - 1] + [" ".join(out[lines - 1 :])]
    return [_fit(line, width, size) for line in out]


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


def _card_type(card: str) -> str:
    d = components()
    if card == "hidden":
        return "hidden"
    if any(c.id == card for c in d.solo_cards):
        return "solo"
    return "team" if card in d.team_cards else "species" if card in d.species else "paleo"


def _owner(seat: int | None) -> str:
    return "free" if seat is None else "virtual" if seat < 0 else seat_name(seat)


def _stage_words(game: BoneWars, s: BoneWarsState) -> str:
    head, who = game.stage(s)
    return f"{head}, {who}"


def asked_words(s: BoneWarsState) -> str:
    """What the game waits for, in words: the decision owed, or the step of the turn."""
    if s.over:
        return "the game is over"
    if s.pending:
        p = s.pending[0]
        return f"{seat_name(p.seat)} to {_asked(p.kind)}"
    if s.phase == "bundles":
        return f"{seat_name(s.bundle_queue[0])} chooses a setup bundle"
    t, who = s.turn, seat_name(s.current)
    if t is None:
        return f"{who} to play a card or pass"
    if t.mode is None:
        return f"{who} to choose team or paleontologist" + (" (or take the prize)" if t.prize_later else "")
    if t.mode == "team":
        return (
            f"{who}'s team: {plural(t.ap, 'action point')} left, digs to the "
            f"{DEPTHS[min(t.depth, 3) - 1]} slot, {plural(t.free, 'free move')}"
        )
    if t.action is None:
        return f"{who} to send the paleontologist to an action"
    return f"{who}'s paleontologist to {t.action}"


# ---- header -----------------------------------------------------------------------------------
def _header(c: _Ctx) -> None:
    s, scene, game = c.s, c.scene, c.game
    head, _ = game.stage(s)
    rnd = "setup" if s.phase == "bundles" else "the end" if s.over else f"round {s.round} of 4"
    scene.add(
        Text(
            PAD,
            16,
            _fit(f"Bone Wars · {s.players} players · {rnd} · {game.stage(s)[1]}", 680, 15),
            15,
            INK,
            bold=True,
        ),
        Text(PAD, 38, _fit(f"{asked_words(s)} · stage: {head} · bag {len(s.bag)} bones", 680, 12), 12, INK),
    )
    out = game.outcome(s)
    if out is not None:
        scene.add(Text(PAD, 58, out.summary, 13, "#1b5e20", bold=True))
    elif c.clicker is not None:
        scene.add(Text(PAD, 58, _prompt(c), 12, ACTIVE_INK, bold=True))
    else:
        scene.add(Text(PAD, 58, f"waiting for {seat_name(game.to_move(s)[0])}", 12, MUTED))
    # the round track: rounds 1-3 show their bonus tile, round 4 the printed one
    x0, w = 706, 120
    bonuses = [_bonus_words(t) for t in s.round_bonus] + [effect_words(c.d.round4_bonus)]
    for i, words in enumerate(bonuses):
        now = s.round == i + 1 and s.phase == "turn" and not s.over
        x = x0 + i * (w + 4)
        scene.add(
            Rect(x, 6, w, 50, TURN_BG if now else CARD, ACTIVE_INK if now else EDGE, 2 if now else 1, 6),
            Text(x + 6, 18, f"round {i + 1}" + (" (now)" if now else ""), 10, INK, bold=True),
            Text(x + 6, 36, _fit(words, w - 10, 10), 10, INK),
        )
    _decision_strip(c, 70)


def _bonus_words(tile_id: str) -> str:
    tile = next((t for t in components().bonus_tiles if t.id == tile_id), None)
    return effect_words(tile.effect) if tile else tile_id


def _prompt(c: _Ctx) -> str:
    s, me = c.s, c.me
    if s.pending:
        k = s.pending[0].kind
        where = {
            "rare": "click a rare bone",
            "overflow": "click a crate bone to put back",
            "keep": "click the card to keep",
            "paleo": "click a paleontologist card face up",
            "university": "click a university space",
            "depart": "click one of the two dig sites",
            "slot": "click one of your slots",
            "discard": "click a species card in your hand",
        }.get(k, "use the buttons below")
        return f"{me}: {_asked(k)}: {where}."
    if s.phase == "bundles":
        return f"{me}: click a species bundle above, or choose a career with the buttons below."
    t = s.turn
    if t is None:
        return f"{me}: click a card in your hand to play it, or pass."
    if t.mode == "team":
        return f"{me}: click a site to move, a bone slot to dig, the species card to discover, or end."
    if t.mode == "paleo" and t.action is None:
        return f"{me}: click a paleontologist action location (right)."
    if t.mode == "paleo" and t.action == "find":
        return f"{me}: click a species card in your hand, then a minor-find tile of its icon."
    if t.mode == "paleo" and t.action == "award":
        return f"{me}: click an award space you qualify for, or done."
    if t.mode == "paleo" and t.action == "publish":
        return f"{me}: click a species card to publish, then the bones from your crates."
    return f"{me}: choose with the buttons below."


def _decision_strip(c: _Ctx, y: float) -> None:
    """The cards a decision offers that the picture shows nowhere else: the setup bundles and
    the species cards to keep."""
    s, scene = c.s, c.scene
    items: list[tuple[str, str, str | None]] = []  # (words, fill, target)
    if s.phase == "bundles" and not s.pending:
        for sp, bones in s.offer:
            words = f"{card_name(sp)} + {' '.join(BONE[b][0] for b in bones if b)}"
            items.append((words, CARD_FILL["species"], c.label("bundle", sp)))
    elif s.pending and s.pending[0].kind == "keep":
        for sp in s.pending[0].get("cards") or ():
            items.append((card_name(sp), CARD_FILL["species"], c.label("keep", sp)))
    elif s.pending and s.pending[0].kind == "pick_bone":
        for kind in dict.fromkeys(s.pending[0].get("bones") or ()):
            items.append((f"{BONE[kind][0]} {kind}", BONE[kind][1], c.label("take", kind)))
    if not items:
        _turn_line(c, y)
        return
    title = "setup bundles:" if s.phase == "bundles" else "offered:"
    scene.add(Text(PAD, y + 18, title, 11, INK, bold=True))
    x = PAD + 100
    for words, fill, target in items:
        w = min(210, 0.58 * 10 * len(words) + 16)
        scene.add(
            Rect(x, y + 6, w, 26, fill, LEGAL if target else EDGE, 2 if target else 1, 5),
            Text(x + 8, y + 19, _fit(words, w - 12, 10), 10, INK),
        )
        c.hit(x, y + 6, w, 26, target, f"take {words}")
        x += w + 6


def _turn_line(c: _Ctx, y: float) -> None:
    """The turn in progress: the card played into which slot, and the mode chosen."""
    s, t = c.s, c.s.turn
    if t is None or s.over:
        return
    mode = {"team": "the team acts", "paleo": "the paleontologist acts", "done": "the team is done"}
    words = (
        f"this turn: {seat_name(t.seat)} played {card_name(t.card)} into slot {t.slot + 1} · "
        f"{mode.get(t.mode or '', 'mode not chosen yet')}"
    )
    if t.papers:
        words += " · papers: " + ", ".join(card_name(sp) for sp, _ in t.papers)
    if t.building:
        sp, paid = t.building[0], t.building[1]  # (species, bones paid, ...)
        words += f" · building {card_name(sp)} with {' '.join(BONE[k][0] for k in paid) or 'no bones yet'}"
    c.scene.add(Text(PAD, y + 20, _fit(words, 1160, 11), 11, INK))


# ---- pieces -----------------------------------------------------------------------------------
def bone_chip(
    scene: Scene,
    kind: str | None,
    x: float,
    y: float,
    w: float = 26,
    h: float = 18,
    words: str = "",
    edge: str | None = None,
) -> None:
    """A bone token: its colour and its two-letter code (and ``words`` after the code)."""
    if kind is None:
        scene.add(
            Rect(x, y, w, h, CARD, "#c9bfae", 1, 4),
            Text(x + w / 2, y + h / 2, words or "-", 8.5, MUTED, "middle"),
        )
        return
    code, fill = BONE[kind]
    scene.add(Rect(x, y, w, h, fill, edge or "#7a6a50", 2 if edge else 1, 4))
    if words:
        scene.add(Text(x + 4, y + h / 2, f"{code} {words}", 8.5, INK, bold=False))
    else:
        scene.add(Text(x + w / 2, y + h / 2, code, 9, INK, "middle", True))


def find_chip(
    scene: Scene,
    find: str,
    x: float,
    y: float,
    w: float = 24,
    h: float = 16,
    words: bool = False,
    edge: str | None = None,
) -> None:
    """A minor-find icon: a hexagon-ended tile with its code (and its word)."""
    code, fill = FIND[find]
    k = 4
    scene.add(
        Polygon(
            (
                (x + k, y),
                (x + w - k, y),
                (x + w, y + h / 2),
                (x + w - k, y + h),
                (x + k, y + h),
                (x, y + h / 2),
            ),
            fill,
            edge or "#7a6a50",
            2 if edge else 1,
        )
    )
    text = f"{code} {find}" if words else code
    size = min(8.5, (w - 6) / (0.58 * len(text)))
    if size < 7:  # too narrow for the word: the code alone (the key has the words)
        text, size = code, 8.5
    scene.add(Text(x + w / 2, y + h / 2, text, size, INK, "middle", True))


def marker(scene: Scene, seat: int, x: float, y: float, r: float = 8) -> None:
    """A seat's disc (a base camp, a held award space): its colour and P1..P4, V for virtual."""
    if seat < 0:
        scene.add(
            Circle(x, y, r, VIRTUAL, "#ffffff", 1), Text(x, y, "V", r * 0.95, "#ffffff", "middle", True)
        )
        return
    scene.add(
        Circle(x, y, r, SEAT[seat % len(SEAT)], "#ffffff", 1),
        Text(x, y, seat_name(seat), r * 0.85, "#ffffff", "middle", True),
    )


def team_marker(scene: Scene, seat: int, x: float, y: float) -> None:
    """A team pawn: a tag with a flag corner, ``team P1`` (``team N``: the neutral team)."""
    colour = VIRTUAL if seat < 0 else SEAT[seat % len(SEAT)]
    words = "team N" if seat < 0 else f"team {seat_name(seat)}"
    scene.add(
        Polygon(((x, y), (x + 46, y), (x + 52, y + 8), (x + 46, y + 16), (x, y + 16)), colour, "#ffffff", 1),
        Text(x + 4, y + 8, words, 9, "#ffffff", bold=True),
    )


def patron_tag(scene: Scene, patron: str, x: float, y: float) -> None:
    scene.add(
        Rect(x, y - 7, 14, 14, PATRON[patron], None, 1, 3),
        Text(x + 7, y, PATRON_LETTER[patron], 9, "#ffffff", "middle", True),
    )


def arrow(
    scene: Scene, x1: float, y1: float, x2: float, y2: float, colour: str = ARROW, width: float = 1.6
) -> None:
    import math

    d = math.dist((x1, y1), (x2, y2)) or 1
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    px, py = -uy, ux
    bx, by = x2 - ux * 9, y2 - uy * 9
    scene.add(
        Line(x1, y1, bx, by, colour, width),
        Polygon(((x2, y2), (bx + px * 4.5, by + py * 4.5), (bx - px * 4.5, by - py * 4.5)), colour),
    )


# ---- the dig sites ------------------------------------------------------------------------------
def site_box(site_id: str) -> tuple[float, float]:
    """The top-left corner of a dig site's box on the ring."""
    for row, ids in enumerate(RING):
        if site_id in ids:
            col = ids.index(site_id)
            return PAD + col * (SITE_W + SITE_GAP_X), HEADER + row * (SITE_H + BAND)
    raise KeyError(site_id)


def _edge_point(site_id: str, toward: str) -> tuple[float, float]:
    """Where an arrow from ``site_id`` toward ``toward`` leaves its box: a side's middle for
    neighbours, a corner (nudged) for the arrows across the ring."""
    x, y = site_box(site_id)
    tx, ty = site_box(toward)
    if ty == y:  # same row: the facing side
        return (x + SITE_W, y + SITE_H / 2) if tx > x else (x, y + SITE_H / 2)
    if tx == x:  # same column: the facing edge
        return (x + SITE_W / 2, y + SITE_H) if ty > y else (x + SITE_W / 2, y)
    edge_y = y + SITE_H if ty > y else y
    return (x + 30, edge_y) if tx < x else (x + SITE_W - 30, edge_y)


def _sites(c: _Ctx, before: BoneWarsState | None) -> None:
    s, scene, d = c.s, c.scene, c.d
    mine = s.boards[c.clicker] if c.clicker is not None else None
    # the arrows first, so that boxes hide nothing of them
    for spec in d.dig_sites.values():
        for to in spec.to:
            x1, y1 = _edge_point(spec.id, to)
            x2, y2 = _edge_point(to, spec.id)
            legal = c.label("move", to) is not None and mine is not None and mine.team == spec.id
            arrow(scene, x1, y1, x2, y2, LEGAL if legal else ARROW, 3 if legal else 1.6)
    for site in s.sites:
        x, y = site_box(site.id)
        _site(c, site, x, y)
        if before is not None:
            if _site_facts(before, site.id) != _site_facts(s, site.id):
                access.box(scene, x, y, SITE_W, SITE_H, 3, 8)


def _site_facts(s: BoneWarsState, site_id: str) -> tuple:
    """What a dig site shows: its card, bones, camps and the teams there (to mark a change)."""
    site = next(o for o in s.sites if o.id == site_id)
    teams = [i for i, b in enumerate(s.boards) if b.team == site_id]
    return site.card, list(site.bones), list(site.camps), teams


def _site(c: _Ctx, site, x: float, y: float) -> None:
    s, scene, d = c.s, c.scene, c.d
    spec = d.dig_sites[site.id]
    here = c.clicker is not None and s.boards[c.clicker].team == site.id
    move = c.label("move", site.id)
    scene.add(
        Rect(x, y, SITE_W, SITE_H, "#f6efe2", LEGAL if move else EDGE, 3 if move else 1.2, 8),
        Text(x + 8, y + 12, spec.name, 13, INK, bold=True),
    )
    c.hit(x, y, SITE_W, SITE_H, move or c.label("site", site.id), f"{spec.name}")
    # the species card
    cx, cy, cw, ch = x + 8, y + 24, 132, 86
    if site.card is None:
        scene.add(
            Rect(cx, cy, cw, ch, CARD, "#c9bfae", 1, 5),
            Text(cx + cw / 2, cy + ch / 2, "no species card", 9, MUTED, "middle"),
        )
    else:
        sp = d.species[site.card]
        discover = c.label("discover") if here else None
        scene.add(
            Rect(
                cx,
                cy,
                cw,
                ch,
                CARD_FILL["species"],
                LEGAL if discover else "#a08c66",
                2.5 if discover else 1,
                5,
            ),
            Text(cx + 6, cy + 11, _fit(sp.name, cw - 12, 10.5), 10.5, INK, bold=True),
            Text(cx + 6, cy + 26, _fit(f"{sp.category} · {sp.by.title()} {sp.year}", cw - 12, 9), 9, INK),
            Text(cx + 6, cy + 40, f"skull: {sp.skull}", 9, INK),
            Text(cx + 6, cy + 53, f"limb: {sp.limb}", 9, INK),
        )
        find_chip(scene, sp.find, cx + 6, cy + 62, 64, 16, words=True)
        scene.add(Text(cx + 76, cy + 70, "species", 8.5, MUTED))
        c.hit(cx, cy, cw, ch, discover, f"discover {sp.name}")
    # the bone slots, top to bottom
    bx = x + 146
    for i, bone in enumerate(site.bones):
        by = y + 24 + i * 29
        dig = c.label("dig", DEPTHS[i]) if here else None
        bone_chip(
            scene,
            bone,
            bx,
            by,
            82,
            24,
            words=f"{DEPTHS[i][:3]}: {bone}" if bone else "",
            edge=LEGAL if dig else None,
        )
        if bone is None:
            scene.add(Text(bx + 4, by + 12, f"{DEPTHS[i][:3]}: empty", 8.5, MUTED))
        c.hit(bx, by, 82, 24, dig, f"dig the {DEPTHS[i]} bone")
    # the dig-site action tile
    tile = d.site_actions[site.action]
    act = c.label("site", site.id)
    scene.add(
        Rect(x + 8, y + 116, SITE_W - 16, 20, "#ece4f4", LEGAL if act else "#8a7aa6", 2.5 if act else 1, 4),
        Text(x + 14, y + 126, _fit(f"action: {effect_words(tile.effect)}", SITE_W - 28, 9.5), 9.5, INK),
    )
    c.hit(x + 8, y + 116, SITE_W - 16, 20, act, tile.text)
    # base camps: the spaces in play at this table, then the teams here
    spaces = [n for n in spec.camps if n <= s.players]
    scene.add(Text(x + 8, y + 150, "camps", 9, MUTED))
    camp_label = (
        next((lab for kind in ("move", "archive") if (lab := c.label("camp", kind))), None) if here else None
    )
    for k in range(len(spaces)):
        mx = x + 48 + k * 20
        if k < len(site.camps):
            marker(scene, site.camps[k], mx, y + 150)
        else:
            free_target = camp_label if k == len(site.camps) else None
            scene.add(
                Circle(mx, y + 150, 8, CARD, LEGAL if free_target else "#a89a80", 2 if free_target else 1)
            )
            c.hit(mx - 9, y + 141, 18, 18, free_target, "place a base camp here")
    teams = [i for i, b in enumerate(s.boards) if b.team == site.id]
    for k, p in enumerate(teams):
        team_marker(scene, p, x + 8 + (k % 4) * 56, y + 160 if k < 4 else y + 140)
    if not teams:
        scene.add(Text(x + SITE_W - 8, y + 168, "no team here", 8.5, MUTED, "end"))


def _universities(c: _Ctx, y: float) -> None:
    s, scene, d = c.s, c.scene, c.d
    w = (RIGHT_X - PAD - 12 - 3 * 8) / 4
    scene.add(Text(PAD, y + 4, "universities (where teams start a round)", 10, MUTED))
    for i, u in enumerate(d.universities):
        x, top = PAD + i * (w + 8), y + 12
        target = c.label("university", str(u.space))
        scene.add(
            Rect(x, top, w, 62, CARD, LEGAL if target else EDGE, 2.5 if target else 1, 6),
            Text(x + 6, top + 10, _fit(f"{u.space} {u.name}", w - 12, 10), 10, INK, bold=True),
        )
        patron_tag(scene, u.patron, x + 6, top + 25)
        to = ", ".join(d.dig_sites[t].name for t in u.sites)
        scene.add(
            Text(x + 24, top + 25, _fit(f"{u.patron.title()} → {to}", w - 30, 9), 9, INK),
            Text(
                x + 6,
                top + 39,
                _fit(f"grant: {GRANT.get(s.grants.get(u.space, ''), '-')}", w - 12, 9),
                9,
                INK,
            ),
        )
        who = s.universities.get(u.space)
        if who is None:
            scene.add(Text(x + 6, top + 53, "free", 9, MUTED))
        else:
            team_marker(scene, who, x + 6, top + 45)
            if who >= 0 and s.neutral == u.space:  # two players: the neutral team shares the first space
                team_marker(scene, -1, x + 62, top + 45)
        c.hit(x, top, w, 62, target, f"send the team to {u.name}")


# ---- the right column ---------------------------------------------------------------------------
def _right_column(c: _Ctx) -> float:
    """The shared displays, top to bottom; returns where they end."""
    y = HEADER
    y = _locations(c, y) + 6
    y = _bookshelf(c, y) + 6
    y = _awards(c, y) + 6
    y = _finds(c, y) + 6
    y = _rare(c, y) + 4
    return _paleo_display(c, y)


def _locations(c: _Ctx, y: float) -> float:
    s, scene = c.s, c.scene
    scene.add(Text(RIGHT_X, y + 6, "paleontologist actions", 10, MUTED))
    w = (RIGHT_W - 3 * 6) / 4
    for i, loc in enumerate(LOCATIONS):
        x = RIGHT_X + i * (w + 6)
        target = c.label("go", loc)
        scene.add(
            Rect(x, y + 14, w, 38, "#eef0f6", LEGAL if target else "#7d86a0", 2.5 if target else 1, 5),
            Text(x + w / 2, y + 24, loc, 10, INK, "middle", True),
        )
        there = [p for p, b in enumerate(s.boards) if b.paleo == loc]
        for k, p in enumerate(there):
            marker(scene, p, x + 12 + k * 18, y + 41, 7)
        c.hit(x, y + 14, w, 38, target, f"send the paleontologist to {loc}")
    return y + 52


def _bookshelf(c: _Ctx, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    half = (RIGHT_W - 8) / 2
    rows = len(d.bookshelf.shelves)
    for k, patron in enumerate(PATRONS):
        x = RIGHT_X + k * (half + 8)
        h = 22 + rows * 18 + 20
        scene.add(Rect(x, y, half, h, CARD, PATRON[patron], 1.5, 6))
        patron_tag(scene, patron, x + 6, y + 11)
        scene.add(
            Text(
                x + 24, y + 11, f"{patron.title()} · credibility {credibility(s, patron)}", 10, INK, bold=True
            )
        )
        for i, shelf in enumerate(s.shelves[patron]):  # bottom first: drawn from the bottom up
            sy = y + 22 + (rows - 1 - i) * 18
            scene.add(Text(x + 6, sy + 8, f"shelf {i + 1}", 8.5, MUTED))
            for j, v in enumerate(shelf):
                px = x + 48 + j * 30
                if v is None:
                    scene.add(Rect(px, sy, 26, 15, CARD, "#c9bfae", 1, 3))
                elif v == 0:
                    scene.add(
                        Rect(px, sy, 26, 15, "#d8d8d8", "#8a8a8a", 1, 3),
                        Text(px + 13, sy + 7.5, "n", 9, INK, "middle", True),
                    )
                else:
                    scene.add(
                        Rect(px, sy, 26, 15, PATRON[patron], None, 1, 3),
                        Text(px + 13, sy + 7.5, f"{PATRON_LETTER[patron]}{v}", 9, "#ffffff", "middle", True),
                    )
        extra = " ".join(str(v) for v in s.overflow[patron]) or "none"
        scene.add(Text(x + 6, y + h - 9, f"portrait shelf: {extra}", 8.5, MUTED))
    return y + 22 + rows * 18 + 20


def _award_tile(tile_id: str):
    return components().award(tile_id)


def _award_title(tile) -> str:
    if tile.kind == "A":
        return f"A · found by {tile.target.title()}"
    if tile.kind == "B":
        return f"B · {tile.target}s"
    return f"C · envelope {tile.target}"


def _awards(c: _Ctx, y: float) -> float:
    s, scene = c.s, c.scene
    w = (RIGHT_W - 2 * 6) / 3
    for k, tile_id in enumerate(s.awards):
        tile = _award_tile(tile_id)
        x = RIGHT_X + k * (w + 6)
        h = 18 + len(tile.spaces) * 18 + 4
        scene.add(
            Rect(x, y, w, h, "#f4efe4", EDGE, 1, 6),
            Text(x + 6, y + 10, _fit(_award_title(tile), w - 10, 9.5), 9.5, INK, bold=True),
        )
        for i, space in enumerate(tile.spaces):
            sy = y + 18 + i * 18
            target = c.label("claim", tile_id, str(i + 1))
            scene.add(
                Rect(x + 4, sy, w - 8, 16, CARD, LEGAL if target else "#c9bfae", 2 if target else 1, 3),
                Text(x + 8, sy + 8, f"need {space.need} → +{space.loyalty}", 9, INK),
            )
            holder = s.award_marks[tile_id][i]
            if holder is not None:
                marker(scene, holder, x + w - 14, sy + 8, 7)
            c.hit(x + 4, sy, w - 8, 16, target, f"claim award {tile_id}, space {i + 1}")
    return y + 18 + 4 * 18 + 4


def _finds(c: _Ctx, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    cols = d.minor_finds.columns
    w = (RIGHT_W - 60) / cols
    scene.add(Text(RIGHT_X, y + 6, "minor finds", 10, MUTED))
    pick = c.selection if c.selection in d.species else None
    for r, row in enumerate(s.finds):
        ry = y + 14 + r * 20
        scene.add(Text(RIGHT_X, ry + 8, f"row {r + 1}", 8.5, MUTED))
        closed = d.minor_finds.rows[r] > s.players
        for k, tile in enumerate(row):
            x = RIGHT_X + 44 + k * w
            if tile is None:
                scene.add(
                    Rect(x, ry, w - 6, 16, CARD if not closed else "#e4e4e4", "#c9bfae", 1, 3),
                    Text(x + (w - 6) / 2, ry + 8, "closed" if closed else "taken", 8, MUTED, "middle"),
                )
                continue
            target = c.label("find", pick, str(r + 1), str(k + 1)) if pick else None
            find_chip(scene, tile, x, ry, w - 6, 16, words=True, edge=LEGAL if target else None)
            c.hit(x, ry, w - 6, 16, target, f"a minor find in row {r + 1}, column {k + 1}")
    by = y + 14 + len(s.finds) * 20
    scene.add(Text(RIGHT_X, by + 9, "bonus", 8.5, MUTED))
    for k, tile_id in enumerate(s.find_bonus):
        x = RIGHT_X + 44 + k * w
        scene.add(Rect(x, by, w - 6, 26, "#fbeed0", "#a08040", 1, 3))
        for i, line in enumerate(_wrap(_bonus_words(tile_id), w - 10, 8, 2)):
            scene.add(Text(x + 3, by + 7 + i * 11, line, 8, INK))
    return by + 26


def _rare(c: _Ctx, y: float) -> float:
    s, scene = c.s, c.scene
    scene.add(Text(RIGHT_X, y + 10, "rare bones", 10, MUTED))
    for k, kind in enumerate(BONE):
        x = RIGHT_X + 70 + k * 37
        n = s.rare.get(kind, 0)
        target = c.label("take", kind) if s.pending and s.pending[0].kind == "rare" else None
        bone_chip(scene, kind, x, y + 1, 24, 18, edge=LEGAL if target else None)
        scene.add(Text(x + 26, y + 10, f"{n}", 9, INK if n else MUTED, bold=True))
        c.hit(x, y + 1, 34, 18, target, f"take a rare {kind}")
    return y + 20


def _paleo_display(c: _Ctx, y: float) -> float:
    s, scene, d = c.s, c.scene, c.d
    scene.add(Text(RIGHT_X, y + 8, "paleontologist cards face up", 10, MUTED))
    n = max(1, len(s.paleo_display))
    w = min(118, (RIGHT_W - (n - 1) * 4) / n)
    for k, card in enumerate(s.paleo_display):
        p = next(x for x in d.paleontologists if x.id == card)
        x = RIGHT_X + k * (w + 4)
        target = c.label("keep", card)
        scene.add(
            Rect(
                x, y + 16, w, 30, CARD_FILL["paleo"], LEGAL if target else "#7a6aa0", 2.5 if target else 1, 4
            ),
            Text(x + 4, y + 25, _fit(p.name, w - 8, 9), 9, INK, bold=True),
            Text(x + 4, y + 38, _fit(f"{p.action} · ${p.cost}", w - 8, 8.5), 8.5, INK),
        )
        c.hit(x, y + 16, w, 30, target, f"take {p.name}")
    return y + 46


# ---- a player's panel ---------------------------------------------------------------------------
def _panel(c: _Ctx, p: int, y: float, before: BoneWarsState | None) -> None:
    s, scene, d = c.s, c.scene, c.d
    b = s.boards[p]
    colour = SEAT[p % len(SEAT)]
    turn = s.phase == "turn" and s.current == p and not s.over
    scene.add(
        Rect(PAD, y, WIDTH - 2 * PAD, PANEL - 6, TURN_BG if turn else "#ffffff", colour, 2, 8),
        Rect(PAD, y, 8, PANEL - 6, colour, None, 1, 3),
    )
    name = s.names[p]
    head = seat_name(p) + (f" ({name})" if name != seat_name(p) else "")
    where = d.dig_sites[b.team].name if b.team else f"university {b.university}" if b.university else "-"
    state = " (to play)" if turn else " (passed)" if s.passed and s.passed[p] else ""
    facts = (
        f"{head}{state} · ${b.money} · {b.rp} RP · patron {b.patron.title()} · team: {where} · "
        f"paleontologist: {b.paleo or 'home'}"
    )
    scene.add(Text(PAD + 16, y + 13, _fit(facts, 640, 12.5), 12.5, INK, bold=True))
    prof = f"{d.profession_rows[b.profession[0] - 1]} (column {b.profession[1]})" if b.profession else "none"
    grant = GRANT.get(b.grant, "none") if b.grant else "none"
    extra = f"profession {prof} · grant: {grant}" + (
        f" · specialists {', '.join(b.specialists)}" if b.specialists else ""
    )
    scene.add(Text(PAD + 16, y + 29, _fit(extra, 640, 10), 10, INK))
    if before is not None:
        o = before.boards[p]
        if (o.money, o.rp, o.loyalty, o.patron) != (b.money, b.rp, b.loyalty, b.patron):
            access.box(scene, PAD + 14, y + 4, 520, 18, 2, 4)
    _slots(c, p, PAD + 16, y + 40)
    _hand(c, p, PAD + 16, y + 108)
    rx = 672
    for k, patron in enumerate(PATRONS):
        _loyalty(scene, b, patron, rx, y + 6 + k * 22)
    _crates(c, p, rx, y + 54)
    _archive(c, p, rx, y + 100)


def _slots(c: _Ctx, p: int, x: float, y: float) -> None:
    s, scene = c.s, c.scene
    b = s.boards[p]
    nxt = open_slot(s, p) if s.phase == "turn" else None
    n = len(b.slots)
    w = min(84, (640 - (n - 1) * 5) / n)
    for i in range(n):
        spec = slot_spec(s, p, i)
        sx = x + i * (w + 5)
        target = c.label("slot", str(i + 1)) if c.clicker == p else None
        upgraded = b.slots[i] >= 0
        edge = LEGAL if target else ACTIVE_INK if i == nxt and p == s.current else "#a89a80"
        scene.add(
            Rect(
                sx,
                y,
                w,
                62,
                "#f3ecdf" if not upgraded else "#e9eef6",
                edge,
                2.5 if target or (i == nxt and p == s.current) else 1,
                5,
            ),
            Text(
                sx + 4, y + 9, f"slot {i + 1} · ${spec.cost}" + (" +" if upgraded else ""), 9, INK, bold=True
            ),
        )
        find_chip(scene, spec.find, sx + 4, y + 17, 24, 14)
        scene.add(Text(sx + 32, y + 24, f"{spec.ap} AP·{DEPTHS[spec.depth - 1][:3]}", 8.5, INK))
        card = b.played[i] if i < len(b.played) else None
        if card:
            kind = _card_type(card)
            scene.add(
                Rect(sx + 3, y + 36, w - 6, 22, CARD_FILL[kind], "#8a8a8a", 1, 3),
                Text(sx + 6, y + 47, _fit(card_name(card), w - 10, 8.5), 8.5, INK),
            )
        else:
            scene.add(
                Text(
                    sx + w / 2,
                    y + 47,
                    "next" if i == nxt and p == s.current else "empty",
                    8.5,
                    MUTED,
                    "middle",
                )
            )
        c.hit(sx, y, w, 62, target, f"put the slot tile on slot {i + 1}")


def _hand(c: _Ctx, p: int, x: float, y: float) -> None:
    s, scene = c.s, c.scene
    hand = s.boards[p].hand
    scene.add(Text(x, y + 9, "hand", 9, MUTED))
    if hand and all(card == "hidden" for card in hand):
        scene.add(
            Rect(x + 34, y, 150, 22, CARD_FILL["hidden"], "#8a8a8a", 1, 4),
            Text(x + 40, y + 11, f"{len(hand)} cards (hidden)", 9.5, INK),
        )
        return
    if not hand:
        scene.add(Text(x + 34, y + 9, "no cards", 9, MUTED))
        return
    per_row, w = 6, 100
    for k, card in enumerate(hand[: per_row * 2]):
        hx, hy = x + 34 + (k % per_row) * (w + 4), y + (k // per_row) * 26
        kind = _card_type(card)
        target = None
        tip = card_name(card)
        if c.clicker == p:
            target = c.label("play", card) or c.label("publish", card) or c.label("discard", card)
            if target is None and any(lab.startswith(f"{c.me} find {card} ") for lab in c.legal):
                target, tip = f"select:{card}", f"{card_name(card)} picked: click a minor find of its icon"
        # at the start of a turn a card that cannot be played still answers a click: the
        # engine says why (its cost and the slot's, or every slot used this round)
        refused = None
        if c.clicker == p and target is None and s.turn is None and not s.pending and s.phase == "turn":
            refused = f"{c.me} play {card}"
        picked = c.selection == card
        edge = PICK if picked else LEGAL if target else "#8a8a8a"
        scene.add(
            Rect(hx, hy, w, 22, CARD_FILL[kind], edge, 2.5 if picked or target else 1, 4),
            Text(hx + 4, hy + 11, CARD_LETTER[kind], 9, MUTED, bold=True),
            Text(hx + 14, hy + 11, _fit(card_name(card), w - 18, 9), 9, INK),
        )
        if kind == "species":
            find_chip(scene, components().species[card].find, hx + w - 22, hy + 3, 19, 16)
        if not c.hit(hx, hy, w, 22, target, tip) and refused:
            scene.hit(hx, hy, w, 22, refused, f"{card_name(card)}: not playable now (click to see why)")
    if len(hand) > per_row * 2:
        scene.add(Text(x + 34 + per_row * (w + 4), y + 37, f"+{len(hand) - per_row * 2}", 9, MUTED))


def _loyalty(scene: Scene, b, patron: str, x: float, y: float) -> None:
    track = components().loyalty
    at = b.loyalty[patron]
    mine = b.patron == patron
    patron_tag(scene, patron, x, y + 9)
    scene.add(Text(x + 18, y + 9, f"{patron.title()} {at}", 9.5, INK, bold=mine))
    for i in range(track.top + 1):
        cx = x + 66 + i * 29
        here = i == min(at, track.top)
        scene.add(
            Rect(cx, y + 1, 27, 16, PATRON[patron] if here else CARD, PATRON[patron], 1, 3),
            Text(
                cx + 13.5, y + 9, f"×{track.multipliers[i]}", 8.5, "#ffffff" if here else INK, "middle", here
            ),
        )


def _crates(c: _Ctx, p: int, x: float, y: float) -> None:
    s, scene = c.s, c.scene
    b = s.boards[p]
    from bonekit.games.bone_wars.effects import capacity

    scene.add(Text(x, y + 9, f"crates {len(b.crates)}/{capacity(s, p)} · covers {b.covers}", 9.5, INK))
    for k, kind in enumerate(sorted(b.crates)):
        bx = x + 150 + k * 29
        target = None
        if c.clicker == p:
            target = c.label("return", kind) or c.label("bone", kind)
        bone_chip(scene, kind, bx, y, 26, 18, edge=LEGAL if target else None)
        c.hit(bx, y, 26, 18, target, f"{kind}")
    camps = Counter(b.camps_left)
    cx = x + 150 + max(len(b.crates), 6) * 29 + 6
    scene.add(Text(cx, y + 9, "camps left", 9, MUTED))
    for k, kind in enumerate(sorted(camps)):
        target = c.label("camp", kind) if c.clicker == p else None
        bx = cx + 58 + k * 62
        scene.add(
            Rect(bx, y, 58, 18, CARD, LEGAL if target else "#a89a80", 2.5 if target else 1, 4),
            Text(bx + 4, y + 9, f"{camps[kind]}× {kind}", 9, INK),
        )
        c.hit(bx, y, 58, 18, target, f"place a {kind} base camp")


def _archive(c: _Ctx, p: int, x: float, y: float) -> None:
    s, scene, d = c.s, c.scene, c.d
    from bonekit.games.bone_wars.effects import archive_limit

    b = s.boards[p]
    limit = archive_limit(s, p)
    scene.add(Text(x, y + 8, "archive", 9, MUTED))
    for k, env in enumerate(d.archive):
        ex = x + 48 + k * 92
        cards = b.archive.get(env.id, [])
        scene.add(
            Rect(ex, y, 88, 54, "#f3ecdf", "#a89a80", 1, 4),
            Text(ex + 4, y + 9, f"{env.id} · {len(cards)}/{limit}", 9.5, INK, bold=True),
        )
        find_chip(scene, env.find, ex + 60, y + 2, 24, 14)
        for i, sp in enumerate(cards[:3]):
            scene.add(Text(ex + 4, y + 22 + i * 11, _fit(card_name(sp), 80, 8.5), 8.5, INK))
        if not cards:
            scene.add(Text(ex + 4, y + 22, _fit(f"pays {effect_words(env.bonus)}", 80, 8.5), 8.5, MUTED))


# ---- words --------------------------------------------------------------------------------------------
def description(game: BoneWars, s: BoneWarsState) -> str:
    """The picture in words: the round, whom the game waits for and what it asks, each player's
    money, RP and loyalty."""
    mult = components().loyalty.multiplier
    out = game.outcome(s)
    if out is not None:
        now = f"The game is over: {out.summary}"
    else:
        rnd = "Setup" if s.phase == "bundles" else f"Round {s.round} of 4"
        now = f"{rnd}: waiting for {seat_name(game.to_move(s)[0])}; {asked_words(s)}"
    per = []
    for p, b in enumerate(s.boards):
        per.append(
            f"{seat_name(p)}: ${b.money}, {b.rp} RP, patron {b.patron.title()}, loyalty Marsh "
            f"{b.loyalty['marsh']} (×{mult(b.loyalty['marsh'])}), Cope {b.loyalty['cope']} "
            f"(×{mult(b.loyalty['cope'])})"
        )
    cred = f"credibility Marsh {credibility(s, 'marsh')}, Cope {credibility(s, 'cope')}"
    return describe(now, "; ".join(per), cred)


def _legend_entries() -> list[Entry]:
    def bone_icon(kind: str):
        return lambda scene, x, y: bone_chip(scene, kind, x - 12, y - 9, 24, 18)

    def find_icon(find: str):
        return lambda scene, x, y: find_chip(scene, find, x - 12, y - 8, 24, 16)

    def patron_icon(patron: str):
        return lambda scene, x, y: patron_tag(scene, patron, x - 7, y)

    def card_icon(kind: str):
        def draw(scene: Scene, x: float, y: float) -> None:
            scene.add(
                Rect(x - 9, y - 9, 18, 18, CARD_FILL[kind], "#8a8a8a", 1, 3),
                Text(x, y, CARD_LETTER[kind], 9, MUTED, "middle", True),
            )

        return draw

    entries = [Entry(f"{code} {kind}", bone_icon(kind), 24) for kind, (code, _) in BONE.items()]
    entries += [Entry(f"{code} {find}", find_icon(find), 24) for find, (code, _) in FIND.items()]
    entries += [
        Entry("M Marsh", patron_icon("marsh"), 14),
        Entry("C Cope", patron_icon("cope"), 14),
        Entry("M2 a paper worth 2 · n neutral tile"),
        Entry("T team card", card_icon("team")),
        Entry("S species card", card_icon("species")),
        Entry("P paleontologist card", card_icon("paleo")),
        Entry("P1 a player's camp or mark", lambda scene, x, y: marker(scene, 0, x, y), 18),
        Entry("V virtual opponent", lambda scene, x, y: marker(scene, -1, x, y), 18),
        Entry("team N: the neutral team", lambda scene, x, y: team_marker(scene, -1, x - 26, y - 8), 54),
        Entry("→ arrows: where a team may move", lambda scene, x, y: arrow(scene, x - 12, y, x + 12, y), 26),
        Entry("×2 scoring multiplier at that loyalty"),
        Entry("AP action points · top/mid/bot: how deep a team digs"),
        Entry("green edge: a click does it · blue edge: picked"),
        access.CHANGE_ENTRIES["box"],
    ]
    return entries


__all__ = ["description", "effect_words", "render"]
