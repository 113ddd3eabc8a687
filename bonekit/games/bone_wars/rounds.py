"""Bone Wars around the turns: setup and the setup bundles, passing (profession, university,
grant, loyalty bonus), resetting the board between rounds, and the two scorings."""

from __future__ import annotations

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.rng import Rng
from . import effects, turn
from .data import components
from .effects import queue, say, who
from .state import PATRONS, THEODORE, BoneWarsState, PlayerBoard, Site, decision
from .text import grant_words, number

SOLO_CARDS = frozenset(c.id for c in components().solo_cards)
ROUND_DECISIONS = ("depart", "profession", "university")
"""The decisions this module asks and answers: the step off the university at the start of a
round, and the steps of passing."""


# ---- setup --------------------------------------------------------------------------------------
def new_state(players: int, variant: str, seed: int, names: tuple[str, ...], options: dict) -> BoneWarsState:
    """The table after setup, before the setup bundles are chosen (shuffles from ``seed``)."""
    d = components()
    rng = Rng(seed)
    rare = {k: d.rare_per_kind for k in d.bones}
    bag = [k for k, bone in d.bones.items() for _ in range(bone.count - d.rare_per_kind)]
    species = sorted(d.species)
    species = rng.shuffled(species)
    paleo = [p.id for p in d.paleontologists]
    paleo = rng.shuffled(paleo)
    site_tiles = sorted(d.site_actions)
    site_tiles = rng.shuffled(site_tiles)
    bonus = [t.id for t in d.bonus_tiles]
    bonus = rng.shuffled(bonus)
    cols = d.minor_finds.columns
    rows = [n <= players for n in d.minor_finds.rows]
    tiles = [f for f in sorted({s.find for s in d.species.values()}) for _ in range(players)]
    tiles = rng.shuffled(tiles)
    finds: list[list[str | None]] = []
    for open_row in rows:
        finds.append([tiles.pop() if open_row else None for _ in range(cols)])
    awards = []
    for kind in ("A", "B", "C"):
        pile = [t.id for t in d.awards[kind]]
        awards.append(pile[rng.roll(len(pile)) - 1])
    grant_ids = sorted(d.grants)
    grant_ids = rng.shuffled(grant_ids)
    slot_stack = list(range(len(d.upgraded_slots)))
    slot_stack = rng.shuffled(slot_stack)
    state = BoneWarsState(
        players=players,
        variant=variant,
        seed=seed,
        names=names,
        rng=rng,
        boards=[],
        sites=[],
        bag=bag,
        rare=rare,
        species_deck=species,
        species_discard=[],
        paleo_deck=paleo,
        paleo_display=[],
        paleo_discard=[],
        slot_stack=slot_stack,
        awards=awards,
        award_marks={t: [None] * len(_tile(t).spaces) for t in awards},
        shelves={
            p: [[None if n <= players else 0 for n in shelf] for shelf in d.bookshelf.shelves]
            for p in PATRONS
        },
        overflow={p: [] for p in PATRONS},
        grants={u.space: grant_ids[i] for i, u in enumerate(d.universities)},
        universities={u.space: None for u in d.universities},
        professions={},
        finds=finds,
        find_bonus=bonus[:cols],
        round_bonus=bonus[cols : cols + 3],
        options=options,
    )
    for i, site_id in enumerate(d.dig_sites):
        state.sites.append(
            Site(
                site_id,
                effects.draw_species(state),
                [effects.draw_bone(state) for _ in range(3)],
                site_tiles[i],
            )
        )
    effects.refill_paleo(state)
    basics = [c.id for c in d.team_cards.values() if not c.advanced]
    reserve = [c.id for c in d.team_cards.values() if c.advanced] + list(d.specialists)
    for _ in range(players):
        board = PlayerBoard(
            money=d.board.money,
            hand=list(basics),
            played=[None] * len(d.action_slots),
            slots=[-1] * len(d.action_slots),
            covers=d.board.covers,
            camps_left=list(d.board.camps),
            reserve=list(reserve),
        )
        board.hand.append(state.paleo_deck.pop())
        state.boards.append(board)
    state.passed = [False] * players
    state.offer = [
        (effects.draw_species(state), [effects.draw_bone(state), effects.draw_bone(state)])
        for _ in range(players + 1)
    ]
    if variant == "solo":  # Theodore's species, your species, your career, his career
        state.bundle_queue = [THEODORE, 0, 0, THEODORE]
    else:
        first = rng.roll(players) - 1
        clockwise = [(first + i) % players for i in range(players)]
        state.bundle_queue = clockwise + clockwise[::-1]
    state.current = state.bundle_queue[0]
    return state


def _tile(tile_id: str):
    return components().award(tile_id)


# ---- the setup bundles --------------------------------------------------------------------------
def bundle_actions(state: BoneWarsState, seat: int) -> list[Action]:
    """A seat picks a species card with its bones from the offer, or a career path (a
    profession in the first column and a university space); its second pick is the other kind."""
    d = components()
    taken = state.bundles.get(seat, [])
    if state.variant == "solo" and not taken:  # the solo game: your species card first
        taken = ["career"]
    out = []
    if "species" not in taken:
        out += [Action(seat, "bundle", (sp,)) for sp, _ in state.offer]
    if "career" not in taken:
        others = [
            state.boards[s].patron for s, kinds in state.bundles.items() if "career" in kinds and s != seat
        ]
        for p in _free_professions(state, column=1):
            for u in d.universities:
                if state.universities[u.space] is not None:
                    continue
                if state.players == 2 and u.patron in others:  # two players start with different patrons
                    continue
                out.append(Action(seat, "career", (str(p[0]), str(u.space))))
    return out


def _free_professions(
    state: BoneWarsState, column: int | None = None, exclude: tuple[int, int] | None = None
):
    d = components()
    out = []
    for p in d.professions:
        if p.players > state.players or (p.row, p.col) in state.professions:
            continue
        if column is not None and p.col != column:
            continue
        if exclude is not None and (p.row == exclude[0] or p.col == exclude[1]):
            continue
        out.append((p.row, p.col))
    return sorted(out)


def profession_bonus(row: int, col: int) -> tuple[dict, ...]:
    return next(p.bonus for p in components().professions if (p.row, p.col) == (row, col))


def apply_bundle(state: BoneWarsState, action: Action, events: list[Event] | None) -> None:
    seat, d = action.seat, components()
    b = state.boards[seat]
    if action.verb == "bundle":
        i = next(i for i, (sp, _) in enumerate(state.offer) if sp == action.args[0])
        sp, bones = state.offer.pop(i)
        b.hand.append(sp)
        say(
            events,
            "bundle",
            "setup.bundles",
            f"{who(state, seat)} takes {d.species[sp].name} and the {number(len(bones))} bones lying on it.",
            seat=seat,
        )
        for bone in bones:
            effects.gain_bone(state, seat, bone, events, "takes")
        state.bundles.setdefault(seat, []).append("species")
    else:
        row, space = int(action.args[0]), int(action.args[1])
        state.professions[(row, 1)] = seat
        b.profession = (row, 1)
        _to_university(state, seat, space, events)
        if state.first_career is None:
            state.first_career = space
        say(
            events,
            "bundle",
            "setup.bundles",
            f"{who(state, seat)} starts a career: profession row {row}, "
            f"university space {space}, working for {b.patron.title()}.",
            seat=seat,
        )
        queue(state, seat, [dict(x) for x in profession_bonus(row, 1)])
        state.bundles.setdefault(seat, []).append("career")
    state.bundle_queue.pop(0)
    effects.run(state, events)


def _to_university(state: BoneWarsState, seat: int, space: int, events: list[Event] | None) -> None:
    d, b = components(), state.boards[seat]
    state.universities = {k: (None if v == seat else v) for k, v in state.universities.items()}
    state.universities[space] = seat
    b.university, b.team = space, None
    b.patron = next(u.patron for u in d.universities if u.space == space)
    b.grant = state.grants[space]


def start_play(state: BoneWarsState, events: list[Event] | None) -> None:
    """After the bundles: the offer's leftovers go, the virtual opponents take their places in
    smaller games (bone_wars.setup.virtual), and the first round begins."""
    d = components()
    for sp, bones in state.offer:
        state.species_discard.append(sp)
        state.bag.extend(bones)
    state.offer = []
    if state.players < 4:
        for tile in state.awards:
            for i, space in enumerate(_tile(tile).spaces):
                if space.virtual:
                    state.award_marks[tile][i] = -1
        for site in state.sites:
            site.camps.extend(-1 for n in d.dig_sites[site.id].camps if n > state.players)
        free = [u.space for u in d.universities if state.universities[u.space] is None]
        state.neutral = _neutral_start(state, free)
        if state.universities[state.neutral] is None:  # with two players it shares the first team's space
            state.universities[state.neutral] = -1
    state.phase = "turn"
    begin_round(state, events)


def _neutral_start(state: BoneWarsState, free: list[int]) -> int:
    """Where the neutral team starts: in a 2-player game on the very space of the first team
    marker placed (the two share it until that team leaves), in a 3-player game on the space
    left free (bone_wars.setup.virtual)."""
    if state.players == 2 and state.first_career is not None:
        return state.first_career
    return free[0]


def begin_round(state: BoneWarsState, events: list[Event] | None) -> None:
    state.order = profession_order(state)
    state.passed = [False] * state.players
    state.first_to_pass = True
    state.current = state.order[0]
    say(
        events,
        "round",
        "order",
        f"Round {state.round} begins. Order: "
        f"{', '.join(seat_name(s) for s in state.order)} (from the top of the profession track).",
    )
    # every team first steps off its university, in this order (bone_wars.team.start)
    state.pending.extend(decision("depart", s) for s in state.order if state.boards[s].team is None)


def depart_sites(state: BoneWarsState, seat: int) -> tuple[str, ...]:
    """The two dig sites the arrows of ``seat``'s university space lead to."""
    space = state.boards[seat].university
    return next(u.sites for u in components().universities if u.space == space)


def _depart(state: BoneWarsState, seat: int, site: str, events: list[Event] | None) -> None:
    """``seat``'s team leaves its university space for ``site`` (no turn is running: the step
    spends no free move and no action point, ruling bone_wars.ruling.first_move)."""
    b = state.boards[seat]
    space, b.university, b.team = b.university, None, site
    state.universities[space] = -1 if state.neutral == space else None  # a shared space keeps the neutral
    say(
        events,
        "depart",
        "team.start",
        f"{who(state, seat)}'s team leaves university space {space} for "
        f"{components().dig_sites[site].name}.",
        seat=seat,
        site=site,
    )
    turn.meet(state, seat, site)


def profession_order(state: BoneWarsState) -> list[int]:
    """Seats from the top of the profession track; on one row, the column further left first
    (ruling bone_wars.ruling.profession_order)."""
    spots = sorted((pos, seat) for pos, seat in state.professions.items())
    order = [seat for _, seat in spots]
    return order + [s for s in range(state.players) if s not in order]


# ---- passing --------------------------------------------------------------------------------------
def apply_pass(state: BoneWarsState, seat: int, events: list[Event] | None) -> None:
    state.passed[seat] = True
    say(events, "pass", "pass", f"{who(state, seat)} passes.", seat=seat)
    state.pending.insert(0, decision("profession", seat))
    if effects.theodore(state, seat):  # he always takes a species card as he passes
        queue(state, seat, [{"species": 1}])


def pass_answers(state: BoneWarsState, p) -> list[Action]:
    """The answers to a decision of ``ROUND_DECISIONS``."""
    seat, b = p.seat, state.boards[p.seat]
    if p.kind == "depart":
        return [Action(seat, "move", (site,)) for site in depart_sites(state, seat)]
    if p.kind == "profession":
        # another row and column; failing that another column, then any free space
        # (ruling bone_wars.ruling.profession_move)
        here = b.profession
        spots = (
            _free_professions(state, exclude=here)
            or [s for s in _free_professions(state) if here is None or s[1] != here[1]]
            or _free_professions(state)
        )
        return [Action(seat, "profession", (str(r), str(c))) for r, c in spots] or [Action(seat, "stay")]
    taken = {k for k, v in state.universities.items() if v is not None and v != seat}
    return [
        Action(seat, "university", (str(u.space),)) for u in components().universities if u.space not in taken
    ]


def answer_pass(state: BoneWarsState, action: Action, events: list[Event] | None) -> None:
    p = state.pending.pop(0)
    seat, b = p.seat, state.boards[p.seat]
    if p.kind == "depart":
        _depart(state, seat, action.args[0], events)
    elif p.kind == "profession":
        if action.verb == "profession":
            row, col = int(action.args[0]), int(action.args[1])
            state.professions.pop(b.profession, None)
            state.professions[(row, col)] = seat
            b.profession = (row, col)
            say(
                events,
                "profession",
                "pass.profession",
                f"{who(state, seat)} takes the profession in row {row}, column {col}.",
                seat=seat,
            )
            bonus = (
                components().endgame_bonus.get(row, ()) if state.round == 4 else profession_bonus(row, col)
            )
        else:
            bonus = ()
        if state.round < 4:
            if state.first_to_pass and state.players < 4 and state.neutral is not None:
                _move_neutral(state, events)
            state.pending.insert(0, decision("university", seat))
        state.first_to_pass = False
        queue(state, seat, [dict(x) for x in bonus])
    else:
        space = int(action.args[0])
        _to_university(state, seat, space, events)
        say(
            events,
            "university",
            "pass.team",
            f"{who(state, seat)}'s team returns to university space {space}, so {b.patron.title()} is "
            f"the patron; the grant there: {grant_words(b.grant)}.",
            seat=seat,
        )
        loyalty = components().loyalty
        here = b.loyalty[b.patron]
        queue(state, seat, [dict(e) for at, e in loyalty.pass_bonus if here <= at])
    effects.run(state, events)


def _move_neutral(state: BoneWarsState, events: list[Event] | None) -> None:
    spaces = sorted(state.universities)
    i = spaces.index(state.neutral)
    for step in range(1, len(spaces)):
        nxt = spaces[(i + step) % len(spaces)]
        if state.universities[nxt] is None:
            break
    else:
        say(events, "neutral", "pass.virtual", f"The neutral team stays on university space {state.neutral}: "
            "every other space is taken.")
        return
    state.universities[state.neutral] = None
    state.universities[nxt] = -1
    state.neutral = nxt
    say(events, "neutral", "pass.virtual", f"The neutral team moves to university space {nxt}.")


# ---- the end of a round -------------------------------------------------------------------------
def end_round(state: BoneWarsState, events: list[Event] | None) -> None:
    """Everyone has passed: score (after rounds 2 and 4), reset the board, begin the next round."""
    if state.round in (2, 4):
        score(state, "mid" if state.round == 2 else "final", events)
    if state.round == 4:
        state.phase, state.over = "over", True
        return
    reset(state, events)
    state.round += 1
    begin_round(state, events)


def reset(state: BoneWarsState, events: list[Event] | None) -> None:
    d = components()
    for site in state.sites:
        kept = [x for x in site.bones if x is not None]
        site.bones = kept + [effects.draw_bone(state) for _ in range(3 - len(kept))]
        if site.card is not None:
            state.species_discard.append(site.card)
        site.card = effects.draw_species(state)
    for b in state.boards:
        for card in b.played:
            if card is None:
                continue
            if card in d.team_cards:
                b.hand.append(card)
            elif card in d.species:
                state.species_discard.append(card)
            elif card in SOLO_CARDS:
                state.solo_discard.append(card)
            else:
                state.paleo_discard.append(card)
        b.played = [None] * len(b.slots)
        b.specialists_used = []
    say(
        events,
        "reset",
        "reset",
        "The dig sites are refilled, every site gets a new species card, and the "
        "team cards go back to the players' hands.",
    )


def credibility(state: BoneWarsState, patron: str) -> int:
    """A patron's credibility: the shelves holding at least one coloured paper."""
    return sum(1 for shelf in state.shelves[patron] if any(v for v in shelf))


def standing(state: BoneWarsState, seat: int) -> tuple[int, int, int]:
    """What ranks ``seat`` at the end: RP, then archived species cards, then head size if the
    table gave them (option head_cm; else 0, and a tie still standing is shared)."""
    b = state.boards[seat]
    heads = state.options.get("head_cm") or (0,) * state.players
    return b.rp, sum(len(v) for v in b.archive.values()), heads[seat]


def score(state: BoneWarsState, when: str, events: list[Event] | None) -> None:
    mult = components().loyalty.multipliers
    cred = {p: credibility(state, p) for p in PATRONS}
    gained = []
    for seat, b in enumerate(state.boards):
        rp = sum(mult[b.loyalty[p]] * cred[p] for p in PATRONS)
        b.rp += rp
        gained.append(rp)
        say(
            events,
            "score",
            "scoring",
            f"{who(state, seat)} scores {rp} RP: Marsh x{mult[b.loyalty['marsh']]} "
            f"× credibility {cred['marsh']}, Cope x{mult[b.loyalty['cope']]} × credibility {cred['cope']}.",
            seat=seat,
            rp=rp,
        )
    state.scored[when] = gained
