"""The typographic system: which face, weight and size every kind of text
gets, per locale, chosen explicitly so no machine's system fonts leak in.

Text is set in *styles*, never in raw fonts:

    title    names of cards and pieces        CJK: Noto Sans heavy;   Latin: Source Serif 4 bold
    body     rules text                       Noto Sans regular
    strong   keywords marked **so** in text   Noto Sans bold
    flavour  atmosphere marked *so* in text   CJK: Noto Serif (Song); Latin: Source Serif 4 italic
    label    small fixed words, footers       Noto Sans medium
    figure   digits on tracks and dice        Noto Sans bold

All faces are SIL OFL 1.1 and install with pip: Noto Sans SC/TC from
`justmytype-intl-cjk` (region subsets carry the right glyph forms without
relying on `locl`), Noto Serif SC/TC from `pylopdf-fonts-zh-cn`/`-zh-tw`,
Source Serif 4 (roman and italic) from `fontpkg-source-serif-4`. English
body text uses the Latin of Noto Sans SC.

Sizes come from one scale (`SCALE`): a layout names the largest and the
smallest step a box may use, and shrink-to-fit walks the steps between.

The variable files' *default* instance is Thin, so every font is pinned to
an explicit weight; forgetting that gives hairline text. Layout is RAQM
(HarfBuzz shaping + `language`) whenever Pillow has it;
`layout_engine_name()` says which one ran so tests and the build log can tell.
"""
from __future__ import annotations

import functools
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import ImageFont, features

# The type scale in px at TTS size (a 409 px wide card): every text size a
# layout uses is one of these, times the render scale.
SCALE = (10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28, 32, 36, 40, 44, 48, 56, 64)

STYLES = ("title", "body", "strong", "flavour", "label", "figure")
# Older layout spellings of a style, kept so layouts read naturally.
ALIASES = {"regular": "body", "bold": "strong", "medium": "label", "black": "title"}

LOCALE_SCRIPT = {"zh-Hans": ("SC", "zh-Hans"), "zh-Hant": ("TC", "zh-Hant"), "en": ("Latin", "en")}
CJK_LOCALES = frozenset({"zh-Hans", "zh-Hant"})


@dataclass(frozen=True)
class Face:
    package: str        # the pip package (import name) that ships the file
    file: str           # path inside the package
    axes: tuple = ()    # variable axes values in the font's own axis order

    def path(self) -> Path:
        import importlib
        try:
            mod = importlib.import_module(self.package)
        except ImportError as e:  # pragma: no cover - set-up problem, said plainly
            raise FontError(f"font package {self.package} is missing: run `make setup`") from e
        p = Path(mod.__file__).parent / self.file
        if not p.is_file():
            raise FontError(f"font file not found: {p}")
        return p


def _sans(region: str, weight: int) -> Face:
    return Face("justmytype_intl_cjk", f"fonts/ofl/notosans{region.lower()}/NotoSans{region}[wght].ttf",
                (weight,))


def _serif_cjk(region: str) -> Face:
    pkg = {"SC": "pylopdf_fonts_zh_cn", "TC": "pylopdf_fonts_zh_tw"}[region]
    return Face(pkg, f"NotoSerif{region}-Regular.otf")


def _serif_latin(weight: int, italic: bool = False) -> Face:
    name = "SourceSerif4-Italic[opsz,wght].ttf" if italic else "SourceSerif4[opsz,wght].ttf"
    return Face("fontpkg_source_serif_4", f"files/{name}", (weight, 0))  # opsz 0: set per size


def _faces(region: str) -> dict[str, Face]:
    sans = region if region != "Latin" else "SC"
    out = {"body": _sans(sans, 400), "strong": _sans(sans, 700), "label": _sans(sans, 500),
           "figure": _sans(sans, 700)}
    if region == "Latin":
        out["title"] = _serif_latin(700)
        out["flavour"] = _serif_latin(400, italic=True)
    else:
        out["title"] = _sans(region, 800)
        out["flavour"] = _serif_cjk(region)
    return out


FACES = {region: _faces(region) for region in ("SC", "TC", "Latin")}


class FontError(RuntimeError):
    pass


def style_name(style: str) -> str:
    s = ALIASES.get(style, style)
    if s not in STYLES:
        raise FontError(f"unknown text style {style!r} (known: {', '.join(STYLES)})")
    return s


def face(locale: str, style: str) -> Face:
    return FACES[LOCALE_SCRIPT[locale][0]][style_name(style)]


def font_path(locale: str, style: str = "body") -> Path:
    return face(locale, style).path()


def language(locale: str) -> str:
    return LOCALE_SCRIPT[locale][1]


def is_cjk(locale: str) -> bool:
    return locale in CJK_LOCALES


def sizes(smax: float, smin: float, scale: float = 1.0) -> list[int]:
    """The scale steps from `smax` down to `smin` (both must be steps), in px
    at `scale`."""
    for s in (smax, smin):
        if s not in SCALE:
            raise FontError(f"text size {s} is not on the type scale {SCALE}")
    return [int(round(s * scale)) for s in sorted(SCALE, reverse=True) if smin <= s <= smax]


def layout_engine() -> ImageFont.Layout:
    return ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC


def layout_engine_name() -> str:
    return "raqm" if layout_engine() == ImageFont.Layout.RAQM else "basic"


@functools.lru_cache(maxsize=None)
def _font_bytes(path: str) -> bytes:
    # Loading from bytes keeps no file handle open per size (Windows' limit).
    return Path(path).read_bytes()


def get_font(locale: str, style: str, size: int) -> ImageFont.FreeTypeFont:
    f = face(locale, style)
    return _font(_path(f), f.axes, size)


@functools.lru_cache(maxsize=None)
def _path(f: Face) -> str:
    return str(f.path())


@functools.lru_cache(maxsize=512)
def _font(path: str, axes: tuple, size: int) -> ImageFont.FreeTypeFont:
    # Keyed by file and axes, not locale: en and zh-Hans share the SC face,
    # and each instance of a variable font costs ~12 ms to open.
    font = ImageFont.truetype(io.BytesIO(_font_bytes(path)), size, layout_engine=layout_engine())
    if axes:
        # Optical size follows the px size where the font has that axis.
        values = [size if a == 0 else a for a in axes]
        names = [ax["name"] for ax in font.get_variation_axes()]
        if b"Optical Size" in names or "Optical Size" in names:
            lo, hi = 8, 60
            values = [max(lo, min(hi, v)) if i == 1 else v for i, v in enumerate(values)]
        font.set_variation_by_axes(values)
    return font


def all_paths() -> list[str]:
    return sorted({str(f.path()) for faces in FACES.values() for f in faces.values()})


@functools.lru_cache(maxsize=None)
def fonts_digest() -> str:
    """Content hash of every font file plus the layout engine: part of every
    output hash, so a font upgrade or a machine without RAQM re-renders."""
    h = hashlib.sha256()
    for path in all_paths():
        with open(path, "rb") as f:
            h.update(hashlib.file_digest(f, "sha256").digest())
    h.update(layout_engine_name().encode())
    h.update(repr(sorted((r, s, f.axes) for r, fs in FACES.items() for s, f in fs.items())).encode())
    return h.hexdigest()[:16]


def credits() -> list[tuple[str, str]]:
    """(family, licence) of every face, for the credits card."""
    return [("Noto Sans SC / TC", "SIL Open Font License 1.1"),
            ("Noto Serif SC / TC", "SIL Open Font License 1.1"),
            ("Source Serif 4", "SIL Open Font License 1.1")]
