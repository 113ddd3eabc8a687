"""Bad Bones bots. The board is public, so bots read the state through ``game.bot_view`` (a
view that shares the boards) and try their candidate moves on the simulation path."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ...core.actions import Action
from ...core.words import short
from . import advice
from .board import COORDS, DIRS, KING, components, coords, on_board, other_side, square
from .market import COST, WEAPONS
from .moves import answer_send, forest_spot, move_skeleton, pop_pending, repel, repel_options
from .state import BadBonesState, Skeleton, own
from .units import leaves_instructor
from .weapons import weapon_actions


def predicted_losses(game, state: BadBonesState, seat: int, steps: int = 2) -> float:
    """Trace ``seat``'s skeletons ``steps`` movement phases ahead on a scratch copy (no new
    arrivals, default choices) and weigh the floors and houses they would destroy.

    The scratch copy shares the boards with ``state`` copy-on-write and is stepped without
    events (the simulation path), so ``state`` is left as it was."""
    s = _scratch(state)
    board = own(s, seat)
    floors, houses, capital = board.floors, board.houses, s.capital
    for step in range(steps):
        # in the movement phase the token is already turned
        _trace_phase(game, s, seat, turn=bool(step) or s.phase != "move")
    return _damage(board, floors, houses, s, capital)


def _scratch(state: BadBonesState) -> BadBonesState:
    """A successor of ``state`` to trace on, with no choice pending."""
    s = state.successor()
    s.pending = [[] for _ in range(s.players)]
    return s


def _trace_phase(game, s: BadBonesState, seat: int, turn: bool) -> None:
    """One movement phase of ``seat``'s skeletons on the scratch state ``s`` (``turn``: the
    tracking token turns first), every choice answered by default."""
    if turn:
        s.token = other_side(s.token)
    token = s.token
    skeletons = own(s, seat).skeletons
    target = (seat + 1) % s.players
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


def _damage(board, floors: int, houses: int, s: BadBonesState | None = None, capital: int = 0) -> float:
    """The weight of the floors and houses ``board`` lost since it had ``floors`` and ``houses``
    (in the co-op game, ``s``'s capital since it had ``capital`` houses, and towers)."""
    if s is not None and s.capital_size:
        # the capital has one house a player, shared: each is worth more than a village's
        lost_floors, lost_houses = floors - board.floors, (capital - s.capital) * 3
        fatal = 50 if (board.floors == 0 or s.capital == 0) else 0
    else:
        lost_floors, lost_houses = floors - board.floors, houses - board.houses
        fatal = 50 if (board.floors == 0 or board.houses == 0) else 0
    return lost_floors * 6 + lost_houses * 3 + fatal


def outlook(game, state: BadBonesState, seat: int, steps: int = 2, kill_weight: float = 0.2,
            hero_first: bool = False) -> float:
    """``predicted_losses`` with the hero stepping between the movement phases: the rest of
    this round is traced with the hero where he stands, then he takes the best of his eight
    steps (less ``kill_weight`` for each skeleton he destroys there) before the next phases.
    ``hero_first``: ``state`` is at the start of a round, so the step comes first.

    Where the hero ends up matters for a weapon that moves him (the teleportation wand, the
    two-handed sword), which a forecast with a standing hero cannot see."""
    s = _scratch(state)
    board = own(s, seat)
    floors, houses, capital = board.floors, board.houses, s.capital
    traced = 0
    if not hero_first:
        _trace_phase(game, s, seat, turn=s.phase != "move")
        traced = 1
    ended = board.floors == 0 or (board.houses == 0 if not s.capital_size else s.capital == 0)
    if traced >= steps or ended or board.hero is None:
        return _damage(board, floors, houses, s, capital)
    best = None
    for h in KING[board.hero]:
        b = s.successor()
        hb = own(b, seat)
        hb.hero = h
        rc = COORDS[h]
        killed = [sid for sid, sk in hb.skeletons.items() if (sk.r, sk.c) == rc]
        for sid in killed:
            del hb.skeletons[sid]
        for _ in range(traced, steps):
            _trace_phase(game, b, seat, turn=True)
        cost = _damage(hb, floors, houses, b, capital) - kill_weight * len(killed)
        best = cost if best is None else min(best, cost)
    return best


def _safest(game, state: BadBonesState, seat: int, dragon: str) -> str:
    """Where a fleeing skeleton does least harm: into a forest, onto the hero, or far away."""
    board = state.boards[seat]
    towers = [coords(t) for t in board.towers]
    home = 0 if state.capital_size else 4   # the row next to what skeletons burn: the capital, the village

    def badness(sq: str) -> tuple:
        r, c = coords(sq)
        if not on_board(r, c):
            return (0, 0)
        if sq in board.towers:  # before the hero: standing on the tower he cannot save it
            return (9, 0)
        if sq == board.hero:
            return (1, 0)
        near = min((abs(r - tr) + abs(c - tc) for tr, tc in towers), default=9)
        return (2, -near + (2 if r == home else 0))   # far from the towers, not beside home
    return min(repel_options(state, seat, dragon), key=lambda sq: (badness(sq), sq))


SHOPPING_LIST = ("dragon", "catapult", "catapult", "wall", "wall", "weapon", "barricade", "portal", "spring",
                 "bomb", "labyrinth", "hearse", "dragon", "catapult", "wall")
"""GuardBot's Market priorities, bought in this order as far as coins and stock allow: the
basic kit it knows how to use (17 coins), one weapon, then the new traps. "weapon" is the first
of ``WEAPON_PREFERENCE`` still for sale."""
WEAPON_PREFERENCE = ("crossbow", "teleportation_wand", "rapier", "death_wand", "battleaxe", "ice_wand",
                     "morning_star", "two_handed_sword")
"""The weapons GuardBot wants, best first: the cheap ones whose use needs the least planning."""


def shopping_list(items: Sequence[str]) -> tuple[str, ...]:
    """``items`` checked as a shopping list: trap kinds and weapon names the Market sells, or
    "weapon" (the first of ``WEAPON_PREFERENCE`` still for sale). Raises ValueError otherwise."""
    if isinstance(items, str):
        raise ValueError(f"a shopping list is a sequence of item names, not the string {short(items)}")
    out = tuple(items)
    for item in out:
        if item != "weapon" and item not in COST:
            raise ValueError(f"the Market sells no {short(item)}; a shopping list names "
                             f"{', '.join(COST)} or 'weapon'")
    return out


def shop(state: BadBonesState, seat: int, legal: list[Action],
         shopping: Sequence[str] = SHOPPING_LIST) -> Action:
    """GuardBot's Market turn: the first wanted item of ``shopping`` it can buy now (one it
    has not already bought as often as the list asks; a weapon only while it holds none),
    else the dearest trap it can afford (an unused trap scores its stars), else pass."""
    buys = {a.args[0]: a for a in legal if a.verb == "buy"}
    held = Counter(state.market.bought[seat])
    wanted: Counter[str] = Counter()
    armed = state.boards[seat].weapon is not None
    for item in shopping:
        if item == "weapon":
            if not armed:
                choice = next((w for w in WEAPON_PREFERENCE if w in buys), None)
                if choice:
                    return buys[choice]
            continue
        if item in WEAPONS:
            if not armed and item in buys:
                return buys[item]
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
    squares on the skeletons' paths; the advanced game's traps are tried like the basic ones
    (both colours of a labyrinth, a bomb on a crowd too). Skeletons move one at a time; a
    skeleton that must leave goes to the leader's cemetery; a fleeing one goes where it harms
    least. A weapon decision, in the hero or the movement phase, is judged like a move: each
    answer is tried on a scratch copy with the weapon's later decisions settled as well as
    possible (``_weapon_cost``), and a hero step that triggers the weapon is worth what the
    weapon then does. At the advanced game's Market it shops down ``shopping`` (``shop``;
    None: ``SHOPPING_LIST``).
    """

    name = "guard"

    def __init__(self, seed: int = 0, depth: int = 2, kill_weight: float = 0.2,
                 shopping: Sequence[str] | None = None):
        self.depth, self.kill_weight = depth, kill_weight
        self.shopping = SHOPPING_LIST if shopping is None else shopping_list(shopping)
        self._random = random.Random(f"guard-bot:{seed}")

    def choose(self, game, state: BadBonesState, seat: int) -> Action:
        view = game.bot_view(state, seat)
        legal = game.legal_actions(view, seat)
        if view.phase == "market":
            return shop(view, seat, legal, self.shopping)
        verbs = {a.verb for a in legal}
        if _weapon_pending(view, seat) and "send" not in verbs:
            return self._best(game, view, seat, legal)
        if "send" in verbs:  # a top forest, a catapult, a hearse or the death wand: the leader
            leader = max((a for a in legal), key=lambda a: (game.score(view, int(a.args[0][1:]) - 1), a.args))
            return leader
        if "repel" in verbs:
            p = view.pending[seat][0]
            best = _safest(game, view, seat, p.square)
            return next(a for a in legal if a.args[0] == best)
        if view.phase == "move":
            # GuardBot lets an instructor take its whole square along rather than move the others
            # first (its forecast traces skeletons one by one and cannot weigh a unit's split)
            board = view.boards[seat]
            legal = [a for a in legal if a.verb != "move" or not leaves_instructor(board, a, view.token)]
            first = legal[0]
            if len(first.args) == 3:   # two instructors: choose the leader whose way costs least
                options = [a for a in legal if a.args[:1] == first.args[:1]]
                return min(options, key=lambda a: (round(self._lead_cost(game, view, seat, a), 3), a.args))
            return first
        candidates = (legal if view.phase in ("hero", "start")
                      else self._trap_candidates(game, view, seat, legal))
        return self._best(game, view, seat, candidates)

    def _best(self, game, view: BadBonesState, seat: int, candidates: list[Action]) -> Action:
        """The candidate with the least cost (``_cost``); equal costs are split at random."""
        scored = []
        arming = _weapon_pending(view, seat)  # a weapon decision looks further: see ``outlook``
        for a in candidates:
            # Each candidate is tried on a scratch successor of the view, stepped in place
            # without events.
            after = view.successor()
            game.step_fast(after, a)
            cost = self._weapon_cost(game, view, after, seat, arming) + self._spend(a)
            scored.append((round(cost, 3), self._random.random(), a))
        return min(scored, key=lambda t: (t[0], t[1]))[2]

    def _lead_cost(self, game, view: BadBonesState, seat: int, action: Action) -> float:
        """The damage of a unit's move under the leader ``action`` names, and what the forecast
        then sees (the leader's facing is the whole unit's)."""
        after = view.successor()
        game.step_fast(after, action)
        b0, b1 = view.boards[seat], after.boards[seat]
        return (_damage(b1, b0.floors, b0.houses, after, view.capital)
                + predicted_losses(game, after, seat, self.depth))

    def _cost(self, game, root: BadBonesState, after: BadBonesState, seat: int,
              arming: bool = False) -> float:
        """How bad ``after`` is compared with ``root``: the predicted damage (``arming``: with
        the hero's next step in it, ``outlook``), less a little for every skeleton gone from
        the board (hero, bomb, weapon) and for every one sent to an opponent's cemetery (the
        death wand's cargo)."""
        kills = len(root.boards[seat].skeletons) - len(after.boards[seat].skeletons)
        if arming:
            losses = outlook(game, after, seat, self.depth, self.kill_weight,
                             hero_first=after.round > root.round)
        else:
            losses = predicted_losses(game, after, seat, self.depth)
        cost = losses - self.kill_weight * kills
        if after.boards[seat].weapon == "death_wand":
            cost -= self.kill_weight * (_opponents_tokens(after, seat) - _opponents_tokens(root, seat))
        return cost

    def _weapon_cost(self, game, root: BadBonesState, after: BadBonesState, seat: int,
                     arming: bool = False) -> float:
        """``_cost`` of ``after`` once ``seat``'s weapon decisions still owed are answered as
        well as possible: every answer is tried, except the rapier's turns, chosen one
        skeleton at a time (trying every combination grows as 4 to the number of skeletons)."""
        if not _weapon_pending(after, seat):
            return self._cost(game, root, after, seat, arming)
        p = after.pending[seat][0]
        answers = weapon_actions(after, seat, p)
        if p.step == "face":
            turned = [_stepped(game, after, a) for a in answers]
            best = min(range(len(answers)),
                       key=lambda i: (round(self._cost(game, root, turned[i], seat, arming), 3), i))
            return self._weapon_cost(game, root, turned[best], seat, arming)
        return min(self._weapon_cost(game, root, _stepped(game, after, a), seat, arming) for a in answers)

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


def _weapon_pending(state: BadBonesState, seat: int) -> bool:
    """Whether ``seat``'s next decision answers a weapon card."""
    pending = state.pending[seat]
    return bool(pending) and pending[0].kind == "weapon"


def _opponents_tokens(state: BadBonesState, seat: int) -> int:
    """The skeletons the other players have to deal with: on their boards and in their cemeteries."""
    return sum(len(b.skeletons) + len(b.cemetery) for o, b in enumerate(state.boards) if o != seat)


def _stepped(game, state: BadBonesState, action: Action) -> BadBonesState:
    """A scratch successor of ``state`` with ``action`` stepped on it (no events)."""
    after = state.successor()
    game.step_fast(after, action)
    return after


TOWER_LOSS = {3: 6.0, 2: 10.0, 1: 22.0, 0: 100.0}
"""CoopBot's weight of one co-op tower falling, by the towers its board still has after it: the
first two are spare, the second-last leaves the board one skeleton from losing the game for the
team, and the last loses it."""
CAPITAL_LOSS = {1: 30.0, 0: 100.0}
"""CoopBot's weight of one capital house burning, by the houses left after it; any other house
weighs ``HOUSE_LOSS``."""
HOUSE_LOSS = 18.0
"""A capital house that is not one of the last two: each board can afford only about one of
them (one house a player) against three of its own towers, so it weighs three spare towers."""


def _team_loss(towers: tuple[int, int], houses: tuple[int, int]) -> float:
    """CoopBot's weight of a board going from ``towers[0]`` to ``towers[1]`` towers standing
    while the capital goes from ``houses[0]`` to ``houses[1]`` houses."""
    return (sum(TOWER_LOSS.get(k, TOWER_LOSS[3]) for k in range(towers[1], towers[0]))
            + sum(CAPITAL_LOSS.get(k, HOUSE_LOSS) for k in range(houses[1], houses[0])))


def _threats(state: BadBonesState) -> tuple[int, int]:
    """The team's skeletons (on the boards and in the cemeteries) and the cemeteries' share."""
    cemeteries = sum(len(b.cemetery) for b in state.boards)
    return sum(len(b.skeletons) for b in state.boards) + cemeteries, cemeteries


_DATA = components()


def _arrive(state: BadBonesState, seat: int) -> None:
    """Phase 4 on a scratch state, without the draw: ``seat``'s cemetery goes to its forest spots."""
    board = own(state, seat)
    if not board.cemetery:
        return
    skeletons = dict(board.skeletons)
    for t in board.cemetery:
        r, c, facing = forest_spot(state, t)
        skeletons[t] = Skeleton(t, _DATA.model_of(t).name, r, c, facing, state.token)
    board.skeletons, board.cemetery = skeletons, []


class CoopBot(GuardBot):
    """GuardBot for the co-op game, playing for the team. Outside the co-op game it plays
    exactly as GuardBot.

    Every co-op decision is costed for the team (``_team_cost``): towers weigh more as a board
    runs out of them and capital houses more than towers (``TOWER_LOSS``, ``CAPITAL_LOSS``); a
    skeleton pushed on to a teammate's cemetery costs ``export_weight`` and one taken off the
    table earns ``kill_weight``. The last trap of a kind in the team's supply goes to the board
    where it saves the most (a player who would gain less from it than a teammate still choosing
    leaves it to them and takes their next best move), and a skeleton sent away goes to the
    teammate whose board it would harm least (traced there after it arrives; on a tie, the one
    with the most towers standing).

    At the table it talks (``bad_bones.coop.talk``, module ``advice``): ``suggest`` tells a
    teammate what it would do in their place, and a teammate's suggestion to it is followed
    unless its forecast finds it clearly worse than its own choice (``advice.HEED``)."""

    name = "coop"
    export_weight = 6.0

    def suggest(self, game, state: BadBonesState, seat: int, to: int) -> Action | None:
        """``seat``'s suggestion to teammate ``to``: this bot's choice in ``to``'s place (None
        when ``to`` has no trap decision to make). It uses a generator of its own, so asking
        for advice never changes the bot's own later choices."""
        mine, self._random = self._random, random.Random(f"coop-advice:{seat}:{to}:{state.round}")
        try:
            return advice.suggest(self, game, state, seat, to)
        finally:
            self._random = mine

    def choose(self, game, state: BadBonesState, seat: int) -> Action:
        view = game.bot_view(state, seat)
        if view.capital_size and view.talk and view.phase == "traps" and not view.pending[seat]:
            return advice.heed(self, game, view, seat, self._choose(game, state, seat))
        return self._choose(game, state, seat)

    def _choose(self, game, state: BadBonesState, seat: int) -> Action:
        view = game.bot_view(state, seat)
        if not view.capital_size or view.phase == "market":
            return super().choose(game, state, seat)
        legal = game.legal_actions(view, seat)
        if view.pending[seat] and view.pending[seat][0].kind == "send":
            # no harm in sight on either board: the one with more towers can better afford it later
            return min(legal, key=lambda a: (round(self._send_cost(game, view, seat, a), 3),
                                             -view.boards[int(a.args[0][1:]) - 1].floors, a.args))
        if view.phase != "traps" or view.pending[seat]:
            return super().choose(game, state, seat)
        scored = sorted(self._scored(game, view, seat, self._trap_candidates(game, view, seat, legal)),
                        key=lambda t: (t[0], t[1]))
        idle = next(cost for cost, _, a in scored if a.verb == "pass")
        others = [t for t in range(view.players) if t != seat and not view.done[t]]
        for cost, _, a in scored:
            if a.verb != "place" or view.shared.count(a.args[0]) > 1 or not others:
                return a
            if all(self._gain(game, view, t, a.args[0]) <= idle - cost for t in others):
                return a
        return scored[0][2]

    def _scored(self, game, view: BadBonesState, seat: int, candidates: list[Action]) -> list[tuple]:
        out = []
        for a in candidates:
            after = view.successor()
            game.step_fast(after, a)
            cost = self._cost(game, view, after, seat) + self._spend(a)
            out.append((round(cost, 3), self._random.random(), a))
        return out

    def _gain(self, game, view: BadBonesState, seat: int, kind: str) -> float:
        """How much ``seat`` would save by placing the team's last ``kind`` (vs passing)."""
        legal = game.legal_actions(view, seat)
        tried = [a for a in self._trap_candidates(game, view, seat, legal)
                 if a.verb == "pass" or (a.verb == "place" and a.args[0] == kind)]
        scored = self._scored(game, view, seat, tried)
        idle = next(cost for cost, _, a in scored if a.verb == "pass")
        return idle - min(cost for cost, _, _ in scored)

    def _cost(self, game, root: BadBonesState, after: BadBonesState, seat: int,
              arming: bool = False) -> float:
        """``_team_cost`` in the co-op game (a weapon decision keeps GuardBot's ``outlook``)."""
        if not root.capital_size or arming:
            return super()._cost(game, root, after, seat, arming)
        return self._team_cost(game, root, after, seat)

    def _team_cost(self, game, root: BadBonesState, after: BadBonesState, seat: int) -> float:
        """How bad ``after`` is for the team compared with ``root``: ``seat``'s skeletons traced
        ``depth`` movement phases ahead (as ``predicted_losses``), their damage weighed by
        ``_team_loss`` from ``root`` on (so what the move itself does counts too), plus
        ``export_weight`` for every skeleton they push on to a teammate's cemetery, less
        ``kill_weight`` for every one gone from the table (the hero, a tower, the capital)."""
        s = _scratch(after)
        for step in range(self.depth):
            _trace_phase(game, s, seat, turn=bool(step) or s.phase != "move")
        return self._weighed(root, s, seat)

    def _weighed(self, root: BadBonesState, s: BadBonesState, seat: int) -> float:
        """The team cost of ``root`` becoming ``s`` for board ``seat`` (see ``_team_cost``)."""
        towers, houses = (root.boards[seat].floors, s.boards[seat].floors), (root.capital, s.capital)
        (before, cem_before), (now, cem_now) = _threats(root), _threats(s)
        exported = (cem_now - len(s.boards[seat].cemetery)) - (cem_before - len(root.boards[seat].cemetery))
        # a skeleton that burns a tower or a house leaves the table too, but is no kill
        killed = before - now - (towers[0] - towers[1]) - (houses[0] - houses[1])
        return (_team_loss(towers, houses) + self.export_weight * max(exported, 0)
                - self.kill_weight * max(killed, 0))

    def _send_cost(self, game, view: BadBonesState, seat: int, action: Action) -> float:
        """The harm of sending the skeleton to ``action``'s teammate: their board traced to the
        end of this movement phase, through the arrivals, and ``depth`` phases more, with the
        skeleton against without it."""
        target = int(action.args[0][1:]) - 1
        # answered on a scratch copy, not stepped: the last answer of a phase would end the round
        with_it = view.successor()
        answer_send(with_it, seat, pop_pending(with_it, seat), target, None)
        return (self._arrival_cost(game, view, with_it, target)
                - self._arrival_cost(game, view, view, target))

    def _arrival_cost(self, game, root: BadBonesState, state: BadBonesState, seat: int) -> float:
        s = _scratch(state)
        if s.phase == "move":
            _trace_phase(game, s, seat, turn=False)
        _arrive(s, seat)
        for _ in range(self.depth):
            _trace_phase(game, s, seat, turn=True)
        return _team_loss((root.boards[seat].floors, s.boards[seat].floors), (root.capital, s.capital))
