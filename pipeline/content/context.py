"""What a reader needs besides its own mapping: references and late checks.

Some checks need the whole ruleset (a reference must point at an object of
the right kind and place). Readers register those as
closures that the loader runs once every file has been read.
"""
from __future__ import annotations

import contextlib
import re
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
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


# The icon folder the renderer will draw `art` from, while a ruleset loads.
_ICONS: ContextVar[Path | None] = ContextVar("icons", default=None)


@contextlib.contextmanager
def icons_in(folder: Path):
    """Check `art` names against `folder` (`<root>/art/icons`); a tree
    without one (a test's small ruleset) is checked without its icons."""
    token = _ICONS.set(folder if folder.is_dir() else None)
    try:
        yield
    finally:
        _ICONS.reset(token)


def art_field(f: Fields) -> str | None:
    """An icon name (`art/icons/<name>.svg`): lower case, digits, _ and -,
    naming an icon that exists (the renderer would stop on it otherwise)."""
    art = f.str("art")
    if art is not None and not ART_RE.match(art):
        f.at_key("art").wrong(art, "expected an icon name of lower-case letters, digits, _ and -")
        return None
    icons = _ICONS.get()
    if art is not None and icons is not None and not (icons / f"{art}.svg").is_file():
        f.at_key("art").error(f"no icon '{art}' (expected a file art/icons/{art}.svg; "
                              "tools/vendor_icons.py fetches game-icons.net icons)")
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
