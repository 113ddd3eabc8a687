"""Bone to Pick's solo and co-operative games as Scenes.

``bone_to_pick.render`` hands every state of variant "solo" or "coop" here; the base game's
picture is drawn there, unchanged. Card colours, level colours and inks come from that module.

Solo clicks: a row A card (or a kept upgrade) first, which selects it (``select:a3``), then a
row B card (or upgrade), whose target is the whole label ``P1 play a3 b7``; row B first works
too. Offered upgrades target ``P1 keep u07``. Co-op clicks: hand cards (``P2 play 7``), the
share buttons (``P1 share types``) and offered upgrades (``P1 keep u07``).
"""
from __future__ import annotations

from bonekit.core.actions import seat_name
from bonekit.games.bone_to_pick.modes_state import HIDDEN_CARD
from bonekit.games.bone_to_pick.data import card_type, card_value

from ..scene import Rect, Scene, Text
from .bone_to_pick_parts import (BAD, INK, MUTED, HavenLayout, UndeadLayout, board,
                                 card_back, chip, haven, last_attack, new_scene, pile,
                                 result_label, seat_frame, seat_label, undead_card)

WIDTH = 960
TOP = 160                  # height of the enemy board band
CW, CH = 50, 70            # weapon and upgrade cards
UPGRADE_EDGE, UPGRADE_FILL = "#b9770e", "#fdf2d0"
PICK = "#1a5276"
UNDEAD = UndeadLayout(x=170, y=14, w=160, h=132, edge=15, name_y=40, name_fits=18, power_y=68,
                      power_size=20, power_note=True)
HAVEN = HavenLayout(x=350, y=28, title_size=15, shield=12, first=74, step=32, left_y=28,
                    left_size=13, left_ink=INK, row_y=54, row_x=84, row_max=6, row_empty=True)
TYPE_ICON = {"none": "∅", "melee": "⚔", "ranged": "➶", "siege": "♜"}
TYPE_INK = {"none": MUTED, "melee": "#922b21", "ranged": "#1e8449", "siege": "#6c3483"}
NOTHING = "none"


def render(game, state, seat: int | None = None, active: int | None = None,
           selection: str | None = None) -> Scene:
    if state.variant == "solo":
        return _solo(game, state, seat, active, selection)
    return _coop(game, state, seat, active)


# ---- shared pieces ------------------------------------------------------------------------------
def _colour(game, card: str) -> str:
    if ":" in card:
        name = card.split(":")[0]
        names = game.data.colour_names
        return game.data.colour_hex[names.index(name)] if name in names else INK
    return UPGRADE_EDGE


def _card(scene: Scene, game, x: float, y: float, card: str | None, *, picked: bool = False,
          clickable: bool = False, w: float = CW, h: float = CH) -> None:
    """A weapon (colour edge, value, type icon), an upgrade (gold, id) or a face-down card."""
    if card is None or card == HIDDEN_CARD:
        card_back(scene, x, y, w, h, 7, 5)
        return
    if card == NOTHING:
        scene.add(Rect(x, y, w, h, "#f4f4f4", "#bbb", 1, 5),
                  Text(x + w / 2, y + h / 2, "0", 18, MUTED, "middle", True))
        return
    upgrade = ":" not in card
    edge = _colour(game, card)
    if picked:
        scene.add(Rect(x - 5, y - 5, w + 10, h + 10, "#aed6f1", PICK, 2, 8))
    scene.add(Rect(x, y, w, h, UPGRADE_FILL if upgrade else "#ffffff", edge,
                   3.5 if clickable else 2.5, 5),
              Text(x + w / 2, y + h / 2 - 6, str(card_value(card)), 22, INK, "middle", True))
    kind = card_type(card)
    scene.add(Text(x + w / 2, y + h - 13, TYPE_ICON[kind], 16, TYPE_INK[kind], "middle"))
    if upgrade:
        scene.add(Text(x + w / 2, y + 9, card, 9, UPGRADE_EDGE, "middle", True))


def _stack(scene: Scene, s, compositions: list[dict]) -> None:
    """The undead stack, counted, and which of the four undead decks the current one came from."""
    sizes = [sum(c.values()) for c in compositions]
    left = len(s.stack)
    drawn = sum(sizes) - left  # including the undead on the table
    pile(scene, 18, 62, 56, 72, min(left, 4), 3, 6)
    scene.add(Text(88, 80, "stack", 11, MUTED), Text(88, 98, str(left), 18, INK, bold=True),
              Text(88, 116, "undead left", 10, MUTED))
    deck, total = 0, 0
    for i, n in enumerate(sizes):
        total += n
        if drawn <= total:
            deck = i + 1
            break
    if s.current is not None and deck:
        scene.add(Text(18, 150, f"undead deck {deck} of {len(sizes)}", 11, INK))


def _last_attack(scene: Scene, game, s, x: float, y: float, names: bool) -> None:
    if not s.history:
        return
    r = s.history[-1]
    trophy = None
    if names and r.defeated:
        trophy = (f"trophy to {seat_name(r.trophy_to)}" if r.trophy_to is not None
                  else "no unique value: no trophy")
    last_attack(scene, game, r, r.values, x, y, 18, trophy)


def _end_banner(scene: Scene, out, title: str) -> None:
    label, colour = result_label(out)
    scene.add(Rect(WIDTH - 250, 10, 238, 50, "#fffdf8", colour, 2, 8),
              Text(WIDTH - 131, 26, label, 15, colour, "middle", True),
              Text(WIDTH - 131, 46, f"title: {title}", 14, INK, "middle", True))


def _trophy_slots(scene: Scene, game, x: float, y: float, trophies, per: int) -> None:
    """``per`` places toward an upgrade, the trophies won so far in the first ones."""
    for i in range(per):
        bx = x + i * 30
        if i < len(trophies):
            chip(scene, game.data.undead[trophies[i]], bx, y, 26, 34, "★", 13, bold=False)
        else:
            scene.add(Rect(bx, y, 26, 34, None, "#bcaaa4", 1, 3))


def _trophies(scene: Scene, game, x: float, y: float, trophies, set_aside, per: int) -> None:
    scene.add(Text(x, y, f"trophies {len(trophies)} of {per} toward an upgrade", 11, MUTED))
    _trophy_slots(scene, game, x, y + 10, trophies, per)
    if set_aside:
        scene.add(Text(x + per * 30 + 6, y + 27, f"+{len(set_aside)} set aside", 11, MUTED))


# ---- solo ---------------------------------------------------------------------------------------
def _solo(game, state, seat, active, selection) -> Scene:
    s = game.view(state, seat)
    mode = game.engines["solo"]
    conf = mode.conf
    out = game.outcome(s)
    acting = active is not None and active in game.to_move(s) and (seat is None or seat == active)
    legal = {a.label for a in game.legal_actions(s, active)} if acting else set()
    height = TOP + 2 * 100 + 120
    scene = new_scene(WIDTH, height, f"Bone to Pick solo game, turn {s.turn}", seat)
    board(scene, WIDTH, TOP - 8, f"Solo · turn {s.turn}", s.names[0], 15, 42)
    undead_card(scene, game, s.current, conf["players_for_power"], UNDEAD)
    _stack(scene, s, conf["undead_decks"])
    haven(scene, game, s, HAVEN)
    _trophies(scene, game, 350, 112, s.trophies, s.set_aside, conf["trophies_per_reward"])
    _last_attack(scene, game, s, 640, 76, names=False)
    if out:
        _end_banner(scene, out, out.titles[0])

    # Which clicks are open: a first pick selects, a second completes a legal label.
    first = {a.split()[2] for a in legal if a.split()[1] == "play"}
    second = {a.split()[3] for a in legal if a.split()[1] == "play"}
    if selection is not None and not (selection in first or (selection in second and
                                                             selection[0] == "b")):
        selection = None

    def target(slot: int, arg: str) -> tuple[str | None, str]:
        """The hit target for choosing ``arg`` for ``slot`` (0: deck A's place, 1: B's)."""
        if not legal or s.offer:
            return None, ""
        if selection is None:
            if slot == 0 and arg in first:
                return f"select:{arg}", f"{arg} chosen; now pick a card for deck B"
            if slot == 1 and arg.startswith("b") and arg in second:
                return f"select:{arg}", f"{arg} chosen; now pick a card from row A"
            return None, ""
        if selection == arg:
            return f"select:{arg}", "click again to put it back"
        a, b = (arg, selection) if selection.startswith("b") else (selection, arg)
        label = f"{seat_name(0)} play {a} {b}"
        return (label, f"play {a} and {b}") if label in legal else (None, "")

    # The two rows.
    for i, row in enumerate("AB"):
        y = TOP + 12 + i * 100
        scene.add(Rect(6, y, 640, 92, "#fffdf8", "#d7ccc8", 1, 6),
                  Text(20, y + 20, f"Row {row}", 15, INK, bold=True),
                  Text(20, y + 40, "deck", 11, MUTED))
        pile(scene, 84, y + 12, 46, 64, min(len(s.decks[i]), 3), 2, 5)
        scene.add(Text(109, y + 46, str(len(s.decks[i])), 15, "#fff" if s.decks[i] else MUTED,
                       "middle", True), Text(20, y + 58, "cards", 11, MUTED))
        shown_pick = False
        for j, card in enumerate(s.rows[i]):
            x = 170 + j * 66
            arg = f"{row.lower()}{card_value(card)}"
            tgt, tip = target(i, arg)
            picked = selection == arg and not shown_pick  # two cards of one value: mark one
            shown_pick = shown_pick or picked
            _card(scene, game, x, y + 11, card, picked=picked, clickable=tgt is not None)
            if tgt:
                scene.hit(x, y + 11, CW, CH, tgt, tip)
        if not s.rows[i]:
            scene.add(Text(170, y + 46, f"row {row} is empty: it adds nothing", 12, MUTED))
            tgt, tip = target(i, NOTHING)
            if i == 0 and tgt is None and selection is not None and selection.startswith("b"):
                tgt, tip = target(0, NOTHING)
            if tgt:
                scene.add(Rect(360, y + 30, 90, 30, "#eaf2f8", PICK, 1.5, 6),
                          Text(405, y + 45, "add 0", 13, PICK, "middle", True))
                scene.hit(360, y + 30, 90, 30, tgt, tip)
        if i == 1:
            scene.add(Text(630, y + 80, "take one face-up card from each row", 10, MUTED, "end"))

    # Upgrades kept, playable in place of a row card.
    ux, uy = 660, TOP + 12
    scene.add(Rect(ux, uy, WIDTH - ux - 6, 192, "#fffdf8", "#d7ccc8", 1, 6),
              Text(ux + 12, uy + 18, "Upgrades kept", 14, INK, bold=True),
              Text(ux + 12, uy + 36, "play one in place of a row card", 10, MUTED))
    shown_pick = False
    for j, card in enumerate(s.upgrades[:10]):
        x, y = ux + 12 + (j % 5) * 56, uy + 50 + (j // 5) * 76
        arg = f"u{card_value(card)}"
        picked = selection == arg and not shown_pick
        if selection == arg and shown_pick:
            # A second upgrade of the picked value: the two together are a legal pair.
            label = f"{seat_name(0)} play {arg} {arg}"
            tgt, tip = (label, f"play both {arg}") if label in legal else (None, "")
        elif selection is None or selection.startswith("b"):
            tgt, tip = target(0, arg)
        else:
            tgt, tip = target(1, arg)
        shown_pick = shown_pick or picked
        _card(scene, game, x, y, card, picked=picked, clickable=tgt is not None)
        if tgt:
            scene.hit(x, y, CW, CH, tgt, tip)
    if not s.upgrades:
        scene.add(Text(ux + 12, uy + 80, "none yet", 12, MUTED))
    elif len(s.upgrades) > 10:
        scene.add(Text(WIDTH - 18, uy + 18, f"+{len(s.upgrades) - 10} more (buttons below)", 10,
                       MUTED, "end"))

    # Status and the upgrade offer.
    y = TOP + 216
    scene.add(Rect(6, y, WIDTH - 12, 104, "#fff6e0" if acting else "#fffdf8", "#d7ccc8", 1, 6))
    if out:
        scene.add(Text(20, y + 24, out.summary, 13, INK, bold=True),
                  Text(20, y + 48, f"{len(s.trophies) + len(s.set_aside)} undead beaten · "
                       f"{len(s.stack)} left in the stack", 12, MUTED))
    elif s.offer:
        scene.add(Text(20, y + 20, "Four trophies: keep one upgrade", 14, INK, bold=True),
                  Text(20, y + 40, "click the one to keep;", 11, MUTED),
                  Text(20, y + 56, "the others are discarded", 11, MUTED))
        for j, card in enumerate(s.offer):
            x = 300 + j * 80
            label = f"{seat_name(0)} keep {card.lower()}"
            ok = label in legal
            _card(scene, game, x, y + 16, card, clickable=ok)
            if ok:
                scene.hit(x, y + 16, CW, CH, label, f"keep {card} ({card_value(card)})")
    else:
        if selection is None:
            hint = "Click a card in row A (or an upgrade), then one in row B."
        else:
            hint = f"{selection} chosen: now pick the other card (click it again to put it back)."
            if selection != NOTHING:
                hint = hint[:-1] + f"; {int(selection[1:])} so far."
        power = game.power(s)
        scene.add(Text(20, y + 24, hint if acting else "Waiting.", 14, INK, bold=True),
                  Text(20, y + 50, f"Your two cards must add up to {power} to beat it.", 12, MUTED))
    return scene


# ---- co-op --------------------------------------------------------------------------------------
ROW = 112


def _coop(game, state, seat, active) -> Scene:
    s = game.view(state, seat)
    mode = game.engines["coop"]
    conf = mode.by_players(s.players)
    out = game.outcome(s)
    owing = game.to_move(s)
    acting = active is not None and active in owing and (seat is None or seat == active)
    legal = {a.label for a in game.legal_actions(s, active)} if acting else set()
    height = TOP + ROW * s.players + 56
    scene = new_scene(WIDTH, height, f"Bone to Pick co-op game, turn {s.turn}", seat)
    board(scene, WIDTH, TOP - 8, f"Co-op · turn {s.turn}", f"{s.players} players", 15, 42)
    undead_card(scene, game, s.current, s.players, UNDEAD)
    _stack(scene, s, conf["undead_decks"])
    haven(scene, game, s, HAVEN)
    # Turn order, whose turn, and the talk rule in force.
    order = mode.order(s)
    nxt = None if (out or s.offer) else mode.next_player(s)
    scene.add(Text(350, 118, "turn order", 11, MUTED))
    for k, p in enumerate(order):
        x = 420 + k * 58
        now = p == nxt
        scene.add(Rect(x, 106, 46, 24, "#fdebd0" if now else "#fffdf8", INK if now else "#bcaaa4",
                       2 if now else 1, 12),
                  Text(x + 23, 118, seat_name(p), 12, INK, "middle", now))
        if k + 1 < len(order):
            scene.add(Text(x + 52, 118, "›", 14, MUTED, "middle"))
    if s.options.get("hard"):
        scene.add(Rect(350, 136, 150, 18, "#f5b7b1", BAD, 1.5, 4),
                  Text(425, 145, "HARD MODE · no talking", 10, BAD, "middle", True))
    else:
        values_ok = s.turn <= mode.free_turns(s)
        scene.add(Text(350, 145, "talk: values and types" if values_ok else "talk: types only",
                       11, MUTED))
    played_total = sum(card_value(c) for c in s.played if c not in (None, HIDDEN_CARD))
    if s.current is not None and any(c is not None for c in s.played):
        scene.add(Text(640, 138, f"played so far: {played_total} of {game.power(s)}", 13, INK,
                       bold=True))
    _last_attack(scene, game, s, 640, 40 if not out else 76, names=True)
    if out:
        _end_banner(scene, out, out.titles[0])

    for p in range(s.players):
        _coop_row(game, mode, s, scene, p, TOP + 6 + p * ROW, p == nxt, p in owing,
                  acting and p == active, legal, seat, conf)

    # Upgrade offer (its cards are seen only by the player who keeps one).
    y = TOP + 6 + s.players * ROW
    if s.offer and not out:
        scene.add(Text(20, y + 22, f"{seat_name(s.offer_to)} beat a third trophy and keeps one of "
                       f"{len(s.offer)} upgrades (shown in that row)", 13, INK, bold=True))
    elif out:
        scene.add(Text(20, y + 22, out.summary, 13, INK, bold=True))
    else:
        scene.add(Text(20, y + 22, f"upgrade discards {len(s.upgrade_discard)} · deck "
                       f"{len(s.upgrade_deck)} · every {mode.conf['trophies_per_reward']} trophies "
                       f"of one player earn an upgrade", 11, MUTED))
    return scene


def _coop_row(game, mode, s, scene: Scene, p: int, y: float, now: bool, owes: bool,
              clickable: bool, legal: set[str], seat, conf) -> None:
    # The seat's colour is that of the first weapon set in its deck (its cards' edges).
    colour = game.data.colour_hex[(p * conf["sets_per_deck"]) % len(game.data.colour_hex)]
    name = seat_name(p)
    seat_frame(scene, y, WIDTH, ROW - 6, colour, owes, clickable, seat_label(s.names, p), y + 18, 14)
    if now:
        scene.add(Text(34, y + 40, "plays now", 12, "#b9770e", bold=True))
    elif s.offer and s.offer_to == p:
        scene.add(Text(34, y + 40, "choosing", 12, "#b9770e", bold=True))
    scene.add(Text(34, y + 60, f"deck {len(s.decks[p])}", 11, MUTED))
    if s.start == p:
        scene.add(Text(34, y + 78, "starting player", 10, MUTED))

    # Hand: own (or all-seeing) face up, others face down.
    hx = 150
    hand = s.hands[p]
    hidden = any(c == HIDDEN_CARD for c in hand)
    scene.add(Text(hx, y + 11, f"hand ({len(hand)})", 10, MUTED))
    step = min(56, 330 // max(1, len(hand)))
    for i, card in enumerate(hand):
        x = hx + i * step
        label = f"{name} play {card_value(card)}" if card != HIDDEN_CARD else ""
        ok = clickable and label in legal
        _card(scene, game, x, y + 20, card, clickable=ok)
        if ok:
            scene.hit(x, y + 20, min(CW, step), CH, label, f"play your {card_value(card)}")
    if not hand:
        scene.add(Text(hx, y + 55, "no cards left", 12, MUTED))
        label = f"{name} play {NOTHING}"
        if clickable and label in legal:
            scene.add(Rect(hx + 100, y + 40, 90, 30, "#eaf2f8", PICK, 1.5, 6),
                      Text(hx + 145, y + 55, "add 0", 13, PICK, "middle", True))
            scene.hit(hx + 100, y + 40, 90, 30, label, "you have nothing left to play")

    # What this player told the table this turn (public), shown over hidden hands too.
    tx = 500
    told = mode.told(s, p)
    for k, x in enumerate(told):
        ty = y + 22 + k * 30
        scene.add(Text(tx, ty - 10, f"told {x.kind}", 10, MUTED))
        if x.kind == "values":
            scene.add(Text(tx, ty + 6, " ".join(x.told), 14, INK, bold=True))
        else:
            for j, kind in enumerate(x.told):
                scene.add(Rect(tx + j * 30, ty - 6, 26, 24, "#ffffff", TYPE_INK[kind], 1.5, 4),
                          Text(tx + j * 30 + 13, ty + 6, TYPE_ICON[kind], 16, TYPE_INK[kind],
                               "middle"))
    if hidden and not told:
        scene.add(Text(tx, y + 40, "nothing told", 10, MUTED))

    # Share buttons for the clicking seat.
    bx = tx
    for kind in ("types", "values"):
        label = f"{name} share {kind}"
        if clickable and label in legal:
            scene.add(Rect(bx, y + 74, 96, 24, "#eaf2f8", PICK, 1.5, 6),
                      Text(bx + 48, y + 86, f"share {kind}", 12, PICK, "middle", True))
            scene.hit(bx, y + 74, 96, 24, label, f"tell the table the {kind} in your hand")
            bx += 104

    # This turn's card, face up.
    px = 720
    scene.add(Text(px, y + 11, "played", 10, MUTED))
    if s.played[p] is not None:
        _card(scene, game, px, y + 20, s.played[p])
    else:
        scene.add(Rect(px, y + 20, CW, CH, None, "#bcaaa4", 1, 5))

    # Trophies toward an upgrade, or the offer being chosen.
    ox = 790
    if s.offer and s.offer_to == p:
        scene.add(Text(ox, y + 11, "keep one", 10, MUTED))
        for j, card in enumerate(s.offer):
            x = ox + j * 54
            label = f"{name} keep {card.lower()}" if card != HIDDEN_CARD else ""
            ok = clickable and label in legal
            _card(scene, game, x, y + 20, card, clickable=ok, w=46)
            if ok:
                scene.hit(x, y + 20, 46, CH, label, f"keep {card} ({card_value(card)})")
        return
    per = mode.conf["trophies_per_reward"]
    scene.add(Text(ox, y + 11, f"trophies {len(s.trophies[p])} of {per}", 10, MUTED))
    _trophy_slots(scene, game, ox, y + 20, s.trophies[p], per)
    if s.set_aside[p]:
        scene.add(Text(ox, y + 68, f"+{len(s.set_aside[p])} set aside", 10, MUTED))
    ups = [c for c in s.hands[p] if c != HIDDEN_CARD and ":" not in c]
    if ups:
        scene.add(Text(ox, y + 84, "upgrades in hand: " + " ".join(ups), 10, UPGRADE_EDGE))
