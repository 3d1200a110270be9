"""Paint a layout (a ruleset's `layouts/*.yaml`) with one object's values.

A layout is a list of elements drawn in order; every coordinate, size, font
and colour is in the layout file. The element types here are the shared
ones (rect, ellipse, line, icon, text); a ruleset adds its own (its
pieces' special marks) as functions `(painter, element)` in its
`RENDER.elements`. Values written `$name` are taken from the
object's variables (its texts in one locale, its colours, its icon names), so
the same layout serves every card of a kind and every locale. `scale`
multiplies every coordinate and font size (print-and-play renders at 2×).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PIL import Image, ImageDraw

from . import fonts, text
from .icons import icon_image


class LayoutError(ValueError):
    pass


def resolve(value: Any, env: dict[str, Any]) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        key = value[1:]
        if key not in env:
            raise LayoutError(f"layout refers to ${key}, which this object does not have")
        return env[key]
    return value


class Painter:
    def __init__(self, layout: dict, env: dict[str, Any], locale: str,
                 icon_paths: dict[str, Path], scale: float = 1.0,
                 elements: dict[str, Callable[["Painter", dict], None]] | None = None):
        self.layout = layout
        self.elements = elements or {}
        self.env = {**layout.get("vars", {}), **env}
        self.locale = locale
        self.icon_paths = icon_paths
        self.s = scale
        w, h = layout["size"]
        self.img = Image.new("RGBA", (self.px(w), self.px(h)), self.get(layout.get("background", "#000000")))
        self.draw = ImageDraw.Draw(self.img)

    def px(self, v: float) -> int:
        return int(round(v * self.s))

    def get(self, v: Any) -> Any:
        return resolve(v, self.env)

    def box(self, el: dict) -> tuple[int, int, int, int]:
        x, y, w, h = (self.px(v) for v in el["box"])
        return x, y, w, h

    def paint(self) -> Image.Image:
        for el in self.layout["elements"]:
            if "when" in el and not self.get(el["when"]):
                continue
            extra = self.elements.get(el["type"])
            if extra is not None:
                extra(self, el)
            else:
                getattr(self, "el_" + el["type"])(el)
        return self.img.convert("RGB")

    # -- element types -------------------------------------------------------
    def el_rect(self, el: dict) -> None:
        x, y, w, h = self.box(el)
        self.draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=self.px(el.get("radius", 0)),
                                    fill=self.get(el.get("fill")), outline=self.get(el.get("outline")),
                                    width=self.px(el.get("width", 1)))

    def el_ellipse(self, el: dict) -> None:
        x, y, w, h = self.box(el)
        self.draw.ellipse((x, y, x + w - 1, y + h - 1), fill=self.get(el.get("fill")),
                          outline=self.get(el.get("outline")), width=self.px(el.get("width", 1)))

    def el_line(self, el: dict) -> None:
        pts = [self.px(v) for v in el["points"]]
        self.draw.line(pts, fill=self.get(el["colour"]), width=self.px(el.get("width", 1)))

    def el_icon(self, el: dict) -> None:
        name = self.get(el["icon"])
        if not name:
            return
        x, y, w, h = self.box(el)
        side = min(w, h)
        ic = icon_image(self.icon_paths[name], side, self.get(el["colour"]))
        self.img.alpha_composite(ic, (x + (w - side) // 2, y + (h - side) // 2))

    def el_text(self, el: dict) -> None:
        value = self.get(el["text"])
        if not value:
            return
        x, y, w, h = self.box(el)
        smax, smin = el["size"]
        weight = el.get("font", "regular")
        laid = text.fit(str(value), el["name"], w, h, self.locale, weight,
                        self.px(smax), self.px(smin), el.get("spacing", 1.35), el.get("max_lines"))
        text.draw(self.img, laid, x, y, w, h, self.locale, weight, self.get(el["colour"]),
                  el.get("align", "left"), el.get("valign", "top"), self.icon_paths)


def paint(layout: dict, env: dict[str, Any], locale: str, icon_paths: dict[str, Path],
          scale: float = 1.0, elements: dict | None = None) -> Image.Image:
    return Painter(layout, env, locale, icon_paths, scale, elements).paint()
