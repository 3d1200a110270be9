"""What a ruleset tells the content loader: its kinds, texts and checks.

A ruleset's build module exposes `CONTENT`, a `ContentSpec`. The loader
reads every YAML file of the ruleset's content folder, hands each list item
(or the one map of a single kind) to the kind's reader, resolves
references, and then lets the ruleset judge the whole (cross-kind rules,
deck sizes…). Compiling and counting are the ruleset's too:
the generic layer only adds the ruleset name, content hash and locales.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from .context import Context
from .errors import Sink
from .fields import At


@dataclass(frozen=True)
class Kind:
    key: str                                       # the YAML key naming the kind: "items"
    noun: str                                      # one of them, for messages: "item"
    read: Callable[[At, Any, Context], Any]        # one list item (or the map, if single) → object or None
    single: bool = False                           # one map per ruleset instead of a list
    example: str = ""                              # where a missing required single usually lives


@dataclass
class Loaded:
    """What the loader read, before the ruleset makes its content object."""
    name: str
    collections: dict[str, dict[str, Any]]         # list kind → id → object
    singles: dict[str, Any]                        # single kind → object
    sources: list[str]                             # every file read, relative to the root
    places: dict[str, tuple[At, str]]              # id → (where it was written, its kind)
    failed: set[str] = field(default_factory=set)  # kinds with an item that did not read
    files: list[str] = field(default_factory=list)


class ContentSpec(Protocol):
    kinds: tuple[Kind, ...]
    text_tokens: tuple[str, ...]                   # inline icon tokens texts may use (:might:)
    text_names: tuple[str, ...]                    # `{name}` placeholders texts may use ({upper}); make() fills them
    glossary: Path | None                          # zh-Hant game terms
    format: int                                    # bumped when compile() changes what it writes

    def make(self, loaded: Loaded) -> Any:
        """The ruleset's content object; it must have `.name` and `.sources`."""

    def check(self, content: Any, loaded: Loaded, sink: Sink) -> None:
        """Whole-ruleset checks, after every file and reference."""

    def compile(self, content: Any) -> dict:
        """The JSON-able sections of build/content/<ruleset>.json."""

    def stats(self, content: Any) -> list[str]:
        """Counts per kind and whether they meet the game's numbers (`make stats`)."""

    def summary(self, content: Any) -> str:
        """One line for `make check`, e.g. "80 cards"."""
