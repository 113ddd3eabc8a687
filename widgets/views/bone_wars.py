"""The Bone Wars table as a Scene, 920 px wide with no text under 12 px, so that a notebook 934 px
wide (1366x768 with the file browser open) and a 1280x720 projector show it whole at full size.
Stacked, top to bottom:

1. the header (the round, whose turn and what is asked, the prompt), the round track with its
   bonus tiles, and a strip with the decision's cards when it offers some (setup bundles,
   species to keep, bones to pick), else the turn in progress;
2. the map (``bone_wars_map``): the six dig sites on a ring with the arrows a team follows, each
   with its species card, its three bone slots (top to bottom), its dig-site action tile, its
   base-camp spaces and the teams there; the four university spaces under it;
3. the market (``bone_wars_market``): the paleontologist action locations, the rare bones, the
   bookshelves (Marsh's and Cope's papers shelf by shelf, credibility), the award tiles, the
   minor finds with their column bonuses and the paleontologist cards face up;
4. the player panels (``bone_wars_players``): the player in focus in full, the others compact;
5. the key.

Bones, finds and patrons always carry a code or word beside their colour; the key explains them.
Clicks (for the seat that owes a decision): a card in hand plays it (or publishes, discards, or
picks it for a minor find), a site the team may reach moves there, a bone slot digs, the
species card at the team's site discovers it, the action tile does it, a paleontologist
location sends the paleontologist there, and the pieces a decision asks for (a rare bone, a
crate bone, a card offered, a university space, an award space, a slot) answer it. Every other
action has the Table's buttons and typed labels.
"""

from __future__ import annotations

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bone_wars import BoneWars
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.rounds import credibility
from bonekit.games.bone_wars.state import BoneWarsState
from bonekit.games.bone_wars.text import bones_words, location_goal
from bonekit.games.bone_wars.turn import DEPTHS

from . import access
from .access import Entry, describe
from .bone_wars_map import draw_map
from .bone_wars_market import draw_market
from .bone_wars_parts import (
    ACTIVE_INK,
    ASKED,
    BONE,
    CARD,
    CARD_FILL,
    CARD_LETTER,
    EDGE,
    FIND,
    INK,
    LEGAL,
    LINE,
    MUTED,
    PAD,
    PAPER,
    SIZE,
    TURN_BG,
    WIDTH,
    X1,
    Ctx,
    Rect,
    Scene,
    Text,
    arrow,
    asked,
    bone_chip,
    bonus_words,
    card_name,
    card_type,
    effect_words,
    find_chip,
    fit,
    flow,
    lines,
    marker,
    patron_tag,
    team_marker,
    team_width,
    text_width,
    wrap,
)
from .bone_wars_players import draw_panels, find_where

_card_type = card_type  # the old name (tests use it)


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
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(WIDTH, 0, background=PAPER, title=f"Bone Wars, {_stage_words(game, s)}, {who}")
    c = Ctx(game, s, scene, clicker, legal, selection)
    y = _header(c) + 12
    y = draw_map(c, y, before) + 14
    y = draw_market(c, y) + 16
    y = draw_panels(c, y, seat, before) + 6
    legend = _legend_entries()
    access.draw_legend(scene, legend, PAD, y, WIDTH - 2 * PAD)
    scene.height = int(y + access.legend_height(legend, WIDTH - 2 * PAD)) + 8
    scene.description = description(game, s)
    return scene


def _stage_words(game: BoneWars, s: BoneWarsState) -> str:
    head, who = game.stage(s)
    return f"{head}, {who}"


def asked_words(s: BoneWarsState) -> str:
    """What the game waits for, in words: the decision owed, or the step of the turn."""
    if s.over:
        return "the game is over"
    if s.pending:
        p = s.pending[0]
        return f"{seat_name(p.seat)} to {asked(p.kind)}"
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
    return f"{who}'s paleontologist to {location_goal(t.action)}"


# ---- header -----------------------------------------------------------------------------------
def _header(c: Ctx) -> float:
    """The title, what is asked, the prompt, the round track and the decision strip; the bottom."""
    s, scene, game = c.s, c.scene, c.game
    head, stage = game.stage(s)
    rnd = "setup" if s.phase == "bundles" else "the end" if s.over else f"round {s.round} of 4"
    scene.add(Text(PAD, 16, fit(f"Bone Wars · {s.players} players · {rnd} · {stage}", X1 - PAD, 16, True), 16,
                   INK, bold=True))
    y = lines(scene, PAD, 38, wrap(f"{asked_words(s)} · stage: {head} · bag {len(s.bag)} bones", X1 - PAD,
                                   13, sep=" · "), 13, INK, step=17)
    out = game.outcome(s)
    if out is not None:
        words, size, ink, bold = out.summary, 13, "#1b5e20", True
    elif c.clicker is not None:
        words, size, ink, bold = _prompt(c), SIZE, ACTIVE_INK, True
    else:
        words, size, ink, bold = f"waiting for {seat_name(game.to_move(s)[0])}", SIZE, MUTED, False
    y = lines(scene, PAD, y + 19, wrap(words, X1 - PAD, size, bold), size, ink, bold, 17) + 14
    # the round track: rounds 1-3 show their bonus tile, round 4 the printed one
    gap = 6
    w = (X1 - PAD - 3 * gap) / 4
    bonuses = [wrap(bonus_words(t), w - 12) for t in s.round_bonus] + [wrap(effect_words(c.d.round4_bonus),
                                                                           w - 12)]
    h = 8 + LINE * (1 + max(len(b) for b in bonuses)) + 4
    for i, rows in enumerate(bonuses):
        now = s.round == i + 1 and s.phase == "turn" and not s.over
        x = PAD + i * (w + gap)
        scene.add(Rect(x, y, w, h, TURN_BG if now else CARD, ACTIVE_INK if now else EDGE, 2 if now else 1, 6),
                  Text(x + 6, y + 4 + LINE / 2, f"round {i + 1}" + (" (now)" if now else ""), SIZE, INK,
                       bold=True))
        lines(scene, x + 6, y + 4 + LINE * 1.5, rows)
    return _decision_strip(c, y + h + 8)


def _prompt(c: Ctx) -> str:
    s, me = c.s, c.me
    if s.pending:
        k = s.pending[0].kind
        where = {
            "rare": "click a rare bone",
            "overflow": "click a crate bone to put back",
            "keep": "click the card to keep",
            "paleo": "click a paleontologist card face up (beside the minor finds)",
            "university": "click a university space",
            "depart": "click one of the two dig sites",
            "slot": "click one of your slots",
            "discard": "click a species card in your hand",
        }.get(k, "use the buttons below")
        return f"{me}: {asked(k)}: {where}."
    if s.phase == "bundles":
        return f"{me}: click a setup bundle (under the round track), or choose a career with the buttons."
    t = s.turn
    if t is None:
        return f"{me}: click a card in your hand to play it, or pass."
    if t.mode == "team":
        return f"{me}: click a site to move, a bone slot to dig, the species card to discover, or end."
    if t.mode == "paleo" and t.action is None:
        return f"{me}: click a paleontologist action location (in the market, under the map)."
    if t.mode == "paleo" and t.action == "find":
        return f"{me}: click a species card in your hand, then {find_where(c)}."
    if t.mode == "paleo" and t.action == "award":
        return f"{me}: click an award space you qualify for, or done."
    if t.mode == "paleo" and t.action == "publish":
        return f"{me}: click a species card to publish, then the bones from your crates."
    return f"{me}: choose with the buttons below."


def _decision_strip(c: Ctx, y: float) -> float:
    """The cards a decision offers that the picture shows nowhere else (the setup bundles, the
    species cards to keep, the bones drawn to pick from), else the turn in progress; the bottom."""
    s, scene = c.s, c.scene
    items: list[tuple[str, str, str | None, str | None]] = []  # (words, fill, target, tip)
    if s.phase == "bundles" and not s.pending:
        for sp, bones in s.offer:
            words = f"{card_name(sp)} + {' '.join(BONE[b][0] for b in bones if b)}"
            target = c.label("bundle", sp)
            tip = f"{c.words(target)}: {bones_words([b for b in bones if b])}" if target else None
            items.append((words, CARD_FILL["species"], target, tip))
    elif s.pending and s.pending[0].kind == "keep":
        for sp in s.pending[0].get("cards") or ():
            items.append((card_name(sp), CARD_FILL["species"], c.label("keep", sp), None))
    elif s.pending and s.pending[0].kind == "pick_bone":
        for kind in dict.fromkeys(s.pending[0].get("bones") or ()):
            items.append((f"{BONE[kind][0]} {kind}", BONE[kind][1], c.label("take", kind), None))
    if not items:
        return _turn_line(c, y)
    title = "setup bundles:" if s.phase == "bundles" else "offered:"
    scene.add(Text(PAD, y + 14, title, SIZE, INK, bold=True))
    x0 = PAD + text_width(title, SIZE, True) + 10
    widths = [text_width(words) + 16 for words, _, _, _ in items]
    rows = flow(widths, x0, X1, 6)
    for r, row in enumerate(rows):
        ry = y + 2 + r * 30
        for k, x in row:
            words, colour, target, tip = items[k]
            scene.add(Rect(x, ry, widths[k], 26, colour, LEGAL if target else EDGE, 2.5 if target else 1, 5),
                      Text(x + 8, ry + 13, words, SIZE, INK))
            c.hit(x, ry, widths[k], 26, target, tip)
    return y + 2 + len(rows) * 30


def _turn_line(c: Ctx, y: float) -> float:
    """The turn in progress: the card played into which slot, and the mode chosen; the bottom."""
    s, t = c.s, c.s.turn
    if t is None or s.over:
        return y
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
    return lines(c.scene, PAD, y + 10, wrap(words, X1 - PAD, sep=" · ")) + LINE / 2 + 2


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
        return lambda scene, x, y: bone_chip(scene, kind, x - 15, y - 10, 30, 20)

    def find_icon(find: str):
        return lambda scene, x, y: find_chip(scene, find, x - 15, y - 10, 30, 20)

    def patron_icon(patron: str):
        return lambda scene, x, y: patron_tag(scene, patron, x - 9, y)

    def card_icon(kind: str):
        def draw(scene: Scene, x: float, y: float) -> None:
            scene.add(Rect(x - 10, y - 10, 20, 20, CARD_FILL[kind], "#8a8a8a", 1, 3),
                      Text(x, y, CARD_LETTER[kind], SIZE, MUTED, "middle", True))

        return draw

    entries = [Entry(f"{code} {kind}", bone_icon(kind), 30) for kind, (code, _) in BONE.items()]
    entries += [Entry(f"{code} {find}", find_icon(find), 30) for find, (code, _) in FIND.items()]
    entries += [
        Entry("M Marsh", patron_icon("marsh"), 18),
        Entry("C Cope", patron_icon("cope"), 18),
        Entry("M2 a paper worth 2 · n neutral tile"),
        Entry("T team card", card_icon("team")),
        Entry("S species card", card_icon("species")),
        Entry("P paleontologist card", card_icon("paleo")),
        Entry("P1 a player's camp or mark", lambda scene, x, y: marker(scene, 0, x, y), 22),
        Entry("V virtual opponent", lambda scene, x, y: marker(scene, -1, x, y), 22),
        Entry("team N: the neutral team",
              lambda scene, x, y: team_marker(scene, -1, x - team_width(-1) / 2, y - 10), team_width(-1)),
        Entry("→ arrows: where a team may move", lambda scene, x, y: arrow(scene, x - 12, y, x + 12, y), 26),
        Entry("×2 scoring multiplier at that loyalty"),
        Entry("AP action points · top/mid/bot: how deep a team digs"),
        Entry("green edge: a click does it · blue edge: picked"),
        access.CHANGE_ENTRIES["box"],
    ]
    return entries


__all__ = ["ASKED", "BONE", "FIND", "asked_words", "card_name", "description", "effect_words", "render"]
