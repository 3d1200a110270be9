"""Ruleset engines by name: the server looks an engine up here and calls only
the verbs of `api.Engine`, never branching on the ruleset itself."""
from __future__ import annotations

import importlib

ENGINES = {"house": "server.engine.house"}


def get_engine(name: str):
    if name not in ENGINES:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(sorted(ENGINES))}")
    return importlib.import_module(ENGINES[name])
