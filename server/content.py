"""Compiled content, engines, presenters and words, looked up by ruleset
name only.

Nothing here branches on the ruleset: `<content_dir>/<ruleset>.json` is what
`python -m pipeline compile` wrote, and the engine, presenter and words are
what the registry (`rulesets`) names for it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Callable

from .wire import ProtocolError

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


def registry_lookup(name: str) -> tuple[Any, Any, Any]:
    """(engine, presenter, info) of a ruleset, from the registry."""
    import rulesets
    return rulesets.engine(name), rulesets.presenter(name), rulesets.info(name)


@dataclass(frozen=True)
class Ruleset:
    """What the server holds per ruleset."""
    name: str
    engine: Any
    content: dict
    presenter: Any
    words: Any
    info: Any               # kit.info.RulesetInfo: players, folder…


def load_compiled(content_dir: Path, name: str) -> dict:
    """`<name>.json` with its table section (`<name>.tts.json`, written by the
    save build: content ids → TTS objects) as `tts`, when one was built."""
    content_dir = Path(content_dir)
    content = json.loads((content_dir / f"{name}.json").read_text(encoding="utf-8"))
    table = content_dir / f"{name}.tts.json"
    if table.is_file():
        content["tts"] = json.loads(table.read_text(encoding="utf-8"))
    return content


class Rulesets:
    def __init__(self, content_dir: Path, lookup: Callable[[str], tuple[Any, Any, Any]] | None = None):
        self.content_dir = Path(content_dir)
        self._lookup = lookup or registry_lookup
        self._cache: dict[str, Ruleset] = {}

    def get(self, name: str) -> Ruleset:
        """The ruleset `name` (engine, content, presenter, words), or UNKNOWN-RULESET."""
        if name in self._cache:
            return self._cache[name]
        if not isinstance(name, str) or not _NAME.match(name):
            raise ProtocolError(404, "UNKNOWN-RULESET", f"ruleset {name!r}")
        path = self.content_dir / f"{name}.json"
        if not path.is_file():
            raise ProtocolError(404, "UNKNOWN-RULESET", f"ruleset {name!r}: no compiled content (run make build)")
        try:
            engine, presenter, info = self._lookup(name)
        except (KeyError, ValueError, LookupError, ImportError) as exc:
            raise ProtocolError(404, "UNKNOWN-RULESET", f"ruleset {name!r}: no engine ({exc})") from None
        from kit.words import catalog
        found = Ruleset(name, engine, load_compiled(self.content_dir, name), presenter, catalog(info.folder), info)
        self._cache[name] = found
        return found

    def available(self) -> list[str]:
        if not self.content_dir.is_dir():
            return []
        return sorted(p.stem for p in self.content_dir.glob("*.json") if _NAME.match(p.stem))
