"""Setting a book's text into A5 pages (before anything is drawn).

Lines are broken by `linebreak` (clreq kinsoku, numbers kept with their
units, no one-character last lines) with widths measured by the PDF
writer itself, so what is measured is what is drawn; CJK lines are
justified, English is set ragged (no hyphenation to even it out). An inline
icon prints as its word, in the strong style: a book has no space for an
icon that only makes sense beside the card art.

Pagination rules: a part's first page (its cover) holds the book's title,
the part's title and words, its page range and the contents (section →
page); each section starts on a new page; a heading is never left alone at
the bottom of a page; every part after the first starts on page 4k + 1,
after pages marked blank where needed, so no sheet carries two parts
whether the book is printed duplex on A5 (two pages a sheet) or duplex
two-up on A4 (four pages a sheet).
"""
from __future__ import annotations

from typing import Callable

from . import fonts
from .bookfonts import BookError
from .bookmodel import BLOCK_STYLES, Block, Book, Line, Page, Part, Run
from .linebreak import PUNCT, Atom, layout, tokenize

PAGE_MM = (148.0, 210.0)                       # A5 portrait
MARGIN = {"top": 18.0, "bottom": 22.0, "inner": 18.0, "outer": 16.0}
FOOTER_Y = PAGE_MM[1] - 11.0
PT = 25.4 / 72                                 # mm per point
PART_BREAK = 4      # parts start on page PART_BREAK·k + 1: a whole sheet, printed one- or two-up
# style name → (font style, size pt, space before mm, space after mm)
TYPE = {"book": ("title", 20, 0, 3), "part": ("title", 16, 2, 6), "title": ("title", 17, 0, 5),
        "heading": ("strong", 11, 4, 1.5), "lead": ("flavour", 10.5, 0, 4), "body": ("body", 10, 0, 0),
        "note": ("body", 9, 2, 0), "contents": ("body", 10, 0, 0), "footer": ("label", 8, 0, 0)}
PARA_GAP = 0.6      # in lines: space between paragraphs


class Measure:
    """Widths in mm from the PDF writer's own fonts: `width_of(style, pt, text)`."""

    def __init__(self, width_of: Callable[[str, float, str], float], locale: str, size: float, base: str):
        self.width_of, self.locale, self.size, self.base = width_of, locale, size, base

    def width(self, a: Atom) -> float:
        if a.kind == "icon":
            return self.width_of("strong", self.size, a.label)
        return self.width_of(_style(a.style, self.base), self.size, a.text)

    def blank(self, a: Atom) -> tuple[float, float]:
        """The squeezable blank of a full-width mark: half an em on the side
        its ink leaves empty (mainland faces set ，。 left, Taiwan faces centre
        them and give a quarter each side)."""
        if a.kind != "char" or a.text not in PUNCT or not fonts.is_cjk(self.locale):
            return (0.0, 0.0)
        em = self.size * PT
        if self.locale == "zh-Hant" and a.text in "，。、；：！？":
            return (em / 4, em / 4)
        opening = a.text in "（「『《〈【〔〖“‘｛［"
        return (em / 2, 0.0) if opening else (0.0, em / 2) if a.text not in "·・" else (em / 4, em / 4)

    def em(self, a: Atom) -> float:
        return self.size * PT


def _style(atom_style: str, base: str) -> str:
    """The font style an atom is drawn in: markup wins over the block's face."""
    return {"strong": "strong", "flavour": "flavour"}.get(atom_style, base)


class Pager:
    def __init__(self, book: Book, width_of: Callable[[str, float, str], float]):
        self.book, self.width_of = book, width_of
        self.cjk = fonts.is_cjk(book.locale)
        self.pages: list[Page] = []
        self.at: dict[tuple, int] = {}           # ("section", part, section) → its first page
        self.y = 0.0

    # -- geometry --------------------------------------------------------
    def left(self) -> float:
        odd = len(self.pages) % 2 == 1            # the current page's number is len(pages)
        return MARGIN["inner"] if odd else MARGIN["outer"]

    def width(self) -> float:
        return PAGE_MM[0] - MARGIN["inner"] - MARGIN["outer"]

    def bottom(self) -> float:
        return PAGE_MM[1] - MARGIN["bottom"]

    def new_page(self, part: str, kind: str, section: str | None = None) -> Page:
        page = Page(len(self.pages) + 1, part, kind, section)
        self.pages.append(page)
        self.y = MARGIN["top"]
        return page

    # -- text ------------------------------------------------------------
    def set_lines(self, text: str, kind: str, width: float | None = None) -> list[tuple[list[Run], bool, float]]:
        """(runs relative to x = 0, ends a paragraph, width) of every line of `text`."""
        base, size, _, _ = TYPE[kind]
        width = width or self.width()
        atoms = tokenize(text.replace("\n\n", "\n"), self.cjk, self.book.token_labels, base)
        unknown = sorted({a.text for a in atoms if a.kind == "icon" and not a.label})
        if unknown:
            raise BookError(f"{self.book.locale}: no word for icon :{unknown[0]}: "
                            f"(in {text[:40]!r}); the ruleset's token labels name each icon")
        m = Measure(self.width_of, self.book.locale, size, base)
        out = []
        for line in layout(atoms, width, m, justify=self.cjk):
            runs: list[Run] = []
            for a, x, dx in zip(line.atoms, line.xs, line.dxs):
                style = "strong" if a.kind == "icon" else _style(a.style, base)
                text_ = a.label if a.kind == "icon" else a.text
                end = runs[-1].x + self.width_of(runs[-1].style, size, runs[-1].text) if runs else None
                if runs and runs[-1].style == style and end is not None and abs(end - (x + dx)) < 0.01:
                    runs[-1].text += text_              # one run where nothing was moved apart
                else:
                    runs.append(Run(x + dx, text_, style))
            out.append((runs, line.last, line.width))
        return out

    def leading(self, kind: str) -> float:
        size = TYPE[kind][1]
        return size * PT * (1.75 if self.cjk else 1.4)

    def block(self, text: str, kind: str, right: str | None = None) -> None:
        """Set a block of `kind`; `right` goes flush right on its last line
        (a page number in the contents). A heading moves to the next page
        unless two lines of text fit under it."""
        _, size, before, after = TYPE[kind]
        lead = self.leading(kind)
        # space for any page number, so the first pass (numbers unknown) breaks the same lines
        right_w = self.width_of("body", size, "0000") + 4 if right else 0.0
        lines = self.set_lines(text, kind, self.width() - right_w)
        page = self.pages[-1]
        if self.y > MARGIN["top"]:
            self.y += before
        need = lead + (after + 2 * self.leading("body") if kind == "heading" else 0.0)
        if self.y + need > self.bottom():
            page = self.new_page(page.part, page.kind, page.section)
        for i, (runs, last, _) in enumerate(lines):
            if self.y + lead > self.bottom():
                page = self.new_page(page.part, page.kind, page.section)
            self.y += lead
            x0 = self.left()
            placed = [Run(x0 + r.x, r.text, r.style) for r in runs]
            if right and i == len(lines) - 1:
                placed.append(Run(x0 + self.width() - self.width_of("body", size, right), right, "body"))
            page.lines.append(Line(round(self.y - lead * 0.3, 3), size, placed))
            if last and i < len(lines) - 1:
                self.y += lead * PARA_GAP
        self.y += after

    # -- the book --------------------------------------------------------
    def part(self, part: Part, numbers: dict) -> None:
        """Set one part; `numbers` holds the pages found by an earlier pass
        (0 on the first), and the section pages found are kept in `self.at`."""
        while self.pages and len(self.pages) % PART_BREAK:     # the next part starts a sheet
            blank = self.new_page(self.pages[-1].part, "blank")
            self.y = PAGE_MM[1] / 2
            self.block(self.book.labels["blank"], "note")
            blank.lines[-1].runs = [Run(r.x, r.text, "label") for r in blank.lines[-1].runs]
        self.new_page(part.key, "cover")
        self.block(self.book.title, "book")
        self.block(part.title, "part")
        first, last = numbers.get(("part", part.key), (0, 0))
        for b in part.cover:
            self.block(b.text, b.style)
        self.block(self.book.labels["pages"].format(first=first, last=last), "note")
        self.block(self.book.labels["contents"], "heading")
        for s in part.sections:
            self.block(s.title, "contents", right=str(numbers.get(("section", part.key, s.key), 0)))
        for s in part.sections:
            page = self.new_page(part.key, "section", s.key)
            self.at[("section", part.key, s.key)] = page.number
            self.block(s.title, "title")
            for b in s.blocks:
                self.block(b.text, b.style)

    def footers(self) -> None:
        titles = {p.key: p.title for p in self.book.parts}
        for page in self.pages:
            text = self.book.labels["footer"].format(part=titles[page.part], page=page.number)
            w = self.width_of("label", TYPE["footer"][1], text)
            x = (PAGE_MM[0] - w) / 2
            page.lines.append(Line(FOOTER_Y, TYPE["footer"][1], [Run(x, text, "label")]))


def check(book: Book) -> None:
    """Refuse a book with an empty text, so a gap never prints as a blank page."""
    for key in ("contents", "pages", "blank", "footer"):
        if not (book.labels.get(key) or "").strip():
            raise BookError(f"{book.locale}: book {book.key}: no {key!r} label")
    for part in book.parts:
        if not part.title.strip() or not part.sections:
            raise BookError(f"{book.locale}: book {book.key}: part {part.key} has no title or no sections")
        for s in part.sections:
            blocks: tuple[Block, ...] = s.blocks
            if not s.title.strip() or not blocks or any(not b.text.strip() for b in blocks):
                raise BookError(f"{book.locale}: book {book.key}: part {part.key}, section {s.key}: "
                                f"a missing or empty text")
            bad = [b.style for b in blocks if b.style not in BLOCK_STYLES]
            if bad:
                raise BookError(f"{book.locale}: book {book.key}: section {s.key}: unknown block style {bad[0]!r}")


def paginate(book: Book, width_of: Callable[[str, float, str], float]) -> list[Page]:
    """Every page of `book`. Set twice: the first pass finds the page
    numbers the covers and contents print (their line counts do not depend
    on them), the second prints them."""
    check(book)
    numbers: dict = {}
    for _ in range(2):
        pager = Pager(book, width_of)
        for part in book.parts:
            pager.part(part, numbers)
        numbers = dict(pager.at)
        for part in book.parts:
            own = [p.number for p in pager.pages if p.part == part.key and p.kind != "blank"]
            numbers[("part", part.key)] = (own[0], max(p.number for p in pager.pages if p.part == part.key))
    pager.footers()
    return pager.pages
