"""Fonts for printed books: small static instances of the project's faces.

fpdf2 embeds TrueType and OpenType files, and can pin a variable font's
weight itself, but doing so on a CJK face walks all of its ~30 000 glyphs:
15–30 s per weight. Cutting the face down to the characters one book
prints first, then pinning the weight, takes about a second, and the file
is kept under `build/cache/books/`, named by the source file, its axes and
the characters, so the next build with the same text re-uses it.

The faces are those of `fonts` (the typographic system), with one change:
English is set in Source Serif 4 throughout, not in the CJK face's Latin as
on cards. fpdf2 does not shape text, so the `pwid` feature the cards ask
for (proportional quotes and apostrophes) is out of reach, and that face's
default quotes are a full em wide; a book's running text also reads better
in a serif.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
from pathlib import Path

from ..atomic import write_bytes
from . import fonts, glyphs
from .errors import RenderError

# A book's styles: the fonts-module style each takes in CJK locales, and
# the Source Serif 4 weight and italic flag it takes in Latin ones.
STYLES = {"title": ("title", 700, False), "body": ("body", 400, False), "strong": ("strong", 700, False),
          "flavour": ("flavour", 400, True), "label": ("label", 400, False)}


class BookError(RenderError):
    """A book cannot be set: a missing text, a character no font has, a
    font file that cannot be read. Nothing is written when it is raised."""


def source(locale: str, style: str) -> fonts.Face:
    """The face a book style is set in, for `locale`."""
    base, weight, italic = STYLES[style]
    if fonts.is_cjk(locale):
        return fonts.face(locale, base)
    serif = fonts.face("en", "flavour" if italic else "title")     # Source Serif 4, italic or roman
    return dataclasses.replace(serif, axes=(weight, 0))


def _axes(tt, face: fonts.Face, size_pt: float) -> dict[str, float]:
    """Axis tag → value; an axis value of 0 (optical size) follows the size."""
    if "fvar" not in tt or not face.axes:
        return {}
    tags = [a.axisTag for a in tt["fvar"].axes]
    out = {}
    for tag, value in zip(tags, face.axes):
        axis = next(a for a in tt["fvar"].axes if a.axisTag == tag)
        value = size_pt if value == 0 else value
        out[tag] = max(axis.minValue, min(axis.maxValue, value))
    return out


@functools.lru_cache(maxsize=4)
def _subset(path: str, chars: str) -> bytes:
    """The face cut down to `chars`, axes kept: one cut serves every weight
    of a variable face (the cut is what takes the time)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont
    tt = TTFont(path)
    opts = subset.Options()
    opts.layout_features = []          # fpdf2 draws glyphs one by one, unshaped
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.hinting = False
    sub = subset.Subsetter(opts)
    sub.populate(text=chars)
    sub.subset(tt)
    tt.recalcTimestamp = False         # the head table's date stays the font's own
    buf = io.BytesIO()
    tt.save(buf)
    return buf.getvalue()


def prepare(locale: str, style: str, chars: str, cache: Path, size_pt: float) -> tuple[Path, frozenset[int]]:
    """A static font file for `style` holding `chars` (cached), and the code
    points the source face has, to find characters it cannot print."""
    from fontTools.ttLib import TTFont, TTLibError
    from fontTools.varLib import instancer

    try:
        face = source(locale, style)
        path = face.path()
    except fonts.FontError as e:
        raise BookError(f"{locale}: {style} font: {e}") from e
    st = path.stat()
    key = hashlib.sha256(repr((str(path), st.st_size, st.st_mtime_ns, face.axes, size_pt,
                               "".join(sorted(set(chars))))).encode()).hexdigest()[:20]
    out = cache / f"{path.stem.split('[')[0]}.{key}.ttf"
    try:
        have = glyphs._cmap(str(path))      # kept on disk: a CJK cmap takes ~0.3 s to read
        if not out.exists():
            tt = TTFont(io.BytesIO(_subset(str(path), "".join(sorted(set(chars) | {" "})))))
            axes = _axes(tt, face, size_pt)
            if axes:
                tt = instancer.instantiateVariableFont(tt, axes)
            tt.recalcTimestamp = False        # same characters, same file: same PDF bytes
            buf = io.BytesIO()
            tt.save(buf)
            write_bytes(out, buf.getvalue())
    except (TTLibError, OSError, AssertionError, KeyError, ValueError) as e:
        raise BookError(f"{locale}: {style} font {path}: not a readable font ({type(e).__name__}: {e})") from e
    return out, have
