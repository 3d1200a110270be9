"""A top-down sketch of a save's table (`python -m pipeline.tts.preview`).

TTS cannot run here, so this draws each object's footprint from its
Transform at the sizes the layout assumes: a quick check that nothing
overlaps and that the floor areas, decks and boards sit where the README
says. Output: build/tts/preview/<save>.png.
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

from PIL import Image, ImageDraw

from ..atomic import write_if_changed
from . import layout

PX = 14            # pixels per world unit
SPAN = (-36.0, 36.0, -30.0, 32.0)     # x0, x1, z0, z1 drawn
COLORS = {"room": (150, 110, 90), "deck": (70, 90, 160), "board": (60, 140, 90),
          "die": (230, 230, 230), "clip": (200, 60, 60), "figure": (240, 200, 60),
          "room_bag": (90, 60, 50), "omen_counter": (120, 70, 150), "track": (160, 140, 60),
          "credits": (120, 120, 120), "label": (255, 255, 255)}


def _image_aspect(url: str) -> float:
    """width / height of a tile's image when it is a local file, else 1."""
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
        # Shorter image side = 2 units at scale 1 (see layout.tile_scale).
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


def render(save: dict) -> bytes:
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
        tag = next((t for t in obj["Tags"] if t in COLORS), None)
        if obj["Name"] == "HandTrigger":
            draw.rectangle((ax, ay, bx, by), outline=(200, 200, 200), width=2)
            draw.text((ax + 4, ay + 4), obj["FogColor"], fill=(200, 200, 200))
        elif obj["Name"] == "3DText":
            draw.text(to_px(tr["posX"] - 3, tr["posZ"]), obj["Text"]["Text"][:16], fill=(255, 255, 255))
        else:
            draw.rectangle((ax, ay, bx, by), fill=COLORS.get(tag, (180, 180, 180)), outline=(0, 0, 0))
    for floor, (ox, _, oz) in layout.FLOOR_ORIGINS.items():
        cx, cy = to_px(ox, oz)
        draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=(255, 80, 80))
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def main(argv: list[str]) -> int:
    tts = Path(argv[0]) if argv else Path("build/tts")
    saves = sorted(tts.glob("*.json"))
    if not saves:
        print(f"no saves in {tts}: run `make build` first", file=sys.stderr)
        return 1
    for save in saves:
        out = tts / "preview" / f"{save.stem}.png"
        write_if_changed(out, render(json.loads(save.read_text(encoding="utf-8"))))
        print(f"preview → {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
