"""A ruleset's facts, declared beside its code (like OpenSpiel's game type
and info): who may play, how its rules are cited, what content it has.

The server and the pipeline read these instead of assuming one game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Dice:
    """The faces of one die, in face order (1–6 as TTS rolls them)."""
    faces: tuple[int, ...]
    count: int = 1            # dice on the table

    @property
    def sides(self) -> int:
        return len(self.faces)


@dataclass(frozen=True)
class RulesetInfo:
    name: str                          # the registry key, e.g. "house"
    title: dict[str, str]              # per locale
    players: tuple[int, int]           # fewest and most seats
    rule_prefix: str                   # rule IDs start with this ("R-", "E-")
    kinds: tuple[str, ...]             # content kinds, one YAML key each
    decks: tuple[str, ...]             # card decks, in table order
    dice: Dice
    folder: Path                       # the ruleset's folder (content/, layouts/, lua/, words.yaml)
    playing_time: tuple[int, int] = (30, 90)
    complexity: str = "Medium Complexity"
    extra: dict = field(default_factory=dict)

    @property
    def content_dir(self) -> Path:
        return self.folder / "content"

    @property
    def layouts_dir(self) -> Path:
        return self.folder / "layouts"

    @property
    def lua_dir(self) -> Path:
        return self.folder / "lua"
