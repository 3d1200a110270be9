"""Compiled content and engines, looked up by ruleset name only.

Nothing here branches on the ruleset: `<content_dir>/<ruleset>.json` is what
`python -m pipeline compile` wrote and the engine is whatever
`rulesets.engine(name)` returns.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from .wire import ProtocolError

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


def default_engines(name: str):
    import rulesets
    return rulesets.engine(name)


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
    def __init__(self, content_dir: Path, engines: Callable[[str], Any] | None = None):
        self.content_dir = Path(content_dir)
        self._engines = engines or default_engines
        self._cache: dict[str, tuple[Any, dict]] = {}

    def get(self, name: str) -> tuple[Any, dict]:
        """(engine, content) for `name`, or UNKNOWN-RULESET."""
        if name in self._cache:
            return self._cache[name]
        if not isinstance(name, str) or not _NAME.match(name):
            raise ProtocolError(404, "UNKNOWN-RULESET", f"ruleset {name!r}")
        path = self.content_dir / f"{name}.json"
        if not path.is_file():
            raise ProtocolError(404, "UNKNOWN-RULESET", f"ruleset {name!r}: no compiled content (run make build)")
        try:
            engine = self._engines(name)
        except (KeyError, ValueError, LookupError, ImportError) as exc:
            raise ProtocolError(404, "UNKNOWN-RULESET", f"ruleset {name!r}: no engine ({exc})") from None
        content = load_compiled(self.content_dir, name)
        self._cache[name] = (engine, content)
        return engine, content

    def available(self) -> list[str]:
        if not self.content_dir.is_dir():
            return []
        return sorted(p.stem for p in self.content_dir.glob("*.json") if _NAME.match(p.stem))
