"""Bone to Pick with one shared Haven: the base game and the modes built on it.

One engine plays them all, because they differ only in a few switches kept in the state:

* ``epic`` (7-12 players, two boxes): two undead a turn, two trophies, the gentler of the two
  hurts the Haven on a failure;
* ``teams``: titles and the campaign's final scoring go to teams;
* ``campaign``: four waves, Legend and Scapegoat cards, upgrade phases between waves and
  upgrade abilities.

Labels (the grammar of every mode, see ``labels``): ``P2 play 7`` (a weapon), ``P2 play u07``
(upgrade U07 in hand), ``P3 take e05b``
(epic: the best unique value picks one of the two undead), ``P1 keep u07 for 3`` (campaign
upgrade phase: keep upgrade U07 and put the weapon 3 back in the box).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ...core.actions import Action, seat_name, seat_option
from ...core.events import Event
from ...core.game import Outcome
from ...core.rng import Rng
from .data import abilities, card_type, card_value, second_box, upgrades
from .labels import is_upgrade_arg, match
from .rules_logic import campaign_ranking, rank_groups, unique_ranking
from .solo import draw_upgrades
from .state import (HIDDEN, HIDDEN_ID, BoneToPickState, PendingTurn, TitleCard, TurnRecord,
                    WaveResult)
from .text import render_text
from ...core.options import names_option, unknown_options
from ...core.words import plural, short

if TYPE_CHECKING:
    from .game import BoneToPick

R = "bone_to_pick."
C = R + "campaign."
E = R + "epic."
T = R + "team."
U = R + "upgrade."

PLAYERS = {"base": (2, 3, 4, 5, 6), "campaign": (2, 3, 4, 5, 6),
           "epic": (7, 8, 9, 10, 11, 12), "team": (4, 6, 8, 9, 10, 12)}
OPTIONS = {"base": {"names", "easier_haven", "easy_deck", "deck", "youngest"},
           "campaign": {"names", "easier_haven", "youngest"},
           "epic": {"names", "easier_haven", "easy_deck", "deck", "campaign", "youngest"},
           "team": {"names", "easier_haven", "easy_deck", "deck", "campaign", "teams", "youngest"}}


def _and(names: Iterable[str]) -> str:
    names = list(names)
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class StandardMode:
    """The engine of variants base, campaign, epic and team (see the module docstring)."""

    def __init__(self, game: "BoneToPick"):
        self.game = game
        self.data = game.data

    # ---- setup ------------------------------------------------------------------------------
    def new(self, players: int, variant: str, seed: int = 0, **options: Any) -> BoneToPickState:
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
        state = self._blank(players, variant, seed, names, options)
        state.youngest, state.campaign, state.epic = youngest, campaign, players >= 7
        self._setup(state, [])
        return state

    def _blank(self, players: int, variant: str, seed: int, names: tuple[str, ...],
               options: dict) -> BoneToPickState:
        d = self.data
        return BoneToPickState(
            players=players, variant=variant, seed=seed, names=names, hit_points=d.hit_points,
            turns=d.turns, rng=Rng(seed), deck=[], box=[],
            hands=[list(d.weapon_values) for _ in range(players)], chosen=[None] * players,
            trophies=[[] for _ in range(players)],
            options={k: ([list(x) if isinstance(x, (list, tuple)) else x for x in v]
                         if isinstance(v, (list, tuple)) else v) for k, v in options.items()},
            used_piles=[[] for _ in range(players)], upgrades=[[] for _ in range(players)])

    def _setup(self, state: BoneToPickState, events: list[Event]) -> None:
        opts = state.options
        if state.variant == "team":
            state.teams = self._draw_teams(state, opts.get("teams"), events)
        if state.campaign:
            self._setup_campaign(state, events)
        else:
            if opts.get("easier_haven"):
                state.hit_points = self.data.easier_hit_points
            self._setup_deck(state, events)
            if opts.get("easier_haven"):
                events.append(Event("haven", R + "haven", f"The Haven starts with "
                                    f"{state.hit_points} hit points (easier side)."))
        if state.youngest:
            events.append(Event("youngest", U + "order", f"{self.name(state, state.youngest)} is "
                                "the youngest player: upgrade abilities start there."))
        self._reveal(state, events)

    def setup_events(self, state: BoneToPickState) -> tuple[Event, ...]:
        fresh = self._blank(state.players, state.variant, state.seed, state.names, state.options)
        fresh.youngest, fresh.campaign, fresh.epic = state.youngest, state.campaign, state.epic
        events: list[Event] = []
        self._setup(fresh, events)
        return tuple(events)

    def _pool(self, state: BoneToPickState, easy: bool) -> list[str]:
        d = self.data
        pool = [u for u in d.undead if not (easy and d.undead[u].level == "hard")]
        return pool + second_box(pool) if state.epic else pool

    def _setup_deck(self, state: BoneToPickState, events: list[Event]) -> None:
        opts = state.options
        easy = bool(opts.get("easy_deck"))
        pool = self._pool(state, easy)
        size = state.turns * (2 if state.epic else 1)
        stacked = opts.get("deck")
        if stacked is not None:
            if not isinstance(stacked, list):
                raise ValueError(f"deck must be a list of undead ids, not {short(stacked)}")
            bad = [u for u in stacked if u not in pool]
            if bad or len(stacked) != size or len(set(stacked)) != len(stacked):
                raise ValueError(f"deck must be {size} different undead ids from the "
                                 f"{'easy and medium' if easy else 'full'} set"
                                 f"{' of both boxes (copies end in b)' if state.epic else ''}; "
                                 f"bad: {bad or stacked}")
            state.deck = list(stacked)
            state.box = sorted(set(pool) - set(stacked))
            events.append(Event("stack", R + "kit.scenario",
                                "The undead deck is stacked for an example; the players do not "
                                "know its order."))
            events.append(Event("stack_order", R + "kit.scenario",
                                f"Stacked order, top first: {', '.join(stacked)}.",
                                {"deck": tuple(stacked)}, visible_to=()))
            return
        shuffled = state.rng.shuffled(pool)
        state.deck, state.box = shuffled[:size], sorted(shuffled[size:])
        rule = E + "setup" if state.epic else R + ("setup.easier_deck" if easy else "setup")
        boxes = " of both boxes" if state.epic else ""
        events.append(Event("shuffle", rule,
                            f"The {len(pool)} undead{boxes} are shuffled; {size} form the deck "
                            f"face down and {len(state.box)} go back to the box unseen.",
                            {"deck": tuple(state.deck)}, visible_to=()))

    def _setup_campaign(self, state: BoneToPickState, events: list[Event]) -> None:
        conf = self.data.raw["campaign"]
        side = "easier" if state.options.get("easier_haven") else "harder"
        state.waves = conf["waves"]
        state.wave_hit_points = tuple(conf["hit_points"][side])
        state.hit_points = state.wave_hit_points[0]
        copies = 2 if state.epic else 1
        piles = {lvl: state.rng.shuffled(
                     [u for u in self._pool(state, False) if self.data.undead[u].level == lvl])
                 for lvl in ("easy", "medium", "hard")}
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
        events.append(Event("shuffle_upgrades", C + "setup",
                            f"The {len(state.upgrade_deck)} upgrade cards are shuffled face down.",
                            {"order": tuple(state.upgrade_deck)}, visible_to=()))
        legend, goat = conf["legend"], conf["scapegoat"]
        events.append(Event("campaign_board", C + "setup",
                            f"The campaign board, {side} side: hit points "
                            f"{', '.join(map(str, state.wave_hit_points))} for waves 1-4; Legend "
                            f"cards worth {', '.join(map(str, legend))} and Scapegoat cards worth "
                            f"{', '.join(map(str, goat))} victory points."
                            + (" Each wave has two of each card." if state.epic else "")))

    def _draw_teams(self, state: BoneToPickState, chosen: Any, events: list[Event]
                    ) -> tuple[tuple[int, ...], ...]:
        count, size = self.data.raw["teams"]["formations"][str(state.players)]
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
            events.append(Event("teams", T + "formations", "Teams chosen by the players: "
                                + "; ".join(self._team_name(state, t) for t in teams) + "."))
            return teams
        colours = self.data.colour_names[:count]
        cards = state.rng.shuffled([c for c in colours for _ in range(size)])
        teams = tuple(tuple(s for s in range(state.players) if cards[s] == c) for c in colours)
        events.append(Event("teams", T + "draw",
                            f"{count} teams of {size} drawn with weapon cards of {count} colours: "
                            + "; ".join(f"{c}: {self._team_name(state, t)}"
                                        for c, t in zip(colours, teams)) + ".",
                            {"teams": teams}))
        return teams

    # ---- decisions --------------------------------------------------------------------------
    def phase(self, state: BoneToPickState) -> str:
        """"play", "take" (epic trophy choice), "upgrade" or "over"."""
        if state.over:
            return "over"
        if state.pending is not None:
            return "take"
        if any(state.offers):
            return "upgrade"
        return "play"

    def to_move(self, state: BoneToPickState) -> tuple[int, ...]:
        phase = self.phase(state)
        if phase == "over":
            return ()
        if phase == "take":
            return (state.pending.chooser,)
        if phase == "upgrade":
            return tuple(s for s in range(state.players) if state.offers[s])
        return tuple(s for s in range(state.players) if state.chosen[s] is None)

    def current_rule(self, state: BoneToPickState) -> str:
        return {"over": R + "end", "take": E + "trophies", "upgrade": C + "upgrade",
                "play": R + "turn.prepare"}[self.phase(state)]

    def legal_actions(self, state: BoneToPickState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        phase = self.phase(state)
        if phase == "take":
            return [Action(seat, "take", (u.lower(),)) for u in (state.current, state.second)]
        if phase == "upgrade":
            return [Action(seat, "keep", (u.lower(), "for", str(v)))
                    for u in state.offers[seat] for v in sorted(set(state.hands[seat]))]
        return ([Action(seat, "play", (str(v),)) for v in sorted(set(state.hands[seat]))]
                + [Action(seat, "play", (u.lower(),)) for u in sorted(set(state.upgrades[seat]))])

    def why_illegal(self, state: BoneToPickState, action: Action) -> tuple[str, str]:
        who = seat_name(action.seat)
        if not 0 <= action.seat < state.players:
            return f"there is no {who} at a {state.players}-player table", R + "setup"
        phase = self.phase(state)
        owing = self.to_move(state)
        waiting = ", ".join(seat_name(s) for s in owing)
        if phase == "take":
            if action.seat != state.pending.chooser:
                return (f"{seat_name(state.pending.chooser)} played the highest unique value and "
                        f"picks a trophy first (waiting for {waiting})", E + "trophies")
            return (f"{who} picks one of the two beaten undead: 'take {state.current.lower()}' or "
                    f"'take {state.second.lower()}'", E + "trophies")
        if phase == "upgrade":
            if action.seat not in owing:
                return (f"{who} has no upgrade to choose in this upgrade phase (waiting for "
                        f"{waiting})", C + "upgrade")
            offered = " or ".join(u.lower() for u in state.offers[action.seat])
            if action.verb != "keep" or len(action.args) != 3 or action.args[1] != "for":
                return (f"in the upgrade phase {who} keeps one drawn upgrade and puts one weapon "
                        f"back in the box, e.g. '{who} keep {state.offers[action.seat][0].lower()} "
                        f"for 0'", C + "upgrade")
            if action.args[0] not in [u.lower() for u in state.offers[action.seat]]:
                return f"{who} drew {offered}; '{action.args[0]}' is not among them", C + "upgrade"
            hand = " ".join(map(str, state.hands[action.seat]))
            return (f"only a weapon card in hand can make room for an upgrade, and {who} has no "
                    f"weapon '{action.args[2]}' (weapons: {hand})", C + "ruling.exchange")
        thing = "card" if state.campaign else "weapon"
        if state.chosen[action.seat] is not None:
            return (f"{who} has already laid a {thing} face down this turn (waiting for "
                    f"{waiting})", R + "ruling.changing_your_mind")
        if action.verb == "reuse":
            return (f"{who}'s used weapons stay face down on the used pile for the rest of the "
                    f"{'wave' if state.campaign else 'game'}; only cards in hand can be played",
                    R + "turn.rest")
        if action.verb != "play":
            return (f"{who} cannot '{action.verb}': in the prepare step the only action is "
                    f"'play <{'card' if state.campaign else 'value'}>'", R + "turn.prepare")
        number = r"0|[1-9][0-9]{0,2}"
        if len(action.args) != 1 or not re.fullmatch(number + (r"|u[0-9]{2}b?" if state.campaign
                                                               else ""), action.args[0]):
            if state.campaign:
                return (f"'play' takes one weapon value or upgrade id, e.g. '{who} play 7' or "
                        f"'{who} play u07'", R + "turn.prepare")
            return (f"'play' takes one weapon value written as a plain number, e.g. "
                    f"'{who} play 7'", R + "turn.prepare")
        hand = " ".join([*map(str, state.hands[action.seat]),
                         *(u.lower() for u in state.upgrades[action.seat])])
        if is_upgrade_arg(action.args[0]):
            return (f"{who} has no upgrade {action.args[0]} in hand (hand: {hand})",
                    R + "turn.prepare")
        return (f"{who} has no weapon of value {int(action.args[0])} in hand (hand: {hand})",
                R + "turn.prepare")

    # ---- applying ---------------------------------------------------------------------------
    def apply(self, state: BoneToPickState, action: Action, events: list[Event]) -> None:
        if action.verb == "take":
            self._take(state, action.seat, match(action.args[0], self.foes(state)), events)
        elif action.verb == "keep":
            self._keep(state, action.seat, match(action.args[0], state.offers[action.seat]),
                       int(action.args[2]), events)
        else:
            self._play(state, action.seat, action.args[0], events)

    def _play(self, state: BoneToPickState, seat: int, arg: str, events: list[Event]) -> None:
        card: int | str
        if is_upgrade_arg(arg):
            card = match(arg, state.upgrades[seat])
            state.upgrades[seat].remove(card)
        else:
            card = int(arg)
            state.hands[seat].remove(card)
        state.chosen[seat] = card
        events.append(Event("choose", R + "turn.prepare", f"{self.name(state, seat)} chooses "
                            f"{self.card_name(card)}.",
                            {"seat": seat, "card": card, "value": card_value(card)},
                            visible_to=(seat,)))
        events.append(Event("commit", R + "turn.prepare",
                            f"{self.name(state, seat)} lays a "
                            f"{'card' if state.campaign else 'weapon'} face down.", {"seat": seat}))
        if all(c is not None for c in state.chosen):
            self._resolve(state, events)

    def order(self, state: BoneToPickState) -> list[int]:
        """Activation order: the youngest player first, then clockwise."""
        return [(state.youngest + i) % state.players for i in range(state.players)]

    def _abilities(self, state: BoneToPickState, plays: Sequence, timing: str) -> list[tuple[int, str]]:
        """(seat, ability) of the upgrades played this turn with this timing, in activation order."""
        out = []
        for seat in self.order(state):
            card = plays[seat]
            if isinstance(card, str):
                ability = upgrades()[card].ability
                if ability and abilities()[ability].timing == timing:
                    out.append((seat, ability))
        return out

    def _resolve(self, state: BoneToPickState, events: list[Event]) -> None:
        plays = tuple(state.chosen)
        values = tuple(card_value(c) for c in plays)
        shown = ", ".join(f"{self.name(state, s)} {self.card_name(c)}" for s, c in enumerate(plays))
        events.append(Event("reveal_weapons", R + "turn.attack",
                            f"{'Cards' if state.campaign else 'Weapons'} revealed: {shown}.",
                            {"plays": plays}))
        bonus = 0
        for seat, ability in self._abilities(state, plays, "attack"):
            if ability == "boost":
                add = 2
            else:  # rally: one for every other card of the same weapon type
                kind = card_type(plays[seat])
                add = sum(card_type(c) == kind for s, c in enumerate(plays) if s != seat)
            bonus += add
            events.append(Event("ability", U + "ability." + ability,
                                f"{abilities()[ability].name} ({self.name(state, seat)}, "
                                f"{plays[seat]}): +{add} to the attack.",
                                {"seat": seat, "ability": ability, "bonus": add}))
        total = sum(values) + bonus
        power = self.power(state)
        defeated = total >= power
        foes = self.foes(state)
        extra = f" (cards {sum(values)} + abilities {bonus})" if bonus else ""
        events.append(Event("attack", E + "attack" if state.epic else R + "turn.attack",
                            f"Total {total}{extra} against power {power}: "
                            f"{self._beaten(foes) if defeated else 'not enough'}.",
                            {"total": total, "power": power, "defeated": defeated}))
        if not defeated:
            self._damage(state, plays, events)
            self._finish(state, plays, power, total, bonus, False, {}, events)
            return
        ranking = unique_ranking(values)
        if state.epic and len(ranking) >= 2:
            state.pending = PendingTurn(plays, power, total, bonus, ranking[0], ranking[1])
            events.append(Event("choose_trophy", E + "trophies",
                                f"{self.name(state, ranking[0])} played the highest unique value "
                                f"and picks one of the two undead; "
                                f"{self.name(state, ranking[1])} gets the other.",
                                {"seat": ranking[0], "other": ranking[1]}))
            return
        taken: dict[str, int] = {}
        if ranking:
            for u in foes:
                taken[u] = ranking[0]
        self._finish(state, plays, power, total, bonus, True, taken, events)

    def _take(self, state: BoneToPickState, seat: int, undead: str, events: list[Event]) -> None:
        p = state.pending
        other = state.second if undead == state.current else state.current
        state.pending = None
        self._finish(state, p.plays, p.power, p.total, p.bonus, True,
                     {undead: seat, other: p.other}, events)

    def _damage(self, state: BoneToPickState, plays: Sequence, events: list[Event]) -> None:
        foes = self.foes(state)
        # Epic: only the undead with the lower damage hurts the Haven (the first one on a tie).
        hurt = min(foes, key=lambda u: self.data.undead[u].damage)
        for u in foes:
            if u != hurt:
                state.box.append(u)
                events.append(Event("to_box", E + "damage", f"The {self.data.undead[u].name} has "
                                    "the higher damage and goes back to the box.", {"undead": u}))
        state.damage_row.append(hurt)
        card = self.data.undead[hurt]
        spared = 0
        for seat, ability in self._abilities(state, plays, "outcome"):
            if ability == "bulwark" and spared < card.damage:
                spared += 1
                events.append(Event("ability", U + "ability.bulwark",
                                    f"Bulwark ({self.name(state, seat)}): the Haven takes 1 damage "
                                    "less.", {"seat": seat, "ability": "bulwark"}))
        state.prevented += spared
        events.append(Event("damage", E + "damage" if state.epic else R + "turn.outcome.damage",
                            f"The {card.name} gets through: the Haven takes {card.damage - spared} "
                            f"damage ({self.game.damage(state)} of {state.hit_points}).",
                            {"undead": hurt, "damage": card.damage - spared}))

    def _finish(self, state: BoneToPickState, plays: tuple, power: int, total: int, bonus: int,
                defeated: bool, taken: dict[str, int], events: list[Event]) -> None:
        foes = self.foes(state)
        trophy_rule = E + "trophies" if state.epic else R + "turn.outcome.trophy"
        if defeated:
            untaken = [u for u in foes if u not in taken]
            claimed: dict[str, int] = {}
            for seat, ability in self._abilities(state, plays, "outcome"):
                if ability == "claim" and untaken:
                    u = untaken.pop(0)
                    taken[u] = claimed[u] = seat
                    events.append(Event("ability", U + "ability.claim",
                                        f"Grave Robber ({self.name(state, seat)}): nobody took the "
                                        f"{self.data.undead[u].name}, so it is taken as a trophy.",
                                        {"seat": seat, "ability": "claim", "undead": u}))
            for u in foes:
                card = self.data.undead[u]
                if u in taken:
                    seat = taken[u]
                    state.trophies[seat].append(u)
                    why = "" if u in claimed else (
                        f": {card_value(plays[seat])} is the highest value played only once"
                        if len(foes) == 1 else "")
                    events.append(Event("trophy", trophy_rule,
                                        f"{self.name(state, seat)} takes the {card.name} as a "
                                        f"trophy ({plural(card.trophy, 'point')}){why}.",
                                        {"seat": seat, "undead": u,
                                         "value": card_value(plays[seat])}))
                else:
                    state.unclaimed.append(u)
                    what = "the trophy" if len(foes) == 1 else f"the {card.name}"
                    events.append(Event("no_trophy", trophy_rule,
                                        f"Nobody takes {what}: no value above 0 was played by "
                                        "one player alone.", {"undead": u}))
        for seat, card in enumerate(plays):
            state.used_piles[seat].append(card)
        events.append(Event("rest", R + "turn.rest",
                            f"The played {'cards' if state.campaign else 'weapons'} go to the used "
                            "piles.",
                            {"turn": state.turn}))
        for seat, ability in self._abilities(state, plays, "rest"):
            self._rest_ability(state, seat, ability, events)
        first, second = state.current, state.second
        state.history.append(TurnRecord(
            state.turn, first, power, plays, total, defeated, taken.get(first), second,
            taken.get(second) if second else None, state.wave, bonus))
        state.chosen = [None] * state.players
        state.current = state.second = None
        if self.game.damage(state) >= state.hit_points or state.turn >= state.turns or not state.deck:
            self._end_wave(state, events)
        else:
            self._reveal(state, events)

    def _rest_ability(self, state: BoneToPickState, seat: int, ability: str,
                      events: list[Event]) -> None:
        if ability == "recall":
            weapons = [c for c in state.used_piles[seat] if isinstance(c, int)]
            if weapons:
                best = max(weapons)
                state.used_piles[seat].remove(best)
                state.hands[seat].append(best)
                state.hands[seat].sort()
                text = f"takes the {best} back from the used pile into hand"
            else:
                text = "has no used weapon to take back"
            events.append(Event("ability", U + "ability.recall",
                                f"Recall ({self.name(state, seat)}): {text}.",
                                {"seat": seat, "ability": "recall"}))
        elif ability == "scout":
            ahead = state.deck[:2 if state.epic else 1]
            seen = ", ".join(f"the {self.data.undead[u].name} ({u})" for u in ahead) or "nothing"
            events.append(Event("ability", U + "ability.scout",
                                f"Scout ({self.name(state, seat)}) looks at the top of the "
                                "undead deck.", {"seat": seat, "ability": "scout"}))
            events.append(Event("scouted", U + "ability.scout",
                                f"{self.name(state, seat)} sees {seen} coming next.",
                                {"seat": seat, "undead": tuple(ahead)},
                                visible_to=(seat,)))

    def _reveal(self, state: BoneToPickState, events: list[Event]) -> None:
        state.current = state.deck.pop(0)
        state.turn += 1
        wave = f"Wave {state.wave}, turn" if state.campaign else "Turn"
        if state.epic:
            state.second = state.deck.pop(0)
            a, b = self.data.undead[state.current], self.data.undead[state.second]
            hi, lo = self.columns(state)
            events.append(Event("reveal", E + "reveal",
                                f"{wave} {state.turn}: the {a.name} and the {b.name} attack "
                                f"(power {a.power_for(hi)} + {b.power_for(lo)} = "
                                f"{self.power(state)} for {state.players} players; damage "
                                f"{a.damage} and {b.damage}).",
                                {"turn": state.turn, "undead": a.id, "second": b.id}))
            return
        u = self.data.undead[state.current]
        events.append(Event("reveal", R + "turn.reveal",
                            f"{wave} {state.turn}: the {u.name} attacks ({u.level}, power "
                            f"{u.power_for(state.players)} for {state.players} players, damage "
                            f"{u.damage}, trophy {u.trophy}).",
                            {"turn": state.turn, "undead": u.id}))

    # ---- end of a wave, upgrades, next wave -----------------------------------------------------
    def _end_wave(self, state: BoneToPickState, events: list[Event]) -> None:
        result = self.wave_result(state)
        if not state.campaign:
            state.over = True
            self._end_event(state, events)
            return
        state.results.append(result)
        kind = "Legend" if result.result == "victory" else "Scapegoat"
        conf = self.data.raw["campaign"]
        vp = conf["legend" if kind == "Legend" else "scapegoat"][state.wave - 1]
        for seat in result.card_to:
            state.cards[seat].append(TitleCard(kind, state.wave, vp))
        titled = _and(self.name(state, s) for s in result.titled)
        given = _and(self.name(state, s) for s in result.card_to)
        verb = "holds" if len(result.titled) == 1 else "hold"
        events.append(Event("wave_end", C + "round",
                            f"Wave {state.wave} is {'won' if kind == 'Legend' else 'lost'}. "
                            f"{titled} {verb} the title of {kind}; "
                            + (f"{given} gain{'s' if len(result.card_to) == 1 else ''} the "
                               f"wave-{state.wave} {kind} card ({vp:+d} victory {'point' if abs(vp) == 1 else 'points'})."
                               if result.card_to else f"nobody gains the {kind} card (a full tie)."),
                            {"wave": state.wave, "result": result.result, "titled": result.titled,
                             "card_to": result.card_to, "scores": result.scores}))
        if state.wave >= state.waves:  # the final count: the last wave's table stays in view
            state.over = True
            self._end_event(state, events)
            return
        # Trophies are set aside (1 victory point each at the end); the rest goes to the box.
        for seat in range(state.players):
            state.set_aside[seat] += state.trophies[seat]
            state.trophies[seat] = []
        state.box += state.damage_row + state.unclaimed + state.deck
        state.damage_row, state.unclaimed, state.deck = [], [], []
        state.prevented = 0
        # Everyone takes back their whole set: the used piles return to hand.
        for seat in range(state.players):
            for card in state.used_piles[seat]:
                (state.upgrades if isinstance(card, str) else state.hands)[seat].append(card)
            state.used_piles[seat] = []
            state.hands[seat].sort()
            state.upgrades[seat].sort()
        events.append(Event("wave_reset", C + "round",
                            "Trophies are set aside face down; beaten and unbeaten undead go to "
                            "the box; everyone takes their used cards back into hand."))
        self._upgrade_draws(state, result, events)
        if not any(state.offers):
            self._next_wave(state, events)

    def _upgrade_draws(self, state: BoneToPickState, result: WaveResult, events: list[Event]) -> None:
        draws = self.data.raw["campaign"]["draws"]
        won = result.result == "victory"
        for seat in self.order(state):
            if won:
                n = draws["legend"] if seat in result.titled else draws["others_on_victory"]
            else:
                n = draws["scapegoat"] if seat in result.titled else draws["others_on_defeat"]
            got = draw_upgrades(state, n, events, C + "upgrade", C + "upgrade")
            state.offers[seat] = got
            if n == 0:
                events.append(Event("no_upgrade", C + "upgrade", f"{self.name(state, seat)} is "
                                    "the Scapegoat and draws no upgrade.", {"seat": seat}))
                continue
            events.append(Event("draw_upgrades", C + "upgrade",
                                f"{self.name(state, seat)} draws {len(got)} upgrade "
                                f"card{'s' if len(got) != 1 else ''}"
                                + (f" (only {len(got)} left)" if len(got) < n else "") + ".",
                                {"seat": seat, "count": len(got)}))
            if got:
                events.append(Event("upgrades_drawn", C + "upgrade",
                                    f"{self.name(state, seat)} draws "
                                    + ", ".join(self.card_name(u) for u in got) + ".",
                                    {"seat": seat, "cards": tuple(got)}, visible_to=(seat,)))

    def _keep(self, state: BoneToPickState, seat: int, card: str, weapon: int,
              events: list[Event]) -> None:
        offer = state.offers[seat]
        state.offers[seat] = []
        state.upgrade_discard += [u for u in offer if u != card]
        state.upgrades[seat].append(card)
        state.upgrades[seat].sort()
        state.kept[seat].append(card)
        state.hands[seat].remove(weapon)
        state.exchanged[seat].append(weapon)
        events.append(Event("keep_upgrade", C + "upgrade",
                            f"{self.name(state, seat)} keeps {self.card_name(card)} and puts the "
                            f"weapon {weapon} back in the box.",
                            {"seat": seat, "card": card, "weapon": weapon}, visible_to=(seat,)))
        discarded = len(offer) - 1
        events.append(Event("upgrade_done", C + "upgrade",
                            f"{self.name(state, seat)} exchanges a weapon for an upgrade"
                            + (f" and discards {discarded} face down." if discarded else "."),
                            {"seat": seat}))
        if not any(state.offers):
            self._next_wave(state, events)

    def _next_wave(self, state: BoneToPickState, events: list[Event]) -> None:
        state.wave += 1
        state.turn = 0
        state.hit_points = state.wave_hit_points[state.wave - 1]
        state.deck = state.wave_decks.pop(0)
        events.append(Event("wave_start", C + "round",
                            f"Wave {state.wave} begins: the Haven is restored to "
                            f"{state.hit_points} hit points and slot "
                            f"{'I II III IV'.split()[state.wave - 1]}'s deck is placed.",
                            {"wave": state.wave}))
        self._reveal(state, events)

    # ---- titles and scoring -------------------------------------------------------------------
    def hand_cards(self, state: BoneToPickState, seat: int) -> list[int]:
        """Values of every card in a seat's hand (weapons and upgrades)."""
        return list(state.hands[seat]) + [card_value(u) for u in state.upgrades[seat]]

    def wave_result(self, state: BoneToPickState) -> WaveResult:
        """The title of the current wave (or base game) from the cards and trophies now."""
        won = self.game.damage(state) < state.hit_points
        hands = [self.hand_cards(state, s) for s in range(state.players)]
        if won:
            scores = tuple(sum(h) + self.game.trophy_points(state, s) for s, h in enumerate(hands))
            tiebreak = [len(state.trophies[s]) for s in range(state.players)]
        else:
            scores = tuple(sum(h) for h in hands)
            tiebreak = [max(h, default=0) for h in hands]
        cards = 2 if state.epic and state.campaign else 1
        if state.teams:
            team_keys = [(sum(scores[s] for s in t),) for t in state.teams]
            groups = rank_groups(team_keys)
            titled_teams, card_teams = _award(groups, cards)
            titled = tuple(sorted(s for i in titled_teams for s in state.teams[i]))
            card_to = []
            for i in card_teams:  # the team's card goes to its best member, unless they tie
                members = state.teams[i]
                best = rank_groups([(scores[s], tiebreak[s]) for s in members])[0]
                if len(best) == 1:
                    card_to.append(members[best[0]])
            return WaveResult(state.wave, "victory" if won else "defeat", scores, titled,
                              tuple(sorted(card_to)) if state.campaign else ())
        groups = rank_groups([(scores[s], tiebreak[s]) for s in range(state.players)])
        titled, card_to = _award(groups, cards)
        return WaveResult(state.wave, "victory" if won else "defeat", scores,
                          tuple(sorted(titled)), tuple(sorted(card_to)) if state.campaign else ())

    def victory_points(self, state: BoneToPickState, seat: int) -> int:
        """A campaign score: 1 per defeated undead, title cards, upgrade cards' points."""
        return (len(state.set_aside[seat]) + len(state.trophies[seat])
                + sum(c.victory_points for c in state.cards[seat])
                + sum(upgrades()[u].victory_points for u in state.kept[seat]))

    def outcome(self, state: BoneToPickState) -> Outcome | None:
        if not state.over:
            return None
        if state.campaign:
            return self._campaign_outcome(state)
        r = self.wave_result(state)
        kind = "Legend" if r.result == "victory" else "Scapegoat"
        who = _and(self.name(state, s) for s in r.titled)
        if state.teams:
            team_scores = "; ".join(f"{self._team_name(state, t)}: {sum(r.scores[s] for s in t)}"
                                    for t in state.teams)
            detail = f"Team scores: {team_scores}. {kind} team: {who}."
        else:
            detail = (", ".join(f"{self.name(state, s)} {v}" for s, v in enumerate(r.scores))
                      + f". {kind}: {who}.")
        rule = (T + "titles") if state.teams else R + ("end.legend" if kind == "Legend"
                                                       else "end.scapegoat")
        if r.result == "defeat":
            return Outcome("defeat", (), r.scores, {s: kind for s in r.titled},
                           f"The Haven falls in turn {state.turn}. Weapons left in hand: "
                           + detail, rule)
        return Outcome("victory", r.titled, r.scores, {s: kind for s in r.titled},
                       "The Haven survives all ten turns. Scores (hand + trophies): "
                       + detail, rule)

    def _campaign_outcome(self, state: BoneToPickState) -> Outcome:
        vps = tuple(self.victory_points(state, s) for s in range(state.players))
        defeated = [len(state.set_aside[s]) + len(state.trophies[s]) for s in range(state.players)]
        if state.teams:
            team_vp = [sum(vps[s] for s in t) for t in state.teams]
            team_def = [sum(defeated[s] for s in t) for t in state.teams]
            best = rank_groups(list(zip(team_vp, team_def)))[0]
            winners = tuple(sorted(s for i in best for s in state.teams[i]))
            detail = "; ".join(f"{self._team_name(state, t)}: {v}"
                               for t, v in zip(state.teams, team_vp))
            return Outcome("campaign", winners, vps, {s: "Campaign winner" for s in winners},
                           f"After four waves the team victory points are {detail}. "
                           f"Winners: {_and(self.name(state, s) for s in winners)}.",
                           T + "campaign_end")
        legends = [max((c.victory_points for c in state.cards[s] if c.kind == "Legend"),
                       default=None) for s in range(state.players)]
        winners = tuple(campaign_ranking(vps, defeated, legends)[0])
        detail = ", ".join(f"{self.name(state, s)} {v}" for s, v in enumerate(vps))
        return Outcome("campaign", winners, vps, {s: "Campaign winner" for s in winners},
                       f"After four waves the victory points are {detail}. "
                       f"Winner: {_and(self.name(state, s) for s in winners)}.", C + "end")

    def _end_event(self, state: BoneToPickState, events: list[Event]) -> None:
        out = self.outcome(state)
        events.append(Event("end", out.rule, out.summary,
                            {"result": out.result, "titles": dict(out.titles),
                             "scores": out.scores}))

    def _beaten(self, foes: list[str]) -> str:
        names = " and the ".join(self.data.undead[u].name for u in foes)
        return f"the {names} {'is' if len(foes) == 1 else 'are'} beaten"

    # ---- views --------------------------------------------------------------------------------
    def foes(self, state: BoneToPickState) -> list[str]:
        """The undead attacking this turn (two in an epic game)."""
        return [u for u in (state.current, state.second) if u is not None]

    def columns(self, state: BoneToPickState) -> tuple[int, int]:
        """Epic: the player-count columns read on the first and the second undead."""
        hi, lo = self.data.raw["epic"]["power_columns"][str(state.players)]
        return hi, lo

    def power(self, state: BoneToPickState) -> int | None:
        if state.current is None:
            return None
        first = self.data.undead[state.current]
        if state.epic:
            hi, lo = self.columns(state)
            return first.power_for(hi) + self.data.undead[state.second].power_for(lo)
        return first.power_for(state.players)

    def view(self, state: BoneToPickState, seat: int | None) -> BoneToPickState:
        if seat is None:
            return state
        v = self.game.copy_state(state)
        v.viewer = seat
        v.options.pop("deck", None)  # a stacked deck's order is the teacher's secret too
        v.deck = [HIDDEN_ID] * len(v.deck)
        v.box = [HIDDEN_ID] * len(v.box)
        v.wave_decks = [[HIDDEN_ID] * len(d) for d in v.wave_decks]
        v.upgrade_deck = [HIDDEN_ID] * len(v.upgrade_deck)
        v.upgrade_discard = [HIDDEN_ID] * len(v.upgrade_discard)
        if not v.over:  # at the end everyone counts their hand in the open
            v.hands = [h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(v.hands)]
            v.upgrades = [h if s == seat else [HIDDEN_ID] * len(h) for s, h in enumerate(v.upgrades)]
            v.kept = [h if s == seat else [HIDDEN_ID] * len(h) for s, h in enumerate(v.kept)]
            v.exchanged = [h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(v.exchanged)]
        # Used piles are face down, but everyone saw each card when it was revealed.
        v.offers = [h if s == seat else [HIDDEN_ID] * len(h) for s, h in enumerate(v.offers)]
        v.chosen = [c if (s == seat or c is None) else HIDDEN for s, c in enumerate(v.chosen)]
        v.rng = Rng(0, 0)  # the seed would reveal the deck
        v.seed = 0
        return v

    def text(self, state: BoneToPickState, seat: int | None = None) -> str:
        return render_text(self.game, self.view(state, seat))

    # ---- names ------------------------------------------------------------------------------
    def name(self, state: BoneToPickState, seat: int) -> str:
        name = state.names[seat]
        return name if name == seat_name(seat) else f"{name} ({seat_name(seat)})"

    def _team_name(self, state: BoneToPickState, team: Sequence[int]) -> str:
        return " + ".join(state.names[s] for s in team)

    @staticmethod
    def card_name(card: int | str) -> str:
        if isinstance(card, int):
            return str(card)
        u = upgrades()[card]
        ability = f", {abilities()[u.ability].name}" if u.ability else ""
        return f"upgrade {card} (value {u.value}{ability})"


def _award(groups: list[list[int]], cards: int) -> tuple[list[int], list[int]]:
    """Who holds a title and who gets its cards, from contenders grouped best first.

    One card: a lone leader gets it; a tie shares the title and nobody gets the card. Two
    cards (epic campaign): two leaders take both; more than two tied leaders share the title
    without cards; a lone leader takes one and a lone runner-up the other, while tied
    runners-up are treated as title holders but get no card.
    """
    top = groups[0]
    if cards == 1 or len(top) > 2:
        return list(top), (list(top) if len(top) == 1 else [])
    if len(top) == 2:
        return list(top), list(top)
    runners = groups[1] if len(groups) > 1 else []
    return list(top) + list(runners), list(top) + (list(runners) if len(runners) == 1 else [])
