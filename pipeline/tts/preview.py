"""A top-down sketch of a save's table (`python -m pipeline.tts.preview`).

TTS cannot run here, so this draws each object's footprint from its
Transform at the sizes the layout assumes: a quick check that nothing
overlaps and that everything sits where the README says. Objects are
coloured by their TTS kind; the ruleset may mark reference points (its
grid origins). Output: build/tts/preview/<save>.png.
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

from PIL import Image, ImageDraw

from ..atomic import write_if_changed

PX = 14            # pixels per world unit
SPAN = (-36.0, 36.0, -30.0, 32.0)     # x0, x1, z0, z1 drawn
COLORS = {"Custom_Tile": (150, 110, 90), "Deck": (70, 90, 160), "DeckCustom": (70, 90, 160),
          "Card": (90, 110, 180), "Die_6": (230, 230, 230), "Custom_Dice": (230, 230, 230),
          "Bag": (90, 60, 50), "Counter": (120, 70, 150), "Figurine_Custom": (240, 200, 60),
          "PlayerPawn": (240, 200, 60), "BlockSquare": (200, 60, 60)}


def _image_aspect(url: str) -> float:
    """width / height of a custom image when it is a local file, else 1."""
    parsed = urlparse(url)
    if parsed.scheme != "file":
        return 1.0
    try:
        with Image.open(unquote(parsed.path)) as img:
            w, h = img.size
    except OSError:
        return 1.0
    return w / h if w and h else 1.0


def _footprint(obj: dict) -> tuple[float, float]:
    tr, name = obj["Transform"], obj["Name"]
    if name == "Custom_Tile":
        # Shorter image side = 2 units at scale 1 (so the ruleset's table scales them).
        aspect = _image_aspect(obj["CustomImage"]["ImageURL"])
        short_x, short_z = 2 * tr["scaleX"], 2 * tr["scaleZ"]
        return (short_x * aspect, short_z) if aspect >= 1 else (short_x, short_z / aspect)
    if name == "HandTrigger":
        return tr["scaleX"], tr["scaleZ"]
    if name in ("Deck", "DeckCustom", "Card"):
        return 2.0, 2.8
    if name == "Bag":
        return 2.0, 2.0
    return max(0.6, tr["scaleX"]), max(0.6, tr["scaleZ"])


def render(save: dict, marks: list[tuple[float, float]] = ()) -> bytes:
    x0, x1, z0, z1 = SPAN
    img = Image.new("RGB", (int((x1 - x0) * PX), int((z1 - z0) * PX)), (46, 52, 48))
    draw = ImageDraw.Draw(img)

    def to_px(x, z):
        return (x - x0) * PX, (z1 - z) * PX

    for obj in save["ObjectStates"]:
        tr = obj["Transform"]
        w, d = _footprint(obj)
        if tr["rotY"] % 180 == 90:
            w, d = d, w
        (ax, ay), (bx, by) = to_px(tr["posX"] - w / 2, tr["posZ"] + d / 2), to_px(tr["posX"] + w / 2, tr["posZ"] - d / 2)
        if obj["Name"] == "HandTrigger":
            draw.rectangle((ax, ay, bx, by), outline=(200, 200, 200), width=2)
            draw.text((ax + 4, ay + 4), obj["FogColor"], fill=(200, 200, 200))
        elif obj["Name"] == "3DText":
            draw.text(to_px(tr["posX"] - 3, tr["posZ"]), obj["Text"]["Text"][:16], fill=(255, 255, 255))
        else:
            draw.rectangle((ax, ay, bx, by), fill=COLORS.get(obj["Name"], (180, 180, 180)), outline=(0, 0, 0))
    for ox, oz in marks:
        cx, cy = to_px(ox, oz)
        draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=(255, 80, 80))
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def _marks(ruleset: str) -> list[tuple[float, float]]:
    """The ruleset's reference points (its grid origins), if it names any."""
    import rulesets
    try:
        return list(rulesets.builder(ruleset).TABLE.preview_marks())
    except (KeyError, AttributeError):
        return []


def main(argv: list[str]) -> int:
    tts = Path(argv[0]) if argv else Path("build/tts")
    saves = sorted(tts.glob("*.json"))
    if not saves:
        print(f"no saves in {tts}: run `make build` first", file=sys.stderr)
        return 1
    for save in saves:
        out = tts / "preview" / f"{save.stem}.png"
        doc = json.loads(save.read_text(encoding="utf-8"))
        write_if_changed(out, render(doc, _marks(save.stem.split(".")[0])))
        print(f"preview → {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
