"""Printed books: `python -m pipeline books` → build/print/<ruleset>-<book>.<locale>.pdf

A ruleset with books to print gives `RENDER.books(ruleset, locale)`, a list
of `bookmodel.Book`s (its texts, already in that locale); a ruleset without
that hook has none. Each book is set on A5 portrait pages (`booklayout`),
in the faces of `bookfonts`, one PDF per book and locale.

One file per locale holds every part: parts are for different readers, and
each starts on page 4k + 1, so printed duplex on A5 (two pages a sheet) or
two-up on A4 (four) every part is a stack of sheets of its own, to be
taken out and kept apart; one file keeps the parts' page numbers and
contents in one sequence and cannot lose a part. Every text is set and every character checked against its font
before a byte is written, and then each file is written whole (temp file +
rename), so a missing text or a bad font leaves no file behind. Dates and
the file id are fixed: the same content gives the same bytes.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path
from typing import Any

from kit.words import LOCALES

from ..atomic import write_bytes
from . import bookfonts, glyphs, stage
from .bookfonts import BookError
from .booklayout import PAGE_MM, TYPE, paginate
from .bookmodel import Book, Page

FIXED_DATE = dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)
INK = {"title": (90, 24, 24), "strong": (25, 25, 25), "body": (25, 25, 25), "flavour": (45, 45, 45),
       "label": (90, 90, 90)}
EXTRA_CHARS = "0123456789–·… "


def _size_of(style: str) -> float:
    """The size a style's optical-size axis is pinned at (its most used size)."""
    return max((size for font, size, *_ in TYPE.values() if font == style), default=10)


class _Writer:
    """An fpdf2 document with the book's fonts loaded; measures and draws."""

    def __init__(self, book: Book, cache: Path):
        from fpdf import FPDF
        chars = "".join(sorted(set("".join(book.texts()) + EXTRA_CHARS) - {"\n"}))
        self.pdf = FPDF(orientation="P", unit="mm", format=PAGE_MM)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_creation_date(FIXED_DATE)
        fid = hashlib.sha256(f"{book.key}:{book.locale}".encode()).hexdigest()[:32]
        self.pdf.file_id = lambda *_: f"<{fid}><{fid}>"
        self.pdf.set_title(f"{book.title} ({book.locale})")
        self.cmaps: dict[str, frozenset[int]] = {}
        for style in bookfonts.STYLES:
            path, have = bookfonts.prepare(book.locale, style, chars, cache, _size_of(style))
            try:
                self.pdf.add_font(style, "", str(path))
            except Exception as e:             # fpdf2 raises plain exceptions on a broken file
                raise BookError(f"{book.locale}: {style} font {path}: {e}") from e
            self.cmaps[style] = have
        self.widths: dict[tuple, float] = {}

    def width_of(self, style: str, size: float, text: str) -> float:
        key = (style, size, text)
        if key not in self.widths:
            self.pdf.set_font(style, size=size)
            self.widths[key] = self.pdf.get_string_width(text)
        return self.widths[key]

    def missing(self, pages: list[Page]) -> list[str]:
        """Characters some line prints in a style whose face lacks them."""
        out: list[str] = []
        for page in pages:
            for line in page.lines:
                for run in line.runs:
                    out += [f"'{c}' (U+{ord(c):04X}) in {run.style}" for c in run.text
                            if not c.isspace() and ord(c) not in self.cmaps[run.style]]
        return sorted(set(out))

    def draw(self, pages: list[Page]) -> bytes:
        for page in pages:
            self.pdf.add_page()
            for line in page.lines:
                for run in line.runs:
                    self.pdf.set_font(run.style, size=line.size)
                    self.pdf.set_text_color(*INK[run.style])
                    self.pdf.text(run.x, line.y, run.text)
        return bytes(self.pdf.output())


def typeset(book: Book, cache: Path) -> tuple[list[Page], bytes]:
    """The pages of `book` and the PDF's bytes; BookError when it cannot be printed."""
    cache.mkdir(parents=True, exist_ok=True)
    writer = _Writer(book, cache)
    pages = paginate(book, writer.width_of)
    missing = writer.missing(pages)
    if missing:
        raise BookError(f"{book.locale}: book {book.key}: no glyph for " + ", ".join(missing[:8]))
    return pages, writer.draw(pages)


def books_of(ruleset: Any, locale: str) -> list[Book]:
    spec = stage.render_spec(ruleset.name)
    return list(spec.books(ruleset, locale)) if hasattr(spec, "books") else []


def build_books(ruleset: Any, build_dir: Path, locales=LOCALES) -> dict[Path, list[Page]]:
    """Every book of `ruleset` in every locale, into build/print/. All are
    set before any is written: one failure writes nothing."""
    cache = build_dir / "cache" / "books"
    glyphs.set_cache_dir(build_dir / "cache" / "fonts")
    done: dict[Path, tuple[list[Page], bytes]] = {}
    for loc in locales:
        for book in books_of(ruleset, loc):
            target = build_dir / "print" / f"{ruleset.name}-{book.key}.{loc}.pdf"
            done[target] = typeset(book, cache)
    for target, (_, data) in done.items():
        write_bytes(target, data)
    return {target: pages for target, (pages, _) in done.items()}


def main(argv: list[str]) -> int:
    from pipeline.content.cli import build_dir_arg, load_args, parser, report
    args = parser("books", "Printed books per locale (build/print/).", writes=True).parse_args(argv)
    loaded, problems = load_args(args)
    if problems:
        return report(problems + ["books stopped: nothing written"])
    for rs in loaded:
        try:
            written = build_books(rs, build_dir_arg(args))
        except BookError as e:
            return report(e.lines + ["books stopped: nothing written"])
        for path, pages in written.items():
            print(f"{rs.name}: {path} ({len(pages)} pages)")
        if not written:
            print(f"{rs.name}: no books to print")
    return 0
