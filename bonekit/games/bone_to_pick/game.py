"""Bone to Pick: the Game object (setup, decisions, the five steps of a turn, scoring)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.game import Game, Outcome
from ...core.rng import Rng
from ...core.rules import RuleCatalog
from ...core.bots import RandomBot
from .bots import CarefulBot, GreedyBot
from .coop import CoopMode
from .data import components
from .rules_logic import legend, scapegoat, trophy_winner
from .solo import SoloMode
from .state import HIDDEN, HIDDEN_ID, BoneToPickState, TurnRecord
from .text import render_text

R = "bone_to_pick."
OPTIONS = {"names", "easier_haven", "easy_deck", "deck"}


class BoneToPick(Game[BoneToPickState]):
    id = "bone_to_pick"
    title = "Bone to Pick"
    variants = ("base",)
    player_counts = {"base": (2, 3, 4, 5, 6)}
    # The solo and co-op games work (``new(1, variant="solo")``, ``new(2, variant="coop")``) but
    # are not listed in ``variants`` yet: listing them changes the start page's output
    # (notebooks/00_start_here.ipynb). Move them there when that notebook is re-executed.
    mode_player_counts = {"solo": (1,), "coop": (2, 3)}
    bots = {"careful": CarefulBot, "random": RandomBot, "greedy": GreedyBot}

    def __init__(self) -> None:
        self.rules = RuleCatalog.from_markdown(Path(__file__).with_name("rules.md"))
        self.data = components()
        # The solo and co-operative games have engines of their own (solo.py, coop.py); every
        # contract method hands a state of those variants to them.
        self.modes = {"solo": SoloMode(self), "coop": CoopMode(self)}

    def _mode(self, state):
        return self.modes.get(getattr(state, "variant", "base"))

    # ---- setup ------------------------------------------------------------------------------
    def new(self, players: int, variant: str | None = None, seed: int = 0,
            **options: Any) -> BoneToPickState:
        """A new game after setup, with the first undead revealed.

        Options: ``names`` (one per player), ``easier_haven`` (4 hit points instead of 3),
        ``easy_deck`` (no hard undead), ``deck`` (undead ids top first, to recreate examples).
        """
        variant = variant or "base"
        if variant in self.modes:
            return self.modes[variant].new(players, seed=seed, **options)
        if variant not in self.variants:
            raise ValueError(f"unknown variant {variant!r}; Bone to Pick has {', '.join(self.variants)}")
        if type(players) is not int or players not in self.player_counts[variant]:
            counts = self.player_counts[variant]
            raise ValueError(f"the {variant} game is for {counts[0]} to {counts[-1]} players, "
                             f"not {players!r} [rule {R}setup]")
        unknown = set(options) - OPTIONS
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(sorted(OPTIONS))}")
        if type(seed) is not int:
            raise ValueError(f"seed must be an integer, not {seed!r}")
        names = tuple(options.get("names") or (seat_name(s) for s in range(players)))
        if len(names) != players or not all(isinstance(n, str) and n.strip() and n.isprintable()
                                            and len(n) <= 40 for n in names):
            raise ValueError(f"names must be {players} printable strings of 1 to 40 characters")
        d = self.data
        hit_points = d.easier_hit_points if options.get("easier_haven") else d.hit_points
        state = BoneToPickState(
            players=players, variant=variant, seed=seed, names=names, hit_points=hit_points,
            turns=d.turns, rng=Rng(seed), deck=[], box=[],
            hands=[list(d.weapon_values) for _ in range(players)], chosen=[None] * players,
            trophies=[[] for _ in range(players)],
            options={k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in options.items()})
        events: list[Event] = []
        self._setup_deck(state, options, events)
        self._reveal(state, events)
        return state

    def setup_events(self, state: BoneToPickState) -> tuple[Event, ...]:
        """The events of setup (shuffle, deal, first reveal), recomputed from the options."""
        if self._mode(state):
            return self._mode(state).setup_events(state)
        fresh_events: list[Event] = []
        fresh = BoneToPickState(players=state.players, variant=state.variant, seed=state.seed,
                                names=state.names, hit_points=state.hit_points, turns=state.turns,
                                rng=Rng(state.seed), deck=[], box=[], hands=[], chosen=[],
                                options=state.options)
        self._setup_deck(fresh, state.options, fresh_events)
        self._reveal(fresh, fresh_events)
        return tuple(fresh_events)

    def _setup_deck(self, state: BoneToPickState, options: dict, events: list[Event]) -> None:
        d = self.data
        pool = [u for u in d.undead if not (options.get("easy_deck") and d.undead[u].level == "hard")]
        stacked = options.get("deck")
        if stacked is not None:
            if not isinstance(stacked, (list, tuple)):
                raise ValueError(f"deck must be a list of undead ids, not {stacked!r}")
            stacked = list(stacked)
            bad = [u for u in stacked if u not in pool]
            if bad or len(stacked) != state.turns or len(set(stacked)) != len(stacked):
                raise ValueError(f"deck must be {state.turns} different undead ids from the "
                                 f"{'easy and medium' if options.get('easy_deck') else 'full'} set; "
                                 f"bad: {bad or stacked}")
            state.deck = stacked
            state.box = sorted(set(pool) - set(stacked))
            events.append(Event("stack", R + "kit.scenario",
                                "The undead deck is stacked for an example; the players do not "
                                "know its order."))
            events.append(Event("stack_order", R + "kit.scenario",
                                f"Stacked order, top first: {', '.join(stacked)}.",
                                {"deck": tuple(stacked)}, visible_to=()))
        else:
            shuffled = state.rng.shuffled(pool)
            state.deck, state.box = shuffled[:state.turns], sorted(shuffled[state.turns:])
            rule = R + ("setup.easier_deck" if options.get("easy_deck") else "setup")
            events.append(Event("shuffle", rule,
                                f"The {len(pool)} undead are shuffled; {state.turns} form the deck "
                                f"face down and {len(state.box)} go back to the box unseen.",
                                {"deck": tuple(state.deck)}, visible_to=()))
        if options.get("easier_haven"):
            events.append(Event("haven", R + "haven",
                                f"The Haven starts with {state.hit_points} hit points (easier side)."))

    # ---- whose decision ---------------------------------------------------------------------
    def to_move(self, state: BoneToPickState) -> tuple[int, ...]:
        if self._mode(state):
            return self._mode(state).to_move(state)
        if state.over:
            return ()
        return tuple(s for s in range(state.players) if state.chosen[s] is None)

    def current_rule(self, state: BoneToPickState) -> str:
        if self._mode(state):
            return self._mode(state).current_rule(state)
        return R + ("end" if state.over else "turn.prepare")

    def legal_actions(self, state: BoneToPickState, seat: int) -> list[Action]:
        if self._mode(state):
            return self._mode(state).legal_actions(state, seat)
        if seat not in self.to_move(state):
            return []
        return [Action(seat, "play", (str(v),)) for v in sorted(set(state.hands[seat]))]

    def why_illegal(self, state: BoneToPickState, action: Action) -> tuple[str, str]:
        if self._mode(state):
            return self._mode(state).why_illegal(state, action)
        who = seat_name(action.seat)
        prepare = R + "turn.prepare"
        if not 0 <= action.seat < state.players:
            return f"there is no {who} at a {state.players}-player table", R + "setup"
        if state.chosen[action.seat] is not None:
            waiting = ", ".join(seat_name(s) for s in self.to_move(state))
            return (f"{who} has already laid a weapon face down this turn "
                    f"(waiting for {waiting})", R + "ruling.changing_your_mind")
        if action.verb == "reuse":
            return (f"{who}'s used weapons stay face down on the used pile for the rest of the "
                    f"game; only cards in hand can be played", R + "turn.rest")
        if action.verb != "play":
            return (f"{who} cannot '{action.verb}': in the prepare step the only action is "
                    f"'play <value>'", prepare)
        if len(action.args) != 1 or not re.fullmatch(r"0|[1-9][0-9]{0,2}", action.args[0]):
            return f"'play' takes one weapon value written as a plain number, e.g. '{who} play 7'", prepare
        value = int(action.args[0])
        hand = " ".join(map(str, state.hands[action.seat]))
        return f"{who} has no weapon of value {value} in hand (hand: {hand})", prepare

    # ---- applying ---------------------------------------------------------------------------
    def _apply(self, state: BoneToPickState, action: Action, events: list[Event]) -> None:
        if self._mode(state):
            return self._mode(state).apply(state, action, events)
        seat, value = action.seat, int(action.args[0])
        state.hands[seat].remove(value)
        state.chosen[seat] = value
        events.append(Event("choose", R + "turn.prepare", f"{self._name(state, seat)} chooses {value}.",
                            {"seat": seat, "value": value}, visible_to=(seat,)))
        events.append(Event("commit", R + "turn.prepare",
                            f"{self._name(state, seat)} lays a weapon face down.", {"seat": seat}))
        if all(c is not None for c in state.chosen):
            self._resolve_turn(state, events)

    def _resolve_turn(self, state: BoneToPickState, events: list[Event]) -> None:
        undead = self.data.undead[state.current]
        plays = tuple(state.chosen)  # type: ignore[arg-type]
        power = undead.power_for(state.players)
        total = sum(plays)
        shown = ", ".join(f"{self._name(state, s)} {v}" for s, v in enumerate(plays))
        events.append(Event("reveal_weapons", R + "turn.attack", f"Weapons revealed: {shown}.",
                            {"plays": plays}))
        defeated = total >= power
        events.append(Event("attack", R + "turn.attack",
                            f"Total {total} against power {power}: "
                            f"{'the ' + undead.name + ' is beaten' if defeated else 'not enough'}.",
                            {"total": total, "power": power, "defeated": defeated}))
        winner = None
        if defeated:
            winner = trophy_winner(plays)
            if winner is None:
                state.unclaimed.append(undead.id)
                events.append(Event("no_trophy", R + "turn.outcome.trophy",
                                    "Nobody takes the trophy: no value above 0 was played by one "
                                    "player alone.", {"undead": undead.id}))
            else:
                state.trophies[winner].append(undead.id)
                events.append(Event("trophy", R + "turn.outcome.trophy",
                                    f"{self._name(state, winner)} takes the {undead.name} as a trophy "
                                    f"({undead.trophy} points): {plays[winner]} is the highest value "
                                    f"played only once.",
                                    {"seat": winner, "undead": undead.id, "value": plays[winner]}))
        else:
            state.damage_row.append(undead.id)
            events.append(Event("damage", R + "turn.outcome.damage",
                                f"The {undead.name} gets through: the Haven takes {undead.damage} "
                                f"damage ({self.damage(state)} of {state.hit_points}).",
                                {"undead": undead.id, "damage": undead.damage}))
        state.history.append(TurnRecord(state.turn, undead.id, power, plays, total, defeated, winner))
        state.chosen = [None] * state.players
        state.current = None
        events.append(Event("rest", R + "turn.rest", "The played weapons go to the used piles.",
                            {"turn": state.turn}))
        if self.damage(state) >= state.hit_points:
            state.over = True
            self._end_events(state, events)
        elif state.turn >= state.turns or not state.deck:
            state.over = True
            self._end_events(state, events)
        else:
            self._reveal(state, events)

    def _reveal(self, state: BoneToPickState, events: list[Event]) -> None:
        state.current = state.deck.pop(0)
        state.turn += 1
        u = self.data.undead[state.current]
        events.append(Event("reveal", R + "turn.reveal",
                            f"Turn {state.turn}: the {u.name} attacks ({u.level}, power "
                            f"{u.power_for(state.players)} for {state.players} players, damage "
                            f"{u.damage}, trophy {u.trophy}).",
                            {"turn": state.turn, "undead": u.id}))

    def _end_events(self, state: BoneToPickState, events: list[Event]) -> None:
        out = self.outcome(state)
        assert out is not None
        events.append(Event("end", out.rule, out.summary,
                            {"result": out.result, "titles": dict(out.titles), "scores": out.scores}))

    # ---- results and views ------------------------------------------------------------------
    def damage(self, state: BoneToPickState) -> int:
        """Damage the Haven has taken so far (any mode: the damage row is the same idea)."""
        return sum(self.data.undead[u].damage for u in state.damage_row)

    def power(self, state: BoneToPickState) -> int | None:
        if self._mode(state) and state.current is not None:
            players = 2 if state.variant == "solo" else state.players
            return self.data.undead[state.current].power_for(players)
        return None if state.current is None else self.data.undead[state.current].power_for(state.players)

    def trophy_points(self, state: BoneToPickState, seat: int) -> int:
        return sum(self.data.undead[u].trophy for u in state.trophies[seat])

    def outcome(self, state: BoneToPickState) -> Outcome | None:
        if self._mode(state):
            return self._mode(state).outcome(state)
        if not state.over:
            return None
        if self.damage(state) >= state.hit_points:
            scores, blamed = scapegoat(state.hands)
            who = _and(self._name(state, s) for s in blamed)
            return Outcome("defeat", (), scores, {s: "Scapegoat" for s in blamed},
                           f"The Haven falls in turn {state.turn}. Weapons left in hand: "
                           + ", ".join(f"{self._name(state, s)} {v}" for s, v in enumerate(scores))
                           + f". Scapegoat: {who}.", R + "end.scapegoat")
        trophy_values = [[self.data.undead[u].trophy for u in t] for t in state.trophies]
        scores, legends = legend(state.hands, trophy_values)
        who = _and(self._name(state, s) for s in legends)
        return Outcome("victory", legends, scores, {s: "Legend" for s in legends},
                       "The Haven survives all ten turns. Scores (hand + trophies): "
                       + ", ".join(f"{self._name(state, s)} {v}" for s, v in enumerate(scores))
                       + f". Legend: {who}.", R + "end.legend")

    def view(self, state: BoneToPickState, seat: int | None) -> BoneToPickState:
        if self._mode(state):
            return self._mode(state).view(state, seat)
        if seat is None:
            return state
        v = self.copy_state(state)
        v.viewer = seat
        v.options.pop("deck", None)  # a stacked deck's order is the teacher's secret too
        v.deck = [HIDDEN_ID] * len(v.deck)
        v.box = [HIDDEN_ID] * len(v.box)
        if not v.over:  # at the end everyone counts their hand in the open
            v.hands = [h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(v.hands)]
        v.chosen = [c if (s == seat or c is None) else HIDDEN for s, c in enumerate(v.chosen)]
        v.rng = Rng(0, 0)  # the seed would reveal the deck
        v.seed = 0
        return v

    def text(self, state: BoneToPickState, seat: int | None = None) -> str:
        if self._mode(state):
            return self._mode(state).text(state, seat)
        return render_text(self, self.view(state, seat))

    def _name(self, state: BoneToPickState, seat: int) -> str:
        name = state.names[seat]
        return name if name == seat_name(seat) else f"{name} ({seat_name(seat)})"


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
