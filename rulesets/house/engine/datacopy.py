"""Deep copies of the engine's JSON-shaped state.

The state is plain dicts, lists and scalars; a copy need not rebuild the
immutable leaves (a pickle round trip rebuilds every string too, and was
most of an action), so these share them and copy only the containers.
"""
from __future__ import annotations

import pickle

ATOMIC = frozenset({str, int, float, bool, type(None)})


def deep_copy(value):
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in ATOMIC else deep_copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in ATOMIC else deep_copy(v) for v in value]
    if kind in ATOMIC:
        return value
    if kind is tuple:
        return tuple(deep_copy(v) for v in value)
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def peek(state: dict, key: str):
    """A top-level part for reading only: from a copy-on-touch draft
    (engine._Draft) that has not copied it yet, the source's own, uncopied.
    The caller must not change it, nor keep it past the change of state."""
    src = getattr(state, "_src", None)
    if src is not None and not dict.__contains__(state, key):
        return src[key]
    return state[key]
