"""Icons from `art/icons/` rasterized with resvg, tinted to one colour.

game-icons.net SVGs are single-path silhouettes, so the rendered alpha is the
shape and any colour can be applied by filling through it. The build reads
only `art/icons/`; `tools/vendor_icons.py` fills that folder.
"""
from __future__ import annotations

import functools
import hashlib
import io
from pathlib import Path

import resvg_py
from PIL import Image

from ..atomic import write_via


class MissingIcon(LookupError):
    pass


ICON_DIR = Path(__file__).resolve().parents[2] / "art" / "icons"


def icon_path(name: str, root: Path | None = None) -> Path:
    return (root / "art" / "icons" if root else ICON_DIR) / f"{name}.svg"


def icon_exists(name: str, root: Path | None = None) -> bool:
    return icon_path(name, root).is_file()


@functools.lru_cache(maxsize=None)
def icon_digest(path: str) -> str:
    p = Path(path)
    if not p.is_file():
        raise MissingIcon(f"icon not found: {p}")
    return hashlib.sha256(p.read_bytes()).hexdigest()[:16]


_disk_cache: Path | None = None


def set_cache_dir(path: Path | None) -> None:
    """Keep rasterized icons between builds and worker processes: resvg is
    the slowest step of a card after text, and icons repeat a lot."""
    global _disk_cache
    _disk_cache = path
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)


@functools.lru_cache(maxsize=1024)
def _alpha(path: str, size: int) -> Image.Image:
    p = Path(path)
    if not p.is_file():
        raise MissingIcon(f"icon not found: {p}")
    cached = _disk_cache / f"{icon_digest(path)}.{size}.png" if _disk_cache else None
    if cached is not None and cached.exists():
        with Image.open(cached) as im:
            return im.copy()
    png = resvg_py.svg_to_bytes(svg_string=p.read_text(encoding="utf-8"),
                                width=size, height=size, skip_system_fonts=True)
    alpha = Image.open(io.BytesIO(bytes(png))).convert("RGBA").getchannel("A")
    if cached is not None:
        write_via(cached, lambda tmp: alpha.save(tmp, format="PNG", compress_level=1))
    return alpha


def icon_image(path: str | Path, size: int, colour: str) -> Image.Image:
    """An RGBA image `size`×`size`: the icon's shape in `colour`."""
    alpha = _alpha(str(path), int(size))
    img = Image.new("RGBA", alpha.size, colour)
    img.putalpha(alpha)
    return img
