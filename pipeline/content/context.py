"""What a reader needs besides its own mapping: references and late checks.

Some checks need the whole ruleset (a reference must point at an object of
the right kind and place). Readers register those as
closures that the loader runs once every file has been read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .fields import At, Fields
from .refs import Refs

ART_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@dataclass
class Context:
    refs: Refs = field(default_factory=Refs)
    checks: list[Callable[[Any], None]] = field(default_factory=list)

    def later(self, check: Callable[[Any], None]) -> None:
        self.checks.append(check)


def art_field(f: Fields) -> str | None:
    """An icon name (`art/icons/<name>.svg`): lower case, digits, _ and -."""
    art = f.str("art")
    if art is not None and not ART_RE.match(art):
        f.at_key("art").wrong(art, "expected an icon name of lower-case letters, digits, _ and -")
        return None
    return art


@dataclass(frozen=True)
class Where:
    """Where a content object was written, so any later stage (a renderer
    overflow, the save) can still report `file:line`."""
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def where_of(at: At) -> Where:
    return Where(at.file, at.line)
