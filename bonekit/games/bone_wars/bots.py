"""Bone Wars bots. ``ScholarBot`` is a greedy player with a short lookahead: for each legal
action it steps a copy of its own view and scores the position it reaches (``evaluate``).

At the three choices whose worth only shows later in the turn (which card to play or whether
to pass, team or paleontologist mode, where the paleontologist goes) it plays the rest of its
turn out on the copy with the same policy and scores the end of the turn. The steps of
publishing and the routine answers (draw a bone, upgrade a team card ...) follow simple rules.
It never reads another seat's hand or the order of a deck: it decides from ``game.bot_view``.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.actions import Action
from .data import components
from .effects import archive_limit, capacity, envelope_of
from .rounds import credibility
from .state import PATRONS, BoneWarsState, rival
from .turn import slot_spec

# ---- the evaluation's weights (rough RP; set by hand, checked with benchmarks/bone_wars_bots.py)
MONEY = (0.6, 0.6, 0.5, 0.25)  # a dollar, by round: worth less as the end nears
SKELETON = (0.0, 0.3, 1.0, 1.8, 2.6)  # a hand species with n of its parts in the crates
SPECIES = 0.5  # a species card in hand with room in its envelope
SPARE_BONE = 0.2  # a bone no species in hand wants (debunk fodder, later cards)
HOPE = (1.0, 1.0, 0.8, 0.5)  # how much cards and bones in hand still promise, by round
ARCHIVED = 1.2  # a species card in the archive (awards, the tie-break)
AWARD = 0.5
PALEO_CARD = 0.7  # a paleontologist card in hand
CAMP = 0.5
SPECIALIST = 0.5
AP = 0.35  # a team action point not yet spent
SITE = 0.3  # how much the bones at the team's dig site count before they are dug
BUILDING = (0.0, 0.1, 0.3, 0.6, 1.0)  # a skeleton being paid for this turn, by bones paid
UPGRADES = (("expedition", "grand_expedition"), ("dig_crew", "quarry_crew"), ("surveyor", "field_geologist"))
PLAN_DEPTH = 2  # a plan may itself plan once (the mode or location of the card it tries)
MAX_ROLLOUT = 60  # steps: a turn is far shorter; a guard, not a limit in practice


class ScholarBot:
    """A greedy Bone Wars player: publishes full skeletons, debunks, claims awards.

    ``choose(game, state, seat)`` returns a legal action for ``seat``; the same seed, game
    and state give the same action (ties are broken by ``random.Random(f"scholar-bot:{seed}")``).
    """

    name = "scholar"

    def __init__(self, seed: int = 0):
        self._random = random.Random(f"scholar-bot:{seed}")
        self._game: Any = None

    def choose(self, game: Any, state: BoneWarsState, seat: int) -> Action:
        self._game = game
        view = game.bot_view(state, seat)
        acts = game.legal_actions(view, seat)
        if not acts:
            raise IndexError("ScholarBot: no legal action to choose from")
        self.prepare(view, seat, acts)
        return self._decide(view, seat, acts, depth=0)

    # ---- what a subclass may change ------------------------------------------------------------------
    def prepare(self, view: BoneWarsState, seat: int, acts: list[Action]) -> None:
        """Called once per decision, before it, with the seat's view and legal actions."""

    def evaluate(self, s: BoneWarsState, seat: int) -> float:
        """How good ``s`` is for ``seat`` (module ``evaluate``)."""
        return evaluate(s, seat)

    def rule(self, s: BoneWarsState, seat: int, acts: list[Action]) -> Action | None:
        """The routine choice made by rule, or None to leave it to the evaluation."""
        return _rule(s, seat, acts)

    def weigh_pass(
        self, s: BoneWarsState, seat: int, scored: list[tuple[float, Action]]
    ) -> list[tuple[float, Action]]:
        """At the choice of a card or the pass, the options left to pick from (each with its
        played-out score): never pass while a card still improves the position."""
        now = self.evaluate(s, seat)
        if any(v > now and a.verb == "play" for v, a in scored):
            return [(v, a) for v, a in scored if a.verb != "pass"]
        return scored

    def plans_ahead(self, s: BoneWarsState, depth: int) -> bool:
        """Whether to play the turn out for each choice here (else score one step on)."""
        return depth < PLAN_DEPTH and _plans_ahead(s)

    # ---- the policy -------------------------------------------------------------------------------
    def _decide(self, s: BoneWarsState, seat: int, acts: list[Action], depth: int) -> Action:
        if len(acts) == 1:
            return acts[0]
        ruled = self.rule(s, seat, acts)
        if ruled is not None:
            return ruled
        if self.plans_ahead(s, depth):
            scored = [(self._rollout(s, seat, a, depth + 1), a) for a in acts]
            if s.turn is None and not s.pending and s.phase == "turn":
                scored = self.weigh_pass(s, seat, scored)
        else:
            scored = [(self._after(s, seat, a), a) for a in acts]
        best = max(v for v, _ in scored)
        ties = [a for v, a in scored if v >= best - 1e-9]
        if depth or len(ties) == 1:
            return ties[0]
        return self._random.choice(ties)

    def _after(self, s: BoneWarsState, seat: int, action: Action) -> float:
        """The position one step on."""
        nxt = s.copy()
        self._game.step_fast(nxt, action)
        return self.evaluate(nxt, seat)

    def _rollout(self, s: BoneWarsState, seat: int, action: Action, depth: int) -> float:
        """The position at the end of this turn (or of the passing), ``action`` first and the
        rest played by the one-step policy."""
        game, nxt = self._game, s.copy()
        game.step_fast(nxt, action)
        for _ in range(MAX_ROLLOUT):
            if game.to_move(nxt) != (seat,) or (nxt.turn is None and not nxt.pending):
                break
            acts = game.legal_actions(nxt, seat)
            game.step_fast(nxt, self._decide(nxt, seat, acts, depth) if len(acts) > 1 else acts[0])
        return self.evaluate(nxt, seat)


def _plans_ahead(s: BoneWarsState) -> bool:
    """Whether this choice is worth playing the turn out: card or pass, mode, paleo location."""
    if s.phase != "turn" or s.pending:
        return False
    t = s.turn
    return t is None or t.mode is None or (t.mode == "paleo" and t.action is None)


# ---- rules for the routine choices ------------------------------------------------------------------
def _rule(s: BoneWarsState, seat: int, acts: list[Action]) -> Action | None:
    """The choice made by rule, or None to leave it to the evaluation."""
    by: dict[str, list[Action]] = {}
    for a in acts:
        by.setdefault(a.verb, []).append(a)
    b = s.boards[seat]
    if s.pending:
        kind = s.pending[0].kind
        full = len(b.crates) >= capacity(s, seat)
        if kind == "draw":
            return by["stop" if full else "draw"][0]
        if kind == "rare" and full:
            return by["stop"][0]
        if kind == "upgrade":
            for old, new in UPGRADES:
                hit = next((a for a in by.get("upgrade", []) if a.args == (old, new)), None)
                if hit:
                    return hit
            return (by.get("hire") or by["skip"])[0]
        if kind == "slot":
            if "extra" in {a.args[0] for a in acts}:
                return next(a for a in acts if a.args[0] == "extra")
            costs = [slot_spec(s, seat, i).cost for i in range(len(b.slots))]
            return by["slot"][costs.index(max(costs))]
        if kind == "paleo":
            return by["keep"][0]
        if kind == "discard":
            return _discard(s, seat, by)
        if kind == "reward":  # a publication's rewards in the order they are listed
            return acts[0]
        if kind == "depart":  # off the university to the site whose bones and card suit the hand
            return max(acts, key=lambda a: _site_worth(s, seat, a.args[0]))
        if kind == "swap":
            mine, theirs = credibility(s, b.patron), credibility(s, rival(b.patron))
            return by["swap" if theirs > mine + 1 else "skip"][0]
        return None
    t = s.turn
    if t is not None and t.mode == "paleo" and t.action == "publish":
        return _publish_step(s, seat, by)
    return None


def _discard(s: BoneWarsState, seat: int, by: dict[str, list[Action]]) -> Action:
    """Swap the species card that fits the crates worst, if it fits them badly."""
    crates = s.boards[seat].crates
    worst = min(by.get("discard", []), key=lambda a: len(skeleton(a.args[0], crates)), default=None)
    if worst is not None and len(skeleton(worst.args[0], crates)) < 2:
        return worst
    return by["skip"][0]


def _publish_step(s: BoneWarsState, seat: int, by: dict[str, list[Action]]) -> Action:
    """Publishing: each skeleton gets every bone that fits (3-4 wanted); then the next species
    that makes a skeleton of 3 or more, or 2 in the last round; then done."""
    if "bone" in by:
        return by["bone"][0]
    if "paper" in by:
        return by["paper"][0]
    free = _unpromised(s, seat)
    want = 2 if s.round == 4 else 3
    options = [(len(skeleton(a.args[0], free)), a) for a in by.get("publish", [])]
    options = [(n, a) for n, a in options if n >= want]
    if options:
        return max(options, key=lambda x: x[0])[1]
    return by["done"][0]


# ---- the evaluation -------------------------------------------------------------------------------
def evaluate(s: BoneWarsState, seat: int) -> float:
    """How good ``s`` is for ``seat``, in rough RP: RP, loyalty times each patron's expected
    credibility at the scorings left, money, skeletons in the making, cards, archive, awards."""
    b, d = s.boards[seat], components()
    archived = sum(len(v) for v in b.archive.values())
    if s.over:
        return b.rp + 0.01 * archived
    value = float(b.rp)
    scorings = 2 if s.round <= 2 else 1
    mult, top = d.loyalty.multipliers, d.loyalty.top
    growth = 1.0 if s.round <= 2 else 0.5
    for p in PATRONS:
        level = b.loyalty[p]
        smooth = (mult[level] + mult[min(level + 1, top)]) / 2
        value += smooth * min(6.0, credibility(s, p) + growth) * scorings
    money = min(b.money, 8) + max(0, b.money - 8) / 3
    value += money * MONEY[s.round - 1]
    value += _skeletons(s, seat) * HOPE[s.round - 1]
    value += ARCHIVED * archived + AWARD * len(b.awards)
    value += PALEO_CARD * sum(1 for c in b.hand if c not in d.species and c not in d.team_cards)
    value += CAMP * (len(d.board.camps) - len(b.camps_left)) + SPECIALIST * len(b.specialists)
    t = s.turn
    if t is not None and t.seat == seat:
        if t.mode == "team":
            value += AP * t.ap + 0.05 * t.free + _site_worth(s, seat)
        for _, paid in t.papers:
            value += BUILDING[len(paid)] + 0.05
        if t.building is not None:
            value += BUILDING[len(t.building[1])]
    return value


def _skeletons(s: BoneWarsState, seat: int) -> float:
    """The species in hand and the crate bones: each species gets the bones that fit it best
    (the fullest skeletons first), and what is left over counts a little."""
    b, d = s.boards[seat], components()
    limit = archive_limit(s, seat)
    species = [c for c in b.hand if c in d.species]
    roomy = [c for c in species if len(b.archive.get(envelope_of(c), [])) < limit]
    bones = list(b.crates)
    value = 0.2 * (len(species) - len(roomy))
    for sp in sorted(roomy, key=lambda c: (-len(skeleton(c, bones)), c)):
        paid = skeleton(sp, bones)
        for k in paid:
            bones.remove(k)
        value += SPECIES + SKELETON[len(paid)]
    return value + SPARE_BONE * len(bones)


def _site_worth(s: BoneWarsState, seat: int, site_id: str | None = None) -> float:
    """What a dig site (the team's, by default) offers: its bones wanted by the hand, and its
    species card."""
    b, d = s.boards[seat], components()
    site_id = site_id or b.team
    if site_id is None:
        return 0.0
    site = next(x for x in s.sites if x.id == site_id)
    hand = [c for c in b.hand if c in d.species]
    wanted = sum(1 for k in site.bones if k is not None and any(skeleton(sp, [k]) for sp in hand))
    return SITE * (wanted + (site.card is not None))



# ---- skeletons --------------------------------------------------------------------------------------
def skeleton(sp: str, bones: list[str]) -> tuple[str, ...]:
    """The bones (one per part: torso, tail, skull, limb) from ``bones`` that species ``sp``
    could be published with."""
    d = components()
    s = d.species[sp]
    paid: dict[str, str] = {}
    for k in sorted(set(bones)):
        part = d.bones[k].part
        if part in paid:
            continue
        if part == "skull" and s.skull not in ("either", k):
            continue
        if part == "limb" and s.limb not in ("either", k):
            continue
        paid[part] = k
    return tuple(paid.values())


def _unpromised(s: BoneWarsState, seat: int) -> list[str]:
    """The crate bones not yet paid into a skeleton this turn."""
    left, t = list(s.boards[seat].crates), s.turn
    if t is None:
        return left
    for paper in [*t.papers, *([t.building] if t.building else [])]:   # (species, bones[, parts])
        for k in paper[1]:
            if k in left:
                left.remove(k)
    return left
