"""Studies and staging for two Rolled Bones notebooks: the odds lab (02: duels staged on a
real table, their exact odds, the same duels fought many times by the engine, a whole-game
study) and alliances and the arena (03: the scripted alliance game, an arena game as a
replay). Pure engine code: nothing here imports Jupyter.

* Staging: ``stage_duel`` sets up a two-player table with one die of each side in the arena
  (or the defender's base die as its front door), each showing the face asked for, with a
  contortion or a carried item if asked, and nothing else in play or in the racks: the state
  is hand-set, the attack is the engine's own legal action (``Duel.label``).
* Exact odds: ``outcome_odds`` reads the totals, first strike, unyielding, volley and extra
  Bones dice of the staged dice from the engine (``battle.fixed_total``, ``extra_rolls``...)
  and enumerates every Bones outcome with ``odds``; ``engine_odds`` gets the same fractions the
  slow way, by scripting each outcome into the engine's battle in turn.
* Simulation: ``fight`` lets the engine roll one battle from a seed; ``simulate_duel`` and
  ``simulate_duels`` count many; ``compare`` sets the counts beside the exact odds with their
  sampling error. ``LAB_DUELS`` are the duels the lab checks; ``judge_chance`` its exercises.
* Charts and text: ``win_curve`` (win chance against the difference of totals), ``roll_grid``
  (the 36 outcomes of a duel as a table of letters), ``odds_text``.
* A whole-game study through ``bonekit.simulate``: ``bag_study`` (the "keep" starter bag
  against the "raid" one with builder bots, seats swapped, and the first player's edge),
  with the module-level ``measure`` adding its columns.
* Notebook 03: ``AllyBot`` (a builder that accepts alliances), ``ALLIANCE_OPTIONS`` and
  ``alliance_start`` (the scripted three-player game at P1's first moves), ``bots_play`` /
  ``acting`` (let bots play to a moment), ``arena_replay`` and ``find_events``.

A study takes ``track``, a function that wraps an iterable and is told ``desc=`` (the
notebooks pass their progress bar, ``bonekit.widgets.teaching.progress``); it changes nothing
in the results.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from ...core.actions import Action
from ...core.answers import judge_chance
from ...core.bots import Bot, play_out
from ...core.events import Event
from ...core.registry import load
from ...core.replay import Replay
from ...core.rng import Rng
from ...core.simulate import Results, Ticks, Track, bot_seed, no_track, simulate
from . import choices
from .battle import extra_rolls, fixed_total, total_parts
from .bots import BuilderBot
from .data import die_type
from .dice import name, powers, symbols
from .game import RolledBones
from .odds import FACES, MeleeOdds, ShotOdds, melee_odds, shot_odds
from .scenarios import empty_table, place
from .state import RolledBonesState, die_label

# Every kind of die once, and enough base dice for the kit's bag rules: each side of a staged
# duel takes its dice from one of these.
LAB_BAG: dict[str, int] = {
    "B0001": 4, "B0002": 2, "B0003": 2,
    "C0001": 1, "C0002": 1, "C0003": 1, "C0004": 1, "C0005": 1,
    "I0001": 1, "I0002": 1, "I0003": 1,
    "M0001": 1, "M0002": 1, "M0003": 1,
}
MELEE_OUTCOMES = ("win", "lose", "both", "neither")
SHOT_OUTCOMES = ("miss", "hold", "win")
# A hand-to-hand outcome by who fell: (attacker defeated, target defeated).
FALLEN = {(False, True): "win", (True, False): "lose", (True, True): "both", (False, False): "neither"}
OUTCOME_WORDS = {"win": "the attacker wins", "lose": "the defender wins", "both": "both fall",
                 "neither": "nobody falls"}
SHOT_WORDS = {"miss": "a miss", "hold": "a hit, the target holds", "win": "a hit, the target falls"}



# ---- staging a duel ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """One side of a staged duel: a die by D'Code showing ``face`` (1-6); a creature may carry
    ``item`` (D'Code, face) and take a contortion of ``magic`` (-3 to +3, 0 for none). The
    defender may also be a base die: it then stands alone in its base, as the front door."""

    code: str
    face: int
    item: tuple[str, int] | None = None
    magic: int = 0


@dataclass(frozen=True)
class Duel:
    """A staged duel: the table (P1 to act), the attack's label, the attacking and the target
    die, and whether it is a shot."""

    state: RolledBonesState
    label: str
    attacker: int
    target: int
    projectile: bool

    @property
    def totals(self) -> tuple[int, int]:
        """The fixed totals before the Bones: (attack, defence)."""
        return fixed_total(self.state, (self.attacker,), True), fixed_total(self.state, (self.target,), False)

    def describe(self) -> str:
        """The duel in words, part by part, as the battle events add it up."""
        s = self.state

        def side(i: int, attacking: bool) -> str:
            parts = " + ".join(f"{label} {n}" for label, n in total_parts(s, (i,), attacking))
            extra = extra_rolls(s, (i,), attacking)
            marks = [m.replace("_", " ") for m in sorted(symbols(s, (i,)) & {"first_strike"})]
            marks += sorted(powers(s, (i,)) & {"unyielding", "volley"})
            marks += [f"{extra} extra Bones die"] if extra else []
            total = fixed_total(s, (i,), attacking)
            return f"{name(s, i)}: {parts} = {total}" + (f" ({', '.join(marks)})" if marks else "")

        how = "shoots at" if self.projectile else "attacks"
        return f"{side(self.attacker, True)}\n  {how}\n{side(self.target, False)}"


def contortion(change: int) -> tuple[str, int]:
    """The kit's magic die and face that contort a die by ``change`` (+1 is Contortion's face 1)."""
    for code in ("M0001", "M0002"):
        for n, f in enumerate(die_type(code).faces, 1):
            if f.value == change and f.effect == "contort" and not f.symbols:
                return code, n
    raise ValueError(f"no contortion face of {change:+d}: the kit's go from -3 to +3")


def stage_duel(game: RolledBones, attacker: Fighter, defender: Fighter, shoot: bool = False) -> Duel:
    """A two-player table where P1's ``attacker`` faces P2's ``defender`` (see ``Fighter``),
    P1 to act; the attack (or, with ``shoot``, the shot) is checked legal there."""
    # empty racks: no flash die can join in, and nothing else is in play
    s = empty_table(2, "base", 0, "act", bags=[dict(LAB_BAG), dict(LAB_BAG)])
    a = _place(s, 0, attacker)
    t = _place(s, 1, defender)
    label = f"P1 {'shoot' if shoot else 'attack'} {die_label(a)} {die_label(t)}"
    game.check(s, game.parse_action(s, label))
    return Duel(s, label, a, t, shoot)


def _place(s: RolledBonesState, seat: int, f: Fighter) -> int:
    """One side of a duel put out with ``scenarios.place``: a base die as the whole base, or a
    creature or item in the arena, with its carried item and its contortion."""
    kind = die_type(f.code).kind
    if kind == "magic":
        raise ValueError(f"{f.code} is a magic die: magic dice never fight")
    die = place(s, seat, f.code, f.face, "base" if kind == "base" else "arena")
    if f.item is not None:
        place(s, seat, f.item[0], f.item[1], die)
    if f.magic:
        code, face = contortion(f.magic)
        place(s, seat, code, face, die)
    return die


# ---- exact odds ------------------------------------------------------------------------------------


def duel_odds(duel: Duel) -> MeleeOdds | ShotOdds:
    """The duel's exact odds from ``odds``, with every input read from the staged dice."""
    s, a, t = duel.state, (duel.attacker,), (duel.target,)
    attack, defence = duel.totals
    dice = (1 + extra_rolls(s, a, True), 1 + extra_rolls(s, t, False))
    if duel.projectile:
        return shot_odds(attack, defence, volley="volley" in powers(s, a), dice=dice)
    first = ("first_strike" in symbols(s, a), "first_strike" in symbols(s, t))
    tough = ("unyielding" in powers(s, a), "unyielding" in powers(s, t))
    return melee_odds(attack, defence, first_strike=first, unyielding=tough, dice=dice)


def outcome_odds(duel: Duel) -> dict[str, Fraction]:
    """The exact chance of each outcome ``fight`` can report (they sum to 1)."""
    odds = duel_odds(duel)
    if isinstance(odds, ShotOdds):
        return {"miss": 1 - odds.hit, "hold": odds.hit - odds.win, "win": odds.win}
    return odds.as_dict()


def rolls_needed(duel: Duel) -> tuple[int, int]:
    """How many Bones rolls each side makes at most in the duel: (attacker, defender)."""
    s, a, t = duel.state, (duel.attacker,), (duel.target,)
    na, nd = 1 + extra_rolls(s, a, True), 1 + extra_rolls(s, t, False)
    if duel.projectile:
        return na + (2 if "volley" in powers(s, a) else 1), nd + 1
    return na, nd


def engine_odds(game: RolledBones, duel: Duel) -> dict[str, Fraction]:
    """``outcome_odds`` the slow way: every sequence of Bones rolls the duel can use is
    scripted into the engine's own battle, once each (equally likely), and its outcomes
    counted. A shot's damage rolls are enumerated even after a miss, so every sequence has
    the same length and weight."""
    na, nd = rolls_needed(duel)
    counts: Counter = Counter()
    for rolls in product(FACES, repeat=na + nd):
        s = duel.state.copy()
        s.script = {"P1": {"bones": list(rolls[:na])}, "P2": {"bones": list(rolls[na:])}}
        counts[_fought(game, duel, s)] += 1
    n = 6 ** (na + nd)
    return {k: Fraction(counts[k], n) for k in (SHOT_OUTCOMES if duel.projectile else MELEE_OUTCOMES)}


# ---- fighting it out ------------------------------------------------------------------------------


def fight(game: RolledBones, duel: Duel, seed: int) -> str:
    """Let the engine fight the duel once, its Bones rolled from ``seed``: "win", "lose",
    "both" or "neither" hand to hand; "miss", "hold" or "win" for a shot."""
    s = duel.state.copy()
    s.rng = Rng(seed)
    return _fought(game, duel, s)


def _fought(game: RolledBones, duel: Duel, s: RolledBonesState) -> str:
    game.step_fast(s, game.parse_action(s, duel.label))
    a_down, t_down = s.area[duel.attacker] == "bag", s.area[duel.target] == "bag"
    if duel.projectile:
        if t_down:
            return "win"
        hit = s.last_rolls.get("hit", (0, 1))
        return "hold" if hit[0] >= hit[1] else "miss"
    return FALLEN[a_down, t_down]


@dataclass(frozen=True)
class DuelCount:
    """How often each outcome came up in ``battles`` engine battles."""

    counts: dict[str, int]
    battles: int

    def share(self, outcome: str) -> float:
        return self.counts.get(outcome, 0) / self.battles if self.battles else 0.0


def simulate_duel(game: RolledBones, duel: Duel, battles: int = 1000, seed: int = 0,
                  track: Track = no_track) -> DuelCount:
    """Fight the duel ``battles`` times, battle ``k`` from seed ``seed + k``, and count."""
    counts: Counter = Counter()
    for k in track(range(battles), desc="battles"):
        counts[fight(game, duel, seed + k)] += 1
    keys = SHOT_OUTCOMES if duel.projectile else MELEE_OUTCOMES
    return DuelCount({key: counts[key] for key in keys}, battles)


def simulate_duels(game: RolledBones, duels: dict[str, Duel], battles: int = 1000, seed: int = 0,
                   track: Track = no_track) -> dict[str, DuelCount]:
    """``simulate_duel`` for each of ``duels`` (one ``track`` bar over all the battles), duel
    ``k``'s battles from seeds ``seed + k * battles`` on, so no two battles share a seed."""
    ticks = iter(track(range(battles * len(duels)), desc="battles"))
    out = {}
    for k, (label, duel) in enumerate(duels.items()):
        counts: Counter = Counter()
        for j in range(battles):
            next(ticks, None)
            counts[fight(game, duel, seed + k * battles + j)] += 1
        keys = SHOT_OUTCOMES if duel.projectile else MELEE_OUTCOMES
        out[label] = DuelCount({key: counts[key] for key in keys}, battles)
    next(ticks, None)  # lets a progress bar count the last battle and finish
    return out


@dataclass(frozen=True)
class Agreement:
    """One outcome: its exact chance, its share in the battles, the standard error of that
    share (from the exact chance) and how many standard errors apart they are."""

    outcome: str
    exact: Fraction
    share: float
    error: float
    words: str = ""  # the outcome in words

    @property
    def z(self) -> float:
        return (self.share - float(self.exact)) / self.error if self.error else 0.0


def compare(exact: dict[str, Fraction], count: DuelCount) -> list[Agreement]:
    """Each outcome's exact chance beside its simulated share (outcomes that cannot happen
    are left out)."""
    n = count.battles
    words = SHOT_WORDS if "miss" in exact else OUTCOME_WORDS
    return [Agreement(k, p, count.share(k), math.sqrt(float(p) * (1 - float(p)) / n), words[k])
            for k, p in exact.items() if p or count.counts.get(k)]


def agreement_text(rows: Sequence[Agreement]) -> str:
    """The comparison as a small table."""
    lines = [f"{'outcome':<26}{'exact':>18}{'simulated':>11}{'std. error':>12}{'apart':>8}"]
    for r in rows:
        exact = f"{r.exact} = {float(r.exact):.1%}"
        lines.append(f"{r.words:<26}{exact:>18}{r.share:>11.1%}{r.error:>12.1%}"
                     f"{abs(r.z):>7.1f}σ")
    return "\n".join(lines)


# The duels the lab lets the engine fight: (attacker, defender, shoot).
LAB_DUELS: dict[str, tuple[Fighter, Fighter, bool]] = {
    "Goblin 4 +1 against Goblin 4": (Fighter("C0001", 3, magic=1), Fighter("C0001", 4), False),
    "Skeleton Knight 5, first strike, against Bone Golem 5":
        (Fighter("C0003", 4), Fighter("C0005", 4), False),
    "Goblin 4 +1 against Bone Golem 5, unyielding":
        (Fighter("C0001", 3, magic=1), Fighter("C0005", 5), False),
    "Skeleton Knight 4 with its Rusty Blade 2 (power face) against Bone Golem 6":
        (Fighter("C0003", 5, item=("I0001", 3)), Fighter("C0005", 6), False),
    "Archer 3 with volley shoots at Goblin 4": (Fighter("C0002", 5), Fighter("C0001", 3), True),
}


def lab_duels(game: RolledBones) -> dict[str, Duel]:
    """``LAB_DUELS`` staged."""
    return {label: stage_duel(game, a, d, shoot) for label, (a, d, shoot) in LAB_DUELS.items()}


def odds_text(odds: MeleeOdds | ShotOdds) -> str:
    """Exact odds as lines of fractions and percentages (outcomes that cannot happen left out)."""
    if isinstance(odds, ShotOdds):
        rows = {"hit": odds.hit, "defeat the target": odds.win}
    else:
        rows = {OUTCOME_WORDS[k]: p for k, p in odds.as_dict().items() if p}
    lines = [f"{label:<20}{str(p):>9} = {float(p):.1%}" for label, p in rows.items()]
    return "\n".join(lines + [f"({odds.outcomes} equally likely Bones outcomes)"])


    return None


# ---- pictures of the odds --------------------------------------------------------------------------


def win_curve(differences: Iterable[int], **settings: Any) -> list[tuple[int, float]]:
    """The attacker's chance to win a hand-to-hand duel for each difference of totals (attack
    minus defence), under ``settings`` (``melee_odds``' keywords)."""
    return [(d, float(melee_odds(d, 0, **settings).win)) for d in differences]


def roll_grid(attack: int, defence: int, first_strike: tuple[bool, bool] = (False, False)) -> str:
    """The 36 outcomes of a hand-to-hand duel as a grid: W the attacker wins, L the defender
    wins, T a tie that defeats both."""
    fa, fd = first_strike
    rows = [f"attack {attack} vs defence {defence}: W attacker wins, L defender wins, T both fall",
            " " * 18 + "defender rolls",
            " " * 18 + "  ".join(str(r) for r in FACES)]
    for ra in FACES:
        cells = []
        for rd in FACES:
            a, d = ra + attack, rd + defence
            tie = "W" if fa and not fd else "L" if fd and not fa else "T"
            cells.append("W" if a > d else "L" if a < d else tie)
        rows.append(f"attacker rolls {ra}  " + "  ".join(cells))
    return "\n".join(rows)


# ---- a whole-game study -------------------------------------------------------------------------------


def measure(game: RolledBones, final: RolledBonesState) -> dict[str, Any]:
    """``simulate`` columns of a finished game: the seat that started (``first``) and the
    round it ended in (``rounds``)."""
    return {"first": final.first, "rounds": final.round}


@dataclass(frozen=True)
class BagStudy:
    """Builder bots with two starter bags, each game played twice (the bags swapping seats):
    the share of games each bag won, the share won by whoever started, the average length
    in rounds, and the two ``simulate`` tables (bags[0] as P1, then as P2)."""

    bags: tuple[str, str]
    games: int
    wins: dict[str, float]
    first_wins: float
    rounds: float
    tables: tuple[Results, Results]

    def seating(self, k: int) -> dict[str, float]:
        """Each bag's share of wins in the games of seating ``k`` (0: bags[0] is P1)."""
        order = self.bags if k == 0 else self.bags[::-1]
        rows = self.tables[k]
        return {bag: rows.win_rate(seat) for seat, bag in enumerate(order)}


def bag_study(game: RolledBones, bags: tuple[str, str] = ("keep", "raid"), games: int = 200,
              seed: int = 0, track: Track = no_track, workers: int | None = 1) -> BagStudy:
    """``games`` deals played by two builder bots through ``simulate``, once with ``bags[0]``
    as P1 and once with it as P2, so seat and bag are untangled."""
    ticks = Ticks(track, 2 * games)
    tables = []
    for k, order in enumerate((list(bags), list(bags[::-1]))):
        tables.append(simulate(game, "builder", games=games, seed=seed, players=2, workers=workers,
                               measure=measure, bags=order,
                               progress=lambda done, _total, k=k: ticks.reach(k * games + done)))
    ticks.reach(2 * games)
    every = [r for t in tables for r in t]
    won = Counter()
    for k, table in enumerate(tables):
        order = bags if k == 0 else bags[::-1]
        for r in table:
            for w in r["winners"]:
                won[order[w]] += 1
    n = len(every)
    return BagStudy(
        tuple(bags), games, {bag: won[bag] / n for bag in bags},
        sum(1 for r in every if r["winners"] == (r["first"],)) / n,
        sum(r["rounds"] for r in every) / n, (tables[0], tables[1]))


# ---- notebook 03: a three-player game with alliances, and the arena ----------------------------------


class AllyBot(BuilderBot):
    """The builder bot made friendly for the alliance lesson: it accepts every alliance it is
    offered and sends its creatures and items into the arena (where allies can use them)
    instead of onto its front door. Otherwise it plays as ``BuilderBot``."""

    name = "ally"

    def choose(self, game: Any, state: Any, seat: int) -> Action:
        acts = game.legal_actions(state, seat)
        for a in acts:
            if a.verb == "accept" or (a.verb == "enter" and a.args == ("arena",)):
                return a
        return super().choose(game, state, seat)


# P2 opens with a Skeleton Knight in the arena, P3 with a Goblin guarding its front door; then
# P1 (the learner) builds, refills, rolls a 1 and brings in a Skeleton Knight of its own; P1's
# next Bones roll (3) and P3's (4) fight the battle of the lesson. Everything else is unscripted.
ALLIANCE_SCRIPT: dict[str, dict[str, list]] = {
    "P1": {"draws": ["B0001", "C0003", "M0001", "C0001", "I0002", "C0002", "B0003"],
           "faces": [3, 4, 1, 3, 2, 4, 2], "bones": [1, 3]},
    "P2": {"draws": ["B0001", "B0001", "C0003", "M0001", "B0002", "C0004", "C0001", "B0003", "I0003"],
           "faces": [3, 4, 4, 2, 3, 1, 2, 4, 3], "bones": [1]},
    "P3": {"draws": ["B0001", "B0003", "C0001", "C0002", "M0001", "I0001", "B0002", "C0003"],
           "faces": [4, 2, 1, 3, 1, 2, 2, 3], "bones": [1, 4]},
}
ALLIANCE_SEED = 0
ALLIANCE_OPTIONS: dict[str, Any] = {"alliances": True, "first": "P2", "script": ALLIANCE_SCRIPT}
ALLIANCE_OPENING = ("P1 build r1", "P1 draw", "P1 roll", "P1 enter arena")
"""P1's first moves in the alliance game, up to the moment an alliance can be proposed."""


def alliance_bots(seed: int = ALLIANCE_SEED) -> dict[int, Bot]:
    """P2 an ``AllyBot``, P3 a ``BuilderBot``, seeded as a ``Table`` seeds its bots."""
    return {1: AllyBot(bot_seed(seed, 1)), 2: BuilderBot(bot_seed(seed, 2))}


def alliance_start(game: RolledBones) -> RolledBonesState:
    """The alliance game at P1's first act step: P2 and P3 have played their first turns (by
    ``alliance_bots``) and P1 has played ``ALLIANCE_OPENING``. Nobody is allied yet."""
    state = game.new(3, seed=ALLIANCE_SEED, **fresh_options(ALLIANCE_OPTIONS))
    state = bots_play(game, state, alliance_bots(), until=lambda s: choices.owing(s) == (0,))
    for label in ALLIANCE_OPENING:
        state, _ = game.apply(state, label)
    return state


def bots_play(game: RolledBones, state: RolledBonesState, bots: dict[int, Bot],
              until: Callable[[RolledBonesState], bool]) -> RolledBonesState:
    """Let ``bots`` play from ``state`` (checked ``apply``) until ``until(state)`` holds or the
    game is over."""
    while not until(state) and not game.is_over(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, bots[seat].choose(game, state, seat))
    return state


def acting(seat: int) -> Callable[[RolledBonesState], bool]:
    """A ``bots_play`` stop: ``seat`` may move and attack (its act step, nothing asked)."""
    return lambda s: s.phase == "act" and not s.queue and s.turn_seat == seat


def arena_replay(seed: int = 0, players: int = 2, bots: Sequence[str] = ()) -> Replay:
    """A whole arena game between builder bots (or the ``bots`` named), as a replay."""
    game = load("rolled_bones")
    names = list(bots) or ["builder"] * players
    table = {seat: game.bots[b](bot_seed(seed, seat)) for seat, b in enumerate(names)}
    state = game.new(players, variant="arena", seed=seed)
    _, actions = play_out(game, state, table)
    return Replay("rolled_bones", players, seed=seed, variant="arena", actions=[a.label for a in actions])


def find_events(replay: Replay, kind: str, test: Callable[[Event], bool] = lambda e: True) -> list[int]:
    """The steps of ``replay`` (indices into its states) whose action made an event of ``kind``
    that passes ``test``."""
    return [k for k, evs in enumerate(replay.events) if k and any(e.kind == kind and test(e) for e in evs)]


def rack_line(state: RolledBonesState, seat: int) -> str:
    """``seat``'s rack, left to right, as the text board names its dice."""
    return " · ".join(f"r{k} {name(state, i)}" for k, i in enumerate(state.racks[seat], 1)) or "empty"


def fresh_options(options: dict[str, Any]) -> dict[str, Any]:
    """A copy of options whose script lists the engine may use up without touching ours."""
    out = dict(options)
    if "script" in out:
        out["script"] = {k: {kind: list(v) for kind, v in q.items()} for k, q in out["script"].items()}
    return out


__all__ = ["ALLIANCE_OPTIONS", "LAB_BAG", "LAB_DUELS", "AllyBot", "Duel", "Fighter", "alliance_start",
           "arena_replay", "bag_study", "compare", "duel_odds", "engine_odds", "fight", "judge_chance",
           "lab_duels", "measure", "odds_text", "outcome_odds", "rack_line", "roll_grid", "simulate_duel",
           "simulate_duels", "stage_duel", "win_curve"]
