"""The Rolled Bones rule catalog (bonekit/games/rolled_bones/rules.md): every section the engine
cites exists with a text, it agrees with the kit's dice data, and it is written in our own
words (no sentence, nor any run of eight words, copied from the rulebook)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bonekit.core.rules import RuleCatalog

GAME_DIR = Path(__file__).resolve().parents[1] / "bonekit" / "games" / "rolled_bones"
RULES_MD = GAME_DIR / "rules.md"
DATA = json.loads((GAME_DIR / "data.json").read_text(encoding="utf-8"))
# The rulebooks sit beside the checkout (../shared/rulebooks), not inside it.
RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rulebooks" / "rolled_bones.txt"

# The ids the engine, widgets and notebooks cite (without the "rolled_bones." prefix).
REQUIRED = """
goal goal.declare goal.hold goal.next_game
dice dice.bones dice.base dice.creature dice.magic dice.item dice.weapons dice.power_face
symbols.flash symbols.banding symbols.first_strike symbols.flying
areas areas.bag areas.rack areas.base areas.doors areas.arena areas.adjacent
stacking setup setup.bags setup.first_rack setup.first_player
turn turn.start turn.build turn.refill turn.arrange turn.bones_roll turn.enter turn.band
turn.actions turn.move turn.next
battle battle.targets battle.base_target battle.intercept battle.hand_to_hand battle.ties
battle.projectile battle.defeat battle.base_destroyed battle.spill
magic.apply magic.recurring magic.worn_out magic.owner magic.no_target dice.item_recurring
flash.play band.abilities
alliances alliances.propose alliances.command alliances.break alliances.win
arena arena.rack arena.turn arena.destroyed arena.kills arena.win
physical
powers.thick powers.decoy powers.lookout powers.frenzy powers.volley powers.charge
powers.swoop powers.unyielding
script example
""".split()

# The kit's rulings: each in its own section, saying why and giving an alternative.
RULINGS = """ruling.full_round ruling.suited_power_side ruling.flying ruling.adjacent_areas
ruling.stack_limits ruling.bag_minimums ruling.empty_rack_place ruling.entry_is_action
ruling.first_strike_both ruling.worn_out ruling.magic_no_target ruling.flash_moments
ruling.band_limits ruling.grant ruling.allies_win_alone ruling.arena_dice ruling.round_limit
ruling.arena_arrange""".split()

MIN_WORDS = 8


@pytest.fixture(scope="module")
def catalog() -> RuleCatalog:
    return RuleCatalog.from_markdown(RULES_MD)


def words(text: str) -> list[str]:
    """Lower-case words with punctuation, markup and trademark marks dropped."""
    text = text.replace("\u2019", "'").replace("'", "").lower()
    return [w for w in re.split(r"[^a-z0-9]+", text) if w and w != "tm"]


def sentences(text: str) -> list[list[str]]:
    """The text split into sentences, and also at list items, table cells and blank lines;
    a sentence wrapped over several lines stays whole."""
    text = re.sub(r"\n(?!\s*\n|\s*[-|]|\s*\d+\.)", " ", text)
    return [words(s) for s in re.split(r"[.!?;:|\n]+", text)]


def copied_passages(ours: str, theirs: str, n: int = MIN_WORDS) -> list[str]:
    """Passages of ``ours`` that appear in ``theirs``: whole sentences of ``n`` or more words
    found in it, and any run of ``n`` consecutive words that the two texts share."""
    their_text = " " + " ".join(words(theirs)) + " "
    their_runs = {tuple(w[i:i + n]) for w in sentences(theirs) for i in range(len(w) - n + 1)}
    found = []
    for sentence in sentences(ours):
        if len(sentence) >= n and f" {' '.join(sentence)} " in their_text:
            found.append(" ".join(sentence))
        found += [" ".join(sentence[i:i + n]) for i in range(len(sentence) - n + 1)
                  if tuple(sentence[i:i + n]) in their_runs]
    return found


def test_every_required_section_exists_with_a_text(catalog):
    missing = [i for i in REQUIRED if f"rolled_bones.{i}" not in catalog]
    assert missing == []
    for rule_id in REQUIRED:
        section = catalog[f"rolled_bones.{rule_id}"]
        assert section.title.strip() and len(words(section.text)) >= 5, rule_id


def test_every_heading_parses_and_is_prefixed(catalog):
    headings = [line for line in RULES_MD.read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")]
    assert len(headings) == len(catalog)  # a malformed heading would be swallowed as text
    assert all(i.startswith("rolled_bones.") for i in catalog.ids())
    for section in catalog:
        assert section.text and "## " not in section.text, section.id


def test_rulings_say_why_and_name_an_alternative(catalog):
    texts = {s.id: " ".join(s.text.split()) for s in catalog}
    assert all("Kit ruling" in texts[f"rolled_bones.{i}"] for i in RULINGS)
    assert {i for i in texts if ".ruling." in i} == {f"rolled_bones.{i}" for i in RULINGS} | {
        "rolled_bones.ruling.arena_magic_home"}
    for rule_id, text in texts.items():
        if "Kit ruling" in text:
            assert ".ruling." in rule_id, rule_id  # rulings live in their own sections
            assert "Why:" in text and "Alternative" in text, rule_id


def test_every_designed_power_and_die_is_described(catalog):
    for power, entry in DATA["powers"].items():
        section = catalog[f"rolled_bones.powers.{power}"]
        name = next(d["name"] for d in DATA["dice"] if d["code"] == entry["die"])
        assert name in section.title, power
    kinds = {"base": "dice.base", "creature": "dice.creature", "magic": "dice.magic",
             "item": "dice.item"}
    for die in DATA["dice"]:
        text = catalog[f"rolled_bones.{kinds[die['kind']]}"].text
        row = next((line for line in text.splitlines() if line.startswith(f"| {die['code']} |")), None)
        assert row is not None and die["name"] in row, die["code"]
        if die["kind"] in ("base", "creature"):
            assert row.rstrip(" |").endswith(die["faces"][4]["power"]), die["code"]
        if "suits" in die:
            assert die["suits"] in row and die["item"] in row, die["code"]


def test_the_bag_minimums_match_the_data(catalog):
    rules = DATA["bag_rules"]
    text = " ".join(catalog["rolled_bones.ruling.bag_minimums"].text.split())
    assert f"{rules['min_dice']} to {rules['max_dice']} dice" in text
    assert "two more base dice than the base size" in text and rules["min_base_over_size"] == 2
    assert "four creatures" in text and rules["min_creatures"] == 4
    assert "up to two magic dice" in catalog["rolled_bones.ruling.stack_limits"].text
    assert rules["max_magic_per_die"] == 2


def test_the_example_keeps_the_rulebook_numbers(catalog):
    text = " ".join(catalog["rolled_bones.example"].text.split())
    for sum_ in ("2 + 4 + 1 = 7", "1 + 4 + 0 = 5", "4 against 3", "5 + 3 + 2 = 10", "4 + 4 + 1 = 9"):
        assert sum_ in text


def test_the_copy_check_catches_copying():
    rulebook = "A skeleton may only ever walk one square in each round. Then the bag is shaken."
    assert copied_passages("Remember: a skeleton may only ever walk one square in each round!", rulebook)
    assert copied_passages("Alas, a skeleton may only ever walk one square in each round, sadly",
                           rulebook)  # a copied run inside a longer sentence
    assert not copied_passages("Each creature acts once in a turn.", rulebook)
    # Short sentences are too common to count as copying.
    assert not copied_passages("Then the bag is shaken.", rulebook)


def test_no_rulebook_sentence_is_copied():
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook not found at {RULEBOOK}")
    copied = copied_passages(RULES_MD.read_text(encoding="utf-8"),
                             RULEBOOK.read_text(encoding="utf-8"))
    assert copied == []
