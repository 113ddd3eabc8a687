"""Rule catalogs: each game's rules in our own words, split into sections with stable ids.

A catalog is a Markdown file; every section starts with a heading ``## <id> | <title>``.
Events and refusals cite these ids, and widgets show the section beside a step.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

_HEADING = re.compile(r"^## +([a-z0-9_.]+) *\| *(.+?) *$")


@dataclass(frozen=True)
class RuleSection:
    id: str
    title: str
    text: str

    def _repr_markdown_(self) -> str:
        return f"**{self.title}** `{self.id}`\n\n{self.text}"


class RuleCatalog:
    """An ordered, read-only mapping of section id to RuleSection."""

    def __init__(self, sections: list[RuleSection]):
        self._sections = {s.id: s for s in sections}
        if len(self._sections) != len(sections):
            raise ValueError("duplicate rule section id")

    @classmethod
    def from_markdown(cls, path: Path) -> RuleCatalog:
        sections: list[RuleSection] = []
        current: tuple[str, str] | None = None
        body: list[str] = []

        def flush() -> None:
            if current:
                sections.append(RuleSection(current[0], current[1], "\n".join(body).strip()))

        for line in path.read_text(encoding="utf-8").splitlines():
            m = _HEADING.match(line)
            if m:
                flush()
                current, body = (m.group(1), m.group(2)), []
            elif current:
                body.append(line)
        flush()
        return cls(sections)

    def __getitem__(self, rule_id: str) -> RuleSection:
        return self._sections[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._sections

    def __iter__(self) -> Iterator[RuleSection]:
        return iter(self._sections.values())

    def __len__(self) -> int:
        return len(self._sections)

    def ids(self) -> list[str]:
        return list(self._sections)

    def under(self, prefix: str) -> list[RuleSection]:
        """Sections whose id is ``prefix`` or starts with ``prefix.``."""
        return [s for s in self if s.id == prefix or s.id.startswith(prefix + ".")]

    def _repr_markdown_(self) -> str:
        return "\n".join(f"- `{s.id}` {s.title}" for s in self)
