"""The house's printed haunt books (`RENDER.books`, set by
`pipeline.render.books`): one book per locale in two parts.

The heroes' part holds every haunt's title, intro (read to everyone) and
heroes' book; the traitor's part every haunt's traitor's book. The parts
are secret from each other (R-HAUNT-7), so the traitor's part starts on a
sheet of its own and can be taken out. A haunt without a traitor still gets
its page there, saying so, so the traitor's part has one page per haunt
and nobody wonders whether a page went missing. Both parts end with the
facts a player checks mid-game, written from the haunt's data: its setup
steps, its monsters' traits and its clock. A hidden traitor's haunt says,
in both parts, that everyone reads in private.
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


def _n(value, locale: str) -> str:
    """A haunt's number; one per table size reads "2/2/3/3 (3/4/5/6 players)"."""
    if not isinstance(value, dict):
        return str(value)
    sizes = sorted(value, key=int)
    return word("by_table", locale, values="/".join(str(value[n]) for n in sizes), sizes="/".join(sizes))


def _text(haunt: Haunt, field: str, locale: str) -> str:
    value = getattr(haunt, field)
    text = (value or {}).get(locale, "")
    if not text.strip():
        where = f"{haunt.where}: " if haunt.where else ""
        raise BookError(f"{where}haunt {haunt.id}: no {field} in {locale}")
    return text


def _place(rs: Ruleset, at: str, locale: str) -> str:
    if at in ("traitor", "revealer", "omen_room", "each_hero"):
        return word(f"place.{at}", locale)
    room = rs.rooms.get(at)
    return word("place.room", locale, room=room.name[locale] if room else at)


def _card(rs: Ruleset, card: str, locale: str) -> str:
    found = rs.items.get(card) or rs.omens.get(card) or rs.events.get(card)
    return found.title[locale] if found else card


def _step(rs: Ruleset, haunt: Haunt, step: dict, locale: str) -> str | None:
    """One setup step in words, from its data (docs/rulesets/haunts.md)."""
    kind = step.get("step")
    if kind in ("monsters", "tokens"):
        named = {m.id: m.name for m in haunt.monsters} if kind == "monsters" else \
            {t.id: t.name for t in haunt.tokens}
        name = named.get(step["kind"], {}).get(locale, step["kind"])
        return word(f"step.{kind}", locale, count=_n(step.get("count", 1), locale), name=name,
                    at=_place(rs, step["at"], locale))
    if kind == "item":
        return word("step.item", locale, card=_card(rs, step["card"], locale), at=_place(rs, step["at"], locale))
    if kind == "add_room":
        room = rs.rooms.get(step["room"])
        return word("step.add_room", locale, room=room.name[locale] if room else step["room"])
    if kind == "trait":
        return word("step.trait", locale, who=word(f"who.{step['who']}", locale),
                    trait=f":{step['trait']}:", steps=f"{step['steps']:+d}".replace("-", "−"))
    return None


def _setup(rs: Ruleset, haunt: Haunt, locale: str) -> str | None:
    steps = [s for s in (_step(rs, haunt, step, locale) for step in haunt.setup) if s]
    return word("setup", locale, list=word("setup_sep", locale).join(steps)) if steps else None


def _monsters(haunt: Haunt, locale: str) -> str | None:
    sep = word("list_sep", locale)
    listed = []
    for m in haunt.monsters:
        traits = sep.join(word("trait", locale, trait=t, value=m.traits[t]) for t in TRAIT_KEYS if t in m.traits)
        listed.append(word("monster", locale, name=m.name[locale], traits=traits))
    return word("monsters", locale, list=sep.join(listed)) if listed else None


def facts(rs: Ruleset, haunt: Haunt, locale: str) -> tuple[Block, ...]:
    """Setup, monsters and clock, from the haunt's data: what a player
    checks mid-game, the same in both parts (none of it is secret)."""
    clock = haunt.clock
    lines = [_setup(rs, haunt, locale), _monsters(haunt, locale),
             word("clock", locale, counts=word(f"counts.{clock.counts}", locale), end=_n(clock.end, locale),
                  winner=word(f"winner.{clock.winner}", locale))]
    return (Block("heading", word("facts", locale)),
            *(Block("note", line) for line in lines if line))


def _hidden(haunt: Haunt, locale: str) -> tuple[Block, ...]:
    return (Block("note", word("hidden", locale)),) if haunt.traitor.hidden else ()


def heroes_section(rs: Ruleset, haunt: Haunt, locale: str) -> Section:
    return Section(haunt.id, _text(haunt, "title", locale), (
        Block("heading", word("intro", locale)),
        Block("lead", _text(haunt, "intro", locale)),
        Block("heading", word("book", locale)),
        *_hidden(haunt, locale),
        Block("body", _text(haunt, "heroes_book", locale)),
        *facts(rs, haunt, locale)))


def traitor_section(rs: Ruleset, haunt: Haunt, locale: str) -> Section:
    if haunt.traitor.rule == "none":
        body = (Block("body", word("no_traitor", locale)),)
    else:
        body = (*_hidden(haunt, locale), Block("body", _text(haunt, "traitor_book", locale)),
                *facts(rs, haunt, locale))
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
             tuple(heroes_section(rs, h, locale) for h in haunts)),
        Part("traitor", word("traitor.title", locale), (Block("body", word("traitor.cover", locale)),),
             tuple(traitor_section(rs, h, locale) for h in haunts)),
    )
    labels = {k: word(k, locale) for k in ("contents", "pages", "blank", "footer")}
    return [Book("books", locale, word("title", locale), parts, labels, token_labels(rs, locale))]
