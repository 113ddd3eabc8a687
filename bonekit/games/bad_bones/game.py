"""Bad Bones: the Game object. Four phases a round, each played by everyone at once.

Two paths through the same rules code: ``apply`` checks the action directly (``choices``),
takes a copy-on-write successor of the state (``state``) and records events; ``step_fast``
and ``playout`` (the simulation path) change one private state in place and build no event.
The tests prove both reach the same states.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.actions import Action
from ...core.bots import RandomBot
from ...core.events import Event
from ...core.game import Game, Outcome, well_formed
from ...core.options import names_option, unknown_options, variant_option
from ...core.rng import Rng
from ...core.rules import RuleCatalog
from ...core.words import plural, short
from . import coop_market, market, talk, units
from .board import COORDS, components, other_side, square
from .choices import (
    CANONICAL,
    any_unmoved,
    first_of_group,
    is_legal,
    legal_actions,
    pending_actions,
    unmoved,
    why_illegal,
)
from .coop_market import open_team_market
from .market import FREE, open_market
from .moves import (
    FIRST_CHIEF,
    R,
    _exits,
    answer_send,
    chief_kind,
    eliminate,
    end_of_movement,
    move_skeleton,
    place_trap,
    pop_pending,
    repel,
    repel_options,
    return_to_supply,
    to_bag,
    who,
)
from .state import BadBonesState, Board, Pending, Skeleton, own, set_done
from .text import render_text
from .weapons import answer_weapon, trigger_weapon

OPTIONS = {"names", "rounds", "heroic", "max_rounds", "setup", "advanced", "chiefs"}
PHASE_RULE = {"market": "market", "start": "coop.setup", "hero": "phase.hero", "traps": "phase.traps",
              "move": "phase.move", "over": "end"}
STAGE_WORDS = {"hero": "hero phase", "traps": "trap phase", "move": "movement phase"}


class BadBones(Game[BadBonesState]):
    id = "bad_bones"
    title = "Bad Bones"
    variants = ("basic", "solo", "advanced", "coop")
    player_counts = {"basic": (2, 3, 4, 5, 6), "solo": (1,), "advanced": (2, 3, 4, 5, 6),
                     "coop": (2, 3, 4, 5, 6)}
    mode_player_counts: dict[str, tuple[int, ...]] = {}
    """Variants that play but are not on the start page yet (its notebook lists player_counts)."""

    def __init__(self) -> None:
        self.rules = RuleCatalog.from_markdown(Path(__file__).with_name("rules.md"))
        self.data = components()
        d = self.data
        # each symbol's tokens, in token order (setup draws one of each from the bag)
        self._tokens_of = {symbol: [t for t in range(d.tokens) if d.model_of(t).symbol == symbol]
                           for symbol in d.symbols}
        self._tokens_with_chiefs = {symbol: [t for t in range(d.all_tokens) if d.model_of(t).symbol == symbol]
                                    for symbol in d.symbols}
        from .bots import CoopBot, GuardBot
        self.bots = {"guard": GuardBot, "coop": CoopBot, "random": RandomBot}

    # ---- setup ------------------------------------------------------------------------------
    def new(self, players: int, variant: str | None = None, seed: int = 0, **options: Any) -> BadBonesState:
        """A new game after setup: boards, villages, towers, heroes, traps, 4 skeletons each.

        Options: ``names``; solo: ``rounds`` (default 10) and ``heroic`` (play on after the last
        round until no skeleton is left); ``max_rounds`` (the kit's safety cap, default 60);
        ``setup`` ("standard", or "empty" for a sandbox board with no starting skeletons);
        ``chiefs`` (True: the 19 Skeleton Chiefs are mixed into the bag, in every variant).
        """
        variant = variant_option(variant, self.variants, "solo" if players == 1 else "basic", self.title)
        counts = {**self.player_counts, **self.mode_player_counts}[variant]
        if type(players) is not int or players not in counts:
            raise ValueError(f"the {variant} game is for {counts[0]}-{counts[-1]} players, not "
                             f"{short(players)} [rule {R}setup]")
        unknown_options(options, OPTIONS)
        coop = variant == "coop"
        if variant != "solo" and ({"heroic"} | (set() if coop else {"rounds", "advanced"})) & set(options):
            raise ValueError("rounds, heroic and advanced are options of the solo game (rounds of the "
                             "co-op game too; the advanced variant plays the Market for 2-6)")
        if type(seed) is not int:
            raise ValueError(f"seed must be an integer, not {short(seed)}")
        d = self.data
        rounds = options.get("rounds", d.raw["coop" if coop else "solo"]["rounds"])
        if type(rounds) is not int or not 1 <= rounds <= 50:
            raise ValueError("rounds must be a whole number from 1 to 50")
        max_rounds = options.get("max_rounds", d.raw["max_rounds"])
        if type(max_rounds) is not int or not 1 <= max_rounds <= 500:
            raise ValueError("max_rounds must be a whole number from 1 to 500")
        if variant in ("solo", "coop") and max_rounds < rounds:
            raise ValueError(f"max_rounds ({max_rounds}) must be at least rounds ({rounds}) "
                             f"[rule {R}ruling.round_cap]")
        heroic = options.get("heroic", False)
        if type(heroic) is not bool:
            raise ValueError(f"heroic must be True or False, not {short(heroic)}")
        setup = options.get("setup", "standard")
        if setup not in ("standard", "empty"):
            raise ValueError("setup must be 'standard' or 'empty'")
        names = names_option(options.get("names"), players)
        opts = {"names": list(names), "rounds": rounds, "heroic": heroic,
                "max_rounds": max_rounds, "setup": setup}
        if options.get("advanced", False) is not False:  # solo with the advanced rules
            if options["advanced"] is not True:
                raise ValueError(f"advanced must be True or False, not {short(options['advanced'])}")
            opts["advanced"] = True
        if options.get("chiefs", False) is not False:
            if options["chiefs"] is not True:
                raise ValueError(f"chiefs must be True or False, not {short(options['chiefs'])}")
            opts["chiefs"] = True
        return self._build(players, variant, seed, opts, None)

    def _build(self, players: int, variant: str, seed: int, opts: dict,
               events: list[Event] | None) -> BadBonesState:
        """The state after setup, from checked options; the events of setup go to ``events``
        (None: none are built)."""
        d = self.data
        if variant == "coop":
            return self._build_coop(players, seed, opts, events)
        solo = variant == "solo"
        advanced = variant == "advanced" or opts.get("advanced", False)
        floors = d.raw["solo"]["floors"] if solo else d.raw["tower"]["floors"]
        houses = d.raw["solo"]["houses"] if solo else d.raw["village"]["houses"]
        state = BadBonesState(
            players=players, variant=variant, seed=seed, names=tuple(opts["names"]), rng=Rng(seed),
            boards=[Board(d.hero_start, floors, houses, supply=list(FREE) if advanced else
                          d.starting_supply(), tower_size=floors, village_size=houses)
                    for _ in range(players)],
            bag=list(range(d.all_tokens if opts.get("chiefs") else d.tokens)), done=[False] * players,
            pending=[[] for _ in range(players)],
            eliminated=[False] * players, options=dict(opts))
        if events is not None:
            kit = "a free treasure (the rest is bought at the Market)" if advanced else "six traps in supply"
            events.append(Event("setup", R + ("setup.advanced" if advanced else "setup"),
                                f"{plural(players, 'player')} set up: a board each with a tower of "
                                f"{plural(floors, 'floor')}, {plural(houses, 'house')}, the hero on top "
                                f"of the tower and {kit}."))
        if opts.get("chiefs") and events is not None:
            events.append(Event("chiefs", R + "chiefs",
                                f"The {d.all_tokens - d.tokens} Skeleton Chiefs are mixed into the bag: "
                                f"{d.all_tokens} skeletons in all."))
        if opts["setup"] == "standard":
            self._setup_skeletons(state, events)
        elif events is not None:
            events.append(Event("sandbox", R + "kit.sandbox",
                                "An empty board for the trap lab: no skeletons yet."))
        if advanced:
            open_market(state, events)
        elif events is not None:
            events.append(Event("round", R + "round", "Round 1 begins: everyone moves their hero."))
        return state

    def _build_coop(self, players: int, seed: int, opts: dict, events: list[Event] | None) -> BadBonesState:
        """The co-op game after setup (bad_bones.coop.setup): the boards' co-op side with four
        one-floor towers each, a capital of one house per player, the team's shared supply, four
        skeletons each (red ones too) placed on the co-op side, and every player still to choose
        the tower their hero starts on."""
        d, coop = self.data, self.data.raw["coop"]
        towers = d.coop_towers
        per = coop["supply_per_player"]
        advanced = bool(opts.get("advanced"))   # the rest is bought at the team's Market
        shared = sorted(([] if advanced else [k for k, n in per.items() for _ in range(n * players)])
                        + ["treasure"] * coop["treasures"])
        capital = coop["capital_per_player"] * players
        state = BadBonesState(
            players=players, variant="coop", seed=seed, names=tuple(opts["names"]), rng=Rng(seed),
            boards=[Board(None, len(towers), 0, tower_size=len(towers), village_size=0, towers=towers,
                          arrows=d.coop_arrows) for _ in range(players)],
            bag=list(range(d.all_tokens if opts.get("chiefs") else d.tokens)), done=[False] * players,
            pending=[[] for _ in range(players)],
            eliminated=[False] * players, options=dict(opts), phase="start", capital=capital,
            capital_size=capital, shared=shared)
        if events is not None:
            events.append(Event("setup", R + "coop.setup",
                                f"{plural(players, 'player')} set up the co-op game: a capital of "
                                f"{plural(capital, 'house')} in the middle, each board on its co-op side "
                                "with "
                                f"{plural(len(towers), 'tower')} of one floor ({', '.join(towers)}), and one "
                                f"supply for the team: {', '.join(shared)}."))
        if opts["setup"] == "standard":
            for seat in range(players):
                drawn = state.rng.sample(state.bag, 4)
                for t in drawn:
                    state.bag.remove(t)
                    r, c, facing = d.coop_spot(t)
                    state.boards[seat].skeletons[t] = Skeleton(t, d.model_of(t).name, r, c, facing,
                                                               state.token)
                if events is not None:
                    where = ", ".join(f"{d.model_of(t).symbol} at {square(*d.coop_spot(t)[:2])}"
                                      for t in drawn)
                    events.append(Event("setup_draw", R + "coop.setup",
                                        f"{who(state, seat)} draws four skeletons, red ones too: {where}.",
                                        {"seat": seat}))
        if opts.get("chiefs") and events is not None:
            events.append(Event("chiefs", R + "chiefs",
                                f"The {d.all_tokens - d.tokens} Skeleton Chiefs are mixed into the bag."))
        if advanced:
            open_team_market(state, events)
        elif events is not None:
            events.append(Event("start", R + "coop.setup",
                                "Everyone chooses the tower their hero starts on ('P1 start b2')."))
        return state

    def _setup_skeletons(self, state: BadBonesState, events: list[Event] | None) -> None:
        d = self.data
        in_bag = set(state.bag)   # the full bag, in token order like each symbol's list
        # ruling bad_bones.chiefs.ruling.setup: chiefs may be drawn at setup, with no power yet
        tokens_of = self._tokens_with_chiefs if state.options.get("chiefs") else self._tokens_of
        for seat in range(state.players):
            drawn = []
            for symbol in d.setup_symbols:  # ruling: one of each symbol but red, drawn at random
                choices = [t for t in tokens_of[symbol] if t in in_bag]
                token = state.rng.sample(choices, 1)[0]
                state.bag.remove(token)
                in_bag.discard(token)
                m = d.model_of(token)
                state.boards[seat].skeletons[token] = Skeleton(token, m.name, m.r, m.c, m.facing, state.token)
                drawn.append(m)
            if events is not None:
                where = ", ".join(f"{m.symbol} at {m.spot}" for m in drawn)
                chiefs = [d.chief(t) for t in state.boards[seat].skeletons if t >= d.tokens]
                if chiefs:
                    named = ", ".join(f"the {c.model.symbol} one is the {c.title}" for c in chiefs)
                    where += f" ({named})"
                events.append(Event("setup_draw", R + "setup.skeletons",
                                    f"{who(state, seat)} draws four skeletons, one of each symbol but red: "
                                    f"{where}.", {"seat": seat}))

    def setup_events(self, state: BadBonesState) -> tuple[Event, ...]:
        events: list[Event] = []
        self._build(state.players, state.variant, state.seed, state.options, events)
        return tuple(events)

    # ---- whose decision ---------------------------------------------------------------------
    def to_move(self, state: BadBonesState) -> tuple[int, ...]:
        if state.over:
            return ()
        return tuple(s for s in range(state.players) if not state.done[s])

    def current_rule(self, state: BadBonesState) -> str:
        return R + PHASE_RULE[state.phase]

    def stage(self, state: BadBonesState) -> tuple[str, str]:
        """(round, phase) in words: ("round 3", "movement phase"); the solo game counts its
        rounds ("round 3 of 10", then "round 11, heroic"); at the end ("after round 7",
        "game over"). Setup leaves the game at round 1, hero phase."""
        if state.over:
            return f"after round {state.round}", "game over"
        if state.phase == "market":
            return market.stage(state)
        if state.phase == "start":
            return "before round 1", "the heroes choose their towers"
        words = f"round {state.round}"
        if state.variant == "coop":
            words += f" of {state.options['rounds']}"
        if state.variant == "solo":
            last = state.options["rounds"]
            words += f" of {last}" if state.round <= last else ", heroic"
        return words, STAGE_WORDS[state.phase]

    def unmoved(self, state: BadBonesState, seat: int) -> list[Skeleton]:
        """Skeletons of ``seat`` still to move this phase, in a canonical order."""
        return unmoved(state, seat)

    def legal_actions(self, state: BadBonesState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def _pending_actions(self, state: BadBonesState, seat: int, p: Pending) -> list[Action]:
        return pending_actions(state, seat, p)

    def is_legal(self, state: BadBonesState, action: Action) -> bool:
        """Whether ``action`` may be applied now: the same answer as looking it up in
        ``legal_actions`` (or, for the co-op game's suggestions, in ``talk_actions``), found
        without listing them."""
        if not well_formed(action):
            return False
        return talk.is_legal(state, action) if action.verb == talk.VERB else is_legal(state, action)

    def talk_actions(self, state: BadBonesState, seat: int, to: int | None = None) -> list[Action]:
        """The suggestions ``seat`` may make now, to ``to`` or to every teammate still choosing
        (the co-op trap phase: see ``talk``). They are not among ``legal_actions``: talking is
        never owed, and ``apply`` takes a suggestion from any seat, finished or not."""
        return talk.talk_actions(state, seat, to)

    def check(self, state: BadBonesState, action: Action) -> None:
        """Raise IllegalAction if ``action`` may not be applied to ``state``; a legal action is
        recognised directly, a refusal is explained as the contract does."""
        if self.is_legal(state, action):
            return
        super().check(state, action)   # a refused suggestion is explained by ``talk``

    def why_illegal(self, state: BadBonesState, action: Action) -> tuple[str, str]:
        if action.verb == talk.VERB:
            return talk.why_illegal(self, state, action)
        return why_illegal(self, state, action)

    # ---- applying ---------------------------------------------------------------------------
    # One implementation serves both paths: ``apply`` passes an event list, the simulation path
    # (``step_fast``, ``playout``) passes None and no event or word is built.
    def successor(self, state: BadBonesState) -> BadBonesState:
        """The copy ``apply`` changes: it shares every board the action will not change with
        ``state`` (copy-on-write, see ``state``), which keeps a whole game's timeline small."""
        return state.successor()

    def step_fast(self, state: BadBonesState, action: Action) -> None:
        """Apply a legal ``action`` to ``state`` in place: no check, no events (the simulation
        path; ``apply`` reaches the same state)."""
        self._apply(state, action, None)

    def playout(self, state: BadBonesState, bots: Any, max_actions: int = 100_000,
                actions: list[Action] | None = None) -> tuple[BadBonesState, int]:
        """Let ``bots`` (seat -> bot) play from ``state`` to the end on one private copy,
        stepped in place; returns the final state and the number of actions taken (the same
        as the checked ``apply`` loop). ``actions``, if given, receives every action taken."""
        s, n = state.copy(), 0
        while not s.over:
            if n >= max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
            seat = s.done.index(False)
            action = bots[seat].choose(self, s, seat)
            if actions is not None:
                actions.append(action)
            self._apply(s, action, None)
            n += 1
        return s, n

    def _apply(self, state: BadBonesState, action: Action, events: list[Event] | None) -> None:
        seat, verb, args = action.seat, action.verb, action.args
        if verb == talk.VERB:   # table talk: recorded, nobody acts
            return talk.apply(state, action, events)
        if state.phase == "market":
            if state.capital_size:   # the co-op team shops as one; then the heroes take their towers
                coop_market.apply(state, action, events)
                if not state.market.open:
                    state.phase, state.done = "start", [False] * state.players
                    if events is not None:
                        events.append(Event("start", R + "coop.setup", "The Market closes. Everyone chooses "
                                            "the tower their hero starts on ('P1 start b2')."))
                return
            return market.apply(state, action, events)
        if state.pending[seat]:
            if state.pending[seat][0].kind == "weapon":
                answer_weapon(state, seat, action, events)
            else:
                self._answer(state, seat, args[0], events)
            if state.phase == "hero":  # the hero phase ends for a seat once its weapon is settled
                set_done(state, seat, not state.pending[seat])
        elif verb == "move":
            r, c = COORDS[args[0]]
            extra = args[2] if len(args) == 3 else None
            got = (units.resolve(state.boards[seat], r, c, args[1], extra, state.token)
                   if state.options.get("chiefs") else None)
            if got is not None and not got[1]:   # it leaves before the instructor on its square
                move_skeleton(state, seat, got[0], events)
            else:   # (with the chiefs: a unit's move, its leader named if there were several)
                self._move(state, seat, first_of_group(state, seat, args[0], args[1]) if got is None
                           else got[0], events)
        elif verb == "hero":
            self._hero(state, seat, args[0], events)
            set_done(state, seat, not state.pending[seat])  # a weapon may be owed
        elif verb == "pass":
            if events is not None:
                events.append(Event("pass", R + "phase.traps",
                                    f"{who(state, seat)} leaves the traps as they are.", {"seat": seat}))
        elif verb == "retrieve":
            board = own(state, seat)
            traps = dict(board.traps)
            trap = traps.pop(args[0])
            board.traps = traps
            return_to_supply(state, seat, trap.kind)
            if events is not None:
                events.append(Event("retrieve", R + "phase.traps.retrieve",
                                    f"{who(state, seat)} takes the {trap.kind} on {args[0]} back into "
                                    "supply, intact.",
                                    {"seat": seat, "square": args[0]}))
        elif verb == "place":
            place_trap(state, seat, args[0], args[1], args[2] if len(args) > 2 else None, events)
        elif verb == "move-all":
            self._move_all(state, seat, events)
        elif verb == "start":
            own(state, seat).hero = args[0]
            set_done(state, seat, True)
            if events is not None:
                events.append(Event("hero", R + "coop.setup",
                                    f"{who(state, seat)}'s hero starts on the tower on {args[0]}.",
                                    {"seat": seat, "to": args[0]}))
        if state.capital_size and self._coop_lost(state):   # the co-op game ends at once
            return self._coop_defeat(state, events)
        phase = state.phase
        if phase == "traps" or phase == "move":
            if state.talk:   # the suggestions to this seat are spent once it has decided
                talk.settle(state, seat)
            self._check_done(state, seat)
        if state.done[seat] and all(state.done):
            self._advance(state, events)

    def _answer(self, state: BadBonesState, seat: int, choice: str, events: list[Event] | None) -> None:
        """Answer ``seat``'s first pending choice: a seat (``p2``) or a square to flee to."""
        p = pop_pending(state, seat)
        before, trace = state.pending[seat], ([] if p.unit else None)
        if p.kind == "send":
            answer_send(state, seat, p, int(choice[1:]) - 1, events)
        else:
            repel(state, seat, p.skeleton, p.square, choice, events, trace)
        if p.unit:  # a Chief Instructor's unit goes where its leader went
            units.follow(state, seat, p.skeleton, p.unit, trace, before, events)

    def _move(self, state: BadBonesState, seat: int, sid: int, events: list[Event] | None) -> None:
        """Move one skeleton (with the chiefs: the unit it belongs to, if any)."""
        if state.options.get("chiefs"):
            units.move(state, seat, sid, events)
        else:
            move_skeleton(state, seat, sid, events)

    def _move_all(self, state: BadBonesState, seat: int, events: list[Event] | None) -> None:
        """Convenience: move every remaining skeleton in the canonical order, answering each
        choice with its default (first) option."""
        token = state.token
        while True:
            if state.capital_size and self._coop_lost(state):   # a co-op loss stops everything
                return
            while state.pending[seat]:
                p = state.pending[seat][0]
                if p.kind == "weapon":  # the default is to keep the weapon for later
                    answer_weapon(state, seat, pending_actions(state, seat, p)[0], events)
                    continue
                first = (f"p{_exits(state.players, seat, 'top')[0] + 1}" if p.kind == "send"
                         else repel_options(state, seat, p.square)[0])
                self._answer(state, seat, first, events)
            todo = [s for s in state.boards[seat].skeletons.values() if s.side != token]
            if not todo:
                return
            first = min(todo, key=CANONICAL)
            here = (units.leaders(state.boards[seat], token).get((first.r, first.c))
                    if state.options.get("chiefs") else None)
            if here and len(here) > 1:   # two instructors: the first move listed names the leader
                first = min(here, key=lambda s: (s.facing, units.lead_name(s.id)))
            self._move(state, seat, first.id, events)

    def _check_done(self, state: BadBonesState, seat: int) -> None:
        if state.phase == "start":
            return
        if state.pending[seat]:
            set_done(state, seat, False)
        elif state.phase == "traps":
            set_done(state, seat, True)
        elif state.phase == "move":
            set_done(state, seat, not any_unmoved(state.boards[seat], state.token))

    def _hero(self, state: BadBonesState, seat: int, to: str, events: list[Event] | None) -> None:
        board = own(state, seat)
        before, board.hero = board.hero, to
        rc = COORDS.get(to)
        killed = sorted(sid for sid, s in board.skeletons.items() if (s.r, s.c) == rc)
        # chiefs (numbered last) are eliminated one by one after the step is told: their powers act
        plain = [sid for sid in killed if sid < FIRST_CHIEF]
        if plain:
            for sid in plain:
                del board.skeletons[sid]
            to_bag(state, plain)
        if events is not None:
            kills = f" and destroys {plural(len(killed), 'skeleton')}" if killed else ""
            events.append(Event("hero", R + "phase.hero",
                                f"{who(state, seat)}'s hero moves {before} → {to}{kills}.",
                                {"seat": seat, "from": before, "to": to, "killed": len(killed)}))
        for sid in killed[len(plain):]:
            eliminate(state, seat, sid, True, events)
        if len(killed) >= 3 and board.weapon is not None:
            trigger_weapon(state, seat, killed, events)

    def _advance(self, state: BadBonesState, events: list[Event] | None) -> None:
        """Move to the next phase once every player has finished this one."""
        while not state.over and all(state.done):
            if state.phase == "start":
                state.phase = "hero"
                state.done = [False] * state.players
                if events is not None:
                    events.append(Event("round", R + "round", "Round 1 begins: everyone moves their hero."))
            elif state.phase == "hero":
                state.phase = "traps"
                state.done = [False] * state.players
                if events is not None:
                    events.append(Event("phase", R + "phase.traps",
                                        "Trap phase: everyone places, retrieves or passes."))
            elif state.phase == "traps":
                state.phase, state.talk = "move", ()
                state.token = other_side(state.token)
                if events is not None:
                    events.append(Event("phase", R + "phase.move.sides",
                                        f"Movement phase: the tracking token turns {state.token}; "
                                        "every skeleton "
                                        f"still showing {other_side(state.token)} must move."))
                for seat in range(state.players):
                    self._check_done(state, seat)
            elif state.phase == "move":
                self._end_round(state, events)

    def _end_round(self, state: BadBonesState, events: list[Event] | None) -> None:
        for seat in range(state.players):
            end_of_movement(state, seat, events)
        if state.capital_size:
            return self._end_coop_round(state, events)
        lost = [s for s in range(state.players) if state.boards[s].floors == 0 or state.boards[s].houses == 0
                or state.boards[s].overrun]
        if lost:
            eliminated = list(state.eliminated)
            for seat in lost:
                eliminated[seat] = True
                if events is not None:
                    b = state.boards[seat]
                    if b.overrun:
                        events.append(Event("eliminated", R + "chiefs.emperor",
                                            f"{who(state, seat)} has let the Skeleton Emperor in: "
                                            "eliminated.",
                                            {"seat": seat}))
                        continue
                    what = "tower" if b.floors == 0 else "village"
                    events.append(Event("eliminated", R + "end",
                                        f"{who(state, seat)}'s {what} is gone: eliminated.", {"seat": seat}))
            state.eliminated = eliminated
            return self._finish(state, events, "elimination")
        solo = state.variant == "solo"
        last = state.options["rounds"]
        heroic_time = solo and state.options["heroic"] and state.round >= last
        self._new_skeletons(state, events, draw=not heroic_time)
        if solo and state.round >= last and not state.options["heroic"]:
            return self._finish(state, events, "rounds")
        if heroic_time and not self._any_skeleton(state, 0):
            return self._finish(state, events, "heroic")
        if state.round >= state.options["max_rounds"]:
            return self._finish(state, events, "cap")
        state.round += 1
        state.phase = "hero"
        state.done = [b.hero is None for b in state.boards]
        if events is not None:
            events.append(Event("round", R + "round",
                                f"Round {state.round} begins: everyone moves their hero.",
                                {"round": state.round}))
            for seat, b in enumerate(state.boards):
                if b.hero is None:
                    events.append(Event("no_hero", R + "chiefs.ruling.no_hero",
                                        f"{who(state, seat)} has no hero since the Skeleton Emperor "
                                        "fell, and "
                                        "skips the hero phase.", {"seat": seat}))

    def _end_coop_round(self, state: BadBonesState, events: list[Event] | None) -> None:
        """Co-op, at the end of the movement phase: the team wins once the last round is
        complete (ruling bad_bones.coop.ruling.end_timing); retrieved traps go back into the
        supply. A loss has already ended the game on the spot (``_apply``)."""
        if self._coop_lost(state):   # lost while the phase was settled (a stolen treasure...)
            return self._coop_defeat(state, events)
        if state.held:
            state.shared = sorted([*state.shared, *state.held])
            if events is not None:
                events.append(Event("returned", R + "coop.retrieved",
                                    "Back in the team's supply for the next round: "
                                    f"{', '.join(state.held)}."))
            state.held = ()
        self._new_skeletons(state, events, draw=True)
        if state.round >= state.options["rounds"]:
            return self._finish(state, events, "rounds")
        if state.round >= state.options["max_rounds"]:
            return self._finish(state, events, "cap")
        state.round += 1
        state.phase = "hero"
        state.done = [b.hero is None for b in state.boards]   # a hero gone with the emperor
        if events is not None:
            events.append(Event("round", R + "round",
                                f"Round {state.round} begins: everyone moves their hero.",
                                {"round": state.round}))

    @staticmethod
    def _coop_lost(state: BadBonesState) -> bool:
        """The capital has burnt down, a player has lost every tower, or the emperor got in."""
        return (not state.over and (state.capital == 0 or any(not b.towers or b.overrun
                                                              for b in state.boards)))

    def _coop_defeat(self, state: BadBonesState, events: list[Event] | None) -> None:
        """The team is beaten, on the spot (bad_bones.coop.end): nothing more is resolved."""
        if events is not None:
            if any(b.overrun for b in state.boards):
                events.append(Event("eliminated", R + "chiefs.emperor", "The Skeleton Emperor got in."))
            for seat, b in enumerate(state.boards):
                if not b.towers:
                    events.append(Event("eliminated", R + "coop.end",
                                        f"{who(state, seat)} has lost every tower.", {"seat": seat}))
            if state.capital == 0:
                events.append(Event("eliminated", R + "coop.end", "The capital has burnt down."))
        state.pending = [[] for _ in range(state.players)]
        self._finish(state, events, "defeat")

    def _any_skeleton(self, state: BadBonesState, seat: int) -> bool:
        b = state.boards[seat]
        return bool(b.skeletons or b.cemetery)

    def _new_skeletons(self, state: BadBonesState, events: list[Event] | None, draw: bool) -> None:
        d = self.data
        if draw:  # the rng may be shared with the state before: draw from a copy of it
            state.rng = Rng(state.rng.seed, state.rng.counter)
        for seat in range(state.players):
            if draw:
                board = own(state, seat)
                k = min(d.raw["new_skeletons_per_round"], len(state.bag))
                drawn = state.rng.sample(state.bag, k)
                bag = list(state.bag)
                for t in drawn:
                    bag.remove(t)
                called = 0
                if drawn and max(drawn) >= FIRST_CHIEF:  # each Chief Necromancer calls three more
                    calls = sum(1 for t in drawn if chief_kind(t) == "necromancer")
                    while calls and bag:
                        more = state.rng.sample(bag, min(3 * calls, len(bag)))
                        for t in more:
                            bag.remove(t)
                        drawn, called = drawn + more, called + len(more)
                        calls = sum(1 for t in more if chief_kind(t) == "necromancer")
                state.bag = bag
                board.cemetery = [*board.cemetery, *drawn]
                if events is not None:
                    events.append(Event("draw", R + "phase.new",
                                        f"{who(state, seat)} draws {plural(len(drawn), 'skeleton')} "
                                        "from the bag: "
                                        f"{', '.join(d.token_name(t) for t in drawn) or 'none left'}.",
                                        {"seat": seat, "drawn": tuple(drawn)}))
                    if called:
                        events.append(Event("necromancer", R + "chiefs.necromancer",
                                            f"{who(state, seat)}: the Chief Necromancer calls "
                                            f"{plural(called, 'more skeleton')} from the bag.",
                                            {"seat": seat, "called": called}))
            if state.boards[seat].cemetery:
                board = own(state, seat)
                arrivals = sorted(board.cemetery)
                token = state.token
                for t in arrivals:
                    m = d.model_of(t)
                    r, c, facing = d.coop_spot(t) if state.capital_size else (m.r, m.c, m.facing)
                    board.skeletons[t] = Skeleton(t, m.name, r, c, facing, token)
                board.cemetery = []
                if events is not None:
                    events.append(Event("arrive", R + "phase.new",
                                        f"{who(state, seat)}: {plural(len(arrivals), 'skeleton')} "
                                        f"{'leaves' if len(arrivals) == 1 else 'leave'} the cemetery for "
                                        f"the forests.", {"seat": seat, "count": len(arrivals)}))

    def _finish(self, state: BadBonesState, events: list[Event] | None, why: str) -> None:
        state.over, state.phase, state.ended = True, "over", why
        state.done = [True] * state.players
        if events is not None:
            out = self.outcome(state)
            events.append(Event("end", out.rule, out.summary,
                                {"result": out.result, "winners": out.winners, "scores": out.scores}))

    # ---- results and views ------------------------------------------------------------------
    def score(self, state: BadBonesState, seat: int) -> int:
        """Stars on traps (supply counted intact) + 4 per floor + 3 per house."""
        d, b = self.data, state.boards[seat]
        stars = (sum(d.stars(k, False) for k in b.supply)
                 + sum(d.stars(t.kind, t.damaged) for t in b.traps.values()))
        return (stars + b.floors * d.raw["tower"]["points_per_floor"]
                + b.houses * d.raw["village"]["points_per_house"])

    def outcome(self, state: BadBonesState) -> Outcome | None:
        if not state.over:
            return None
        if state.variant == "coop":
            return self._coop_outcome(state)
        scores = tuple(0 if state.eliminated[s] else self.score(state, s) for s in range(state.players))
        if state.variant == "solo":
            b = state.boards[0]
            last = state.options["rounds"]
            if state.eliminated[0] and b.overrun:
                return Outcome("defeat", (), scores, {},
                               f"The Skeleton Emperor gets in in round {state.round}: the solo game is lost.",
                               R + "chiefs.emperor")
            if state.eliminated[0] and state.round <= last:
                return Outcome("defeat", (), scores, {},
                               f"The {'tower' if b.floors == 0 else 'house'} falls in "
                               f"round {state.round}: the solo game is lost.", R + "solo")
            if state.eliminated[0]:  # fell while playing on for the heroic ending
                return Outcome("victory", (0,), scores, {0: "Survivor"},
                               f"Survived all {plural(last, 'round')}, but the "
                               f"{'tower' if b.floors == 0 else 'house'} "
                               f"fell in round {state.round}, before the board was clear: a victory, "
                               f"not a heroic one.", R + "ruling.heroic")
            if state.ended == "heroic":
                return Outcome("heroic victory", (0,), scores, {0: "Hero"},
                               f"No skeleton left after round {state.round}: a heroic victory!",
                               R + "solo.heroic")
            if state.ended == "cap":
                return Outcome("victory", (0,), scores, {0: "Survivor"},
                               f"Survived all {plural(last, 'round')}; the heroic ending was cut short by "
                               "the kit's "
                               f"cap of {plural(state.round, 'round')}.", R + "ruling.round_cap")
            return Outcome("victory", (0,), scores, {0: "Survivor"},
                           f"Tower and house still stand after {plural(state.round, 'round')}: victory.",
                           R + "solo")
        alive = [s for s in range(state.players) if not state.eliminated[s]]
        if not alive:
            return Outcome("draw", (), scores, {}, "Everyone is eliminated in the same round: nobody wins.",
                           R + "end.scoring")
        best = max((scores[s], state.boards[s].floors) for s in alive)
        winners = tuple(s for s in alive if (scores[s], state.boards[s].floors) == best)
        names = " and ".join(who(state, s) for s in winners)
        why = {"elimination": f"Round {state.round} ends the game.",
               "cap": f"The kit's cap of {plural(state.round, 'round')} ends the game."}[state.ended]
        return Outcome("victory", winners, scores, {s: "Winner" for s in winners},
                       f"{why} Scores: " + ", ".join(f"{who(state, s)} "
                                                       f"{'out' if state.eliminated[s] else scores[s]}"
                                                       for s in range(state.players)) + f". Winner: {names}.",
                       R + "end.scoring")

    def _coop_outcome(self, state: BadBonesState) -> Outcome:
        """The team wins or loses together; every seat's score is the rounds the team survived."""
        everyone = tuple(range(state.players))
        survived = state.round if state.ended != "defeat" else state.round - 1
        scores = (survived,) * state.players
        if state.ended == "defeat":
            why = ("the Skeleton Emperor got in" if any(b.overrun for b in state.boards)
                   else "the capital burnt down" if state.capital == 0
                   else " and ".join(who(state, s) for s in everyone if not state.boards[s].towers)
                   + " lost every tower")
            return Outcome("defeat", (), scores, {}, f"Round {state.round}: {why}; the team is beaten.",
                           R + "coop.end")
        if state.ended == "cap":
            return Outcome("victory", everyone, scores, {s: "Survivor" for s in everyone},
                           f"The kit's cap of {plural(state.round, 'round')} ends the game: the team "
                           "held out.",
                           R + "ruling.round_cap")
        return Outcome("victory", everyone, scores, {s: "Survivor" for s in everyone},
                       f"The team held out for all {plural(state.round, 'round')}: victory!", R + "coop.end")

    def copy_state(self, state: BadBonesState) -> BadBonesState:
        """A copy sharing nothing mutable with ``state``: safe to change by hand."""
        return state.copy()

    def view(self, state: BadBonesState, seat: int | None) -> BadBonesState:
        """Everything on the table is public; only the seed (the future draws) is hidden.

        The view shares its boards with ``state`` copy-on-write, like a state ``apply``
        returns: the engine may play on from either; to change one by hand, copy it first."""
        if seat is None:
            return state
        v = state.successor()
        v.viewer, v.seed, v.rng = seat, 0, Rng(0, 0)
        return v

    def bot_view(self, state: BadBonesState, seat: int) -> BadBonesState:
        """``view`` for a bot deciding its next move: it shares the boards without taking
        them from ``state``, so it is only valid until ``state`` next changes, and the bot
        must not change it (it may ``apply`` or ``step_fast`` a ``successor`` of it)."""
        mine = state.mine
        v = self.view(state, seat)
        state.mine = mine
        return v

    def text(self, state: BadBonesState, seat: int | None = None) -> str:
        return render_text(self, self.view(state, seat))
