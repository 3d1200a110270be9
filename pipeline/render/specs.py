"""Turn content into render jobs: one self-contained spec per image.

A spec holds everything its image depends on (layout, the object's values in
one locale, icon digests, fonts, renderer version), so its hash names the
output file and a job can run in any worker process. Content problems found
here (missing icons, unknown `:token:`) are reported with `file:line: id:`.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesets.house.kinds.model import DECKS, FLOORS, LOCALES, Ruleset
from rulesets.house.kinds.terms import TRAIT_KEYS

from . import fonts, layouts
from .errors import ContentError
from .icons import icon_digest, icon_path
from .linebreak import TOKEN_RE




@dataclass
class Job:
    kind: str            # face | back | room | floors | char | credits | thumbnail
    key: tuple           # where it goes in the manifest
    locale: str
    layout: str
    env: dict[str, Any]
    icons: dict[str, str]      # icon or token name -> svg path
    where: str                 # "file:line: id" for error messages
    ext: str = "png"
    scale: float = 1.0
    digest: str = field(default="", init=False)

    def finish(self, ruleset: str) -> "Job":
        h = hashlib.sha256()
        payload = {
            "kind": self.kind, "locale": self.locale, "scale": self.scale, "ext": self.ext,
            "layout": layouts.digest(self.layout), "env": self.env,
            "icons": {k: icon_digest(v) for k, v in sorted(self.icons.items())},
            "fonts": fonts.fonts_digest(), "renderer": layouts.renderer_version(),
        }
        h.update(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode())
        self.digest = h.hexdigest()[:12]
        self.ruleset = ruleset
        return self

    @property
    def filename(self) -> str:
        parts = [self.ruleset, self.kind, *[str(k) for k in self.key[1:]], self.locale, self.digest, self.ext]
        return ".".join(parts)


def floor_key(room) -> str:
    """Name of the tile back a room shares with rooms of the same floors."""
    return "-".join(f for f in FLOORS if f in room.floors)


class SpecBuilder:
    def __init__(self, ruleset: Ruleset, root: Path, scale: float = 1.0, face_ext: str = "ppm"):
        self.rs = ruleset
        self.face_ext = face_ext
        self.root = Path(root)
        self.scale = scale
        self.symbols: dict[str, str] = layouts.load("symbols")
        self.labels: dict = layouts.load("labels")
        self.errors: list[str] = []
        self.used_icons: set[str] = set()

    # -- helpers -------------------------------------------------------------
    def _where(self, obj) -> str:
        w = getattr(obj, "where", None)
        return f"{w}: {obj.id}" if w else obj.id

    def _icon(self, name: str, where: str, field_name: str = "art") -> str:
        p = icon_path(name, self.root)
        if not p.is_file():
            self.errors.append(f"{where}: {field_name}: no icon art/icons/{name}.svg "
                               f"(run tools/vendor_icons.py)")
        self.used_icons.add(name)
        return str(p)

    def _symbol_paths(self, where: str) -> dict[str, str]:
        return {token: self._icon(name, where, "symbol") for token, name in self.symbols.items()}

    def _tokens(self, text: str, where: str) -> None:
        for m in TOKEN_RE.finditer(text or ""):
            if m.group(1) not in self.symbols:
                self.errors.append(f"{where}: text: unknown icon token :{m.group(1)}: "
                                   f"(known: {', '.join(sorted(self.symbols))})")

    def _text(self, t: dict, locale: str, where: str, field_name: str) -> str:
        value = (t or {}).get(locale)
        if value is None and t:
            self.errors.append(f"{where}: {field_name}: no {locale} text")
            return ""
        self._tokens(value or "", where)
        return value or ""

    def _job(self, **kw) -> Job:
        return Job(scale=self.scale, **kw)

    # -- jobs ----------------------------------------------------------------
    def cards(self, locale: str) -> list[Job]:
        jobs = []
        theme = layouts.load("card")["decks"]
        for deck in DECKS:
            for card in self.rs.cards(deck).values():
                where = self._where(card)
                icons = self._symbol_paths(where)
                icons[card.art] = self._icon(card.art, where)
                env = {**theme[deck], "symbol": deck, "art": card.art,
                       "title": self._text(card.title, locale, where, "title"),
                       "text": self._text(card.text, locale, where, "text"),
                       "deck_label": self.labels["deck"][deck][locale]}
                jobs.append(self._job(kind="face", key=("face", deck, card.id), locale=locale,
                                      layout="card", env=env, icons=icons, where=where,
                                      ext=self.face_ext))
        return jobs

    def backs(self, locale: str) -> list[Job]:
        theme = layouts.load("card")["decks"]
        jobs = []
        for deck in DECKS:
            env = {**theme[deck], "symbol": deck, "deck_label": self.labels["deck"][deck][locale]}
            jobs.append(self._job(kind="back", key=("back", deck), locale=locale, layout="back",
                                  env=env, icons=self._symbol_paths(f"layouts/back.yaml: {deck}"),
                                  where=f"layouts/back.yaml: {deck}"))
        return jobs

    def rooms(self, locale: str) -> list[Job]:
        lay = layouts.load("room")
        jobs = []
        for room in self.rs.rooms.values():
            where = self._where(room)
            icons = self._symbol_paths(where)
            icons[room.art] = self._icon(room.art, where)
            floor_key = room.floors[0] if len(room.floors) == 1 else "several"
            symbol = room.icon if room.icon != "none" else ""
            env = {**lay["floor_colours"][floor_key],
                   "name": self._text(room.name, locale, where, "name"),
                   "text": self._text(room.text, locale, where, "text"),
                   "doors": list(room.doors), "windows": list(room.windows),
                   "symbol": symbol, "symbol_ink": lay["symbol_ink"].get(symbol, "#000000"),
                   "art": room.art}
            jobs.append(self._job(kind="room", key=("room", room.id), locale=locale,
                                  layout="room", env=env, icons=icons, where=where))
        return jobs

    def floor_backs(self, locale: str) -> list[Job]:
        jobs = []
        for key in dict.fromkeys(floor_key(r) for r in self.rs.rooms.values()):
            env = {"floors": key.split("-"), "symbol": "room",
                   "floor_labels": {f: self.rs.terms[f][locale] for f in FLOORS},
                   "title": self.labels["room_tile"][locale]}
            jobs.append(self._job(kind="floors", key=("floors", key), locale=locale,
                                  layout="floors", env=env,
                                  icons=self._symbol_paths("layouts/floors.yaml"),
                                  where="layouts/floors.yaml"))
        return jobs

    def characters(self, locale: str) -> list[Job]:
        jobs = []
        for ch in self.rs.characters.values():
            where = self._where(ch)
            icons = self._symbol_paths(where)
            icons[ch.art] = self._icon(ch.art, where)
            for i, side in enumerate(ch.sides):
                env = {"color": ch.color, "art": ch.art,
                       "name": self._text(side.name, locale, where, "name"),
                       "bio": self._text(side.bio, locale, where, "bio"),
                       "age_text": self.labels["age"][locale].format(age=side.age),
                       "side_label": self.labels["side"][locale][i],
                       "tracks": {t: {"track": list(v.track), "start": v.start}
                                  for t, v in side.traits.items()},
                       "trait_labels": {t: self.rs.terms[t][locale] for t in TRAIT_KEYS},
                       **{f"symbol_{k}": k for k in self.symbols}}
                jobs.append(self._job(kind="char", key=("char", ch.id, i), locale=locale,
                                      layout="character", env=env, icons=icons, where=where))
        return jobs

    def extras(self, locale: str) -> list[Job]:
        icons = self._symbol_paths("layouts/credits.yaml")
        names = sorted(self.used_icons | set(self.symbols.values()))
        text = self.labels["credits_text"][locale].format(
            authors="Lorc, Delapouite & contributors", count=len(names))
        credits = self._job(kind="credits", key=("credits",), locale=locale, layout="credits",
                            env={"symbol": "house", "title": self.labels["credits_title"][locale],
                                 "text": text}, icons=icons, where="layouts/credits.yaml", ext="png")
        thumb = self._job(kind="thumbnail", key=("thumbnail",), locale=locale, layout="thumbnail",
                          env={"symbol": "house", "title": self.labels["game_title"][locale]},
                          icons=icons, where="layouts/thumbnail.yaml")
        return [credits, thumb]

    def all_jobs(self, locales=LOCALES) -> list[Job]:
        jobs: list[Job] = []
        for loc in locales:
            jobs += self.cards(loc) + self.backs(loc) + self.rooms(loc)
            jobs += self.floor_backs(loc) + self.characters(loc)
        for loc in locales:  # after all others: credits list every icon used
            jobs += self.extras(loc)
        if self.errors:
            raise ContentError("\n".join(dict.fromkeys(self.errors)))
        return [j.finish(self.rs.name) for j in jobs]
