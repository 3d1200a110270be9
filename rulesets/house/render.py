"""The house's render jobs and manifest entries (`RENDER`, read by
`pipeline.render.stage` and `pipeline.render.pnp`).

Every image the house needs: card faces and backs per deck, room tiles
(top and the floors side shared by rooms of the same floors), both sides of
each character board, the credits card and the thumbnail. The manifest
gives the save, per locale, the rooms' two faces and the boards' sides with
the clip slots of their trait tracks.
"""
from __future__ import annotations

from pathlib import Path

from kit.words import catalog
from pipeline.render import layouts
from pipeline.render.jobs import Job, JobBuilder
from pipeline.render.pnp import CARD, PrintKind, mm

from . import INFO
from .books import haunt_books
from .kinds.model import DECKS, FLOORS, LOCALES, Ruleset
from .kinds.terms import TRAIT_KEYS
from .paint import ELEMENTS

TILE = PrintKind((80.0, 80.0), 1.5)         # room tiles, six an A4 page (960 px, 305 dpi): rules at ≥ 7 pt
BOARD = PrintKind((130.0, 81.25), 1.5)      # character boards, four a page (1536 px, 300 dpi)


def floor_key(room) -> str:
    """Name of the tile back a room shares with rooms of the same floors."""
    return "-".join(f for f in FLOORS if f in room.floors)


class SpecBuilder(JobBuilder):
    """The house's images: card faces and backs, room tiles and their floors
    sides, both sides of every character board, the credits and thumbnail."""

    def __init__(self, ruleset: Ruleset, root: Path, scale: float = 1.0, face_ext: str = "ppm"):
        super().__init__(ruleset, root, "house", layouts.load("symbols", "house"),
                         catalog(INFO.folder).tree("render"), scale, face_ext)
        self.rs = ruleset

    def backdrops(self, kind: str, where: str) -> tuple[list[str], dict[str, str]]:
        """The backdrop silhouettes a picture of `kind` may get, and their icons."""
        names = layouts.load("art", "house")["backdrops"].get(kind) or []
        return names, {n: self.icon(n, where, "backdrop") for n in names}

    def token_labels(self, locale: str) -> dict[str, str]:
        """The word written beside each inline icon: trait and deck names."""
        out = {t: self.rs.terms[t][locale] for t in TRAIT_KEYS if t in self.rs.terms}
        out.update({d: self.labels["deck"][d][locale] for d in DECKS})
        return out

    # -- jobs ----------------------------------------------------------------
    def cards(self, locale: str) -> list[Job]:
        jobs = []
        theme = layouts.load("card", "house")["decks"]
        for deck in DECKS:
            for card in self.rs.cards(deck).values():
                where = self.where(card)
                icons = self.symbol_paths(where)
                icons[card.art] = self.icon(card.art, where)
                backdrops, more = self.backdrops(deck, where)
                icons.update(more)
                env = {**theme[deck], "symbol": deck, "art": card.art, "seed": f"{deck}/{card.id}",
                       "backdrops": backdrops,
                       "title": self.text(card.title, locale, where, "title"),
                       "text": self.text(card.text, locale, where, "text"),
                       "deck_label": self.labels["deck"][deck][locale],
                       "token_labels": self.token_labels(locale)}
                jobs.append(self.job(kind="face", key=("face", deck, card.id), locale=locale,
                                      layout="card", env=env, icons=icons, where=where,
                                      ext=self.face_ext))
        return jobs

    def backs(self, locale: str) -> list[Job]:
        theme = layouts.load("card", "house")["decks"]
        jobs = []
        for deck in DECKS:
            env = {**theme[deck], "symbol": deck, "deck_label": self.labels["deck"][deck][locale]}
            jobs.append(self.job(kind="back", key=("back", deck), locale=locale, layout="back",
                                  env=env, icons=self.symbol_paths(f"layouts/back.yaml: {deck}"),
                                  where=f"layouts/back.yaml: {deck}"))
        return jobs

    def rooms(self, locale: str) -> list[Job]:
        lay = layouts.load("room", "house")
        jobs = []
        for room in self.rs.rooms.values():
            where = self.where(room)
            icons = self.symbol_paths(where)
            icons[room.art] = self.icon(room.art, where)
            floor_key = room.floors[0] if len(room.floors) == 1 else "several"
            symbol = room.icon if room.icon != "none" else ""
            env = {**lay["floor_colours"][floor_key], "seed": f"room/{room.id}",
                   "name": self.text(room.name, locale, where, "name"),
                   "text": self.text(room.text, locale, where, "text"),
                   "doors": list(room.doors), "windows": list(room.windows),
                   "symbol": symbol, "symbol_ink": lay["symbol_ink"].get(symbol, "#000000"),
                   "art": room.art, "token_labels": self.token_labels(locale)}
            jobs.append(self.job(kind="room", key=("room", room.id), locale=locale,
                                  layout="room", env=env, icons=icons, where=where))
        return jobs

    def floor_backs(self, locale: str) -> list[Job]:
        jobs = []
        for key in dict.fromkeys(floor_key(r) for r in self.rs.rooms.values()):
            env = {"floors": key.split("-"), "symbol": "room",
                   "floor_labels": {f: self.rs.terms[f][locale] for f in FLOORS},
                   "title": self.labels["room_tile"][locale]}
            jobs.append(self.job(kind="floors", key=("floors", key), locale=locale,
                                  layout="floors", env=env,
                                  icons=self.symbol_paths("layouts/floors.yaml"),
                                  where="layouts/floors.yaml"))
        return jobs

    def characters(self, locale: str) -> list[Job]:
        jobs = []
        for ch in self.rs.characters.values():
            where = self.where(ch)
            icons = self.symbol_paths(where)
            for i, side in enumerate(ch.sides):
                portrait = side.art or ch.art          # each side its own portrait
                icons = {**icons, portrait: self.icon(portrait, where)}
                backdrops, more = self.backdrops("portrait", where)
                icons.update(more)
                env = {"color": ch.color, "art": portrait, "seed": f"char/{ch.id}/{i}",
                       "backdrops": backdrops,
                       "name": self.text(side.name, locale, where, "name"),
                       "bio": self.text(side.bio, locale, where, "bio"),
                       "age_text": self.labels["age"][locale].format(age=side.age),
                       "side_label": self.labels["side"][locale][i],
                       "tracks": {t: {"track": list(v.track), "start": v.start}
                                  for t, v in side.traits.items()},
                       "trait_labels": {t: self.rs.terms[t][locale] for t in TRAIT_KEYS},
                       **{f"symbol_{k}": k for k in self.symbols}}
                jobs.append(self.job(kind="char", key=("char", ch.id, i), locale=locale,
                                      layout="character", env=env, icons=icons, where=where))
        return jobs

    def all_jobs(self, locales=LOCALES) -> list[Job]:
        jobs: list[Job] = []
        for loc in locales:
            jobs += self.cards(loc) + self.backs(loc) + self.rooms(loc)
            jobs += self.floor_backs(loc) + self.characters(loc)
        for loc in locales:  # after all others: credits list every icon used
            jobs += self.extras(loc, "house") + [self.track(loc)]
        return self.finish(jobs)

    def track(self, locale: str) -> Job:
        """The turn/damage track (no words: every locale draws the same digits)."""
        from .tts.layout import TRACK_SPACES
        return self.job(kind="track", key=("track",), locale=locale, layout="track",
                        env={"count": TRACK_SPACES}, icons={}, where="rulesets/house/layouts/track.yaml")


def track_slots() -> dict[str, list[list[float]]]:
    """Centres of the skull and the eight value circles on a character board,
    as [u, v] fractions of the image (u from the left, v from the top), so
    the save can put trait clips exactly on them. Same geometry as the
    `tracks` painter element, read from layouts/character.yaml."""
    lay = layouts.load("character", "house")
    W, H = lay["size"]
    el = next(e for e in lay["elements"] if e["type"] == "tracks")
    x, y, w, _ = el["box"]
    step = (w - el["head"]) / 9
    return {trait: [[round((x + el["head"] + c * step + step / 2) / W, 4),
                     round((y + r * el["row_height"] + el["row_height"] / 2) / H, 4)]
                    for c in range(9)]
            for r, trait in enumerate(el["order"])}


class HouseRender:
    elements = ELEMENTS
    books = staticmethod(haunt_books)        # printed haunt books (pipeline.render.books)

    def jobs(self, rs: Ruleset, root: Path, locales=LOCALES) -> list[Job]:
        return SpecBuilder(rs, root).all_jobs(locales)

    def deck_cards(self, rs: Ruleset, deck: str) -> list[str]:
        return list(rs.cards(deck))

    def manifest_extra(self) -> dict:
        return {"tile_px": layouts.load("room", "house")["size"][0],
                "board_px": layouts.load("character", "house")["size"]}

    def locale_entry(self, rs: Ruleset, loc: str, name) -> dict:
        """The manifest's rooms, characters and extras in one locale; `name`
        gives a job's file name by its key."""
        slots = track_slots()
        return {
            "rooms": {rid: {"top": name(("room", rid)), "bottom": name(("floors", floor_key(room)))}
                      for rid, room in rs.rooms.items()},
            "characters": {cid: {"sides": [name(("char", cid, i)) for i in range(len(ch.sides))],
                                 "slots": slots}
                           for cid, ch in rs.characters.items()},
            "extras": {"credits": name(("credits",)), "thumbnail": name(("thumbnail",)),
                       "track": name(("track",))},
        }

    def pnp_jobs(self, rs: Ruleset, root: Path, locales) -> list[Job]:
        specs = {k: SpecBuilder(rs, root, scale=k.scale, face_ext="png") for k in (CARD, TILE, BOARD)}
        jobs: list[Job] = []
        for loc in locales:
            jobs += specs[CARD].cards(loc) + specs[CARD].backs(loc)
            jobs += specs[TILE].rooms(loc) + specs[TILE].floor_backs(loc)
            jobs += specs[BOARD].characters(loc)
        errors = [e for s in specs.values() for e in s.errors]
        for s in specs.values():
            s.errors = errors
        return specs[CARD].finish(jobs)

    def pnp_guide(self, rs: Ruleset, loc: str) -> tuple[str, str, str]:
        """Title, text and icon of the print-and-play guide page."""
        labels = catalog(INFO.folder).tree("render")
        text = labels["pnp_guide"][loc].format(card=mm(CARD), tile=mm(TILE), board=mm(BOARD))
        return labels["pnp_title"][loc], text, layouts.load("symbols", "house")["house"]

    def pnp_sections(self, rs: Ruleset, loc: str) -> list[tuple[PrintKind, list[tuple[tuple, tuple]]]]:
        """Fronts and backs by print size: cards per deck, tiles, boards."""
        out = [(CARD, [(("face", deck, cid), ("back", deck)) for cid in rs.cards(deck)]) for deck in DECKS]
        out.append((TILE, [(("room", rid), ("floors", floor_key(r))) for rid, r in rs.rooms.items()]))
        out.append((BOARD, [(("char", cid, 0), ("char", cid, 1)) for cid in rs.characters]))
        return out


RENDER = HouseRender()
