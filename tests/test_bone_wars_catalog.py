"""The Bone Wars rule catalog: every section the engine and the design name exists, every
component with a power of its own has its section, rulings say what the kit does and what a
table could do instead, and no passage is copied from the rulebook."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import bonekit
from bonekit.games.bone_wars import components
from test_rolled_bones_catalog import copied_passages

GAME = bonekit.load("bone_wars")
RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rulebooks" / "bone_wars.txt"
SOURCES = Path(__file__).resolve().parents[1] / "bonekit" / "games" / "bone_wars"


def test_every_section_the_engine_cites_exists():
    from bonekit.games.bone_wars import effects

    cited = set(effects.RULE.values())
    said = re.compile(r'say\(\s*events,\s*"[a-z_]+",\s*"([a-z_.]+)"')   # say(events, kind, "<section>", ...)
    for path in SOURCES.glob("*.py"):
        cited |= set(said.findall(path.read_text(encoding="utf-8")))
    assert len(cited) > 30
    assert sorted(c for c in cited if f"bone_wars.{c}" not in GAME.rules) == []


def test_components_with_powers_have_sections():
    d = components()
    for person in {p.person for p in d.paleontologists}:
        assert f"bone_wars.paleo.cards.{person}" in GAME.rules
    for grant in d.grants:
        assert f"bone_wars.grants.{grant}" in GAME.rules
    for tile in d.site_actions:
        assert f"bone_wars.team.site.{tile}" in GAME.rules


def test_rulings_give_the_kit_s_choice_and_an_alternative():
    rulings = [i for i in GAME.rules.ids() if ".ruling." in i]
    assert len(rulings) >= 25
    for rule_id in rulings:
        text = GAME.rules[rule_id].text
        assert "Kit ruling" in text and "Alternative" in text, rule_id


def test_no_passage_is_copied_from_the_rulebook():
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook not found at {RULEBOOK}")
    ours = "\n".join(GAME.rules[i].text for i in GAME.rules.ids())
    assert copied_passages(ours, RULEBOOK.read_text(encoding="utf-8"), 8) == []
