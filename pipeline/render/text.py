"""Fit a text into a box (shrink-to-fit) and draw it, inline icons included.

A text box has a size range: the largest size at which the broken lines fit
the box wins. If even the smallest does not fit, `TextOverflow` says by how
many pixels, and the build fails instead of printing unreadable cards.
Inline icons (`:might:`) are drawn as squares of glyph size sitting on the
baseline, in the text's colour.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw

from . import fonts
from .icons import icon_image
from .linebreak import Atom, break_atoms, tokenize

ICON_EM = 1.0        # icon side in ems
ICON_DROP = 0.12     # how far below the baseline an icon's bottom sits, in ems


class TextOverflow(Exception):
    def __init__(self, box: str, px: int):
        super().__init__(f"text overflows box '{box}' by {px} px")
        self.box = box
        self.px = px


@dataclass
class Laid:
    size: int
    lines: list[list[Atom]]
    line_height: int


@functools.lru_cache(maxsize=200_000)
def _measure(locale: str, weight: str, size: int, kind: str, text: str) -> float:
    if kind == "icon":
        return round(size * ICON_EM) + max(1, size // 8)
    font = fonts.get_font(locale, weight, size)
    return font.getlength(text, language=fonts.language(locale))


def measurer(locale: str, weight: str, size: int) -> Callable[[Atom], float]:
    return lambda a: _measure(locale, weight, size, a.kind, a.text)


def fit(text: str, box_name: str, w: int, h: int, locale: str, weight: str,
        size_max: int, size_min: int, line_spacing: float,
        max_lines: int | None = None) -> Laid:
    atoms = tokenize(text)
    overflow = 0
    for size in range(size_max, size_min - 1, -1):
        measure = measurer(locale, weight, size)
        lines = break_atoms(atoms, w, measure)
        lh = round(size * line_spacing)
        height = size + lh * (len(lines) - 1) + round(size * 0.25)
        widest = max((sum(measure(a) for a in l) for l in lines), default=0)
        over_h = height - h
        over_w = widest - w
        too_many = max_lines is not None and len(lines) > max_lines
        if over_h <= 0 and over_w <= 0 and not too_many:
            return Laid(size, lines, lh)
        overflow = max(over_h, over_w, lh if too_many else 0)
    raise TextOverflow(box_name, int(round(overflow)) or 1)


def _runs(line: list[Atom]) -> list[tuple[str, str]]:
    """Consecutive non-icon atoms joined so Latin kerning and shaping apply."""
    runs: list[tuple[str, str]] = []
    for a in line:
        if a.kind == "icon":
            runs.append(("icon", a.text))
        elif runs and runs[-1][0] == "text":
            runs[-1] = ("text", runs[-1][1] + a.text)
        else:
            runs.append(("text", a.text))
    return runs


def draw(img: Image.Image, laid: Laid, x: int, y: int, w: int, h: int,
         locale: str, weight: str, colour: str, align: str, valign: str,
         icon_paths: dict[str, Path]) -> None:
    font = fonts.get_font(locale, weight, laid.size)
    lang = fonts.language(locale)
    d = ImageDraw.Draw(img)
    measure = measurer(locale, weight, laid.size)
    size = laid.size
    block = size + laid.line_height * (len(laid.lines) - 1) + round(size * 0.25)
    top = y + {"top": 0, "middle": (h - block) // 2, "bottom": h - block}[valign]
    ascent = round(size * 0.88)
    for i, line in enumerate(laid.lines):
        lw = sum(measure(a) for a in line)
        lx = x + {"left": 0, "center": (w - lw) / 2, "right": w - lw}[align]
        base = top + ascent + i * laid.line_height
        cx = lx
        for kind, value in _runs(line):
            if kind == "icon":
                side = round(size * ICON_EM)
                pad = max(1, size // 16)
                ic = icon_image(icon_paths[value], side, colour)
                img.alpha_composite(ic, (round(cx + pad), round(base + size * ICON_DROP - side)))
                cx += _measure(locale, weight, size, "icon", value)
            else:
                d.text((round(cx), base), value, font=font, fill=colour, anchor="ls",
                       language=lang)
                cx += font.getlength(value, language=lang)
