"""What a presenter is given: the engine's views of one table, its content
and its words — never the raw state (docs/RULESETS.md, "Presenter").

Views are computed on demand: most answers need only the public one, and a
seat's own view (its hidden hand) only when an instruction concerns it. An
answer's view may carry the table as it stood before the action (`before`),
so a presenter can move exactly the pieces whose place changed instead of
keeping its own record of the table.
"""
from __future__ import annotations

from typing import Any


class TableView:
    def __init__(self, engine: Any, state: dict, content: dict, words: Any = None,
                 before: "TableView | None" = None):
        self._engine, self._state = engine, state
        self.content = content
        self.words = words
        self.before = before          # the table before this answer's action (None: not known)
        self._views: dict[str | None, dict] = {}

    @classmethod
    def fixed(cls, public: dict, content: dict, words: Any = None, seats: dict | None = None) -> "TableView":
        """Views given outright (a test, a replay viewer holding views, not states)."""
        view = cls(None, {}, content, words)
        view._views = {None: public, **(seats or {})}
        return view

    @property
    def public(self) -> dict:
        return self.of(None)

    def of(self, seat: str | None) -> dict:
        if seat not in self._views:
            if self._engine is None:
                return self._views[None]
            self._views[seat] = self._engine.view(self._state, seat)
        return self._views[seat]

    def legal(self, seat: str) -> list[dict]:
        """What `seat` may do now, as the engine lists it (a question's options)."""
        if self._engine is None:
            return []
        return self._engine.legal_actions(self._state, seat)

    @property
    def tts(self) -> dict:
        """The table section of the compiled content (content ids → TTS
        objects); empty before a save was built."""
        return (self.content or {}).get("tts") or {}
