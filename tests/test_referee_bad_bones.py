"""An independent referee for Bad Bones.

It plays many random and bot games, leaning toward the rare situations (Skeleton Chiefs among
traps and weapons, Chief Instructor units, the advanced game's market, new traps and weapons,
the co-op side's towers and capital, the solo game), and after every single action it checks
what the rulebook requires. Its expectations are worked out here, from the rulebook's text and
the component data in data.json (board arrows, forest spots, towers, stars): it reads the
states' fields and uses only the engine's contract (new, to_move, legal_actions, apply, outcome,
text), never the engine's own rule helpers.

Each batch counts how often the rare situations it aims at came up and asserts a floor, so the
referee provably exercised them.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest

import bonekit
from bonekit.core.actions import Action
from bonekit.core.errors import IllegalAction

GAME = bonekit.load("bad_bones")
RAW = json.loads((Path(bonekit.__file__).parent / "games" / "bad_bones" / "data.json").read_text("utf-8"))

# ---- kit facts, read from the component data -------------------------------------------------
SIZE = RAW["board"]["size"]
COLS = "abcde"
DIRS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
INWARD = {"top": "s", "left": "e", "right": "w"}
COPIES = RAW["copies_per_model"]
ORDINARY = 15 * COPIES
MODELS = []  # (symbol, forest, r, c, facing) in token order: top, left, right
for _forest in ("top", "left", "right"):
    for _i, _symbol in enumerate(RAW["forests"][_forest]):
        _r, _c = {"top": (-1, _i), "left": (_i, -1), "right": (_i, SIZE)}[_forest]
        MODELS.append((_symbol, _forest, _r, _c, INWARD[_forest]))
_MODEL_INDEX = {f"{m[0]}-{m[1]}": i for i, m in enumerate(MODELS)}
CHIEFS = [t["kind"] for t in RAW["chiefs"]["tokens"]]  # token ORDINARY + i
_CHIEF_MODEL = [_MODEL_INDEX[t["model"]] for t in RAW["chiefs"]["tokens"]]
ALL_TOKENS = ORDINARY + len(CHIEFS)
BASIC_TOWER = RAW["board"]["tower"]
BASIC_ARROWS = {(a["square"], a["moving"]): a["turn"] for a in RAW["arrows"]}
COOP_TOWERS = tuple(RAW["coop"]["towers"])
COOP_ARROWS = {(a["square"], a["moving"]): a["turn"] for a in RAW["coop"]["arrows"]}
RUINS = {
    sq: {(a["square"], a["moving"]): a["turn"] for a in rows} for sq, rows in RAW["coop"]["ruins"].items()
}
TRAPS = RAW["traps"]
SPECTRAL = {ORDINARY + i for i, k in enumerate(CHIEFS) if k == "spectral"}
SABOTEURS = {ORDINARY + i for i, k in enumerate(CHIEFS) if k == "saboteur"}
INSTRUCTORS = {ORDINARY + i for i, k in enumerate(CHIEFS) if k == "instructor"}
EMPEROR = next(ORDINARY + i for i, k in enumerate(CHIEFS) if k == "emperor")
CHIEF_NAMES = {ORDINARY + i: t["name"] for i, t in enumerate(RAW["chiefs"]["tokens"])}
WEAPON_VERBS = {"weapon", "shoot", "freeze", "symbol", "lift", "drop", "point", "face", "tower", "hero"}


def kind_of(t):
    return CHIEFS[t - ORDINARY] if t >= ORDINARY else None


def model(t):
    return MODELS[t // COPIES] if t < ORDINARY else MODELS[_CHIEF_MODEL[t - ORDINARY]]


def spot(t, coop):
    """Where token t waits to enter: (r, c, facing). The co-op side: top-forest models wait
    below the board pointing up (rulebook: co-op setup note)."""
    _, forest, r, c, facing = model(t)
    if coop and forest == "top":
        return SIZE, c, "n"
    return r, c, facing


def name(r, c):
    return f"{COLS[c]}{r + 1}" if on_board(r, c) else f"off({r},{c})"


def rc(sq):
    return int(sq[1:]) - 1, COLS.index(sq[0])


def on_board(r, c):
    return 0 <= r < SIZE and 0 <= c < SIZE


SQUARES = [name(r, c) for r in range(SIZE) for c in range(SIZE)]


def king(sq):
    r, c = rc(sq)
    return {
        name(r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and on_board(r + dr, c + dc)
    }


def orth(sq):
    r, c = rc(sq)
    return {name(r + dr, c + dc) for dr, dc in DIRS.values() if on_board(r + dr, c + dc)}


def toward(frm, to):
    (r1, c1), (r2, c2) = frm, to
    return next(k for k, v in DIRS.items() if v == (r2 - r1, c2 - c1))


def stars(kind, damaged):
    s = TRAPS[kind]["stars"]
    return s["damaged" if damaged else "intact"]


def is_coop(state):
    return state.variant == "coop"


def towers(state, b):
    return set(b.towers) if is_coop(state) else {BASIC_TOWER}


def arrows(state, b):
    if not is_coop(state):
        return BASIC_ARROWS
    out = dict(COOP_ARROWS)
    for t in COOP_TOWERS:
        if t not in b.towers:
            out.update(RUINS[t])
    return out


def treasure_at(b):
    return next((sq for sq, t in b.traps.items() if t.kind == "treasure"), None)


def exits(players, seat, forest):
    """Whose cemetery a skeleton leaving by ``forest`` goes to (left: the next seat, right: the
    previous one, kit ruling on seating; top/bottom, catapult, hearse: any other player; solo:
    one's own)."""
    if players == 1:
        return {seat}
    if forest == "left":
        return {(seat + 1) % players}
    if forest == "right":
        return {(seat - 1) % players}
    return {s for s in range(players) if s != seat}


def where(state, t):
    """Where token t is: ('bag',), ('cem', seat), ('board', seat), ('exiled', seat)."""
    if t in state.bag:
        return ("bag",)
    for s, b in enumerate(state.boards):
        if t in b.skeletons:
            return ("board", s)
        if t in b.cemetery:
            return ("cem", s)
        if t in b.exiled:
            return ("exiled", s)
    return ("nowhere",)


def pending_tokens(state, seat):
    out = set()
    for p in state.pending[seat]:
        if p.kind in ("send", "repel"):
            out.add(p.skeleton)
            out.update(p.unit)
    return out


def trap_counts(b, with_supply=True):
    c = Counter(t.kind for t in b.traps.values())
    if with_supply:
        c.update(b.supply)
    c.update(b.removed_traps)
    return c


class Discrepancy(AssertionError):
    pass


SINK: list | None = None
"""Where discrepancies are collected while a batch plays on (None: raise at once)."""


def need(cond, what, ctx):
    if not cond:
        if SINK is None:
            raise Discrepancy(f"{what} [{ctx}]")
        SINK.append((what, ctx))


# ---- the referee ---------------------------------------------------------------------------------
class Referee:
    def __init__(self, counts: Counter):
        self.counts = counts

    def start(self, state, ctx):
        self.ctx = ctx
        self.trap_totals = None
        self.pushed = [set() for _ in state.boards]
        self.thieves = {}  # (seat, square) -> thief ids (moved onto the treasure, unguarded)
        self.sabotaged = []  # (seat, square, kind, saboteur) triggered this movement phase
        self.history = []
        self.check_state(state)

    # -- after every action -------------------------------------------------------------------
    def apply(self, state, action):
        self.history.append(action.label)
        ctx = f"{self.ctx} after {len(self.history)} actions, last {action.label!r}"
        new, events = GAME.apply(state, action)
        p = state.pending[action.seat][0] if state.pending[action.seat] else None
        if action.verb == "move-all" and state.phase == "move":
            b1 = new.boards[action.seat]  # its choices are answered by default, unseen
            self.pushed[action.seat].update(
                t for t, sk in b1.skeletons.items() if on_board(sk.r, sk.c) and name(sk.r, sk.c) in b1.traps
            )
        if p is not None and p.kind == "repel":
            self.pushed[action.seat].add(p.skeleton)
            self.pushed[action.seat].update(p.unit)
        self.check_state(new, ctx)
        self.check_transition(state, action, new, events, ctx)
        return new

    def check_state(self, s, ctx=""):
        ctx = ctx or self.ctx
        coop = is_coop(s)
        chiefs = bool(s.options.get("chiefs"))
        total = ALL_TOKENS if chiefs else ORDINARY
        ids = list(s.bag)
        for b in s.boards:
            ids += list(b.skeletons) + list(b.cemetery) + list(b.exiled)
        need(
            sorted(ids) == list(range(total)),
            "skeleton tokens not conserved (bag + boards + cemeteries + out of the game)",
            ctx,
        )
        for seat, b in enumerate(s.boards):
            need(all(t == EMPEROR for t in b.exiled), "only the emperor ever leaves the game", ctx)
            if s.phase not in ("market", "start"):
                need(
                    (b.hero is None) == bool(b.exiled),
                    "the hero leaves the game exactly when he kills the emperor",
                    ctx,
                )
            if b.hero is not None and s.phase not in ("market",):
                need(b.hero in SQUARES, "the hero stays on the 25 squares", ctx)
            if coop:
                need(
                    b.floors == len(b.towers) and set(b.towers) <= set(COOP_TOWERS),
                    "a co-op board's floors are its standing towers",
                    ctx,
                )
            excused = pending_tokens(s, seat)
            stand = {"treasure", "labyrinth"}
            walls = sum(1 for t in b.traps.values() if t.kind == "wall")
            tw = towers(s, b)
            for t, sk in b.skeletons.items():
                if t in excused:
                    continue
                if on_board(sk.r, sk.c):
                    sq = name(sk.r, sk.c)
                    need(sq not in tw, f"skeleton {t} stands on a standing tower {sq}", ctx)
                    need(sq != b.hero, f"skeleton {t} shares the hero's square {sq}", ctx)
                    trap = b.traps.get(sq)
                    if (
                        trap is not None
                        and not (trap.kind == "bomb" and trap.damaged)
                        and trap.kind not in stand
                    ):
                        ok = t in self.pushed[seat] or (trap.kind == "wall" and walls >= 2)
                        need(ok, f"skeleton {t} stands on a {trap.kind} at {sq} it should have left", ctx)
                else:
                    home = spot(t, coop)
                    leader = next((lead for lead, fs in b.units.items() if t in fs), None)
                    at_leader = (
                        leader is not None
                        and leader in b.skeletons
                        and (b.skeletons[leader].r, b.skeletons[leader].c) == (sk.r, sk.c)
                    )
                    need(
                        (sk.r, sk.c) == home[:2] or at_leader,
                        f"skeleton {t} off the board at ({sk.r},{sk.c}), not its forest spot {home}",
                        ctx,
                    )
                    need(
                        sk.facing == (home[2] if (sk.r, sk.c) == home[:2] else sk.facing),
                        f"skeleton {t} in its forest does not point into the board",
                        ctx,
                    )
                    need(
                        not (coop and sk.r < 0) and not (not coop and sk.r >= SIZE),
                        f"skeleton {t} waits where no forest is",
                        ctx,
                    )
            for lead in b.units:
                need(lead in INSTRUCTORS, "only a Chief Instructor leads a unit", ctx)
        # the tracking token: after the movement phase everything shows the same side
        if s.phase == "hero" and not s.over:
            for b in s.boards:
                for t, sk in b.skeletons.items():
                    need(
                        sk.side == s.token or t in b.frozen,
                        f"skeleton {t} shows {sk.side}, not the "
                        f"tracking token's {s.token}, in the hero phase",
                        ctx,
                    )
        # the end
        if s.over:
            self.check_over(s, ctx)
        else:
            if coop:
                lost = (
                    s.capital == 0 or any(not b.towers for b in s.boards) or any(b.overrun for b in s.boards)
                )
                need(
                    not lost,
                    "a co-op loss (capital burnt, a player's last tower, or the emperor in) must "
                    "end the game at once",
                    ctx,
                )
            elif s.phase == "hero":
                for b in s.boards:
                    need(
                        b.floors > 0 and b.houses > 0 and not b.overrun,
                        "an eliminated player must end the game at the end of the movement phase",
                        ctx,
                    )
            owing = GAME.to_move(s)
            need(owing, "a game not over has someone to act", ctx)
            for seat in owing:
                need(GAME.legal_actions(s, seat), f"P{seat + 1} owes a decision but has no legal action", ctx)

    def check_over(self, s, ctx):
        need(GAME.to_move(s) == (), "nobody acts once the game is over", ctx)
        for seat in range(s.players):
            need(GAME.legal_actions(s, seat) == [], "no legal action once the game is over", ctx)
        out = GAME.outcome(s)
        need(out is not None, "a finished game has an outcome", ctx)
        if is_coop(s):
            lost = s.capital == 0 or any(not b.towers for b in s.boards) or any(b.overrun for b in s.boards)
            if lost:
                need(out.result == "defeat" and out.winners == (), "a co-op loss is a defeat", ctx)
                self.counts["coop defeat"] += 1
            else:
                need(
                    out.result == "victory" and s.round in (s.options["rounds"], s.options["max_rounds"]),
                    "a co-op game ends without a loss only after its last round",
                    ctx,
                )
                self.counts["coop victory"] += 1
            return
        elim = [b.floors == 0 or b.houses == 0 or b.overrun for b in s.boards]
        if s.variant == "solo":
            if elim[0] and s.round <= s.options["rounds"]:
                need(out.result == "defeat", "the solo game is lost when the tower or house falls", ctx)
                self.counts["solo defeat"] += 1
            else:
                need(
                    out.result in ("victory", "heroic victory") and s.round >= s.options["rounds"],
                    "the solo game is won after its rounds",
                    ctx,
                )
                self.counts["solo victory"] += 1
            return
        need(
            list(s.eliminated) == elim,
            "the eliminated players are those whose tower or village fell (or the emperor reached)",
            ctx,
        )
        if not any(elim):
            need(
                s.round == s.options["max_rounds"], "a game with nobody eliminated ends only at the cap", ctx
            )
        scores = []
        for seat, b in enumerate(s.boards):
            if elim[seat]:
                scores.append(0)
                continue
            pts = sum(stars(k, False) for k in b.supply) + sum(
                stars(t.kind, t.damaged) for t in b.traps.values()
            )
            scores.append(pts + 4 * b.floors + 3 * b.houses)
        need(tuple(scores) == tuple(out.scores), f"scores {out.scores}, the rulebook gives {scores}", ctx)
        alive = [i for i in range(s.players) if not elim[i]]
        if alive:
            best = max((scores[i], s.boards[i].floors) for i in alive)
            winners = tuple(i for i in alive if (scores[i], s.boards[i].floors) == best)
            need(tuple(out.winners) == winners, f"winners {out.winners}, the rulebook gives {winners}", ctx)
        else:
            need(out.winners == (), "nobody wins when everyone is out", ctx)
        self.counts["basic end"] += 1

    # -- what an action must have done ---------------------------------------------------------
    def check_transition(self, s, action, new, events, ctx):
        seat, verb = action.seat, action.verb
        coop = is_coop(s)
        # a Spectral Chief never goes back into the bag
        entered = set(new.bag) - set(s.bag)
        need(not entered & SPECTRAL, "a Spectral Chief is immortal: it never goes to the bag", ctx)
        # traps are conserved once the market is closed
        if new.phase not in ("market",):
            totals = self.trap_census(new)
            if self.trap_totals is None:
                self.trap_totals = totals
            need(totals == self.trap_totals, f"traps not conserved: {totals} vs {self.trap_totals}", ctx)
        if new.market is not None:
            for b in new.boards:
                need(b.weapon is None or b.weapon in RAW["weapons"], "a weapon card from the kit", ctx)
        # the emperor: reaching a tower (any, co-op) or the village/capital loses at once
        for b0, b1 in zip(s.boards, new.boards):
            if b1.overrun and not b0.overrun:
                need(EMPEROR in b0.skeletons, "a board is overrun only by an emperor on it", ctx)
                self.counts["emperor got in"] += 1
                if coop:
                    need(new.over, "the emperor at a co-op tower or the capital ends the game at once", ctx)
            if coop and EMPEROR in b1.skeletons and not new.over:
                e = b1.skeletons[EMPEROR]
                need(not on_board(e.r, e.c) or name(e.r, e.c) not in COOP_TOWERS,
                     "the emperor never stands on a co-op tower's square, not even on its ruins", ctx)
            if b1.exiled and not b0.exiled:
                need(b1.hero is None and EMPEROR in b0.skeletons, "the emperor slain takes the hero", ctx)
                self.counts["emperor slain"] += 1
        if new.over and not s.over:
            if (
                coop
                and any(
                    seat_b.skeletons and any(sk.side != new.token for sk in seat_b.skeletons.values())
                    for seat_b in new.boards
                )
                and s.phase == "move"
            ):
                self.counts["coop loss mid-phase"] += 1
        if s.phase == "market" or verb == "suggest":
            return
        if s.pending[seat]:
            return self.check_answer(s, action, new, events, ctx)
        if s.phase == "hero" and verb == "hero":
            return self.check_hero(s, action, new, ctx)
        if s.phase == "traps":
            return self.check_trap_phase(s, action, new, ctx)
        if s.phase == "move" and verb == "move":
            return self.check_move(s, action, new, events, ctx)
        if s.phase == "move" and verb == "move-all":
            b1 = new.boards[seat]  # its choices are answered by default, unseen: excuse what it left on traps
            self.pushed[seat].update(
                t for t, sk in b1.skeletons.items() if on_board(sk.r, sk.c) and name(sk.r, sk.c) in b1.traps
            )
            self.thieves = {k: v for k, v in self.thieves.items() if k[0] != seat}
            if new.phase != "move" or new.over:
                self.end_of_movement(s, new, events, ctx)

    def trap_census(self, s):
        if is_coop(s):
            c = Counter(s.shared) + Counter(s.held)
            for b in s.boards:
                c += trap_counts(b, with_supply=False)
            return ("team", tuple(sorted(c.items())))
        per_seat = []
        hearses = 0
        for b in s.boards:
            c = trap_counts(b)
            hearses += c.pop("hearse", 0)
            per_seat.append(tuple(sorted(c.items())))
        return (tuple(per_seat), hearses)

    # hero phase ------------------------------------------------------------------------------
    def check_hero(self, s, action, new, ctx):
        seat = action.seat
        b0, b1 = s.boards[seat], new.boards[seat]
        to = action.args[0]
        need(to in king(b0.hero), "the hero moves exactly one square", ctx)
        need(
            b1.hero == to or (b1.hero is None and EMPEROR in b0.skeletons), "the hero is where he moved", ctx
        )
        r, c = rc(to)
        killed = [t for t, sk in b0.skeletons.items() if (sk.r, sk.c) == (r, c)]
        for t in killed:
            w = where(new, t)
            if t in SPECTRAL:
                need(
                    w == ("cem", seat) or (w[0] == "cem" and b1.weapon == "death_wand"),
                    "a Spectral Chief killed by the hero goes to its cemetery",
                    ctx,
                )
                self.counts["spectral killed by hero"] += 1
            elif t == EMPEROR:
                need(w == ("exiled", seat), "the emperor slain leaves the game", ctx)
            else:
                need(w == ("bag",), "skeletons the hero steps on go to the bag", ctx)
        for t, sk in b0.skeletons.items():
            if t not in killed:
                need(b1.skeletons.get(t) == sk, "the hero's step touches only his square", ctx)
        if len(killed) >= 3 and b0.weapon is not None:
            self.counts["weapon set off"] += 1
            if b0.weapon in ("two_handed_sword",) or (b0.weapon == "death_wand" and s.players > 1):
                need(
                    new.pending[seat] and new.pending[seat][0].kind == "weapon",
                    "three kills at once set the weapon off",
                    ctx,
                )

    # trap phase ------------------------------------------------------------------------------
    def expected_trap_actions(self, s, seat):
        b = s.boards[seat]
        coop = is_coop(s)
        supply = set(s.shared if coop else b.supply)
        tw = towers(s, b)
        occupied = {name(sk.r, sk.c) for sk in b.skeletons.values() if on_board(sk.r, sk.c)}
        out = {("pass",)}
        out |= {("retrieve", sq) for sq, t in b.traps.items() if not (t.kind == "bomb" and t.damaged)}
        for kind in supply:
            for sq in SQUARES:
                if sq in tw or sq in b.traps:
                    continue
                if sq in occupied and kind not in ("dragon", "bomb"):
                    continue
                extra = {"wall": ("/", "\\"), "labyrinth": ("white", "black")}.get(kind, (None,))
                for o in extra:
                    out.add(("place", kind, sq, o) if o else ("place", kind, sq))
        return out

    def check_trap_phase(self, s, action, new, ctx):
        seat = action.seat
        legal = {(a.verb, *a.args) for a in GAME.legal_actions(s, seat)}
        expected = self.expected_trap_actions(s, seat)
        b0, b1 = s.boards[seat], new.boards[seat]
        if (
            b0.hero
            and b0.hero not in towers(s, b0)
            and b0.hero not in b0.traps
            and "bomb" in (s.shared if is_coop(s) else b0.supply)
        ):
            self.counts["bomb may go under the hero"] += 1
        need(
            legal == expected,
            f"trap-phase choices differ from the placement rules: engine-only "
            f"{sorted(legal - expected)[:6]}, rulebook-only {sorted(expected - legal)[:6]}",
            ctx,
        )
        verb, args = action.verb, action.args
        if verb == "retrieve":
            need(args[0] not in b1.traps, "a retrieved trap leaves the board", ctx)
        if verb != "place":
            return
        kind, sq = args[0], args[1]
        r, c = rc(sq)
        here = [t for t, sk in b0.skeletons.items() if (sk.r, sk.c) == (r, c)]
        trap = b1.traps.get(sq)
        need(trap is not None and trap.kind == kind, "a placed trap lies on its square", ctx)
        if kind == "bomb" and here:
            self.counts["bomb on a crowd"] += 1
            need(trap.damaged, "a bomb on skeletons goes off at once, leaving its blast area", ctx)
            for t in here:
                if t in SPECTRAL:
                    self.counts["spectral bombed"] += 1
                    need(where(new, t) == ("cem", seat), "a bombed Spectral Chief goes to its cemetery", ctx)
                else:
                    need(where(new, t) == ("bag",), "bombed skeletons go to the bag", ctx)
        elif kind == "dragon" and here:
            self.counts["dragon landing"] += 1
            need(trap.damaged, "a dragon landing on skeletons is damaged at once", ctx)
            waiting = pending_tokens(new, seat)
            need(set(here) <= waiting, "each skeleton under a landing dragon must flee", ctx)
        else:
            need(not trap.damaged, "a trap is placed intact", ctx)
            if len(args) > 2:
                need(trap.orientation == args[2], "the trap lies as the player turned it", ctx)
        if kind == "treasure":
            for sk in b1.skeletons.values():
                if on_board(sk.r, sk.c) and name(sk.r, sk.c) in orth(sq):
                    need(
                        sk.facing == toward((sk.r, sk.c), (r, c)), "a new treasure turns its neighbours", ctx
                    )
                    self.counts["treasure lure on placing"] += 1

    # movement phase --------------------------------------------------------------------------
    def predict(self, s, seat, sk, facing):
        """Where a skeleton's step takes it, from the rulebook and the board's component data,
        for every case that needs no ricochet or throw."""
        b = s.boards[seat]
        coop = is_coop(s)
        if on_board(sk.r, sk.c):
            t = b.traps.get(name(sk.r, sk.c))
            if t is not None and t.kind == "labyrinth" and t.orientation != sk.side:
                return ("stay", None)
        dr, dc = DIRS[facing]
        r, c = sk.r + dr, sk.c + dc
        if coop and r < 0:
            return ("capital", None)
        if not coop and r >= SIZE:
            return ("village", None)
        if not on_board(r, c):
            forest = "left" if c < 0 else "right" if c >= SIZE else "top" if r < 0 else "bottom"
            return ("forest", forest)
        sq = name(r, c)
        trap = b.traps.get(sq)
        # the emperor takes a co-op tower whatever its state, ruins too (a barricade bars him)
        ruins = coop and sk.id == EMPEROR and sq in COOP_TOWERS and (trap is None or trap.kind != "barricade")
        if sq in towers(s, b) or ruins:
            return ("tower", sq)
        if trap is not None and trap.kind == "barricade":
            return ("stay", sq)
        if b.hero == sq:
            return ("hero", sq)
        if trap is None or (trap.kind == "bomb" and trap.damaged) or trap.kind in ("labyrinth", "treasure"):
            covered = trap is not None and trap.kind in ("labyrinth", "treasure")
            f = facing if covered else arrows(s, b).get((sq, facing), facing)
            tr = treasure_at(b)
            if tr is not None and tr != sq and sq in orth(tr):
                f = toward((r, c), rc(tr))
            return ("at", (r, c, f), sq if trap is not None and not trap.damaged else None)
        return (
            {
                "wall": "complex",
                "spring": "complex",
                "catapult": "throw",
                "dragon": "repel",
                "bomb": "bomb",
                "portal": "portal",
                "hearse": "hearse",
            }[trap.kind],
            sq,
        )

    def check_move(self, s, action, new, events, ctx):
        seat = action.seat
        coop = is_coop(s)
        b0, b1 = s.boards[seat], new.boards[seat]
        token = s.token
        sq, facing = action.args[:2]
        named = action.args[2] if len(action.args) == 3 else None   # the leader the player chose
        r, c = rc(sq) if "-" not in sq else self._spot_rc(sq)
        unmoved = {t: sk for t, sk in b0.skeletons.items() if sk.side != token}
        movers = [t for t, sk in unmoved.items() if t not in b1.skeletons or b1.skeletons[t] != sk]
        need(movers, "a move moves something", ctx)
        ended = new.phase != "move" or new.over
        drawn = {t for e in events if e.kind == "draw" for t in e.data.get("drawn", ())}
        group = [t for t, sk in unmoved.items() if (sk.r, sk.c) == (r, c)]
        instructor_here = on_board(r, c) and any(t in INSTRUCTORS for t in group) and s.options.get("chiefs")
        chiefs_here = [t for t in group if t in INSTRUCTORS and (on_board(r, c) or t in b0.units)] \
            if s.options.get("chiefs") else []
        # a unit already formed stays whole; anyone else on the square may move first, alone
        bound = {f for t in chiefs_here for f in b0.units.get(t, ())} | set(chiefs_here)
        free = {unmoved[t].facing for t in group if t not in bound}
        if chiefs_here:
            offered = [a.args for a in GAME.legal_actions(s, seat) if a.verb == "move" and a.args[0] == sq]
            need(free <= {a[1] for a in offered if not (len(a) == 3 and a[2] in CHIEF_NAMES.values())},
                 f"every skeleton on {sq} not yet in a unit may move before the instructor: {offered}", ctx)
        leading = chiefs_here and (named not in (None, "alone")
                                   or (named is None and facing in {unmoved[t].facing for t in chiefs_here}))
        if leading:
            self.counts["instructor leads"] += 1
            if len(group) > 1 and on_board(r, c):
                need(
                    set(movers) == set(group) - set(b0.frozen),
                    "everyone still to move on a Chief Instructor's square moves with it as one unit",
                    ctx,
                )
        else:
            need(len(movers) == 1, f"one move moves one skeleton, not {movers}", ctx)
            need(not set(movers) & bound, f"{movers} cannot leave its unit or move as its instructor", ctx)
            if chiefs_here:
                self.counts["left an instructor's square first"] += 1
        # two chief instructors on one space: the player chooses which one leads, every time
        rivals = [t for t in group if t in INSTRUCTORS] if instructor_here else []
        if len(rivals) > 1:
            self.counts["two instructors: the player chose the leader"] += 1
            rival_ways = {unmoved[t].facing for t in rivals}
            offered = {a.args[2] if len(a.args) == 3 else None for a in GAME.legal_actions(s, seat)
                       if a.verb == "move" and a.args[0] == sq and a.args[1] in rival_ways
                       and a.args[-1] != "alone"}
            need(offered == {CHIEF_NAMES[t] for t in rivals},
                 f"two instructors on {sq}: every move there names one of them as leader, not {offered}", ctx)
        lead = (next(t for t, n in CHIEF_NAMES.items() if n == named) if named not in (None, "alone") else
                next((t for t in movers if t in INSTRUCTORS and unmoved[t].facing == facing), movers[0]))
        need(lead in movers, f"the chosen leader {named} moves", ctx)
        if len(rivals) > 1 and lead in new.boards[seat].skeletons and not new.over \
                and new.boards[seat].skeletons[lead] != unmoved[lead]:
            need(lead in new.boards[seat].units or not set(movers) - {lead},
                 f"the leader the player named ({named}) leads the unit", ctx)
        sk = unmoved[lead]
        if len(movers) > 1:
            self.counts["instructor unit moves"] += 1
            if coop:
                self.counts["co-op unit moves"] += 1
        for t in movers:
            self.pushed[seat].discard(t)
        pred = self.predict(s, seat, sk, facing)
        fate, arg = pred[:2]
        self.counts[f"step: {fate}"] += 1
        # the Chief Saboteur: the trap he steps on (or is held back by) is his to destroy
        sabs = [t for t in movers if t in SABOTEURS]
        met = (
            pred[2]
            if fate == "at"
            else arg
            if fate in ("stay", "throw", "repel", "bomb", "portal", "hearse", "complex")
            else None
        )
        if sabs and met:
            kind = b0.traps[met].kind
            for t in sabs:
                self.sabotaged.append((seat, met, kind, t))
                self.counts["saboteur met a trap"] += 1
                if kind == "treasure":
                    self.counts["saboteur on the treasure"] += 1
        pend = pending_tokens(new, seat)

        def gone(t, spectral_home=seat):
            w = where(new, t)
            if t in SPECTRAL:
                return w == ("cem", spectral_home) or (ended and w == ("board", spectral_home))
            return w == ("bag",) or t in drawn

        if fate in ("stay", "at"):
            if fate == "stay":
                r1, c1, f1 = sk.r, sk.c, sk.facing
                self.counts["held back (barricade or labyrinth)"] += 1
            else:
                r1, c1, f1 = arg
            for t in movers:
                if ended and t in SABOTEURS:
                    continue
                if coop and t == EMPEROR and name(r1, c1) in COOP_TOWERS:
                    need(b1.overrun and new.over, "the emperor brought onto a co-op tower's ruins "
                         "by his unit loses the game at once", ctx)
                    self.counts["emperor reached ruins"] += 1
                    continue
                got = b1.skeletons.get(t)
                need(
                    got is not None and (got.r, got.c, got.facing, got.side) == (r1, c1, f1, token),
                    f"skeleton {t} ({sk.r},{sk.c}) {facing}: the rulebook puts it at ({r1},{c1}) facing {f1} "
                    f"showing {token}, the engine at {got and (got.r, got.c, got.facing, got.side)}",
                    ctx,
                )
        elif fate in ("village", "tower", "capital") and not (coop and fate == "tower"):
            kinds = [kind_of(t) for t in movers]
            if fate == "capital":
                before, after, size = s.capital, new.capital, s.capital_size
                self.counts["capital reached"] += 1
                if len(movers) > 1:
                    self.counts["unit into the capital"] += 1
            elif fate == "village":
                before, after, size = b0.houses, b1.houses, b0.village_size
                self.counts["village reached"] += 1
            else:
                before, after, size = b0.floors, b1.floors, b0.tower_size
                self.counts["tower reached"] += 1
            if EMPEROR in movers:
                need(b1.overrun, "the emperor at the tower, village or capital: that player has lost", ctx)
                self.counts["emperor reached"] += 1
            else:
                need(
                    after in self.damage_outcomes(before, size, kinds),
                    f"{len(movers)} skeleton(s) {kinds} into the {fate}: {before} -> {after} houses/floors",
                    ctx,
                )
                for t in movers:
                    need(
                        gone(t),
                        f"skeleton {t} reaching the {fate} returns to the bag (a Spectral Chief to "
                        "its cemetery)",
                        ctx,
                    )
        elif fate == "tower":  # co-op: each tower stops exactly one skeleton
            self.counts["co-op tower reached"] += 1
            if EMPEROR == lead or (EMPEROR in movers and len(movers) == 1):
                need(b1.overrun and new.over, "the emperor at any co-op tower loses the game at once", ctx)
                self.counts["emperor reached"] += 1
            elif not pend & set(movers):
                removed = [t for t in movers if t not in b1.skeletons]
                fallen = set(b0.towers) - set(b1.towers)
                if kind_of(removed[0] if removed else lead) == "nice" and not fallen:
                    pass
                else:
                    need(arg in fallen, f"the tower on {arg} falls", ctx)
                    need(
                        len(removed) == 1
                        or (
                            ended
                            and len(removed) == len([t for t in removed if gone(t)])
                            and len(movers) == 1
                        ),
                        f"a co-op tower stops exactly one skeleton; {len(movers)} walked in, "
                        f"{len(removed)} left the board",
                        ctx,
                    )
                    if len(movers) > 1:
                        self.counts["unit into a co-op tower"] += 1
                        rr, cc = rc(arg)
                        for t in movers:
                            if t in b1.skeletons and not ended:
                                got = b1.skeletons[t]
                                need(
                                    (got.r, got.c) == (rr, cc),
                                    "the rest of the unit stands on the ruins",
                                    ctx,
                                )
        elif fate == "forest":
            forest = arg
            targets = exits(s.players, seat, forest)
            if len(targets) > 1:
                need(lead in pend, f"leaving by the {forest}, the player chooses whose cemetery", ctx)
            else:
                (target,) = targets
                for t in movers:
                    w = where(new, t)
                    need(
                        w == ("cem", target)
                        or (ended and w == ("board", target))
                        or t in drawn
                        or (ended and t in SABOTEURS),
                        f"skeleton {t} leaving by the {forest} forest goes to P{target + 1}'s cemetery, "
                        f"not {w}",
                        ctx,
                    )
        elif fate == "hero":
            self.counts["walked into the hero"] += 1
            for t in movers:
                if t == EMPEROR:
                    need(
                        where(new, t) == ("exiled", seat),
                        "the emperor walking into the hero: both leave",
                        ctx,
                    )
                else:
                    need(gone(t), f"skeleton {t} walking into the hero is destroyed", ctx)
        elif fate == "bomb":
            self.counts["stepped on a bomb"] += 1
            for t in movers:
                if t in SPECTRAL:
                    self.counts["spectral bombed"] += 1
                need(
                    gone(t), f"skeleton {t} on the bomb is eliminated (a Spectral Chief to its cemetery)", ctx
                )
        elif fate == "portal":
            self.counts["portal"] += 1
            home = spot(lead, coop)
            for t in movers:
                if ended and t in SABOTEURS:
                    continue
                if coop and t == EMPEROR and name(r1, c1) in COOP_TOWERS:
                    need(b1.overrun and new.over, "the emperor brought onto a co-op tower's ruins "
                         "by his unit loses the game at once", ctx)
                    self.counts["emperor reached ruins"] += 1
                    continue
                got = b1.skeletons.get(t)
                need(
                    got is not None and (got.r, got.c, got.facing, got.side) == (*home, token),
                    f"skeleton {t} through the portal waits on its forest spot {home}, flipped",
                    ctx,
                )
        elif fate in ("throw", "repel", "hearse"):
            self.counts[f"met a {fate}"] += 1
            if fate == "repel" or len(exits(s.players, seat, "top")) > 1:
                if fate == "repel" or b0.catapult_targets.get(arg) is None:
                    need(
                        lead in pend or (fate != "repel" and not ended and False) or lead in pend,
                        f"the {fate} asks the player",
                        ctx,
                    )
        if len(movers) > 1 and lead in b1.skeletons and not ended:
            L = b1.skeletons[lead]
            for t in movers:
                got = b1.skeletons.get(t)
                need(
                    got is not None and (got.r, got.c, got.facing) == (L.r, L.c, L.facing),
                    "a Chief Instructor's unit cannot be divided",
                    ctx,
                )
        self.after_move_checks(s, seat, movers, new, ctx)
        if ended:
            self.end_of_movement(s, new, events, ctx)
        else:
            self.note_thieves(new)

    def _spot_rc(self, sq):
        side, rest = sq.split("-")
        if side == "top":
            return -1, COLS.index(rest)
        if side == "bottom":
            return SIZE, COLS.index(rest)
        return int(rest) - 1, (-1 if side == "left" else SIZE)

    @staticmethod
    def damage_outcomes(before, size, kinds):
        out = set()
        if len(kinds) > 6:
            return set(range(0, size + 1))
        for perm in set(itertools.permutations(kinds)):
            left = before
            for k in perm:
                if k == "nice":
                    left = min(size, left + 1)
                elif k == "artificer":
                    left = max(0, left - 2)
                else:
                    left = max(0, left - 1)
            out.add(left)
        return out

    def after_move_checks(self, s, seat, movers, new, ctx):
        b1 = new.boards[seat]
        tr = treasure_at(b1)
        if tr is None or new.phase != "move":
            return
        pend = pending_tokens(new, seat)
        for t in movers:
            got = b1.skeletons.get(t)
            if got is None or t in pend or not on_board(got.r, got.c):
                continue
            old = s.boards[seat].skeletons[t]
            here = name(got.r, got.c)
            if (got.r, got.c) != (old.r, old.c) and here in orth(tr) and here not in b1.traps:
                need(
                    got.facing == toward((got.r, got.c), rc(tr)),
                    f"skeleton {t} ending next to the treasure turns toward it",
                    ctx,
                )
                self.counts["treasure lure"] += 1

    def note_thieves(self, new):
        for seat, b in enumerate(new.boards):
            tr = treasure_at(b)
            if tr is None or b.hero == tr:
                continue
            r, c = rc(tr)
            here = {
                t
                for t, sk in b.skeletons.items()
                if (sk.r, sk.c) == (r, c) and sk.side == new.token and t not in pending_tokens(new, seat)
            }
            if here:
                self.thieves.setdefault((seat, tr), set()).update(here)

    def end_of_movement(self, s, new, events, ctx):
        """The movement phase just ended (within the last action)."""
        if new.over and new.ended == "defeat" and is_coop(s):
            # a co-op loss ends the game on the spot (the rulebook's "as soon as"): the end of
            # the movement phase never comes, so nothing of it is settled
            self.thieves, self.sabotaged = {}, []
            self.counts["coop loss mid-phase"] += 1
            return
        for (seat, tr), thieves in self.thieves.items():
            b = new.boards[seat]
            self.counts["treasure stolen"] += 1
            if any(t in SABOTEURS for t in thieves):
                self.counts["saboteur thief"] += 1
            t = b.traps.get(tr)
            need(
                t is None or t.kind != "treasure",
                f"skeletons {sorted(thieves)} stood on P{seat + 1}'s unguarded "
                f"treasure on {tr}: it is stolen after the movement phase",
                ctx,
            )
        drawn = {t for e in events if e.kind == "draw" for t in e.data.get("drawn", ())}
        for seat, sq, kind, sab in self.sabotaged:
            b = new.boards[seat]
            t = b.traps.get(sq)
            need(
                t is None or (kind == "bomb" and t.kind == "bomb" and t.damaged),
                f"the Chief Saboteur {sab} triggered the {kind} on P{seat + 1}'s {sq}: it is destroyed after "
                f"the phase (a bomb leaves its blast area)",
                ctx,
            )
            need(
                where(new, sab) == ("bag",)
                or sab in drawn
                or new.over
                and where(new, sab)[0] == "board"
                and False,
                f"the Chief Saboteur {sab} returns to the bag after the phase, not {where(new, sab)}",
                ctx,
            )
        self.thieves = {}
        self.sabotaged = []

    # answers to pending choices ------------------------------------------------------------
    def check_answer(self, s, action, new, events, ctx):
        seat = action.seat
        p = s.pending[seat][0]
        b0, b1 = s.boards[seat], new.boards[seat]  # noqa: F841
        legal = {(a.verb, *a.args) for a in GAME.legal_actions(s, seat)}
        coop = is_coop(s)
        if p.kind == "send":
            expected = {("send", f"p{t + 1}") for t in exits(s.players, seat, "top")}
            need(legal == expected, f"a skeleton sent away may go to any other player: {legal}", ctx)
            self.counts[f"send ({p.reason})"] += 1
        elif p.kind == "repel":
            r, c = rc(p.square)
            opts = set()
            for dr, dc in DIRS.values():
                rr, cc = r + dr, c + dc
                if on_board(rr, cc):
                    opts.add(("repel", name(rr, cc)))
                elif not coop and rr >= SIZE or coop and rr < 0:
                    continue  # never the village / the capital
                elif rr < 0:
                    opts.add(("repel", f"top-{COLS[cc]}"))
                elif rr >= SIZE:
                    opts.add(("repel", f"bottom-{COLS[cc]}"))
                else:
                    opts.add(("repel", f"{'left' if cc < 0 else 'right'}-{rr + 1}"))
            need(
                legal == opts,
                f"a skeleton flees the dragon to its orthogonal neighbours or a forest: engine "
                f"{sorted(legal)}, rulebook {sorted(opts)}",
                ctx,
            )
            self.counts["dragon repel"] += 1
            to = action.args[0]
            if to in SQUARES:
                got = b1.skeletons.get(p.skeleton)
                ended = new.phase != s.phase or new.over
                if got is not None and not ended and p.skeleton not in pending_tokens(new, seat):
                    tr = treasure_at(b1)
                    want = toward((r, c), rc(to))
                    if tr is not None and to in orth(tr) and to != tr:
                        want = toward(rc(to), rc(tr))
                    need(
                        (got.r, got.c) == rc(to) and got.facing == want,
                        f"a skeleton fleeing the dragon on {p.square} to {to} points away from it",
                        ctx,
                    )
                    for f in p.unit:
                        g = b1.skeletons.get(f)
                        need(g is not None and (g.r, g.c) == (got.r, got.c), "a unit flees as one", ctx)
                    if p.unit:
                        self.counts["unit fled a dragon"] += 1
        elif p.kind == "weapon":
            self.check_weapon(s, action, new, p, legal, ctx)
        if s.phase == "move" and (new.phase != "move" or new.over):
            self.end_of_movement(s, new, events, ctx)
        elif s.phase == "move":
            self.note_thieves(new)
        if action.verb in WEAPON_VERBS:
            self.thieves = {k: v for k, v in self.thieves.items() if k[0] != seat}

    def check_weapon(self, s, action, new, p, legal, ctx):
        seat = action.seat
        b0, b1 = s.boards[seat], new.boards[seat]
        step = p.step
        self.counts[f"weapon step: {p.weapon} {step}"] += 1
        occupied = {name(sk.r, sk.c) for sk in b0.skeletons.values() if on_board(sk.r, sk.c)}
        if step == "drop":
            # the morning star: another square around the hero, with no trap (the tower too, by ruling)
            blocked = {sq for sq, t in b0.traps.items() if not (t.kind == "bomb" and t.damaged)}
            expected = {("drop", sq) for sq in king(b0.hero) - {p.square} - blocked}
            side = "co-op" if is_coop(s) else "basic"
            self.counts[f"morning star drop ({side} side)"] += 1
            need(
                legal == expected,
                f"the morning star's drop squares on the {side} side: engine "
                f"{sorted(x[1] for x in legal)}, rulebook {sorted(x[1] for x in expected)}",
                ctx,
            )
            to = action.args[0]
            lifted = [
                t for t, sk in b0.skeletons.items() if name(sk.r, sk.c) == p.square and on_board(sk.r, sk.c)
            ]
            if to not in towers(s, b0):
                for t in lifted:
                    if is_coop(s) and t == EMPEROR and to in COOP_TOWERS:
                        need(b1.overrun and new.over, "the emperor dropped on ruins loses the game", ctx)
                        continue
                    got, old = b1.skeletons.get(t), b0.skeletons[t]
                    need(
                        got is not None
                        and (got.r, got.c) == rc(to)
                        and (got.facing, got.side) == (old.facing, old.side),
                        "the morning star moves them unflipped and unturned",
                        ctx,
                    )
            else:
                self.counts["morning star onto a tower"] += 1
        elif step == "lift":
            need(
                {x[1] for x in legal} <= king(b0.hero) & occupied,
                "the morning star lifts a square beside the hero that holds skeletons",
                ctx,
            )
        elif step == "shoot":
            need(
                {x[1] for x in legal} == occupied,
                "the crossbow reaches every square of the board, never a forest",
                ctx,
            )
        elif step == "freeze":
            need({x[1] for x in legal} == occupied, "the ice wand freezes a square of the board", ctx)
        elif step == "point":
            need(
                {x[1] for x in legal} == king(b0.hero) & occupied,
                "the rapier turns a square beside the hero",
                ctx,
            )
        elif step == "hero":
            need({x[1] for x in legal} == king(b0.hero), "the sword's extra step goes one square", ctx)
        elif step == "tower":
            need(
                {x[1] for x in legal} == set(b0.towers) - {b0.hero},
                "the co-op wand reaches a standing tower",
                ctx,
            )
        elif (
            step == "use" and action.args == ("use",) and p.weapon == "teleportation_wand" and not is_coop(s)
        ):
            need(b1.hero == BASIC_TOWER, "the teleportation wand puts the hero on the tower", ctx)


# ---- players that seek out the rare situations ------------------------------------------------
PRIORITY = [
    "bomb",
    "morning_star",
    "dragon",
    "hearse",
    "portal",
    "barricade",
    "spring",
    "labyrinth",
    "crossbow",
    "catapult",
    "wall",
    "rapier",
    "ice_wand",
    "battleaxe",
    "teleportation_wand",
    "two_handed_sword",
    "death_wand",
]


class Seeker:
    """A random player with a taste for trouble: it lays traps in the chiefs' paths, bombs the
    Spectral Chiefs, lands dragons on crowds and steps the hero onto stacks."""

    def __init__(self, seed, weapon=None):
        self.rnd = random.Random(seed)
        self.weapon = weapon

    def choose(self, game, s, seat):
        acts = game.legal_actions(s, seat)
        rnd = self.rnd
        if s.phase == "market":
            buys = [a for a in acts if a.verb == "buy"]
            if self.weapon:
                for a in buys:
                    if a.args[0] == self.weapon:
                        return a
            if buys and rnd.random() < 0.9:
                ranked = sorted(
                    buys, key=lambda a: PRIORITY.index(a.args[0]) if a.args[0] in PRIORITY else 99
                )
                return ranked[min(int(rnd.expovariate(0.5)), len(ranked) - 1)]
            return rnd.choice(acts)
        b = s.boards[seat]
        if s.pending[seat]:
            use = [a for a in acts if a.args == ("use",)]
            if use and rnd.random() < 0.85:
                return use[0]
            return rnd.choice(acts)
        if s.phase == "hero":
            count = Counter(name(sk.r, sk.c) for sk in b.skeletons.values() if on_board(sk.r, sk.c))
            best = max(acts, key=lambda a: (count.get(a.args[0], 0), rnd.random()))
            return best if rnd.random() < 0.6 else rnd.choice(acts)
        if s.phase == "traps":
            return self.trap(acts, s, seat, b)
        if s.phase == "move":
            moves = [a for a in acts if a.verb == "move"]
            if not moves or rnd.random() < 0.02:
                return acts[-1]
            return rnd.choice(moves)
        return rnd.choice(acts)

    def trap(self, acts, s, seat, b):
        rnd = self.rnd
        places = [a for a in acts if a.verb == "place"]
        by_sq = {}
        for a in places:
            by_sq.setdefault(a.args[1], []).append(a)
        chiefs_ahead, spectral_at = [], set()
        for t, sk in b.skeletons.items():
            if t >= ORDINARY:
                dr, dc = DIRS[sk.facing]
                if on_board(sk.r + dr, sk.c + dc):
                    chiefs_ahead.append(name(sk.r + dr, sk.c + dc))
                if t in SPECTRAL and on_board(sk.r, sk.c):
                    spectral_at.add(name(sk.r, sk.c))
        roll = rnd.random()
        bombs = [a for a in places if a.args[0] == "bomb" and a.args[1] in spectral_at]
        if bombs and roll < 0.9:
            return rnd.choice(bombs)
        if b.hero and roll < 0.15:
            under = [a for a in by_sq.get(b.hero, []) if a.args[0] == "bomb"] or by_sq.get(b.hero, [])
            if under:
                return rnd.choice(under)
        ahead = [a for sq in chiefs_ahead for a in by_sq.get(sq, [])]
        if ahead and roll < 0.75:
            return rnd.choice(ahead)
        crowd = [
            a
            for a in places
            if a.args[0] in ("dragon", "bomb")
            and any(name(sk.r, sk.c) == a.args[1] for sk in b.skeletons.values() if on_board(sk.r, sk.c))
        ]
        if crowd and roll < 0.85:
            return rnd.choice(crowd)
        retrieves = [a for a in acts if a.verb == "retrieve"]
        if retrieves and roll < 0.9:
            return rnd.choice(retrieves)
        return rnd.choice(places or acts)


# ---- refused actions --------------------------------------------------------------------------
def illegal_tries(s, rnd):
    out = [Action(0, "dance"), Action(s.players, "pass")]
    owing = GAME.to_move(s)
    idle = [i for i in range(s.players) if i not in owing]
    if idle:
        out.append(Action(idle[0], "pass"))
    for seat in owing[:1]:
        b = s.boards[seat]
        if s.pending[seat]:
            out.append(Action(seat, "repel", ("z9",)))
            out.append(
                Action(seat, "send", (f"p{seat + 1}",)) if s.players > 1 else Action(seat, "send", ("p9",))
            )
            continue
        if s.phase == "hero" and b.hero:
            out.append(Action(seat, "hero", (b.hero,)))
            far = [sq for sq in SQUARES if sq not in king(b.hero) and sq != b.hero]
            out.append(Action(seat, "hero", (rnd.choice(far),)))
        if s.phase == "traps":
            for sq in towers(s, b):
                out.append(Action(seat, "place", ("catapult", sq)))
            for sq in b.traps:
                out.append(Action(seat, "place", ("wall", sq, "/")))
            crowded = {name(sk.r, sk.c) for sk in b.skeletons.values() if on_board(sk.r, sk.c)}
            for sq in list(crowded)[:2]:
                out.append(Action(seat, "place", ("catapult", sq)))
            empty = [sq for sq in SQUARES if sq not in b.traps]
            out.append(Action(seat, "retrieve", (rnd.choice(empty),)))
            out.append(Action(seat, "place", ("wall", "top-a", "/")))
        if s.phase == "move":
            out.append(Action(seat, "move", ("c3", "x")))
            out.append(Action(seat, "hero", ("c3",)))
    return out


def try_refusals(ref, s, rnd):
    before = GAME.copy_state(s)
    text = GAME.text(s)
    for a in illegal_tries(s, rnd):
        if a in GAME.legal_actions(s, a.seat) if 0 <= a.seat < s.players else False:
            continue
        try:
            GAME.apply(s, a)
        except IllegalAction as e:
            need(
                bool(e.rule) and str(e.rule).startswith("bad_bones"),
                f"refusal of {a.label} names a rule",
                ref.ctx,
            )
        else:
            raise Discrepancy(f"{a.label} was accepted; the rulebook forbids it [{ref.ctx}]")
        need(s == before and GAME.text(s) == text, f"a refused {a.label} changed the state", ref.ctx)
        ref.counts["refusals checked"] += 1


# ---- playing ---------------------------------------------------------------------------------------
def play(ref, players, variant, seed, options, bots=None, refuse_every=7):
    s = GAME.new(players, variant, seed=seed, **options)
    ref.start(s, f"{variant} {players}p seed={seed} {options}")
    rnd = random.Random(seed * 7 + 1)
    players_ = bots or {i: Seeker(seed * 10 + i) for i in range(players)}
    n = 0
    while not s.over:
        seat = GAME.to_move(s)[0]
        if n % refuse_every == 0:
            try_refusals(ref, s, rnd)
        action = players_[seat].choose(GAME, s, seat)
        s = ref.apply(s, action)
        n += 1
        need(n < 20000, "the game ends", ref.ctx)
    # a finished game is final
    for a in (Action(0, "pass"), Action(0, "hero", ("c3",)), Action(0, "move-all")):
        with pytest.raises(IllegalAction):
            GAME.apply(s, a)
    ref.counts["games"] += 1
    return s


BATCHES = {
    "basic": (
        [(2, "basic", {}), (3, "basic", {}), (5, "basic", {})],
        4,
        {"step: at": 200, "treasure stolen": 3, "dragon landing": 3},
    ),
    "solo": ([(1, "solo", {}), (1, "solo", {"heroic": True, "rounds": 3})], 6, {"step: at": 100}),
    "chiefs": (
        [(2, "basic", {"chiefs": True}), (4, "basic", {"chiefs": True}), (1, "solo", {"chiefs": True})],
        6,
        {"saboteur met a trap": 5, "instructor unit moves": 2, "spectral killed by hero": 1},
    ),
    "advanced": (
        [
            (2, "advanced", {"chiefs": True}),
            (3, "advanced", {"chiefs": True}),
            (1, "solo", {"advanced": True, "chiefs": True}),
        ],
        8,
        {"spectral bombed": 1, "bomb on a crowd": 3, "weapon set off": 1, "saboteur met a trap": 3},
    ),
    "coop": (
        [(2, "coop", {"chiefs": True}), (3, "coop", {"chiefs": True}), (4, "coop", {})],
        8,
        {"co-op tower reached": 10, "capital reached": 10, "coop defeat": 5, "co-op unit moves": 1},
    ),
    "coop-advanced": (
        [(2, "coop", {"chiefs": True, "advanced": True}), (3, "coop", {"chiefs": True, "advanced": True})],
        8,
        {"co-op tower reached": 10, "bomb on a crowd": 1},
    ),
}


@pytest.mark.parametrize("batch", list(BATCHES))
def test_referee_random_games(batch):
    global SINK
    tables, seeds, floors = BATCHES[batch]
    counts = Counter()
    ref = Referee(counts)
    SINK = found = []
    try:
        for players, variant, options in tables:
            for seed in range(seeds):
                play(ref, players, variant, 1000 + seed, options)
    finally:
        SINK = None
    print(batch, dict(sorted(counts.items())))
    first = {}
    for what, ctx in found:
        first.setdefault(what.split(":")[0], (what, ctx, Counter()))[2]["n"] += 1
    assert not first, "\n".join(f"{n['n']}x {what} [{ctx}]" for what, ctx, n in first.values())
    for what, floor in floors.items():
        assert counts[what] >= floor, f"{what}: seen {counts[what]} times, the referee wants {floor}"
