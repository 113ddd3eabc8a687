"""Staging for the co-op tutorial (notebooks/bad_bones/06_cooperative): co-op tables set up by
hand, whole games between team bots, the guided first round's script and a survival study by
team size. Pure engine code: every board is a real co-op state, every verdict comes from
``game.apply``.

    state = coop_board(skeletons={0: [("a2", "e")] * 3})
    state = to_movement(state)
    survived = [survival(players, seed) for players in range(2, 7) for seed in range(20)]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.actions import seat_name
from ...core.replay import Replay
from .board import components, coords, square
from .bots import CoopBot
from .state import BadBonesState, Skeleton, Trap

Placed = tuple[str, ...]
"""A skeleton to stage: (square or forest spot, facing), or (square, facing, chief's name)."""

TOWERS = ("b2", "d2", "b4", "d4")
"""The co-op side's four towers (kit data, repeated here for the lessons' prose)."""

GAME_SEED = 0
"""The table of the opening picture and the guided round: a three-player game that CoopBot
teams hold for all ten rounds."""

WON_SEED = 0
"""A three-player CoopBot game the team wins (ten complete rounds)."""

LOST_SEED = 47
"""A three-player CoopBot game the team loses (in round 8: P3 loses its last tower)."""

SHOWCASE_ROUND = 5
"""The round of the opening picture."""


def _game() -> Any:
    from ...core.registry import load
    return load("bad_bones")


# ---- staged co-op tables ----------------------------------------------------------------------------
def coop_board(players: int = 2, skeletons: Mapping[int, Iterable[Placed]] | None = None,
               traps: Mapping[int, Iterable[tuple]] | None = None, starts: Mapping[int, str] | None = None,
               towers: Mapping[int, Sequence[str]] | None = None, capital: int | None = None,
               chiefs: bool = False, seed: int = 0,
               buys: Mapping[int, Sequence[str]] | None = None) -> BadBonesState:
    """A co-op table of ``players`` with empty boards, every hero on a tower (``starts``: seat ->
    tower, default d4), in round 1's hero phase. ``skeletons``: seat -> skeletons as
    (square or forest spot, facing) or (square, facing, chief's name, such as "emperor");
    ``traps``: seat -> (kind, square) or ("wall", square, "/"), taken from the team's supply;
    ``towers``: seat -> the towers still standing (the others lie in ruins, their arrows
    revealed); ``capital``: the houses left. ``buys``: seat -> the items it buys at the team's
    Market, which makes it an advanced table (``advanced=True``): the supply then holds what
    was bought and the treasure."""
    game = _game()
    options = {"chiefs": True} if chiefs else {}
    if buys is not None:
        options["advanced"] = True
    state = game.new(players, "coop", seed=seed, setup="empty", **options)
    if buys is not None:
        for seat, items in buys.items():
            for item in items:
                state, _ = game.apply(state, f"{seat_name(seat)} buy {item}")
        for seat in range(players):
            state, _ = game.apply(state, f"{seat_name(seat)} pass")
    starts = starts or {}
    for seat in range(players):
        state, _ = game.apply(state, f"{seat_name(seat)} start {starts.get(seat, 'd4')}")
    for seat, placed in (skeletons or {}).items():
        for spec in placed:
            put(state, seat, *spec)
    for seat, laid in (traps or {}).items():
        for kind, sq, *rest in laid:
            state.shared.remove(kind)
            state.boards[seat].traps[sq] = Trap(kind, orientation=rest[0] if rest else None)
    for seat, standing in (towers or {}).items():
        board = state.boards[seat]
        board.towers, board.floors = tuple(standing), len(standing)
        arrows = dict(board.arrows)
        for fallen in (t for t in TOWERS if t not in standing):
            arrows.update(components().ruins[fallen])
        board.arrows = arrows
    if capital is not None:
        state.capital = capital
    return state


def put(state: BadBonesState, seat: int, sq: str, facing: str, chief: str | None = None) -> int:
    """Put a skeleton from the bag on ``seat``'s board (a chief by name); its token number."""
    data = components()
    if chief is None:
        token = next(t for t in state.bag if t < data.tokens)
    else:
        token = next(c.token for c in data.chiefs if c.name == chief or c.name == f"{chief}-1")
    state.bag.remove(token)
    r, c = coords(sq)
    model = data.model_of(token).name
    state.boards[seat].skeletons[token] = Skeleton(token, model, r, c, facing, state.token)
    return token


def to_movement(state: BadBonesState, heroes: Mapping[int, str] | None = None) -> BadBonesState:
    """Play the hero phase (each hero to ``heroes[seat]``, default e5: out of the way) and a trap
    phase where everybody passes: the table is then in its movement phase."""
    game = _game()
    heroes = heroes or {}
    for seat in range(state.players):
        state, _ = game.apply(state, f"{seat_name(seat)} hero {heroes.get(seat, 'e5')}")
    for seat in range(state.players):
        state, _ = game.apply(state, f"{seat_name(seat)} pass")
    return state


def where(state: BadBonesState, token: int) -> str:
    """Where a token is, in words: "the bag", "P2's cemetery" or "P1's b2 facing n"."""
    if token in state.bag:
        return "the bag"
    for seat, b in enumerate(state.boards):
        if token in b.cemetery:
            return f"{seat_name(seat)}'s cemetery"
        if token in b.skeletons:
            sk = b.skeletons[token]
            return f"{seat_name(seat)}'s {square(sk.r, sk.c)} facing {sk.facing}"
    return "out of the game"


def towers_left(state: BadBonesState) -> str:
    """Each board's standing towers and the capital, on one line."""
    boards = " | ".join(f"{seat_name(s)}: {', '.join(b.towers) or 'none'}"
                        for s, b in enumerate(state.boards))
    return f"towers {boards} | capital {state.capital} of {state.capital_size}"


# ---- the advanced co-op game and the chiefs ---------------------------------------------------------
CHIEF_SEED = 1
"""The bag order of the staged chief tables: the next round's draws bring no chief of their own,
so the pictures show only the staged ones."""


def artificer_table() -> BadBonesState:
    """Three players with the chiefs, in round 1's movement phase: P1's Chief Artificer on a2
    faces east at the standing tower on b2, P2's on c1 faces north, one step from the capital
    (three houses)."""
    chiefs = {0: [("a2", "e", "artificer-1")], 1: [("c1", "n", "artificer-2")]}
    return to_movement(coop_board(3, skeletons=chiefs, chiefs=True, seed=CHIEF_SEED))


def nice_table() -> BadBonesState:
    """Two players with the chiefs and one house of the capital burnt, in round 1's movement
    phase: P1's Nice Chief on a2 faces east at the standing tower on b2, P2's on c1 faces north,
    one step from the capital."""
    return to_movement(coop_board(skeletons={0: [("a2", "e", "nice-1")], 1: [("c1", "n", "nice-2")]},
                                  chiefs=True, capital=1, seed=CHIEF_SEED))


def wand_table() -> BadBonesState:
    """An advanced two-player table in round 1's hero phase: P1 bought the teleportation wand at
    the team's Market, P1's towers on d2 and b4 lie in ruins, and three skeletons stand on e5,
    one step from P1's hero on d4 (enough to set the wand off)."""
    return coop_board(buys={0: ["teleportation_wand"]}, skeletons={0: [("e5", "n")] * 3},
                      towers={0: ["b2", "d4"]})


def hearse_table() -> BadBonesState:
    """An advanced three-player table in round 1's movement phase: the team bought a hearse,
    P1 placed it on a3 from the team's supply, and a skeleton on P1's a2 faces south, onto it."""
    game = _game()
    state = coop_board(3, buys={1: ["hearse"]}, skeletons={0: [("a2", "s")]})
    labels = [f"{seat_name(s)} hero e5" for s in range(3)] + ["P1 place hearse a3", "P2 pass", "P3 pass"]
    for label in labels:
        state, _ = game.apply(state, label)
    return state


# ---- table talk (bad_bones.coop.talk) --------------------------------------------------------------
def talk_table() -> BadBonesState:
    """Three players in round 1's trap phase: a skeleton in P1's left forest (left-2) faces east,
    two steps from the tower on b2; every hero waits on e5."""
    state = coop_board(3, skeletons={0: [("left-2", "e")]})
    game = _game()
    for seat in range(3):
        state, _ = game.apply(state, f"{seat_name(seat)} hero e5")
    return state


def advice(state: BadBonesState, to: int) -> list[str]:
    """What each CoopBot teammate of ``to`` would suggest to it now, as labels (``suggest``)."""
    game = _game()
    out = []
    for seat in range(state.players):
        said = CoopBot(seat).suggest(game, state, seat, to) if seat != to else None
        if said is not None:
            out.append(said.label)
    return out


def answer(state: BadBonesState, seat: int) -> str:
    """The decision a CoopBot in ``seat`` takes now, having heard the team's suggestions."""
    return CoopBot(seat).choose(_game(), state, seat).label


# ---- whole games -----------------------------------------------------------------------------------
def bot_game(seed: int = WON_SEED, players: int = 3, bot: str = "coop", **options: Any) -> Replay:
    """A whole co-op game between team bots (seat i with bot seed i), as a Replay."""
    game = _game()
    make = game.bots[bot]
    actions: list = []
    game.playout(game.new(players, "coop", seed=seed, **options), {s: make(seed=s) for s in range(players)},
                 actions=actions)
    return Replay("bad_bones", players, seed, variant="coop", options=options,
                  actions=[a.label for a in actions])


def showcase(seed: int = GAME_SEED, round_: int = SHOWCASE_ROUND) -> BadBonesState:
    """The CoopBot game of ``seed`` at the start of round ``round_``'s trap phase."""
    replay = bot_game(seed)
    return next(s for s in replay.states if s.round == round_ and s.phase == "traps")


# ---- the survival study ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Survival:
    """One co-op game of the study: the team size, the seed, the complete rounds survived and
    whether the team held out to the end."""

    players: int
    seed: int
    rounds: int
    won: bool


def survival(players: int, seed: int, bot: str = "coop") -> Survival:
    """Play one co-op game between team bots on the fast path and record how long it lasted."""
    game = _game()
    make = game.bots[bot]
    final, _ = game.playout(game.new(players, "coop", seed=seed), {s: make(seed=s) for s in range(players)})
    out = game.outcome(final)
    return Survival(players, seed, out.scores[0], out.result == "victory")


def survival_curve(records: Sequence[Survival], rounds: Iterable[int]) -> dict[str, list[tuple[int, float]]]:
    """Per team size, (round r, share of the games whose team survived at least r complete rounds)."""
    curve = {}
    for n in sorted({g.players for g in records}):
        mine = [g for g in records if g.players == n]
        curve[f"{n} players"] = [(r, sum(g.rounds >= r for g in mine) / len(mine)) for r in rounds]
    return curve


def survival_table(records: Sequence[Survival]) -> str:
    """The study as a text table: per team size the games, the teams that won and the mean and
    fewest complete rounds survived."""
    lines = [f"{'team':10}{'games':>6}{'won':>6}{'rounds (mean)':>15}{'fewest':>8}"]
    for n in sorted({g.players for g in records}):
        mine = [g for g in records if g.players == n]
        rounds = [g.rounds for g in mine]
        lines.append(f"{f'{n} players':10}{len(mine):>6}{sum(g.won for g in mine):>6}"
                     f"{sum(rounds) / len(rounds):>15.1f}{min(rounds):>8}")
    return "\n".join(lines)


# ---- the guided first round ------------------------------------------------------------------------
FIRST_ROUND: list[tuple[str, str, str, dict[str, str]]] = [
    ("P1 start d4",
     "Before round 1: choose your hero's tower. Three of your four skeletons will enter at e5 (one "
     "from the right forest, two from the bottom forest). Start on the tower on d4, next to that corner.",
     "Your hero starts on d4; P2 and P3 chose their own towers.",
     {"P1 start b2": "b2 is far from e5, where three of your skeletons arrive."}),
    ("P1 hero e5",
     "Phase 1: step your hero onto e5. Every skeleton that walks onto the hero's square is destroyed.",
     "The hero waits on e5.", {}),
    ("P1 pass",
     "Phase 2: the traps belong to the whole team, and your hero already guards e5. Pass, and leave "
     "the supply to your teammates (press the pass button or type P1 pass).",
     "You passed; your teammates made their own choices from the team's supply.",
     {}),
    ("P1 move right-5 w",
     "Phase 3: move the skeleton waiting at right-5 (it faces west): it steps onto e5, into your hero.",
     "Destroyed by the hero. The table is yours now: move the others the same way.", {}),
]
"""The guided first round of the three-player table of ``GAME_SEED``: (move, what to say, what
it achieved, hints for particular wrong moves), the fields of ``bonekit.widgets.teaching.Step``."""


# ---- exercises ------------------------------------------------------------------------------------
def ruins_quiz() -> BadBonesState:
    """Exercise 1's table: three skeletons on a2 face east at b2's standing tower, in the
    movement phase (two players; P2's board empty)."""
    return to_movement(coop_board(skeletons={0: [("a2", "e")] * 3}))


def ruins_survivors() -> int:
    """Exercise 1's answer, from the engine: how many of the three skeletons stand on P1's board
    once all three have walked (a tower stops only the first; the others walk onto its ruins)."""
    game = _game()
    state = ruins_quiz()
    tokens = list(state.boards[0].skeletons)
    for _ in tokens:
        state, _ = game.apply(state, "P1 move a2 e")
    return sum(t in state.boards[0].skeletons for t in tokens)


def ruins_facing() -> str:
    """Where exercise 1's survivors face after the phase ("n", "e", "s" or "w"), from the engine."""
    game = _game()
    state = ruins_quiz()
    tokens = list(state.boards[0].skeletons)
    for _ in tokens:
        state, _ = game.apply(state, "P1 move a2 e")
    facings = {state.boards[0].skeletons[t].facing for t in tokens if t in state.boards[0].skeletons}
    (facing,) = facings
    return facing


def rescue_quiz() -> BadBonesState:
    """Exercise 2's table: the capital has one house left and a skeleton on P1's c1 faces
    north, about to walk off the top edge; P1's hero stands on the d2 tower; hero phase."""
    return coop_board(skeletons={0: [("c1", "n")]}, starts={0: "d2", 1: "d4"}, capital=1)


def judge_rescue(label: Any) -> tuple[bool, str]:
    """Exercise 2's judge: play ``label`` for P1 on ``rescue_quiz()``, then the rest of the round
    (P2's hero to e5, everybody passes, every skeleton moves) and say whether the capital stands."""
    from ...core.errors import IllegalAction
    game = _game()
    state = rescue_quiz()
    try:
        state, _ = game.apply(state, str(label).strip())
    except (IllegalAction, ValueError) as err:
        return False, f"The engine refuses {label!r}: {err}"
    if state.phase != "hero" or game.to_move(state) != (1,):
        return False, "That is not a hero move: the hero phase comes first."
    labels = ["P2 hero e5", "P1 pass", "P2 pass"] + (["P1 move-all"] if state.boards[0].skeletons else [])
    for more in labels:
        state, _ = game.apply(state, more)
    if state.over or state.capital < 1:
        return False, "The skeleton still walks off the top edge and the last house burns."
    return True, "The skeleton never reaches the capital: the team plays on."
