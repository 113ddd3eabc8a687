"""Staged tables and scenarios for the Bad Bones lessons (the learn-to-play notebook).

The notebook teaches each rule on a live state from the engine. Some rules need a precise
situation that chance would take long to produce; this module builds those situations, so the
notebook's cells stay about the game. Nothing here imports Jupyter.

- ``staged``: a table whose boards start empty, with P1's board set by hand (its traps and
  hero placed by the trap lab's ``sandbox.lab_state``), and ``play_seat`` to play P1's actions
  while the other players keep pace.
- ``scoring_example``: the rulebook's scoring example (19 points) one round before it ends.
- ``bot_game`` / ``midgame``: a whole game of three GuardBots on the lesson's table.
- ``survey_setups``, ``rulebook_checks``, ``data_sources``: the checks and the data behind
  the notebook's claims about setup and components.
- The exercises' boards and judges: ``where_after`` (where a lone skeleton ends up),
  ``exit_quiz`` / ``judge_exit`` (which trap sends a skeleton to P2), ``score_quiz``.

    state = staged(skeletons=[("c2", "s")], traps=[("treasure", "d2")], hero="e5")
    state, events = play_seat(state, "P1 hero d5", "P1 pass", "P1 move-all")
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ...core.actions import seat_name
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.replay import Replay
from .board import DIRS, FOREST_FACING, TRAP_KINDS, components, coords, on_board, square
from .sandbox import lab_state, march
from .state import BadBonesState, Skeleton, Trap

LESSON_SEED = 5
"""The seed of the table the lesson studies: its setup, its first rounds and the bots' game."""

PLAYERS = 3


def _game():
    from ...core.registry import load
    return load("bad_bones")


# ---- staged tables -------------------------------------------------------------------------
SYMBOL_ORDER = ("purple", "green", "blue", "yellow", "red")
"""The symbols staged skeletons get, in turn, so that the events of an example name each one
by a colour of its own."""


def staged(players: int = PLAYERS, skeletons: Iterable[tuple[str, ...]] = (), traps: Iterable[tuple] = (),
           hero: str | None = None, seed: int = 0, names: Sequence[str] | None = None) -> BadBonesState:
    """A basic-game table of ``players`` whose boards start empty (engine option
    ``setup="empty"``), with P1's board set by hand: ``traps`` as (kind, square) or
    ("wall", square, "/" or "\\") from P1's supply and the hero on ``hero`` (None: on the tower),
    placed by the trap lab's ``sandbox.lab_state``; ``skeletons`` as (square or forest spot,
    facing) or (square, facing, symbol), taken from the bag. Skeletons without a symbol get the
    next one of ``SYMBOL_ORDER``. The other boards stay empty. The table is in round 1's hero
    phase and plays on like any game."""
    state = _game().new(players, seed=seed, setup="empty", **({"names": list(names)} if names else {}))
    lab = lab_state(traps=traps, hero=hero, seed=seed)
    # The lab board is a one-board table built from the same full bag, so its board and its bag
    # are exactly P1's board and this table's bag after the traps are placed.
    state.boards[0], state.bag = lab.boards[0], lab.bag
    for i, (where, facing, *symbol) in enumerate(skeletons):
        _add_skeleton(state, where, facing, symbol[0] if symbol else SYMBOL_ORDER[i % len(SYMBOL_ORDER)],
                      chosen=bool(symbol))
    return state


def _add_skeleton(state: BadBonesState, where: str, facing: str, symbol: str, chosen: bool = True) -> None:
    """Put a skeleton of ``symbol`` from the bag on P1's square or forest spot ``where`` (a
    forest spot takes its own symbol's model; ``chosen=False`` lets the spot decide)."""
    models = components()
    rc = coords(where)
    if rc is None or facing not in DIRS:
        raise ValueError(f"cannot put a skeleton on {where!r} facing {facing!r}")
    if on_board(*rc):  # on a square any model will do: take the top forest's one of that symbol
        model = next((m for m in models.models if m.symbol == symbol and m.forest == "top"), None)
    else:
        model = next((m for m in models.models
                      if m.spot == where and (m.symbol == symbol or not chosen)), None)
    if model is None:
        raise ValueError(f"no {symbol!r} skeleton can stand on {where!r}")
    token = next(t for t in state.bag if models.model_of(t) == model)
    state.bag.remove(token)
    state.boards[0].skeletons[token] = Skeleton(token, model.name, rc[0], rc[1], facing, state.token)


def simplest(state: BadBonesState, seat: int) -> str:
    """The plainest legal action of ``seat``: pass or move all if it may, else the first one."""
    legal = _game().legal_actions(state, seat)
    return next((a for a in legal if a.verb in ("pass", "move-all")), legal[0]).label


def play_seat(state: BadBonesState, *labels: str, seat: int = 0) -> tuple[BadBonesState, list[Event]]:
    """Apply ``seat``'s actions one after the other; whenever the game then waits for the other
    players only, they take their ``simplest`` action, so the phases go on. Returns the new
    state and the events that concern ``seat`` (plus the phase and round changes). A refused
    label raises IllegalAction, as ``game.apply`` does."""
    game = _game()
    shown: list[Event] = []
    for label in labels:
        state, events = game.apply(state, label)
        shown += events
        while game.to_move(state) and seat not in game.to_move(state):
            other = game.to_move(state)[0]
            state, more = game.apply(state, simplest(state, other))
            shown += more
    return state, [e for e in shown if e.data.get("seat", seat) == seat]


def on_squares(state: BadBonesState, seat: int = 0) -> list[tuple[str, str]]:
    """(square, facing) of the skeletons standing on the 25 squares of a board, sorted
    (skeletons still waiting in the forests are left out)."""
    return sorted((square(s.r, s.c), s.facing) for s in state.boards[seat].skeletons.values()
                  if on_board(s.r, s.c))


def skeleton_lines(state: BadBonesState, seat: int = 0) -> list[str]:
    """One line per skeleton of a board: its symbol, where it stands, where it points, its side."""
    models = components()
    sks = sorted(state.boards[seat].skeletons.values(), key=lambda s: (s.r, s.c, s.id))
    return [f"{models.model_of(s.id).symbol:6} on {square(s.r, s.c):7} facing {s.facing}, {s.side} side up"
            for s in sks]


def board_text(state: BadBonesState, seat: int = 0) -> str:
    """The round line and one player's part of the text board (``game.text`` shows them all)."""
    parts = _game().text(state).split("\n\n")
    return parts[0].splitlines()[1] + "\n" + parts[1 + seat]


# ---- setup ---------------------------------------------------------------------------------
def setup_problems(state: BadBonesState) -> list[str]:
    """What is wrong with the starting skeletons of a freshly set-up table (empty if nothing):
    each player must have one of each symbol but red, each on its own forest spot, pointing
    into the board, white side up (rule sections bad_bones.setup.skeletons and .ruling.setup_draw)."""
    models = components()
    problems = []
    for seat, board in enumerate(state.boards):
        who = seat_name(seat)
        symbols = sorted(models.model_of(s.id).symbol for s in board.skeletons.values())
        if symbols != sorted(models.setup_symbols):
            problems.append(f"{who} starts with {', '.join(symbols) or 'nothing'}")
        for s in board.skeletons.values():
            m = models.model_of(s.id)
            if (s.r, s.c) != (m.r, m.c) or s.facing != FOREST_FACING[m.forest] or s.side != "white":
                problems.append(f"{who}'s {m.name} stands on {square(s.r, s.c)} facing {s.facing}, "
                                f"{s.side} up")
    return problems


def survey_setups(players: Iterable[int] = range(2, 7),
                  seeds: Iterable[int] = range(200)) -> tuple[int, list[str]]:
    """Set up a table for every player count and seed; returns (tables set up, problems found)."""
    game, tables, problems = _game(), 0, []
    for n in players:
        for seed in seeds:
            tables += 1
            problems += [f"{n} players, seed {seed}: {p}" for p in setup_problems(game.new(n, seed=seed))]
    return tables, problems


# ---- the end of the game -------------------------------------------------------------------
def _set_board(state: BadBonesState, seat: int, floors: int, houses: int, traps: dict[str, Trap],
               supply: Sequence[str]) -> None:
    """Give a board its tower, village and traps; the traps not on it or in supply go to the box."""
    board = state.boards[seat]
    board.floors, board.houses = floors, houses
    board.traps, board.supply = dict(traps), sorted(supply)
    left = Counter(components().starting_supply())
    left.subtract([t.kind for t in traps.values()] + list(supply))
    if any(n < 0 for n in left.values()):
        raise ValueError("more traps than a player owns")
    board.removed_traps = sorted(left.elements())


def scoring_example() -> BadBonesState:
    """The rulebook's scoring example, one round before the end: Ana (P1) has 2 floors and
    2 houses, a damaged dragon and a damaged catapult on her board and one wall in supply (her
    other traps are gone); her rival Sam (P2) has one house left and a skeleton on b5 heading
    for it. After one round of simple play Sam's village falls and Ana scores 19."""
    state = _game().new(2, seed=0, setup="empty", names=["Ana", "Sam"])
    _set_board(state, 0, 2, 2, {"b4": Trap("dragon", damaged=True), "d4": Trap("catapult", damaged=True)},
               ["wall"])
    sam = lab_state(skeletons=[("b5", "s")])
    state.boards[1], state.bag = sam.boards[0], sam.bag
    state.boards[1].houses = 1
    return state


def score_breakdown(state: BadBonesState, seat: int = 0) -> dict[str, int]:
    """Where a player's points come from: tower, village, and the stars of each trap."""
    d, board = components(), state.boards[seat]
    parts = {"tower": board.floors * d.raw["tower"]["points_per_floor"],
             "village": board.houses * d.raw["village"]["points_per_house"]}
    for sq, t in sorted(board.traps.items()):
        parts[f"{'damaged ' if t.damaged else ''}{t.kind} on {sq}"] = d.stars(t.kind, t.damaged)
    for kind, n in sorted(Counter(board.supply).items()):
        parts[f"{kind} in supply" + (f" (x{n})" if n > 1 else "")] = n * d.stars(kind, False)
    return parts


# ---- a whole game --------------------------------------------------------------------------
@lru_cache(maxsize=4)
def bot_game(seed: int = LESSON_SEED, players: int = PLAYERS) -> Replay:
    """A whole basic game between GuardBots (seat i plays with bot seed i), as a Replay."""
    from .bots import GuardBot
    game = _game()
    actions: list = []
    game.playout(game.new(players, seed=seed), {s: GuardBot(seed=s) for s in range(players)}, actions=actions)
    return Replay("bad_bones", players, seed, actions=[a.label for a in actions])


def step_of(replay: Replay, round: int, phase: str) -> int:
    """The first step of a replay at which ``round`` is in ``phase`` (hero, traps or move)."""
    for i, s in enumerate(replay.states):
        if s.round == round and s.phase == phase:
            return i
    raise ValueError(f"the game never reaches round {round}, phase {phase}")


def midgame() -> BadBonesState:
    """A busy moment of the bots' game: round 7, as its movement phase begins."""
    replay = bot_game()
    return replay.states[step_of(replay, 7, "move")]


# ---- the component data --------------------------------------------------------------------
def rulebook_checks() -> list[tuple[str, bool]]:
    """The numbers the rulebook gives, each with whether the kit's data file agrees."""
    d = components()
    raw = d.raw
    counts = {k: raw["traps"][k]["count"] for k in ("wall", "catapult", "dragon", "treasure")}
    return [
        ("180 skeletons: 15 models, 12 of each", (len(d.models), d.copies, d.tokens) == (15, 12, 180)),
        ("traps per player: 2 walls, 2 catapults, 1 dragon, 1 treasure",
         counts == {"wall": 2, "catapult": 2, "dragon": 1, "treasure": 1}),
        ("an intact wall shows 2 stars (scoring example)", d.stars("wall", False) == 2),
        ("a damaged catapult shows 1 star (scoring example)", d.stars("catapult", True) == 1),
        ("a damaged dragon shows 2 stars (scoring example)", d.stars("dragon", True) == 2),
        ("a tower of 4 floors, 4 points each",
         (raw["tower"]["floors"], raw["tower"]["points_per_floor"]) == (4, 4)),
        ("a village of 5 houses, 3 points each",
         (raw["village"]["houses"], raw["village"]["points_per_house"]) == (5, 3)),
        ("3 new skeletons per player and round", raw["new_skeletons_per_round"] == 3),
        ("red is never drawn at setup", "red" not in d.setup_symbols and len(d.setup_symbols) == 4),
    ]


def data_sources() -> dict[str, str]:
    """Where each part of the basic game's component data comes from ("rulebook ..." or
    "kit: ..."); the advanced version's traps, costs and weapons have their own notebook."""
    raw = components().raw
    sources = {"board": raw["board"]["source"], "symbols": raw["symbols_source"],
               "forests": raw["forests_source"], "models": raw["models_source"],
               "arrows": raw["arrows_source"], "village": raw["village"]["source"],
               "tower": raw["tower"]["source"], "new skeletons": raw["new_skeletons_source"],
               "round cap": raw["max_rounds_source"]}
    sources.update({f"trap: {k}": raw["traps"][k]["source"] for k in TRAP_KINDS})
    return sources


# ---- exercises -----------------------------------------------------------------------------
FATES = {"floor": "tower", "house": "village", "hero_kill": "hero"}


def where_after(state: BadBonesState, phases: int) -> str:
    """Where the one skeleton of a sandbox board is after ``phases`` movement phases (with no
    new skeletons): its square, or "tower", "village", "hero" or "forest" if it left the board
    that way (a catapult's throw counts as "forest": it is gone to a cemetery)."""
    skeletons = state.boards[0].skeletons
    if len(skeletons) != 1:
        raise ValueError(f"where_after follows a lone skeleton; this board has {len(skeletons)}")
    (sid,) = skeletons
    for after, events in march(state, phases):
        if sid not in after.boards[0].skeletons:
            return next((FATES[e.kind] for e in events if e.kind in FATES and e.data.get("skeleton") == sid),
                        "forest")
    sk = after.boards[0].skeletons[sid]
    return square(sk.r, sk.c)


ARROW_QUIZ = {"skeletons": [("top-b", "s")]}
"""Exercise 1: a skeleton waits at top-b; where is it after three movement phases?"""

WALL_QUIZ = {"skeletons": [("b1", "s")], "traps": [("wall", "b2", "\\")]}
"""Exercise 2: a skeleton on b1 walks south onto a wall (\\) on b2; where does it end up?"""


def quiz_board(quiz: dict) -> BadBonesState:
    """The sandbox board of an exercise (``ARROW_QUIZ`` or ``WALL_QUIZ``)."""
    return lab_state(**quiz)


def exit_quiz() -> BadBonesState:
    """Exercise 3: a three-player table in the trap phase; P1's only skeleton stands on a2,
    walking south, and P1 is about to place a trap."""
    state = staged(skeletons=[("a2", "s")], hero="e5")
    return play_seat(state, "P1 hero d5")[0]


def judge_exit(answer: object) -> tuple[bool, str]:
    """Judge exercise 3: does the trap-phase action ``answer`` (a label such as
    "P1 place wall b2 /"; the "P1" may be left out) send P1's skeleton into P2's cemetery in
    the coming movement phase, with no choice for P1? Returns (right, why)."""
    if not isinstance(answer, str) or not answer.split():
        return False, "Write a trap-phase label such as \"P1 place wall b2 /\"."
    game = _game()
    label = " ".join(answer.split())
    if not label[:1].casefold() == "p" or not label[1:2].isdigit():
        label = "P1 " + label  # "place wall b2 /" is read as P1's
    state = exit_quiz()
    try:
        action = game.parse_action(state, label)
        if action.seat != 0:
            return False, ("The skeleton is on P1's board, so the trap is P1's to place: "
                           "start the label with P1.")
        state, events = play_seat(state, action.label)
    except IllegalAction as e:
        return False, f"The engine refuses {label!r}: {e.reason} (rule {e.rule})."
    if action.verb != "place":
        return False, "Leaving the board as it is lets the skeleton walk on down the a column: place a trap."
    if state.pending[0]:
        return False, ("The dragon lands on the skeleton and it flees at once, but where it flees is "
                       "P1's choice: find a trap that sends it to P2 by itself.")
    sid = next(iter(state.boards[0].skeletons))
    state, events = play_seat(state, _move_label(state))
    if state.pending[0]:
        how = {"catapult": "the catapult throws it off the board", "top": "it leaves by the top forest",
               "dragon": "it flees from the dragon"}[state.pending[0][0].reason]
        where = "where it flees" if state.pending[0][0].kind == "repel" else "whose cemetery it goes to"
        return False, (f"Here {how}, and then P1 must choose {where}: find a trap that sends it to P2 "
                       "by itself.")
    sent = next((e for e in events if e.kind == "sent" and e.data.get("skeleton") == sid), None)
    if sent is not None:
        to = sent.data["to"]
        if to == 1:
            return True, ("The wall bounces it west, and its extra step leaves through the left forest: "
                          "P2 is P1's left neighbour.")
        return False, f"It leaves, but for {seat_name(to)}'s cemetery, not P2's."
    fate = next((FATES[e.kind] for e in events if e.kind in FATES and e.data.get("skeleton") == sid), None)
    if fate:
        return False, f"With that trap the skeleton ends in the {fate}, not with P2."
    sk = state.boards[0].skeletons[sid]
    return False, (f"With that trap the skeleton stays on P1's board: it ends on {square(sk.r, sk.c)}, "
                   f"facing {sk.facing}.")


def _move_label(state: BadBonesState) -> str:
    """P1's one skeleton move (not "move-all", which would answer a choice by itself)."""
    return next(a.label for a in _game().legal_actions(state, 0) if a.verb == "move")


def score_quiz() -> BadBonesState:
    """Exercise 4: P1 ends a game with 3 floors and 1 house; a damaged wall and an intact
    catapult lie on the board; the dragon and the treasure are in the supply; the other wall
    and catapult were destroyed."""
    state = staged(players=2)
    _set_board(state, 0, 3, 1, {"b2": Trap("wall", True, "/"), "d4": Trap("catapult")},
               ["dragon", "treasure"])
    return state


__all__ = ["ARROW_QUIZ", "LESSON_SEED", "WALL_QUIZ", "board_text", "bot_game", "data_sources", "exit_quiz",
           "judge_exit", "midgame", "on_squares", "play_seat", "quiz_board", "rulebook_checks",
           "score_breakdown",
           "score_quiz", "scoring_example", "setup_problems", "simplest", "skeleton_lines", "staged",
           "step_of", "survey_setups", "where_after"]
