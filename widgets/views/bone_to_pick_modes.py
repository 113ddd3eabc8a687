"""Bone to Pick's solo and co-operative games as Scenes.

``bone_to_pick.render`` hands every state of variant "solo" or "coop" here; the base game's
picture is drawn there, unchanged. Card colours, level colours and inks come from that module.

Solo clicks: a row A card (or a kept upgrade) first, which selects it (``select:a3``), then a
row B card (or upgrade), whose target is the whole label ``P1 play a3 b7``; row B first works
too. Offered upgrades target ``P1 keep u07``. Co-op clicks: hand cards (``P2 play 7``,
``P2 play u07``), the share buttons (``P1 share types``) and offered upgrades (``P1 keep u07``).
Each card's label argument comes from ``labels.card_arg``, the engine's own grammar.

Under the picture a legend explains its signs. Given the state one step before, the picture
marks what that step changed (cards played or new in a row, what was told, the attack, trophies,
damage, upgrades drawn and kept); ``scene.description`` says what the picture shows in words.
"""
from __future__ import annotations

from collections import Counter

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bone_to_pick.data import card_type, card_value
from bonekit.games.bone_to_pick.labels import card_arg
from bonekit.games.bone_to_pick.modes_state import HIDDEN_CARD

from ..scene import Rect, Scene, Text
from . import access
from .access import Entry, describe
from .bone_to_pick_parts import (
    BAD,
    INK,
    LEGEND,
    MUTED,
    NAMED,
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

WIDTH = 930                # fits a laptop's notebook (934 px) at full size
TOP = 160                  # height of the enemy board band
CW, CH = 50, 70            # weapon and upgrade cards
UPGRADE_EDGE, UPGRADE_FILL = "#b9770e", "#fdf2d0"
UPGRADE_INK = "#7e5109"    # an upgrade's id, on its gold card
PICK = "#1a5276"
UNDEAD = UndeadLayout(x=170, y=14, w=160, h=132, edge=15, name_y=40, name_fits=18, power_y=68,
                      power_size=20, power_note=True)
HAVEN = HavenLayout(x=350, y=28, title_size=15, shield=12, first=74, step=32, left_y=28,
                    left_size=13, left_ink=INK, row_y=54, row_x=84, row_max=6, row_empty=True)
TYPE_ICON = {"none": "∅", "melee": "⚔", "ranged": "➶", "siege": "♜"}
TYPE_INK = {"none": MUTED, "melee": "#922b21", "ranged": "#176a3a", "siege": "#6c3483"}
NOTHING = "none"


def render(game, state, seat: int | None = None, active: int | None = None,
           selection: str | None = None, previous=None) -> Scene:
    """Draw a solo or co-op ``state`` as ``seat`` sees it; ``active`` may click. With
    ``previous`` (the state one step before) what changed since is marked."""
    before = game.view(previous, seat) if same_game(previous, state) else None
    if state.variant == "solo":
        return _solo(game, state, seat, active, selection, before)
    return _coop(game, state, seat, active, before)


# ---- shared pieces ------------------------------------------------------------------------------
def _colour(game, card: str) -> str:
    if ":" in card:
        name = card.split(":")[0]
        names = game.data.colour_names
        return colour_of(game, names.index(name)) if name in names else INK
    return UPGRADE_EDGE


def _upgrade_icon(scene: Scene, x: float, y: float) -> None:
    scene.add(Rect(x - 12, y - 11, 24, 22, UPGRADE_FILL, UPGRADE_EDGE, 2, 4),
              Text(x, y + 1, "7", 12, INK, "middle", True))


def legend_entries(coop: bool) -> list[Entry]:
    """The shared legend, with the weapon types, colours and upgrades (and the co-op turn order)."""
    out = list(LEGEND[:-1])
    out += [Entry(f"{TYPE_ICON[k]} {k if k != 'none' else 'no type'}") for k in TYPE_ICON]
    out += [Entry("R G Y B P O: the weapon's colour (red, green, yellow, blue, purple, orange)"),
            Entry("gold card: an upgrade (its id on top)", _upgrade_icon, 24)]
    if coop:
        out.append(Entry("P1 › P2: the turn order"))
    return out + LEGEND[-1:]


def _arg(legal: set[str], seat: int, verb: str, card, row: str = "") -> str | None:
    """The legal label of ``verb`` with ``card`` (``P2 play 7``, ``P1 keep u07``), if any."""
    label = f"{seat_name(seat)} {verb} {card_arg(card, row)}"
    return label if label in legal else None


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
        scene.add(Text(x + w / 2, y + 9, card, 12, UPGRADE_INK, "middle", True))
    elif card.split(":")[0] in NAMED:  # the colour's initial, so the colour is not the only sign
        scene.add(Text(x + 5, y + 10, card.split(":")[0][0].upper(), 12, MUTED, bold=True))


def _stack(scene: Scene, s, compositions: list[dict]) -> None:
    """The undead stack, counted, and which of the four undead decks the current one came from."""
    sizes = [sum(c.values()) for c in compositions]
    left = len(s.stack)
    drawn = sum(sizes) - left  # including the undead on the table
    pile(scene, 18, 62, 56, 72, min(left, 4), 3, 6)
    scene.add(Text(88, 80, "stack", 12, MUTED), Text(88, 98, str(left), 18, INK, bold=True),
              Text(88, 116, "undead left", 12, MUTED))
    deck, total = 0, 0
    for i, n in enumerate(sizes):
        total += n
        if drawn <= total:
            deck = i + 1
            break
    if s.current is not None and deck:
        scene.add(Text(18, 150, f"undead deck {deck} of {len(sizes)}", 12, INK))


def _last_attack(scene: Scene, game, s, x: float, y: float, names: bool, changed: bool) -> None:
    if not s.history:
        return
    r = s.history[-1]
    trophy = None
    if names and r.defeated:
        trophy = (f"trophy to {seat_name(r.trophy_to)}" if r.trophy_to is not None
                  else "no unique value: no trophy")
    last_attack(scene, game, r, r.values, x, y, 18, trophy, changed)


def _end_banner(scene: Scene, out, title: str) -> None:
    label, colour = result_label(out)
    scene.add(Rect(WIDTH - 250, 10, 238, 50, "#fffdf8", colour, 2, 8),
              Text(WIDTH - 131, 26, label, 15, colour, "middle", True),
              Text(WIDTH - 131, 46, f"title: {title}", 14, INK, "middle", True))


def _trophy_slots(scene: Scene, game, x: float, y: float, trophies, per: int, new=()) -> None:
    """``per`` places toward an upgrade, the trophies won so far in the first ones; those with
    an index in ``new`` were won in the last step."""
    for i in range(per):
        bx = x + i * 30
        if i < len(trophies):
            chip(scene, game.data.undead[trophies[i]], bx, y, 26, 34, "★", 13, bold=False)
            if i in new:
                access.box(scene, bx, y, 26, 34, 2, 4, flush_top=True)
        else:
            scene.add(Rect(bx, y, 26, 34, None, "#bcaaa4", 1, 3))


def _trophies(scene: Scene, game, x: float, y: float, trophies, set_aside, per: int,
              new=()) -> None:
    scene.add(Text(x, y, f"trophies {len(trophies)} of {per} toward an upgrade", 12, MUTED))
    _trophy_slots(scene, game, x, y + 10, trophies, per, new)
    if set_aside:
        scene.add(Text(x + per * 30 + 6, y + 27, f"+{len(set_aside)} set aside", 12, MUTED))


# ---- solo ---------------------------------------------------------------------------------------
def _solo(game, state, seat, active, selection, before) -> Scene:
    s = game.view(state, seat)
    mode = game.engines["solo"]
    conf = mode.conf
    out = game.outcome(s)
    acting = active is not None and active in game.to_move(s) and (seat is None or seat == active)
    legal = {a.label for a in game.legal_actions(s, active)} if acting else set()
    ch = solo_changes(game, before, s)
    entries = legend_entries(False)
    rows = TOP + 2 * 100 + 120
    scene = new_scene(WIDTH, rows + legend_height(entries, WIDTH),
                      f"Bone to Pick solo game, turn {s.turn}", seat)
    board(scene, WIDTH, TOP - 8, f"Solo · turn {s.turn}", s.names[0], 15, 42)
    undead_card(scene, game, s.current, conf["players_for_power"], UNDEAD, ("undead",) in ch)
    _stack(scene, s, conf["undead_decks"])
    haven(scene, game, s, HAVEN, before)
    new = {k[1] for k in ch.keys if k[0] == "trophy"}
    _trophies(scene, game, 350, 112, s.trophies, s.set_aside, conf["trophies_per_reward"], new)
    _last_attack(scene, game, s, 630, 76, False, ("attack",) in ch)
    if out:
        _end_banner(scene, out, out.titles[0])

    # Which clicks are open: a first pick selects, a second completes a legal label.
    plays = [a.split() for a in legal if a.split()[1] == "play"]
    first = {a[2] for a in plays} | {a[3] for a in plays if not a[3].startswith("b")}
    second = {a[3] for a in plays}
    if selection is not None and not (selection in first or (selection in second and
                                                             selection[0] == "b")):
        selection = None

    def pair(x: str, y: str) -> str | None:
        """The legal label that plays ``x`` and ``y`` together, in either order."""
        for a, b in ((x, y), (y, x)):
            label = f"{seat_name(0)} play {a} {b}"
            if label in legal:
                return label
        return None

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
        if selection == arg and not (slot == 1 and arg == NOTHING):  # B's "none" pairs with A's
            return f"select:{arg}", "click again to put it back"
        label = pair(selection, arg)
        return (label, f"play {selection} and {arg}") if label else (None, "")

    # The two rows.
    for i, row in enumerate("AB"):
        y = TOP + 12 + i * 100
        scene.add(Rect(6, y, 610, 92, "#fffdf8", "#d7ccc8", 1, 6),
                  Text(20, y + 20, f"Row {row}", 15, INK, bold=True),
                  Text(20, y + 40, "deck", 12, MUTED))
        pile(scene, 84, y + 12, 46, 64, min(len(s.decks[i]), 3), 2, 5)
        scene.add(Text(109, y + 46, str(len(s.decks[i])), 15, "#fff" if s.decks[i] else MUTED,
                       "middle", True), Text(20, y + 58, "cards", 12, MUTED))
        shown_pick = False
        fresh = Counter(c for k, r, c in (k for k in ch.keys if k[0] == "row") if r == i)
        for j, card in enumerate(s.rows[i]):
            x = 170 + j * 66
            arg = card_arg(card, row.lower())
            tgt, tip = target(i, arg)
            picked = selection == arg and not shown_pick  # two cards of one value: mark one
            shown_pick = shown_pick or picked
            _card(scene, game, x, y + 11, card, picked=picked, clickable=tgt is not None)
            if tgt:
                scene.hit(x, y + 11, CW, CH, tgt, tip)
            if fresh[card]:
                fresh[card] -= 1
                access.box(scene, x, y + 11, CW, CH, 3 if not picked else 7, 6)
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
            scene.add(Text(600, y + 80, "take one face-up card from each row", 12, MUTED, "end"))

    # Upgrades kept, playable in place of a row card.
    ux, uy = 626, TOP + 12
    scene.add(Rect(ux, uy, WIDTH - ux - 6, 192, "#fffdf8", "#d7ccc8", 1, 6),
              Text(ux + 12, uy + 18, "Upgrades kept", 14, INK, bold=True),
              Text(ux + 12, uy + 36, "play one in place of a row card", 12, MUTED))
    for j, card in enumerate(s.upgrades[:10]):
        x, y = ux + 12 + (j % 5) * 56, uy + 50 + (j // 5) * 76
        arg = card_arg(card)
        picked = selection == arg
        tgt, tip = target(0 if selection is None or selection.startswith("b") else 1, arg)
        if selection is None and tgt is None:
            tgt, tip = target(0, arg)
        _card(scene, game, x, y, card, picked=picked, clickable=tgt is not None)
        if tgt:
            scene.hit(x, y, CW, CH, tgt, tip)
        if ("upgrade", card) in ch:
            access.box(scene, x, y, CW, CH, 3 if not picked else 7, 6)
    if not s.upgrades:
        scene.add(Text(ux + 12, uy + 80, "none yet", 12, MUTED))
    elif len(s.upgrades) > 10:
        scene.add(Text(WIDTH - 18, uy + 18, f"+{len(s.upgrades) - 10} more (buttons below)", 12,
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
                  Text(20, y + 40, "click the one to keep;", 12, MUTED),
                  Text(20, y + 56, "the others are discarded", 12, MUTED))
        for j, card in enumerate(s.offer):
            x = 300 + j * 80
            label = _arg(legal, 0, "keep", card)
            _card(scene, game, x, y + 16, card, clickable=label is not None)
            if label:
                scene.hit(x, y + 16, CW, CH, label, f"keep {card} ({card_value(card)})")
        if ("offer",) in ch:
            access.box(scene, 298, y + 14, (len(s.offer) - 1) * 80 + CW + 4, CH + 4, 3, 6)
    else:
        if selection is None:
            hint = "Click a card in row A (or an upgrade), then one in row B."
        else:
            hint = f"{selection} chosen: now pick the other card (click it again to put it back)."
            if selection != NOTHING:
                hint = hint[:-1] + f"; {_value_of(s, selection)} so far."
        power = game.power(s)
        scene.add(Text(20, y + 24, hint if acting else "Waiting.", 14, INK, bold=True),
                  Text(20, y + 50, f"Your two cards must add up to {power} to beat it.", 12, MUTED))
    legend(scene, entries, rows - 4, WIDTH)
    scene.description = solo_description(game, s, ch)
    return scene


def _value_of(s, arg: str) -> int:
    """The value of the card a solo label argument names (``a3``, ``b7``, ``u07``)."""
    for card in s.upgrades:
        if card_arg(card) == arg:
            return card_value(card)
    return int(arg[1:])


def solo_changes(game, before, s) -> Changes:
    """What the step from ``before`` to a solo state ``s`` changed."""
    ch = Changes()
    if before is None:
        return ch
    table_changes(game, before, s, ch)
    if ("attack",) in ch:
        r = s.history[-1]
        ch.add(("attack",), f"{_card_words(r.plays[0])} and {_card_words(r.plays[1])} were played")
    for i, row in enumerate("AB"):
        for card in sorted((Counter(s.rows[i]) - Counter(before.rows[i])).elements()):
            ch.add(("row", i, card), f"{_card_words(card)} is dealt to row {row}")
    for card in sorted(set(s.upgrades) - set(before.upgrades)):
        ch.add(("upgrade", card), f"upgrade {card} is kept")
    if s.offer and s.offer != before.offer:
        ch.add(("offer",), f"four trophies: {plural(len(s.offer), 'upgrade')} drawn to choose from")
    trophy_changes(before.trophies, s.trophies, ("trophy",), seat_name(0), ch, game)
    undead_changes(game, before, s, ch)
    return ch


def _card_words(card) -> str:
    if card is None or card == NOTHING:
        return "nothing"
    if ":" in card:
        colour, value = card.split(":")
        return f"the {colour} {value}"
    return f"upgrade {card} ({card_value(card)})"


def solo_description(game, s, ch: Changes) -> str:
    out = game.outcome(s)
    head = f"Bone to Pick solo game, turn {s.turn}"
    who = seat_label(s.names, 0)
    if out:
        waiting = "the game is over: " + out.summary
    elif s.offer:
        waiting = f"waiting for {who} to keep one of {plural(len(s.offer), 'upgrade')}"
    else:
        waiting = f"waiting for {who} to play one card from row A and one from row B"
    power = game.power(s)
    foe = (f"the undead attacking is {undead_words(game, s.current, power)}"
           if s.current is not None else "no undead is attacking")
    rows = "; ".join(f"row {r}: " + (", ".join(str(card_value(c)) for c in s.rows[i]) or "empty")
                     + f" ({plural(len(s.decks[i]), 'card')} in its deck)" for i, r in enumerate("AB"))
    ups = ("upgrades kept: " + ", ".join(f"{u} ({card_value(u)})" for u in s.upgrades)
           if s.upgrades else "no upgrade kept")
    per = game.engines["solo"].conf["trophies_per_reward"]
    trophies = (f"{len(s.trophies)} of {plural(per, 'trophy')} toward an upgrade, "
                f"{len(s.set_aside)} set aside; {plural(len(s.stack), 'undead')} left in the stack")
    return describe(head, waiting, foe, haven_words(game, s), rows, ups, trophies,
                    last_step_words(ch))


# ---- co-op --------------------------------------------------------------------------------------
ROW = 112


def _coop(game, state, seat, active, before) -> Scene:
    s = game.view(state, seat)
    mode = game.engines["coop"]
    conf = mode.by_players(s.players)
    out = game.outcome(s)
    owing = game.to_move(s)
    acting = active is not None and active in owing and (seat is None or seat == active)
    legal = {a.label for a in game.legal_actions(s, active)} if acting else set()
    ch = coop_changes(game, mode, before, s)
    entries = legend_entries(True)
    rows = TOP + ROW * s.players + 56
    scene = new_scene(WIDTH, rows + legend_height(entries, WIDTH),
                      f"Bone to Pick co-op game, turn {s.turn}", seat)
    board(scene, WIDTH, TOP - 8, f"Co-op · turn {s.turn}", f"{s.players} players", 15, 42)
    undead_card(scene, game, s.current, s.players, UNDEAD, ("undead",) in ch)
    _stack(scene, s, conf["undead_decks"])
    haven(scene, game, s, HAVEN, before)
    # Turn order, whose turn, and the talk rule in force.
    order = mode.order(s)
    nxt = None if (out or s.offer) else mode.next_player(s)
    scene.add(Text(350, 118, "turn order", 12, MUTED))
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
                  Text(425, 145, "HARD MODE · no talking", 12, BAD, "middle", True))
    else:
        values_ok = s.turn <= mode.free_turns(s)
        scene.add(Text(350, 145, "talk: values and types" if values_ok else "talk: types only",
                       12, MUTED))
    played_total = sum(card_value(c) for c in s.played if c not in (None, HIDDEN_CARD))
    if s.current is not None and any(c is not None for c in s.played):
        scene.add(Text(640, 138, f"played so far: {played_total} of {game.power(s)}", 13, INK,
                       bold=True))
    _last_attack(scene, game, s, 640, 40 if not out else 76, True, ("attack",) in ch)
    if out:
        _end_banner(scene, out, out.titles[0])

    for p in range(s.players):
        _coop_row(game, mode, s, scene, p, TOP + 6 + p * ROW, p == nxt, p in owing,
                  acting and p == active, legal, seat, conf, ch)

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
                       f"of one player earn an upgrade", 12, MUTED))
    legend(scene, entries, rows - 4, WIDTH)
    scene.description = coop_description(game, mode, s, nxt, ch)
    return scene


def coop_changes(game, mode, before, s) -> Changes:
    """What the step from ``before`` to a co-op state ``s`` changed."""
    ch = Changes()
    if before is None:
        return ch
    for p in range(s.players):
        if s.played[p] is not None and before.played[p] is None:
            ch.add(("played", p), f"{seat_name(p)} plays {_card_words(s.played[p])}")
    table_changes(game, before, s, ch)
    if ("attack",) in ch:
        r = s.history[-1]
        last = next((p for p in range(s.players) if before.played[p] is None and r.plays[p]), None)
        if last is not None:
            ch.add(("attack",), f"{seat_name(last)} plays {_card_words(r.plays[last])}")
    for x in s.shared[len(before.shared):]:
        told = " ".join(x.told) if x.kind == "values" else ", ".join(x.told)
        ch.add(("told", x.seat), f"{seat_name(x.seat)} tells the table the {x.kind}: {told or 'none'}")
    for p in range(s.players):
        trophy_changes(before.trophies[p], s.trophies[p], ("trophy", p), seat_name(p), ch, game)
        kept = (Counter(c for c in s.hands[p] if c != HIDDEN_CARD and ":" not in c)
                - Counter(c for c in before.hands[p] if c != HIDDEN_CARD and ":" not in c))
        for card in sorted(kept):
            ch.add(("hand", p, card), f"{seat_name(p)} keeps upgrade {card}")
    if s.offer and s.offer != before.offer and s.offer_to is not None:
        ch.add(("offer", s.offer_to), f"{seat_name(s.offer_to)} draws "
                                      f"{plural(len(s.offer), 'upgrade')} to choose from")
    undead_changes(game, before, s, ch)
    return ch


def coop_description(game, mode, s, nxt, ch: Changes) -> str:
    out = game.outcome(s)
    head = f"Bone to Pick co-op game, {plural(s.players, 'player')}, turn {s.turn}"
    if out:
        waiting = "the game is over: " + out.summary
    elif s.offer:
        waiting = f"waiting for {seat_name(s.offer_to)} to keep one of {plural(len(s.offer), 'upgrade')}"
    else:
        waiting = (f"waiting for {seat_name(nxt)} to play a card (turn order "
                   f"{', '.join(seat_name(p) for p in mode.order(s))})")
    power = game.power(s)
    foe = (f"the undead attacking is {undead_words(game, s.current, power)}"
           if s.current is not None else "no undead is attacking")
    played = [f"{seat_name(p)} {card_value(c)}" for p, c in enumerate(s.played)
              if c not in (None, HIDDEN_CARD)]
    so_far = ("played so far: " + ", ".join(played)) if played else "nothing played yet this turn"
    hands = "cards in hand: " + ", ".join(f"{seat_label(s.names, p)} {len(s.hands[p])}"
                                          for p in range(s.players))
    per = mode.conf["trophies_per_reward"]
    trophies = "trophies toward an upgrade: " + ", ".join(
        f"{seat_name(p)} {len(s.trophies[p])} of {per}" for p in range(s.players))
    return describe(head, waiting, foe, haven_words(game, s), so_far, hands, trophies,
                    last_step_words(ch))


def _coop_row(game, mode, s, scene: Scene, p: int, y: float, now: bool, owes: bool,
              clickable: bool, legal: set[str], seat, conf, ch: Changes) -> None:
    # The seat's colour is that of the first weapon set in its deck (its cards' edges).
    colour = colour_of(game, p * conf["sets_per_deck"])
    name = seat_name(p)
    seat_frame(scene, y, WIDTH, ROW - 6, colour, owes, clickable, seat_label(s.names, p), y + 18, 14)
    if now:
        scene.add(Text(34, y + 40, "plays now", 12, WARM_INK, bold=True))
    elif s.offer and s.offer_to == p:
        scene.add(Text(34, y + 40, "choosing", 12, WARM_INK, bold=True))
    scene.add(Text(34, y + 60, f"deck {len(s.decks[p])}", 12, MUTED))
    if s.start == p:
        scene.add(Text(34, y + 78, "starting player", 12, MUTED))

    # Hand: own (or all-seeing) face up, others face down.
    hx = 150
    hand = s.hands[p]
    hidden = any(c == HIDDEN_CARD for c in hand)
    scene.add(Text(hx, y + 11, f"hand ({len(hand)})", 12, MUTED))
    step = min(56, 330 // max(1, len(hand)))
    marked: set[str] = set()
    for i, card in enumerate(hand):
        x = hx + i * step
        label = _arg(legal, p, "play", card) if clickable and card != HIDDEN_CARD else None
        _card(scene, game, x, y + 20, card, clickable=label is not None)
        if label:
            scene.hit(x, y + 20, min(CW, step), CH, label, f"play your {card_value(card)}")
        if ("hand", p, card) in ch and card not in marked:
            marked.add(card)
            access.box(scene, x, y + 20, min(CW, step), CH, 3, 6, flush_top=True)
    if not hand:
        scene.add(Text(hx, y + 55, "no cards left", 12, MUTED))
        label = _arg(legal, p, "play", NOTHING) if clickable else None
        if label:
            scene.add(Rect(hx + 100, y + 40, 90, 30, "#eaf2f8", PICK, 1.5, 6),
                      Text(hx + 145, y + 55, "add 0", 13, PICK, "middle", True))
            scene.hit(hx + 100, y + 40, 90, 30, label, "you have nothing left to play")

    # What this player told the table this turn (public), shown over hidden hands too.
    tx = 500
    told = mode.told(s, p)
    for k, x in enumerate(told):
        ty = y + 24 + k * 38   # a 12 px label over each telling
        scene.add(Text(tx, ty - 14, f"told {x.kind}", 12, MUTED))
        if x.kind == "values":
            scene.add(Text(tx, ty + 6, " ".join(x.told), 14, INK, bold=True))
        else:
            for j, kind in enumerate(x.told):
                scene.add(Rect(tx + j * 30, ty - 6, 26, 24, "#ffffff", TYPE_INK[kind], 1.5, 4),
                          Text(tx + j * 30 + 13, ty + 6, TYPE_ICON[kind], 16, TYPE_INK[kind],
                               "middle"))
    if told and ("told", p) in ch:
        access.box(scene, tx - 4, y + 6, 200, 38 * len(told), 2, 6)
    if hidden and not told:
        scene.add(Text(tx, y + 40, "nothing told", 12, MUTED))

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
    scene.add(Text(px, y + 11, "played", 12, MUTED))
    if s.played[p] is not None:
        _card(scene, game, px, y + 20, s.played[p])
        if ("played", p) in ch:
            access.box(scene, px, y + 20, CW, CH, 3, 6, flush_top=True)
    else:
        scene.add(Rect(px, y + 20, CW, CH, None, "#bcaaa4", 1, 5))

    # Trophies toward an upgrade, or the offer being chosen.
    ox = 790
    if s.offer and s.offer_to == p:
        scene.add(Text(ox, y + 11, "keep one", 12, MUTED))
        for j, card in enumerate(s.offer):
            x = ox + j * 54
            label = _arg(legal, p, "keep", card) if clickable and card != HIDDEN_CARD else None
            _card(scene, game, x, y + 20, card, clickable=label is not None, w=46)
            if label:
                scene.hit(x, y + 20, 46, CH, label, f"keep {card} ({card_value(card)})")
        if ("offer", p) in ch:
            access.box(scene, ox, y + 20, (len(s.offer) - 1) * 54 + 46, CH, 3, 6, flush_top=True)
        return
    per = mode.conf["trophies_per_reward"]
    scene.add(Text(ox, y + 11, f"trophies {len(s.trophies[p])} of {per}", 12, MUTED))
    new = {k[2] for k in ch.keys if k[0] == "trophy" and k[1] == p}
    _trophy_slots(scene, game, ox, y + 20, s.trophies[p], per, new)
    if s.set_aside[p]:
        scene.add(Text(ox, y + 68, f"+{len(s.set_aside[p])} set aside", 12, MUTED))
    ups = [c for c in s.hands[p] if c != HIDDEN_CARD and ":" not in c]
    if ups:
        scene.add(Text(ox, y + 84, "upgrades in hand: " + " ".join(ups), 12, UPGRADE_INK))
