"""The printed haunt books (`make books`), read back out of the real PDFs:
every haunt in both parts, the traitor's part on sheets of its own, no
secret of one side on the other side's pages (R-HAUNT-7), the traitorless
haunt's page, contents that point at the right pages, no raw icon tokens,
the same bytes on a rebuild, and nothing written when a text is missing."""
from __future__ import annotations

import dataclasses
import re

import pytest

from kit import markup
from pipeline.content.loader import load_ruleset
from pipeline.render import books
from pipeline.render.bookfonts import BookError
from rulesets.house import books as house_books
from tests import pdftext

LOCALES = ("zh-Hans", "en")


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("house")


@pytest.fixture(scope="module")
def built(rs, tmp_path_factory):
    build_dir = tmp_path_factory.mktemp("books")
    written = books.build_books(rs, build_dir, LOCALES)
    return build_dir, {path.name: (path, pages) for path, pages in written.items()}


def printed(rs, text: str, locale: str) -> str:
    """A content text as the book prints it: icons as their words, no style marks."""
    labels = house_books.token_labels(rs, locale)
    return pdftext.squash(markup.TOKEN_RE.sub(lambda m: labels[m.group(1)], markup.plain(text)))


def paragraphs(rs, text: str, locale: str) -> list[str]:
    return [printed(rs, p, locale) for p in text.split("\n\n") if p.strip()]


def text_of(pages, model, part: str, section: str | None = None) -> str:
    """A part's printed text (or one section's, over all its pages), without
    the footers, so a paragraph running onto the next page reads whole."""
    return pdftext.squash("".join(line for p in model if p.part == part and section in (None, p.section)
                                  for line in pages[p.number - 1][:-1]))


def read(built, locale):
    path, model = built[1][f"house-books.{locale}.pdf"]
    return pdftext.pages(path), model


def test_one_pdf_per_locale_and_the_pdf_holds_what_was_laid_out(built):
    assert sorted(built[1]) == ["house-books.en.pdf", "house-books.zh-Hans.pdf"]
    for locale in LOCALES:
        pages, model = read(built, locale)
        assert len(pages) == len(model)
        for got, page in zip(pages, model):
            assert pdftext.squash("".join(got)) == pdftext.squash(page.text)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_haunt_is_in_both_parts_with_its_own_book_R_HAUNT_7(rs, built, locale):
    pages, model = read(built, locale)
    for h in rs.haunts.values():
        heroes, traitor = text_of(pages, model, "heroes", h.id), text_of(pages, model, "traitor", h.id)
        assert printed(rs, h.title[locale], locale) in heroes and printed(rs, h.title[locale], locale) in traitor
        assert printed(rs, h.intro[locale], locale) in heroes
        for para in paragraphs(rs, h.heroes_book[locale], locale):
            assert para in heroes
        if h.traitor_book:
            for para in paragraphs(rs, h.traitor_book[locale], locale):
                assert para in traitor


@pytest.mark.parametrize("locale", LOCALES)
def test_neither_sides_book_is_on_the_other_sides_pages(rs, built, locale):
    """R-HAUNT-7: the heroes' book is secret to the traitor and the traitor's to the heroes."""
    pages, model = read(built, locale)
    heroes, traitor = text_of(pages, model, "heroes"), text_of(pages, model, "traitor")
    assert heroes and traitor
    haunts = rs.haunts.values()
    # a sentence both books happen to share ("Defeated … are only stunned.") is no secret
    heroes_written = "".join(printed(rs, h.heroes_book[locale] + h.intro[locale], locale) for h in haunts)
    traitor_written = "".join(printed(rs, h.traitor_book[locale], locale) for h in haunts if h.traitor_book)
    secrets = 0
    for h in haunts:
        for para in paragraphs(rs, h.traitor_book[locale], locale) if h.traitor_book else []:
            if para not in heroes_written:
                secrets += 1
                assert para not in heroes, (h.id, para)
        for para in paragraphs(rs, h.heroes_book[locale], locale):
            if para not in traitor_written:
                secrets += 1
                assert para not in traitor, (h.id, para)
    assert secrets >= len(haunts)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_traitors_part_starts_on_an_odd_page_on_a_sheet_of_its_own_R_HAUNT_7(built, locale):
    _, model = read(built, locale)
    first = next(p for p in model if p.part == "traitor")
    assert first.number % 2 == 1 and first.kind == "cover"
    assert [p.part for p in model] == sorted((p.part for p in model), key=["heroes", "traitor"].index)
    for per_sheet in (2, 4):          # duplex one-up (pages 1–2, 3–4, …) and two-up (1–4, 5–8, …)
        for i in range(0, len(model), per_sheet):
            assert len({p.part for p in model[i:i + per_sheet]}) == 1


@pytest.mark.parametrize("locale", LOCALES)
def test_a_haunt_without_a_traitor_says_so_in_the_traitors_part_R_HAUNT_3(rs, built, locale):
    none = [h for h in rs.haunts.values() if h.traitor.rule == "none"]
    assert none, "the house has a traitorless haunt (the house plays the monsters)"
    pages, model = read(built, locale)
    for h in none:
        assert printed(rs, house_books.word("no_traitor", locale), locale) in \
            text_of(pages, model, "traitor", h.id)


@pytest.mark.parametrize("locale", LOCALES)
def test_contents_map_each_haunt_to_its_page_and_no_token_is_left_raw(rs, built, locale):
    pages, model = read(built, locale)
    for part in ("heroes", "traitor"):
        lines = [pdftext.squash(line) for p in model if p.part == part and p.kind == "cover"
                 for line in pages[p.number - 1]]
        for h in rs.haunts.values():
            at = next(p.number for p in model if p.part == part and p.section == h.id)
            assert printed(rs, h.title[locale], locale) + str(at) in lines
    every = "\n".join(line for page in pages for line in page)
    assert not re.search(r":[a-z_]+:", every)
    might = rs.terms["might"][locale]
    assert might in every                                   # the trait's word stands for :might:


def test_zh_hant_books_are_converted_from_zh_hans_with_the_house_glossary(rs):
    """The books' own words take the same path as content texts (OpenCC + glossary)."""
    from kit.hant import converter
    from rulesets.house import INFO
    convert = converter(INFO.folder / "glossary.yaml")
    [book] = house_books.haunt_books(rs, "zh-Hant")
    [hans] = house_books.haunt_books(rs, "zh-Hans")
    assert [p.title for p in book.parts] == [convert(p.title) for p in hans.parts]
    assert book.parts[0].title != hans.parts[0].title            # converted, not copied
    assert [s.title for s in book.parts[0].sections] == [h.title["zh-Hant"] for h in rs.haunts.values()]


def test_facts_are_written_from_the_setup_steps_and_a_hidden_traitor_is_said_in_both_parts_R_HAUNT_3_R_HAUNT_8(rs):
    from rulesets.house.kinds.model import TokenKind
    haunt = next(h for h in rs.haunts.values() if h.traitor.rule != "none")
    room, item = next(iter(rs.rooms.values())), next(iter(rs.items.values()))
    steps = [{"step": "add_room", "room": room.id},
             {"step": "tokens", "kind": "wick", "count": 3, "at": room.id},
             {"step": "item", "card": item.id, "at": "revealer"},
             {"step": "trait", "who": "heroes", "trait": "sanity", "steps": -1}]
    rich = dataclasses.replace(haunt, setup=steps, tokens=[TokenKind("wick", {l: f"W-{l}" for l in LOCALES})],
                               traitor=dataclasses.replace(haunt.traitor, hidden=True))
    for section in (house_books.heroes_section(rs, rich, "en"), house_books.traitor_section(rs, rich, "en")):
        notes = "\n".join(b.text for b in section.blocks if b.style == "note")
        assert notes.startswith(house_books.word("hidden", "en"))
        assert (f"**Setup:** add the {room.name['en']}; 3 × W-en in the {room.name['en']}; "
                f"{item.title['en']} to the haunt revealer’s room; each hero: :sanity: −1.") in notes


def test_a_number_per_table_size_is_printed_with_the_sizes_it_is_for_R_HAUNT_8_R_HAUNT_9(rs):
    """A count or clock end given per table size reads as one figure per
    size, smallest table first, in both locales."""
    from rulesets.house.kinds.model import TokenKind
    haunt = next(iter(rs.haunts.values()))
    room = next(iter(rs.rooms.values()))
    rich = dataclasses.replace(
        haunt, setup=[{"step": "tokens", "kind": "wick", "count": {"3": 2, "4": 2, "5": 3, "6": 4}, "at": room.id}],
        tokens=[TokenKind("wick", {l: f"W-{l}" for l in LOCALES})],
        clock=dataclasses.replace(haunt.clock, end={"6": 9, "3": 12, "4": 11, "5": 10}))
    notes = {l: "\n".join(b.text for b in house_books.facts(rs, rich, l)) for l in LOCALES}
    assert f"2/2/3/4 (3/4/5/6 players) × W-en in the {room.name['en']}" in notes["en"]
    assert "at 12/11/10/9 (3/4/5/6 players)," in notes["en"]
    assert "2/2/3/4（3/4/5/6人局）个W-zh-Hans标记" in notes["zh-Hans"]
    assert "到第12/11/10/9（3/4/5/6人局）格时" in notes["zh-Hans"]


def test_a_rebuild_gives_the_same_bytes(rs, built):
    build_dir, files = built
    before = {name: path.read_bytes() for name, (path, _) in files.items()}
    books.build_books(rs, build_dir, LOCALES)
    assert {name: path.read_bytes() for name, (path, _) in files.items()} == before


def test_a_missing_book_text_stops_the_build_and_writes_nothing(rs, built, tmp_path):
    build_dir, _ = built
    victim = next(iter(rs.haunts.values()))
    gutted = dataclasses.replace(victim, heroes_book={**victim.heroes_book, "en": ""})
    broken = dataclasses.replace(rs, haunts={**rs.haunts, victim.id: gutted})
    (tmp_path / "cache").symlink_to(build_dir / "cache")           # fonts already prepared
    with pytest.raises(BookError, match=f"haunt {victim.id}: no heroes_book in en"):
        books.build_books(broken, tmp_path, LOCALES)
    assert not (tmp_path / "print").exists() or not list((tmp_path / "print").iterdir())
