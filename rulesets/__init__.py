"""The registry: the one place that names the rulesets.

A ruleset is one folder (a Python package) holding everything specific to
its game; docs/RULESETS.md lists what it provides. The server and the
pipeline look a ruleset up here by name and use only those interfaces:

- `info(name)`      its facts (`kit.info.RulesetInfo`), from the package itself;
- `engine(name)`    its pure engine (`<package>.engine`, the `kit.engine.Engine` verbs);
- `presenter(name)` events + views → table instructions and words (`<package>.present`, server side);
- `builder(name)`   content kinds, render jobs, table plan (`<package>.build`, build side only).

Imports are lazy, so the server never imports build code and an engine
imports only `kit`. `HAUNTKIT_RULESETS` (`name=package,…`) adds rulesets
that live elsewhere, e.g. a game under development or a test fixture.
"""
from __future__ import annotations

import importlib
import os
from types import ModuleType

RULESETS: dict[str, str] = {
    "house": "rulesets.house",
    "escape": "rulesets.escape",
}


def _all() -> dict[str, str]:
    out = dict(RULESETS)
    for item in os.environ.get("HAUNTKIT_RULESETS", "").split(","):
        name, _, package = item.strip().partition("=")
        if name and package:
            out[name.strip()] = package.strip()
    return out


def names() -> list[str]:
    return sorted(_all())


def package(name: str) -> str:
    known = _all()
    if name not in known:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(sorted(known))}")
    return known[name]


def _module(name: str, part: str = "") -> ModuleType:
    return importlib.import_module(package(name) + (f".{part}" if part else ""))


def info(name: str):
    return _module(name).INFO


def engine(name: str) -> ModuleType:
    return _module(name, "engine")


def presenter(name: str) -> ModuleType:
    return _module(name, "present")


def builder(name: str) -> ModuleType:
    return _module(name, "build")
