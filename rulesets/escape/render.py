"""Escape's images (`RENDER`, read by `pipeline.render.stage` and `pnp`):
a face per item, explore, infected and character card and a back per deck;
the table's furniture (a player's area, the column with its slots and
revelation places, a round token per character and the infected token);
the credits card and the thumbnail.

The faces share the house's build (frame, title band, picture, body,
footer) so the two games read as one family; escape's hazard tape under the
title and on every back, and its own colours, tell them apart.
"""
from __future__ import annotations

from pathlib import Path

from kit.words import LOCALES, catalog
from pipeline.render import layouts
from pipeline.render.jobs import Job, JobBuilder
from pipeline.render.pnp import CARD, PrintKind

from . import INFO
from .kinds.model import Escape
from .paint import ELEMENTS

CARD_DECKS = ("item", "explore", "infected")       # faces drawn with layouts/card.yaml
TOKEN = PrintKind((25.0, 25.0), 1.0)               # tokens: 256 px at 25 mm, about 260 dpi
COLUMN = PrintKind((240.0, 50.0), 1.0)             # the column: 2400 px at 240 mm


class EscapeJobs(JobBuilder):
    def __init__(self, content: Escape, root: Path, scale: float = 1.0, face_ext: str = "ppm"):
        words = catalog(INFO.folder)
        super().__init__(content, root, INFO.name, layouts.load("symbols", INFO.name),
                         words.tree("render"), scale, face_ext)
        self.themes = layouts.load("card", INFO.name)["decks"]
        self.character_theme = layouts.load("character", INFO.name)["vars"]
        self.terms = (content.terms or {}).get("tags") or {}
        self.backdrop_names = layouts.load("art", INFO.name)["backdrops"]

    def _tags(self, tags: list[str], locale: str) -> str:
        return self.labels["tag_join"][locale].join(self.terms.get(t, {}).get(locale, t) for t in tags)

    def _kind_tags(self, kind: str, tags: list[str], locale: str) -> str:
        word = self.labels["kind"][kind][locale]
        if not tags:
            return word
        return self.labels["kind_tags"][locale].format(kind=word, tags=self._tags(tags, locale))

    def _face(self, deck: str, obj, locale: str, env: dict, layout: str = "card") -> Job:
        where = self.where(obj)
        icons = self.symbol_paths(where)
        icons[obj.art] = self.icon(obj.art, where)
        backdrops = self.backdrop_names.get(deck) or []
        icons.update({n: self.icon(n, where, "backdrop") for n in backdrops})
        theme = self.themes.get(deck, {})
        env = {**theme, "art": obj.art, "seed": f"{deck}/{obj.id}", "backdrops": backdrops,
               "deck_label": self.labels["deck"][deck][locale],
               "badge": 0, "badge_symbol": "vp", "hits": 0, "rule_line": True, **env}
        return self.job(kind="face", key=("face", deck, obj.id), locale=locale, layout=layout, env=env,
                        icons=icons, where=where, ext=self.face_ext)

    # -- faces -----------------------------------------------------------------
    def items(self, locale: str) -> list[Job]:
        out = []
        for item in self.content.items.values():
            where = self.where(item)
            env = {"title": self.text(item.title, locale, where, "title"),
                   "text": self.text(item.text, locale, where, "text"),
                   "kind_symbol": item.kind, "kind_line": self._kind_tags(item.kind, item.tags, locale),
                   "badge": item.defence or item.vp, "badge_symbol": "defence" if item.defence else "vp"}
            out.append(self._face("item", item, locale, env))
        return out

    def explore(self, locale: str) -> list[Job]:
        out = []
        for card in self.content.explore.values():
            where = self.where(card)
            if card.kind == "revelation":
                line = self.labels["place"][card.place][locale]
            elif card.stairs:
                line = self.labels["stairs_up"][locale]
            elif card.kind == "advance" and not card.swap:
                line = self.labels["no_swap"][locale]
            else:
                line = self.labels["kind"][card.kind][locale]
            env = {"title": self.text(card.title, locale, where, "title"),
                   "text": self.text(card.text, locale, where, "text"),
                   "kind_symbol": card.kind, "kind_line": line}
            out.append(self._face("explore", card, locale, env))
        return out

    def infected(self, locale: str) -> list[Job]:
        out = []
        for card in self.content.infected.values():
            where = self.where(card)
            env = {"title": self.text(card.name, locale, where, "name"),
                   "text": self.text(card.text, locale, where, "text"),
                   "kind_symbol": "infected", "hits": card.hits, "rule_line": False,
                   "kind_line": self.labels["hit_by"][locale].format(tags=self._tags(card.hit_by, locale))}
            out.append(self._face("infected", card, locale, env))
        return out

    def characters(self, locale: str) -> list[Job]:
        out = []
        for ch in self.content.characters.values():
            where = self.where(ch)
            skill = self.text(ch.skill.name, locale, where, "skill.name")
            env = {**self.character_theme, "title": self.text(ch.name, locale, where, "name"),
                   "role": self.text(ch.role, locale, where, "role"),
                   "bio": self.text(ch.bio, locale, where, "bio"),
                   "text": self.text(ch.skill.text, locale, where, "skill.text"),
                   "skill_name": self.labels["skill"][locale].format(name=skill),
                   "stamina": ch.stamina, "stamina_label": self.labels["stamina"][locale],
                   "kind_symbol": "character"}
            out.append(self._face("character", ch, locale, env, layout="character"))
        return out

    def faces(self, locale: str) -> list[Job]:
        return self.items(locale) + self.explore(locale) + self.infected(locale) + self.characters(locale)

    def backs(self, locale: str) -> list[Job]:
        out = []
        for deck in INFO.decks:
            theme = self.themes.get(deck) or self.character_theme
            env = {"frame": theme["frame"], "accent": theme["accent"], "title_ink": theme["title_ink"],
                   "symbol": deck, "deck_label": self.labels["deck"][deck][locale],
                   "game_title": self.labels["game_title"][locale]}
            where = f"{INFO.name}/layouts/back.yaml: {deck}"
            out.append(self.job(kind="back", key=("back", deck), locale=locale, layout="back", env=env,
                                icons=self.symbol_paths(where), where=where))
        return out

    # -- table furniture ---------------------------------------------------------
    def furniture(self, locale: str) -> list[Job]:
        lab = self.labels
        mat = {f"{k}_label": lab["mat"][k][locale] for k in lab["mat"]}
        column = {f"{k}_label": lab["column"][k][locale] for k in lab["column"]}
        out = [self.job(kind="mat", key=("mat",), locale=locale, layout="mat", env=mat,
                        icons=self.symbol_paths("layouts/mat.yaml"), where=f"{INFO.name}/layouts/mat.yaml"),
               self.job(kind="column", key=("column",), locale=locale, layout="column", env=column,
                        icons=self.symbol_paths("layouts/column.yaml"), where=f"{INFO.name}/layouts/column.yaml")]
        return out + self.token_jobs(locale)

    def token_jobs(self, locale: str) -> list[Job]:
        colours = layouts.load("token", INFO.name)["colours"]
        out = []
        for ch in self.content.characters.values():
            where = self.where(ch)
            icons = {ch.art: self.icon(ch.art, where)}
            env = {"art": ch.art, "title": self.text(ch.name, locale, where, "name"),
                   "colour": colours.get(ch.id, "#444444"), "ink": "#1c1d1f"}
            out.append(self.job(kind="token", key=("token", ch.id), locale=locale, layout="token", env=env,
                                icons=icons, where=where))
        art = self.symbols["infected"]
        out.append(self.job(kind="token", key=("token", "infected"), locale=locale, layout="token",
                            env={"art": art, "title": self.labels["infected_token"][locale],
                                 "colour": colours["infected"], "ink": colours["infected"]},
                            icons={art: self.icon(art, "layouts/token.yaml", "symbol")},
                            where=f"{INFO.name}/layouts/token.yaml"))
        return out

    def all_jobs(self, locales=LOCALES) -> list[Job]:
        jobs = [j for loc in locales for j in self.faces(loc) + self.backs(loc) + self.furniture(loc)]
        jobs += [j for loc in locales for j in self.extras(loc, "escape")]   # last: credits list every icon
        return self.finish(jobs)


def _deck_ids(content: Escape, deck: str) -> list[str]:
    return list({"item": content.items, "explore": content.explore, "infected": content.infected,
                 "character": content.characters}.get(deck, {}))


class EscapeRender:
    elements = ELEMENTS

    def jobs(self, content: Escape, root: Path, locales=LOCALES) -> list[Job]:
        return EscapeJobs(content, root).all_jobs(locales)

    def deck_cards(self, content: Escape, deck: str) -> list[str]:
        return _deck_ids(content, deck)

    def manifest_extra(self) -> dict:
        return {"mat_px": layouts.load("mat", INFO.name)["size"],
                "column_px": layouts.load("column", INFO.name)["size"]}

    def locale_entry(self, content: Escape, locale: str, name) -> dict:
        """The table furniture of one locale (each as a tile's top and
        bottom, the same image) beside the credits and thumbnail."""
        def tile(key):
            return {"top": name(key), "bottom": name(key)}
        return {"table": {"mat": tile(("mat",)), "column": tile(("column",)),
                          "tokens": {cid: tile(("token", cid)) for cid in [*content.characters, "infected"]}},
                "extras": {"credits": name(("credits",)), "thumbnail": name(("thumbnail",))}}

    def pnp_jobs(self, content: Escape, root: Path, locales) -> list[Job]:
        cards = EscapeJobs(content, root, scale=CARD.scale, face_ext="png")
        table = EscapeJobs(content, root, scale=1.0, face_ext="png")
        jobs = [j for loc in locales for j in cards.faces(loc) + cards.backs(loc)]
        jobs += [j for loc in locales for j in table.furniture(loc) if j.kind in ("column", "token")]
        cards.errors += table.errors
        return cards.finish(jobs)

    def pnp_sections(self, content: Escape, locale: str) -> list[tuple[PrintKind, list]]:
        """Cards deck by deck with their backs, then the tokens and the column."""
        out = [(CARD, [(("face", deck, cid), ("back", deck)) for cid in _deck_ids(content, deck)])
               for deck in INFO.decks]
        tokens = [("token", cid) for cid in [*content.characters, "infected"]]
        out.append((TOKEN, [(key, key) for key in tokens]))
        out.append((COLUMN, [(("column",), ("column",))]))
        return out


RENDER = EscapeRender()
