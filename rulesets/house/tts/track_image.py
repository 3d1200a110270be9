"""The turn/damage track image: numbered spaces, drawn here because it is a
piece of table furniture rather than content. Named by its hash like every
asset, so TTS never caches a stale copy."""
from __future__ import annotations

import hashlib
import io

from PIL import Image, ImageDraw, ImageFont

from pipeline.atomic import write_if_changed
from . import layout

COLS, ROWS, CELL = 8, 2, 128


def render() -> bytes:
    img = Image.new("RGB", (COLS * CELL, ROWS * CELL), (38, 30, 34))
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=56)
    for i in range(layout.TRACK_SPACES):
        col, row = i % COLS, i // COLS
        x0, y0 = col * CELL + 6, row * CELL + 6
        draw.rounded_rectangle((x0, y0, x0 + CELL - 12, y0 + CELL - 12), radius=14,
                               fill=(92, 70, 80), outline=(214, 190, 160), width=4)
        draw.text((x0 + (CELL - 12) / 2, y0 + (CELL - 12) / 2), str(i), font=font,
                  fill=(240, 232, 220), anchor="mm")
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=False)
    return out.getvalue()


def write(assets_dir) -> str:
    data = render()
    name = f"track.{hashlib.sha256(data).hexdigest()[:12]}.png"
    write_if_changed(assets_dir / name, data)
    return name
