"""Validating a save: the JSON Schema plus what a schema cannot say.

`schemas/tts_save.schema.json` fixes the shape (known object Names, required
keys, URL and GUID formats). Unique GUIDs across the whole save and CardIDs
that fit their CustomDeck grid are cross-object facts, checked here. The
build runs this before writing anything, and the tests run it on every save.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import jsonschema

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "schemas" / "tts_save.schema.json"


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _walk(objs, path="ObjectStates"):
    for i, obj in enumerate(objs):
        here = f"{path}[{i}]"
        yield here, obj
        yield from _walk(obj.get("ContainedObjects", []) or [], here + ".ContainedObjects")


def _card_problems(where: str, card_id, decks: dict) -> list[str]:
    if not isinstance(card_id, int):
        return [f"{where}: CardID {card_id!r} is not an integer"]
    key, index = divmod(card_id, 100)
    entry = decks.get(str(key))
    if entry is None:
        return [f"{where}: CardID {card_id} names deck key {key}, absent from its CustomDeck"]
    slots = entry.get("NumWidth", 0) * entry.get("NumHeight", 0)
    usable = slots if entry.get("BackIsHidden") else slots - 1   # last cell = hidden image
    if index >= usable:
        return [f"{where}: CardID {card_id} is index {index}, outside the {usable} usable "
                f"cells of deck key {key}"]
    return []


def problems(doc: dict) -> list[str]:
    out = [f"{'/'.join(map(str, e.absolute_path)) or '<top>'}: {e.message}"
           for e in sorted(_validator().iter_errors(doc), key=lambda e: list(map(str, e.path)))]
    seen: dict[str, str] = {}
    for where, obj in _walk(doc.get("ObjectStates", []) or []):
        guid = obj.get("GUID")
        if guid in seen:
            out.append(f"{where}: GUID {guid} already used by {seen[guid]}")
        elif guid:
            seen[guid] = where
        decks = obj.get("CustomDeck") or {}
        if obj.get("Name") in ("Card", "CardCustom"):
            out += _card_problems(where, obj.get("CardID"), decks)
        if obj.get("Name") in ("Deck", "DeckCustom"):
            contained = obj.get("ContainedObjects") or []
            ids = obj.get("DeckIDs") or []
            if [c.get("CardID") for c in contained] != ids:
                out.append(f"{where}: DeckIDs do not list the contained cards' CardIDs in order")
            for j, card_id in enumerate(ids):
                out += _card_problems(f"{where}.DeckIDs[{j}]", card_id, decks)
            for j, card in enumerate(contained):
                for key, entry in (card.get("CustomDeck") or {}).items():
                    if decks.get(key) != entry:
                        out.append(f"{where}.ContainedObjects[{j}]: CustomDeck {key} differs "
                                   "from the deck's")
    return out
