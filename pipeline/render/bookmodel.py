"""What a ruleset hands the book typesetter, and the pages it gets back.

A ruleset describes a printed book as parts (each for its own readers),
each part a list of sections, each section a title and blocks of marked-up
text (`kit.markup`: **keyword**, *flavour*, :icon:). The typesetter turns
that into `Page`s of placed lines before anything is drawn, so tests can
read what lands on which page without decoding a PDF.
"""
from __future__ import annotations

from dataclasses import dataclass, field

BLOCK_STYLES = ("lead", "body", "note", "heading")


@dataclass(frozen=True)
class Block:
    style: str          # lead (read aloud, flavour face) | body | note (small) | heading
    text: str           # marked-up text; a blank line separates paragraphs


@dataclass(frozen=True)
class Section:
    key: str            # the content id it comes from (tests and error messages)
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Part:
    """Pages for one set of readers. Every part after the first starts on
    an odd page, so duplex printing never puts two parts on one sheet."""
    key: str
    title: str
    cover: tuple[Block, ...]     # under the part's title on its first page
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Book:
    key: str                     # the file name's middle: <ruleset>-<key>.<locale>.pdf
    locale: str
    title: str
    parts: tuple[Part, ...]
    # contents: heading of the contents list; pages: "{first}–{last}" on a
    # part's cover; blank: the note on a page left empty; footer: "{part} · {page}"
    labels: dict[str, str]
    token_labels: dict[str, str] = field(default_factory=dict)   # :icon: → the word printed for it

    def texts(self) -> list[str]:
        """Every text the book may print (for the fonts' character sets)."""
        out = [self.title, *self.labels.values(), *self.token_labels.values()]
        for part in self.parts:
            out += [part.title, *(b.text for b in part.cover)]
            for s in part.sections:
                out += [s.title, *(b.text for b in s.blocks)]
        return out


@dataclass
class Run:
    x: float            # mm from the page's left edge
    text: str
    style: str          # a bookfonts style


@dataclass
class Line:
    y: float            # baseline, mm from the page's top
    size: float         # pt
    runs: list[Run]

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


@dataclass
class Page:
    number: int                 # 1-based, as printed in the footer
    part: str                   # the part whose sheet it is on (a blank page: the part before)
    kind: str                   # cover | section | blank
    section: str | None = None  # the section's key on a section page
    lines: list[Line] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)
