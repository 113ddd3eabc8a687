"""Bone to Pick's campaign, epic and team games as Scenes.

``bone_to_pick.render`` hands every state of variant "campaign", "epic" or "team" here; the
base game's picture is drawn there, unchanged. The picture has, top to bottom:

* the enemy board: the undead (two in an epic game, each with the power read at its column,
  and the total), the deck, the Haven with its damage row, the last attack (or the pending
  epic trophy choice);
* campaign only: the campaign board with its four waves (hit points, the Legend and
  Scapegoat cards' victory points, each finished wave's result and who got the card) and the
  upgrade deck;
* team games only: the teams in their colours (totals once the game is over);
* one row per player: hand (weapons, and upgrade cards drawn wider in gold with value, victory
  points and ability), this turn's card, used pile, trophies; in a campaign also trophies set
  aside, title cards and victory points (once they are known to the viewer).

Under the rows a legend explains the picture's signs. Given the state one step before, the
picture marks what that step changed (cards chosen or revealed, trophies, damage, the undead,
upgrades drawn and kept, a wave's result, title cards); ``scene.description`` says what the
picture shows in words.

Clicks of the acting seat: a card in hand (``P2 play 7``, ``P2 play u07``); in the epic
trophy choice one of the two undead (``P3 take e05b``); in the upgrade phase one drawn upgrade
first (``select:u07``), then the weapon to put back in the box (``P1 keep u07 for 3``).
Every click's label is one of ``game.legal_actions``: the picture finds the action by its
verb and arguments rather than spelling the label itself.
"""
from __future__ import annotations

from collections import Counter

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bone_to_pick import HIDDEN
from bonekit.games.bone_to_pick.data import abilities, components, upgrades
from bonekit.games.bone_to_pick.state import HIDDEN_ID

from ..scene import Rect, Scene, Text
from . import access
from .access import Entry, describe
from .bone_to_pick_parts import (
    BAD,
    GOOD,
    INK,
    LEGEND,
    MUTED,
    WARM_INK,
    Changes,
    HavenLayout,
    UndeadLayout,
    card_back,
    chip,
    colour_of,
    haven,
    haven_words,
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
    undead_changes,
    undead_words,
)
from .bone_to_pick_parts import undead_card as draw_undead

WIDTH = 920                # fits a laptop's notebook (934 px wide) at full size: 12 px text stays 12
TOP = 164                  # the enemy board band
STRIP = 166                # the campaign board (its waves two by two)
TEAMS = 40                 # the teams band
ROW = 64                   # one player row
CAMPAIGN_ROW = 92          # a campaign player row: taller upgrade cards, a line for the campaign
CARD_W, CARD_H, GAP = 30, 42, 4
UP_W, UP_H = 68, 54        # an upgrade card face up, in hand or drawn (its ability may take two lines)
UPGRADE_EDGE, UPGRADE_FILL, UPGRADE_BACK = "#b9770e", "#fdf2d0", "#7d6608"
UPGRADE_INK = "#7e5109"    # an upgrade's id, on its gold card
PICK = "#1a5276"
WARM = "#b9770e"
ROMAN = ("I", "II", "III", "IV", "V", "VI")
ONE = UndeadLayout(x=200, y=14, w=150, h=120, edge=14, name_y=38, name_fits=17, power_y=64,
                   power_size=18, power_note=False)
HAVEN_X = 452
HAVEN = HavenLayout(x=HAVEN_X, y=24, title_size=14, shield=11, first=70, step=30, left_y=26,
                    left_size=12, left_ink=MUTED, row_y=50, row_x=82, row_max=4,
                    row_empty=False)
# Row columns.
HAND_X = 154
PLAYED_X = 684
USED_X = 734
TROPHY_X = 780
EPIC_X = 150               # the first of two undead
LAST_X = 702               # the last attack


def row_height(s) -> int:
    """A player row's height: a campaign row has taller upgrade cards and a campaign line."""
    return CAMPAIGN_ROW if s.campaign else ROW


def _epic_layout(i: int) -> UndeadLayout:
    return UndeadLayout(x=EPIC_X + i * 146, y=14, w=134, h=120, edge=14, name_y=38, name_fits=15,
                        power_y=62, power_size=17, power_note=False)


def _upgrade_icon(scene: Scene, x: float, y: float) -> None:
    scene.add(Rect(x - 12, y - 11, 24, 22, UPGRADE_FILL, UPGRADE_EDGE, 2, 4),
              Text(x, y + 1, "7", 12, INK, "middle", True))


def _upgrade_back_icon(scene: Scene, x: float, y: float) -> None:
    _upgrade_back(scene, x - 8, y - 11, 16, 22)


def legend_entries(s) -> list[Entry]:
    """The base game's legend, and the signs of upgrades, campaigns and teams."""
    out = list(LEGEND)
    if s.campaign:
        out[-1:-1] = [Entry("upgrade (id, VP, value, ability)", _upgrade_icon, 24),
                      Entry("upgrade face down", _upgrade_back_icon, 16),
                      Entry("→ P2: given to P2"), Entry("2 × +3: two cards of +3")]
    return out


def render(game, state, seat: int | None = None, active: int | None = None,
           selection: str | None = None, previous=None) -> Scene:
    """Draw ``state`` as ``seat`` sees it (None: all-seeing); ``active`` may click. With
    ``previous`` (the state one step before) what changed since is marked."""
    s = game.view(state, seat)
    engine = game.engine(s)
    phase = engine.phase(s)
    owing = set(game.to_move(s))
    acting = active is not None and active in owing and (seat is None or seat == active)
    legal = game.legal_actions(s, active) if acting else []
    if phase != "upgrade" or not acting or selection not in [u.lower() for u in s.offers[active]]:
        selection = None
    before = game.view(previous, seat) if same_game(previous, state) else None
    ch = changes(game, before, s)
    entries = legend_entries(s)
    row = row_height(s)
    rows = TOP + (STRIP if s.campaign else 0) + (TEAMS if s.teams else 0) + row * s.players + 10
    height = rows + legend_height(entries, WIDTH)
    wave = f"wave {s.wave} of {s.waves}, " if s.campaign else ""
    scene = new_scene(WIDTH, height, f"Bone to Pick {_kind(s)} game, {wave}turn {s.turn} of "
                      f"{s.turns}", seat)
    out = game.outcome(s)
    _enemy_board(game, engine, s, scene, phase, legal, out, before, ch)
    y = TOP
    if s.campaign:
        _campaign_board(scene, s, y, ch)
        y += STRIP
    if s.teams:
        _teams(game, engine, s, scene, y, out)
        y += TEAMS
    for p in range(s.players):
        _row(game, engine, s, scene, p, y + row * p, phase, p in owing,
             acting and p == active, legal, selection, out, ch)
    legend(scene, entries, rows - 4, WIDTH)
    scene.description = description(game, engine, s, phase, ch)
    return scene


def _label(legal, verb: str, first: str, last: str | None = None) -> str | None:
    """The label of the legal action with ``verb`` whose first argument is ``first`` (and last
    argument ``last``), compared without case; None if there is none."""
    for a in legal:
        if (a.verb == verb and a.args and str(a.args[0]).lower() == first.lower()
                and (last is None or str(a.args[-1]).lower() == last.lower())):
            return a.label
    return None


def changes(game, before, s) -> Changes:
    """What the step from ``before`` to ``s`` changed (nothing without ``before``)."""
    ch = Changes()
    if before is None:
        return ch
    for p in range(s.players):
        if s.chosen[p] is not None and before.chosen[p] is None:
            ch.add(("chosen", p), f"{seat_name(p)} chooses a card face down")
    table_changes(game, before, s, ch)
    if ("attack",) in ch or (s.pending is not None and before.pending is None):
        for p in range(s.players):
            ch.add(("played", p))
        if s.pending is not None:
            ch.add(("take",), f"the cards are revealed: {s.pending.total} against power "
                              f"{s.pending.power}; {seat_name(s.pending.chooser)} picks a trophy")
    for p in range(s.players):
        trophy_changes(before.trophies[p], s.trophies[p], ("trophy", p), seat_name(p), ch, game)
        if s.offers and s.offers[p] and s.offers[p] != (before.offers[p] if before.offers else []):
            ch.add(("offer", p), f"{seat_name(p)} draws {plural(len(s.offers[p]), 'upgrade')}")
        if s.upgrades:
            new = Counter(s.upgrades[p]) - Counter(before.upgrades[p])
            for u in sorted(new):
                shown = "an upgrade" if u == HIDDEN_ID else f"upgrade {u}"
                ch.add(("upgrade", p, u), f"{seat_name(p)} keeps {shown}")
        if s.exchanged and len(s.exchanged[p]) > len(before.exchanged[p]):
            back = " and ".join(map(str, s.exchanged[p][len(before.exchanged[p]):]))
            ch.add(("exchanged", p), f"{seat_name(p)} puts the {back} back in the box")
        if s.cards:
            for i in range(len(before.cards[p]), len(s.cards[p])):
                c = s.cards[p][i]
                ch.add(("card", p, i), f"{seat_name(p)} gets the {c.kind} card of wave {c.wave}")
    for r in s.results[len(before.results):]:
        ch.add(("wave", r.wave), f"wave {r.wave} ends in {r.result}")
    undead_changes(game, before, s, ch)
    return ch


def description(game, engine, s, phase: str, ch: Changes) -> str:
    """Wave and turn, whose decision the game waits for, the undead, the Haven, the hands, the
    trophies (and victory points once known), and what the last step changed."""
    out = game.outcome(s)
    wave = f"wave {s.wave} of {s.waves}, " if s.campaign else ""
    head = (f"Bone to Pick, {plural(s.players, 'player')}, {_kind(s)} game, {wave}"
            f"turn {s.turn} of {s.turns}")
    owing = game.to_move(s)
    if out:
        waiting = "the game is over: " + out.summary
    elif phase == "take":
        waiting = (f"waiting for {seat_name(s.pending.chooser)}, who played the highest unique "
                   f"value, to pick one of the two undead; {seat_name(s.pending.other)} gets the other")
    elif phase == "upgrade":
        waiting = f"waiting for {access.seats_words(owing)} to keep an upgrade"
    else:
        waiting = f"waiting for {access.seats_words(owing)} to choose a card"
    if s.epic and s.current is not None and s.second is not None:
        hi, lo = engine.columns(s)
        a, b = game.data.undead[s.current], game.data.undead[s.second]
        foe = (f"two undead attack together, total power {engine.power(s)}: "
               f"{undead_words(game, s.current, a.power_for(hi))} and "
               f"{undead_words(game, s.second, b.power_for(lo))}")
    elif s.current is not None:
        foe = f"the undead attacking is {undead_words(game, s.current, game.power(s))}"
    else:
        foe = "no undead is attacking"
    hands = "cards in hand: " + ", ".join(
        f"{seat_label(s.names, p)} {len(s.hands[p]) + len(s.upgrades[p] if s.upgrades else [])}"
        for p in range(s.players))
    trophies = "trophies: " + ", ".join(
        f"{seat_name(p)} {len(s.trophies[p])} ({plural(game.trophy_points(s, p), 'point')})"
        for p in range(s.players))
    teams = ""
    if s.teams:
        teams = "teams: " + "; ".join(f"team {i + 1} " + access.seats_words(t)
                                      for i, t in enumerate(s.teams))
    return describe(head, waiting, foe, haven_words(game, s) + f", {len(s.deck)} undead in the deck",
                    teams, hands, trophies, last_step_words(ch))


def _kind(s) -> str:
    """"campaign", "epic", "team", "epic campaign", "team (epic) campaign"…, as the text board."""
    kind = s.variant + (" (epic)" if s.epic and s.variant != "epic" else "")
    return kind + (" campaign" if s.campaign and s.variant != "campaign" else "")


def _colour(game, s, p: int) -> str:
    """A seat's colour; in a team game the team's colour (the colour its weapons were drawn in)."""
    for i, team in enumerate(s.teams):
        if p in team:
            return colour_of(game, i)
    return colour_of(game, p)


def _team_of(s, p: int) -> int | None:
    return next((i for i, t in enumerate(s.teams) if p in t), None)


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars - 1] + "…"


# ---- the enemy board ---------------------------------------------------------------------------
def _enemy_board(game, engine, s, scene: Scene, phase: str, legal, out, before,
                 ch: Changes) -> None:
    # The title in a column of its own, left of the undead.
    scene.add(Rect(6, 6, WIDTH - 12, TOP - 12, "#efe6d2", "#a1887f", 1.5, 8))
    lines = ([f"Wave {s.wave} of {s.waves}"] if s.campaign else []) + [f"Turn {s.turn} of {s.turns}"]
    for i, line in enumerate(lines):
        scene.add(Text(18, 22 + 18 * i, line, 14, INK, bold=True))
    y = 22 + 18 * len(lines)
    scene.add(Text(18, y, f"{s.players} players", 12, MUTED),
              Text(18, y + 16, f"{_kind(s)} game", 12 if len(_kind(s)) < 16 else 12, MUTED))
    pile(scene, 18, 100, 34, 44, min(len(s.deck), 3), 3, 5)
    scene.add(Text(68, 118, "deck", 12, MUTED), Text(68, 134, str(len(s.deck)), 14, INK,
                                                     bold=True))
    if s.epic:
        _two_undead(game, engine, s, scene, phase, legal, ch)
    else:
        draw_undead(scene, game, s.current, s.players, ONE, ("undead",) in ch)
        if s.current is not None:
            scene.add(Text(ONE.x + ONE.w / 2, ONE.y + 84, f"({s.players}-player value)", 12,
                           MUTED, "middle"))
    haven(scene, game, s, HAVEN, before)
    below = f"beaten, no taker: {len(s.unclaimed)}"
    if s.prevented:
        below += f" · {s.prevented} damage spared by Bulwark"
    scene.add(Text(HAVEN_X, 24 + 80, below, 12, MUTED))
    if len(s.damage_row) > HAVEN.row_max:
        scene.add(Text(HAVEN_X + HAVEN.row_x + HAVEN.row_max * 40, 24 + HAVEN.row_y,
                       f"+{len(s.damage_row) - HAVEN.row_max}", 12, BAD))
    x = LAST_X
    if out:
        label, colour = result_label(out) if out.result != "campaign" else ("CAMPAIGN OVER", INK)
        scene.add(Text(WIDTH - 24, 24, label, 16, colour, "end", True))
        winners = _and_seats(out.winners) if out.winners else "nobody"
        what = "winner" if len(out.winners) == 1 else "winners"
        if out.result == "campaign":
            scene.add(Text(WIDTH - 24, 44, f"{what}: {winners}", 13, GOOD, "end", True))
        elif out.titles:
            title = next(iter(out.titles.values()))
            scene.add(Text(WIDTH - 24, 44, f"{title}: {_and_seats(sorted(out.titles))}", 13,
                           INK, "end", True))
    if phase == "take":
        p = s.pending
        scene.add(Text(x, 72, f"Beaten: {p.total} against power {p.power}", 12, GOOD, bold=True),
                  Text(x, 92, f"{seat_name(p.chooser)} played the highest unique value", 12, INK),
                  Text(x, 110, "and picks one of the two undead;", 12, INK),
                  Text(x, 128, f"{seat_name(p.other)} gets the other.", 12, INK))
        if any(a.verb == "take" for a in legal):
            scene.add(Text(x, 146, "Click the undead you take.", 12, PICK, bold=True))
        if ("take",) in ch:
            access.box(scene, x - 6, 60, WIDTH - x - 4, 78, 2, 6)
        return
    if s.history:
        _last_attack(game, s, scene, s.history[-1], x, 66 if out else 40, ("attack",) in ch)


def _two_undead(game, engine, s, scene: Scene, phase: str, legal, ch: Changes) -> None:
    """Epic: both undead with the power read at their columns and the total; in the trophy
    choice the chooser clicks one."""
    foes = [s.current, s.second]
    if s.current is None and s.pending is None:
        for i in range(2):
            draw_undead(scene, game, None, 2, _epic_layout(i))
        return
    hi, lo = engine.columns(s)
    for i, (uid, column) in enumerate(zip(foes, (hi, lo))):
        k = _epic_layout(i)
        label = _label(legal, "take", uid) if phase == "take" else None
        if label:
            scene.add(Rect(k.x - 5, k.y - 4, k.w + 10, k.h + 8, "#aed6f1", PICK, 2, 10))
        draw_undead(scene, game, uid, column, k, ("undead", i) in ch if i else ("undead",) in ch)
        scene.add(Text(k.x + k.w / 2, k.y + 82, f"({column}-player value)", 12, MUTED, "middle"))
        if label:
            u = game.data.undead[uid]
            scene.hit(k.x, k.y, k.w, k.h, label, f"take the {u.name} ({u.trophy} points)")
    a, b = (game.data.undead[u] for u in foes)
    scene.add(Text(EPIC_X + 140, 74, "+", 16, INK, "middle", True),
              Text(EPIC_X + 140, 148, f"total power {a.power_for(hi)} + {b.power_for(lo)} = "
                   f"{engine.power(s)}", 13, INK, "middle", True))


def _and_seats(seats) -> str:
    return ", ".join(seat_name(x) for x in seats)


def _last_attack(game, s, scene: Scene, r, x: float, y: float, changed: bool = False) -> None:
    """The last attack in short lines (the column is narrow): when, the total against the power
    (and the abilities' share), the undead, beaten or not and who took the trophies."""
    undead = game.data.undead
    when = f"wave {r.wave}, turn {r.turn}" if s.campaign else f"turn {r.turn}"
    total = f"{'' if r.bonus else 'cards total '}{r.total} against power {r.power}"
    lines = [(f"Last attack ({when})", INK, True), (total, INK, False)]
    if r.bonus:
        lines.append((f"({r.total - r.bonus} from cards, {r.bonus} from abilities)", MUTED, False))
    foes = undead[r.undead].name + (f" and {undead[r.second].name}" if r.second else "")
    if len(foes) <= 30:
        lines.append((foes, INK, False))
    else:
        lines += [(_fit(undead[r.undead].name, 30), INK, False),
                  (_fit(f"and {undead[r.second].name}", 30), INK, False)]
    line = ""
    if r.defeated:
        taken = [(u, to) for u, to in ((r.undead, r.trophy_to), (r.second, r.second_to)) if u]
        if all(to is None for _, to in taken):
            line = "no unique value: no trophy"
        elif len(taken) == 1 or taken[0][1] == taken[1][1]:
            line = f"trophy to {seat_name(taken[0][1])}"
        else:
            line = "trophies to " + " and ".join("nobody" if to is None else seat_name(to)
                                                 for _, to in taken)
    step = 18 if len(lines) < 5 else 16
    for i, (words, ink, bold) in enumerate(lines):
        scene.add(Text(x, y + step * i, words, 12, ink, bold=bold))
    last = y + step * len(lines)
    scene.add(Text(x, last, "beaten" if r.defeated else "got through", 12,
                   GOOD if r.defeated else BAD, bold=True))
    if line:
        scene.add(Text(x + 60, last, line, 12, INK))
    if changed:
        access.box(scene, x - 6, y - 10, WIDTH - x - 4, last - y + 20, 2, 6)


# ---- the campaign board ------------------------------------------------------------------------
def _campaign_board(scene: Scene, s, y: float, ch: Changes) -> None:
    conf = components().raw["campaign"]
    top = y
    copies = 2 if s.epic else 1
    scene.add(Rect(6, y + 2, WIDTH - 12, STRIP - 8, "#f3ead8", "#a1887f", 1.5, 8),
              Text(18, y + 20, "Campaign board", 13, INK, bold=True),
              Text(18, y + 40, "upgrade cards", 12, MUTED),
              Text(18, y + 56, f"deck {len(s.upgrade_deck)}", 12, INK),
              Text(18, y + 72, f"discards {len(s.upgrade_discard)}", 12, INK),
              Text(18, y + STRIP - 15, "L2 +2: a Legend card of wave II worth +2 victory points; "
                   "S: Scapegoat card.   VP = undead beaten (1 each) + title cards + the upgrades' "
                   "VP.", 12, MUTED))
    results = {r.wave: r for r in s.results}
    x0, h = 150, 62                             # the waves two by two
    w = (WIDTH - 8 - x0 - 6) / 2
    for i in range(s.waves):
        n = i + 1
        x, y = x0 + (i % 2) * (w + 6), top + (i // 2) * (h + 6)
        now = n == s.wave and not s.over
        scene.add(Rect(x, y + 8, w, h, "#fff6e0" if now else "#fffdf8",
                       WARM if now else "#bcaaa4", 2.5 if now else 1, 6),
                  Text(x + 10, y + 22, f"Wave {ROMAN[i]} · {s.wave_hit_points[i]} hit points", 12,
                       INK, bold=True))
        r = results.get(n)
        state_word = ("now" if now else "to come") if r is None else (
            "won" if r.result == "victory" else "lost")
        scene.add(Text(x + w - 10, y + 22, state_word, 12,
                       WARM_INK if r is None else GOOD if r.result == "victory" else BAD, "end", True))
        if ("wave", n) in ch:
            access.box(scene, x, y + 8, w, h, 2, 6)
        cards = f"{copies} × " if copies > 1 else ""
        scene.add(Text(x + 10, y + 40, f"Legend {cards}{conf['legend'][i]:+d} · Scapegoat "
                       f"{cards}{conf['scapegoat'][i]:+d} VP", 12, MUTED))
        if r is not None:
            kind = "Legend" if r.result == "victory" else "Scapegoat"
            vp = conf["legend" if kind == "Legend" else "scapegoat"][i]
            given = (f"{kind} card ({vp:+d}) → {_and_seats(r.card_to)}" if r.card_to
                     else f"no {kind} card (a tie)")
            scene.add(Text(x + 10, y + 58, _fit(given, 30), 12, GOOD if kind == "Legend" else BAD,
                           bold=True),
                      Text(x + w - 10, y + 58, _fit("title: " + " ".join(seat_name(t) for t in r.titled),
                                                    22), 12, MUTED, "end"))


# ---- teams -------------------------------------------------------------------------------------
def _teams(game, engine, s, scene: Scene, y: float, out) -> None:
    scene.add(Rect(6, y + 2, WIDTH - 12, TEAMS - 6, "#f3ead8", "#a1887f", 1.5, 8),
              Text(18, y + 19, "Teams", 13, INK, bold=True))
    n = len(s.teams)
    w = (WIDTH - 90 - 12) / n
    totals = _team_totals(engine, s, out)
    for i, team in enumerate(s.teams):
        x = 84 + i * w
        colour = _colour(game, s, team[0])
        won = out is not None and bool(out.winners) and set(team) <= set(out.winners)
        title = out.titles.get(team[0], "") if out is not None and not won else ""
        scene.add(Rect(x, y + 8, w - 8, TEAMS - 18, "#ffffff", colour, 3 if won else 2, 6),
                  Rect(x, y + 8, 8, TEAMS - 18, colour, None, 1, 3))
        label = f"Team {i + 1}: " + " + ".join(seat_name(p) for p in team)
        if totals is not None:
            label += f" · {totals[i]} VP" if s.campaign else f" · {plural(totals[i], 'point')}"
            if won:
                label += " · won"
            elif title:
                label += f" · {title}"
        scene.add(Text(x + 14, y + 19, label, 12, INK, bold=won))


def _team_totals(engine, s, out) -> list[int] | None:
    """Team scores once the game is over: summed victory points (campaign) or hand + trophies
    (victory) / hand (defeat) as the engine scored the title."""
    if out is None:
        return None
    return [sum(out.scores[p] for p in team) for team in s.teams]


# ---- player rows -------------------------------------------------------------------------------
def _row(game, engine, s, scene: Scene, p: int, y: float, phase: str, owes: bool,
         active: bool, legal, selection: str | None, out, ch: Changes) -> None:
    colour = _colour(game, s, p)
    row = row_height(s)
    seat_frame(scene, y + 3, WIDTH, row - 5, colour, owes, active, _fit(seat_label(s.names, p), 14),
               y + 18, 13)
    if s.teams:
        scene.add(Rect(6, y + 3, 6, row - 5, colour, None, 1, 2))
        scene.add(Text(34, y + 52, f"Team {_team_of(s, p) + 1}", 12, INK, bold=True))
    status = ""
    if out:
        status = out.titles.get(p, "")
    elif phase == "take":
        status = ("picks a trophy" if p == s.pending.chooser
                  else "gets the other" if p == s.pending.other else "")
    elif owes:
        status = "picks an upgrade" if phase == "upgrade" else "choosing…"
    if status:
        scene.add(Text(34, y + 36, _fit(status, 17), 12, WARM_INK if not out else INK,
                       bold=bool(out)))

    # Hand: weapons, then upgrades (wider, gold); clickable for the acting seat.
    scene.add(Text(HAND_X, y + 10, "hand", 12, MUTED))
    x = HAND_X
    for v in s.hands[p]:
        if v == HIDDEN:
            card_back(scene, x, y + 16, CARD_W, CARD_H, 5, 4)
        else:
            label = None
            if active and phase == "play":
                label = _label(legal, "play", str(v))
            elif active and phase == "upgrade" and selection is not None:
                label = _label(legal, "keep", selection, str(v))  # keep <upgrade> … <weapon>
            ok = label is not None
            _weapon(scene, x, y + 16, v, colour, ok)
            if ok:
                tip = f"play your {v}" if phase == "play" else f"put your {v} back in the box"
                scene.hit(x, y + 16, CARD_W, CARD_H, label, tip)
        x += CARD_W + GAP
    marked: set[str] = set()
    for u in s.upgrades[p]:
        new = ("upgrade", p, u) in ch and u not in marked
        marked.add(u)
        if u == HIDDEN_ID:
            _upgrade_back(scene, x, y + 16, CARD_W, CARD_H)
            if new:
                access.box(scene, x, y + 16, CARD_W, CARD_H, 3, 5, flush_top=True)
            x += CARD_W + GAP
            continue
        label = _label(legal, "play", u) if active and phase == "play" else None
        ok = label is not None
        _upgrade(scene, x, y + 16, u, clickable=ok)
        if ok:
            scene.hit(x, y + 16, UP_W, UP_H, label, f"play upgrade {u}")
        if new:
            access.box(scene, x, y + 16, UP_W, UP_H, 3, 5, flush_top=True)
        x += UP_W + GAP

    if s.offers and s.offers[p]:
        _offer(scene, s, p, y, active, legal, selection, ("offer", p) in ch)
    else:
        _played(scene, s, p, y, colour, ch)
        _used(scene, s, p, y)
        _trophies(game, s, scene, p, y, ch)
    if s.campaign:
        _campaign_column(engine, s, scene, p, y, out, ch)
    elif out and not s.teams:   # under the title, left of the hand (a team's total is in its band)
        scene.add(Text(HAND_X - 8, y + 52, f"score {out.scores[p]}", 13, INK, "end", True))


def _weapon(scene: Scene, x: float, y: float, value: int, colour: str, clickable: bool) -> None:
    scene.add(Rect(x, y, CARD_W, CARD_H, "#ffffff", colour, 3.5 if clickable else 2, 4),
              Text(x + CARD_W / 2, y + CARD_H / 2, str(value), 15, INK, "middle", True))


def _upgrade(scene: Scene, x: float, y: float, card: str, clickable: bool = False,
             picked: bool = False) -> None:
    """An upgrade card face up: id and victory points, value, ability (wider than a weapon)."""
    u = upgrades()[card]
    if picked:
        scene.add(Rect(x - 3, y - 3, UP_W + 6, UP_H + 6, "#aed6f1", PICK, 2, 7))
    scene.add(Rect(x, y, UP_W, UP_H, UPGRADE_FILL, UPGRADE_EDGE, 3.5 if clickable else 2, 5),
              Text(x + 4, y + 9, card, 12, UPGRADE_INK, bold=True),
              Text(x + UP_W - 4, y + 9, f"{u.victory_points} VP", 12, INK, "end"),
              Text(x + UP_W / 2, y + 24, str(u.value), 15, INK, "middle", True))
    # The ability's name, on two lines when one is too narrow ("Grave / Robber").
    name = abilities()[u.ability].name if u.ability else "no ability"
    words = [name] if len(name) <= 10 else name.split(" ", 1)
    for i, line in enumerate(words):
        scene.add(Text(x + UP_W / 2, y + (39 if len(words) == 1 else 37 + 12 * i), line, 12,
                       PICK if u.ability else MUTED, "middle"))


def _upgrade_back(scene: Scene, x: float, y: float, w: float = CARD_W, h: float = UP_H) -> None:
    """A face-down upgrade card: gold with a U, so it is told apart from a weapon but not read."""
    scene.add(Rect(x, y, w, h, UPGRADE_BACK, "#5c4b06", 1, 4),
              Text(x + w / 2, y + h / 2, "U", 13 if h > 30 else 12, "#fdf2d0", "middle", True))


def _played(scene: Scene, s, p: int, y: float, colour: str, ch: Changes) -> None:
    """This turn's card face down (its owner peeks), the revealed cards of an epic trophy
    choice, or the card of the last attack."""
    x = PLAYED_X
    chosen = s.chosen[p]
    if s.pending is not None:
        scene.add(Text(x, y + 10, "played", 12, MUTED))
        _small_card(scene, x, y + 16, s.pending.plays[p], colour)
    elif chosen is not None:
        scene.add(Text(x, y + 10, "chosen", 12, MUTED))
        card_back(scene, x, y + 16, CARD_W, CARD_H, 5, 4)
        if chosen != HIDDEN:
            scene.add(Rect(x + 3, y + 26, CARD_W - 6, 20, "#fff", None, 1, 3),
                      Text(x + CARD_W / 2, y + 36, str(chosen).lower() if isinstance(chosen, str)
                           else str(chosen), 12, INK, "middle", True))
    elif s.history and (not s.campaign or s.history[-1].wave == s.wave):
        scene.add(Text(x, y + 10, f"turn {s.history[-1].turn}", 12, MUTED))
        _small_card(scene, x, y + 16, s.history[-1].plays[p], colour)
    else:
        return
    if ("chosen", p) in ch or ("played", p) in ch:
        access.box(scene, x, y + 16, CARD_W, CARD_H, 3, 5, flush_top=True)


def _small_card(scene: Scene, x: float, y: float, card, colour: str) -> None:
    """A played card face up in a weapon's width (an upgrade in gold with its id)."""
    if isinstance(card, str):
        u = upgrades()[card]
        scene.add(Rect(x, y, CARD_W, CARD_H, UPGRADE_FILL, UPGRADE_EDGE, 2, 4),
                  Text(x + CARD_W / 2, y + 9, card.lower(), 12, UPGRADE_INK, "middle", True),
                  Text(x + CARD_W / 2, y + 26, str(u.value), 14, INK, "middle", True))
        return
    scene.add(Rect(x, y, CARD_W, CARD_H, "#ffffff", colour, 2, 4),
              Text(x + CARD_W / 2, y + CARD_H / 2, str(card), 15, INK, "middle", True))


def _used(scene: Scene, s, p: int, y: float) -> None:
    used = s.used(p)
    scene.add(Text(USED_X, y + 10, "used", 12, MUTED))
    if used:
        pile(scene, USED_X, y + 16, CARD_W, CARD_H - 6, min(len(used), 3), 2, 4)
        scene.add(Text(USED_X + CARD_W / 2 + 2, y + 16 + CARD_H / 2, str(len(used)), 12, "#fff",
                       "middle", True))


def _trophies(game, s, scene: Scene, p: int, y: float, ch: Changes) -> None:
    points = game.trophy_points(s, p)
    trophies = s.trophies[p]
    scene.add(Text(TROPHY_X, y + 10, f"trophies · {plural(points, 'point')}", 12, MUTED))
    shown = trophies if len(trophies) <= 4 else trophies[:3]
    for i, uid in enumerate(shown):
        u = game.data.undead[uid]
        chip(scene, u, TROPHY_X + i * 26, y + 18, 24, 34, str(u.trophy), 12)
        if ("trophy", p, i) in ch:
            access.box(scene, TROPHY_X + i * 26, y + 18, 24, 34, 2, 4, flush_top=True)
    if len(shown) < len(trophies):
        scene.add(Text(TROPHY_X + 3 * 26 + 14, y + 35, f"+{len(trophies) - 3}", 12, INK, "middle",
                       True))
        if any(("trophy", p, i) in ch for i in range(3, len(trophies))):
            access.box(scene, TROPHY_X + 3 * 26 + 2, y + 24, 24, 22, 2, 4, flush_top=True)


def _offer(scene: Scene, s, p: int, y: float, active: bool, legal, selection: str | None,
           changed: bool) -> None:
    """The upgrades a seat drew: face up for that seat (click one, then a weapon), else backs."""
    offer = s.offers[p]
    hidden = all(u == HIDDEN_ID for u in offer)
    keep = f"keep 1 of {len(offer)}" if len(offer) > 1 else "keep it"
    scene.add(Text(PLAYED_X, y + 9, f"upgrades drawn: {keep}", 12, WARM_INK, bold=True))
    if changed:
        access.box(scene, PLAYED_X, y + 16, len(offer) * (UP_W + GAP) - GAP, UP_H, 3, 6,
                   flush_top=True)
    for i, u in enumerate(offer):
        x = PLAYED_X + i * (UP_W + GAP)
        if hidden:
            _upgrade_back(scene, x, y + 16, UP_W)
            continue
        arg = u.lower()
        ok = active and _label(legal, "keep", arg) is not None
        _upgrade(scene, x, y + 16, u, clickable=ok, picked=arg == selection)
        if ok:
            tip = ("click again to put it back" if arg == selection
                   else f"{u} chosen; now click the weapon to put back in the box")
            scene.hit(x, y + 16, UP_W, UP_H, f"select:{arg}", tip)


def _campaign_column(engine, s, scene: Scene, p: int, y: float, out, ch: Changes) -> None:
    """The row's campaign line, under the cards: trophies set aside, title cards, the VP sum."""
    x, cy = HAND_X, y + CAMPAIGN_ROW - 15
    label = f"trophies set aside {len(s.set_aside[p])}"
    scene.add(Text(x, cy, label, 12, MUTED))
    x += 6 * len(label) + 20
    for i, c in enumerate(s.cards[p]):
        legend = c.kind == "Legend"
        scene.add(Rect(x, cy - 10, 42, 20, "#f9e79f" if legend else "#f5b7b1",
                       "#b7950b" if legend else BAD, 1.5, 4),
                  Text(x + 21, cy, f"{c.kind[0]}{c.wave} {c.victory_points:+d}", 12,
                       INK, "middle", True))
        if ("card", p, i) in ch:
            access.box(scene, x, cy - 10, 42, 20, 2, 4, flush_top=True)
        x += 46
    if not s.cards[p]:
        scene.add(Text(x, cy, "no title card", 12, MUTED))
        x += 86
    x += 10
    if HIDDEN_ID in s.kept[p]:
        n = len(s.kept[p])
        scene.add(Text(x, cy, f"{n} upgrade{'' if n == 1 else 's'} gained", 12, MUTED))
        return
    titles = sum(c.victory_points for c in s.cards[p])
    ups = sum(upgrades()[u].victory_points for u in s.kept[p])
    undead = len(s.set_aside[p]) + len(s.trophies[p])
    vp = engine.victory_points(s, p)
    sign = "+" if titles >= 0 else "-"
    scene.add(Text(x, cy, f"{undead} {sign} {abs(titles)} + {ups} = {vp} VP", 12, INK, bold=bool(out)))
