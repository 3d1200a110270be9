"""GUIDs derived from content ids.

TTS identifies objects by a six-hex-digit GUID and keeps one it is given as
long as it is valid and unused. Deriving it from `<ruleset>:<kind>:<id>` makes
a rebuild of the same content give the same GUIDs, so scripts, the server's
`tts` section and a player's saved game keep pointing at the same objects.
"""
from __future__ import annotations

import hashlib


class GuidRegistry:
    """Hands out GUIDs for keys, resolving the rare hash collision by rehashing
    with a counter. Keys are claimed in a fixed order by the caller, so the
    resolution is deterministic too."""

    def __init__(self, ruleset: str):
        self.ruleset = ruleset
        self._by_key: dict[str, str] = {}
        self._taken: set[str] = set()

    def guid(self, kind: str, ident: str) -> str:
        key = f"{self.ruleset}:{kind}:{ident}"
        if key in self._by_key:
            return self._by_key[key]
        salt = 0
        while True:
            seed = key if salt == 0 else f"{key}#{salt}"
            value = hashlib.sha1(seed.encode("utf-8")).hexdigest()[:6]
            if value not in self._taken:
                break
            salt += 1
        self._taken.add(value)
        self._by_key[key] = value
        return value

    def all(self) -> dict[str, str]:
        return dict(self._by_key)
