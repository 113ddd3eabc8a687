"""The shape of the Bone to Pick package: its modules import each other without a cycle, the
rule pieces shared by the modes sit below them, and game.py is the top that picks a mode."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bonekit.games.bone_to_pick as package

PACKAGE = Path(package.__file__).parent


def imports(path: Path) -> set[str]:
    """The sibling modules ``path`` imports, anywhere in the file (also inside functions and
    ``if TYPE_CHECKING`` blocks: a cycle hidden from the interpreter is still a tangle)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:  # from . import a, b
                found.update(alias.name for alias in node.names)
    return found


def graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in PACKAGE.glob("*.py")}
    return {name: imports(path) & set(modules) for name, path in modules.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules (first == last), or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node] = "done"
        stack.pop()
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_the_import_reader_sees_every_kind_of_relative_import(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nfrom . import x, y\nfrom .z.w import v\n"
                      "if TYPE_CHECKING:\n    from .game import G\ndef f():\n    from .late import g\n"
                      "from ...core import nothing_here\n", encoding="utf-8")
    assert imports(source) == {"x", "y", "z", "game", "late"}


def test_the_package_has_no_import_cycle():
    edges = graph()
    assert {"game", "standard", "solo", "coop", "text", "shared_rules"} <= set(edges)
    assert find_cycle(edges) is None, f"import cycle: {' -> '.join(find_cycle(edges))}"


def depends_on(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` needs, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("module", ["shared_rules", "text", "standard_setup", "standard_turn",
                                    "standard_campaign", "standard_scoring", "standard", "solo",
                                    "coop", "state", "modes_state", "bots"])
def test_the_rules_never_reach_up_to_the_game(module):
    assert "game" not in depends_on(graph(), module)


def test_the_modes_stand_on_the_shared_rules_and_not_on_each_other():
    edges = graph()
    for mode in ("standard", "solo", "coop"):
        assert "shared_rules" in depends_on(edges, mode)
        assert not {"standard", "solo", "coop"} - {mode} & depends_on(edges, mode), mode
    assert not {"standard", "solo", "coop", "text"} & depends_on(edges, "shared_rules")


def test_the_rulebook_parts_of_the_base_game_are_layered():
    """Setup and scoring below a turn; a turn ends a wave, never the other way round."""
    edges = graph()
    assert "standard_campaign" in edges["standard_turn"]
    assert "standard_turn" not in depends_on(edges, "standard_campaign")
    assert "standard_turn" not in depends_on(edges, "standard_setup")
    assert {"standard_setup", "standard_turn", "standard_campaign"} <= edges["standard"]
