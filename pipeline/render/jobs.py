"""Render jobs: one self-contained spec per image, and the helpers a
ruleset's job builder shares.

A job holds everything its image depends on (layout, the object's values in
one locale, icon digests, fonts, renderer version), so its hash names the
output file and a job can run in any worker process. Which jobs a game has
is its ruleset's (`RENDER.jobs`); content problems found while making them
(missing icons, unknown `:token:`) are reported with `file:line: id:`.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import fonts, layouts
from .errors import ContentError
from .icons import icon_digest, icon_path
from .linebreak import TOKEN_RE


@dataclass
class Job:
    kind: str            # the image's kind, first part of its name after the ruleset: face, back, …
    key: tuple           # where it goes in the manifest
    locale: str
    layout: str          # a layout name, looked up in the ruleset's layouts, then the shared ones
    env: dict[str, Any]
    icons: dict[str, str]      # icon or token name -> svg path
    where: str                 # "file:line: id" for error messages
    ext: str = "png"
    scale: float = 1.0
    ruleset: str = ""
    digest: str = field(default="", init=False)

    def finish(self, ruleset: str) -> "Job":
        self.ruleset = ruleset
        h = hashlib.sha256()
        payload = {
            "kind": self.kind, "locale": self.locale, "scale": self.scale, "ext": self.ext,
            "layout": layouts.digest(self.layout, ruleset), "env": self.env,
            "icons": {k: icon_digest(v) for k, v in sorted(self.icons.items())},
            "fonts": fonts.fonts_digest(), "renderer": layouts.renderer_version(ruleset),
        }
        h.update(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode())
        self.digest = h.hexdigest()[:12]
        return self

    @property
    def filename(self) -> str:
        parts = [self.ruleset, self.kind, *[str(k) for k in self.key[1:]], self.locale, self.digest, self.ext]
        return ".".join(parts)


class JobBuilder:
    """Jobs for one ruleset's content: icon and text lookups with the
    problems they find collected, plus the credits card and thumbnail every
    save carries. A ruleset subclasses it with its own kinds of image."""

    def __init__(self, content: Any, root: Path, ruleset: str, symbols: dict[str, str],
                 labels: dict, scale: float = 1.0, face_ext: str = "ppm"):
        self.content = content
        self.ruleset = ruleset
        self.face_ext = face_ext
        self.root = Path(root)
        self.scale = scale
        self.symbols = symbols
        self.labels = labels
        self.errors: list[str] = []
        self.used_icons: set[str] = set()

    def where(self, obj) -> str:
        w = getattr(obj, "where", None)
        return f"{w}: {obj.id}" if w else obj.id

    def icon(self, name: str, where: str, field_name: str = "art") -> str:
        p = icon_path(name, self.root)
        if not p.is_file():
            self.errors.append(f"{where}: {field_name}: no icon art/icons/{name}.svg "
                               f"(run tools/vendor_icons.py)")
        self.used_icons.add(name)
        return str(p)

    def symbol_paths(self, where: str) -> dict[str, str]:
        return {token: self.icon(name, where, "symbol") for token, name in self.symbols.items()}

    def tokens(self, text: str, where: str) -> None:
        for m in TOKEN_RE.finditer(text or ""):
            if m.group(1) not in self.symbols:
                self.errors.append(f"{where}: text: unknown icon token :{m.group(1)}: "
                                   f"(known: {', '.join(sorted(self.symbols))})")

    def text(self, t: dict, locale: str, where: str, field_name: str) -> str:
        value = (t or {}).get(locale)
        if value is None and t:
            self.errors.append(f"{where}: {field_name}: no {locale} text")
            return ""
        self.tokens(value or "", where)
        return value or ""

    def job(self, **kw) -> Job:
        return Job(scale=self.scale, **kw)

    def extras(self, locale: str, symbol: str) -> list[Job]:
        """The credits card (every icon used, the fonts) and the save's thumbnail."""
        icons = self.symbol_paths("layouts/credits.yaml")
        names = sorted(self.used_icons | set(self.symbols.values()))
        sep = ", "          # the names are English in every locale
        text = self.labels["credits_text"][locale].format(
            authors="Lorc, Delapouite & contributors", count=len(names))
        listed = self.labels["credits_icons"][locale].format(   # optional: the list of icons
            count=len(names), icons=sep.join(n.replace("-", " ") for n in names)) \
            if "credits_icons" in self.labels else ""
        credits = self.job(kind="credits", key=("credits",), locale=locale, layout="credits",
                           env={"symbol": symbol, "title": self.labels["credits_title"][locale],
                                "text": text, "icons": listed}, icons=icons, where="layouts/credits.yaml",
                           ext="png")
        thumb = self.job(kind="thumbnail", key=("thumbnail",), locale=locale, layout="thumbnail",
                         env={"symbol": symbol, "title": self.labels["game_title"][locale]},
                         icons=icons, where="layouts/thumbnail.yaml")
        return [credits, thumb]

    def finish(self, jobs: list[Job]) -> list[Job]:
        if self.errors:
            raise ContentError("\n".join(dict.fromkeys(self.errors)))
        return [j.finish(self.ruleset) for j in jobs]
