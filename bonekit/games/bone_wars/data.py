"""Bone Wars component data (data.json) as frozen dataclasses.

Every entry of the file names its source: ``rulebook`` (with the section in ``where``), ``facts``
(the species facts file) or ``kit`` (designed here, with a one-line ``why``). Bonuses are effects
in the design's small vocabulary (:data:`EFFECT_KINDS`); :func:`validate` refuses a file whose
effects, counts or cross references do not hold, and :func:`components` calls it once.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("data.json")

PARTS = ("torso", "tail", "skull", "limb")
SKULLS = ("carnivore", "herbivore")
LIMBS = ("paw", "flipper", "claw", "wing")
FINDS = ("bug", "footprint", "fossil", "hammer", "plant")
CATEGORIES = ("reptile", "mammal", "bird", "amphibian")
DISCOVERERS = ("marsh", "cope", "leidy")
PATRONS = ("marsh", "cope")
PALEO_ACTIONS = ("publish", "debunk", "award", "find")
ENVELOPES = ("A", "B", "C", "D", "E")
SOURCES = ("rulebook", "facts", "kit")

#: Effect kinds (one key per effect object) and the modifiers each may carry.
EFFECT_KINDS: dict[str, frozenset[str]] = {
    "money": frozenset(),
    "rp": frozenset(),
    "loyalty": frozenset(),
    "rival_loyalty": frozenset(),
    "bones": frozenset({"upto"}),
    "rare": frozenset({"upto"}),
    "exchange": frozenset(),
    "species": frozenset(),
    "species_look": frozenset({"keep"}),
    "discard_look": frozenset({"keep"}),
    "paleo": frozenset(),
    "cover": frozenset(),
    "upgrade_team": frozenset(),
    "slot": frozenset(),
    "move_archived": frozenset(),
    "site_actions": frozenset(),
    "swap_patron": frozenset(),
    "recall_paleo": frozenset(),
    "round_bonus": frozenset(),
    "any_round_bonus": frozenset(),
    "choose": frozenset(),
}

Effects = tuple[dict, ...]


@dataclass(frozen=True)
class Bone:
    kind: str  # torso, tail, carnivore, herbivore, paw, flipper, claw, wing
    count: int  # tokens in the game
    part: str  # torso, tail, skull or limb


@dataclass(frozen=True)
class Species:
    id: str
    name: str
    by: str  # discoverer: marsh, cope or leidy
    year: int
    category: str  # reptile, mammal, bird, amphibian (wild for B awards)
    skull: str  # carnivore, herbivore or either
    limb: str  # paw, flipper, claw, wing or either
    find: str  # minor-find icon
    prize: Effects
    prize_id: str = ""  # the prize's id in ``Components.prizes``


@dataclass(frozen=True)
class PaleoCard:
    id: str  # "lakes-1"
    person: str  # "lakes"
    name: str
    born: int
    died: int
    cost: int
    action: str  # the paleontologist action whose bonus this card gives
    bonus: str  # id of the bonus (texts in ``Components.paleo_bonuses``)


@dataclass(frozen=True)
class TeamCard:
    id: str
    name: str
    cost: int
    ap: int
    depth: int  # 1 top bone, 2 top or middle, 3 any
    specialist: bool  # can carry a specialist
    advanced: bool


@dataclass(frozen=True)
class Slot:
    cost: int
    find: str
    ap: int  # what a species card played here gives
    depth: int


@dataclass(frozen=True)
class Site:
    id: str
    name: str
    to: tuple[str, ...]  # the sites its arrows lead to
    camps: tuple[int, ...]  # minimum player count of each base-camp space


@dataclass(frozen=True)
class University:
    space: int
    patron: str
    name: str
    sites: tuple[str, ...]  # the two dig sites a team starting here may go to


@dataclass(frozen=True)
class SiteAction:
    id: str
    text: str
    effect: Effects


@dataclass(frozen=True)
class BonusTile:
    id: str
    text: str
    effect: Effects


@dataclass(frozen=True)
class Grant:
    id: str
    text: str


@dataclass(frozen=True)
class AwardSpace:
    need: int  # cards the player must own
    loyalty: int
    virtual: bool  # blocked by a virtual opponent's marker at 2 and 3 players


@dataclass(frozen=True)
class AwardTile:
    id: str
    kind: str  # A (discoverer), B (category), C (envelope)
    target: str
    spaces: tuple[AwardSpace, ...]  # top to bottom


@dataclass(frozen=True)
class Envelope:
    id: str
    find: str
    bonus: Effects  # paid once per card in the envelope after archiving


@dataclass(frozen=True)
class PlayerBoard:
    crates_open: int
    covers: int
    crates_per_cover: int
    money: int
    camps: tuple[str, ...]  # what each base-camp space unlocks: "move" or "archive"
    free_moves: tuple[int, ...]  # free moves with 0, 1, 2 move camps placed


@dataclass(frozen=True)
class LoyaltyTrack:
    top: int
    multipliers: tuple[int, ...]  # scoring multiplier at each position 0..top
    pass_bonus: tuple[tuple[int, dict], ...]  # (at, effect): gained on passing at or below ``at``

    def multiplier(self, position: int) -> int:
        """The scoring multiplier at ``position`` (capped at the top)."""
        return self.multipliers[min(position, self.top)]


@dataclass(frozen=True)
class Bookshelf:
    shelves: tuple[tuple[int, ...], ...]  # per shelf, bottom first: min players of each spot
    portrait: int  # overflow spots under the portrait (no credibility)


@dataclass(frozen=True)
class Profession:
    row: int  # 1 = top (plays first)
    col: int  # 1 = leftmost (setup)
    players: int  # minimum player count
    bonus: Effects


@dataclass(frozen=True)
class MinorFinds:
    rows: tuple[int, ...]  # minimum player count of each row
    columns: int


@dataclass(frozen=True)
class SoloCard:
    """One of Theodore's solo action cards: its ``back`` (what it tells the turn before it,
    as the next card: ``kind`` paleo or team, a team back's ``ap`` and ``depth``, and the
    upgraded backs' ``recall`` and ``rival_loyalty``), its paleontologist loop, its team
    actions in order and the arrow it follows (``direction``: the first or the last arrow),
    and an upgraded front's extras (``twice``: the loop twice; ``before``: bonuses first)."""

    id: str
    level: str
    back: dict[str, Any]
    paleo: tuple[str, ...]
    team: tuple[str, ...]
    direction: int
    twice: bool = False
    before: tuple[str, ...] = ()


@dataclass(frozen=True)
class Components:
    bones: dict[str, Bone]
    bones_total: int  # the tokens the per-kind counts add up to (the rulebook prints 77; see data)
    rare_per_kind: int
    colours: int  # player colours in the box: the largest table, and the virtual players' pieces
    neutral_papers: int  # neutral paper tiles in the box
    species: dict[str, Species]
    paleontologists: tuple[PaleoCard, ...]
    paleo_bonuses: dict[str, str]
    team_cards: dict[str, TeamCard]
    specialists: dict[str, Effects]
    action_slots: tuple[Slot, ...]
    upgraded_slots: tuple[Slot, ...]
    extra_slots_max: int
    dig_sites: dict[str, Site]
    universities: tuple[University, ...]
    site_actions: dict[str, SiteAction]
    prizes: dict[str, Effects]
    bonus_tiles: tuple[BonusTile, ...]
    round4_bonus: Effects
    grants: dict[str, Grant]
    awards: dict[str, tuple[AwardTile, ...]]
    archive: tuple[Envelope, ...]
    archive_capacity: tuple[int, ...]
    board: PlayerBoard
    loyalty: LoyaltyTrack
    bookshelf: Bookshelf
    professions: tuple[Profession, ...]
    profession_rows: tuple[str, ...]
    profession_cols: int
    endgame_bonus: dict[int, Effects]
    minor_finds: MinorFinds
    raw: dict[str, Any]
    solo_cards: tuple[SoloCard, ...] = ()
    solo_site_order: tuple[str, ...] = ()
    head_cm: int = 56

    def award(self, tile_id: str) -> AwardTile:
        """The award tile ``tile_id`` (of any kind)."""
        return next(t for kind in self.awards.values() for t in kind if t.id == tile_id)

    def bonus(self, tile_id: str) -> Effects:
        """The effects of the bonus tile ``tile_id``."""
        return next(t.effect for t in self.bonus_tiles if t.id == tile_id)


def _fx(effects: list[dict]) -> Effects:
    return tuple(dict(e) for e in effects)


def _slot(s: dict) -> Slot:
    return Slot(s["cost"], s["find"], s["ap"], s["depth"])


def build(raw: dict[str, Any]) -> Components:
    """Components from a parsed data file (no validation; see :func:`validate`)."""
    species = {
        s["id"]: Species(
            s["id"],
            s["name"],
            s["by"],
            s["year"],
            s["category"],
            s["skull"],
            s["limb"],
            s["find"],
            _fx(s["prize"]),
            s.get("prize_id", ""),
        )
        for s in raw["species"]["cards"]
    }
    paleo = tuple(
        PaleoCard(p["id"], p["person"], p["name"], p["born"], p["died"], p["cost"], p["action"], p["bonus"])
        for p in raw["paleontologists"]["cards"]
    )
    team = {
        t["id"]: TeamCard(t["id"], t["name"], t["cost"], t["ap"], t["depth"], t["specialist"], t["advanced"])
        for t in raw["team_cards"]
    }
    awards = {
        kind: tuple(
            AwardTile(
                t["id"],
                t["kind"],
                t["target"],
                tuple(AwardSpace(s["need"], s["loyalty"], s["virtual"]) for s in t["spaces"]),
            )
            for t in tiles
        )
        for kind, tiles in raw["awards"].items()
    }
    pb, lt, bs, pr = raw["player_board"], raw["loyalty_track"], raw["bookshelf"], raw["professions"]
    return Components(
        bones={k: Bone(k, v["count"], v["part"]) for k, v in raw["bones"].items()},
        bones_total=raw["bones_total"]["value"],
        rare_per_kind=raw["rare_per_kind"]["value"],
        colours=raw["colours"]["value"],
        neutral_papers=raw["neutral_papers"]["value"],
        species=species,
        paleontologists=paleo,
        paleo_bonuses={k: v["text"] for k, v in raw["paleontologists"]["bonuses"].items()},
        team_cards=team,
        specialists={k: _fx(v["effect"]) for k, v in raw["specialists"].items()},
        action_slots=tuple(_slot(s) for s in raw["action_slots"]["slots"]),
        upgraded_slots=tuple(_slot(s) for s in raw["upgraded_slots"]["tiles"]),
        extra_slots_max=raw["extra_slots_max"]["value"],
        dig_sites={
            s["id"]: Site(s["id"], s["name"], tuple(s["to"]), tuple(s["camps"]))
            for s in raw["dig_sites"]["sites"]
        },
        universities=tuple(
            University(u["space"], u["patron"], u["name"], tuple(u["sites"]))
            for u in raw["universities"]["spaces"]
        ),
        site_actions={a["id"]: SiteAction(a["id"], a["text"], _fx(a["effect"])) for a in raw["site_actions"]},
        prizes={k: _fx(v["effect"]) for k, v in raw["prizes"].items()},
        bonus_tiles=tuple(BonusTile(t["id"], t["text"], _fx(t["effect"])) for t in raw["bonus_tiles"]),
        round4_bonus=_fx(raw["round4_bonus"]["effect"]),
        grants={g["id"]: Grant(g["id"], g["text"]) for g in raw["grants"]},
        awards=awards,
        archive=tuple(Envelope(e["id"], e["find"], _fx(e["bonus"])) for e in raw["archive"]),
        archive_capacity=tuple(raw["archive_capacity"]["value"]),
        board=PlayerBoard(
            pb["crates_open"],
            pb["covers"],
            pb["crates_per_cover"],
            pb["money"],
            tuple(c["unlocks"] for c in pb["camps"]),
            tuple(pb["free_moves"]),
        ),
        loyalty=LoyaltyTrack(
            lt["top"], tuple(lt["multipliers"]), tuple((b["at"], dict(b["effect"])) for b in lt["pass_bonus"])
        ),
        bookshelf=Bookshelf(tuple(tuple(s) for s in bs["shelves"]), bs["portrait"]),
        professions=tuple(
            Profession(s["row"], s["col"], s["players"], _fx(s["bonus"])) for s in pr["spaces"]
        ),
        profession_rows=tuple(pr["rows"]),
        profession_cols=pr["columns"],
        endgame_bonus={int(k): _fx(v) for k, v in raw["endgame_bonus"]["rows"].items()},
        minor_finds=MinorFinds(tuple(raw["minor_finds"]["rows"]), raw["minor_finds"]["columns"]),
        raw=raw,
        solo_cards=tuple(
            SoloCard(
                c["id"],
                c["level"],
                dict(c["back"]),
                tuple(c["paleo"]),
                tuple(c["team"]),
                c["direction"],
                c.get("twice", False),
                tuple(c.get("before", ())),
            )
            for c in raw.get("solo", {}).get("cards", ())
        ),
        solo_site_order=tuple(raw.get("solo", {}).get("site_order", {}).get("value", ())),
        head_cm=raw.get("solo", {}).get("head_cm", {}).get("value", 56),
    )


def effect_problems(effects: Effects | list[dict], where: str) -> list[str]:
    """What is wrong with a list of effects (empty if every one is in the vocabulary)."""
    out = []
    for e in effects:
        kinds = [k for k in e if k in EFFECT_KINDS]
        if len(kinds) != 1:
            out.append(f"{where}: effect {e!r} needs exactly one kind of {sorted(EFFECT_KINDS)}")
            continue
        k = kinds[0]
        extra = set(e) - {k} - EFFECT_KINDS[k]
        if extra:
            out.append(f"{where}: effect {e!r} has unknown keys {sorted(extra)}")
        if k == "choose":
            if not isinstance(e[k], list) or not e[k]:
                out.append(f"{where}: 'choose' needs a list of effects")
            else:
                out += effect_problems(e[k], where + " (choose)")
        elif not isinstance(e[k], int) or isinstance(e[k], bool) or e[k] < 1:
            out.append(f"{where}: effect {e!r} needs a positive whole number")
    return out


def _spread(counts: Counter, keys: tuple[str, ...]) -> int:
    values = [counts.get(k, 0) for k in keys]
    return max(values) - min(values)


def validate(c: Components) -> None:
    """Raise ValueError listing every incoherence: effects outside the vocabulary, unknown ids,
    counts that do not add up."""
    bad: list[str] = []
    check = bad.append

    # bones
    if set(c.bones) != set(SKULLS + LIMBS + ("torso", "tail")):
        check(f"bones: kinds {sorted(c.bones)}")
    for b in c.bones.values():
        if (
            b.part not in PARTS
            or (b.part == "skull") != (b.kind in SKULLS)
            or (b.part == "limb") != (b.kind in LIMBS)
        ):
            check(f"bones: {b.kind} has part {b.part}")
        if b.count < c.rare_per_kind:
            check(f"bones: {b.kind} has fewer tokens than the rare display takes")

    if sum(b.count for b in c.bones.values()) != c.bones_total:
        check(f"bones: the kinds add up to {sum(b.count for b in c.bones.values())}, not {c.bones_total}")

    # species
    if len(c.species) != len(c.raw["species"]["cards"]):
        check("species: duplicate ids")
    for s in c.species.values():
        where = f"species {s.id}"
        if s.find not in FINDS:
            check(f"{where}: unknown find {s.find!r}")
        if s.by not in DISCOVERERS:
            check(f"{where}: unknown discoverer {s.by!r}")
        if s.category not in CATEGORIES:
            check(f"{where}: unknown category {s.category!r}")
        if s.skull not in SKULLS + ("either",):
            check(f"{where}: unknown skull {s.skull!r}")
        if s.limb not in LIMBS + ("either",):
            check(f"{where}: unknown limb {s.limb!r}")
        bad += effect_problems(s.prize, where)
        same = [k for k, fx in c.prizes.items() if fx == s.prize]
        if not same or (s.prize_id and s.prize_id not in same):
            check(f"{where}: its prize is not one of the prize bonuses")
    finds = Counter(s.find for s in c.species.values())
    if _spread(finds, FINDS) > 1:
        check(f"species: finds not spread evenly {dict(finds)}")

    # ids share one namespace in hands and reserves
    pools = [set(c.species), {p.id for p in c.paleontologists}, set(c.team_cards), set(c.specialists)]
    if sum(map(len, pools)) != len(set().union(*pools)):
        check("ids: species, paleontologist, team card and specialist ids overlap")

    # paleontologists
    people = Counter(p.person for p in c.paleontologists)
    if len(set(people.values())) > 1:
        check(f"paleontologists: uneven copies {dict(people)}")
    for p in c.paleontologists:
        if p.action not in PALEO_ACTIONS:
            check(f"paleontologist {p.id}: unknown action {p.action!r}")
        if p.bonus not in c.paleo_bonuses:
            check(f"paleontologist {p.id}: unknown bonus {p.bonus!r}")
        if not p.born < p.died:
            check(f"paleontologist {p.id}: dies before birth")

    # team cards, specialists, slots
    basic = [t for t in c.team_cards.values() if not t.advanced]
    if len(basic) * 2 != len(c.team_cards):
        check("team cards: basic and advanced do not pair up")
    for t in c.team_cards.values():
        if not (0 <= t.cost <= 3 and t.ap >= 1 and 1 <= t.depth <= 3):
            check(f"team card {t.id}: cost, AP or depth out of range")
    for k, fx in c.specialists.items():
        bad += effect_problems(fx, f"specialist {k}")
    for i, s in enumerate(c.action_slots + c.upgraded_slots):
        if s.find not in FINDS or not (0 <= s.cost <= 3 and s.ap >= 1 and 1 <= s.depth <= 3):
            check(f"slot {i}: {s}")
    if any(s.cost > 1 for s in c.upgraded_slots):
        check("upgraded slots: one costs more than $1")

    # dig sites and universities
    for s in c.dig_sites.values():
        for t in s.to:
            if t not in c.dig_sites or t == s.id:
                check(f"dig site {s.id}: arrow to {t!r}")
    reach = _reachable(c.dig_sites)
    if any(reach[s] != set(c.dig_sites) for s in c.dig_sites):
        check("dig sites: the arrows do not let every team go round")
    for u in c.universities:
        if u.patron not in PATRONS or any(x not in c.dig_sites for x in u.sites):
            check(f"university {u.space}: {u}")
    if sorted(u.space for u in c.universities) != list(range(1, len(c.universities) + 1)):
        check("universities: spaces are not numbered 1..n")
    if {u.patron for u in c.universities} != set(PATRONS):
        check("universities: both patrons need spaces")

    # the box's pieces close what smaller tables leave out (bone_wars.setup.virtual): neutral
    # paper tiles every bookshelf spot (both halves), the unused colours' base camps every camp space
    for players in range(2, c.colours):
        spots = 2 * sum(1 for shelf in c.bookshelf.shelves for n in shelf if n > players)
        if spots > c.neutral_papers:
            check(f"bookshelf: {spots} spots to close at {players} players, {c.neutral_papers} neutral tiles")
        spaces = sum(1 for s in c.dig_sites.values() for n in s.camps if n > players)
        camps = (c.colours - players) * len(c.board.camps)
        if spaces > camps:
            check(f"dig sites: {spaces} camp spaces to close at {players} players, {camps} virtual camps")
    if any(n < 2 or n > c.colours for s in c.dig_sites.values() for n in s.camps) or any(
        n < 2 or n > c.colours for shelf in c.bookshelf.shelves for n in shelf
    ):
        check("bookshelf and camp spaces: each opens for 2 to 4 players")

    # effects everywhere else
    for a in c.site_actions.values():
        bad += effect_problems(a.effect, f"site action {a.id}")
    for k, fx in c.prizes.items():
        bad += effect_problems(fx, f"prize {k}")
    for t in c.bonus_tiles:
        bad += effect_problems(t.effect, f"bonus tile {t.id}")
    bad += effect_problems(c.round4_bonus, "round 4 bonus")
    for e in c.archive:
        bad += effect_problems(e.bonus, f"envelope {e.id}")
    for p in c.professions:
        bad += effect_problems(p.bonus, f"profession {p.row},{p.col}")
    for r, fx in c.endgame_bonus.items():
        bad += effect_problems(fx, f"endgame row {r}")
    for at, e in c.loyalty.pass_bonus:
        bad += effect_problems([e], f"loyalty pass bonus at {at}")

    # archive, awards
    if tuple(e.id for e in c.archive) != ENVELOPES or sorted(e.find for e in c.archive) != sorted(FINDS):
        check("archive: envelopes A-E need one minor-find icon each")
    targets = {"A": set(DISCOVERERS), "B": set(CATEGORIES) - {"amphibian"}, "C": set(ENVELOPES)}
    for kind, tiles in c.awards.items():
        for t in tiles:
            if t.kind != kind or t.target not in targets.get(kind, ()):
                check(f"award {t.id}: kind {t.kind} target {t.target}")
            needs = [s.need for s in t.spaces]
            if needs != sorted(needs) or sum(s.virtual for s in t.spaces) != 1:
                check(f"award {t.id}: needs must rise top to bottom, one virtual space")
            if kind == "C" and max(needs) > max(c.archive_capacity):
                check(f"award {t.id}: needs more cards than an envelope holds")

    # board, tracks
    if len(c.board.free_moves) != c.board.camps.count("move") + 1:
        check("player board: free moves do not match the move camps")
    if len(c.archive_capacity) != c.board.camps.count("archive") + 1:
        check("player board: archive capacity does not match the archive camps")
    m = c.loyalty.multipliers
    if len(m) != c.loyalty.top + 1 or list(m) != sorted(m) or m[0] != 0:
        check("loyalty track: multipliers must rise from x0, one per position")
    rows = {p.row for p in c.professions}
    if (
        rows != set(range(1, len(c.profession_rows) + 1))
        or {p.col for p in c.professions} != set(range(1, c.profession_cols + 1))
        or len(c.professions) != len(rows) * c.profession_cols
    ):
        check("professions: the grid is not full")
    if set(c.endgame_bonus) != rows:
        check("endgame bonus: one entry per profession row")
    if c.minor_finds.columns != len(FINDS):
        check("minor finds: one column per icon")

    if bad:
        raise ValueError("Bone Wars data is incoherent:\n" + "\n".join(bad))


def _reachable(sites: dict[str, Site]) -> dict[str, set[str]]:
    out = {}
    for start in sites:
        seen, todo = {start}, [start]
        while todo:
            for t in sites[todo.pop()].to:
                if t in sites and t not in seen:
                    seen.add(t)
                    todo.append(t)
        out[start] = seen
    return out


@cache
def components() -> Components:
    """The game's components, loaded once and validated."""
    c = build(json.loads(DATA_FILE.read_text(encoding="utf-8")))
    validate(c)
    return c
