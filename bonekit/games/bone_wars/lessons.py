"""Staged positions, a guided first turn and exercise judges for the Bone Wars learn-to-play
lesson (notebooks/bone_wars/01_learn_to_play.ipynb).

Every position is a live engine state, so each label the lesson plays on it is checked and
narrated by the engine. The rulebook's worked examples are staged the way the engine's tests
stage them (tests/test_bone_wars_engine.py): a real table whose setup bundles are taken, then
the few pieces an example names are set by hand. Every staged example is P1's to play, and
nobody holds a grant (so no grant bends the example's rules).

Pure engine code: no Jupyter imports. ``bonekit.widgets.lessons.bone_wars`` turns
``FIRST_TURN`` into ``Step`` objects for the notebook's GuidedTable. The last section tells the
table in words (bones, archives, bookshelves, a seat's pieces), so no cell prints a Python list
or dict.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from ...core.bots import Bot
from ...core.errors import IllegalAction
from ...core.events import Event
from . import rounds, turn
from .bots import ScholarBot
from .data import components
from .game import BoneWars
from .state import BoneWarsState, Turn
from .text import and_list, bones_words, number

S = BoneWarsState


@cache
def _game() -> BoneWars:
    """The engine the staging plays on (one per session)."""
    return BoneWars()


# ---- the lesson's tables ---------------------------------------------------------------------------

TABLE_SEED = 1
"""The real table of the opening picture and of the Stepper: three ScholarBots, seed 1."""
TABLE_PLAYERS = 3

GUIDED_SEED = 0
"""The guided table: P1 (the learner) against one ScholarBot. P1 picks a bundle first."""

def _each(labels: Sequence[str], text: str) -> dict[str, str]:
    """The same hint for several wrong moves."""
    return dict.fromkeys(labels, text)


_CAREERS = [f"P1 career {row} {space}" for row in (1, 2, 3) for space in (1, 2, 3, 4)]
_NEW_JERSEY_ELSE = {
    "P1 move nebraska": "Moving on would use your free move before you dig; the lesson digs here in "
    "New Jersey.",
    "P1 discover": "Discovering takes New Jersey's species card but costs 2 action points; the lesson "
    "spends them on bones.",
    "P1 site new_jersey": "New Jersey's dig-site action (a bone drawn from the bag) costs 1 action "
    "point; the lesson spends it on a bone you can see and choose.",
    **_each(["P1 camp archive", "P1 camp move"],
            "A base camp costs 1 action point; the lesson spends it on a bone and leaves camps for later."),
    "P1 deeper": "Digging deeper would send New Jersey's bones back to the bag and deal new ones; the "
    "lesson digs the bones lying there now.",
    "P1 end": "Ending now would leave action points unspent.",
}

FIRST_TURN: tuple[dict[str, Any], ...] = (
    {
        "move": "P1 bundle anchisaurus",
        "say": "Take the species bundle: the Anchisaurus card and the two bones lying on it.",
        "done": "Anchisaurus is in your hand and its two bones are in your crates. The bot has taken "
        "both of its bundles; now you take the other kind.",
        "hints": {
            **_each(_CAREERS, "That is the career bundle. You take one bundle of each kind; this "
                    "lesson takes the species bundle first."),
            **_each(["P1 bundle camptosaurus", "P1 bundle triceratops"],
                    "That card and its two bones would do as well; the lesson takes Anchisaurus."),
        },
    },
    {
        "move": "P1 career 2 3",
        "say": "Now the career bundle: profession row 2 (Surveyor: a team upgrade, $3 and a "
        "paleontologist card) and university space 3, the Academy of Natural Sciences, so your "
        "patron is Cope.",
        "done": "You are a Surveyor at the Academy: Cope is your patron, and its grant is yours. Now "
        "the profession's bonus, one part at a time.",
        "hints": {
            "P1 career 2 4": "Space 4 is a fine university too, but this lesson starts from space 3.",
            **_each(["P1 career 3 3", "P1 career 3 4"],
                    "Row 3 gives an action slot tile; the lesson takes row 2's team upgrade and space 3."),
        },
    },
    {
        "move": "P1 upgrade dig_crew quarry_crew",
        "say": "The Surveyor's team upgrade: trade your basic Dig Crew for the advanced Quarry Crew "
        "($1, 2 action points, digs down to the middle bone).",
        "done": "The Quarry Crew is in your hand, and the profession has paid its $3 (you have $8). "
        "Its last part is a paleontologist card.",
        "hints": {
            **_each([f"P1 upgrade {old} {new}" for old in ("surveyor", "expedition")
                     for new in ("field_geologist", "quarry_crew", "grand_expedition")],
                    "The lesson keeps that basic card and trades the Dig Crew instead."),
            "P1 upgrade dig_crew field_geologist": "The Field Geologist costs nothing but gives only 1 "
            "action point; the lesson takes the Quarry Crew's 2.",
            "P1 upgrade dig_crew grand_expedition": "The Grand Expedition ($2, 3 action points) is a "
            "fine card; the lesson takes the Quarry Crew, which you can pay for on your first turn.",
            **_each(["P1 hire miner", "P1 hire sketch_artist", "P1 hire ichnologist"],
                    "Hiring a specialist (who rides along on a team card) is the bonus's other choice; "
                    "the lesson takes the team upgrade."),
            "P1 skip": "A free upgrade is worth taking.",
        },
    },
    {
        "move": "P1 keep williston-1",
        "say": "Keep one of the three face-up paleontologist cards: take Samuel W. Williston's (for "
        "publishing; a paper of 3 bones or fewer earns 1 more loyalty with it). A new card fills "
        "the gap at once.",
        "done": "Williston's card is in your hand. Setup is done and round 1 begins: the bot plays "
        "first this round, and its team has stepped off its university to Kansas.",
        "hints": {
            "P1 keep cope-1": "Cope's card is for claiming an award, and you have no archived species "
            "card to claim one with yet; the lesson takes a card for publishing.",
            "P1 keep marsh-2": "Marsh's card (for publishing: one bone you pay may stand in for any "
            "part) is a good card too; the lesson takes Williston's, which you meet again in Ellen's "
            "example further down.",
            "P1 stop": "Stopping leaves the card on the table; a free paleontologist card is worth "
            "taking.",
        },
    },
    {
        "move": "P1 move new_jersey",
        "say": "Every team steps off its university as the round opens. Move yours to New Jersey, "
        "one of the two dig sites space 3 leads to. The step is free and comes before any card.",
        "done": "Your team is in New Jersey, next to its species card and its three bones. The bot "
        "has played its first turn in Kansas: it took the top bone there.",
        "hints": {"P1 move kansas": "The bot's team is in Kansas already and plays first, so it "
                  "would dig there before you; the lesson digs in New Jersey."},
    },
    {
        "move": "P1 play quarry_crew",
        "say": "Your first turn: play the Quarry Crew into slot 1. The slot costs $0 and the card $1.",
        "done": "You paid $1 and have 2 action points that dig down to the middle slot.",
        "hints": {
            "P1 play expedition": "The Expedition costs $3 and reaches only the top bone.",
            "P1 play surveyor": "The Surveyor is free, but it gives 1 action point and reaches only "
            "the top bone.",
            "P1 play anchisaurus": "Slot 1 shows the fossil, not Anchisaurus's hammer, so it would "
            "earn no prize there; the lesson keeps the card for later.",
            "P1 play sternberg-2": "A paleontologist card moves your paleontologist, not your team; "
            "this first turn sends the team out to dig.",
            "P1 play williston-1": "Williston's card is for publishing, and your bones do not make a "
            "paper yet; this first turn digs for more.",
            "P1 pass": "Passing now would end your round before it starts.",
        },
    },
    {
        "move": "P1 dig middle",
        "say": "Spend 1 action point to dig the middle bone of New Jersey (your card reaches that deep).",
        "done": "The claw is in one of your crates.",
        "hints": {
            **_NEW_JERSEY_ELSE,
            "P1 dig top": "That works, but take the middle one first: only this card reaches it.",
        },
    },
    {
        "move": "P1 dig top",
        "say": "Spend your last action point on the top bone.",
        "done": "The torso joins it: two more bones in your crates, no action points left.",
        "hints": {k: v for k, v in _NEW_JERSEY_ELSE.items() if k != "P1 discover"},  # 1 AP: no discover
    },
    {
        "move": "P1 end",
        "say": "End your turn.",
        "done": "Your turn is over and the bot plays its next turn. From here the table is yours: "
        "play more cards in round 1, and pass when you are done.",
        "hints": {"P1 move nebraska": "Your free move is still there to take, but with no action "
                  "point left there is nothing to do at the next site: the lesson ends the turn."},
    },
)
"""The guided first moves at ``GUIDED_SEED``: both setup bundles, the profession's bonus (a team
upgrade, then a paleontologist card to keep; its $3 comes by itself), the team's step off the
university as round 1 begins, then a first turn with a team card (play, dig twice, end). Each
entry holds the keyword arguments of a ``Step``; every other move the rules allow at a step has
a hint saying why the lesson makes its own move instead (tested)."""


def bot_game(players: int = TABLE_PLAYERS, seed: int = TABLE_SEED) -> tuple[S, list[str]]:
    """A whole game of ScholarBots (bot ``i`` seeded ``i``): the final state and every label."""
    game = _game()
    bots: dict[int, Bot] = {s: ScholarBot(s) for s in range(players)}
    actions: list = []
    final, _ = game.playout(game.new(players, seed=seed), bots, actions=actions)
    return final, [a.label for a in actions]


def midgame(players: int = TABLE_PLAYERS, seed: int = TABLE_SEED, round_no: int = 2, turns: int = 6) -> S:
    """The ScholarBot game of ``bot_game`` stopped in round ``round_no`` after ``turns`` cards
    have been played in that round, with no decision owed (a real table mid-game)."""
    game = _game()
    bots = {s: ScholarBot(s) for s in range(players)}
    state = game.new(players, seed=seed)
    while not game.is_over(state):
        played = sum(1 for b in state.boards for c in b.played if c)
        if state.round == round_no and played >= turns and state.turn is None and not state.pending:
            return state
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, bots[seat].choose(game, state, seat))
    return state


def started(players: int = 2, seed: int = 1) -> S:
    """The first turn of round 1, every setup bundle taken (each seat's first listed choice),
    with no grants; at the default seeds it is P1's turn. A private copy: change it freely."""
    game = _game()
    state = game.new(players, seed=seed)
    while state.phase == "bundles" or state.pending:
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, game.legal_actions(state, seat)[0])
    state = game.copy_state(state)
    for b in state.boards:
        b.grant = None
    if game.to_move(state) != (0,):
        raise ValueError(f"P1 does not open round 1 at seed {seed} with {players} players")
    return state


def _take_out(state: S, cards: Sequence[str]) -> None:
    """Remove ``cards`` from wherever they are on the shared table (decks, sites, offer)."""
    for c in cards:
        for pile in (state.species_deck, state.species_discard):
            if c in pile:
                pile.remove(c)
        for site in state.sites:
            if site.card == c:
                site.card = None
        for b in state.boards:
            if c in b.hand:
                b.hand.remove(c)


def _paleo_turn(state: S, card: str) -> S:
    """P1 in the middle of a turn: ``card`` played into slot 1 for a paleontologist action."""
    b = state.boards[0]
    b.paleo = None
    b.played[0] = card
    state.turn = Turn(0, card, 0, mode="paleo")
    return state


# ---- the rulebook's worked examples -----------------------------------------------------------------

NELLO_TEAM = (
    "P1 play expedition", "P1 move wyoming", "P1 dig top", "P1 move colorado", "P1 discover", "P1 end"
)
"""Nello's team turn: the Expedition into slot 2, free moves along the arrows, a dig, a discover."""


def nello_team() -> S:
    """Nello (P1) before his team turn: slot 1 already used, the Expedition ($3, 3 action points,
    top bone only) in hand, $7, his team in Montana, both movement camps out (3 free moves)."""
    state = started()
    b = state.boards[0]
    b.played[0] = "surveyor"
    b.hand = ["expedition"]
    b.money, b.team, b.university = 7, "montana", None
    state.universities = {k: None if v == 0 else v for k, v in state.universities.items()}
    b.camps_left = ["archive", "archive"]
    return state


CAMP_TURN = ("P1 play grand_expedition", "P1 camp move", "P1 site montana", "P1 deeper", "P1 end")
"""The other team actions on Nello's table: a base camp, the dig-site action, digging deeper."""


def camp_turn() -> S:
    """Nello's table (``nello_team``) with the Grand Expedition ($2, 3 AP, any depth) in hand
    instead, and all four base camps still on his board."""
    state = nello_team()
    b = state.boards[0]
    b.hand = ["grand_expedition"]
    b.camps_left = ["move", "archive", "move", "archive"]
    return state


ELLEN_PUBLISH = (
    "P1 go publish",
    "P1 publish ichthyornis",
    "P1 bone carnivore",
    "P1 bone wing",
    "P1 paper",
    "P1 publish archaeotherium",
    "P1 bone torso",
    "P1 bone herbivore",
    "P1 bone paw",
    "P1 paper",
    "P1 done",
    "P1 reward loyalty",
    "P1 reward envelope ichthyornis",
    "P1 reward prize archaeotherium",
    "P1 draw",
    "P1 draw",
)
"""Ellen's papers: Ichthyornis with 2 bones, Archaeotherium with 3; then she takes the rewards in
the order she likes: the loyalty, Ichthyornis's envelope, the prize's two draws (the last
envelope comes by itself)."""


def ellen_publish() -> S:
    """Ellen (P1, Cope) has played Williston's card ($1) for a paleontologist action: Ichthyornis
    and Archaeotherium in hand, a carnivore skull, a wing, a torso, a herbivore skull and a paw
    in her crates, and one card already in the Ichthyornis envelope (so it pays twice)."""
    state = started()
    b = state.boards[0]
    _take_out(state, ["ichthyornis", "archaeotherium", "eryops"])
    b.patron, b.hand = "cope", ["ichthyornis", "archaeotherium"]
    b.crates = ["carnivore", "wing", "torso", "herbivore", "paw"]
    b.archive = {"D": ["eryops"]}
    b.camps_left = ["move", "move"]  # both archive camps out: two cards fit an envelope
    return _paleo_turn(state, "williston-1")


ROBERT_DEBUNK = (
    "P1 play diatryma", "P1 prize", "P1 choose money", "P1 mode paleo", "P1 go debunk", "P1 debunk torso 3"
)
"""Robert's debunk: Diatryma on its matching slot, the prize first (a cover off, $2), then
three torsos debunk Cope's value-3 paper."""


def robert_debunk() -> S:
    """Robert (P1, Marsh) before his turn: Diatryma (a fossil find, whose prize removes a cover)
    in hand for slot 1 (which shows the fossil), three torsos and two tails in his crates, and
    Cope's half holding a 3 on the bottom shelf and a 4 on the shelf above (no 2): at two players
    each shelf has one open spot."""
    state = started()
    b = state.boards[0]
    _take_out(state, ["diatryma"])
    b.patron, b.hand, b.paleo = "marsh", ["diatryma"], None
    b.crates = ["torso"] * 3 + ["tail"] * 2
    for patron in ("marsh", "cope"):
        for shelf in state.shelves[patron]:
            shelf[:] = [0 if v == 0 else None for v in shelf]  # None: an empty spot
    _shelve(state, "cope", [3, 4])
    return state


NELLO_AWARD = ("P1 go award", "P1 claim b-bird-1 4", "P1 draw", "P1 draw", "P1 draw")
"""Nello's award: the bottom space of the bird award (2 birds; his amphibian stands in), then
the round bonus (at this table, round 1's: up to 3 bones from the bag)."""


def nello_award() -> S:
    """Nello (P1) has played Lucas's card for a paleontologist action; his archive holds three
    reptiles, a bird and an amphibian, his crates are empty, and the bird award (B) is in play
    with every space free."""
    state = started()
    b = state.boards[0]
    archive = {"A": ["stegosaurus", "allosaurus", "diplodocus"], "B": ["ichthyornis"], "C": ["eryops"]}
    _take_out(state, [c for env in archive.values() for c in env])
    b.archive = archive
    b.crates = []  # room for the round bonus's three bones
    b.camps_left = ["move", "move"]
    state.awards[1] = "b-bird-1"
    state.award_marks = {k: v for k, v in state.award_marks.items() if not k.startswith("b-")}
    state.award_marks["b-bird-1"] = [None] * 4
    return _paleo_turn(state, "lucas-1")


def elisabeth_find() -> tuple[S, tuple[str, ...]]:
    """Elisabeth (P1) has played a species card for a paleontologist action: Ornithomimus (a
    hammer find) in hand, Hadrosaurus already in the hammer envelope, and a hammer tile in row 1
    of the column whose bonus is two rare bones. Returns the state and the labels of her find:
    the paleontologist to the find location, Ornithomimus with that tile, a claw and a wing."""
    state = started()
    b = state.boards[0]
    _take_out(state, ["ornithomimus", "hadrosaurus", "stegosaurus"])
    b.hand, b.archive = ["ornithomimus"], {"C": ["hadrosaurus"]}
    b.camps_left = ["move", "move"]
    col = state.find_bonus.index("rare") if "rare" in state.find_bonus else 0
    state.find_bonus[col] = "rare"
    state.finds[0][col] = "hammer"
    labels = ("P1 go find", f"P1 find ornithomimus 1 {col + 1}", "P1 take claw", "P1 take wing")
    return _paleo_turn(state, "stegosaurus"), labels


HADROSAURUS_MOVE = ("P1 play elasmosaurus", "P1 prize", "P1 archive hadrosaurus a")
"""Moving the Hadrosaurus: Elasmosaurus's prize (move an archived card) on its matching slot."""


def hadrosaurus_move() -> S:
    """Nello (P1) before his turn: Elasmosaurus (a fossil find, whose prize moves an archived
    card) in hand for slot 1, Hadrosaurus in envelope C and Archaeotherium in envelope A."""
    state = started()
    b = state.boards[0]
    _take_out(state, ["elasmosaurus", "hadrosaurus", "archaeotherium"])
    b.hand = ["elasmosaurus"]
    b.archive = {"C": ["hadrosaurus"], "A": ["archaeotherium"]}
    b.camps_left = ["move", "move"]
    return state


def bookshelf(state: S, marsh: int, cope: int) -> None:
    """Put one value-2 paper on the lowest ``marsh`` shelves of Marsh and ``cope`` of Cope,
    emptying the rest (neutral tiles stay): credibility ``marsh`` and ``cope``."""
    for patron, n in (("marsh", marsh), ("cope", cope)):
        for shelf in state.shelves[patron]:
            shelf[:] = [0 if v == 0 else None for v in shelf]  # None: an empty spot
        for shelf in state.shelves[patron][:n]:
            shelf[shelf.index(None)] = 2
        state.overflow[patron] = []


def _shelve(state: S, patron: str, values: Sequence[int]) -> None:
    """Papers of ``values`` on ``patron``'s half, placed as publishing places them
    (``turn.add_paper``: the lowest open spot, neutral tiles skipped); all must find a shelf."""
    if sum(v is None for shelf in state.shelves[patron] for v in shelf) < len(values):
        raise ValueError(f"{patron}'s half has too few open spots for {len(values)} papers")
    for v in values:
        turn.add_paper(state, patron, v, None, 0)


def scoring(marsh_x: int, cope_x: int, marsh_cred: int, cope_cred: int) -> tuple[int, list[Event]]:
    """Score a staged table as the final scoring does: P1's loyalty markers on the first spaces
    showing multipliers ``marsh_x`` and ``cope_x``, credibility ``marsh_cred`` and ``cope_cred``.
    Returns P1's RP gained and the engine's events."""
    state = started()
    mult = components().loyalty.multipliers
    state.boards[0].loyalty = {"marsh": mult.index(marsh_x), "cope": mult.index(cope_x)}
    bookshelf(state, marsh_cred, cope_cred)
    before, events = state.boards[0].rp, list[Event]()
    rounds.score(state, "final", events)
    return state.boards[0].rp - before, events


# ---- exercises ---------------------------------------------------------------------------------------


def cost_quiz() -> S:
    """Exercise 1: P1 has used two slots this round and holds the Expedition and the Surveyor."""
    state = started()
    b = state.boards[0]
    b.played[:2] = ["surveyor", "dig_crew"]
    b.hand = ["expedition"]
    b.money = 9
    return state


def play_cost(state: S, card: str) -> int:
    """What P1 pays to play ``card`` into its next slot (played by the engine on a copy)."""
    game = _game()
    after, _ = game.apply(state, f"P1 play {card}")
    return state.boards[0].money - after.boards[0].money


def debunk_quiz() -> S:
    """Exercise 2: P1 (Marsh) on the debunk location with three tails, two paws and a claw;
    Cope's side holds a 2 (bottom shelf) and a 3 (the shelf above)."""
    state = started()
    b = state.boards[0]
    b.patron, b.crates = "marsh", ["tail", "tail", "tail", "paw", "paw", "claw"]
    bookshelf(state, 0, 0)
    _shelve(state, "cope", [2, 3])
    state = _paleo_turn(state, "stegosaurus")
    state, _ = _game().apply(state, "P1 go debunk")
    return state


def loyalty_after(state: S, label: str) -> int | None:
    """P1's loyalty with its patron after playing ``label`` (None if the engine refuses it)."""
    try:
        after, _ = _game().apply(state, label)
    except IllegalAction:
        return None
    b = after.boards[0]
    return b.loyalty[b.patron]


def best_debunk_judge(state: S) -> Callable[[Any], tuple[bool, str]]:
    """A judge for "the single debunk that earns the most loyalty now": ✓ for a label that
    the engine accepts and that earns as much as the best legal debunk."""
    game = _game()
    options = [a.label for a in game.legal_actions(state, 0) if a.verb == "debunk"]
    best = max(loyalty_after(state, o) or 0 for o in options)

    def judge(answer: Any) -> tuple[bool, str]:
        label = str(answer).strip()
        if not label.lower().startswith("p1"):
            label = "P1 " + label
        got = loyalty_after(state, label)
        if got is None:
            return False, f"the engine refuses '{label}' here; it offers {', '.join(options)}"
        if got < best:
            return False, f"'{label}' earns {got} loyalty; another debunk earns {best}"
        return True, f"'{label}' earns {got} loyalty, the most on offer"

    return judge


# ---- passing and whole games ------------------------------------------------------------------------

PASS_DEMO = ("P1 pass", "P1 profession 2 2", "P1 university 2", "P1 upgrade surveyor field_geologist",
             "P1 keep marsh-1")
"""P1 passes at once on ``passing()``: a new profession (row 2, column 2: a team upgrade, $4 and a
paleontologist card), the neutral team moves on from space 4 to space 1, P1's team goes back to
university space 2 (Marsh), then the upgrade, and Marsh's own card kept from the display; the
loyalty bonus on Marsh's track follows."""


def passing() -> S:
    """A three-player table (seed 2) at the first turn of round 1, P1 to play, no grants."""
    return started(3, seed=2)


def game_events(players: int, seed: int, labels: Sequence[str], kinds: Sequence[str]) -> list[Event]:
    """Replay ``labels`` from a new table and keep the events of ``kinds`` (e.g. the scorings)."""
    game = _game()
    state, out = game.new(players, seed=seed), []
    for label in labels:
        state, events = game.apply(state, label)
        out += [e for e in events if e.kind in kinds]
    return out


# ---- small readers for the lesson's tables ----------------------------------------------------------


def slot_lines() -> list[str]:
    """The five printed action slots, left to right: price, find icon, and what a species card
    played there gives for team actions."""
    return [
        f"slot {i + 1}: ${s.cost} · icon {s.find:9} · a species card here: {s.ap} AP, digs to the "
        f"{('top', 'middle', 'bottom')[s.depth - 1]} slot"
        for i, s in enumerate(components().action_slots)
    ]


def team_card_lines() -> list[str]:
    """The six team cards: price, action points, depth, whether a specialist can join."""
    out = []
    for c in components().team_cards.values():
        depth = ("top", "middle", "bottom")[c.depth - 1]
        kind = "advanced" if c.advanced else "basic"
        torn = ", takes a specialist" if c.specialist else ""
        out.append(f"{c.name:17} {kind:8} ${c.cost} · {c.ap} AP · digs to the {depth} slot{torn}")
    return out


PRIZE_WORDS = {
    "money": "$3",
    "bones": "up to two bones from the bag",
    "cover": "a cover tile off (with its $2 or 1 RP)",
    "upgrade": "a team upgrade or a specialist",
    "move_archived": "an archived card moved",
    "site_actions": "three dig site actions",
}
"""The six species prizes in words (the kit's ids on the left: bone_wars.prizes.<id>)."""


def species_line(species: str) -> str:
    """One species card in words: name, describer and year, category, skeleton, icon, prize."""
    d = components()
    s = d.species[species]
    prize = next(PRIZE_WORDS[k] for k, effects in d.prizes.items() if tuple(effects) == tuple(s.prize))
    return (
        f"{s.name} ({s.by.title()} {s.year}) · {s.category} · skeleton: torso, tail, {s.skull} skull, "
        f"{s.limb} limb · find icon {s.find} · prize: {prize}"
    )


# ---- the table in words (what the notebooks print instead of Python lists and dicts) --------------

# number, and_list and bones_words live in text.py (the events and the text board say them too)


def card_name(card: str) -> str:
    """A card's printed name (species, team card or paleontologist)."""
    d = components()
    if card in d.species:
        return d.species[card].name
    if card in d.team_cards:
        return d.team_cards[card].name
    return card


def archive_words(archive: dict[str, list[str]]) -> str:
    """An archive in words: ``envelope A holds Archaeotherium; envelope D holds Eryops and
    Ichthyornis`` (``empty`` for none)."""
    held = [f"envelope {env} holds {and_list([card_name(c) for c in cards])}"
            for env, cards in sorted(archive.items()) if cards]
    return "; ".join(held) or "empty"


_SHELF = ("bottom", "second", "third", "fourth", "fifth", "sixth", "seventh")


def shelf_words(state: S, patron: str) -> str:
    """One patron's half of the bookshelf in words, bottom shelf first: which papers stand on
    which shelf, and any waiting under the portrait (empty spots and neutral tiles left out)."""
    parts = []
    for i, shelf in enumerate(state.shelves[patron]):
        papers = [str(v) for v in shelf if v]
        if papers:
            kind = "a paper" if len(papers) == 1 else "papers"
            parts.append(f"{kind} of value {and_list(papers)} on the {_SHELF[i]} shelf")
    if state.overflow[patron]:
        parts.append(f"{and_list([str(v) for v in state.overflow[patron]])} under the portrait")
    return f"{patron.title()}'s half: " + ("; ".join(parts) or "no papers")


def facts(state: S, seat: int, *what: str) -> str:
    """Some of ``seat``'s pieces in words, in the order asked: ``money``, ``rp``, ``patron``,
    ``loyalty``, ``team``, ``crates``, ``covers``, ``archive``, ``hand``, ``profession``,
    ``university``. For example ``P1: $7 · team in Montana``."""
    d, b = components(), state.boards[seat]
    name = state.names[seat]  # "P1", or "Theodore" in the solo game
    said = {
        "money": lambda: f"${b.money}",
        "rp": lambda: f"{b.rp} RP",
        "patron": lambda: f"patron {b.patron.title()}",
        "loyalty": lambda: f"loyalty Marsh {b.loyalty['marsh']}, Cope {b.loyalty['cope']}",
        "team": lambda: f"team in {d.dig_sites[b.team].name}" if b.team
        else f"team on university space {b.university}",
        "crates": lambda: f"crates: {bones_words(b.crates)}",
        "covers": lambda: f"{number(b.covers)} cover{'s' if b.covers != 1 else ''} left",
        "archive": lambda: f"archive: {archive_words(b.archive)}",
        "hand": lambda: f"hand: {and_list([card_name(c) for c in b.hand])}",
        "profession": lambda: "no profession" if b.profession is None
        else f"profession row {b.profession[0]}, column {b.profession[1]}",
        "university": lambda: f"university space {b.university}" if b.university is not None
        else "no university space",
    }
    return f"{name}: " + " · ".join(said[w]() for w in what)


def setup_choices(state: S) -> str:
    """Who chooses the first setup bundle and from what, in words."""
    game = _game()
    seat = game.to_move(state)[0]
    labels = [a for a in game.legal_actions(state, seat)]
    species = [card_name(a.args[0]) for a in labels if a.verb == "bundle"]
    careers = [a for a in labels if a.verb == "career"]
    rows = sorted({int(a.args[0]) for a in careers})
    spaces = sorted({int(a.args[1]) for a in careers})
    return (f"P{seat + 1} chooses first, from {number(len(species))} species bundles "
            f"({and_list(species)}) and {number(len(careers))} careers (a profession row from "
            f"{rows[0]} to {rows[-1]}, with a university space from {spaces[0]} to {spaces[-1]}).")
