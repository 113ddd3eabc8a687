"""Setup of the base game and the modes built on it (campaign, epic, team): the options,
the undead deck (or a campaign's four wave decks and the upgrade deck), the teams, and the
first reveal."""
from __future__ import annotations

from typing import Any

from ...core.actions import seat_option
from ...core.events import Event
from ...core.options import names_option, unknown_options
from ...core.rng import Rng
from ...core.words import short
from .data import components, second_box, upgrades
from .shared_rules import E, R, name, reveal, team_name
from .state import BoneToPickState

C = R + "campaign."
T = R + "team."
U = R + "upgrade."

PLAYERS = {"base": (2, 3, 4, 5, 6), "campaign": (2, 3, 4, 5, 6),
           "epic": (7, 8, 9, 10, 11, 12), "team": (4, 6, 8, 9, 10, 12)}
OPTIONS = {"base": {"names", "easier_haven", "easy_deck", "deck", "youngest"},
           "campaign": {"names", "easier_haven", "youngest"},
           "epic": {"names", "easier_haven", "easy_deck", "deck", "campaign", "youngest"},
           "team": {"names", "easier_haven", "easy_deck", "deck", "campaign", "teams", "youngest"}}


def new_game(players: int, variant: str, seed: int = 0, **options: Any) -> BoneToPickState:
    """A checked new game of ``variant`` after setup, with the first undead revealed."""
    counts = PLAYERS[variant]
    if type(players) is not int or players not in counts:
        contiguous = list(counts) == list(range(counts[0], counts[-1] + 1))
        shown = (f"{counts[0]} to {counts[-1]}" if contiguous
                 else ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}")
        hint = ""
        if variant in ("base", "campaign") and type(players) is int and 7 <= players <= 12:
            hint = " (7 to 12 players play the epic variant)"
        raise ValueError(f"the {variant} game is for {shown} players, not {short(players)}{hint} "
                         f"[rule {R}{'setup' if variant == 'base' else variant}]")
    campaign = variant == "campaign" or bool(options.get("campaign"))
    if campaign and ("deck" in options or "easy_deck" in options):
        raise ValueError("a campaign's undead come from the campaign board's slots: options "
                         "deck and easy_deck are for single games")
    unknown_options(options, OPTIONS[variant], f" for the {variant} game")
    if type(seed) is not int:
        raise ValueError(f"seed must be an integer, not {short(seed)}")
    for flag in ("easier_haven", "easy_deck", "campaign"):
        if type(options.get(flag, False)) is not bool:
            raise ValueError(f"{flag} must be True or False, not {short(options[flag])}")
    names = names_option(options.get("names"), players)
    youngest = seat_option(options.get("youngest", 0), players, "youngest")
    state = blank(players, variant, seed, names, options)
    state.youngest, state.campaign, state.epic = youngest, campaign, players >= 7
    setup(state, None)
    return state


def blank(players: int, variant: str, seed: int, names: tuple[str, ...],
          options: dict) -> BoneToPickState:
    """The table before setup: full hands, empty piles, all of them new (so setup changes
    them in place)."""
    d = components()
    state = BoneToPickState(
        players=players, variant=variant, seed=seed, names=names, hit_points=d.hit_points,
        turns=d.turns, rng=Rng(seed), deck=[], box=[],
        hands=[list(d.weapon_values) for _ in range(players)], chosen=[None] * players,
        trophies=[[] for _ in range(players)],
        options={k: ([list(x) if isinstance(x, (list, tuple)) else x for x in v]
                     if isinstance(v, (list, tuple)) else v) for k, v in options.items()},
        used_piles=[[] for _ in range(players)], upgrades=[[] for _ in range(players)])
    state.owns_all()
    return state


def setup(state: BoneToPickState, events: list[Event] | None) -> None:
    """Set ``state`` up (reporting into ``events``, or silently for None) and reveal."""
    opts = state.options
    if state.variant == "team":
        state.teams = draw_teams(state, opts.get("teams"), events)
    if state.campaign:
        setup_campaign(state, events)
    else:
        if opts.get("easier_haven"):
            state.hit_points = components().easier_hit_points
        setup_deck(state, events)
        if opts.get("easier_haven") and events is not None:
            events.append(Event("haven", R + "haven", f"The Haven starts with "
                                f"{state.hit_points} hit points (easier side)."))
    if state.youngest and events is not None:
        events.append(Event("youngest", U + "order", f"{name(state, state.youngest)} is "
                            "the youngest player: upgrade abilities start there."))
    reveal(state, events)


def setup_events(state: BoneToPickState) -> tuple[Event, ...]:
    """The events of ``state``'s setup, replayed on a fresh table from its options."""
    fresh = blank(state.players, state.variant, state.seed, state.names, state.options)
    fresh.youngest, fresh.campaign, fresh.epic = state.youngest, state.campaign, state.epic
    events: list[Event] = []
    setup(fresh, events)
    return tuple(events)


def pool(state: BoneToPickState, easy: bool) -> list[str]:
    """The undead setup draws from: one box (two in an epic game), without the hard ones
    for an easy deck."""
    d = components()
    cards = [u for u in d.undead if not (easy and d.undead[u].level == "hard")]
    return cards + second_box(cards) if state.epic else cards


def setup_deck(state: BoneToPickState, events: list[Event] | None) -> None:
    opts = state.options
    easy = bool(opts.get("easy_deck"))
    cards = pool(state, easy)
    size = state.turns * (2 if state.epic else 1)
    stacked = opts.get("deck")
    if stacked is not None:
        if not isinstance(stacked, list):
            raise ValueError(f"deck must be a list of undead ids, not {short(stacked)}")
        bad = [u for u in stacked if u not in cards]
        if bad or len(stacked) != size or len(set(stacked)) != len(stacked):
            raise ValueError(f"deck must be {size} different undead ids from the "
                             f"{'easy and medium' if easy else 'full'} set"
                             f"{' of both boxes (copies end in b)' if state.epic else ''}; "
                             f"bad: {bad or stacked}")
        state.deck = list(stacked)
        state.box = sorted(set(cards) - set(stacked))
        if events is not None:
            events.append(Event("stack", R + "kit.scenario",
                                "The undead deck is stacked for an example; the players do not "
                                "know its order."))
            events.append(Event("stack_order", R + "kit.scenario",
                                f"Stacked order, top first: {', '.join(stacked)}.",
                                {"deck": tuple(stacked)}, visible_to=()))
        return
    shuffled = state.rng.shuffled(cards)
    state.deck, state.box = shuffled[:size], sorted(shuffled[size:])
    rule = E + "setup" if state.epic else R + ("setup.easier_deck" if easy else "setup")
    boxes = " of both boxes" if state.epic else ""
    if events is not None:
        events.append(Event("shuffle", rule,
                            f"The {len(cards)} undead{boxes} are shuffled; {size} form the deck "
                            f"face down and {len(state.box)} go back to the box unseen.",
                            {"deck": tuple(state.deck)}, visible_to=()))


def setup_campaign(state: BoneToPickState, events: list[Event] | None) -> None:
    d = components()
    conf = d.raw["campaign"]
    side = "easier" if state.options.get("easier_haven") else "harder"
    state.waves = conf["waves"]
    state.wave_hit_points = tuple(conf["hit_points"][side])
    state.hit_points = state.wave_hit_points[0]
    copies = 2 if state.epic else 1
    piles = {lvl: state.rng.shuffled(
                 [u for u in pool(state, False) if d.undead[u].level == lvl])
             for lvl in ("easy", "medium", "hard")}
    if events is not None:
        events.append(Event("shuffle_undead", C + "setup", "The undead are sorted by level and "
                            "each level is shuffled face down.",
                            {k: tuple(v) for k, v in piles.items()}, visible_to=()))
    decks = []
    for i, slot in enumerate(conf["slots"]):
        deck: list[str] = []
        for lvl in ("easy", "medium", "hard"):
            n = slot[lvl] * copies
            deck += piles[lvl][:n]
            piles[lvl] = piles[lvl][n:]
        deck = state.rng.shuffled(deck)
        decks.append(deck)
        if events is not None:
            events.append(Event("wave_deck", C + "setup",
                                f"Slot {'I II III IV'.split()[i]}: {slot['easy'] * copies} easy, "
                                f"{slot['medium'] * copies} medium and {slot['hard'] * copies} hard "
                                "undead, shuffled.", {"wave": i + 1, "order": tuple(deck)},
                                visible_to=()))
    state.deck, state.wave_decks = decks[0], decks[1:]
    state.set_aside = [[] for _ in range(state.players)]
    state.cards = [[] for _ in range(state.players)]
    state.kept = [[] for _ in range(state.players)]
    state.exchanged = [[] for _ in range(state.players)]
    state.offers = [[] for _ in range(state.players)]
    ups = sorted(upgrades())
    state.upgrade_deck = state.rng.shuffled(ups + second_box(ups) if state.epic else ups)
    if events is not None:
        events.append(Event("shuffle_upgrades", C + "setup",
                            f"The {len(state.upgrade_deck)} upgrade cards are shuffled face down.",
                            {"order": tuple(state.upgrade_deck)}, visible_to=()))
    if events is not None:
        legend, goat = conf["legend"], conf["scapegoat"]
        events.append(Event("campaign_board", C + "setup",
                            f"The campaign board, {side} side: hit points "
                            f"{', '.join(map(str, state.wave_hit_points))} for waves 1-4; Legend "
                            f"cards worth {', '.join(map(str, legend))} and Scapegoat cards worth "
                            f"{', '.join(map(str, goat))} victory points."
                            + (" Each wave has two of each card." if state.epic else "")))


def draw_teams(state: BoneToPickState, chosen: Any, events: list[Event] | None
               ) -> tuple[tuple[int, ...], ...]:
    """The teams: the players' choice (checked) or drawn with weapon cards of team colours."""
    d = components()
    count, size = d.raw["teams"]["formations"][str(state.players)]
    if chosen is not None:
        try:
            teams = tuple(tuple(sorted(seat_option(s, state.players, "a team member")
                                       for s in team)) for team in chosen)
        except TypeError:
            raise ValueError("teams must be a list of teams, each a list of seats such as "
                             "['P1', 'P3']") from None
        seats = sorted(s for t in teams for s in t)
        if len(teams) != count or any(len(t) != size for t in teams) \
                or seats != list(range(state.players)):
            raise ValueError(f"{state.players} players form {count} teams of {size}, each "
                             f"seat in exactly one team [rule {T}formations]")
        teams = tuple(sorted(teams))
        if events is not None:
            events.append(Event("teams", T + "formations", "Teams chosen by the players: "
                                + "; ".join(team_name(state, t) for t in teams) + "."))
        return teams
    colours = d.colour_names[:count]
    cards = state.rng.shuffled([c for c in colours for _ in range(size)])
    teams = tuple(tuple(s for s in range(state.players) if cards[s] == c) for c in colours)
    if events is not None:
        events.append(Event("teams", T + "draw",
                            f"{count} teams of {size} drawn with weapon cards of {count} colours: "
                            + "; ".join(f"{c}: {team_name(state, t)}"
                                        for c, t in zip(colours, teams)) + ".",
                            {"teams": teams}))
    return teams
