"""Texts for protocol refusals and server notices, in every locale.

Rule refusals carry the engine's own message; these cover what the server
itself refuses, so a TTS player reads the reason in their language. The
texts are the shared word catalog's `protocol` group (kit/words.yaml).
"""
from __future__ import annotations

from kit.words import LOCALES, catalog  # noqa: F401  (LOCALES re-exported for the server)


def protocol_message(code: str, detail: str = "") -> dict[str, str]:
    """The message for `code` in every locale; `detail` (English, for the
    developer: which field, what was expected) is appended to each."""
    words = catalog()
    key = f"protocol.{code}" if f"protocol.{code}" in words else "protocol.BAD-REQUEST"
    base = words.text(key)
    if not detail:
        return base
    return {loc: f"{text} ({detail})" for loc, text in base.items()}
