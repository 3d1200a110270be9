"""The contract every ruleset engine keeps, and the random source it is given.

A ruleset engine is a module (rulesets/<ruleset>/engine/) exposing the verbs of
`Engine` (docs/RULESETS.md). Nothing above the engine branches on the
ruleset's name: the server looks the module up in the registry and calls
these verbs only.

Randomness is injected: an engine draws every random number through
`Rng.randrange`, never from a global. Play passes `RecordingRng` over a
cryptographic source; the store keeps the recorded tape with the action, and
a replay passes `TapeRng` with that tape, so a table rebuilds exactly without
re-rolling anything.
"""
from __future__ import annotations

import random
import secrets
from typing import Any, Protocol


class Rng(Protocol):
    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n)."""


class RecordingRng:
    """Wraps a source and remembers every number it handed out."""

    def __init__(self, source: Any | None = None):
        self._source = source if source is not None else secrets.SystemRandom()
        self.tape: list[int] = []

    def randrange(self, n: int) -> int:
        value = self._source.randrange(n)
        self.tape.append(value)
        return value


class TapeRng:
    """Plays back a recorded tape; running past its end is a replay bug."""

    def __init__(self, tape: list[int]):
        self._tape = list(tape)
        self._pos = 0

    def randrange(self, n: int) -> int:
        if self._pos >= len(self._tape):
            raise RuntimeError("replay asked for more random numbers than were recorded")
        value = self._tape[self._pos]
        self._pos += 1
        if not 0 <= value < n:
            raise RuntimeError(f"recorded value {value} is outside [0, {n})")
        return value


def seeded(seed: int) -> random.Random:
    """A seeded source for tests and simulations (never for play)."""
    return random.Random(seed)


def shuffle(items: list, rng: Rng) -> None:
    """Fisher–Yates over `rng.randrange`, so a tape replays a shuffle exactly."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


class RuleError(Exception):
    """A refused action. `code` is the rule ID (R-MOVE-1) or a protocol code
    (e.g. BAD-ARGS, NOT-YOUR-TURN); `message` has every locale.

    An engine refuses by key into its word catalog (`words` is the ruleset
    folder, `key` and `fields` the text); the message is looked up only when
    read, so `apply` stays pure (no catalog is loaded while it runs) and a
    refusal nobody reads (a bot probing moves) costs nothing."""

    def __init__(self, code: str, message: dict[str, str] | None = None, status: int = 422, *,
                 words: Any = None, key: str | None = None, fields: dict | None = None):
        super().__init__(code)
        self.code = code
        self.status = status
        self._message = message
        self._words, self._key, self._fields = words, key, fields or {}

    @property
    def message(self) -> dict[str, str]:
        if self._message is None:
            from .words import catalog
            self._message = catalog(self._words).text(self._key, **self._fields)
        return self._message

    def __str__(self) -> str:
        return f"{self.code}: {self.message.get('en', '')}"


class Engine(Protocol):
    """Verbs of a ruleset engine. `state` is a JSON-serialisable dict (so it
    can be snapshotted and compared); `apply` never mutates its input."""

    def new_table(self, content: dict, options: dict, rng: Rng) -> dict: ...

    def apply(self, state: dict, action: dict, rng: Rng) -> tuple[dict, list[dict]]:
        """action = {"action": str, "player": seat, "args": {...}}.
        Returns (new_state, events) or raises RuleError; input unchanged."""

    def legal_actions(self, state: dict, seat: str) -> list[dict]: ...

    def view(self, state: dict, seat: str | None) -> dict:
        """What `seat` may see (None: a spectator). Never deck orders nor
        another seat's secrets. Read-only: it may share parts with `state`."""

    def is_over(self, state: dict) -> bool: ...

    def to_act(self, state: dict) -> list[str]:
        """The seats that may act now (whose turn it is, or who must answer)."""

    def seated(self, state: dict) -> list[str]:
        """The seats playing: every one must consent to an undo."""

    def outcome(self, state: dict) -> dict | None:
        """None while playing; then {"winners": [seats], "side": str | None,
        "scores": {seat: int} | None}."""

    def reveals(self, events: list[dict], tape: list[int]) -> bool:
        """Whether undoing this action would let a player re-roll or peek."""


def visible(events: list[dict], seat: str | None) -> list[dict]:
    """The events `seat` may see (None: a spectator): public ones, and those
    whose `visible_to` names it."""
    return [e for e in events if e.get("visible_to") is None or (seat is not None and seat in e["visible_to"])]
