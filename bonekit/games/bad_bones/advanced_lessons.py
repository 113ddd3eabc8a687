"""Staging for the advanced-version tutorial (notebooks/bad_bones/04_advanced): tables that
went through the Market, sandbox boards for the new traps and the weapon cards, and the
judges of the notebook's exercises. Pure engine code: every board is a real state, every
verdict comes from ``game.apply`` or the trap lab's ``march``.

    replay = bot_game()                       # GuardBots shopping from SHOWCASE_KITS
    board = lab_board(skeletons=[("b2", "e")], traps=[("labyrinth", "b2", "white")], side="black")
    check(answer, judge_axe)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...core.actions import seat_name
from ...core.errors import IllegalAction
from ...core.replay import Replay
from ...core.words import plural
from .board import COORDS, DIRS, NAMES, components, on_board, other_side, square
from .bots import GuardBot
from .market import COST, ITEMS, WEAPONS, stock_for, words
from .sandbox import lab_state, march
from .scenarios import staged
from .state import BadBonesState, Skeleton
from .studies import kit_cost

Kit = Sequence[str]


def _game() -> Any:
    from ...core.registry import load
    return load("bad_bones")


# ---- the Market ----------------------------------------------------------------------------------
def stock_table(players: Iterable[int] = range(1, 7)) -> str:
    """The Market's stock as a text table: one row per item with its cost (kit data) and how
    many are for sale at each table size (the rulebook's table; one card per weapon)."""
    sizes = list(players)
    stocks = {n: stock_for(n) for n in sizes}
    head = f"{'item':19}{'cost':>5}  " + "".join(f"{n}p".rjust(4) for n in sizes)
    lines = [head, "-" * len(head)]
    for item in ITEMS:
        if item == WEAPONS[0]:
            lines.append("weapon cards (a player may own one):")
        name = words(item)
        lines.append(f"{name:19}{COST[item]:>5}  " + "".join(f"{stocks[n][item]:>4}" for n in sizes))
    return "\n".join(lines)


def seed_with_first_buyer(players: int, first: int) -> int:
    """The smallest seed whose advanced table of ``players`` draws seat ``first`` (0-based)
    to buy first."""
    game = _game()
    return next(seed for seed in range(1000)
                if game.new(players, "advanced", seed=seed).market.buyer == first)


def buying_order(players: int, first: int, turns: int) -> list[str]:
    """Who buys on each of the first ``turns`` turns of the Market when seat ``first`` is drawn
    first and nobody passes (everyone buys the cheapest trap left, so that laps go on), as
    seat names: ``["P2", "P3", "P1", ...]``. Read off the engine's own turn order."""
    game = _game()
    state = game.new(players, "advanced", seed=seed_with_first_buyer(players, first))
    order: list[str] = []
    while len(order) < turns and state.phase == "market":
        (seat,) = game.to_move(state)
        order.append(seat_name(seat))
        buys = sorted((a for a in game.legal_actions(state, seat) if a.verb == "buy"),
                      key=lambda a: (COST[a.args[0]], a.args[0] in WEAPONS, a.args))
        state, _ = game.apply(state, buys[0])
    return order


# ---- the opening picture and the bots' game ------------------------------------------------------
SHOWCASE_KITS: tuple[Kit, ...] = (
    ("dragon", "catapult", "wall", "barricade", "spring", "crossbow"),
    ("catapult", "catapult", "wall", "bomb", "portal", "ice_wand"),
    ("dragon", "wall", "labyrinth", "hearse", "rapier"),
)
"""Three varied kits (20 coins or less each) for the opening picture and the bots' game."""
SHOWCASE_SEED = 5
SHOWCASE_ROUND = 8


def bot_game(players: int = 3, seed: int = SHOWCASE_SEED,
             kits: Sequence[Kit] | None = SHOWCASE_KITS) -> Replay:
    """A whole advanced game between GuardBots as a Replay: seat i plays with bot seed i and
    shops from ``kits[i]`` (``GuardBot(shopping=...)``: the list in order, then the dearest
    trap its coins still buy); ``kits=None``: every bot shops from its default list."""
    game = _game()
    bots = {s: GuardBot(seed=s, shopping=None if kits is None else kits[s]) for s in range(players)}
    actions: list = []
    game.playout(game.new(players, "advanced", seed=seed), bots, actions=actions)
    return Replay("bad_bones", players, seed, variant="advanced", actions=[a.label for a in actions])


def step_of(replay: Replay, round: int, phase: str) -> int:
    """The first step of ``replay`` at which ``round`` is in ``phase``."""
    return next(i for i, s in enumerate(replay.states) if s.round == round and s.phase == phase)


HIGHLIGHTS = ("barricade", "lost", "portal", "spring", "spikes", "blast", "hearse", "weapon", "freeze")
"""The event kinds ``highlights`` looks for: the new traps at work, and weapons being used."""


def highlights(replay: Replay, kinds: Sequence[str] = HIGHLIGHTS) -> list[tuple[int, int, str]]:
    """Where to look in a replay: (step, round, text) of the first event of each of ``kinds``
    and of every hearse ride and weapon use after it, in the order they happen. ``step`` is the
    Stepper's step that shows the event."""
    seen: set[str] = set()
    found = []
    for step, events in enumerate(replay.events):
        for e in events:
            if e.kind in kinds and (e.kind not in seen or e.kind in ("hearse", "weapon")):
                seen.add(e.kind)
                found.append((step, replay.states[step].round, e.text))
    return found


def showcase() -> BadBonesState:
    """The opening picture: the bots' advanced game (``bot_game()``) as round
    ``SHOWCASE_ROUND``'s movement phase begins, new traps on the boards, weapon cards beside."""
    replay = bot_game()
    return replay.states[step_of(replay, SHOWCASE_ROUND, "move")]


# ---- sandbox boards --------------------------------------------------------------------------------
def lab_board(skeletons: Iterable[tuple[str, str]] = (), traps: Iterable[tuple] = (), side: str = "white",
              **options: Any) -> BadBonesState:
    """``sandbox.lab_state`` whose skeletons (and tracking token) show ``side``: "black" stages
    the moment before a movement phase that turns the token white (the labyrinth examples)."""
    state = lab_state(skeletons=skeletons, traps=traps, **options)
    if side not in ("white", "black"):
        raise ValueError(f"a skeleton shows white or black, not {side!r}")
    state.token = side
    board = state.boards[0]
    board.skeletons = {sid: Skeleton(sk.id, sk.model, sk.r, sk.c, sk.facing, side)
                       for sid, sk in board.skeletons.items()}
    return state


# ---- exercise 2: the labyrinth's colour ------------------------------------------------------------
def phases_held(colour: str, phases: int = 4) -> int:
    """A skeleton on b1 walks south into a ``colour`` labyrinth on b2 in movement phase 1
    (which turns the token black). How many of the following movement phases does it spend
    on b2 before it walks out?"""
    state = lab_state(skeletons=[("b1", "s")], traps=[("labyrinth", "b2", colour)])
    (sid,) = state.boards[0].skeletons
    held = 0
    for after, _ in march(state, phases)[1:]:
        sk = after.boards[0].skeletons.get(sid)
        if sk is None or square(sk.r, sk.c) != "b2":
            break
        held += 1
    return held


def judge_labyrinth(answer: Any) -> tuple[bool, str]:
    """Exercise 2: which colour holds the skeleton from b1 on b2 for an extra movement phase?"""
    colour = str(answer).strip().lower()
    if colour not in ("white", "black"):
        return False, f"A labyrinth is white or black, not {answer!r}."
    held = phases_held(colour)
    best = max(("white", "black"), key=phases_held)
    if colour == best:
        return True, (f"In a {colour} labyrinth it waits {plural(held, 'extra movement phase')} "
                      "before it walks out.")
    if held == 0:
        return False, f"In a {colour} labyrinth it walks out in the very next movement phase."
    return False, f"In a {colour} labyrinth it waits only {plural(held, 'extra movement phase')}."


# ---- the weapons ----------------------------------------------------------------------------------
def armed(weapon: str, skeletons: Iterable[tuple[str, ...]] = (), hero: str | None = None,
          traps: Iterable[tuple] = (), players: int = 1) -> BadBonesState:
    """A board whose P1 holds ``weapon``, in round 1's hero phase: a trap-lab board for one
    player, or P1's board on an otherwise empty table of ``players`` (for the weapons that
    reach other players). Skeletons as (square or forest spot, facing) or (square, facing,
    symbol) for a skeleton of that symbol."""
    if weapon not in WEAPONS:
        raise ValueError(f"there is no weapon called {weapon!r}")
    skeletons = list(skeletons)
    if players > 1:
        state = staged(players=players, skeletons=skeletons, traps=traps, hero=hero)
        state.boards[0].weapon = weapon
        return state
    state = lab_state(skeletons=[s[:2] for s in skeletons if len(s) == 2], traps=traps, hero=hero,
                      weapon=weapon)
    for where, facing, symbol in (s for s in skeletons if len(s) == 3):
        _put(state, where, facing, symbol)
    return state


DRILL_SEED = 1
"""The solo deal the crossbow drill's Table starts from (its four forest skeletons stay)."""


def crossbow_drill(state: BadBonesState) -> BadBonesState:
    """A crossbow drill: smash the three skeletons on b2, then shoot the one that threatens your tower.

    ``state`` is a solo game just set up (a Table's ``stage``): P1 now holds the crossbow, three
    skeletons wait on b2 beside the hero, and a fourth on c2 walks south into the one-floor
    tower in the next movement phase unless something stops it."""
    board = state.boards[0]
    board.weapon = "crossbow"
    for symbol in ("green", "blue", "purple"):
        _put(state, "b2", "s", symbol)
    _put(state, "c2", "s", "yellow")
    return state


def _put(state: BadBonesState, where: str, facing: str, symbol: str) -> None:
    """Add a skeleton of ``symbol`` from the bag to P1's square ``where``, facing ``facing``."""
    data = components()
    rc = COORDS.get(where)
    token = next((t for t in state.bag if data.model_of(t).symbol == symbol), None)
    if rc is None or not on_board(*rc) or facing not in DIRS or token is None:
        raise ValueError(f"cannot put a {symbol} skeleton on {where!r} facing {facing!r}")
    state.bag.remove(token)
    state.boards[0].skeletons[token] = Skeleton(token, data.model_of(token).name, rc[0], rc[1], facing,
                                                state.token)


AXE_QUIZ = {"weapon": "battleaxe", "hero": "a3",
            "skeletons": [("b2", "e", "green"), ("b2", "e", "blue"), ("b2", "e", "yellow"),
                          ("c2", "s", "purple"), ("b3", "e", "purple"), ("c2", "w", "yellow"),
                          ("a2", "s", "red"), ("b1", "e", "red")]}
"""Exercise 3: the hero on a3 steps onto b2 and destroys the three skeletons there, which sets
off his battleaxe. Around b2 stand skeletons of three symbols; two of them will walk into the
tower in this round's movement phase."""
AXE_STEP = "P1 hero b2"


def axe_board() -> BadBonesState:
    """The board of exercise 3 (``AXE_QUIZ``), before the hero's step."""
    return armed(AXE_QUIZ["weapon"], AXE_QUIZ["skeletons"], hero=AXE_QUIZ["hero"])


def judge_axe(answer: Any) -> tuple[bool, str]:
    """Exercise 3: ``answer`` is the battleaxe's decision (``"P1 symbol red"``, or just the
    symbol). The hero steps onto b2, uses the battleaxe with that symbol, P1 passes in the
    trap phase and every skeleton moves: right if the tower keeps all four floors."""
    game = _game()
    label = str(answer).strip()
    if " " not in label:
        label = f"P1 symbol {label.lower()}"
    state, _ = game.apply(axe_board(), AXE_STEP)
    state, _ = game.apply(state, "P1 weapon use")
    before = len(state.boards[0].skeletons)
    try:
        state, _ = game.apply(state, label)
    except IllegalAction as e:
        return False, f"{label!r} is refused: {e.reason} (rule {e.rule})."
    cut = before - len(state.boards[0].skeletons)
    for step in ("P1 pass", "P1 move-all"):
        state, _ = game.apply(state, step)
    lost = 4 - state.boards[0].floors
    if lost:
        return False, (f"The battleaxe cuts down {cut}, but in the movement phase "
                       f"{lost} skeleton{'s' if lost != 1 else ''} still walk{'s' if lost == 1 else ''} "
                       f"into the tower: {state.boards[0].floors} of 4 floors left.")
    return True, f"The battleaxe cuts down {cut}, and the tower keeps all four floors."


def margin(games: int, rate: float = 0.5) -> float:
    """Two standard errors of a win rate measured over ``games`` games (``rate``: the true
    rate, a coin flip by default): differences smaller than this may well be luck."""
    return 2 * (rate * (1 - rate) / games) ** 0.5


def weapon_labels(state: BadBonesState, seat: int = 0) -> list[str]:
    """The labels ``seat`` may play now (the weapon's choices, when one is pending)."""
    return [a.label for a in _game().legal_actions(state, seat)]


def at(state: BadBonesState, sid: int, seat: int = 0) -> tuple[str, str] | None:
    """(square or forest spot, facing) of skeleton ``sid`` on ``seat``'s board (None if gone)."""
    sk = state.boards[seat].skeletons.get(sid)
    return None if sk is None else (NAMES[sk.r, sk.c], sk.facing)


def flipped(state: BadBonesState, seat: int = 0) -> list[str]:
    """The squares of ``seat``'s board whose skeletons show the other side from the tracking
    token (frozen skeletons once the phase is over)."""
    board = state.boards[seat]
    return sorted({square(s.r, s.c) for s in board.skeletons.values() if s.side == other_side(state.token)})


__all__ = ["AXE_QUIZ", "AXE_STEP", "DRILL_SEED", "HIGHLIGHTS", "SHOWCASE_KITS", "SHOWCASE_ROUND",
           "SHOWCASE_SEED", "armed", "at", "axe_board", "bot_game", "buying_order", "crossbow_drill",
           "flipped", "highlights", "judge_axe", "judge_labyrinth", "kit_cost", "lab_board", "margin",
           "phases_held", "seed_with_first_buyer", "showcase", "step_of", "stock_table", "weapon_labels"]
