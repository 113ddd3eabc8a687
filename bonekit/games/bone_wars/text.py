"""The Bone Wars text board: the whole table in plain lines (the accessible twin of the
pictures, and what replays and tests compare); and the wording of the end of a game
(``outcome_words``) and of refusals that need the table to say why (``refusal``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ...core import words as core_words
from ...core.actions import Action, seat_name
from .data import components
from .state import PATRONS, BoneWarsState, rival

R = "bone_wars."
_BONES = {"herbivore": "herbivore skull", "carnivore": "carnivore skull"}


# ---- small words: bones, cards, tiles (what the events and the text board say for the ids) ------------
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_COUNT = _NUMBERS[:5]  # the refusals spell counts up to four, then use digits
_PLURAL = {"torso": "torsos", "tail": "tails", "herbivore": "herbivore skulls",
           "carnivore": "carnivore skulls", "paw": "paws", "flipper": "flippers", "claw": "claws",
           "wing": "wings"}


def number(n: int) -> str:
    """A small count in words (``3`` → ``three``); larger ones as digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``; ``nothing`` for none."""
    return core_words.and_list(items) or "nothing"


def bone_name(kind: str) -> str:
    """A bone kind in words: ``carnivore skull``, ``torso``."""
    return _BONES.get(kind, kind)


def a_bone(kind: str) -> str:
    """One bone in words: ``a carnivore skull``, ``a torso``."""
    return f"a {bone_name(kind)}"


def bones_words(bones: Sequence[str]) -> str:
    """Bones in words, in the order each kind first appears: ``a carnivore skull, two wings and a
    claw``; ``no bones`` for none."""
    counts: dict[str, int] = {}
    for kind in bones:
        counts[kind] = counts.get(kind, 0) + 1
    if not counts:
        return "no bones"
    return and_list([a_bone(k) if n == 1 else f"{number(n)} {_PLURAL.get(k, k + 's')}"
                     for k, n in counts.items()])


def card_words(card: str) -> str:
    """A card's printed name: a species, a team card, a paleontologist (with the action their
    card gives), a specialist; Theodore's solo cards keep their names (``basic-3``)."""
    d = components()
    if card in d.species:
        return d.species[card].name
    if card in d.team_cards:
        return d.team_cards[card].name
    paleo = next((p for p in d.paleontologists if p.id == card), None)
    if paleo is not None:
        return f"{paleo.name} ({'minor find' if paleo.action == 'find' else paleo.action})"
    return card.replace("_", " ")


def award_words(tile_id: str) -> str:
    """An award tile by what it asks: ``award A (species described by Cope)``, ``award B
    (birds)``, ``award C (envelope A)``."""
    tile = components().award(tile_id)
    asks = {"A": f"species described by {tile.target.title()}", "B": f"{tile.target}s",
            "C": f"envelope {tile.target}"}[tile.kind]
    return f"award {tile.kind} ({asks})"


def _sentence_part(text: str) -> str:
    """A data file's sentence inside a line: its first letter small, its full stop dropped."""
    text = text.rstrip(".")
    return text[:1].lower() + text[1:]


LOCATION_NAMES = {"find": "minor find"}  # a paleontologist action location's name, where its id is no word
LOCATION_GOALS = {  # what the paleontologist does at each location
    "publish": "publish papers",
    "debunk": "debunk a paper",
    "award": "claim an award",
    "find": "make a minor find",
}


def location_name(location: str) -> str:
    """A paleontologist action location's name ("minor find" for ``find``)."""
    return LOCATION_NAMES.get(location, location)


def location_goal(location: str) -> str:
    """What the paleontologist does at ``location``, in words ("make a minor find")."""
    return LOCATION_GOALS.get(location, location)


def site_action_words(action: str) -> str:
    """A dig-site action tile in words (the data file's text)."""
    return _sentence_part(components().site_actions[action].text)


def bonus_tile_words(tile_id: str) -> str:
    """A bonus tile in words (the data file's text)."""
    return _sentence_part(next(t.text for t in components().bonus_tiles if t.id == tile_id))


def grant_words(grant_id: str) -> str:
    """A grant's ability in words (the data file's text)."""
    return _sentence_part(components().grants[grant_id].text)


DECISIONS = {  # a decision's kind -> what it asks, in words (the text board's last line)
    "overflow": "which bone goes back to the bag (the crates are full)",
    "draw": "whether to draw another bone",
    "rare": "which rare bone to take, or to stop",
    "exchange": "which crate bone to swap for a rare bone, or to skip",
    "keep": "which of the species cards looked at to keep",
    "discard": "which species card to discard for a look at more, or to skip",
    "paleo": "which paleontologist card to take from the display, or to stop",
    "cover": "$2 or 1 RP for the cover tile removed",
    "upgrade": "which team card to upgrade or specialist to hire, or to skip",
    "slot": "where the upgraded action slot tile goes",
    "rearchive": "which archived species card to move, or to skip",
    "site_action": "which dig-site action to take, or to stop",
    "swap": "whether to change patron",
    "any_round_bonus": "which bonus tile to take",
    "choose": "which of the bonuses to take",
    "profession": "which profession to take (after passing)",
    "university": "which university space the team returns to",
    "depart": "which dig site the team steps onto from its university",
    "reward": "which reward of the papers to take next",
    "split": "how to split the loyalty between the patrons",
    "pick_bone": "which of the bones drawn to keep",
    "specialist": "whether a specialist joins the team card",
}


def _count(items) -> str:
    c = Counter(bone_name(k) for k in items)
    return ", ".join(f"{n}× {k}" if n > 1 else k for k, n in sorted(c.items())) or "none"


_PALEO_AT = {"find": "the minor-find action"}


def render_text(game, s: BoneWarsState, seat: int | None) -> str:
    d = components()
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    head, stage = game.stage(s)
    lines = [
        f"Bone Wars · {s.players} players · seed {s.seed} · {who}",
        f"{head} · {stage} · bag {len(s.bag)} bones",
    ]
    lines.append("Dig sites:")
    for site in s.sites:
        spec = d.dig_sites[site.id]
        card = d.species[site.card].name if site.card else "no card"
        bones = " / ".join(bone_name(b) if b else "-" for b in site.bones)
        camps = ", ".join("virtual" if c < 0 else seat_name(c) for c in site.camps) or "none"
        teams = ", ".join(seat_name(i) for i, b in enumerate(s.boards) if b.team == site.id) or "none"
        lines.append(
            f"  {spec.name}: {card} · bones {bones} · action: {site_action_words(site.action)} · "
            f"camps {camps} · teams {teams} · arrows to {', '.join(d.dig_sites[t].name for t in spec.to)}"
        )
    lines.append("Rare bones: " + ", ".join(f"{bone_name(k)} {n}" for k, n in sorted(s.rare.items())))
    lines.append("Paleontologists face up: " + (", ".join(card_words(c) for c in s.paleo_display) or "none"))
    for p in PATRONS:
        shelves = " | ".join(
            " ".join("n" if v == 0 else "." if v is None else str(v) for v in shelf) for shelf in s.shelves[p]
        )
        extra = f" · portrait shelf {', '.join(map(str, s.overflow[p]))}" if s.overflow[p] else ""
        lines.append(f"Bookshelf {p.title()}: {shelves}{extra}")
    for tile in s.awards:
        marks = ", ".join(
            "free" if m is None else "virtual" if m < 0 else seat_name(m) for m in s.award_marks[tile]
        )
        lines.append(f"{award_words(tile)[:1].upper()}{award_words(tile)[1:]}: {marks}")
    rows = [", ".join(f or "-" for f in row) for r, row in enumerate(s.finds)
            if d.minor_finds.rows[r] <= s.players]
    lines.append("Minor finds (a row at a time, columns 1 to 5): " + " / ".join(rows))
    lines.append("Column bonuses: " + " · ".join(
        f"{i + 1}: {bonus_tile_words(t)}" for i, t in enumerate(s.find_bonus)))
    lines.append("Round bonuses: " + " · ".join(
        f"round {i + 1}: {bonus_tile_words(t)}" for i, t in enumerate(s.round_bonus)))
    lines.append(
        "Universities: "
        + ", ".join(
            f"{k}: {'neutral' if v == -1 else '-' if v is None else seat_name(v)}"
            + (" + neutral" if k == s.neutral and v not in (None, -1) else "")  # a shared start space
            for k, v in sorted(s.universities.items())
        )
    )
    for i, b in enumerate(s.boards):
        lines.append("")
        where = (f"team at {d.dig_sites[b.team].name}" if b.team else
                 f"team at university {b.university}" if b.university is not None else "team not placed yet")
        paleo = (f"paleontologist at {_PALEO_AT.get(b.paleo, f'the {b.paleo} action')}" if b.paleo
                 else "paleontologist off the board")
        name = seat_name(i) if s.names[i] == seat_name(i) else f"{seat_name(i)} ({s.names[i]})"
        lines.append(
            f"{name} · ${b.money} · {b.rp} RP · patron {b.patron.title()} · loyalty Marsh "
            f"{b.loyalty['marsh']}, Cope {b.loyalty['cope']} · {where} · {paleo}"
            + (" · passed" if s.passed and s.passed[i] else "")
        )
        lines.append(f"  hand: {', '.join(sorted(card_words(c) for c in b.hand)) or 'none'}")
        lines.append(f"  played: {', '.join(card_words(c) if c else '-' for c in b.played)}")
        covers = f"{b.covers} cover{'s' if b.covers != 1 else ''} left"
        lines.append(f"  crates ({len(b.crates)} bones, {covers}): {_count(b.crates)}")
        archive = "; ".join(f"{k}: {', '.join(card_words(c) for c in v)}"
                            for k, v in sorted(b.archive.items()) if v) or "empty"
        hired = f" · specialists: {', '.join(card_words(x) for x in b.specialists)}" if b.specialists else ""
        lines.append(
            f"  archive: {archive} · base camps left: {', '.join(b.camps_left) or 'none'}{hired} · "
            f"grant: {grant_words(b.grant) if b.grant else 'none'}"
        )
    if s.pending:
        p = s.pending[0]
        lines.append("")
        lines.append(f"{seat_name(p.seat)} owes a decision: "
                     f"{DECISIONS.get(p.kind, p.kind.replace('_', ' '))}")
    out = game.outcome(s)
    if out:
        lines.append("")
        lines.append(f"Game over: {out.summary}")
    return "\n".join(lines)


# ---- the end of a game, in words ---------------------------------------------------------------------


def _names(seats: Sequence[int], state: BoneWarsState) -> str:
    return and_list([state.names[s] for s in seats])


def outcome_words(state: BoneWarsState, winners: tuple[int, ...]) -> str:
    """The result of a finished game in one sentence, naming ``winners`` (the engine's). A tie on
    RP is told as a tie, with the tie-break that settled it (archived species cards, then head
    size: bone_wars.ruling.ties), or as a shared win when nothing settles it."""
    rp = [b.rp for b in state.boards]
    cards = [sum(len(v) for v in b.archive.values()) for b in state.boards]
    solo = state.variant == "solo"
    heads: list[int | None]
    if solo:
        heads = [state.options.get("head_cm"), components().head_cm]
    else:
        heads = list(state.options.get("head_cm") or [None] * state.players)
    top = max(rp)
    tied = [s for s in range(state.players) if rp[s] == top]
    if len(tied) == 1:
        (w,) = tied
        if solo:
            me, him = rp
            return f"{state.names[0]} beats Theodore, {me} RP to {him}." if w == 0 else \
                f"Theodore wins, {him} RP to {me}."
        return f"{state.names[w]} wins with {rp[w]} RP."
    tie = f"{_names(tied, state)} tie at {top} RP"
    rule = f"the tie-break ({R}ruling.ties)"
    most = max(cards[s] for s in tied)
    level = [s for s in tied if cards[s] == most]
    behind = and_list([f"{state.names[s]}'s {cards[s]}" for s in tied if s not in level])
    if len(level) == 1:  # the archived species cards settle it
        return (f"{tie}; {rule} goes to more archived species cards: {_names(winners, state)} wins, "
                f"{most} to {behind}.")
    cards_each = f"{most} archived species card{'s' if most != 1 else ''} each"
    if len(level) < len(tied):  # the cards leave some still level: say who, before the heads
        each = (f"{tie}; {_names(level, state)} hold the most archived species cards "
                f"({most} each, to {behind})")
    else:
        each = f"{tie} with {cards_each}"
    known = [s for s in level if heads[s] is not None]
    if len(known) == len(level) and len({heads[s] for s in level}) > 1:  # head size settles it
        biggest = max(h for s in level if (h := heads[s]) is not None)
        rest = and_list([f"{state.names[s]}'s {heads[s]} cm" for s in level if s not in winners])
        verb = "wins" if len(winners) == 1 else "share the win"
        return (f"{each}; {rule} goes to the larger head: {_names(winners, state)} {verb}, "
                f"{biggest} cm to {rest}.")
    why = "the same head size" if len(known) == len(level) else \
        ("no head size given" if solo else "no head sizes given")
    sharers = "they" if len(level) == len(tied) else _names(winners, state)
    return f"{each} and {why} ({R}ruling.ties): {sharers} share the win."


# ---- refusals that need the table to say why ------------------------------------------------------------


def _bones(kind: str, n: int) -> str:
    return f"{_COUNT[n] if n < len(_COUNT) else n} {bone_name(kind)}{'s' if n != 1 else ''}"


def refusal(
    state: BoneWarsState, action: Action, targets: Callable[[BoneWarsState, str], list[int]]
) -> tuple[str, str] | None:
    """Why a debunk the player names cannot be paid, from the table: the set's size, the bones in
    the crates, the rival half's papers. ``targets(state, patron)`` lists the values a debunk may
    turn over (the engine's rule). None when the reason is not one of these."""
    t = state.turn
    if t is None or state.pending or t.mode != "paleo" or t.action != "debunk":
        return None
    if action.verb != "debunk" or len(action.args) < 2 or len(action.args) > 3:
        return None
    kind, size = action.args[0], action.args[1]
    if kind not in components().bones or not size.isdigit():
        return None
    n, b, who = int(size), state.boards[action.seat], seat_name(action.seat)
    if n not in (2, 3, 4):
        return f"a debunk pays a set of 2, 3 or 4 identical bones, not {n}", R + "paleo.debunk"
    other = rival(b.patron)
    values = sorted(targets(state, other))
    if n not in values:
        kinds = sorted(set(values))
        held = ("no papers" if not kinds else f"only a value-{kinds[0]} paper" if len(values) == 1
                else "papers of value " + ", ".join(map(str, kinds[:-1])) + " and " + str(kinds[-1])
                if len(kinds) > 1 else f"only value-{kinds[0]} papers")
        return (f"{other.title()}'s half holds no value-{n} paper to debunk (it has {held})",
                R + "ruling.debunk_missing")
    have = b.crates.count(kind)
    if have < n and len(action.args) == 2:
        return (f"a value-{n} debunk needs {_bones(kind, n)}, and {who}'s crates hold "
                f"{_bones(kind, have)}", R + "paleo.debunk")
    return None


# ---- the words on a Table's buttons (issue 21: controls in words, never raw ids) ------------------------
EFFECT_WORDS = {  # effect kind -> its short words with the number n
    "money": "+${n}", "rp": "+{n} RP", "loyalty": "+{n} loyalty", "rival_loyalty": "+{n} rival loyalty",
    "bones": "{n} bones", "rare": "{n} rare bones", "exchange": "swap for a rare bone",
    "species": "{n} species", "species_look": "look {n}, keep 1", "discard_look": "discard, look {n}",
    "paleo": "{n} paleontologist", "cover": "a cover", "upgrade_team": "upgrade team",
    "slot": "slot tile", "move_archived": "move archived card", "site_actions": "{n} site actions",
    "swap_patron": "swap patron", "recall_paleo": "recall paleontologist", "round_bonus": "round bonus",
    "any_round_bonus": "any round bonus",
}


def effect_words(effects) -> str:
    """A list of effects (data-file dicts) in short words: ``+$3``, ``up to 2 rare bones``."""
    out = []
    for e in effects:
        if "choose" in e:
            out.append(" or ".join(effect_words([x]) for x in e["choose"]))
            continue
        kind = next((k for k in e if k in EFFECT_WORDS), None)
        if kind is None:
            out.append(", ".join(k.replace("_", " ") for k in e))
            continue
        n = e[kind]
        text = EFFECT_WORDS[kind].format(n=n)
        if n == 1:
            text = text.replace("1 bones", "1 bone").replace("1 rare bones", "1 rare bone")
        out.append(("up to " if e.get("upto") else "") + text)
    return ", ".join(out)


def _university(space: str) -> str:
    u = next(u for u in components().universities if str(u.space) == space)
    return f"{u.name} ({u.patron.title()})"


def _profession(row: str, col: str | None = None) -> str:
    d = components()
    name = d.profession_rows[int(row) - 1]
    if col is None:
        return name
    spot = next((p for p in d.professions if p.row == int(row) and p.col == int(col)), None)
    return f"{name}, column {col}" + (f" ({effect_words(spot.bonus)})" if spot else "")


def _site(site_id: str) -> str:
    return components().dig_sites[site_id].name


_FIXED = {  # verbs whose words need no arguments
    "pass": "pass", "prize": "take the prize", "draw": "draw a bone", "stop": "stop", "skip": "skip",
    "done": "done", "end": "end the turn", "deeper": "dig deeper (new bones and card)",
    "discover": "take the species card here", "drop": "give up this paper",
    "paper": "finish this paper", "swap": "change patron", "stay": "stay",
}


def button_words(state: BoneWarsState | None, action: Action) -> str:
    """What a Table's button for ``action`` says, as a person would say it: ``career: Surveyor
    at Yale College (Marsh)``, ``upgrade Dig Crew to Quarry Crew``, ``play Antrodemus``. The
    label (``P1 career 2 1``) stays the button's tooltip and what a replay stores."""
    d, verb, args = components(), action.verb, action.args
    pending = state.pending[0] if state is not None and state.pending else None
    if verb in _FIXED and not args:
        return _FIXED[verb]
    try:
        if verb == "bundle":
            return f"take {d.species[args[0]].name} and its bones"
        if verb == "career":
            return f"career: {_profession(args[0])} at {_university(args[1])}"
        if verb == "profession":
            return _profession(args[0], args[1])
        if verb == "university":
            return _university(args[0])
        if verb == "move":
            return f"to {_site(args[0])}"
        if verb == "site":
            here = next((x for x in state.sites if x.id == args[0]), None) if state is not None else None
            action_words = f"{site_action_words(here.action)}: " if here is not None else ""
            return f"{action_words}the action at {_site(args[0])}"
        if verb == "play":
            return f"play {card_words(args[0])}"
        if verb == "mode":
            return {"team": "team", "paleo": "paleontologist"}[args[0]]
        if verb == "go":
            return location_name(args[0])
        if verb == "dig":
            return f"dig the {args[0]} bone"
        if verb == "camp":
            return {"move": "base camp (a free move)", "archive": "base camp (archive room)"}[args[0]]
        if verb == "publish":
            return f"publish {d.species[args[0]].name}"
        if verb == "bone":
            return f"add {a_bone(args[0])}"
        if verb == "wild":
            return f"{a_bone(args[0])} as the {args[1]}"
        if verb == "debunk":
            said = f"debunk a value-{args[1]} paper with {bone_name(args[0])}s"
            return said + (f" (and {a_bone(args[2])})" if len(args) > 2 else "")
        if verb == "claim":
            return f"claim {award_words(args[0])}, space {args[1]}"
        if verb == "find":
            where = f"{d.species[args[0]].name}: row {args[1]}, column {args[2]}"
            return f"minor find for {where}" + (f", envelope {args[3].upper()}" if len(args) > 3 else "")
        if verb in ("take", "return"):
            return f"{'take' if verb == 'take' else 'put back'} {a_bone(args[0])}"
        if verb == "exchange":
            return f"swap {a_bone(args[0])} for a rare {bone_name(args[1])}"
        if verb in ("discard", "keep"):
            return f"{verb} {card_words(args[0])}"
        if verb == "archive":
            return f"move {card_words(args[0])} to envelope {args[1].upper()}"
        if verb == "do":
            return site_action_words(args[0])
        if verb == "slot":
            return "as an extra slot" if args[0] == "extra" else f"over slot {args[0]}"
        if verb in ("attach", "hire"):
            return f"{verb} the {args[0].replace('_', ' ')}"
        if verb == "upgrade":
            return f"upgrade {card_words(args[0])} to {card_words(args[1])}"
        if verb == "bonus":
            return "round 4's bonus" if args[0] == "round4" else bonus_tile_words(args[0])
        if verb == "choose" and pending is not None and pending.kind == "choose":
            return effect_words([dict(pending.get("options")[int(args[0]) - 1])])
        if verb == "choose" and pending is not None and pending.kind == "cover":
            return {"money": "$2", "rp": "1 RP"}[args[0]]
        if verb == "split" and pending is not None:
            marsh = int(args[0])
            return f"{marsh} to Marsh, {pending.get('n') - marsh} to Cope"
        if verb == "reward":
            if args[0] == "envelope" and len(args) > 1:
                return f"the envelope bonus for {card_words(args[1])}"
            return " ".join(a.replace("_", " ") for a in args)
    except (KeyError, IndexError, ValueError, StopIteration, TypeError):
        pass  # a shape these words do not know: the label's own words below
    return " ".join((verb, *args)).replace("_", " ")
