"""A Bone Wars turn: a card played into the leftmost open action slot, then either team
actions (the card's or the slot's action points) or one paleontologist action.

Every step is one small decision (an action label): ``play``, ``prize``, ``mode``; the team's
``move``, ``dig``, ``discover``, ``site``, ``camp``, ``deeper``, ``end``; the paleontologist's
``go``, then ``publish`` + ``bone`` + ``paper``, ``debunk``, ``claim`` or ``find``, and ``done``.
"""

from __future__ import annotations

from collections import Counter

from ...core.actions import Action
from ...core.events import Event
from ...core.words import plural
from . import effects, perks
from .data import components
from .effects import archive_limit, envelope_bonus, envelope_of, gain_bone, queue, say, who
from .state import BoneWarsState, Turn, decision, rival
from .text import a_bone, award_words, bones_words, number

DEPTHS = ("top", "middle", "bottom")
PARTS = ("torso", "tail", "skull", "limb")
LOCATIONS = ("publish", "debunk", "award", "find")
DEBUNK_LOYALTY = {2: 1, 3: 2, 4: 4}
PAPER_LOYALTY = {2: 1, 3: 1, 4: 2}


# ---- what a card and a slot give ----------------------------------------------------------------
def slot_spec(state: BoneWarsState, seat: int, i: int):
    """Action slot ``i`` of ``seat``: the printed one, or the upgraded tile placed over it."""
    d, tile = components(), state.boards[seat].slots[i]
    return d.action_slots[i] if tile < 0 else d.upgraded_slots[tile]


def open_slot(state: BoneWarsState, seat: int) -> int | None:
    """The leftmost slot with no card this round (None: every slot is used)."""
    return next((i for i, c in enumerate(state.boards[seat].played) if c is None), None)


def card_cost(card: str) -> int:
    d = components()
    if card in d.team_cards:
        return d.team_cards[card].cost
    paleo = next((p for p in d.paleontologists if p.id == card), None)
    return paleo.cost if paleo else 0


def card_type(card: str) -> str:
    d = components()
    return "team" if card in d.team_cards else "species" if card in d.species else "paleo"


def prize_due(state: BoneWarsState, seat: int, card: str, slot: int) -> bool:
    """Whether a species card in ``slot`` earns its prize: the slot shows its minor find."""
    d = components()
    return card in d.species and perks.icons_match(
        state, seat, slot_spec(state, seat, slot).find, d.species[card].find
    )


# ---- listing the legal actions ------------------------------------------------------------------
def legal(state: BoneWarsState, seat: int) -> list[Action]:
    t, b = state.turn, state.boards[seat]
    a = lambda verb, *args: Action(seat, verb, tuple(args))  # noqa: E731 - a short builder
    if t is None:  # the start of a turn: a card to play, or pass
        slot = open_slot(state, seat)
        out = []
        if slot is not None:
            cost = slot_spec(state, seat, slot).cost
            out = [a("play", c) for c in sorted(set(b.hand)) if cost + card_cost(c) <= b.money]
        return out + [a("pass")]
    if t.mode is None:
        out = [a("prize")] if t.prize_later else []
        kind = card_type(t.card)
        modes = ("team", "paleo") if kind == "species" else (kind,)
        return out + [a("mode", m) for m in modes]
    if t.mode == "team":
        return _team_actions(state, seat, t, a)
    return _paleo_actions(state, seat, t, a)


def _team_actions(state: BoneWarsState, seat: int, t: Turn, a) -> list[Action]:
    b, d = state.boards[seat], components()
    site = state.sites[_site_index(state, b.team)]  # teams left the universities as the round began
    out = []
    if t.free or t.ap:
        out += [a("move", s) for s in d.dig_sites[b.team].to]
    if t.ap >= 1:
        out += [a("dig", DEPTHS[i]) for i in range(min(t.depth, 3)) if site.bones[i] is not None]
    if t.ap >= 2 and site.card is not None:
        out.append(a("discover"))
    if t.ap >= 1:
        out += [a("site", s.id) for s in state.sites if s.id == b.team or seat in s.camps]
        if seat not in site.camps and _camp_space(state, site) is not None:
            out += [a("camp", kind) for kind in sorted(set(b.camps_left))]
        out.append(a("deeper"))
    return out + [a("end")]


def _paleo_actions(state: BoneWarsState, seat: int, t: Turn, a) -> list[Action]:
    b, d = state.boards[seat], components()
    if t.action is None:  # the paleontologist moves on (a grant lets it stay)
        stay = perks.grant(state, seat, "stay_put")
        return [a("go", loc) for loc in LOCATIONS if loc != b.paleo or stay]
    if t.action == "publish":
        if t.building is not None:
            sp, paid, parts = t.building
            free = sorted(set(_free_bones(t, b.crates)))
            out = [a("bone", k) for k in free if _fits(sp, parts, k)]
            if perks.card_perk(t) == "publish_wild_bone" and not t.perk_used:  # one bone as any kind
                out += [a("wild", k, part) for k in free for part in PARTS if part not in parts]
            # a skeleton that cannot reach two bones may be given up: its bones stay in the crates
            return out + ([a("paper")] if len(paid) >= 2 else []) + [a("drop")]
        busy = {sp for sp, _ in t.papers}
        out = [
            a("publish", sp)
            for sp in sorted(set(b.hand))
            if sp in d.species
            and sp not in busy
            and _room(state, seat, sp, t)
            and (
                _best_skeleton(sp, _free_bones(t, b.crates)) >= 2
                or (
                    perks.card_perk(t) == "publish_wild_bone"
                    and not t.perk_used
                    and _best_skeleton(sp, _free_bones(t, b.crates)) >= 1
                    and len(_free_bones(t, b.crates)) >= 2
                )
            )
        ]
        return out + [a("done")]
    if t.action == "debunk":
        have = Counter(b.crates)
        theirs = set(debunk_targets(state, rival(b.patron)))
        out = [
            a("debunk", k, str(n)) for k in sorted(have) for n in (2, 3, 4) if have[k] >= n and n in theirs
        ]
        if perks.card_perk(t) == "debunk_wild_bone" and not t.perk_used:  # one bone stands in
            out += [
                a("debunk", k, str(n), w)
                for k in sorted(have)
                for n in (2, 3, 4)
                if have[k] == n - 1 and n in theirs
                for w in sorted(have)
                if w != k
            ]
        return out + [a("done")]
    if t.done_once:
        return [a("done")]
    if t.action == "award":
        return [a("claim", tile, str(i + 1)) for tile, i in _claimable(state, seat)] + [a("done")]
    perk = perks.card_perk(t)
    out = []
    for sp in sorted(set(b.hand)):
        if sp not in d.species:
            continue
        envelopes = [e.id for e in d.archive] if perk == "find_any_envelope" else [envelope_of(sp)]
        envelopes = [e for e in envelopes if _room(state, seat, sp, t, e)]
        for r, row in enumerate(state.finds):
            if d.minor_finds.rows[r] > state.players:
                continue
            for c, tile in enumerate(row):
                if tile is None:
                    ok = perk == "find_taken_space"
                else:
                    ok = perk == "find_any_tile" or perks.icons_match(state, seat, tile, d.species[sp].find)
                if not ok:
                    continue
                if perk == "find_any_envelope":
                    out += [a("find", sp, str(r + 1), str(c + 1), e.lower()) for e in envelopes]
                elif envelopes:
                    out.append(a("find", sp, str(r + 1), str(c + 1)))
    return out + [a("done")]


def _site_index(state: BoneWarsState, site: str) -> int:
    return next(i for i, s in enumerate(state.sites) if s.id == site)


def _camp_space(state: BoneWarsState, site) -> int | None:
    """A free base-camp space of ``site`` at this table size (None: all taken)."""
    spaces = [n for n in components().dig_sites[site.id].camps if n <= state.players]
    return len(site.camps) if len([c for c in site.camps if c >= 0]) < len(spaces) else None


def _free_bones(t: Turn, crates: list[str]) -> list[str]:
    """The crate bones not yet promised to a skeleton this turn."""
    left = list(crates)
    for paper in [*t.papers, *([t.building] if t.building else [])]:
        for k in paper[1]:
            left.remove(k)
    return left


def _part(kind: str) -> str:
    return components().bones[kind].part


def _fits(sp: str, parts: tuple[str, ...], kind: str) -> bool:
    """Whether bone ``kind`` fills a part of ``sp``'s skeleton not yet paid for (``parts``)."""
    s = components().species[sp]
    part = _part(kind)
    if part in parts:
        return False
    if part == "skull":
        return s.skull in ("either", kind)
    if part == "limb":
        return s.limb in ("either", kind)
    return True


def _best_skeleton(sp: str, bones: list[str]) -> int:
    """How many different parts of ``sp`` the bones ``bones`` could pay for."""
    parts: tuple[str, ...] = ()
    for k in sorted(set(bones)):
        if _fits(sp, parts, k):
            parts += (_part(k),)
    return len(parts)


def _room(state: BoneWarsState, seat: int, sp: str, t: Turn, env: str | None = None) -> bool:
    """Whether ``sp``'s envelope (or ``env``) has room, counting this turn's papers going there."""
    env = env or envelope_of(sp)
    coming = sum(1 for paper in t.papers if envelope_of(paper[0]) == env)
    return len(state.boards[seat].archive.get(env, [])) + coming < archive_limit(state, seat)


def _claimable(state: BoneWarsState, seat: int) -> list[tuple[str, int]]:
    d = components()
    # Lucas: a held space too, whoever's marker holds it (a virtual opponent's, -1, included:
    # bone_wars.ruling.virtual_pieces)
    taken_ok = perks.card_perk(state.turn) == "award_occupied_space"
    out = []
    for tile_id in state.awards:
        if tile_id in state.boards[seat].awards:
            continue
        tile = d.award(tile_id)
        have = award_count(state, seat, tile)
        for i, space in enumerate(tile.spaces):
            holder = state.award_marks[tile_id][i]
            if (holder is None or taken_ok) and have >= space.need:
                out.append((tile_id, i))
    return out


def award_count(state: BoneWarsState, seat: int, tile) -> int:
    """How many of ``seat``'s archived species count for award ``tile`` (an amphibian counts
    as any category for a B award)."""
    d = components()
    cards = [c for env in state.boards[seat].archive.values() for c in env]
    if tile.kind == "A":
        return sum(1 for c in cards if d.species[c].by == tile.target)
    if tile.kind == "B":
        return sum(1 for c in cards if d.species[c].category in (tile.target, "amphibian"))
    return len(state.boards[seat].archive.get(tile.target, []))


# ---- applying ---------------------------------------------------------------------------------------
def apply(state: BoneWarsState, action: Action, events: list[Event] | None) -> None:
    seat, verb, args = action.seat, action.verb, action.args
    b, t = state.boards[seat], state.turn
    if verb == "play":
        slot = open_slot(state, seat)
        cost = slot_spec(state, seat, slot).cost + card_cost(args[0])
        b.money -= cost
        b.hand.remove(args[0])
        b.played[slot] = args[0]
        state.turn = Turn(seat, args[0], slot, prize_later=prize_due(state, seat, args[0], slot))
        say(
            events,
            "play",
            "turn.slots",
            f"{who(state, seat)} plays {card_name(args[0])} into slot {slot + 1} and pays ${cost}.",
            seat=seat,
            card=args[0],
            slot=slot,
        )
        if card_type(args[0]) != "species":
            _mode(state, seat, card_type(args[0]), events)
        card = components().team_cards.get(args[0])
        free = [s for s in b.specialists if s not in b.specialists_used]
        if card is not None and card.specialist and free:  # a torn picture: a specialist may join
            state.pending.insert(0, decision("specialist", seat, free=tuple(free)))
    elif verb == "prize":
        t.prize_later = False
        _prize(state, seat, t.card, events)
    elif verb == "mode":
        _mode(state, seat, args[0], events)
    elif t.mode == "team":
        _team(state, seat, t, verb, args, events)
    else:
        _paleo(state, seat, t, verb, args, events)


def _paleo_person(card: str) -> str:
    return next(p.name for p in components().paleontologists if p.id == card)


def card_name(card: str) -> str:
    d = components()
    if card in d.team_cards:
        return f"the team card {d.team_cards[card].name}"
    if card in d.species:
        return d.species[card].name
    paleo = next(p for p in d.paleontologists if p.id == card)
    return f"the paleontologist card {paleo.name}"


def _prize(state: BoneWarsState, seat: int, card: str, events: list[Event] | None) -> None:
    say(
        events,
        "prize",
        "turn.prize",
        f"{who(state, seat)} takes the prize bonus of {card_name(card)}.",
        seat=seat,
    )
    queue(state, seat, [dict(x) for x in components().species[card].prize], front=True)


def _mode(state: BoneWarsState, seat: int, mode: str, events: list[Event] | None) -> None:
    t, d = state.turn, components()
    t.mode = mode
    if mode == "team":
        if t.card in d.team_cards:
            card = d.team_cards[t.card]
            t.ap, t.depth = card.ap, card.depth
        else:
            slot = slot_spec(state, seat, t.slot)
            t.ap, t.depth = slot.ap, slot.depth
        t.free = effects.free_moves(state, seat)
        say(
            events,
            "mode",
            "team",
            f"{who(state, seat)} sends the team out: {plural(t.ap, 'action point')}, digging "
            f"down to the {DEPTHS[min(t.depth, 3) - 1]} slot, {plural(t.free, 'free move')}.",
            seat=seat,
        )
    else:
        say(events, "mode", "paleo", f"{who(state, seat)} takes a paleontologist action.", seat=seat)


def _team(state: BoneWarsState, seat: int, t: Turn, verb: str, args, events: list[Event] | None) -> None:
    b, d = state.boards[seat], components()
    if verb == "end":
        t.mode = "done"
        return
    if verb == "move":
        if t.free:
            t.free -= 1
            how = "moves (a free move) to"
        else:
            t.ap -= 1
            how = "moves (1 action point) to"
        b.team = args[0]
        say(
            events,
            "move",
            "team.move",
            f"{who(state, seat)}'s team {how} {d.dig_sites[args[0]].name}.",
            seat=seat,
            site=args[0],
        )
        meet(state, seat, args[0])
        return
    site = state.sites[_site_index(state, b.team)]
    name = d.dig_sites[b.team].name
    if verb == "dig":
        t.ap -= 1
        i = DEPTHS.index(args[0])
        bone, site.bones[i] = site.bones[i], None
        gain_bone(state, seat, bone, events, f"digs up {{bone}} at {name} (the {args[0]} slot)")
    elif verb == "discover":
        t.ap -= 2
        b.hand.append(site.card)
        say(
            events,
            "discover",
            "team.discover",
            f"{who(state, seat)} discovers {card_name(site.card)} at {name}.",
            seat=seat,
        )
        site.card = None
    elif verb == "site":
        t.ap -= 1
        site_action(state, seat, args[0], events)
    elif verb == "camp":
        t.ap -= 1
        camp(state, seat, site, args[0], events)
    elif verb == "deeper":
        t.ap -= 1
        state.bag.extend(x for x in site.bones if x is not None)
        if site.card is not None:
            state.species_discard.append(site.card)
        site.bones = [effects.draw_bone(state) for _ in range(3)]
        site.card = effects.draw_species(state)
        say(
            events,
            "deeper",
            "team.deeper",
            f"{who(state, seat)} digs deeper at {name}: new bones and a new species card.",
            seat=seat,
        )


def site_action(
    state: BoneWarsState, seat: int, site_id: str, events: list[Event] | None, rule: str = "team.site"
) -> None:
    """The dig-site action tile of ``site_id``, its bonus first of what waits."""
    d = components()
    tile = d.site_actions[state.sites[_site_index(state, site_id)].action]
    say(
        events,
        "site",
        rule,
        f"{who(state, seat)} uses the dig site action of {d.dig_sites[site_id].name}: {tile.text}",
        seat=seat,
    )
    queue(state, seat, [dict(x) for x in tile.effect], front=True)


def camp(
    state: BoneWarsState, seat: int, site, kind: str, events: list[Event] | None, rule: str = "team.camp"
) -> None:
    """A base camp of ``kind`` (``move`` or ``archive``) from ``seat``'s board to ``site``."""
    state.boards[seat].camps_left.remove(kind)
    site.camps.append(seat)
    what = "one more free move" if kind == "move" else "room for one more card in each envelope"
    say(
        events,
        "camp",
        rule,
        f"{who(state, seat)} sets up a base camp at {components().dig_sites[site.id].name}: {what}.",
        seat=seat,
    )


def meet(state: BoneWarsState, seat: int, site: str) -> None:
    """A team moving onto a dig site where other teams stand: $1 to the mover if it holds the
    meeting grant, and $1 to each of those teams' players who holds it."""
    others = [o for o, ob in enumerate(state.boards) if o != seat and ob.team == site]
    if not others:
        return
    if perks.grant(state, seat, "meet_teams_money"):  # $1 a move, however many teams stand there
        queue(state, seat, [{"money": 1}])
    for o in others:
        if perks.grant(state, o, "meet_teams_money"):
            queue(state, o, [{"money": 1}])


def _paleo(state: BoneWarsState, seat: int, t: Turn, verb: str, args, events: list[Event] | None) -> None:
    b = state.boards[seat]
    if verb == "go":
        t.action = b.paleo = args[0]
        perk = perks.card_perk(t)
        # the card's bonus is a sentence of its own ("Publishing ...: 1 loyalty more.")
        extra = (f", and {_paleo_person(t.card)}'s card gives its bonus. {components().paleo_bonuses[perk]}"
                 if perk else ".")
        say(
            events,
            "go",
            "paleo.move",
            f"{who(state, seat)}'s paleontologist goes to {args[0]}{extra}",
            seat=seat,
        )
    elif verb == "publish":
        t.building = (args[0], (), ())
    elif verb == "bone":
        sp, paid, parts = t.building
        t.building = (sp, paid + (args[0],), parts + (_part(args[0]),))
    elif verb == "wild":  # Marsh's card: this bone stands in for the part named
        sp, paid, parts = t.building
        t.building = (sp, paid + (args[0],), parts + (args[1],))
        t.perk_used = True
        say(
            events,
            "wild",
            "paleo.cards.marsh",
            f"{who(state, seat)}'s {args[0]} stands in for the {args[1]}.",
            seat=seat,
        )
    elif verb == "drop":
        say(
            events,
            "drop",
            "paleo.publish",
            f"{who(state, seat)} gives up the paper on "
            f"{components().species[t.building[0]].name}; its bones stay in the crates.",
            seat=seat,
        )
        t.building = None
    elif verb == "paper":
        t.papers.append(t.building[:2])
        t.building = None
    elif verb == "debunk":
        if len(args) > 2:
            t.perk_used = True
        _debunk(state, seat, t, args[0], int(args[1]), args[2] if len(args) > 2 else None, events)
    elif verb == "claim":
        _claim(state, seat, args[0], int(args[1]) - 1, events)
        t.done_once = True
    elif verb == "find":
        env = args[3].upper() if len(args) > 3 else None
        _find(state, seat, args[0], int(args[1]) - 1, int(args[2]) - 1, env, events)
        t.done_once = True
    elif verb == "done":
        if t.action == "publish":
            _publish(state, seat, t, events)
        t.mode = "done"


def _publish(state: BoneWarsState, seat: int, t: Turn, events: list[Event] | None) -> None:
    """Every paper of the turn: bones to the bag, rewards, archive, a paper tile on the shelf."""
    b, d = state.boards[seat], components()
    perk = perks.card_perk(t)
    later: list[tuple[tuple[str, ...], list[dict]]] = []  # the rewards, each named for the order
    loyalty = 0
    for sp, paid in t.papers:
        for k in paid:
            b.crates.remove(k)
            state.bag.append(k)
        n = len(paid)
        s = d.species[sp]
        different = "different bones" if len(set(paid)) == n else "bones"  # a wild bone may repeat a kind
        say(
            events,
            "publish",
            "paleo.publish",
            f"{who(state, seat)} publishes {s.name} with {number(n)} {different}: {bones_words(paid)}.",
            seat=seat,
            species=sp,
            bones=n,
        )
        loyalty += PAPER_LOYALTY[n]
        if n >= 3:
            later.append((("prize", sp), [dict(x) for x in s.prize]))
        if n == 4:  # a grant may turn the current round bonus into any round bonus
            any_bonus = perks.grant(state, seat, "publish_any_round_bonus")
            later.append((("round", sp), [{"any_round_bonus": 1} if any_bonus else {"round_bonus": 1}]))
        b.hand.remove(sp)
        env = envelope_of(sp)
        b.archive.setdefault(env, []).append(sp)
        say(
            events,
            "archive",
            "paleo.archive",
            f"{s.name} goes into envelope {env} ({len(b.archive[env])} there).",
            seat=seat,
        )
        bonus = next(e.bonus for e in d.archive if e.id == env)
        later.append((("envelope", sp), [dict(x) for x in bonus] * len(b.archive[env])))
        add_paper(state, b.patron, n, events, seat)
    if perk == "publish_small_extra_loyalty" and any(len(paid) <= 3 for _, paid in t.papers):
        loyalty += 1  # Williston's card: once for the action (ruling bone_wars.ruling.paleo_bonus_once)
    if loyalty:
        gain = {"any_loyalty": loyalty} if perk == "publish_any_patron" else {"loyalty": loyalty}
        later.insert(0, (("loyalty",), [gain]))
    later = [(name, fx) for name, fx in later if fx]
    if state.options.get("reward_order") == "fixed" or effects.theodore(state, seat):
        queue(state, seat, [e for _, fx in later for e in fx], front=True)  # the kit's fixed order
    else:  # the player takes the rewards in any order (ruling bone_wars.ruling.publish_batch)
        queue(state, seat, [{"rewards": tuple((name, tuple(fx)) for name, fx in later)}], front=True)


def add_paper(state: BoneWarsState, patron: str, value: int, events: list[Event] | None, seat: int) -> None:
    """A value-``value`` paper on ``patron``'s side: the lowest free spot, else the portrait shelf."""
    for shelf in state.shelves[patron]:
        for i, v in enumerate(shelf):
            if v is None:
                shelf[i] = value
                say(
                    events,
                    "paper",
                    "paleo.shelf",
                    f"A value-{value} paper joins {patron.title()}'s bookshelf.",
                    seat=seat,
                )
                return
    state.overflow[patron].append(value)
    say(
        events,
        "paper",
        "paleo.shelf",
        f"{patron.title()}'s bookshelf is full: the value-{value} paper waits under the portrait.",
        seat=seat,
    )


def _debunk(
    state: BoneWarsState, seat: int, t: Turn, kind: str, n: int, wild: str | None, events: list[Event] | None
) -> None:
    debunk(state, seat, t, [kind] * (n - 1) + [wild or kind], events)  # Leidy's card: one stands in


def debunk(state: BoneWarsState, seat: int, t: Turn, paid: list[str], events: list[Event] | None) -> None:
    """Debunk with the set ``paid`` (its size is the paper's value): the bones go back to the
    bag, the rival's paper of that value comes over to this player's patron, loyalty follows."""
    b, n = state.boards[seat], len(paid)
    for k in paid:
        b.crates.remove(k)
        state.bag.append(k)
    other = rival(b.patron)
    shelves = state.shelves[other]
    spots = [(r, i) for r, shelf in enumerate(shelves) for i, v in enumerate(shelf) if v == n]
    if spots:
        # the highest such paper leaves; the papers above it slide down (ruling bone_wars.ruling.shelf_order)
        spot = max(spots)
        shelves[spot[0]][spot[1]] = None
        _slide_down(shelves)
        if state.overflow[other]:  # a paper waiting under the portrait takes the freed spot
            add_paper(state, other, state.overflow[other].pop(0), None, seat)
    else:  # only the portrait shelf holds one (ruling bone_wars.ruling.debunk_missing): it leaves
        state.overflow[other].remove(n)
    say(
        events,
        "debunk",
        "paleo.debunk",
        f"{who(state, seat)} debunks a value-{n} paper of {other.title()}'s, discarding "
        f"{_debunk_bones(state, seat, paid)}.",
        seat=seat,
        n=n,
    )
    loyalty, perk = DEBUNK_LOYALTY[n], perks.card_perk(t)
    if perk == "debunk_small_extra_loyalty" and n <= 3 and not t.perk_used:
        loyalty += 1  # Reed's card, once for the action
        t.perk_used = True
    add_paper(state, b.patron, n, events, seat)
    if perk == "debunk_any_patron":
        gain = {"any_loyalty": loyalty}
    else:
        gain = {"loyalty": loyalty}
    if perks.grant(state, seat, "debunk_trade_loyalty") and not t.traded:  # once for the action
        t.traded = True
        gain = {"choose": [gain, {"loyalty_for_bonus": loyalty}]}
    queue(state, seat, [gain], front=True)


def _debunk_bones(state: BoneWarsState, seat: int, paid: list[str]) -> str:
    """The set a debunk pays, in words: ``three torsos``; with Leidy's card ``three bones: two
    tails and a paw standing in for a tail``; Theodore's set of one part (the solo rules count
    every skull, and every limb, as the same bone) ``two limbs: a paw and a flipper``."""
    kinds = Counter(paid)
    if len(kinds) == 1:
        return bones_words(paid)
    n = number(len(paid))
    if effects.theodore(state, seat):
        part = _part(paid[0])
        return f"{n} {part}s: {bones_words(paid)} (he counts every {part} as the same bone)"
    kind, wild = (k for k, _ in kinds.most_common())  # the set's kind, and the one standing in
    return (f"{n} bones: {bones_words([kind] * kinds[kind])} and {a_bone(wild)} standing in for "
            f"{a_bone(kind)}")


def debunk_targets(state: BoneWarsState, patron: str) -> list[int]:
    """The values of ``patron``'s papers a debunk may target: every coloured paper on the
    shelves and under the portrait (ruling bone_wars.ruling.debunk_missing); never a neutral
    tile."""
    shelves = [v for shelf in state.shelves[patron] for v in shelf if v]
    return shelves + [v for v in state.overflow[patron] if v]


def _slide_down(shelves: list[list[int | None]]) -> None:
    """Papers move down into gaps, spot by spot in filling order; neutral tiles (0) stay put."""
    spots = [(r, i) for r, shelf in enumerate(shelves) for i, v in enumerate(shelf) if v != 0]
    papers = [shelves[r][i] for r, i in spots if shelves[r][i] is not None]
    for k, (r, i) in enumerate(spots):
        shelves[r][i] = papers[k] if k < len(papers) else None


def _claim(state: BoneWarsState, seat: int, tile_id: str, i: int, events: list[Event] | None) -> None:
    d = components()
    tile = d.award(tile_id)
    if state.award_marks[tile_id][i] is None:  # Lucas's card shares a held space: it stays marked
        state.award_marks[tile_id][i] = seat
    state.boards[seat].awards.append(tile_id)
    say(
        events,
        "claim",
        "paleo.award",
        f"{who(state, seat)} claims space {i + 1} of {award_words(tile_id)}.",
        seat=seat,
    )
    perk, n = perks.card_perk(state.turn), tile.spaces[i].loyalty
    gain = {"any_loyalty": n} if perk == "award_any_patron" else {"loyalty": n}
    bonus = {"any_round_bonus": 1} if perk == "award_any_round_bonus" else {"round_bonus": 1}
    queue(state, seat, [gain, bonus], front=True)


def _find(
    state: BoneWarsState, seat: int, sp: str, r: int, c: int, env: str | None, events: list[Event] | None
) -> None:
    """A minor find: the card into its envelope (Powell's card: ``env``), the tile out of the
    game (Peabody's card: a space already empty), the column's bonus (a grant: or the round's)."""
    b, d = state.boards[seat], components()
    b.hand.remove(sp)
    env = env or envelope_of(sp)
    b.archive.setdefault(env, []).append(sp)
    tile, state.finds[r][c] = state.finds[r][c], None
    took = f"takes the {tile} minor find" if tile else "takes no tile (it was gone) but the bonus"
    say(
        events,
        "find",
        "paleo.find",
        f"{who(state, seat)} archives {d.species[sp].name} in envelope {env} and {took} of column {c + 1}.",
        seat=seat,
    )
    bonus = [dict(x) for x in d.bonus(state.find_bonus[c])]
    if perks.grant(state, seat, "find_round_bonus"):
        bonus = [{"choose": [*bonus, {"round_bonus": 1}]}]
    queue(state, seat, bonus, front=True)
    envelope_bonus(state, seat, env, len(b.archive[env]))


def finish(state: BoneWarsState, events: list[Event] | None) -> bool:
    """End the turn in progress if its actions are done (the prize, if kept for later, first);
    returns whether the turn has ended."""
    t = state.turn
    if t is None or t.mode != "done" or state.pending or state.effects:
        return False
    if t.prize_later:
        t.prize_later = False
        _prize(state, t.seat, t.card, events)
        effects.run(state, events)
        if state.pending or state.effects:
            return False
    state.turn = None
    return True
