"""The house's printed haunt books (`RENDER.books`, set by
`pipeline.render.books`): one book per locale in two parts.

The heroes' part holds every haunt's title, intro (read to everyone) and
heroes' book; the traitor's part every haunt's traitor's book. The parts
are secret from each other (R-HAUNT-7), so the traitor's part starts on a
sheet of its own and can be taken out. A haunt without a traitor still gets
its page there, saying so, so the traitor's part has one page per haunt
and nobody wonders whether a page went missing. Both parts end with the
facts a player checks mid-game: the monsters placed and the clock.
Haunts are in content order (the order of the files and of each file),
the same on every build.
"""
from __future__ import annotations

import functools

from kit.words import read
from pipeline.render.bookfonts import BookError
from pipeline.render.bookmodel import Block, Book, Part, Section

from . import INFO
from .kinds.model import DECKS, Haunt, Ruleset
from .kinds.terms import TRAIT_KEYS

WORDS = INFO.folder / "books.yaml"


@functools.lru_cache(maxsize=1)
def words() -> dict[str, dict[str, str]]:
    """The books' words, zh-Hant converted with the house glossary."""
    return read(WORDS, INFO.folder / "glossary.yaml")


def word(key: str, locale: str, **fields) -> str:
    text = words()[key][locale]
    return text.format(**fields) if fields else text


def _text(haunt: Haunt, field: str, locale: str) -> str:
    value = getattr(haunt, field)
    text = (value or {}).get(locale, "")
    if not text.strip():
        where = f"{haunt.where}: " if haunt.where else ""
        raise BookError(f"{where}haunt {haunt.id}: no {field} in {locale}")
    return text


def _monsters(haunt: Haunt, locale: str) -> str | None:
    counts: dict[str, int] = {}
    for step in haunt.setup:
        if step.get("step") == "monsters":
            counts[step["kind"]] = counts.get(step["kind"], 0) + step.get("count", 1)
    sep = word("list_sep", locale)
    listed = []
    for m in haunt.monsters:
        traits = sep.join(word("trait", locale, trait=t, value=m.traits[t]) for t in TRAIT_KEYS if t in m.traits)
        listed.append(word("monster", locale, name=m.name[locale], count=counts.get(m.id, 0), traits=traits))
    return word("monsters", locale, list=sep.join(listed)) if listed else None


def facts(haunt: Haunt, locale: str) -> tuple[Block, ...]:
    """The monsters placed and the clock, from the haunt's data."""
    clock = haunt.clock
    lines = [_monsters(haunt, locale),
             word("clock", locale, counts=word(f"counts.{clock.counts}", locale), end=clock.end,
                  winner=word(f"winner.{clock.winner}", locale))]
    return (Block("heading", word("facts", locale)),
            *(Block("note", line) for line in lines if line))


def heroes_section(haunt: Haunt, locale: str) -> Section:
    return Section(haunt.id, _text(haunt, "title", locale), (
        Block("heading", word("intro", locale)),
        Block("lead", _text(haunt, "intro", locale)),
        Block("heading", word("book", locale)),
        Block("body", _text(haunt, "heroes_book", locale)),
        *facts(haunt, locale)))


def traitor_section(haunt: Haunt, locale: str) -> Section:
    if haunt.traitor.rule == "none":
        body = (Block("body", word("no_traitor", locale)),)
    else:
        body = (Block("body", _text(haunt, "traitor_book", locale)), *facts(haunt, locale))
    return Section(haunt.id, _text(haunt, "title", locale), body)


def token_labels(rs: Ruleset, locale: str) -> dict[str, str]:
    """The word printed for each inline icon: trait and deck names, die."""
    from kit.words import catalog
    deck = catalog(INFO.folder).tree("render")["deck"]
    out = {t: rs.terms[t][locale] for t in TRAIT_KEYS if t in rs.terms}
    out.update({d: deck[d][locale] for d in DECKS})
    out["die"] = word("die", locale)
    return out


def haunt_books(rs: Ruleset, locale: str) -> list[Book]:
    haunts = list(rs.haunts.values())
    if not haunts:
        return []
    parts = (
        Part("heroes", word("heroes.title", locale), (Block("body", word("heroes.cover", locale)),),
             tuple(heroes_section(h, locale) for h in haunts)),
        Part("traitor", word("traitor.title", locale), (Block("body", word("traitor.cover", locale)),),
             tuple(traitor_section(h, locale) for h in haunts)),
    )
    labels = {k: word(k, locale) for k in ("contents", "pages", "blank", "footer")}
    return [Book("books", locale, word("title", locale), parts, labels, token_labels(rs, locale))]
