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

from . import art, checks, fonts, text
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
        self.report: dict[str, Any] = {"size": list(self.img.size), "boxes": [], "art": []}

    def px(self, v: float) -> int:
        return int(round(v * self.s))

    def get(self, v: Any) -> Any:
        if isinstance(v, dict) and "legible" in v:
            return checks.legible_fill(self.get(v["legible"]), [self.get(c) for c in v["inks"]])
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
        ic = icon_image(self.icon_paths[name], side, self.colour(el["colour"], (x, y, w, h)))
        self.img.alpha_composite(ic, (x + (w - side) // 2, y + (h - side) // 2))
        if el.get("role") == "art":
            self.record_art(el, (x, y, w, h), [name])

    def el_art(self, el: dict) -> None:
        """A composed picture (see `art`): ground, texture, light, an optional
        backdrop silhouette picked by the seed, the subject, vignette, frame."""
        subject = self.get(el["icon"])
        if not subject:
            return
        x, y, w, h = self.box(el)
        seed = str(self.get(el.get("seed", subject)))
        backdrop = art.pick(seed, list(self.get(el.get("backdrops", [])) or []))
        palette = {k: self.get(v) for k, v in el["palette"].items()}
        pic = art.compose((w, h), self.icon_paths[subject], seed, palette,
                          self.icon_paths[backdrop] if backdrop else None, el.get("shape", "box"),
                          self.px(el.get("radius", 0)), el.get("subject_scale", 0.86),
                          self.px(el.get("frame_width", 2)))
        self.img.alpha_composite(pic, (x, y))
        self.record_art(el, (x, y, w, h), [subject] + ([backdrop] if backdrop else []))

    def record_art(self, el: dict, box: tuple[int, int, int, int], sources: list[str]) -> None:
        """The art's pixels and the main picture it is drawn from, for the
        check that no two faces share their art."""
        x, y, w, h = box
        self.report["art"].append({"name": el.get("name", "art"), "source": sources[0],
                                   "digest": checks.art_digest(self.img.crop((x, y, x + w, y + h)))})

    def common_size(self, values: list[str], w: int, h: int, style: str, sizes: list[int],
                    max_lines: int | None) -> int:
        """One size for a set of labels: the largest at which all of them fit."""
        return min(self.lay("label", v, (0, 0, w, h), style, sizes, 1.2, max_lines).size for v in values)

    def sizes(self, size: list) -> list[int]:
        return fonts.sizes(size[0], size[1], self.s)

    def colour(self, value: Any, box: tuple[int, int, int, int]) -> str:
        """A colour, or `auto`/`{auto: [a, b]}`: the candidate that reads best
        on what is painted under the box so far."""
        value = self.get(value)
        if isinstance(value, dict) and "auto" in value:
            x, y, w, h = box
            bg = checks.dominant(self.img, (x, y, x + max(1, w), y + max(1, h)))
            return checks.readable(bg, [self.get(c) for c in value["auto"]])
        if value == "auto":
            return self.colour({"auto": ["#1e1a16", "#ffffff"]}, box)
        return value

    def lay(self, name: str, value: str, box: tuple[int, int, int, int], style: str, sizes: list[int],
            spacing: float = 1.35, max_lines: int | None = None, align: str = "left",
            balance: bool = False) -> text.Laid:
        x, y, w, h = box
        return text.fit(str(value), name, w, h, self.locale, style, sizes, spacing, max_lines,
                        justify=align == "justify", balance=balance,
                        labels=self.env.get("token_labels"))

    def put(self, name: str, laid: text.Laid, box: tuple[int, int, int, int], style: str, colour: Any,
            align: str = "left", valign: str = "top", colours: dict | None = None) -> None:
        """Draw laid text and record what the checks need about it."""
        x, y, w, h = box
        ink = self.colour(colour, box)
        colours = {k: self.colour(v, box) for k, v in (colours or {}).items()}
        drawn = text.draw(self.img, laid, x, y, w, h, self.locale, style, ink, align, valign,
                          self.icon_paths, colours)
        contrast = {s: round(checks.ink_contrast(drawn.background, drawn.mask, c), 2)
                    for s, c in drawn.colours.items()}
        paras, cur = [], []
        for line in laid.lines:
            cur.append(line.text)
            if line.last:
                paras.append(cur)
                cur = []
        if cur:
            paras.append(cur)
        self.report["boxes"].append({
            "name": name, "box": [x, y, x + w, y + h],
            "ink": list(drawn.ink) if drawn.ink else None,
            "size": laid.size, "scale_size": round(laid.size / self.s, 2), "style": style,
            "contrast": contrast, "paragraphs": paras, "cjk": fonts.is_cjk(self.locale)})

    def el_text(self, el: dict) -> None:
        value = self.get(el["text"])
        if not value:
            return
        box = self.box(el)
        style = el.get("font", "body")
        laid = self.lay(el["name"], value, box, style, self.sizes(el["size"]), el.get("spacing", 1.35),
                        el.get("max_lines"), el.get("align", "left"), balance=el.get("balance", False))
        self.put(el["name"], laid, box, style, el["colour"], el.get("align", "left"),
                 el.get("valign", "top"), el.get("colours"))

    def el_cells(self, el: dict) -> None:
        """A grid of numbered cells (0, 1, 2 …), row by row."""
        x, y, w, h = self.box(el)
        n, cols = int(self.get(el["count"])), el["cols"]
        rows = -(-n // cols)
        cw, ch = w / cols, h / rows
        pad = self.px(el.get("pad", 4))
        for i in range(n):
            cx, cy = round(x + (i % cols) * cw) + pad, round(y + (i // cols) * ch) + pad
            bw, bh = round(cw) - 2 * pad, round(ch) - 2 * pad
            self.draw.rounded_rectangle((cx, cy, cx + bw - 1, cy + bh - 1), radius=self.px(el.get("radius", 0)),
                                        fill=self.get(el["fill"]), outline=self.get(el.get("outline")),
                                        width=self.px(el.get("width", 1)))
            inner = self.px(el.get("width", 1)) + pad
            box = (cx + inner, cy + inner, bw - 2 * inner, bh - 2 * inner)
            laid = self.lay("cell", str(i), box, el.get("font", "figure"), self.sizes(el["size"]), 1.0, 1)
            self.put("cell", laid, box, el.get("font", "figure"), el["colour"], "center", "middle")


def paint(layout: dict, env: dict[str, Any], locale: str, icon_paths: dict[str, Path],
          scale: float = 1.0, elements: dict | None = None) -> Image.Image:
    return Painter(layout, env, locale, icon_paths, scale, elements).paint()


def paint_checked(layout: dict, env: dict[str, Any], locale: str, icon_paths: dict[str, Path],
                  scale: float = 1.0, elements: dict | None = None) -> tuple[Image.Image, dict]:
    """The image and its check report (text boxes, contrast, lines, art)."""
    p = Painter(layout, env, locale, icon_paths, scale, elements)
    return p.paint(), p.report
