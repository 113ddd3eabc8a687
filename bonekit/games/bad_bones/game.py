"""Bad Bones: the Game object. Four phases a round, each played by everyone at once."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.actions import Action, seat_name
from ...core.bots import RandomBot
from ...core.events import Event
from ...core.game import Game, Outcome
from ...core.rng import Rng
from ...core.options import names_option, unknown_options, variant_option
from ...core.rules import RuleCatalog
from ...core.words import plural, short
from .board import KING_STEPS, SIZE, TRAP_KINDS, components, coords, on_board, other_side, square
from .moves import (R, end_of_movement, exit_targets, move_skeleton, place_trap, repel,
                    repel_options, send, who)
from .state import BadBonesState, Board, Pending, Skeleton
from .text import render_text

OPTIONS = {"names", "rounds", "heroic", "max_rounds", "setup"}
PHASE_RULE = {"hero": "phase.hero", "traps": "phase.traps", "move": "phase.move", "over": "end"}
STAGE_WORDS = {"hero": "hero phase", "traps": "trap phase", "move": "movement phase"}
ORIENTATIONS = ("/", "\\")


class BadBones(Game[BadBonesState]):
    id = "bad_bones"
    title = "Bad Bones"
    variants = ("basic", "solo")
    player_counts = {"basic": (2, 3, 4, 5, 6), "solo": (1,)}

    def __init__(self) -> None:
        self.rules = RuleCatalog.from_markdown(Path(__file__).with_name("rules.md"))
        self.data = components()
        from .bots import GuardBot
        self.bots = {"guard": GuardBot, "random": RandomBot}

    # ---- setup ------------------------------------------------------------------------------
    def new(self, players: int, variant: str | None = None, seed: int = 0, **options: Any) -> BadBonesState:
        """A new game after setup: boards, villages, towers, heroes, traps, 4 skeletons each.

        Options: ``names``; solo: ``rounds`` (default 10) and ``heroic`` (play on after the last
        round until no skeleton is left); ``max_rounds`` (the kit's safety cap, default 60);
        ``setup`` ("standard", or "empty" for a sandbox board with no starting skeletons).
        """
        variant = variant_option(variant, self.variants, "solo" if players == 1 else "basic", self.title)
        counts = self.player_counts[variant]
        if type(players) is not int or players not in counts:
            raise ValueError(f"the {variant} game is for {counts[0]}-{counts[-1]} players, not "
                             f"{short(players)} [rule {R}setup]")
        unknown_options(options, OPTIONS)
        if variant != "solo" and ({"rounds", "heroic"} & set(options)):
            raise ValueError("rounds and heroic are options of the solo game")
        if type(seed) is not int:
            raise ValueError(f"seed must be an integer, not {short(seed)}")
        d = self.data
        rounds = options.get("rounds", d.raw["solo"]["rounds"])
        if type(rounds) is not int or not 1 <= rounds <= 50:
            raise ValueError("rounds must be a whole number from 1 to 50")
        max_rounds = options.get("max_rounds", d.raw["max_rounds"])
        if type(max_rounds) is not int or not 1 <= max_rounds <= 500:
            raise ValueError("max_rounds must be a whole number from 1 to 500")
        if variant == "solo" and max_rounds < rounds:
            raise ValueError(f"max_rounds ({max_rounds}) must be at least rounds ({rounds}) [rule {R}ruling.round_cap]")
        heroic = options.get("heroic", False)
        if type(heroic) is not bool:
            raise ValueError(f"heroic must be True or False, not {short(heroic)}")
        setup = options.get("setup", "standard")
        if setup not in ("standard", "empty"):
            raise ValueError("setup must be 'standard' or 'empty'")
        names = names_option(options.get("names"), players)
        opts = {"names": list(names), "rounds": rounds, "heroic": heroic,
                "max_rounds": max_rounds, "setup": setup}
        return self._build(players, variant, seed, opts)[0]

    def _build(self, players: int, variant: str, seed: int, opts: dict) -> tuple[BadBonesState, list[Event]]:
        """The state after setup and the events of setup, from checked options."""
        d = self.data
        solo = variant == "solo"
        floors = d.raw["solo"]["floors"] if solo else d.raw["tower"]["floors"]
        houses = d.raw["solo"]["houses"] if solo else d.raw["village"]["houses"]
        state = BadBonesState(
            players=players, variant=variant, seed=seed, names=tuple(opts["names"]), rng=Rng(seed),
            boards=[Board(d.hero_start, floors, houses, supply=d.starting_supply(), tower_size=floors,
                          village_size=houses) for _ in range(players)],
            bag=list(range(d.tokens)), done=[False] * players, pending=[[] for _ in range(players)],
            eliminated=[False] * players, options=dict(opts))
        events = [Event("setup", R + "setup",
                        f"{plural(players, 'player')} set up: a board each with a tower of {plural(floors, 'floor')}, "
                        f"{plural(houses, 'house')}, the hero on top of the tower and six traps in supply.")]
        if opts["setup"] == "standard":
            self._setup_skeletons(state, events)
        else:
            events.append(Event("sandbox", R + "kit.sandbox", "An empty board for the trap lab: no skeletons yet."))
        events.append(Event("round", R + "round", "Round 1 begins: everyone moves their hero."))
        return state, events

    def _setup_skeletons(self, state: BadBonesState, events: list[Event]) -> None:
        d = self.data
        for seat in range(state.players):
            drawn = []
            for symbol in d.setup_symbols:  # ruling: one of each symbol but red, drawn at random
                choices = [t for t in state.bag if d.model_of(t).symbol == symbol]
                token = state.rng.sample(choices, 1)[0]
                state.bag.remove(token)
                m = d.model_of(token)
                state.boards[seat].skeletons[token] = Skeleton(token, m.name, m.r, m.c, m.facing, state.token)
                drawn.append(f"{m.symbol} at {m.spot}")
            events.append(Event("setup_draw", R + "setup.skeletons",
                                f"{who(state, seat)} draws four skeletons, one of each symbol but red: "
                                f"{', '.join(drawn)}.", {"seat": seat}))

    def setup_events(self, state: BadBonesState) -> tuple[Event, ...]:
        return tuple(self._build(state.players, state.variant, state.seed, state.options)[1])

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
        words = f"round {state.round}"
        if state.variant == "solo":
            last = state.options["rounds"]
            words += f" of {last}" if state.round <= last else ", heroic"
        return words, STAGE_WORDS[state.phase]

    def unmoved(self, state: BadBonesState, seat: int) -> list[Skeleton]:
        """Skeletons of ``seat`` still to move this phase, in a canonical order."""
        if state.phase != "move":
            return []
        return sorted((s for s in state.boards[seat].skeletons.values() if s.side != state.token),
                      key=lambda s: (s.r, s.c, s.facing, s.id))

    def legal_actions(self, state: BadBonesState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        if state.pending[seat]:
            return self._pending_actions(state, seat, state.pending[seat][0])
        board = state.boards[seat]
        if state.phase == "hero":
            hr, hc = coords(board.hero)
            return [Action(seat, "hero", (square(hr + dr, hc + dc),)) for dr, dc in KING_STEPS
                    if on_board(hr + dr, hc + dc)]
        if state.phase == "traps":
            out = [Action(seat, "pass")]
            out += [Action(seat, "retrieve", (sq,)) for sq in sorted(board.traps)]
            occupied = {square(s.r, s.c) for s in board.skeletons.values()}
            for kind in sorted(set(board.supply)):
                for r in range(SIZE):
                    for c in range(SIZE):
                        sq = square(r, c)
                        if sq == self.data.tower or sq in board.traps:
                            continue
                        if sq in occupied and kind != "dragon":
                            continue
                        if kind == "wall":
                            out += [Action(seat, "place", (kind, sq, o)) for o in ORIENTATIONS]
                        else:
                            out.append(Action(seat, "place", (kind, sq)))
            return out
        # move phase
        groups = sorted({(square(s.r, s.c), s.facing) for s in self.unmoved(state, seat)},
                        key=lambda g: (coords(g[0]), g[1]))
        return [Action(seat, "move", g) for g in groups] + [Action(seat, "move-all")]

    def _pending_actions(self, state: BadBonesState, seat: int, p: Pending) -> list[Action]:
        if p.kind == "send":
            return [Action(seat, "send", (seat_name(t).lower(),)) for t in exit_targets(state, seat, "top")]
        return [Action(seat, "repel", (sq,)) for sq in repel_options(state, seat, p.square)]

    def why_illegal(self, state: BadBonesState, action: Action) -> tuple[str, str]:
        seat, who_ = action.seat, seat_name(action.seat)
        if not 0 <= seat < state.players:
            return f"there is no {who_} at a {state.players}-player table", R + "setup"
        phase_rule = self.current_rule(state)
        if state.done[seat]:
            waiting = ", ".join(seat_name(s) for s in self.to_move(state))
            return (f"{who_} has finished the {state.phase} phase; waiting for {waiting}", phase_rule)
        board = state.boards[seat]
        if state.pending[seat]:
            p = state.pending[seat][0]
            if p.kind == "send":
                return (f"{who_} must first choose whose cemetery the {p.model.split('-')[0]} skeleton goes "
                        f"to ('{who_} send p2', ...)", R + ("traps.catapult" if p.reason == "catapult" else "whatif.forest"))
            opts = ", ".join(repel_options(state, seat, p.square))
            rule = R + ("ruling.dragon_landing" if action.verb == "repel" else "traps.dragon")
            return (f"{who_} must first choose where the skeleton flees from the dragon on {p.square}: "
                    f"one of {opts} (an orthogonal neighbour; never the village)", rule)
        args = action.args
        if state.phase == "hero":
            if action.verb != "hero" or len(args) != 1:
                return f"in the hero phase {who_} moves the hero: '{who_} hero b2'", phase_rule
            target = coords(args[0])
            if target is None or not on_board(*target):
                return f"{short(args[0])} is not a square of the board; the hero never leaves its 25 squares", phase_rule
            if args[0] == board.hero:
                return f"the hero must move; he cannot stay on {board.hero}", phase_rule
            return (f"the hero moves exactly one square, to any of the 8 around {board.hero}; "
                    f"{args[0]} is too far", phase_rule)
        if state.phase == "traps":
            return self._why_trap_illegal(state, action)
        if action.verb == "move":
            return (f"{who_} has no unmoved skeleton at {' '.join(args) or '?'}; labels look like "
                    f"'{who_} move b2 s' (square and facing) or '{who_} move top-c s'", phase_rule)
        return (f"in the movement phase {who_} moves skeletons one at a time ('{who_} move b2 s') "
                f"or all at once ('{who_} move-all')", phase_rule)

    def _why_trap_illegal(self, state: BadBonesState, action: Action) -> tuple[str, str]:
        who_, board, args = seat_name(action.seat), state.boards[action.seat], action.args
        place, retrieve = R + "phase.traps.place", R + "phase.traps.retrieve"
        if action.verb == "retrieve":
            sq = args[0] if args else "?"
            return f"there is no trap of {who_}'s on {sq} to retrieve", retrieve
        if action.verb != "place":
            return (f"in the trap phase {who_} places a trap, retrieves one, or passes "
                    f"('{who_} place wall b2 /', '{who_} retrieve b2', '{who_} pass')", R + "phase.traps")
        if len(args) < 2 or args[0] not in TRAP_KINDS:
            return f"name a trap and a square: '{who_} place catapult d4'", place
        kind, sq = args[0], args[1]
        if kind not in board.supply:
            gone = " (it was stolen or destroyed)" if kind in board.removed_traps else ""
            return f"{who_} has no {kind} left in supply{gone}", place
        rc = coords(sq)
        if rc is None:
            return f"{short(sq)} is not a square", place
        if not on_board(*rc):
            return f"traps never go in a forest or the village ({sq})", place
        if sq == self.data.tower:
            return f"no trap may be placed on the tower ({sq})", place
        if sq in board.traps:
            return f"{sq} already holds a {board.traps[sq].kind}", place
        if any(square(s.r, s.c) == sq for s in board.skeletons.values()) and kind != "dragon":
            return (f"{sq} holds skeletons; only the dragon may land on skeletons", R + "traps.dragon.landing")
        if kind == "wall":
            return f"a wall needs its orientation: '{who_} place wall {sq} /' or '\\'", R + "traps.wall"
        return f"'{' '.join(args)}' is not a placement {who_} can make", place

    # ---- applying ---------------------------------------------------------------------------
    def _apply(self, state: BadBonesState, action: Action, events: list[Event]) -> None:
        seat, verb, args = action.seat, action.verb, action.args
        if state.pending[seat]:
            self._answer(state, seat, action, events)
        elif verb == "hero":
            self._hero(state, seat, args[0], events)
            state.done[seat] = True
        elif verb == "pass":
            events.append(Event("pass", R + "phase.traps", f"{who(state, seat)} leaves the traps as they are.",
                                {"seat": seat}))
        elif verb == "retrieve":
            trap = state.boards[seat].traps.pop(args[0])
            state.boards[seat].supply.append(trap.kind)
            state.boards[seat].supply.sort()
            events.append(Event("retrieve", R + "phase.traps.retrieve",
                                f"{who(state, seat)} takes the {trap.kind} on {args[0]} back into supply, intact.",
                                {"seat": seat, "square": args[0]}))
        elif verb == "place":
            place_trap(state, seat, args[0], args[1], args[2] if len(args) > 2 else None, events)
        elif verb == "move":
            sk = next(s for s in self.unmoved(state, seat) if (square(s.r, s.c), s.facing) == args)
            move_skeleton(state, seat, sk.id, events)
        elif verb == "move-all":
            self._move_all(state, seat, events)
        if state.phase in ("traps", "move"):
            self._check_done(state, seat)
        self._advance(state, events)

    def _answer(self, state: BadBonesState, seat: int, action: Action, events: list[Event]) -> None:
        p = state.pending[seat].pop(0)
        if p.kind == "send":
            target = int(action.args[0][1:]) - 1
            if p.reason == "catapult":
                state.boards[seat].catapult_targets[p.square] = target
                send(state, seat, p.skeleton, target, events, f"is thrown by the catapult on {p.square}",
                     R + "traps.catapult")
            else:
                send(state, seat, p.skeleton, target, events, "leaves through the top forest", R + "whatif.forest")
        else:
            repel(state, seat, p.skeleton, p.square, action.args[0], events)

    def _move_all(self, state: BadBonesState, seat: int, events: list[Event]) -> None:
        """Convenience: move every remaining skeleton in the canonical order, answering each
        choice with its default (first) option."""
        while True:
            while state.pending[seat]:
                self._answer(state, seat, self._pending_actions(state, seat, state.pending[seat][0])[0], events)
            todo = self.unmoved(state, seat)
            if not todo:
                return
            move_skeleton(state, seat, todo[0].id, events)

    def _check_done(self, state: BadBonesState, seat: int) -> None:
        if state.pending[seat]:
            state.done[seat] = False
        elif state.phase == "traps":
            state.done[seat] = True
        elif state.phase == "move":
            state.done[seat] = not self.unmoved(state, seat)

    def _hero(self, state: BadBonesState, seat: int, to: str, events: list[Event]) -> None:
        board = state.boards[seat]
        before, board.hero = board.hero, to
        killed = sorted(sid for sid, s in board.skeletons.items() if square(s.r, s.c) == to)
        for sid in killed:
            del board.skeletons[sid]
        state.bag.extend(killed)
        state.bag.sort()
        kills = f" and destroys {plural(len(killed), 'skeleton')}" if killed else ""
        events.append(Event("hero", R + "phase.hero", f"{who(state, seat)}'s hero moves {before} → {to}{kills}.",
                            {"seat": seat, "from": before, "to": to, "killed": len(killed)}))

    def _advance(self, state: BadBonesState, events: list[Event]) -> None:
        """Move to the next phase once every player has finished this one."""
        while not state.over and all(state.done):
            if state.phase == "hero":
                state.phase = "traps"
                state.done = [False] * state.players
                events.append(Event("phase", R + "phase.traps", "Trap phase: everyone places, retrieves or passes."))
            elif state.phase == "traps":
                state.phase = "move"
                state.token = other_side(state.token)
                events.append(Event("phase", R + "phase.move.sides",
                                    f"Movement phase: the tracking token turns {state.token}; every skeleton "
                                    f"still showing {other_side(state.token)} must move."))
                for seat in range(state.players):
                    self._check_done(state, seat)
            elif state.phase == "move":
                self._end_round(state, events)

    def _end_round(self, state: BadBonesState, events: list[Event]) -> None:
        for seat in range(state.players):
            end_of_movement(state, seat, events)
        lost = [s for s in range(state.players) if state.boards[s].floors == 0 or state.boards[s].houses == 0]
        for seat in lost:
            state.eliminated[seat] = True
            what = "tower" if state.boards[seat].floors == 0 else "village"
            events.append(Event("eliminated", R + "end", f"{who(state, seat)}'s {what} is gone: eliminated.",
                                {"seat": seat}))
        solo = state.variant == "solo"
        if lost:
            return self._finish(state, events, "elimination")
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
        state.done = [False] * state.players
        events.append(Event("round", R + "round", f"Round {state.round} begins: everyone moves their hero.",
                            {"round": state.round}))

    def _any_skeleton(self, state: BadBonesState, seat: int) -> bool:
        b = state.boards[seat]
        return bool(b.skeletons or b.cemetery)

    def _new_skeletons(self, state: BadBonesState, events: list[Event], draw: bool) -> None:
        d = self.data
        for seat in range(state.players):
            board = state.boards[seat]
            if draw:
                k = min(d.raw["new_skeletons_per_round"], len(state.bag))
                drawn = state.rng.sample(state.bag, k)
                for t in drawn:
                    state.bag.remove(t)
                board.cemetery.extend(drawn)
                events.append(Event("draw", R + "phase.new",
                                    f"{who(state, seat)} draws {plural(k, 'skeleton')} from the bag: "
                                    f"{', '.join(d.model_of(t).name for t in drawn) or 'none left'}.",
                                    {"seat": seat, "drawn": tuple(drawn)}))
            if board.cemetery:
                arrivals = sorted(board.cemetery)
                for t in arrivals:
                    m = d.model_of(t)
                    board.skeletons[t] = Skeleton(t, m.name, m.r, m.c, m.facing, state.token)
                board.cemetery = []
                events.append(Event("arrive", R + "phase.new",
                                    f"{who(state, seat)}: {plural(len(arrivals), 'skeleton')} {'leaves' if len(arrivals) == 1 else 'leave'} the cemetery for "
                                    f"the forests.", {"seat": seat, "count": len(arrivals)}))

    def _finish(self, state: BadBonesState, events: list[Event], why: str) -> None:
        state.over, state.phase, state.ended = True, "over", why
        state.done = [True] * state.players
        out = self.outcome(state)
        events.append(Event("end", out.rule, out.summary,
                            {"result": out.result, "winners": out.winners, "scores": out.scores}))

    # ---- results and views ------------------------------------------------------------------
    def score(self, state: BadBonesState, seat: int) -> int:
        """Stars on traps (supply counted intact) + 4 per floor + 3 per house."""
        d, b = self.data, state.boards[seat]
        stars = sum(d.stars(k, False) for k in b.supply) + sum(d.stars(t.kind, t.damaged) for t in b.traps.values())
        return (stars + b.floors * d.raw["tower"]["points_per_floor"]
                + b.houses * d.raw["village"]["points_per_house"])

    def outcome(self, state: BadBonesState) -> Outcome | None:
        if not state.over:
            return None
        scores = tuple(0 if state.eliminated[s] else self.score(state, s) for s in range(state.players))
        if state.variant == "solo":
            b = state.boards[0]
            last = state.options["rounds"]
            if state.eliminated[0] and state.round <= last:
                return Outcome("defeat", (), scores, {}, f"The {'tower' if b.floors == 0 else 'house'} falls in "
                               f"round {state.round}: the solo game is lost.", R + "solo")
            if state.eliminated[0]:  # fell while playing on for the heroic ending
                return Outcome("victory", (0,), scores, {0: "Survivor"},
                               f"Survived all {plural(last, 'round')}, but the {'tower' if b.floors == 0 else 'house'} "
                               f"fell in round {state.round}, before the board was clear: a victory, "
                               f"not a heroic one.", R + "ruling.heroic")
            if state.ended == "heroic":
                return Outcome("heroic victory", (0,), scores, {0: "Hero"},
                               f"No skeleton left after round {state.round}: a heroic victory!", R + "solo.heroic")
            if state.ended == "cap":
                return Outcome("victory", (0,), scores, {0: "Survivor"},
                               f"Survived all {plural(last, 'round')}; the heroic ending was cut short by the kit's "
                               f"cap of {plural(state.round, 'round')}.", R + "ruling.round_cap")
            return Outcome("victory", (0,), scores, {0: "Survivor"},
                           f"Tower and house still stand after {plural(state.round, 'round')}: victory.", R + "solo")
        alive = [s for s in range(state.players) if not state.eliminated[s]]
        if not alive:
            return Outcome("draw", (), scores, {}, "Everyone is eliminated in the same round: nobody wins.", R + "end.scoring")
        best = max((scores[s], state.boards[s].floors) for s in alive)
        winners = tuple(s for s in alive if (scores[s], state.boards[s].floors) == best)
        names = " and ".join(who(state, s) for s in winners)
        why = {"elimination": f"Round {state.round} ends the game.", "cap": f"The kit's cap of {plural(state.round, 'round')} ends the game."}[state.ended]
        return Outcome("victory", winners, scores, {s: "Winner" for s in winners},
                       f"{why} Scores: " + ", ".join(f"{who(state, s)} {'out' if state.eliminated[s] else scores[s]}"
                                                       for s in range(state.players)) + f". Winner: {names}.",
                       R + "end.scoring")

    def view(self, state: BadBonesState, seat: int | None) -> BadBonesState:
        """Everything on the table is public; only the seed (the future draws) is hidden."""
        if seat is None:
            return state
        v = self.copy_state(state)
        v.viewer, v.seed, v.rng = seat, 0, Rng(0, 0)
        return v

    def text(self, state: BadBonesState, seat: int | None = None) -> str:
        return render_text(self, self.view(state, seat))
