"""Bone to Pick: the Game object, the top of the package. Each variant has an engine of its own
with the same methods:

* ``standard.py``: base, campaign, epic (7-12 players) and team games, which share the Haven,
  the simultaneous face-down play and the highest-unique-value trophy;
* ``solo.py``: the solo game;
* ``coop.py``: the co-operative game.

The Game picks the engine from ``state.variant`` and hands it every contract call. The engines
share their rule pieces through ``shared_rules`` and never import this module, so the package
has no import cycle (tests/test_bone_to_pick_structure.py checks it).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.actions import Action
from ...core.bots import RandomBot
from ...core.events import Event
from ...core.game import Game, Outcome, well_formed
from ...core.options import variant_option
from ...core.rules import RuleCatalog
from .bots import CarefulBot, CoopBot, GreedyBot, SoloBot
from .coop import CoopMode
from .data import components
from .labels import from_old_label
from .shared_rules import damage, power, trophy_points
from .solo import SoloMode
from .standard import PLAYERS, StandardMode


class BoneToPick(Game):
    id = "bone_to_pick"
    title = "Bone to Pick"
    variants = ("base", "campaign", "epic", "team", "solo", "coop")
    player_counts = {**PLAYERS, "solo": (1,), "coop": (2, 3)}
    bots = {"careful": CarefulBot, "random": RandomBot, "greedy": GreedyBot, "solo": SoloBot,
            "coop": CoopBot}

    def __init__(self) -> None:
        self.rules = RuleCatalog.from_markdown(Path(__file__).with_name("rules.md"))
        self.data = components()
        standard = StandardMode()
        self.engines = {"base": standard, "campaign": standard, "epic": standard,
                        "team": standard, "solo": SoloMode(), "coop": CoopMode()}

    def engine(self, state) -> Any:
        """The engine that plays ``state``'s variant."""
        return self.engines[state.variant]

    # ---- the contract, handed to the variant's engine -----------------------------------------
    def new(self, players: int, variant: str | None = None, seed: int = 0, **options: Any):
        """A new game after setup, with the first undead revealed.

        Variants and their options (all optional):

        * ``base`` (2-6 players), ``campaign`` (2-6), ``epic`` (7-12), ``team`` (4, 6, 8, 9,
          10, 12): ``names``; ``easier_haven`` (4 hit points, or the campaign board's easier
          side); ``easy_deck`` (no hard undead); ``deck`` (undead ids top first, to recreate an
          example); ``youngest`` ("P1".. : where upgrade abilities start); epic and team also
          ``campaign`` (True: four waves); team also ``teams`` (e.g. [["P1","P3"],["P2","P4"]];
          drawn at random otherwise).
        * ``solo`` (1): ``names``. ``coop`` (2-3): ``names``, ``start``, ``hard``, ``free_talk``.
        """
        variant = variant_option(variant, self.variants, "base", self.title)
        engine = self.engines[variant]
        if engine is self.engines["base"]:
            return engine.new(players, variant, seed=seed, **options)
        return engine.new(players, seed=seed, **options)

    def setup_events(self, state) -> tuple[Event, ...]:
        """The events of setup (shuffles, deals, first reveal), recomputed from the options."""
        return self.engine(state).setup_events(state)

    def to_move(self, state) -> tuple[int, ...]:
        return self.engines[state.variant].to_move(state)

    def current_rule(self, state) -> str:
        return self.engine(state).current_rule(state)

    def legal_actions(self, state, seat: int) -> list[Action]:
        return self.engines[state.variant].legal_actions(state, seat)

    def why_illegal(self, state, action: Action) -> tuple[str, str]:
        return self.engine(state).why_illegal(state, action)

    def _apply(self, state, action: Action, events: list[Event]) -> None:
        self.engine(state).apply(state, action, events)

    # ---- copies, views for bots and the fast path ----------------------------------------------
    def copy_state(self, state):
        """A deep copy of ``state``: it shares nothing that can change, so it may be changed
        by hand (a lesson staging a position) without touching ``state``."""
        return state.copy()

    def successor(self, state):
        """The copy ``apply`` changes: it shares every part the action does not change with
        ``state`` (copy-on-write, see ``sharing``), so a game's whole timeline costs little more
        than its changes. Change a state by hand only after ``copy_state``."""
        return state.successor()

    def check(self, state, action: Action) -> None:
        """Raise IllegalAction if ``action`` may not be applied to ``state``.

        A legal action is recognised directly by the mode (``is_legal``), without listing
        every legal action; only a refusal takes the general path, which words the reason
        and names the rule."""
        if well_formed(action) and self.engines[state.variant].is_legal(state, action):
            return
        super().check(state, action)

    def bot_view(self, state, seat: int | None):
        """What ``seat`` may know, as ``view``, for a bot deciding now: it shares the parts
        the seat may see without copying, so a bot must not change it or keep it past its
        decision (``playout`` changes the state in place afterwards)."""
        if seat is None:
            return state
        return self.engines[state.variant].bot_view(state, seat)

    def step_fast(self, state, action: Action) -> None:
        """Apply a legal ``action`` to ``state`` in place: no check, no copy, no events. For
        simulations of bots that choose legal actions (``playout``); anything else goes
        through ``apply``."""
        self.engines[state.variant].apply(state, action, None)

    def playout(self, state, bots: Any, max_actions: int = 100_000) -> tuple[Any, int]:
        """Let ``bots`` (a dict seat -> bot) play from ``state`` to the end; returns the final
        state and the number of actions taken. ``state`` is untouched.

        The fast path of simulations: one private copy of ``state`` is changed in place by
        ``step_fast``, without events or checks. It reaches exactly the states of the checked
        ``apply`` loop (tests/test_bone_to_pick_fast.py plays thousands of games both ways)."""
        state = state.copy()
        engine = self.engines[state.variant]
        to_move, step = engine.to_move, engine.apply
        actions = 0
        while True:
            owing = to_move(state)
            if not owing:
                return state, actions
            if actions >= max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
            seat = owing[0]
            step(state, bots[seat].choose(self, state, seat), None)
            actions += 1

    def from_old_options(self, variant, options: dict, version: int) -> dict:
        """Solo and co-op setups drew each shuffle from its own seeding before replay format 3
        (see ``mode_setup``): an older file of those games is dealt that way again."""
        if version < 3 and variant in ("solo", "coop"):
            return {**options, "deal": options.get("deal", "each")}
        return options

    def from_old_label(self, state, action: Action, version: int) -> Action:
        """Replays of format 1 named solo and co-op upgrades by value; see ``labels``."""
        return from_old_label(state, action, version)

    def outcome(self, state) -> Outcome | None:
        return self.engine(state).outcome(state)

    def view(self, state, seat: int | None):
        """What ``seat`` may know of ``state`` (None: all of it). The view shares what the seat
        may see with ``state`` instead of copying it: read it, or ``copy_state`` it to change it."""
        return self.engines[state.variant].view(state, seat)

    def stage(self, state) -> tuple[str, str]:
        """(round, phase) in words. The round is the turn ("turn 3 of 10"; in a campaign with
        its wave: "wave 2 of 4 · turn 3 of 10"; solo and co-op: "turn 3"), the phase what the
        table does in it: choose weapons, take a trophy (epic), choose upgrades (campaign),
        keep an upgrade (solo, co-op), play in turn (co-op); at the end ("after turn 9 of 10",
        "game over")."""
        over = self.is_over(state)
        if state.variant in ("solo", "coop"):
            turn = f"turn {state.turn}"
            if over:
                return f"after {turn}", "game over"
            if state.offer:
                return turn, "keep an upgrade"
            return turn, "choose two weapons" if state.variant == "solo" else "play in turn"
        turn = f"turn {state.turn} of {state.turns}"
        if state.campaign and state.waves > 1:
            wave = f"wave {state.wave} of {state.waves}"
            if over:
                return f"after {wave}", "game over"
            turn = f"{wave} · {turn}"
        if over:
            return f"after {turn}", "game over"
        phase = self.engines["base"].phase(state)
        return turn, {"take": "take a trophy", "upgrade": "choose upgrades"}.get(phase, "choose weapons")

    def text(self, state, seat: int | None = None) -> str:
        return self.engine(state).text(state, seat)

    # ---- numbers every variant uses ---------------------------------------------------------
    def damage(self, state) -> int:
        """Damage the Haven has taken so far (any mode: the damage row is the same idea)."""
        return damage(state)

    def power(self, state) -> int | None:
        """The power the table must reach this turn (None between turns)."""
        return power(state)

    def trophy_points(self, state, seat: int) -> int:
        return trophy_points(state, seat)
