"""Workshop-ready saves: public asset URLs, a square thumbnail and a
description per locale, in build/workshop/.

Steam Workshop subscribers download the save but fetch every image from its
URL, so a Workshop build refuses file:// and this machine's addresses. The
thumbnail is made square (TTS and the Workshop show it square), padding
rather than cropping so nothing of the art is lost.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from ..atomic import write_if_changed
from . import stage

THUMB_PX = 512

def square_png(data: bytes, size: int = THUMB_PX) -> bytes:
    with Image.open(io.BytesIO(data)) as img:
        img = img.convert("RGB")
        scale = min(size / img.width, size / img.height)
        fitted = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))),
                            Image.LANCZOS)
    canvas = Image.new("RGB", (size, size), (20, 16, 18))
    canvas.paste(fitted, ((size - fitted.width) // 2, (size - fitted.height) // 2))
    out = io.BytesIO()
    canvas.save(out, format="PNG")
    return out.getvalue()


def description(ruleset: str, content: dict, locale: str, version: str) -> str:
    return stage.table_spec(ruleset).workshop_description(content, locale, version) + "\n"


def build(ruleset: str, root: Path, build_dir: Path, base_url: str) -> list[Path]:
    """Saves with public URLs + thumbnail + description, per locale."""
    out_dir = Path(build_dir) / "workshop"
    result = stage.build(ruleset, root, build_dir, base_url=base_url, public=True, out_dir=out_dir)
    content = json.loads((Path(build_dir) / "content" / f"{ruleset}.json").read_text(encoding="utf-8"))
    written = list(result.saves)
    for save in result.saves:
        locale = save.name[len(ruleset) + 1:-len(".json")]
        thumb = save.with_suffix(".png")
        if not thumb.exists():
            raise stage.StageError(f"{ruleset}.{locale}: the asset manifest names no thumbnail")
        write_if_changed(thumb, square_png(thumb.read_bytes()))
        desc = save.with_suffix(".workshop.txt")
        write_if_changed(desc, description(ruleset, content, locale, result.mod_version))
        written += [thumb, desc]
    return written
