"""Fonts per locale, chosen explicitly so no machine's system fonts leak in.

The CJK faces are the region-specific Noto Sans SC and TC (SIL OFL 1.1) from
the `justmytype-intl-cjk` wheel on PyPI: region subsets carry the right glyph
forms without relying on `locl`, and the wheel installs with pip like every
other dependency. English uses the SC face, whose Latin glyphs are complete,
with `language='en'`.

The files are variable fonts whose *default* instance is Thin (100), so every
font is pinned to an explicit weight; forgetting that gives hairline text.
Layout is RAQM (HarfBuzz shaping + `language`) whenever Pillow has it;
`layout_engine_name()` says which one ran so tests and the build log can tell.
"""
from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from PIL import ImageFont, features

_FAMILY_DIR = {"SC": "notosanssc/NotoSansSC[wght].ttf", "TC": "notosanstc/NotoSansTC[wght].ttf"}
# Which regional face and which OpenType language each locale is set in.
LOCALE_FACE = {
    "zh-Hans": ("SC", "zh-Hans"),
    "zh-Hant": ("TC", "zh-Hant"),
    "en": ("SC", "en"),
}
WEIGHTS = {"regular": 400, "medium": 500, "bold": 700, "black": 900}


class FontError(RuntimeError):
    pass


def font_root() -> Path:
    try:
        import justmytype_intl_cjk
    except ImportError as e:  # pragma: no cover - set-up problem, said plainly
        raise FontError("the CJK font package is missing: run `make setup` "
                        "(pip install justmytype-intl-cjk)") from e
    return Path(justmytype_intl_cjk.__file__).parent / "fonts" / "ofl"


@functools.lru_cache(maxsize=None)
def font_path(locale: str) -> Path:
    face, _ = LOCALE_FACE[locale]
    path = font_root() / _FAMILY_DIR[face]
    if not path.is_file():
        raise FontError(f"font file not found: {path}")
    return path


def language(locale: str) -> str:
    return LOCALE_FACE[locale][1]


def layout_engine() -> ImageFont.Layout:
    return ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC


def layout_engine_name() -> str:
    return "raqm" if layout_engine() == ImageFont.Layout.RAQM else "basic"


@functools.lru_cache(maxsize=None)
def _font_bytes(path: str) -> bytes:
    # Loading from bytes keeps no file handle open per size (Windows' limit).
    return Path(path).read_bytes()


def get_font(locale: str, weight: str, size: int) -> ImageFont.FreeTypeFont:
    # Keyed by file, not locale: en and zh-Hans share the SC face, and each
    # instance of this variable font costs ~12 ms to open.
    return _font(str(font_path(locale)), weight, size)


@functools.lru_cache(maxsize=512)
def _font(path: str, weight: str, size: int) -> ImageFont.FreeTypeFont:
    import io
    font = ImageFont.truetype(io.BytesIO(_font_bytes(path)), size, layout_engine=layout_engine())
    font.set_variation_by_axes([WEIGHTS[weight]])
    return font


@functools.lru_cache(maxsize=None)
def fonts_digest() -> str:
    """Content hash of every font file plus the layout engine: part of every
    output hash, so a font upgrade or a machine without RAQM re-renders
    (hashing both faces takes ~20 ms)."""
    h = hashlib.sha256()
    for path in sorted({str(font_path(loc)) for loc in LOCALE_FACE}):
        with open(path, "rb") as f:
            h.update(hashlib.file_digest(f, "sha256").digest())
    h.update(layout_engine_name().encode())
    return h.hexdigest()[:16]
