"""Fit a marked-up text into a box (shrink-to-fit on the type scale) and draw it.

A text box has a range of scale steps: the largest at which the broken lines
fit the box wins. If even the smallest does not fit, `TextOverflow` says by
how many pixels, and the build fails instead of printing unreadable cards.

Every atom is drawn at the position the breaker measured for it, one CJK
character or Latin word at a time, so what is measured is what is drawn
(shaping a whole run let HarfBuzz pick wider forms than the measure, which
is how "——" once ran past its box). Inline icons (`:name:`) are squares of
glyph size on the baseline in the text's colour, followed by their label
(the word the ruleset gives for what the icon stands for) in the strong style.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw

from . import fonts
from .icons import icon_image
from .linebreak import PUNCT, Atom, Line, UNBREAKABLE, layout, tokenize

ICON_EM = 1.0        # icon side in ems
ICON_DROP = 0.12     # how far below the baseline an icon's bottom sits, in ems
ASCENT = 0.92        # first baseline below the box top, in ems (CJK ink reaches ~0.9 em)
DESCENT = 0.25       # space below the last baseline, in ems


def OVERHANG_PAD(size: int) -> int:
    """Side bearings of italics and of "A", "f", "j" reach past the advance."""
    return max(1, round(size * 0.05))


class TextOverflow(Exception):
    def __init__(self, box: str, px: int):
        super().__init__(f"text overflows box '{box}' by {px} px")
        self.box = box
        self.px = px


@functools.lru_cache(maxsize=200_000)
def _advance(locale: str, style: str, size: int, text: str) -> float:
    font = fonts.get_font(locale, style, size)
    return font.getlength(text, language=fonts.language(locale), features=_features(locale, text))


def _features(locale: str, text: str) -> list[str] | None:
    # In CJK text "——" and "……" are drawn as full-width forms (fwid), so
    # the dash is the two ems clreq asks for, measured and drawn alike. Latin
    # text set in a CJK face asks for proportional quotes and apostrophes
    # (pwid): the face's defaults are full-width.
    if fonts.is_cjk(locale):
        return ["fwid"] if text in UNBREAKABLE else None
    return ["pwid"]


@functools.lru_cache(maxsize=20_000)
def _blank(locale: str, style: str, size: int, ch: str) -> tuple[float, float]:
    """Squeezable blank (left, right) of a full-width mark in this face, read
    from its ink: mainland faces set ，。 left (blank right), Taiwan faces
    centre them (a quarter em each side)."""
    if ch not in PUNCT:
        return (0.0, 0.0)
    font = fonts.get_font(locale, style, size)
    em = _advance(locale, style, size, ch)
    img = Image.new("L", (int(em * 3), int(size * 2)))
    ImageDraw.Draw(img).text((em, size * 1.5), ch, font=font, fill=255, anchor="ls",
                             language=fonts.language(locale))
    box = img.getbbox()
    if box is None:
        return (0.0, 0.0)
    left, right = box[0] - em, 2 * em - box[2]
    tol = em * 0.06

    def side(blank: float) -> float:
        return em / 2 if blank >= em / 2 - tol else em / 4 if blank >= em / 4 - tol else 0.0
    return (side(left), side(right))


class FontMetrics:
    """Real advances for the breaker, one (locale, size) at a time."""

    def __init__(self, locale: str, size: int):
        self.locale, self.size = locale, size
        self.icon_side = round(size * ICON_EM)
        self.icon_pad = max(1, size // 10)

    def width(self, a: Atom) -> float:
        if a.kind == "icon":
            w = self.icon_side + 2 * self.icon_pad
            if a.label:
                w += _advance(self.locale, "strong", self.size, a.label) + self.icon_pad
            return w
        return _advance(self.locale, a.style, self.size, a.text)

    def blank(self, a: Atom) -> tuple[float, float]:
        if a.kind != "char":
            return (0.0, 0.0)
        return _blank(self.locale, a.style, self.size, a.text)

    def em(self, a: Atom) -> float:
        return float(self.size)

    def overhang(self, line: Line) -> tuple[float, float]:
        """Ink past the line's ends: italic "f", "J", "A" reach beyond their advance."""
        atoms = [a for a in line.atoms if a.kind in ("char", "word")]
        if not line.atoms:
            return (0.0, 0.0)
        left = right = 0.0
        if line.atoms[0].kind in ("char", "word"):
            left = -min(0.0, _bbox(self.locale, line.atoms[0].style, self.size, line.atoms[0].text)[0])
        last = line.atoms[-1]
        if last.kind in ("char", "word") and atoms:
            x1 = _bbox(self.locale, last.style, self.size, last.text)[2]
            right = max(0.0, x1 - _advance(self.locale, last.style, self.size, last.text))
        return (left, right)


@functools.lru_cache(maxsize=50_000)
def _bbox(locale: str, style: str, size: int, text: str) -> tuple[float, float, float, float]:
    font = fonts.get_font(locale, style, size)
    return font.getbbox(text, anchor="ls", language=fonts.language(locale),
                        features=_features(locale, text))


@dataclass
class Laid:
    size: int
    lines: list[Line]
    line_height: int
    width: int = 0
    justify: bool = False
    pad: int = 0          # kept clear on each side of a justified line
    overhangs: list = field(default_factory=list)   # (left, right) ink past each line's ends

    @property
    def block_height(self) -> int:
        return self.size + self.line_height * (len(self.lines) - 1) + round(self.size * DESCENT)

    @property
    def texts(self) -> list[str]:
        return [l.text for l in self.lines]


def measurer(locale: str, style: str, size: int):
    m = FontMetrics(locale, size)
    return m.width


def _atoms(text: str, locale: str, base: str, labels: dict[str, str] | None) -> list[Atom]:
    return tokenize(text, fonts.is_cjk(locale), labels, fonts.style_name(base))


def fit(text: str, box_name: str, w: int, h: int, locale: str, style: str,
        sizes: list[int], line_spacing: float, max_lines: int | None = None,
        justify: bool = False, balance: bool = False,
        labels: dict[str, str] | None = None) -> Laid:
    """Lay `text` out at the largest of `sizes` (descending) that fits."""
    atoms = _atoms(text, locale, style, labels)
    justify = justify and fonts.is_cjk(locale)     # Latin stays ragged-right
    overflow = 0.0
    for size in sizes:
        m = FontMetrics(locale, size)
        pad = OVERHANG_PAD(size)
        inner = w - 2 * pad
        lines = layout(atoms, inner, m, justify=justify, balance=balance)
        lh = round(size * line_spacing)
        ovs = [m.overhang(l) for l in lines]
        laid = Laid(size, lines, lh, inner, justify, pad, ovs)
        over_h = laid.block_height - h
        over_w = max((l.width + ol + orr - 2 * pad for l, (ol, orr) in zip(lines, ovs)), default=0) - inner
        too_many = max_lines is not None and len(lines) > max_lines
        if over_h <= 0 and over_w <= 0.5 and not too_many:
            return laid
        overflow = max(over_h, over_w, lh if too_many else 0)
    raise TextOverflow(box_name, int(round(overflow)) or 1)


@dataclass
class Drawn:
    """What a text box put on the image, for the checks (see `checks`)."""
    ink: tuple[int, int, int, int] | None       # bbox of the ink, image coordinates
    mask: Image.Image | None = field(default=None, repr=False)   # alpha of the ink in `region`
    colours: dict[str, str] = field(default_factory=dict)        # style -> colour used
    region: tuple[int, int, int, int] = (0, 0, 0, 0)             # the area drawn in (box + 2 em)
    background: Image.Image | None = field(default=None, repr=False)  # that area before the text


def draw(img: Image.Image, laid: Laid, x: int, y: int, w: int, h: int,
         locale: str, style: str, colour: str, align: str, valign: str,
         icon_paths: dict[str, Path], colours: dict[str, str] | None = None) -> Drawn:
    """Draw onto `img`; returns the ink drawn. `colours` overrides the colour
    per style (e.g. a softer flavour)."""
    size = laid.size
    # Drawn on a layer the size of the box plus two ems each way: ink that
    # strays from the box is still seen, and no full-image copy is made.
    margin = 2 * size
    region = (max(0, x - margin), max(0, y - margin), min(img.width, x + w + margin),
              min(img.height, y + h + margin))
    ox, oy = region[0], region[1]
    layer = Image.new("RGBA", (region[2] - ox, region[3] - oy), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    lang = fonts.language(locale)
    x, y = x - ox, y - oy
    m = FontMetrics(locale, size)
    colours = colours or {}
    used: dict[str, str] = {}
    top = y + {"top": 0, "middle": (h - laid.block_height) // 2, "bottom": h - laid.block_height}[valign]
    ascent = round(size * ASCENT)
    for i, line in enumerate(laid.lines):
        lw = line.width
        ol, orr = laid.overhangs[i] if laid.overhangs else (0.0, 0.0)
        if laid.justify and not line.last:
            lx = x + laid.pad
        else:
            lx = x + {"left": ol, "justify": ol, "center": (w - lw + ol - orr) / 2,
                      "right": w - lw - orr}[align]
        base = top + ascent + i * laid.line_height
        for a, ax, dx in zip(line.atoms, line.xs, line.dxs):
            cx = lx + ax + dx
            ink = colours.get(a.style, colour)
            if a.kind == "icon":
                side = m.icon_side
                ic = icon_image(icon_paths[a.text], side, ink)
                layer.alpha_composite(ic, (round(cx + m.icon_pad), round(base + size * ICON_DROP - side)))
                used["icon"] = ink
                if a.label:
                    lab_ink = colours.get("strong", colour)
                    d.text((round(cx + side + 2 * m.icon_pad), base), a.label,
                           font=fonts.get_font(locale, "strong", size), fill=lab_ink, anchor="ls",
                           language=lang)
                    used["strong"] = lab_ink
                continue
            if a.kind == "space":
                continue
            d.text((round(cx), base), a.text, font=fonts.get_font(locale, a.style, size), fill=ink,
                   anchor="ls", language=lang, features=_features(locale, a.text))
            used[a.style] = ink
    alpha = layer.getchannel("A")
    background = img.crop(region)
    img.alpha_composite(layer, (ox, oy))
    box = alpha.getbbox()
    ink = (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy) if box else None
    return Drawn(ink, alpha, used, region, background)
