"""The book typesetter (pipeline/render/booklayout.py) on small made-up
books: parts on sheets of their own, contents pointing at the right pages,
icons printed as words, CJK kinsoku, and refusals that name the problem."""
from __future__ import annotations

import unicodedata

import pytest

from pipeline.render import bookfonts, books
from pipeline.render.bookfonts import BookError
from pipeline.render.booklayout import PT, TYPE, paginate
from pipeline.render.bookmodel import Block, Book, Part, Section

LABELS = {"contents": "Contents", "pages": "Pages {first}–{last}", "blank": "Left blank.",
          "footer": "{part} · {page}"}


def width_of(style: str, size: float, text: str) -> float:
    """Wide characters one em, anything else half an em."""
    return sum(size * PT * (1.0 if unicodedata.east_asian_width(c) in "WF" else 0.5) for c in text)


def section(key: str, text: str, style: str = "body") -> Section:
    return Section(key, f"Title {key}", (Block("heading", "Heading"), Block(style, text)))


def book(first: int = 2, second: int = 2, locale: str = "en", text: str = "Some words to set.",
         tokens: dict | None = None) -> Book:
    return Book("test", locale, "A Book", (
        Part("open", "Open part", (Block("body", "Read this."),),
             tuple(section(f"o{i}", text) for i in range(first))),
        Part("sealed", "Sealed part", (Block("body", "Only you."),),
             tuple(section(f"s{i}", f"Secret {i}.") for i in range(second)))),
        LABELS, tokens or {})


def sheets(pages, per_sheet: int = 2):
    """The parts each duplex sheet carries (pages 1–2, 3–4, … one-up; 1–4, … two-up)."""
    return [{p.part for p in pages[i:i + per_sheet]} for i in range(0, len(pages), per_sheet)]


@pytest.mark.parametrize("first", [1, 2, 3, 4])
def test_second_part_starts_a_fresh_sheet_one_up_or_two_up(first):
    pages = paginate(book(first=first), width_of)
    start = next(p for p in pages if p.part == "sealed")
    assert start.number % 4 == 1 and start.kind == "cover"
    assert all(len(parts) == 1 for parts in sheets(pages, 2) + sheets(pages, 4))
    blanks = [p for p in pages if p.kind == "blank"]
    # cover + `first` sections, then blank pages up to the next multiple of 4
    assert len(blanks) == -(1 + first) % 4
    for b in blanks:
        assert b.part == "open" and "Left blank." in b.text


def test_contents_give_each_sections_page_and_the_parts_range():
    pages = paginate(book(first=3, second=2), width_of)
    at = {(p.part, p.section): p.number for p in pages if p.kind == "section"}
    cover = pages[0].text
    for i in range(3):
        assert f"Title o{i}{at[('open', f'o{i}')]}" in cover.replace("\n", "")
    assert "Pages 1–4" in cover
    sealed_cover = next(p for p in pages if p.part == "sealed").text
    assert f"Title s1{at[('sealed', 's1')]}" in sealed_cover and "Pages 5–7" in sealed_cover
    assert pages[-1].lines[-1].text == "Sealed part · 7"          # the footer
    assert at[("sealed", "s0")] == 6


def test_a_long_section_flows_on_and_stays_in_its_part():
    long = " ".join(["A sentence that goes on."] * 200)
    pages = paginate(book(first=1, text=long), width_of)
    flowed = [p for p in pages if p.section == "o0"]
    assert len(flowed) > 1 and {p.part for p in flowed} == {"open"}
    assert all(len(parts) == 1 for parts in sheets(pages))


def test_a_heading_is_never_the_last_line_of_a_page():
    blocks = []
    for i in range(40):
        blocks += [Block("heading", f"Heading {i}"), Block("body", " ".join(["Word"] * (5 + 7 * (i % 5))))]
    b = book()
    b = Book(b.key, b.locale, b.title, (Part("open", "Open", (), (Section("long", "Long", tuple(blocks)),)),
                                        b.parts[1]), b.labels)
    pages = [p for p in paginate(b, width_of) if p.section == "long"]
    assert len(pages) > 3
    heading_pt = TYPE["heading"][1]
    for page in pages:
        last = page.lines[-2]                                  # the footer is the last line
        assert last.size != heading_pt, f"page {page.number} ends on {last.text!r}"


def test_icons_print_as_their_word_never_as_the_token():
    pages = paginate(book(text="Roll :might: now.", tokens={"might": "Might"}), width_of)
    text = "\n".join(p.text for p in pages)
    assert "Roll Might now." in text and ":might:" not in text
    with pytest.raises(BookError, match="no word for icon :might:"):
        paginate(book(text="Roll :might: now."), width_of)


def test_cjk_lines_never_start_with_a_closing_mark():
    text = "你听见了那支歌，忍不住跟着唱了起来。三名歌者出现在你所在的房间。" * 12
    pages = paginate(book(locale="zh-Hans", text=text), width_of)
    body = [line.text for p in pages if p.kind == "section" for line in p.lines[2:-1]]
    assert len(body) > 5
    assert not [t for t in body if t[0] in "，。、；：！？）」"]


@pytest.mark.parametrize("broken", [
    lambda b: Book(b.key, b.locale, b.title, (b.parts[0], Part("sealed", "Sealed", (), (
        Section("s0", "Secret", (Block("body", "  "),)),))), b.labels),
    lambda b: Book(b.key, b.locale, b.title, b.parts, {**b.labels, "blank": ""}),
])
def test_a_missing_text_is_refused_with_where_it_is(broken):
    with pytest.raises(BookError, match=r"sealed, section s0: a missing or empty text|no 'blank' label"):
        paginate(broken(book()), width_of)


def test_a_file_that_is_not_a_font_is_refused_plainly(tmp_path, monkeypatch):
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"not a font at all" * 10)

    class Face:
        axes = ()

        def path(self):
            return junk
    monkeypatch.setattr(bookfonts, "source", lambda locale, style: Face())
    monkeypatch.setattr(books, "books_of", lambda ruleset, locale: [book(locale=locale)])
    old = tmp_path / "print" / "game-test.en.pdf"
    old.parent.mkdir()
    old.write_bytes(b"%PDF last good build")

    class Game:
        name = "game"
    with pytest.raises(BookError, match=r"en: \w+ font .*junk\.ttf: not a readable font"):
        books.build_books(Game(), tmp_path, ("en",))
    assert sorted(p.name for p in old.parent.iterdir()) == [old.name]      # no temp file left
    assert old.read_bytes() == b"%PDF last good build"                      # the old file stands
    assert not list((tmp_path / "cache" / "books").glob("*.ttf"))
