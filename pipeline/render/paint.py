"""Paint a layout (data from `layouts/*.yaml`) with one object's values.

A layout is a list of elements drawn in order; every coordinate, size, font
and colour is in the layout file. Values written `$name` are taken from the
object's variables (its texts in one locale, its colours, its icon names), so
the same layout serves every card of a kind and every locale. `scale`
multiplies every coordinate and font size (print-and-play renders at 2×).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

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
                 icon_paths: dict[str, Path], scale: float = 1.0):
        self.layout = layout
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

    def _edge_rect(self, side: str, el: dict, length: float, depth: float):
        x, y, w, h = self.box(el)
        L, D = self.px(length), self.px(depth)
        return {
            "N": (x + (w - L) // 2, y, x + (w + L) // 2, y + D),
            "S": (x + (w - L) // 2, y + h - D, x + (w + L) // 2, y + h),
            "W": (x, y + (h - L) // 2, x + D, y + (h + L) // 2),
            "E": (x + w - D, y + (h - L) // 2, x + w, y + (h + L) // 2),
        }[side]

    def el_edges(self, el: dict) -> None:
        """Doors or windows on the tile's edges (top edge = north)."""
        for side in self.get(el["sides"]) or []:
            r = self._edge_rect(side, el, el["length"], el["depth"])
            self.draw.rectangle(r, fill=self.get(el["fill"]), outline=self.get(el.get("outline")),
                                width=self.px(el.get("width", 1)))
            if "inner" in el:  # a lighter inner panel, e.g. window glass
                pad = self.px(el.get("inner_pad", 4))
                self.draw.rectangle((r[0] + pad, r[1] + pad, r[2] - pad, r[3] - pad),
                                    fill=self.get(el["inner"]))

    def el_floors(self, el: dict) -> None:
        """The tile back: one window per floor, lit where the tile may go."""
        x, y, w, h = self.box(el)
        allowed = set(self.get(el["floors"]))
        names = self.get(el["labels"])
        order = el["order"]
        n = len(order)
        gap = self.px(el.get("gap", 16))
        cw = (w - gap * (n - 1)) // n
        for i, floor in enumerate(order):
            cx = x + i * (cw + gap)
            lit = floor in allowed
            self.draw.rounded_rectangle((cx, y, cx + cw, y + h), radius=self.px(el.get("radius", 8)),
                                        fill=self.get(el["lit"] if lit else el["dark"]),
                                        outline=self.get(el["frame"]), width=self.px(el.get("frame_width", 6)))
            # Muntins: the cross that makes a rectangle read as a window.
            fw = self.px(el.get("frame_width", 6))
            self.draw.rectangle((cx + cw // 2 - fw // 2, y, cx + cw // 2 + fw // 2, y + h), fill=self.get(el["frame"]))
            self.draw.rectangle((cx, y + h // 2 - fw // 2, cx + cw, y + h // 2 + fw // 2), fill=self.get(el["frame"]))
            lab = el["label"]
            lx, ly, lw, lh = cx, y + h + self.px(lab["dy"]), cw, self.px(lab["h"])
            laid = text.fit(names[floor], "floor", lw, lh, self.locale, lab.get("font", "bold"),
                            self.px(lab["size"][0]), self.px(lab["size"][1]), 1.2, 1)
            text.draw(self.img, laid, lx, ly, lw, lh, self.locale, lab.get("font", "bold"),
                      self.get(lab["lit"] if lit else lab["dark"]), "center", "middle", self.icon_paths)

    def el_tracks(self, el: dict) -> None:
        """Four trait tracks: icon + name, the skull, eight values, start ringed."""
        x, y, w, h = self.box(el)
        tracks = self.get(el["tracks"])
        labels = self.get(el["labels"])
        rh = self.px(el["row_height"])
        cell = self.px(el["cell"])
        head = self.px(el["head"])
        gap = self.px(el["label_gap"])
        ink = self.get(el["ink"])
        for r, trait in enumerate(el["order"]):
            ry = y + r * rh
            t = tracks[trait]
            ic = icon_image(self.icon_paths[self.env["symbol_" + trait]], self.px(el["icon"]), ink)
            self.img.alpha_composite(ic, (x, ry + (rh - ic.height) // 2))
            lw = head - ic.width - 2 * gap
            laid = text.fit(labels[trait], "trait", lw, rh, self.locale, "bold",
                            self.px(el["label_size"][0]), self.px(el["label_size"][1]), 1.1, 1)
            text.draw(self.img, laid, x + ic.width + gap, ry, lw, rh, self.locale, "bold",
                      ink, "left", "middle", self.icon_paths)
            cells = ["skull"] + [str(v) for v in t["track"]]
            step = (w - head) / len(cells)
            for c, value in enumerate(cells):
                cx = round(x + head + c * step + (step - cell) / 2)
                cy = ry + (rh - cell) // 2
                is_start = c - 1 == t["start"]
                self.draw.ellipse((cx, cy, cx + cell, cy + cell),
                                  fill=self.get(el["start_fill"] if is_start else el["cell_fill"]),
                                  outline=ink, width=self.px(el["start_ring" if is_start else "ring"]))
                if value == "skull":
                    sk = icon_image(self.icon_paths[self.env["symbol_skull"]], int(cell * el["skull_scale"]), ink)
                    self.img.alpha_composite(sk, (cx + (cell - sk.width) // 2, cy + (cell - sk.height) // 2))
                    continue
                dmax, dmin = (int(cell * f) for f in el["digit_scale"])
                laid = text.fit(value, "track", cell, cell, "en", "bold", dmax, dmin, 1.0, 1)
                colour = self.get(el["start_ink"]) if is_start else ink
                text.draw(self.img, laid, cx, cy, cell, cell, "en", "bold", colour, "center", "middle",
                          self.icon_paths)


def paint(layout: dict, env: dict[str, Any], locale: str, icon_paths: dict[str, Path],
          scale: float = 1.0) -> Image.Image:
    return Painter(layout, env, locale, icon_paths, scale).paint()
