"""Bone to Pick: the Game object. Each variant has an engine of its own with the same methods:

* ``standard.py``: base, campaign, epic (7-12 players) and team games, which share the Haven,
  the simultaneous face-down play and the highest-unique-value trophy;
* ``solo.py``: the solo game;
* ``coop.py``: the co-operative game.

The Game picks the engine from ``state.variant`` and hands it every contract call.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.actions import Action
from ...core.bots import RandomBot
from ...core.events import Event
from ...core.game import Game, Outcome
from ...core.options import variant_option
from ...core.rules import RuleCatalog
from .bots import CarefulBot, CoopBot, GreedyBot, SoloBot
from .coop import CoopMode
from .data import components
from .labels import from_old_label
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
        standard = StandardMode(self)
        self.engines = {"base": standard, "campaign": standard, "epic": standard,
                        "team": standard, "solo": SoloMode(self), "coop": CoopMode(self)}

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
        return self.engine(state).to_move(state)

    def current_rule(self, state) -> str:
        return self.engine(state).current_rule(state)

    def legal_actions(self, state, seat: int) -> list[Action]:
        return self.engine(state).legal_actions(state, seat)

    def why_illegal(self, state, action: Action) -> tuple[str, str]:
        return self.engine(state).why_illegal(state, action)

    def _apply(self, state, action: Action, events: list[Event]) -> None:
        self.engine(state).apply(state, action, events)

    def from_old_label(self, state, action: Action, version: int) -> Action:
        """Replays of format 1 named solo and co-op upgrades by value; see ``labels``."""
        return from_old_label(state, action, version)

    def outcome(self, state) -> Outcome | None:
        return self.engine(state).outcome(state)

    def view(self, state, seat: int | None):
        return self.engine(state).view(state, seat)

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
        dealt = sum(self.data.undead[u].damage for u in state.damage_row)
        return dealt - getattr(state, "prevented", 0)

    def power(self, state) -> int | None:
        """The power the table must reach this turn (None between turns)."""
        if state.current is None:
            return None
        if state.variant in ("solo", "coop"):
            players = 2 if state.variant == "solo" else state.players
            return self.data.undead[state.current].power_for(players)
        return self.engines["base"].power(state)

    def trophy_points(self, state, seat: int) -> int:
        return sum(self.data.undead[u].trophy for u in state.trophies[seat])
