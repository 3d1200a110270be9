"""A build of escape's real content with stand-in images: the compiled
content, an asset manifest of the real shapes (every deck's sheets, the
table's furniture, the extras) naming tiny images, and the TTS stage run on
it, so the saves carry the real plan, Lua and section without a render."""
from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from kit.words import LOCALES
from pipeline.content.compile import write_compiled
from pipeline.content.loader import load_ruleset
from pipeline.render import sheets
from pipeline.tts import stage
from rulesets.escape import INFO

ROOT = Path(__file__).resolve().parents[3]
CONTENT_OF = {"item": "items", "explore": "explore", "infected": "infected", "character": "characters"}


def _png(path: Path, size=(8, 8)) -> str:
    Image.new("RGB", size, (60, 60, 60)).save(path)
    return path.name


def stand_in_manifest(assets: Path, doc: dict) -> dict:
    locales = {}
    for loc in LOCALES:
        decks = {}
        for deck in INFO.decks:
            ids = list(doc[CONTENT_OF[deck]])
            entries = []
            for n, chunk in enumerate(sheets.chunks(ids)):
                cols, rows = sheets.grid(len(chunk))
                entries.append({"file": _png(assets / f"escape.sheet.{deck}.{n}.{loc}.aaaaaaaaaaaa.jpg"),
                                "num_width": cols, "num_height": rows, "cards": chunk})
            decks[deck] = {"sheets": entries, "back": _png(assets / f"escape.back.{deck}.{loc}.bbbbbbbbbbbb.png"),
                           "back_is_hidden": False}

        def tile(name):
            f = _png(assets / f"escape.{name}.{loc}.cccccccccccc.png")
            return {"top": f, "bottom": f}
        locales[loc] = {"decks": decks,
                        "table": {"mat": tile("mat"), "column": tile("column"),
                                  "tokens": {cid: tile(f"token.{cid}") for cid in [*doc["characters"], "infected"]}},
                        "extras": {"credits": _png(assets / f"escape.credits.{loc}.dddddddddddd.png"),
                                   "thumbnail": _png(assets / f"escape.thumbnail.{loc}.eeeeeeeeeeee.png",
                                                     (256, 256))}}
    return {"ruleset": "escape", "renderer": "stand-in", "card_px": [8, 8], "locales": locales}


def stand_in_build(build: Path) -> tuple[dict, dict, dict]:
    """(saves by locale, compiled content, the tts section)."""
    content_path = write_compiled(load_ruleset("escape"), ROOT, build)
    doc = json.loads(content_path.read_text(encoding="utf-8"))
    assets = build / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    man = stand_in_manifest(assets, doc)
    (assets / "manifest.escape.json").write_text(json.dumps(man), encoding="utf-8")
    result = stage.build("escape", ROOT, build, base_url="")
    saves = {p.name.split(".")[1]: json.loads(p.read_text(encoding="utf-8")) for p in result.saves}
    section = json.loads((build / "content" / "escape.tts.json").read_text(encoding="utf-8"))
    return saves, doc, section
