"""Copy-on-touch apply: a state an action is applied to, copied part by part.

Engines keep states as JSON-shaped values (dicts, lists, scalars), and
`apply` must never change its input. Copying the whole state per action was
most of an action's cost; a `Draft` copies a top-level part the first time
the action reads it (a part named `nested`, entry by entry) and hands the
untouched parts over shared. Code that only reads uses `peek` and `reading`,
which copy nothing, so what is copied is close to what the action writes.
Read-only parts (an engine's rules tables, kept in the state under "rules")
are always shared. Any ruleset engine may use it: `draft = Draft(state)`,
apply in place, `draft.settle()`.
"""
from __future__ import annotations

import pickle

from orjson import dumps as _dumps, loads as _loads

ATOMIC = frozenset({str, int, float, bool, type(None)})
SHARED = ("rules",)


def deep_copy(value):
    """A copy through JSON, in C: states are JSON-shaped because the server
    keeps them as JSON (a snapshot is JSON text), so this is the copy a
    restore would make anyway (a tuple comes back a list, as from a
    snapshot), at about a third of the cost of walking the value in Python.
    A value JSON refuses (a key that is not a string, an int past 64 bits)
    is walked instead."""
    if type(value) in ATOMIC:
        return value
    if not value:                       # an empty list or dict: often, and cheap to make anew
        return type(value)()
    try:
        return _loads(_dumps(value))
    except TypeError:
        return _walk(value)


def _walk(value):
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in ATOMIC else _walk(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in ATOMIC else _walk(v) for v in value]
    if kind in ATOMIC:
        return value
    if kind is tuple:
        return tuple(_walk(v) for v in value)
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def peek(state: dict, key: str):
    """A top-level part for reading only: from a copy-on-touch draft that
    has not copied it yet, the source's own, uncopied. The caller must not
    change it, nor keep it past the change of state."""
    if type(state) is Draft and not dict.__contains__(state, key):
        src = state._src
        if src is not None:
            return src[key]
    return state[key]


def reading(part):
    """Every entry of a part for reading only (iteration included): from an
    entry-by-entry draft (`Draft(..., nested=)`), the entries copied so far
    and the source's own for the rest, without copying them. The caller must
    not change what it gets, nor keep it past the change of state."""
    if type(part) is Draft and part._src is not None:
        merged = dict(part._src)
        merged.update(dict.items(part))
        return merged
    return part


class Draft(dict):
    """The state an action is applied to, copied on first touch.

    A top-level part that holds containers is copied from the source the
    first time the action reads it; untouched parts never are, and `settle`
    hands them over shared. A move or an end of turn touches about half of
    the state (the decks, the biggest part, only when a card is drawn), so
    this copies less and, with less garbage promoted to the old generation,
    makes the collector run less. A part named in `nested` (a map of seats,
    say, where an action mostly changes the one acting) is itself a draft:
    each entry is copied when first touched. Anything that needs the whole
    dict at once (iteration, `len`, `==`, `pop`, ...) first copies every
    remaining part, after which the draft is an ordinary dict; `reading`
    iterates without copying, for code that only reads."""

    __slots__ = ("_src", "_nested", "_drafts")

    def __init__(self, src: dict, nested: tuple = (), shared: tuple = SHARED):
        super().__init__()
        for key in shared:     # read-only parts: shared, never copied
            if key in src:
                dict.__setitem__(self, key, src[key])
        self._src = src
        self._nested = nested
        self._drafts = []      # the nested parts made drafts so far, for settle

    def __missing__(self, key):
        src = self._src
        if src is None or key not in src:
            raise KeyError(key)
        value = src[key]
        kind = type(value)
        if kind in ATOMIC:
            pass
        elif kind is dict and key in self._nested:
            value = Draft(value, shared=())
            self._drafts.append(key)
        else:
            value = deep_copy(value)
        dict.__setitem__(self, key, value)
        return value

    def get(self, key, default=None):
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        src = self._src
        return self[key] if src is not None and key in src else default

    def __contains__(self, key):
        return dict.__contains__(self, key) or (self._src is not None and key in self._src)

    def __len__(self):
        src = self._src                 # keys are only added until the draft is whole (no deletion before)
        if src is None:
            return dict.__len__(self)
        return len(src) + sum(1 for key in dict.keys(self) if key not in src)

    def _whole(self) -> None:
        """Copy every part not copied yet, in the source's key order."""
        src = self._src
        if src is None:
            return
        own = dict(dict.items(self))
        dict.clear(self)
        for key, value in src.items():
            dict.__setitem__(self, key, own.pop(key) if key in own else deep_copy(value))
        dict.update(self, own)
        self._src = None

    def settle(self) -> dict:
        """The new state as a plain dict: copied parts, and the rest shared."""
        if self._src is None:
            new = dict(dict.items(self))
        else:
            new = dict(self._src)
            new.update(dict.items(self))
        for key in self._drafts:
            part = new.get(key)
            if type(part) is Draft:    # unless the action put another value there, or none, since
                new[key] = part.settle()
        return new


def _whole_first(name):
    method = getattr(dict, name)

    def wrapper(self, *args, **kwargs):
        self._whole()
        return method(self, *args, **kwargs)
    wrapper.__name__ = name
    return wrapper


for _name in ("__iter__", "__eq__", "__ne__", "__repr__", "__reversed__", "__or__", "__ior__",
              "__delitem__", "__reduce__", "__reduce_ex__", "keys", "items", "values", "copy", "pop",
              "popitem", "setdefault", "update", "clear"):
    setattr(Draft, _name, _whole_first(_name))
Draft.__hash__ = None
