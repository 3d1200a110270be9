"""Snapshots: a state stored as its top-level parts, each part's JSON once
by its hash.

A snapshot is {"@parts": {top-level key: blob hash}}: parts that did not
change (the rules tables every state of a table shares) are stored once.
"""
from __future__ import annotations

import hashlib

from .jsontext import dumps as _dumps

PARTS = "@parts"
MEMO_MIN = 1024   # only parts at least this long are worth remembering by identity


class SnapshotEncoder:
    """A state as a snapshot: each top-level part's JSON stored once by its
    hash. Remembers, per (table, part), the object last encoded: an engine
    never mutates a state it was given, so the same object still has the
    same JSON and is neither encoded nor sent again."""

    def __init__(self):
        self._memo: dict[str, dict[str, tuple[object, str]]] = {}

    def encode(self, table_id: str, state: dict) -> tuple[dict[str, str], list[tuple[str, str]]]:
        """(part -> hash, [(hash, JSON)] of the parts not sent before)."""
        parts, blobs = {}, []
        memos = self._memo.setdefault(table_id, {})
        for key, value in state.items():
            memo = memos.get(key)
            if memo is not None and memo[0] is value:
                parts[key] = memo[1]
                continue
            text = _dumps(value)
            digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
            blobs.append((digest, text))
            if len(text) >= MEMO_MIN:
                memos[key] = (value, digest)
            parts[key] = digest
        return parts, blobs

    def forget(self) -> None:
        """After a snapshot was not written: send every part again."""
        self._memo.clear()

    def forget_table(self, table_id: str) -> None:
        """The table left memory: its parts must not be kept alive here."""
        self._memo.pop(table_id, None)
