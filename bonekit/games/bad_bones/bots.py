"""Bad Bones bots. The board is public, so bots read the state through ``game.bot_view`` (a
view that shares the boards) and try their candidate moves on the simulation path."""
from __future__ import annotations

import random
from collections import Counter

from ...core.actions import Action
from .board import COORDS, DIRS, coords, on_board, other_side, square
from .market import COST, WEAPONS
from .moves import answer_send, move_skeleton, pop_pending, repel, repel_options
from .state import BadBonesState, Skeleton, own


def predicted_losses(game, state: BadBonesState, seat: int, steps: int = 2) -> float:
    """Trace ``seat``'s skeletons ``steps`` movement phases ahead on a scratch copy (no new
    arrivals, default choices) and weigh the floors and houses they would destroy.

    The scratch copy shares the boards with ``state`` copy-on-write and is stepped without
    events (the simulation path), so ``state`` is left as it was."""
    s = state.successor()
    s.pending = [[] for _ in range(s.players)]
    board = own(s, seat)
    floors, houses = board.floors, board.houses
    target = (seat + 1) % s.players
    skeletons = board.skeletons
    for step in range(steps):
        if step or s.phase != "move":  # in the movement phase the token is already turned
            s.token = other_side(s.token)
        token = s.token
        for sid in sorted(skeletons):
            sk = skeletons.get(sid)
            if sk is None or sk.side == token:
                continue
            move_skeleton(s, seat, sid, None)
            while s.pending[seat]:
                p = pop_pending(s, seat)
                if p.kind == "send":
                    answer_send(s, seat, p, target, None)
                elif p.kind == "repel":
                    repel(s, seat, p.skeleton, p.square, _safest(game, s, seat, p.square), None)
                # a weapon's decision is left out of the forecast (the weapon is optional)
        for sid, sk in skeletons.items():  # everything shows the token again
            if sk.side != token:
                skeletons[sid] = Skeleton(sk.id, sk.model, sk.r, sk.c, sk.facing, token)
    lost_floors, lost_houses = floors - board.floors, houses - board.houses
    fatal = 50 if (board.floors == 0 or board.houses == 0) else 0
    return lost_floors * 6 + lost_houses * 3 + fatal


def _safest(game, state: BadBonesState, seat: int, dragon: str) -> str:
    """Where a fleeing skeleton does least harm: into a forest, onto the hero, or far away."""
    board = state.boards[seat]
    tower = coords(game.data.tower)

    def badness(sq: str) -> tuple:
        r, c = coords(sq)
        if not on_board(r, c):
            return (0, 0)
        if sq == game.data.tower:  # before the hero: standing on the tower he cannot save it
            return (9, 0)
        if sq == board.hero:
            return (1, 0)
        return (2, -(abs(r - tower[0]) + abs(c - tower[1])) - (0 if r < 4 else -2))
    return min(repel_options(state, seat, dragon), key=lambda sq: (badness(sq), sq))


SHOPPING_LIST = ("dragon", "catapult", "catapult", "wall", "wall", "weapon", "barricade", "portal", "spring",
                 "bomb", "labyrinth", "hearse", "dragon", "catapult", "wall")
"""GuardBot's Market priorities, bought in this order as far as coins and stock allow: the
basic kit it knows how to use (17 coins), one weapon, then the new traps. "weapon" is the first
of ``WEAPON_PREFERENCE`` still for sale."""
WEAPON_PREFERENCE = ("crossbow", "teleportation_wand", "rapier", "death_wand", "battleaxe", "ice_wand",
                     "morning_star", "two_handed_sword")
"""The weapons GuardBot wants, best first: the cheap ones whose use needs the least planning."""


def shop(state: BadBonesState, seat: int, legal: list[Action]) -> Action:
    """GuardBot's Market turn: the first wanted item of ``SHOPPING_LIST`` it can buy now (one it
    has not already bought as often as the list asks), else the dearest trap it can afford,
    else pass."""
    buys = {a.args[0]: a for a in legal if a.verb == "buy"}
    held = Counter(state.market.bought[seat])
    wanted: Counter[str] = Counter()
    for item in SHOPPING_LIST:
        if item == "weapon":
            if state.boards[seat].weapon is None:
                choice = next((w for w in WEAPON_PREFERENCE if w in buys), None)
                if choice:
                    return buys[choice]
            continue
        wanted[item] += 1
        if held[item] < wanted[item] and item in buys:
            return buys[item]
    traps = [a for item, a in buys.items() if item not in WEAPONS]
    if traps:
        return max(traps, key=lambda a: (COST[a.args[0]], a.args))
    return next(a for a in legal if a.verb == "pass")


class GuardBot:
    """Protects its tower and village by tracing each skeleton's path two phases ahead.

    Hero: the move that leaves the least predicted damage, then the most skeletons destroyed.
    Traps: the placement or retrieval (or pass) with the least predicted damage, trying only
    squares on the skeletons' paths. Skeletons move one at a time; a skeleton that must leave
    goes to the leader's cemetery; a fleeing one goes where it harms least. At the advanced
    game's Market it shops down ``SHOPPING_LIST`` (``shop``).
    """

    name = "guard"

    def __init__(self, seed: int = 0, depth: int = 2, kill_weight: float = 0.2):
        self.depth, self.kill_weight = depth, kill_weight
        self._random = random.Random(f"guard-bot:{seed}")

    def choose(self, game, state: BadBonesState, seat: int) -> Action:
        view = game.bot_view(state, seat)
        legal = game.legal_actions(view, seat)
        if view.phase == "market":
            return shop(view, seat, legal)
        verbs = {a.verb for a in legal}
        if "send" in verbs:
            leader = max((a for a in legal), key=lambda a: (game.score(view, int(a.args[0][1:]) - 1), a.args))
            return leader
        if "repel" in verbs:
            p = view.pending[seat][0]
            best = _safest(game, view, seat, p.square)
            return next(a for a in legal if a.args[0] == best)
        if view.phase == "move":
            return legal[0]
        candidates = legal if view.phase == "hero" else self._trap_candidates(game, view, seat, legal)
        scored = []
        skeletons = view.boards[seat].skeletons.values()
        for a in candidates:
            # Each candidate is tried on a scratch successor of the view, stepped in place
            # without events; only a hero step destroys skeletons (those on its square).
            after = view.successor()
            game.step_fast(after, a)
            kills = 0
            if a.verb == "hero":
                rc = COORDS[a.args[0]]
                kills = sum(1 for s in skeletons if (s.r, s.c) == rc)
            cost = predicted_losses(game, after, seat, self.depth) - self.kill_weight * kills + self._spend(a)
            scored.append((round(cost, 3), self._random.random(), a))
        return min(scored, key=lambda t: (t[0], t[1]))[2]

    @staticmethod
    def _spend(action: Action) -> float:
        # Keep traps in supply (they score intact) unless they prevent damage.
        placing = 0.5 if action.args[:1] != ("treasure",) else 1.5
        return {"pass": 0.0, "retrieve": 0.3}.get(action.verb, placing)

    def _trap_candidates(self, game, view: BadBonesState, seat: int, legal: list[Action]) -> list[Action]:
        board = view.boards[seat]
        path: set[str] = set()
        for sk in board.skeletons.values():
            r, c = sk.r, sk.c
            dr, dc = DIRS[sk.facing]
            path.add(square(r, c))  # where the dragon could land on them
            for k in (1, 2):
                sq = square(r + dr * k, c + dc * k)
                if sq and on_board(r + dr * k, c + dc * k):
                    path.add(sq)
        return [a for a in legal if a.verb in ("pass", "retrieve") or (len(a.args) > 1 and a.args[1] in path)]
