"""The solo game: you against Theodore, a rival played by the rules (bone_wars.solo.*).

Theodore sits at seat 1 of a two-player table and never owes a decision: on his turn he
turns over his next solo action card, and the card, the back of the card after it and the
fixed priorities of the solo rules decide everything he does. Every choice a bonus would ask of
a player is answered for him by ``answer`` (his habits: the least available rare bone, $2 for a
cover while he has less than $5, ...). All of it is told as events, like a player's turn.
"""

from __future__ import annotations

from collections import Counter

from ...core.actions import Action
from ...core.events import Event
from . import effects, perks, rounds, turn
from .data import components
from .effects import archive_limit, envelope_of, gain_loyalty, queue, say
from .state import THEODORE, BoneWarsState, Turn, rival

LEVELS = ("advanced", "expert")
RARE_ORDER = ("skull", "limb", "torso", "tail")  # his tie order for rare bones
CAMP_ORDER = ("move", "archive", "move", "archive")
SLOT_ORDER = (("cover", 3), ("extra", None), ("cover", 2), ("extra", None))


def theodore(state: BoneWarsState) -> bool:
    """Whether this is a solo game (Theodore at seat 1)."""
    return state.variant == "solo"


def _card(card_id: str):
    return next(c for c in components().solo_cards if c.id == card_id)


def setup(state: BoneWarsState, level: str) -> None:
    """Theodore's deck (the twelve basic cards shuffled), his pile of upgrades (``level``:
    advanced or expert), no team cards in his hand; his setup choices come in ``bundle``."""
    d = components()
    state.solo_deck = state.rng.shuffled([c.id for c in d.solo_cards if c.level == "basic"])
    state.solo_upgrades = state.rng.shuffled([c.id for c in d.solo_cards if c.level == level])
    b = state.boards[THEODORE]
    b.hand = [c for c in b.hand if c not in d.team_cards]
    b.reserve = []


# ---- his priorities ------------------------------------------------------------------------------
def _category(kind: str) -> str:
    """Skulls are all one to him, and so are limbs."""
    return components().bones[kind].part


def species_order(state: BoneWarsState, cards) -> list[str]:
    """Species cards in his order: those an award in play needs (A, then B, then C), then one
    that fits the right-most envelope with room, then by name."""
    d, b = components(), state.boards[THEODORE]
    limit = archive_limit(state, THEODORE)
    envelopes = [e.id for e in d.archive]

    def award_rank(sp: str) -> int:
        s = d.species[sp]
        for i, tile_id in enumerate(state.awards):
            if tile_id in b.awards:
                continue
            tile = d.award(tile_id)
            if (
                (tile.kind == "A" and s.by == tile.target)
                or (tile.kind == "B" and s.category in (tile.target, "amphibian"))
                or (tile.kind == "C" and envelope_of(sp) == tile.target)
            ):
                return i
        return len(state.awards)

    def slot_rank(sp: str) -> int:
        env = envelope_of(sp)
        return -envelopes.index(env) if len(b.archive.get(env, [])) < limit else 1

    return sorted(dict.fromkeys(cards), key=lambda sp: (award_rank(sp), slot_rank(sp), d.species[sp].name))


def _skeleton(sp: str, crates: list[str]) -> list[str]:
    """The bones he pays for ``sp``: one of each part he has, up to four (he does not match the
    card's skull or limb)."""
    out, seen = [], set()
    for k in sorted(crates, key=lambda k: ("torso", "tail", "skull", "limb").index(_category(k))):
        if _category(k) not in seen:
            seen.add(_category(k))
            out.append(k)
    return out


def answer(state: BoneWarsState, p) -> Action:
    """Theodore's answer to the decision ``p`` (his habits from the solo rules)."""
    options = (
        effects.answers(state, p) if p.kind not in rounds.ROUND_DECISIONS else rounds.pass_answers(state, p)
    )
    b = state.boards[THEODORE]
    by = {a.label.split(" ", 1)[1]: a for a in options}
    k = p.kind
    if k == "draw":
        return by["draw"]
    if k == "rare":  # the kind least available on the display; ties: skull, limb, torso, tail
        takes = [a for a in options if a.verb == "take"]
        return (
            min(
                takes,
                key=lambda a: (state.rare[a.args[0]], RARE_ORDER.index(_category(a.args[0])), a.args[0]),
            )
            if takes
            else by["stop"]
        )
    if k == "exchange":  # a bone of a part he has twice for the rare kind least available
        have = Counter(_category(x) for x in b.crates)
        swaps = [a for a in options if a.verb == "exchange" and have[_category(a.args[0])] > 1]
        if not swaps:
            return by["skip"]
        return min(
            swaps,
            key=lambda a: (state.rare[a.args[1]], RARE_ORDER.index(_category(a.args[1])), *a.args[::-1]),
        )
    if k == "keep":
        return next(
            a for sp in species_order(state, p.get("cards")) for a in options if a.args == ("keep", sp)[1:]
        )
    if k == "discard":
        held = [a.args[0] for a in options if a.verb == "discard"]
        return Action(THEODORE, "discard", (species_order(state, held)[-1],)) if held else by["skip"]
    if k == "cover":
        return by["choose money"] if b.money < 5 else by["choose rp"]
    if k == "any_round_bonus":  # an era bonus of his choice: always the loyalty
        return by.get("bonus round4", options[0])
    if k == "choose":  # the era bonus over a museum bonus
        opts = p.get("options")
        pick = next((i for i, o in enumerate(opts) if dict(o).get("round_bonus")), 0)
        return options[pick]
    if k == "split":
        return options[-1] if b.patron == "marsh" else options[0]
    if k == "pick_bone":
        have = {_category(x) for x in b.crates}
        return next((a for a in options if _category(a.args[0]) not in have), options[0])
    if k == "site_action":
        return _site_action(state, options)
    if k == "slot":
        return slot(state)
    if k == "rearchive":
        return rearchive(state)
    if k == "swap":
        return by["skip"]
    if k == "depart":  # off the university the way his first card of the round points
        top = _card(state.solo_deck[-1]) if state.solo_deck else None
        return options[-1] if top and top.direction else options[0]
    if k in ("profession", "university"):
        return _pass_choice(state, p, options)
    return options[-1] if options[-1].verb in ("skip", "stop") else options[0]


def _site_action(state: BoneWarsState, options: list[Action]) -> Action:
    """Dig-site actions in his fixed order, each as often as it can be done, swapping patron
    and taking back the paleontologist once a turn."""
    b = state.boards[THEODORE]
    done = state.turn.solo_done if state.turn is not None else ()
    for tile in components().solo_site_order:
        if tile in done and tile in ("swap_patron", "recall_paleo"):
            continue
        if tile == "discard_look" and not any(c in components().species for c in b.hand):
            continue
        if tile == "exchange" and len({_category(x) for x in b.crates}) == len(b.crates):
            continue
        if tile == "bone" and not state.bag:
            continue
        if state.turn is not None:
            state.turn.solo_done = (*done, tile)
        return Action(THEODORE, "do", (tile,))
    return Action(THEODORE, "stop")


def _pass_choice(state: BoneWarsState, p, options: list[Action]) -> Action:
    d, b = components(), state.boards[THEODORE]
    if p.kind == "profession":  # the highest space open to him that still helps him

        def useless(a: Action) -> bool:
            if not a.args or state.round == 4:
                return False
            bonus = rounds.profession_bonus(int(a.args[0]), int(a.args[1]))
            return any("upgrade_team" in e for e in bonus) and not state.solo_upgrades

        return min(
            options, key=lambda a: (useless(a), *(int(x) for x in a.args)) if a.args else (True, 99, 99)
        )
    # the university: the side with more papers, then his patron's side, then the highest space
    # a paper waiting under the portrait is published too
    papers = {pat: len(turn.debunk_targets(state, pat)) for pat in ("marsh", "cope")}

    def rank(a: Action):
        u = next(u for u in d.universities if u.space == int(a.args[0]))
        return (-papers[u.patron], u.patron != b.patron, -u.space)

    return min(options, key=rank)


def bundle(state: BoneWarsState, events: list[Event] | None) -> None:
    """Theodore's setup bundle: his species card first (his order), his career last (the
    highest profession open; his team at the other university's highest space)."""
    d = components()
    if "species" not in state.bundles.get(THEODORE, []):
        sp = species_order(state, [c for c, _ in state.offer])[0]
        rounds.apply_bundle(state, Action(THEODORE, "bundle", (sp,)), events)
        return
    mine = state.boards[0].patron
    spaces = [u.space for u in d.universities if u.patron != mine and state.universities[u.space] is None]
    rows = rounds._free_professions(state, column=1)
    rounds.apply_bundle(state, Action(THEODORE, "career", (str(rows[0][0]), str(max(spaces)))), events)


# ---- his turn ------------------------------------------------------------------------------------
def play_turn(state: BoneWarsState, events: list[Event] | None) -> None:
    """Theodore's whole turn, or his passing when he cannot pay for his next slot."""
    d, b = components(), state.boards[THEODORE]
    slot = turn.open_slot(state, THEODORE)
    if slot is None or turn.slot_spec(state, THEODORE, slot).cost > b.money or not _refill(state):
        rounds.apply_pass(state, THEODORE, events)
        return
    card = _card(state.solo_deck.pop())
    spec = turn.slot_spec(state, THEODORE, slot)
    b.money -= spec.cost
    b.played[slot] = card.id
    nxt = _card(state.solo_deck[-1]) if state.solo_deck else None
    back = nxt.back if nxt else {"kind": "team", "ap": spec.ap, "depth": spec.depth}
    state.turn = Turn(THEODORE, card.id, slot, mode="solo")
    say(
        events,
        "play",
        "solo.turn",
        f"Theodore turns over {card.id} into slot {slot + 1} (pays ${spec.cost}); "
        f"the next card's back shows {'a paleontologist' if back['kind'] == 'paleo' else 'the team'}.",
        seat=THEODORE,
        card=card.id,
    )
    for extra in card.before:  # an upgraded card's bonuses before anything else
        queue(
            state,
            THEODORE,
            [
                {"move_archived": 1}
                if extra == "move_archived"
                else {"round_bonus": 1}
                if extra == "round_bonus"
                else {"paleo": 1}
            ],
        )
    if back.get("recall"):
        b.paleo = None
    if back.get("rival_loyalty"):
        gain_loyalty(state, THEODORE, rival(b.patron), back["rival_loyalty"], events)
    settle(state, events)
    acted = False
    if back["kind"] == "paleo":
        for _ in range(2 if card.twice else 1):
            acted = _paleo_loop(state, card, events) or acted
    if not acted:
        match = (
            next(
                (
                    c
                    for c in species_order(state, [x for x in b.hand if x in d.species])
                    if perks.icons_match(state, THEODORE, d.species[c].find, spec.find)
                ),
                None,
            )
            if back["kind"] == "team"
            else None
        )
        if match is not None:  # a species of the slot's icon: its prize, then the slot's values
            b.hand.remove(match)
            state.species_discard.append(match)
            say(
                events,
                "prize",
                "solo.team",
                f"Theodore discards {d.species[match].name} for its prize.",
                seat=THEODORE,
            )
            queue(state, THEODORE, [dict(x) for x in d.species[match].prize])
            settle(state, events)
            ap, depth = spec.ap, spec.depth
        elif back["kind"] == "team":
            ap, depth = back["ap"], back["depth"]
        else:
            ap, depth = spec.ap, spec.depth
        _team(state, card, ap, depth, events)
    settle(state, events)
    state.turn = None


def _refill(state: BoneWarsState) -> bool:
    """A card to turn over: the discards shuffled into a new deck when it runs out."""
    if not state.solo_deck and state.solo_discard:
        state.solo_deck, state.solo_discard = state.rng.shuffled(state.solo_discard), []
    return bool(state.solo_deck)


def settle(state: BoneWarsState, events: list[Event] | None) -> None:
    """Resolve his bonuses, answering each decision they ask as he would."""
    effects.run(state, events)
    while state.pending and state.pending[0].seat == THEODORE:
        p = state.pending[0]
        a = answer(state, p)
        if p.kind in rounds.ROUND_DECISIONS:
            rounds.answer_pass(state, a, events)
        else:
            effects.answer(state, a, events)


def _team(state: BoneWarsState, card, ap: int, depth: int, events: list[Event] | None) -> None:
    """His team actions: each action point on the first action of the card he can do (1 AP
    each, excavating included); free moves first when he moves; leftover free moves spent
    moving on in the card's direction."""
    b = state.boards[THEODORE]
    free = effects.free_moves(state, THEODORE)
    while ap > 0:
        for action in card.team:
            spent = _team_action(state, action, card, depth, free, events)
            if spent is not None:
                free -= spent[0]
                ap -= spent[1]
                break
        else:
            break
        settle(state, events)
    while free > 0:
        free -= 1
        _go(state, _arrow(b.team, card), "moves (a free move) to", events)


def _arrow(site: str, card) -> str:
    arrows = components().dig_sites[site].to
    return arrows[0] if card.direction == 0 else arrows[-1]


def _go(state: BoneWarsState, site: str, how: str, events: list[Event] | None) -> None:
    b = state.boards[THEODORE]
    b.team = site
    say(
        events,
        "move",
        "solo.team",
        f"Theodore's team {how} {components().dig_sites[site].name}.",
        seat=THEODORE,
    )
    turn.meet(state, THEODORE, site)  # the grant that pays when teams meet, his or a rival's


def _team_action(
    state: BoneWarsState, action: str, card, depth: int, free: int, events: list[Event] | None
) -> tuple[int, int] | None:
    """Do ``action`` if he can: (free moves, action points) spent, or None."""
    d, b = components(), state.boards[THEODORE]
    site = next(s for s in state.sites if s.id == b.team)
    if action == "excavate" and site.card is not None:
        b.hand.append(site.card)
        say(
            events, "discover", "solo.team", f"Theodore excavates {d.species[site.card].name}.", seat=THEODORE
        )
        site.card = None
        return 0, 1
    if action == "dig":  # the bottom-most bone he can reach
        reach = [i for i in range(min(depth, 3)) if site.bones[i] is not None]
        if reach:
            bone, site.bones[reach[-1]] = site.bones[reach[-1]], None
            where = d.dig_sites[site.id].name
            effects.gain_bone(state, THEODORE, bone, events, f"digs up {{bone}} at {where}")
            return 0, 1
        return None
    if action == "camp":
        placed = len(d.board.camps) - len(b.camps_left)
        kind = CAMP_ORDER[placed] if placed < len(CAMP_ORDER) else None
        if kind in b.camps_left and THEODORE not in site.camps and turn._camp_space(state, site) is not None:
            turn.camp(state, THEODORE, site, kind, events, "solo.team")
            return 0, 1
        return None
    if action == "move":
        _go(state, _arrow(b.team, card), "moves to", events)
        return (1, 0) if free > 0 else (0, 1)
    if action == "site":  # not the tile of his site: the order on his next card
        say(
            events,
            "site",
            "solo.team",
            "Theodore performs a dig site action, in the order shown on his next card.",
            seat=THEODORE,
        )
        queue(state, THEODORE, [{"site_actions": 1}], front=True)
        return 0, 1
    return None


# ---- his paleontologist -----------------------------------------------------------------------------
def _paleo_loop(state: BoneWarsState, card, events: list[Event] | None) -> bool:
    """The card's paleontologist actions in order: the first he can do, done; whether any was."""
    b = state.boards[THEODORE]
    for action in card.paleo:
        if action == b.paleo and not perks.grant(state, THEODORE, "stay_put"):
            continue  # not where his paleontologist already stands (unless his grant lets it stay)
        if _paleo(state, action, events):
            settle(state, events)
            return True
    return False


def _paleo(state: BoneWarsState, action: str, events: list[Event] | None) -> bool:
    d, b = components(), state.boards[THEODORE]
    t = state.turn
    species = [c for c in b.hand if c in d.species]
    if action == "publish":
        ready = [sp for sp in species_order(state, species) if turn._room(state, THEODORE, sp, t)]
        papers, left = [], list(b.crates)
        for sp in ready:  # as many as he can
            if turn._room(state, THEODORE, sp, t) and len(_skeleton(sp, left)) >= 2:
                paid = _skeleton(sp, left)
                for k in paid:
                    left.remove(k)
                papers.append((sp, tuple(paid)))
                t.papers = list(papers)
        if not papers:
            t.papers = []
            return False
        _arrive(state, action, events)
        turn._publish(state, THEODORE, t, events)
        t.papers = []
        return True
    if action == "debunk":
        theirs = turn.debunk_targets(state, rival(b.patron))
        done = False
        for n in (4, 3, 2):  # the highest papers first, as many as he can
            while n in theirs:
                groups: dict[str, list[str]] = {}
                for k in b.crates:
                    groups.setdefault(_category(k), []).append(k)
                paid = next((g[:n] for g in groups.values() if len(g) >= n), None)
                if paid is None:
                    break
                if not done:
                    _arrive(state, action, events)
                    done = True
                turn.debunk(state, THEODORE, t, paid, events)
                settle(state, events)
                theirs = turn.debunk_targets(state, rival(b.patron))
        return done
    if action == "award":  # the most loyalty on offer, from the second row down
        best = None
        for tile_id, i in turn._claimable(state, THEODORE):
            if i < 1:
                continue
            tile = d.award(tile_id)
            if best is None or tile.spaces[i].loyalty > best[0]:
                best = (tile.spaces[i].loyalty, tile_id, i)
        if best is None:
            return False
        _arrive(state, action, events)
        turn._claim(state, THEODORE, best[1], best[2], events)
        return True
    if action == "find":
        for sp in species_order(state, species):
            if not turn._room(state, THEODORE, sp, t):
                continue
            for c in range(len(state.finds[0])):  # museum tiles from left to right
                for r, row in enumerate(state.finds):
                    if d.minor_finds.rows[r] > state.players:
                        continue  # a row for a bigger table
                    if row[c] is not None and perks.icons_match(state, THEODORE, row[c], d.species[sp].find):
                        _arrive(state, action, events)
                        turn._find(state, THEODORE, sp, r, c, None, events)
                        return True
        return False
    return False


def _arrive(state: BoneWarsState, action: str, events: list[Event] | None) -> None:
    """His paleontologist goes to ``action``; a paleontologist card of that action is spent for
    1 loyalty instead of its bonus."""
    d, b = components(), state.boards[THEODORE]
    b.paleo = action
    say(events, "go", "solo.paleo", f"Theodore's paleontologist goes to {action}.", seat=THEODORE)
    card = next((c for c in b.hand for p in d.paleontologists if p.id == c and p.action == action), None)
    if card is not None:
        b.hand.remove(card)
        state.paleo_discard.append(card)
        queue(state, THEODORE, [{"loyalty": 1}])


# ---- his pieces of the rules changes ------------------------------------------------------------
def paleo_cards(state: BoneWarsState, n: int, events: list[Event] | None) -> None:
    """He takes paleontologist cards from the top of the deck, never from the display."""
    for _ in range(n):
        if not state.paleo_deck and state.paleo_discard:
            state.paleo_deck, state.paleo_discard = state.rng.shuffled(state.paleo_discard), []
        if state.paleo_deck:
            state.boards[THEODORE].hand.append(state.paleo_deck.pop())
            say(
                events,
                "paleo",
                "solo.changes",
                "Theodore takes a paleontologist card from the deck.",
                seat=THEODORE,
            )


def full_crates(state: BoneWarsState, kind: str, events: list[Event] | None) -> None:
    """A bone arrives and his crates are full: a cover comes off by itself (no bonus); with no
    cover left he swaps a bone of a part he has twice for a new part, or does without."""
    b = state.boards[THEODORE]
    if b.covers:
        b.covers -= 1
        say(
            events,
            "cover",
            "solo.changes",
            "Theodore's crates are full: a cover comes off (no bonus).",
            seat=THEODORE,
        )
        return
    b.crates.remove(kind)
    have = Counter(_category(x) for x in b.crates)
    twice = next((x for x in b.crates if have[_category(x)] > 1), None)
    if have[_category(kind)] == 0 and twice is not None:
        b.crates.remove(twice)
        b.crates.append(kind)
        state.bag.append(twice)
    else:
        state.bag.append(kind)


def upgrade(state: BoneWarsState, events: list[Event] | None) -> None:
    """A card upgrade: the top-most basic card of his deck leaves the game for his next
    upgraded card."""
    if not state.solo_upgrades:
        return
    basic = next(
        (i for i in range(len(state.solo_deck) - 1, -1, -1) if state.solo_deck[i].startswith("basic-")), None
    )
    if basic is None:
        return
    old = state.solo_deck[basic]
    state.solo_deck[basic] = state.solo_upgrades.pop()
    say(
        events,
        "upgrade",
        "solo.changes",
        f"Theodore upgrades: {old} leaves the game for {state.solo_deck[basic]}.",
        seat=THEODORE,
    )


def slot(state: BoneWarsState) -> Action:
    """Where his upgraded slot tile goes: over the $3 slot, an extra slot, over a $2 slot, an
    extra slot, ...; never over a slot costing $1 or less."""
    b, d = state.boards[THEODORE], components()
    placed = sum(1 for x in b.slots if x >= 0)  # every tile he placed, over a slot or as an extra
    for kind, cost in SLOT_ORDER[placed % len(SLOT_ORDER) :] + SLOT_ORDER:
        if kind == "extra" and len(b.slots) < len(d.action_slots) + d.extra_slots_max:
            return Action(THEODORE, "slot", ("extra",))
        if kind == "cover":
            for i in range(len(b.slots)):
                if turn.slot_spec(state, THEODORE, i).cost == cost:
                    return Action(THEODORE, "slot", (str(i + 1),))
    return Action(THEODORE, "slot", ("1",))


def rearchive(state: BoneWarsState) -> Action:
    """Reclassifying: a card from his left-most filled envelope to the right-most with room."""
    b, d = state.boards[THEODORE], components()
    limit = archive_limit(state, THEODORE)
    order = [e.id for e in d.archive]
    src = next((e for e in order if b.archive.get(e)), None)
    dst = next((e for e in reversed(order) if e != src and len(b.archive.get(e, [])) < limit), None)
    if src is None or dst is None or order.index(dst) <= order.index(src):
        return Action(THEODORE, "skip")
    return Action(THEODORE, "archive", (b.archive[src][0], dst.lower()))


def who_wins(state: BoneWarsState, head_cm: int | None) -> tuple[int, ...]:
    """The winners: the most RP, then the most archived cards, then the larger head (Theodore's
    is 56 cm; ``head_cm`` is yours, if you give it), else a shared win."""
    key = [(b.rp, sum(len(v) for v in b.archive.values())) for b in state.boards]
    if key[0] != key[1]:
        return (0,) if key[0] > key[1] else (THEODORE,)
    if head_cm is not None and head_cm != components().head_cm:
        return (0,) if head_cm > components().head_cm else (THEODORE,)
    return (0, THEODORE)


effects.THEODORE_HOOKS.update(full_crates=full_crates, upgrade_team=upgrade, paleo=paleo_cards)

__all__ = ["answer", "bundle", "play_turn", "setup", "theodore", "who_wins"]
