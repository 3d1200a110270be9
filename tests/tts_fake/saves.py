"""Walking a save document in tests: every object, every string."""
from __future__ import annotations


def walk(objs):
    """Every object, containers' contents included."""
    for o in objs:
        yield o
        yield from walk(o.get("ContainedObjects", []))


def strings(value):
    """Every string value anywhere in a JSON document."""
    if isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value
