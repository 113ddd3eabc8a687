"""Bone Wars component data: the rulebook's counts and worked examples hold, every entry says
where it comes from, and every bonus is in the effect vocabulary."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

import bonekit
from bonekit.games.bone_wars.data import (
    DATA_FILE,
    EFFECT_KINDS,
    FINDS,
    LIMBS,
    SOURCES,
    build,
    components,
    effect_problems,
    validate,
)

FACTS = Path(__file__).resolve().parents[2] / "shared" / "data" / "bone_wars_species_facts.md"


@pytest.fixture(scope="module")
def c():
    return components()


def fits(species, bones: list[str]) -> bool:
    """Whether ``bones`` (2-4 different kinds) can assemble ``species``'s skeleton."""
    d = components()
    if len(set(bones)) != len(bones) or not 2 <= len(bones) <= 4:
        return False
    parts = [d.bones[b].part for b in bones]
    if len(set(parts)) != len(parts):
        return False
    for b in bones:
        part = d.bones[b].part
        want = species.skull if part == "skull" else species.limb if part == "limb" else b
        if want not in ("either", b):
            return False
    return True


def envelope_of(c, species_id: str):
    return next(e for e in c.archive if e.find == c.species[species_id].find)


# --- counts from the rulebook's materials list ---------------------------------------------


def test_bones_with_the_rulebook_counts(c):
    assert {k: b.count for k, b in c.bones.items()} == {
        "torso": 15,
        "tail": 15,
        "carnivore": 12,
        "herbivore": 12,
        "paw": 8,
        "flipper": 7,
        "claw": 6,
        "wing": 5,
    }
    # the materials list prints "77 bone tokens" but its kinds add up to 80: the kinds win,
    # and the data records the printed total with a note
    assert sum(b.count for b in c.bones.values()) == c.bones_total == 80
    assert c.raw["bones_total"]["printed"] == 77 and "80" in c.raw["bones_total"]["note"]
    assert c.rare_per_kind == 2  # 16 on the rare display, 61 in the bag
    assert {b.part for b in c.bones.values() if b.kind in LIMBS} == {"limb"}


def test_component_counts(c):
    assert len(c.species) == 48
    assert len(c.paleontologists) == 24
    people = Counter(p.person for p in c.paleontologists)
    assert len(people) == 12 and set(people.values()) == {2}
    assert len({p.id for p in c.paleontologists}) == 24
    assert len(c.grants) == 14
    assert len(c.dig_sites) == 6 and len(c.site_actions) == 6
    assert len(c.bonus_tiles) == 8
    assert len(c.upgraded_slots) == 16 and all(s.cost <= 1 for s in c.upgraded_slots)
    assert len(c.action_slots) == 5
    assert c.board.covers == 3 and c.board.crates_open == 4 and c.board.crates_per_cover == 2
    assert c.board.crates_open + c.board.covers * c.board.crates_per_cover == 10
    assert len(c.board.camps) == 4 and c.board.money == 5
    assert Counter(t.advanced for t in c.team_cards.values()) == {False: 3, True: 3}
    assert set(c.specialists) == {"miner", "sketch_artist", "ichnologist"}
    assert {k: len(v) for k, v in c.awards.items()} == {"A": 6, "B": 6, "C": 6}
    assert len(c.universities) == 4 and len(c.archive) == 5


def test_twenty_minor_finds_four_of_each_icon(c):
    raw = c.raw["minor_finds"]
    assert raw["per_icon"] * len(FINDS) == 20
    # one tile of each icon per player fills exactly the rows open at that table
    for players in (2, 3, 4):
        rows = sum(1 for r in c.minor_finds.rows if r <= players)
        assert rows * c.minor_finds.columns == players * len(FINDS)


def test_specialists_and_prizes_as_the_rulebook_lists(c):
    assert c.specialists == {
        "miner": ({"move_archived": 1},),
        "sketch_artist": ({"round_bonus": 1},),
        "ichnologist": ({"paleo": 1},),
    }
    assert sorted(map(str, c.prizes.values())) == sorted(
        map(
            str,
            [
                ({"money": 3},),
                ({"bones": 2, "upto": True},),
                ({"cover": 1},),
                ({"upgrade_team": 1},),
                ({"move_archived": 1},),
                ({"site_actions": 3},),
            ],
        )
    )


def test_eight_bonus_tiles_and_round4_cover_the_nine_listed_effects(c):
    effects = [t.effect for t in c.bonus_tiles] + [c.round4_bonus]
    assert len({json.dumps(e, sort_keys=True) for e in effects}) == 9
    assert ({"rare": 2, "upto": True},) in effects and ({"bones": 3, "upto": True},) in effects


def test_site_actions_are_the_appendix_six(c):
    kinds = sorted(next(iter(a.effect[0])) for a in c.site_actions.values())
    assert kinds == sorted(["swap_patron", "discard_look", "money", "bones", "exchange", "recall_paleo"])


def test_paleontologists_four_actions_three_people_each(c):
    by_person = {p.person: p for p in c.paleontologists}
    assert Counter(p.action for p in by_person.values()) == {"publish": 3, "debunk": 3, "award": 3, "find": 3}
    assert len({p.bonus for p in by_person.values()}) == 12
    assert by_person["leidy"].born == 1823 and by_person["leidy"].died == 1891
    assert all(p.cost == 1 for p in c.paleontologists)


# --- the rulebook's worked examples -----------------------------------------------------------


def test_ellens_publish(c):
    ich, arc = c.species["ichthyornis"], c.species["archaeotherium"]
    assert (ich.skull, ich.limb) == ("carnivore", "wing")
    assert fits(ich, ["carnivore", "wing"])
    assert (arc.skull, arc.limb) == ("either", "paw")
    assert fits(arc, ["torso", "herbivore", "paw"]) and fits(arc, ["torso", "carnivore", "paw"])
    assert not fits(arc, ["torso", "herbivore", "claw"])
    assert arc.prize == ({"bones": 2, "upto": True},)
    # archiving: $2 for the Archaeotherium (first card), 2 species cards for the Ichthyornis (second)
    assert envelope_of(c, "archaeotherium").bonus == ({"money": 2},)
    assert envelope_of(c, "ichthyornis").bonus == ({"species": 1},)
    assert envelope_of(c, "ichthyornis").id != envelope_of(c, "archaeotherium").id
    assert c.archive_capacity[1] >= 2
    # her card: a $1 publish card giving 1 loyalty more for 3 bones or fewer
    williston = next(p for p in c.paleontologists if p.person == "williston")
    assert (williston.cost, williston.action, williston.bonus) == (
        1,
        "publish",
        "publish_small_extra_loyalty",
    )


def test_elisabeths_minor_find_and_costs(c):
    orn = c.species["ornithomimus"]
    assert orn.find == "hammer" and envelope_of(c, "ornithomimus").bonus == ({"rp": 1},)
    assert c.action_slots[2].cost == 2  # her third turn: $2 slot + $1 card = $3
    assert c.action_slots[2].cost + c.paleontologists[0].cost == 3


def test_nellos_team_card_and_moves(c):
    expedition = [t for t in c.team_cards.values() if (t.cost, t.ap, t.depth) == (3, 3, 1)]
    assert expedition and any(s.cost == 1 for s in c.action_slots)  # he pays $3 + $1 = $4
    assert max(c.board.free_moves) == 3
    assert "wyoming" in c.dig_sites["montana"].to and "colorado" in c.dig_sites["wyoming"].to
    assert any((s.ap, s.depth) == (2, 3) for s in c.action_slots)  # a species card: 2 AP at depth 3


def test_nellos_award_and_archive_move(c):
    bird = next(t for t in c.awards["B"] if t.target == "bird" and t.spaces[-1].need == 2)
    assert bird.spaces[-1].loyalty == 4
    archive = ["reptile"] * 3 + ["bird", "amphibian"]
    birds = sum(1 for cat in archive if cat in ("bird", "amphibian"))  # the amphibian is wild
    assert birds >= bird.spaces[-1].need > archive.count("bird")
    # his Hadrosaurus moves to the first envelope for $2 once
    assert c.archive[0].bonus == ({"money": 2},)
    assert envelope_of(c, "hadrosaurus").id != c.archive[0].id
    assert any(s.prize == ({"move_archived": 1},) for s in c.species.values())


def test_roberts_debunk_pass_and_scoring(c):
    assert any(s.prize == ({"cover": 1},) for s in c.species.values())
    upgrade_space = [
        p
        for p in c.professions
        if sorted(map(str, p.bonus)) == sorted(map(str, [{"upgrade_team": 1}, {"money": 2}, {"paleo": 1}]))
    ]
    assert upgrade_space
    assert {u.space: u.patron for u in c.universities}[1] == "marsh"
    patrons = [u.patron for u in sorted(c.universities, key=lambda u: u.space)]
    assert patrons[0] == patrons[1] != patrons[2] == patrons[3]
    # below both pass-bonus icons: 1 loyalty and $1
    assert sorted(map(str, (e for at, e in c.loyalty.pass_bonus if at >= 0))) == sorted(
        map(str, [{"loyalty": 1}, {"money": 1}])
    )
    # final scoring: Marsh credibility 2 at x3 = 6 RP, Cope 4 at x5 = 20 RP
    m = c.loyalty.multipliers
    assert m[0] == 0 and max(m) == 7 and list(m) == sorted(m)
    x3, x5 = m.index(3), m.index(5)
    assert 2 * c.loyalty.multiplier(x3) == 6 and 4 * c.loyalty.multiplier(x5) == 20
    assert len(c.bookshelf.shelves) >= 4  # Cope can reach 4 credibility


def test_action_slots_rise_together(c):
    s = c.action_slots
    assert [x.cost for x in s] == sorted(x.cost for x in s) and s[0].cost == 0 and s[-1].cost == 3
    assert [x.ap for x in s] == sorted(x.ap for x in s) and [x.depth for x in s] == sorted(x.depth for x in s)
    assert sorted(x.find for x in s) == sorted(FINDS)


# --- species design -------------------------------------------------------------------------


def test_species_finds_spread_evenly(c):
    assert sorted(Counter(s.find for s in c.species.values()).values()) == [9, 9, 10, 10, 10]


def test_limbs_roughly_follow_the_bone_counts(c):
    limbs = Counter(s.limb for s in c.species.values() if s.limb != "either")
    bones = {k: c.bones[k].count for k in LIMBS}
    for k in LIMBS:
        assert abs(limbs[k] / sum(limbs.values()) - bones[k] / sum(bones.values())) < 0.06, k
    assert limbs["paw"] > limbs["flipper"] > limbs["claw"] > limbs["wing"]
    assert Counter(s.limb for s in c.species.values())["either"] <= 6
    skulls = Counter(s.skull for s in c.species.values())
    assert abs(skulls["carnivore"] - skulls["herbivore"]) <= 4


def test_every_species_prize_is_a_rulebook_prize_spread_evenly(c):
    assert all(s.prize in c.prizes.values() for s in c.species.values())
    assert set(Counter(s.prize_id for s in c.species.values()).values()) == {8}


@pytest.mark.skipif(not FACTS.exists(), reason="the facts file is outside the repository")
def test_species_match_the_facts_file(c):
    rows = {}
    for line in FACTS.read_text(encoding="utf-8").splitlines():
        cells = [x.strip() for x in line.strip("|").split("|")]
        if len(cells) == 6 and cells[2].isdigit():
            rows[cells[0].lower()] = cells
    for s in c.species.values():
        name, by, year, cat, diet, conf = rows[s.id]
        assert conf in ("H", "M")
        assert (s.name, s.by, s.year) == (name, by.lower(), int(year))
        assert cat.split()[-1] == s.category or cat.startswith(s.category)
        assert s.skull == diet.split()[0]
        assert {
            f: s_
            for f, s_ in c.raw["species"]["cards"][list(c.species).index(s.id)]["source"].items()
            if f in ("name", "by", "year", "category")
        } == dict.fromkeys(("name", "by", "year", "category"), "facts")


# --- sources and vocabulary -----------------------------------------------------------------


def _entries(section):
    """The entries of a data section that must each say where they come from."""
    if isinstance(section, list):
        return section
    if isinstance(section, dict) and "source" in section:
        return [section] + list(section.get("cards", []))  # species and paleontologists: each card too
    if isinstance(section, dict):
        return [e for v in section.values() for e in _entries(v)]
    raise AssertionError(f"unexpected section {section!r}")


def test_every_entry_has_a_source(c):
    checked = 0
    for key, section in c.raw.items():
        if key == "about":
            continue
        for e in _entries(section):
            src = e.get("source")
            kinds = set(src.values()) if isinstance(src, dict) else {src}
            assert kinds and kinds <= set(SOURCES), (key, e)
            if "kit" in kinds:
                assert e.get("why"), (key, e)
            if "rulebook" in kinds:
                assert e.get("where"), (key, e)
            checked += 1
    assert checked > 48 + 24 + 18


def _effect_lists(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("effect", "bonus", "prize") and isinstance(v, list):
                yield v
            else:
                yield from _effect_lists(v)
    elif isinstance(node, list):
        for v in node:
            yield from _effect_lists(v)


def test_every_effect_is_in_the_vocabulary(c):
    lists = list(_effect_lists(c.raw))
    assert len(lists) > 48 + 6 + 8
    for fx in lists:
        assert effect_problems(fx, "data") == []
        for e in fx:
            assert next(k for k in e if k in EFFECT_KINDS) in EFFECT_KINDS


def test_validate_refuses_incoherent_data():
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    validate(build(raw))  # the shipped file is fine

    broken = copy.deepcopy(raw)
    broken["bonus_tiles"][0]["effect"] = [{"teleport": 1}]
    with pytest.raises(ValueError, match="teleport"):
        validate(build(broken))

    broken = copy.deepcopy(raw)
    broken["species"]["cards"][0]["find"] = "amber"
    with pytest.raises(ValueError, match="amber"):
        validate(build(broken))

    broken = copy.deepcopy(raw)
    for card in broken["species"]["cards"][:5]:
        card["find"] = "bug"
    with pytest.raises(ValueError, match="spread"):
        validate(build(broken))

    broken = copy.deepcopy(raw)
    broken["bones"]["wing"]["count"] = 4
    with pytest.raises(ValueError, match="add up"):
        validate(build(broken))

    broken = copy.deepcopy(raw)
    broken["player_board"]["free_moves"] = [1, 2]
    with pytest.raises(ValueError, match="free moves"):
        validate(build(broken))

    broken = copy.deepcopy(raw)
    broken["dig_sites"]["sites"][0]["to"] = ["atlantis"]
    with pytest.raises(ValueError, match="atlantis"):
        validate(build(broken))


def test_components_is_cached_and_frozen(c):
    assert components() is c
    with pytest.raises(AttributeError):
        c.species["stegosaurus"].find = "bug"  # type: ignore[misc]


# --- the box's pieces close what smaller tables leave out ---------------------------------------------


def _table(players: int):
    """A table of ``players`` after setup, the virtual pieces placed."""
    game = bonekit.load("bone_wars")
    state = game.new(players, seed=0)
    while state.phase == "bundles":
        state, _ = game.apply(state, game.legal_actions(state, game.to_move(state)[0])[0])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_box_s_neutral_papers_close_every_bookshelf_spot_setup_closes(c, players):
    """Setup covers the bookshelf spots of absent players with neutral paper tiles, and the box
    holds ten of them: no table may need more."""
    assert c.neutral_papers == 10 and c.raw["neutral_papers"]["source"] == "rulebook"
    needed = 2 * sum(1 for shelf in c.bookshelf.shelves for n in shelf if n > players)
    assert needed <= c.neutral_papers
    placed = sum(v == 0 for p in ("marsh", "cope") for shelf in _table(players).shelves[p] for v in shelf)
    assert placed == needed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_virtual_players_base_camps_close_every_camp_space_setup_closes(c, players):
    """The unused colours' four base camps each cover the camp spaces of absent players: two
    colours' (8 camps) at two players, one colour's (4) at three."""
    assert c.colours == 4 and len(c.board.camps) == 4
    needed = sum(1 for s in c.dig_sites.values() for n in s.camps if n > players)
    assert needed <= (c.colours - players) * len(c.board.camps)
    placed = sum(site.camps.count(-1) for site in _table(players).sites)
    assert placed == needed


def test_each_table_size_s_open_spots(c):
    """The shelves as reviewed for issue 21: at two players one spot a shelf (each paper on a
    side opens a shelf, so credibility 4 takes 4 papers, not 6), wider low down at 3 and 4; the
    camp spaces open at two and three players are as before."""
    open_at = lambda n, spots: sum(1 for s in spots if s <= n)  # noqa: E731
    assert [open_at(2, s) for s in c.bookshelf.shelves] == [1, 1, 1, 1, 1, 1]
    assert [open_at(3, s) for s in c.bookshelf.shelves] == [2, 2, 2, 1, 1, 1]
    assert [open_at(4, s) for s in c.bookshelf.shelves] == [3, 3, 2, 1, 1, 1]
    assert {open_at(2, s.camps) for s in c.dig_sites.values()} == {2}
    assert {open_at(3, s.camps) for s in c.dig_sites.values()} == {3}


def test_validate_refuses_more_closed_spots_than_the_box_holds():
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    broken = copy.deepcopy(raw)
    broken["bookshelf"]["shelves"] = [[2, 2, 3, 4], [2, 2, 3, 4], [2, 3, 4], [2, 3, 4], [2, 4], [2]]
    with pytest.raises(ValueError, match="18 spots to close at 2 players, 10 neutral tiles"):
        validate(build(broken))
    broken = copy.deepcopy(raw)
    for site in broken["dig_sites"]["sites"]:
        site["camps"] = [2, 2, 3, 4]
    with pytest.raises(ValueError, match="12 camp spaces to close at 2 players, 8 virtual camps"):
        validate(build(broken))
