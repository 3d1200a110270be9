"""References between content objects, resolved once everything is read.

Objects refer to each other across files (a card names another object, a
table names objects of several kinds), so a reference can only be checked after all
files are loaded. Readers record each reference with its place; the loader
resolves them in one pass and reports every dangling one.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .fields import At


@dataclass
class Ref:
    at: At
    target: str
    kinds: tuple[str, ...]      # which collections may hold it: "items", "events", ...
    what: str                   # "item", "event", … for the message
    also: tuple[str, ...] = ()  # other accepted words besides ids


@dataclass
class Refs:
    items: list[Ref] = field(default_factory=list)

    def add(self, at: At, target: str, kinds: tuple[str, ...] | str, what: str,
            also: tuple[str, ...] = ()) -> None:
        if isinstance(kinds, str):
            kinds = (kinds,)
        self.items.append(Ref(at, target, kinds, what, also))

    def resolve(self, known: dict[str, set[str]]) -> None:
        """Report every reference to an id that no object declares.

        `known` holds every id written in the files, including objects that
        failed validation: their own problems are reported already, and
        calling every reference to them unknown as well would bury those.
        """
        for ref in self.items:
            if ref.target in ref.also:
                continue
            if not any(ref.target in known.get(kind, ()) for kind in ref.kinds):
                ids = sorted(k for kind in ref.kinds for k in known.get(kind, ()))
                sample = ", ".join(ids[:8]) + (", …" if len(ids) > 8 else "")
                also = f"{', '.join(ref.also)} or " if ref.also else ""
                ref.at.error(f"unknown {ref.what} '{ref.target}' "
                             f"(expected {also}one of the {ref.what} ids{': ' + sample if sample else ''})")
