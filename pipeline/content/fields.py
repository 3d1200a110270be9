"""Typed field readers that report instead of raising.

Every reader takes a located container (`yamlsrc.LDict`/`LList`), checks
one field, records a problem with the exact field path and line when the
value is wrong, and returns a usable fallback so validation can go on and
find the next problem. `Fields.close()` reports unknown keys, which is the
typo protection: a misspelt optional field would otherwise be ignored and
silently take its default.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Iterable

from .errors import Sink
from .yamlsrc import LDict, LList

ID_RE = re.compile(r"^(?=.{1,64}$)[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
ID_MAX = 64
# No count, die, step or coordinate of a game comes near this; beyond it a
# typo (an extra zero run) would hang the engine or the renderer.
INT_LIMIT = 1000
SHOWN = 60           # a value longer than this is shown cut, with its length
MISSING = object()


def one_of(choices: Iterable) -> str:
    return "expected one of " + ", ".join(str(c) for c in choices)


def describe(value: Any) -> str:
    """How a wrong value is named in a message, as the author wrote it."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= SHOWN else f"'{value[:SHOWN]}…' ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}… ({len(text)} characters)"


def report_duplicates(at: "At", data: Any) -> None:
    for key, line in getattr(data, "duplicates", ()):
        at.key(str(key), line).error("duplicate key; the later value would silently win "
                                     "(expected each key once per mapping)")


class At:
    """A place in a file: the field path and the line, plus where problems go."""

    def __init__(self, sink: Sink, file: str, path: str, line: int):
        self.sink, self.file, self.path, self.line = sink, file, path, line

    def key(self, name: str, line: int) -> "At":
        return At(self.sink, self.file, f"{self.path}.{name}" if self.path else str(name), line)

    def index(self, i: int, line: int) -> "At":
        return At(self.sink, self.file, f"{self.path}[{i}]", line)

    def error(self, message: str) -> None:
        self.sink.add(self.file, self.line, self.path, message)

    def wrong(self, value: Any, expected: str) -> None:
        self.error(f"got {describe(value)} ({expected})")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(at: At, value: Any, minimum: int | None = None, maximum: int | None = None):
    """An integer within bounds, else a problem and None."""
    bounds = ""
    if minimum is not None and maximum is not None:
        bounds = f" from {minimum} to {maximum}"
    elif minimum is not None:
        bounds = f" ≥ {minimum}"
    if not is_int(value) or (minimum is not None and value < minimum) or (
            maximum is not None and value > maximum):
        at.wrong(value, f"expected an integer{bounds}")
        return None
    if abs(value) > INT_LIMIT:
        at.wrong(value, f"expected an integer from -{INT_LIMIT} to {INT_LIMIT}: no count, die or step "
                        "of a game comes near that")
        return None
    return value


def check_enum(at: At, value: Any, choices: Iterable, what: str = "value"):
    choices = tuple(choices)
    if isinstance(value, (dict, list)) or value not in choices:
        if isinstance(value, str):
            at.error(f"unknown {what} '{value}' ({one_of(choices)})")
        else:
            at.wrong(value, one_of(choices))
        return None
    return value


def check_id(at: At, value: Any):
    if not isinstance(value, str) or not ID_RE.match(value):
        longer = isinstance(value, str) and len(value) > ID_MAX
        at.wrong(value, f"expected an id in lower_snake_case{f' of at most {ID_MAX} characters' if longer else ''}, "
                        "e.g. bone_pantry")
        return None
    return value


class Fields:
    """Reads the fields of one mapping; `close()` reports any key not read."""

    def __init__(self, at: At, data: Any, allowed: Iterable[str]):
        self.at = at
        self.allowed = tuple(allowed)
        self.ok = isinstance(data, dict)
        if not self.ok:
            at.wrong(data, "expected a mapping")
            data = LDict()
        self.data = data
        report_duplicates(at, data)

    def line(self, key: str) -> int:
        if isinstance(self.data, LDict):
            return self.data.line_of(key)
        return self.at.line

    def at_key(self, key: str) -> At:
        return self.at.key(key, self.line(key))

    def has(self, key: str) -> bool:
        return key in self.data

    def is_list(self, key: str) -> bool:
        return isinstance(self.data.get(key), list)

    def require(self, key: str, expected: str) -> bool:
        """Whether the key is there; reports it missing otherwise."""
        if key in self.data:
            return True
        self.at.key(key, self.at.line).error(f"missing required field ({expected})")
        return False

    def raw(self, key: str, required: bool, expected: str, default: Any = None) -> Any:
        """The value as written; a missing required field is reported."""
        if key in self.data:
            return self.data[key]
        if required:
            self.require(key, expected)
            return MISSING
        return default

    def int(self, key: str, required: bool = True, default: int | None = None,
            minimum: int | None = None, maximum: int | None = None):
        value = self.raw(key, required, "expected an integer", default)
        if value is MISSING or key not in self.data:
            return default
        return check_int(self.at_key(key), value, minimum, maximum)

    def bool(self, key: str, default: bool = False) -> bool:
        value = self.raw(key, False, "", default)
        if not isinstance(value, bool):
            self.at_key(key).wrong(value, "expected true or false")
            return default
        return value

    def str(self, key: str, required: bool = True, default: str | None = None):
        value = self.raw(key, required, "expected a string", default)
        if value is MISSING:
            return default
        if key in self.data and (not isinstance(value, str) or not value.strip()):
            self.at_key(key).wrong(value, "expected a non-empty string")
            return default
        return value

    def enum(self, key: str, choices: Iterable, what: str, required: bool = True,
             default: Any = None):
        choices = tuple(choices)
        value = self.raw(key, required, one_of(choices), default)
        if value is MISSING or key not in self.data:
            return default
        return check_enum(self.at_key(key), value, choices, what)

    def id(self, key: str = "id"):
        value = self.raw(key, True, "expected an id in lower_snake_case")
        if value is MISSING:
            return None
        return check_id(self.at_key(key), value)

    def list(self, key: str, required: bool = True, expected: str = "expected a list"):
        """The list and its located items, as (items, [At per item])."""
        value = self.raw(key, required, expected, None)
        if value is MISSING or value is None and not required:
            return [], []
        at = self.at_key(key)
        if not isinstance(value, list):
            at.wrong(value, expected)
            return [], []
        return value, [at.index(i, value.line_of(i) if isinstance(value, LList) else at.line)
                       for i in range(len(value))]

    def close(self) -> None:
        for key in self.data:
            if key not in self.allowed:
                line = self.data.key_lines.get(key, self.at.line) if isinstance(self.data, LDict) else self.at.line
                guess = difflib.get_close_matches(str(key), self.allowed, n=1)
                hint = f"; did you mean '{guess[0]}'?" if guess else ""
                self.at.key(str(key), line).error(
                    f"unknown field{hint} ({one_of(self.allowed)})")


def unique_members(at: At, items: list, ats: list[At], choices: Iterable, what: str,
                   allow_empty: bool = True) -> list:
    """A list whose members come from `choices`, each at most once."""
    choices = tuple(choices)
    out: list = []
    if not items and not allow_empty:
        at.error(f"empty list ({one_of(choices)}, at least one)")
    for value, item_at in zip(items, ats):
        if check_enum(item_at, value, choices, what) is None:
            continue
        if value in out:
            item_at.error(f"repeated {what} '{value}' (expected each at most once)")
            continue
        out.append(value)
    return out
