"""Staging for the Skeleton Chiefs tutorial (notebooks/bad_bones/05_skeleton_chiefs): boards with
chiefs set by hand, a path table that names every token, the judges of the notebook's
exercises, a GuardBot game with the chiefs and a small study of how they change a game. Pure
engine code: every board is a real state, every verdict comes from ``game.apply`` or the trap
lab's ``march``.

    state = chief_board(skeletons=[("b2", "s", "instructor"), ("b2", "e")], traps=[("wall", "b3", "/")])
    print(paths(state, march(state, 2)))
    check(answer, judge_unit_block)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.actions import seat_name
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.replay import Replay
from ...core.words import and_list, plural
from .board import CHIEF_KINDS, DIRS, components, coords, on_board, square
from .puzzles import token_name as name
from .sandbox import lab_state, march
from .state import BadBonesState, Skeleton

Frames = Sequence[tuple[BadBonesState, list[Event]]]
Placed = tuple[str, ...]
"""A skeleton to stage: (square or forest spot, facing), or with a third element: a chief's kind
("instructor": the first of that kind still in the bag), a chief's name ("instructor-2"), or
the symbol of an ordinary skeleton ("red")."""


def _game() -> Any:
    from ...core.registry import load
    return load("bad_bones")


# ---- the tokens ----------------------------------------------------------------------------------
def token_table() -> str:
    """The 19 chief tokens as a text table: each kind with its count and its tokens, each token
    with its model (symbol and forest spot: kit data)."""
    data = components()
    lines = [f"{'kind':19}{'tokens':>6}  each token: name = symbol at its forest spot"]
    for kind in CHIEF_KINDS:
        mine = [c for c in data.chiefs if c.kind == kind]
        models = ", ".join(f"{c.name} = {c.model.symbol} at {c.model.spot}" for c in mine)
        lines.append(f"{mine[0].title:19}{len(mine):>6}  {models}")
    lines.append(f"{'all chiefs':19}{len(data.chiefs):>6}  (ordinary skeletons in the bag: {data.tokens})")
    return "\n".join(lines)


def token(name: str) -> int:
    """The token number of the chief called ``name`` ("emperor", "instructor-1")."""
    found = next((c.token for c in components().chiefs if c.name == name), None)
    if found is None:
        raise ValueError(f"there is no chief called {name!r}")
    return found


# ---- staged boards -------------------------------------------------------------------------------
def chief_board(skeletons: Iterable[Placed] = (), traps: Iterable[tuple] = (), hero: str | None = None,
                players: int = 1, floors: int = 4, houses: int = 5, weapon: str | None = None,
                others: Mapping[int, Iterable[Placed]] | None = None, seed: int = 0) -> BadBonesState:
    """A board played with the chiefs, in round 1's hero phase. ``skeletons``, ``traps``,
    ``hero`` and ``weapon`` as for ``sandbox.lab_state``; a skeleton's third element names a
    chief (a kind or a token's name) or, for an ordinary skeleton, its symbol ("red").
    ``floors``/``houses``: what is left of a tower of 4 and a village of 5 (less, to show a
    Nice Chief rebuild). ``players`` 1: the trap lab's one-board sandbox; more: a basic game
    with the chiefs whose boards start empty, P1's board staged and ``others`` (seat ->
    skeletons) on the other boards, to keep their movement phase open or to receive what P1
    sends away."""
    placed = list(skeletons)
    coloured = [p for p in placed if len(p) > 2 and p[2] in SYMBOLS]
    lab = lab_state(skeletons=[p for p in placed if p not in coloured], traps=traps, hero=hero, seed=seed,
                    weapon=weapon, chiefs=True)
    for spec in coloured:
        _put(lab, 0, *spec)
    board = lab.boards[0]
    if not (0 <= floors <= board.tower_size and 0 <= houses <= board.village_size):
        raise ValueError(f"a tower has 0 to {board.tower_size} floors and a village 0 to "
                         f"{board.village_size} houses")
    board.floors, board.houses = floors, houses
    if players == 1:
        if others:
            raise ValueError("a one-board sandbox has no other boards")
        return lab
    state = _game().new(players, seed=seed, setup="empty", chiefs=True)
    # The lab board was staged from the same full bag, so its bag is this table's bag too.
    state.boards[0], state.bag = board, lab.bag
    for seat, more in (others or {}).items():
        if not 0 < seat < players:
            raise ValueError(f"there is no seat {seat} besides P1 at a table of {players}")
        for spec in more:
            _put(state, seat, *spec)
    return state


SYMBOLS: tuple[str, ...] = components().symbols
"""The five symbols; a third element naming one stages an ordinary skeleton of it."""


def _put(state: BadBonesState, seat: int, where: str, facing: str, which: str | None = None) -> int:
    """Stand a token from the bag on ``seat``'s square or forest spot ``where``: the chief
    ``which`` (a kind or a name), an ordinary skeleton of the symbol ``which``, or any ordinary
    skeleton (on a forest spot: one of that spot's model; on a square: a top-forest one)."""
    data = components()
    rc = coords(where)
    if rc is None or facing not in DIRS:
        raise ValueError(f"cannot put a skeleton on {where!r} facing {facing!r}")

    def fits(t: int) -> bool:
        m = data.model_of(t)
        return (t < data.tokens and (which is None or m.symbol == which)
                and (m.spot == where if not on_board(*rc) else m.forest == "top"))

    if which is not None and which not in SYMBOLS:
        sid = next((c.token for c in data.chiefs if which in (c.kind, c.name) and c.token in state.bag), None)
    else:
        sid = next((t for t in state.bag if fits(t)), None)
    if sid is None:
        raise ValueError(f"no {which or 'skeleton'} left in the bag for {where!r}")
    state.bag = [t for t in state.bag if t != sid]
    model = data.model_of(sid).name
    state.boards[seat].skeletons[sid] = Skeleton(sid, model, rc[0], rc[1], facing, state.token)
    return sid


def where(state: BadBonesState, who: str | int) -> str:
    """Where a token is now, in words: "P1 b3 facing e", "in P2's cemetery", "in the bag",
    "out of the game". ``who``: a chief's name or a token number."""
    sid = token(who) if isinstance(who, str) else who
    if sid in state.bag:
        return "in the bag"
    for seat, b in enumerate(state.boards):
        if sid in b.exiled:
            return "out of the game"
        if sid in b.cemetery:
            return f"in {seat_name(seat)}'s cemetery"
        sk = b.skeletons.get(sid)
        if sk is not None:
            return f"{seat_name(seat)} {square(sk.r, sk.c)} facing {sk.facing}"
    raise ValueError(f"token {sid} is nowhere")


def chiefs_on(state: BadBonesState) -> dict[str, list[str]]:
    """The chiefs standing on each board (squares and forest spots): seat name -> "name at spot"."""
    out = {}
    for seat, b in enumerate(state.boards):
        mine = sorted(sid for sid in b.skeletons if components().chief(sid))
        out[seat_name(seat)] = [f"{name(sid)} at {where(state, sid).split()[1]}" for sid in mine]
    return out


def unit_of(state: BadBonesState, seat: int = 0) -> dict[str, list[str]]:
    """The units on ``seat``'s board: each leader's name -> its followers' names."""
    return {name(leader): [name(f) for f in followers]
            for leader, followers in sorted(state.boards[seat].units.items())}


def standing(state: BadBonesState, sq: str, seat: int = 0) -> list[str]:
    """The names of the tokens on ``seat``'s square or forest spot ``sq``."""
    rc = coords(sq)
    return [name(sid) for sid, sk in sorted(state.boards[seat].skeletons.items()) if (sk.r, sk.c) == rc]


def moves_offered(state: BadBonesState, seat: int = 0) -> list[str]:
    """The labels ``seat`` may play now."""
    return [a.label for a in _game().legal_actions(state, seat)]


# ---- the same, in words (what the notebook prints) ----------------------------------------------
def chiefs_words(state: BadBonesState) -> str:
    """``chiefs_on`` in words: ``P1: emperor at left-2 | P2: none | ...``."""
    return " | ".join(f"{seat}: {', '.join(chiefs) or 'none'}" for seat, chiefs in chiefs_on(state).items())


def units_words(state: BadBonesState, seat: int = 0) -> str:
    """``unit_of`` in words: ``instructor-1 leads red and blue``, or ``none``."""
    return "; ".join(f"{leader} leads {and_list(followers)}"
                     for leader, followers in unit_of(state, seat).items()) or "none"


def moves_words(state: BadBonesState, seat: int = 0) -> str:
    """``moves_offered`` in words: the labels one after another, or ``nothing``."""
    return ", ".join(moves_offered(state, seat)) or "nothing"


def to_movement(state: BadBonesState, hero: str = "d4") -> BadBonesState:
    """Every hero steps (P1's to ``hero``, the others to their first square) and every player
    passes the trap phase: the table at the start of the movement phase."""
    return advance(state, hero)[0]


def advance(state: BadBonesState, hero: str = "d4") -> tuple[BadBonesState, list[Event]]:
    """``to_movement`` with the events on the way (a phase with nothing to move ends at once,
    so they may include phase 4's draws)."""
    game = _game()
    events: list[Event] = []
    labels = []
    for seat in range(state.players):
        if state.boards[seat].hero is not None:
            first = game.legal_actions(state, seat)[0].label
            labels.append(f"P{seat + 1} hero {hero}" if seat == 0 else first)
    labels += [f"P{seat + 1} pass" for seat in range(state.players)]
    for label in labels:
        state, more = game.apply(state, label)
        events += more
    return state, events


# ---- the necromancer -----------------------------------------------------------------------------
NECROMANCER_SEED = 25
"""A solo game with the chiefs whose round-1 draw brings a Chief Necromancer (checked by the tests)."""


def first_round(seed: int, players: int = 1, hero: str = "d4") -> tuple[BadBonesState, list[Event]]:
    """Round 1 of a game with the chiefs, every hero to its first square (P1's to ``hero``),
    every trap phase passed and every skeleton moved: the state as round 2 begins, and the
    events of phase 4 (the draws and arrivals)."""
    game = _game()
    variant = "solo" if players == 1 else "basic"
    state = to_movement(game.new(players, variant, seed=seed, chiefs=True), hero)
    events: list[Event] = []
    while state.phase == "move":
        seat = game.to_move(state)[0]
        state, more = game.apply(state, f"P{seat + 1} move-all")
        events += more
    return state, [e for e in events if e.rule in ("bad_bones.phase.new", "bad_bones.chiefs.necromancer")]


def stacked_draw(bag: Sequence[str | int], seed: int = 0) -> tuple[BadBonesState, list[Event]]:
    """Phase 4 on an empty sandbox board whose bag holds only ``bag`` (chief names, or token
    numbers of ordinary skeletons): a scripted bag, so that the draw can only come from these
    tokens. Returns the state after the draw (round 2's hero phase) and the draw's events."""
    state = chief_board(seed=seed)
    state.bag = sorted(token(t) if isinstance(t, str) else t for t in bag)
    state, events = advance(state)   # no skeleton on the board: the movement phase ends at once
    return state, [e for e in events if e.rule in ("bad_bones.phase.new", "bad_bones.chiefs.necromancer")]


def stages(drawn: Sequence[int], first: int = 3) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """A phase 4 draw (the tokens in the order the engine drew them) split into its stages:
    ``((), first three)``, then (the necromancers that called, the tokens they called) for
    each round of calls, three per necromancer until the bag ran out."""
    out: list[tuple[tuple[str, ...], tuple[int, ...]]] = [((), tuple(drawn[:first]))]
    at = first
    while at < len(drawn):
        callers = tuple(name(t) for t in out[-1][1] if _kind(t) == "necromancer")
        if not callers:
            raise ValueError("more tokens than the necromancers called")
        out.append((callers, tuple(drawn[at:at + 3 * len(callers)])))
        at += 3 * len(callers)
    return out


def _kind(sid: int) -> str | None:
    chief = components().chief(sid)
    return chief.kind if chief else None


# ---- a game with the chiefs ----------------------------------------------------------------------
GAME_SEED = 36
"""The table of the guided round and the bots' game: P1 draws the Skeleton Emperor at setup."""


def bot_game(players: int = 3, seed: int = GAME_SEED) -> Replay:
    """A whole game with the chiefs between GuardBots (seat i plays with bot seed i), as a Replay."""
    from .bots import GuardBot
    game = _game()
    actions: list = []
    game.playout(game.new(players, seed=seed, chiefs=True), {s: GuardBot(seed=s) for s in range(players)},
                 actions=actions)
    return Replay("bad_bones", players, seed, options={"chiefs": True}, actions=[a.label for a in actions])


POWERS = ("floor", "house", "necromancer", "unit", "immortal", "sabotaged", "overrun", "emperor_slain")
"""The event kinds that show a chief's power at work (floor and house: only a chief's)."""


def highlights(replay: Replay, kinds: Sequence[str] = POWERS) -> list[tuple[int, int, str]]:
    """Where the chiefs act in a replay: (step, round, text) of the first event of each of
    ``kinds`` that cites a chief rule, in the order they happen; ``step`` is the Stepper's step
    that shows it, ``round`` the round its action was played in (the end of a round's movement
    phase shows on the next round's first step)."""
    seen: set[str] = set()
    found = []
    for step, events in enumerate(replay.events):
        for e in events:
            if e.kind in kinds and e.kind not in seen and ".chiefs" in e.rule:
                seen.add(e.kind)
                found.append((step, replay.states[max(step - 1, 0)].round, e.text))
    return found


STEPPER_SEED = 7
"""The bots' game the notebook steps through: six chief powers at work in ten rounds."""


def showcase(replay: Replay | None = None) -> BadBonesState:
    """The opening picture: the moment of the bots' game (``bot_game(seed=STEPPER_SEED)``) at
    the start of a movement phase with the most chiefs standing on the boards' squares (the
    earliest such moment)."""
    replay = replay or bot_game(seed=STEPPER_SEED)
    starts = [s for i, s in enumerate(replay.states)
              if s.phase == "move" and (i == 0 or replay.states[i - 1].phase != "move")]
    return max(starts, key=lambda s: (_chiefs_on_squares(s), -s.round))


def _chiefs_on_squares(state: BadBonesState) -> int:
    data = components()
    return sum(1 for b in state.boards for sk in b.skeletons.values()
               if sk.id >= data.tokens and on_board(sk.r, sk.c))


# ---- exercise 1: the Nice Chief and the Artificer --------------------------------------------------
WALKERS = {"nice": ("c2", "s"), "artificer": ("d3", "w"), "nice-2": ("b3", "e")}
"""Where the three chiefs of exercise 1 stand: each one step from the tower."""


def floors_after(order: Sequence[str] = ("nice", "artificer", "nice-2"), floors: int = 3) -> int:
    """Exercise 1: a tower with ``floors`` of its 4 floors; the chiefs of ``WALKERS`` walk onto it
    one after the other, in ``order``, in one movement phase. The floors left, by the engine."""
    game = _game()
    state = to_movement(chief_board(skeletons=[(*WALKERS[k], k) for k in order], floors=floors), hero="b4")
    for kind in order:
        sq, facing = WALKERS[kind]
        state, _ = game.apply(state, f"P1 move {sq} {facing}")
    return state.boards[0].floors


# ---- exercise 2: a trap for a whole unit ----------------------------------------------------------
UNIT_QUIZ = {"skeletons": [("b2", "s", "instructor"), ("b2", "e", "artificer"), ("b2", "w")],
             "hero": "d4", "phases": 3}
"""Exercise 2: a Chief Instructor on b2 facing south, a Chief Artificer and an ordinary skeleton
beside it facing other ways; the hero has stepped to d4. One wall must keep the tower and the
village whole for three movement phases."""


def unit_quiz() -> BadBonesState:
    """The board of exercise 2 in the trap phase (the hero already on d4)."""
    state = chief_board(skeletons=UNIT_QUIZ["skeletons"])
    state, _ = _game().apply(state, f"P1 hero {UNIT_QUIZ['hero']}")
    return state


def judge_unit_block(answer: Any) -> tuple[bool, str]:
    """Exercise 2: ``answer`` is a label that places a wall (``"P1 place wall c2 \\"``). It is
    played on ``unit_quiz()``, then the skeletons march for three movement phases: right if
    the tower keeps 4 floors and the village 5 houses."""
    game = _game()
    label = " ".join(str(answer).split())
    if not label.lower().startswith("p1 place wall "):
        return False, f"Answer with a label that places a wall, such as 'P1 place wall c2 \\', not {label!r}."
    try:
        state, _ = game.apply(unit_quiz(), label)
    except IllegalAction as e:
        return False, f"{label!r} is refused: {e.reason} (rule {e.rule})."
    end = march(state, UNIT_QUIZ["phases"])[-1][0].boards[0]
    if (end.floors, end.houses) == (4, 5):
        return True, "The wall turns the whole unit away, and the tower and the village stay whole."
    return False, (f"After {UNIT_QUIZ['phases']} movement phases the tower has {end.floors} of 4 floors "
                   f"and the village {end.houses} of 5 houses: the unit got through.")


def unit_block_solutions() -> list[str]:
    """Every wall placement that solves exercise 2 (for the solution and the tests)."""
    return [a.label for a in _game().legal_actions(unit_quiz(), 0)
            if a.verb == "place" and a.args[0] == "wall" and judge_unit_block(a.label)[0]]


# ---- exercise 3: what the saboteur leaves -----------------------------------------------------------
SABOTAGE_QUIZ = {"skeletons": [("b1", "s", "instructor"), ("b1", "e", "saboteur"), ("d1", "s")],
                 "traps": [("wall", "b2", "/"), ("catapult", "d2"), ("dragon", "e4")]}
"""Exercise 3: a Chief Instructor and a Chief Saboteur share b1 (the instructor faces south), an
ordinary skeleton walks down from d1; a wall, a catapult and the dragon lie on the board."""


def sabotage_quiz() -> BadBonesState:
    """The board of exercise 3, at the start of round 1."""
    return chief_board(**SABOTAGE_QUIZ)


def traps_left() -> list[str]:
    """Exercise 3's answer, by the engine: the squares that still hold a trap after one
    movement phase on ``sabotage_quiz()``."""
    end = march(sabotage_quiz(), 1)[-1][0].boards[0]
    return sorted(end.traps)


# ---- the lab: games with and without the chiefs -----------------------------------------------------
@dataclass(frozen=True)
class GameRecord:
    """One GuardBot game of the study: its seed, whether the chiefs were in the bag, the rounds
    played, why each eliminated player went out ("tower", "village" or "emperor"), and whether
    a hero fell with the Skeleton Emperor."""

    seed: int
    chiefs: bool
    rounds: int
    causes: tuple[str, ...]
    hero_lost: bool


def study_game(seed: int, chiefs: bool, players: int = 3) -> GameRecord:
    """Play one game between GuardBots (seat i with bot seed i) on the fast path and record it."""
    from .bots import GuardBot
    game = _game()
    options = {"chiefs": True} if chiefs else {}
    final, _ = game.playout(game.new(players, seed=seed, **options),
                            {s: GuardBot(seed=s) for s in range(players)})
    causes = []
    for seat, b in enumerate(final.boards):
        if final.eliminated[seat]:
            causes.append("emperor" if b.overrun else "tower" if b.floors == 0 else "village")
    lost = any(b.hero is None for b in final.boards)
    return GameRecord(seed, chiefs, final.round, tuple(causes), lost)


def still_going(records: Sequence[GameRecord], rounds: Iterable[int]) -> list[tuple[int, float]]:
    """(round, share of the games still being played when that round began)."""
    return [(r, sum(1 for g in records if g.rounds >= r) / len(records)) for r in rounds]


def study_table(records: Sequence[GameRecord]) -> str:
    """The study as a text table: per setting (with and without the chiefs) the games, the
    average and the range of rounds played, and what put the players out."""
    lines = [f"{'':16}{'games':>6}{'rounds (mean)':>15}{'fewest':>8}{'most':>6}   players out by"]
    for chiefs in (False, True):
        mine = [g for g in records if g.chiefs == chiefs]
        if not mine:
            continue
        rounds = [g.rounds for g in mine]
        causes = Counter(c for g in mine for c in g.causes)
        why = ", ".join(f"{causes[c]} {c}" for c in ("tower", "village", "emperor") if causes[c])
        heroes = sum(g.hero_lost for g in mine)
        extra = f"; in {plural(heroes, 'game')} a hero fell with the emperor" if heroes else ""
        label = "with chiefs" if chiefs else "without chiefs"
        mean = sum(rounds) / len(mine)
        lines.append(f"{label:16}{len(mine):>6}{mean:>15.1f}{min(rounds):>8}{max(rounds):>6}   {why}{extra}")
    return "\n".join(lines)


__all__ = ["GAME_SEED", "NECROMANCER_SEED", "POWERS", "SABOTAGE_QUIZ", "STEPPER_SEED",
           "SYMBOLS", "UNIT_QUIZ", "WALKERS", "GameRecord", "advance", "bot_game", "chief_board", "chiefs_on",
           "chiefs_words", "first_round", "floors_after", "highlights", "judge_unit_block", "moves_offered",
           "moves_words", "name",
           "sabotage_quiz", "showcase", "stacked_draw", "stages", "standing", "still_going",
           "study_game", "study_table", "to_movement", "token", "token_table", "traps_left",
           "unit_block_solutions", "unit_of", "unit_quiz", "units_words", "where"]
