"""One interpreter for every bonus of Bone Wars (prizes, envelopes, dig-site actions, bonus
tiles, professions, specialists): an effect is a small dict in the data file's vocabulary
(``{"money": 3}``, ``{"bones": 2, "upto": true}``, ``{"choose": [...]}``).

Effects wait in ``state.effects`` and are resolved in order by ``run``: the automatic ones at
once, and each one that asks the player something as a ``Decision`` in ``state.pending``. The
answers to a decision are listed by ``answers`` and applied by ``answer``; then ``run`` goes on.
A choice the rules leave to the player ("up to", "may", "of your choice") is always a decision.
"""

from __future__ import annotations

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.words import plural
from .data import components
from .perks import grant
from .state import THEODORE, BoneWarsState, Decision, decision, rival
from .text import a_bone, bone_name, bones_words

THEODORE_HOOKS: dict = {}
"""The solo game's own answers where Theodore does not choose like a player (``solo`` fills
it in): ``full_crates``, ``upgrade_team`` and ``paleo`` (he takes paleontologists from the deck)."""


def theodore(state: BoneWarsState, seat: int) -> bool:
    """Whether ``seat`` is Theodore, the solo game's rival."""
    return seat == THEODORE and state.variant == "solo"


R = "bone_wars."
RULE = {  # the catalog section each effect kind cites (any_loyalty, loyalty_for_bonus and rewards
    # are the engine's own, never in the data)
    "any_loyalty": "bonus.loyalty",
    "loyalty_for_bonus": "grants.debunk_trade_loyalty",
    "money": "bonus.money",
    "rp": "bonus.money",
    "loyalty": "bonus.loyalty",
    "rival_loyalty": "bonus.loyalty",
    "bones": "bonus.bones",
    "rare": "bonus.rare",
    "exchange": "bonus.exchange",
    "species": "bonus.species",
    "species_look": "bonus.species_look",
    "discard_look": "bonus.species_look",
    "paleo": "bonus.paleo",
    "cover": "bonus.cover",
    "upgrade_team": "bonus.upgrade",
    "slot": "bonus.slot",
    "move_archived": "bonus.move_archived",
    "site_actions": "bonus.site_actions",
    "swap_patron": "bonus.swap",
    "recall_paleo": "bonus.recall",
    "round_bonus": "bonus",
    "any_round_bonus": "bonus",
    "choose": "bonus",
    "rewards": "ruling.publish_batch",
}
KINDS = frozenset(RULE)


def kind_of(effect: dict) -> str:
    """The effect's kind: its one key of the vocabulary (``upto``/``keep`` are modifiers)."""
    for k in effect:
        if k in KINDS:
            return k
    raise ValueError(f"not an effect of the vocabulary: {effect!r}")


def say(events: list[Event] | None, kind: str, rule: str, text: str, **data) -> None:
    if events is not None:
        events.append(Event(kind, R + rule, text, data))


def who(state: BoneWarsState, seat: int) -> str:
    """A player in the events: ``P1``, ``P1 (Ada)`` with a name given; in the solo game Theodore
    is ``Theodore``, as in the events his own turn writes (never ``P2 (Theodore)'s team``)."""
    name = state.names[seat]
    if theodore(state, seat):
        return name
    return seat_name(seat) if name == seat_name(seat) else f"{seat_name(seat)} ({name})"


# ---- small pieces every rule uses -------------------------------------------------------------
def capacity(state: BoneWarsState, seat: int) -> int:
    """How many bones ``seat``'s crates hold: the open ones, and two more per cover removed."""
    d, b = components().board, state.boards[seat]
    return d.crates_open + (d.covers - b.covers) * d.crates_per_cover


def archive_limit(state: BoneWarsState, seat: int) -> int:
    """How many species cards each of ``seat``'s envelopes holds (base camps raise it)."""
    d = components()
    placed = sum(1 for c in d.board.camps if c == "archive") - state.boards[seat].camps_left.count("archive")
    return d.archive_capacity[placed]


def free_moves(state: BoneWarsState, seat: int) -> int:
    """``seat``'s free moves a turn (base camps raise them)."""
    d = components()
    placed = sum(1 for c in d.board.camps if c == "move") - state.boards[seat].camps_left.count("move")
    return d.board.free_moves[placed] + (2 if grant(state, seat, "extra_moves") else 0)


def envelope_of(species: str) -> str:
    """The archive envelope a species card goes into: the one with its minor-find icon."""
    d = components()
    find = d.species[species].find
    return next(e.id for e in d.archive if e.find == find)


def draw_bone(state: BoneWarsState) -> str | None:
    """A bone drawn at random from the bag (None if it is empty)."""
    if not state.bag:
        return None
    return state.bag.pop(state.rng.roll(len(state.bag)) - 1)


def gain_bone(state: BoneWarsState, seat: int, kind: str, events: list[Event] | None, how: str) -> None:
    """``kind`` arrives in ``seat``'s crates; if they are full the player decides which bone
    goes back to the bag (the new one or one already stored: ruling bone_wars.ruling.full_crates)."""
    b = state.boards[seat]
    b.crates.append(kind)
    # ``how`` is a verb phrase the bone follows ("draws": "P1 draws a tail."), or holds the bone's
    # place as ``{bone}`` ("takes {bone} from the rare display")
    words = how.format(bone=a_bone(kind)) if "{bone}" in how else f"{how} {a_bone(kind)}"
    say(events, "bone", "crates", f"{who(state, seat)} {words}.", seat=seat, bone=kind)
    if len(b.crates) > capacity(state, seat):
        if theodore(state, seat):
            THEODORE_HOOKS["full_crates"](state, kind, events)
        else:
            state.pending.insert(0, decision("overflow", seat))


def bag_bone(state: BoneWarsState, seat: int, events: list[Event] | None) -> None:
    """A bone from the bag for ``seat`` (with the extra-draw grant: two drawn, one kept)."""
    if grant(state, seat, "extra_bone_draw") and len(state.bag) >= 2:
        two = (draw_bone(state), draw_bone(state))
        state.pending.insert(0, decision("pick_bone", seat, bones=two))
        say(
            events,
            "draw",
            "grants.extra_bone_draw",
            f"{who(state, seat)} draws two bones, {bones_words(two)}, to keep one.",
            seat=seat,
        )
        return
    bone = draw_bone(state)
    if bone is not None:
        gain_bone(state, seat, bone, events, "draws")


def gain_loyalty(state: BoneWarsState, seat: int, patron: str, n: int, events: list[Event] | None) -> None:
    """``n`` loyalty with ``patron``; steps past the top of the track score 1 RP each."""
    b, top = state.boards[seat], components().loyalty.top
    before = b.loyalty[patron]
    b.loyalty[patron] = min(top, before + n)
    extra = before + n - b.loyalty[patron]
    b.rp += extra
    tail = f"; {extra} over the top: {extra} RP" if extra else ""
    say(
        events,
        "loyalty",
        "loyalty",
        f"{who(state, seat)} gains {n} loyalty with {patron.title()} ({before} → {b.loyalty[patron]}{tail}).",
        seat=seat,
        patron=patron,
        n=n,
    )


def draw_species(state: BoneWarsState) -> str | None:
    """The top species card, the discards shuffled back in when the deck is empty."""
    if not state.species_deck and state.species_discard:
        state.species_deck = state.species_discard
        state.species_discard = []
        state.species_deck = state.rng.shuffled(state.species_deck)
    return state.species_deck.pop() if state.species_deck else None


def refill_paleo(state: BoneWarsState) -> None:
    """Keep three paleontologist cards face up, the discards shuffled back when the deck ends."""
    while len(state.paleo_display) < 3:
        if not state.paleo_deck and state.paleo_discard:
            state.paleo_deck = state.paleo_discard
            state.paleo_discard = []
            state.paleo_deck = state.rng.shuffled(state.paleo_deck)
        if not state.paleo_deck:
            return
        state.paleo_display.append(state.paleo_deck.pop())


def round_bonus(state: BoneWarsState) -> tuple[dict, ...]:
    """The current round's bonus (rounds 1-3: the tile on the round track; round 4: printed)."""
    d = components()
    if state.round <= len(state.round_bonus):
        return d.bonus(state.round_bonus[state.round - 1])
    return d.round4_bonus


def envelope_bonus(state: BoneWarsState, seat: int, envelope: str, times: int) -> None:
    """Queue ``envelope``'s bonus ``times`` times, before the effects already waiting."""
    bonus = next(e.bonus for e in components().archive if e.id == envelope)
    queue(state, seat, [dict(x) for x in bonus] * times, front=True)


# ---- the queue --------------------------------------------------------------------------------
def queue(state: BoneWarsState, seat: int, effects, front: bool = False) -> None:
    """Add ``effects`` (dicts) for ``seat`` to resolve, after (or before) those waiting."""
    items = [(seat, e) for e in effects]
    state.effects = items + state.effects if front else state.effects + items


def run(state: BoneWarsState, events: list[Event] | None) -> None:
    """Resolve waiting effects until one asks a decision or none is left."""
    while state.effects and not state.pending:
        seat, effect = state.effects[0]
        state.effects = state.effects[1:]
        _resolve(state, seat, effect, events)


def _resolve(state: BoneWarsState, seat: int, e: dict, events: list[Event] | None) -> None:
    k = kind_of(e)
    b = state.boards[seat]
    rule = RULE[k]
    if k == "money":
        b.money += e["money"]
        say(events, "money", rule, f"{who(state, seat)} gains ${e['money']} (now ${b.money}).", seat=seat)
    elif k == "rp":
        b.rp += e["rp"]
        say(events, "rp", rule, f"{who(state, seat)} gains {e['rp']} RP.", seat=seat)
    elif k == "loyalty":
        gain_loyalty(state, seat, b.patron, e["loyalty"], events)
    elif k == "rival_loyalty":
        gain_loyalty(state, seat, rival(b.patron), e["rival_loyalty"], events)
    elif k == "bones":
        n = e["bones"]
        if e.get("upto"):
            if n > 0 and state.bag:
                state.pending.insert(0, decision("draw", seat, left=n))
            return
        if n > 1:  # one at a time: a full crate or a grant's choice comes between the draws
            queue(state, seat, [{"bones": n - 1}], front=True)
        if n > 0:
            bag_bone(state, seat, events)
    elif k == "any_loyalty":
        state.pending.insert(0, decision("split", seat, n=e["any_loyalty"]))
    elif k == "loyalty_for_bonus":  # one loyalty fewer, and a round bonus of one's choice
        if e["loyalty_for_bonus"] > 1:
            gain_loyalty(state, seat, b.patron, e["loyalty_for_bonus"] - 1, events)
        state.pending.insert(0, decision("any_round_bonus", seat))
    elif k == "rare":
        if e["rare"] > 0 and any(state.rare.values()):
            state.pending.insert(0, decision("rare", seat, left=e["rare"]))
    elif k == "exchange":
        if b.crates and any(v for v in state.rare.values()):
            state.pending.insert(0, decision("exchange", seat))
    elif k == "species":
        for _ in range(e["species"]):
            card = draw_species(state)
            if card is not None:
                b.hand.append(card)
                say(events, "species", rule, f"{who(state, seat)} draws a species card.", seat=seat)
    elif k in ("species_look", "discard_look"):
        if k == "discard_look":
            if not any(c in components().species for c in b.hand):
                return
            state.pending.insert(0, decision("discard", seat, look=e["discard_look"], keep=e.get("keep", 1)))
            return
        _look(state, seat, e["species_look"], events)
    elif k == "paleo" and theodore(state, seat):
        THEODORE_HOOKS["paleo"](state, e["paleo"], events)
    elif k == "paleo":
        if state.paleo_display:
            state.pending.insert(0, decision("paleo", seat, left=e["paleo"]))
    elif k == "cover":
        if b.covers:
            b.covers -= 1
            say(
                events, "cover", rule, f"{who(state, seat)} removes a cover tile: two more crates.", seat=seat
            )
        state.pending.insert(0, decision("cover", seat))
    elif k == "upgrade_team" and theodore(state, seat):
        THEODORE_HOOKS["upgrade_team"](state, events)
    elif k == "upgrade_team":
        if b.reserve:
            state.pending.insert(0, decision("upgrade", seat))
    elif k == "slot":
        if state.slot_stack:
            state.pending.insert(0, decision("slot", seat, tile=state.slot_stack[-1]))
    elif k == "move_archived":
        if any(b.archive.values()):
            state.pending.insert(0, decision("rearchive", seat))
    elif k == "site_actions":
        if e["site_actions"] > 0:
            state.pending.insert(0, decision("site_action", seat, left=e["site_actions"]))
    elif k == "swap_patron":
        state.pending.insert(0, decision("swap", seat))
    elif k == "recall_paleo":
        b.paleo = None
        say(events, "recall", rule, f"{who(state, seat)} takes the paleontologist back.", seat=seat)
    elif k == "round_bonus":
        current = [dict(x) for x in round_bonus(state)]
        if grant(state, seat, "round_bonus_as_find"):  # or any minor-find column's bonus instead
            columns = [dict(x) for c in state.find_bonus for x in components().bonus(c)]
            state.pending.insert(
                0, decision("choose", seat, options=tuple(_freeze(o) for o in current + columns))
            )
        else:
            queue(state, seat, current, front=True)
    elif k == "any_round_bonus":
        state.pending.insert(0, decision("any_round_bonus", seat))
    elif k == "choose":
        state.pending.insert(0, decision("choose", seat, options=tuple(_freeze(o) for o in e["choose"])))
    elif k == "rewards":  # a publication's rewards still to take, in the order the player picks
        groups = e["rewards"]
        if len(groups) == 1:  # the last one needs no choice
            queue(state, seat, [dict(x) for x in groups[0][1]], front=True)
        elif groups:
            state.pending.insert(0, decision("reward", seat, groups=groups))


def _freeze(effect: dict) -> tuple:
    return tuple(sorted(effect.items()))


def _look(state: BoneWarsState, seat: int, n: int, events: list[Event] | None) -> None:
    cards = [c for c in (draw_species(state) for _ in range(n)) if c is not None]
    if cards:
        state.pending.insert(0, decision("keep", seat, cards=tuple(cards)))
        say(
            events,
            "look",
            "bonus.species_look",
            f"{who(state, seat)} looks at {plural(len(cards), 'species card')}.",
            seat=seat,
        )


# ---- answering a decision ---------------------------------------------------------------------
def answers(state: BoneWarsState, p: Decision) -> list[Action]:
    """The legal answers to the decision ``p``, in a fixed order."""
    seat, b, d = p.seat, state.boards[p.seat], components()
    a = lambda *args: Action(seat, *args[:1], tuple(args[1:]))  # noqa: E731 - a short builder
    k = p.kind
    if k == "overflow":
        return [a("return", kind) for kind in sorted(set(b.crates))]
    if k == "draw":
        return [a("draw"), a("stop")]
    if k == "rare":
        return [a("take", kind) for kind in sorted(state.rare) if state.rare[kind]] + [a("stop")]
    if k == "exchange":
        return [
            a("exchange", mine, theirs)
            for mine in sorted(set(b.crates))
            for theirs in sorted(state.rare)
            if state.rare[theirs] and theirs != mine
        ] + [a("skip")]
    if k == "keep":
        return [a("keep", c) for c in p.get("cards")]
    if k == "discard":
        return [a("discard", c) for c in sorted(set(b.hand)) if c in d.species] + [a("skip")]
    if k == "paleo":
        return [a("keep", c) for c in state.paleo_display] + [a("stop")]
    if k == "cover":
        return [a("choose", "money"), a("choose", "rp")]
    if k == "upgrade":
        basics = [
            c
            for c in dict.fromkeys(b.hand + [x for x in b.played if x])
            if c in d.team_cards and not d.team_cards[c].advanced
        ]
        out = [a("upgrade", old, new) for old in basics for new in b.reserve if new in d.team_cards]
        out += [a("hire", s) for s in b.reserve if s in d.specialists]
        return out + [a("skip")]
    if k == "slot":
        out = [a("slot", str(i + 1)) for i in range(len(b.slots))]
        if len(b.slots) < len(d.action_slots) + d.extra_slots_max:
            out.append(a("slot", "extra"))
        return out
    if k == "rearchive":
        limit = archive_limit(state, seat)
        return [
            a("archive", sp, env.id.lower())
            for src in sorted(b.archive)
            for sp in b.archive[src]
            for env in d.archive
            if env.id != src and len(b.archive.get(env.id, [])) < limit
        ] + [a("skip")]
    if k == "site_action":
        return [a("do", t) for t in d.site_actions] + [a("stop")]
    if k == "swap":
        return [a("swap"), a("skip")]
    if k == "any_round_bonus":  # any tile of the round track, or round 4's printed bonus
        return [a("bonus", t) for t in dict.fromkeys(state.round_bonus)] + [a("bonus", "round4")]
    if k == "split":
        return [a("split", str(m)) for m in range(p.get("n") + 1)]
    if k == "pick_bone":
        return [a("take", kind) for kind in dict.fromkeys(p.get("bones"))]
    if k == "specialist":
        return [a("attach", s) for s in p.get("free")] + [a("skip")]
    if k == "choose":
        return [a("choose", str(i + 1)) for i in range(len(p.get("options")))]
    if k == "reward":
        return [a("reward", *name) for name, _ in p.get("groups")]
    raise ValueError(f"no answers for the decision {k!r}")


def answer(state: BoneWarsState, action: Action, events: list[Event] | None) -> None:
    """Apply ``action``, an answer to the first pending decision, then go on resolving."""
    p = state.pending.pop(0)
    seat, b, d, args = p.seat, state.boards[p.seat], components(), action.args
    verb = action.verb
    k = p.kind
    if k == "overflow":
        b.crates.remove(args[0])
        state.bag.append(args[0])
        say(
            events,
            "return",
            "crates",
            f"{who(state, seat)}'s crates are full: {a_bone(args[0])} goes back to the bag.",
            seat=seat,
        )
    elif k == "draw" and verb == "draw":
        left = p.get("left") - 1
        if left > 0:
            queue(state, seat, [{"bones": left, "upto": True}], front=True)
        bag_bone(state, seat, events)
    elif k == "rare" and verb == "take":
        state.rare[args[0]] -= 1
        left = p.get("left") - 1
        if left > 0:
            queue(state, seat, [{"rare": left, "upto": True}], front=True)
        gain_bone(state, seat, args[0], events, "takes {bone} from the rare display")
    elif k == "exchange" and verb == "exchange":
        mine, theirs = args
        b.crates.remove(mine)
        b.crates.append(theirs)
        state.rare[mine] = state.rare.get(mine, 0) + 1
        state.rare[theirs] -= 1
        say(
            events,
            "exchange",
            "bonus.exchange",
            f"{who(state, seat)} swaps {a_bone(mine)} for the rare {bone_name(theirs)}.",
            seat=seat,
        )
    elif k == "keep" and verb == "keep":
        cards = list(p.get("cards"))
        cards.remove(args[0])
        b.hand.append(args[0])
        state.species_discard.extend(cards)
        say(
            events,
            "keep",
            "bonus.species_look",
            f"{who(state, seat)} keeps {d.species[args[0]].name}.",
            seat=seat,
        )
    elif k == "discard" and verb == "discard":
        b.hand.remove(args[0])
        state.species_discard.append(args[0])
        say(
            events,
            "discard",
            "bonus.species_look",
            f"{who(state, seat)} discards {d.species[args[0]].name}.",
            seat=seat,
        )
        _look(state, seat, p.get("look"), events)
    elif k == "paleo" and verb == "keep":
        state.paleo_display.remove(args[0])
        b.hand.append(args[0])
        refill_paleo(state)
        left = p.get("left") - 1
        if left > 0 and state.paleo_display:
            state.pending.insert(0, decision("paleo", seat, left=left))
        say(events, "paleo", "bonus.paleo", f"{who(state, seat)} takes a paleontologist card.", seat=seat)
    elif k == "cover":
        if args[0] == "money":
            b.money += 2
        else:
            b.rp += 1
        say(
            events,
            "cover",
            "bonus.cover",
            f"{who(state, seat)} takes {'$2' if args[0] == 'money' else '1 RP'} for the cover tile.",
            seat=seat,
        )
    elif k == "upgrade" and verb == "upgrade":
        old, new = args
        b.reserve.remove(new)
        if old in b.hand:
            b.hand[b.hand.index(old)] = new
        else:
            b.played[b.played.index(old)] = new
        say(
            events,
            "upgrade",
            "bonus.upgrade",
            f"{who(state, seat)} replaces {d.team_cards[old].name} with {d.team_cards[new].name}.",
            seat=seat,
        )
    elif k == "upgrade" and verb == "hire":
        b.reserve.remove(args[0])
        b.specialists.append(args[0])
        say(
            events,
            "hire",
            "bonus.specialists",
            f"{who(state, seat)} hires the {args[0].replace('_', ' ')}.",
            seat=seat,
        )
    elif k == "slot":
        tile = state.slot_stack.pop()
        if args[0] == "extra":
            b.slots.append(tile)
            b.played.append(None)
        else:
            b.slots[int(args[0]) - 1] = tile
        say(
            events,
            "slot",
            "bonus.slot",
            f"{who(state, seat)} adds an upgraded action slot tile as an extra slot."
            if args[0] == "extra"
            else f"{who(state, seat)} places an upgraded action slot tile over slot {args[0]}.",
            seat=seat,
        )
    elif k == "rearchive" and verb == "archive":
        sp, env = args[0], args[1].upper()
        src = next(e for e, cards in b.archive.items() if sp in cards)
        b.archive[src] = [c for c in b.archive[src] if c != sp]
        b.archive.setdefault(env, []).append(sp)
        say(
            events,
            "archive",
            "bonus.move_archived",
            f"{who(state, seat)} moves {d.species[sp].name} to envelope {env}.",
            seat=seat,
        )
        # a grant pays the new envelope in full, as if the card were archived there
        envelope_bonus(
            state, seat, env, len(b.archive[env]) if grant(state, seat, "move_archived_all") else 1
        )
    elif k == "site_action" and verb == "do":
        left = p.get("left") - 1
        if left > 0:
            queue(state, seat, [{"site_actions": left}], front=True)
        queue(state, seat, [dict(x) for x in d.site_actions[args[0]].effect], front=True)
    elif k == "swap" and verb == "swap":
        b.patron = rival(b.patron)
        say(events, "swap", "bonus.swap", f"{who(state, seat)} now works for {b.patron.title()}.", seat=seat)
    elif k == "any_round_bonus":
        effect = d.round4_bonus if args[0] == "round4" else components().bonus(args[0])
        queue(state, seat, [dict(x) for x in effect], front=True)
    elif k == "split":  # loyalty to either patron or shared (a paleontologist card's bonus)
        n, marsh = p.get("n"), int(args[0])
        if marsh:
            gain_loyalty(state, seat, "marsh", marsh, events)
        if n - marsh:
            gain_loyalty(state, seat, "cope", n - marsh, events)
    elif k == "pick_bone":
        bones = list(p.get("bones"))
        bones.remove(args[0])
        state.bag.extend(bones)
        back = f"keeps {{bone}} and puts {bones_words(bones)} back in the bag"
        gain_bone(state, seat, args[0], events, back)
    elif k == "specialist" and verb == "attach":
        b.specialists_used.append(args[0])
        say(
            events,
            "specialist",
            "bonus.specialists",
            f"{who(state, seat)}'s {args[0].replace('_', ' ')} joins the team this turn.",
            seat=seat,
        )
        queue(state, seat, [dict(x) for x in d.specialists[args[0]]], front=True)
    elif k == "choose" and verb == "choose":
        queue(state, seat, [dict(p.get("options")[int(args[0]) - 1])], front=True)
    elif k == "reward" and verb == "reward":
        groups = p.get("groups")
        chosen = next(fx for name, fx in groups if name == tuple(args))
        rest = tuple(g for g in groups if g[0] != tuple(args))
        queue(state, seat, [dict(x) for x in chosen] + [{"rewards": rest}], front=True)
    run(state, events)
