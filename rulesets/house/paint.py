"""The house's own painter elements: a room tile's doors and windows, a tile
back's lit floors, a character board's trait tracks (`RENDER.elements`)."""
from __future__ import annotations

from pipeline.render import text
from pipeline.render.icons import icon_image
from pipeline.render.paint import Painter


def _edge_rect(p: Painter, side: str, el: dict, length: float, depth: float):
    x, y, w, h = p.box(el)
    L, D = p.px(length), p.px(depth)
    return {
        "N": (x + (w - L) // 2, y, x + (w + L) // 2, y + D),
        "S": (x + (w - L) // 2, y + h - D, x + (w + L) // 2, y + h),
        "W": (x, y + (h - L) // 2, x + D, y + (h + L) // 2),
        "E": (x + w - D, y + (h - L) // 2, x + w, y + (h + L) // 2),
    }[side]


def edges(p: Painter, el: dict) -> None:
    """Doors or windows on the tile's edges (top edge = north)."""
    for side in p.get(el["sides"]) or []:
        r = _edge_rect(p, side, el, el["length"], el["depth"])
        p.draw.rectangle(r, fill=p.get(el["fill"]), outline=p.get(el.get("outline")),
                            width=p.px(el.get("width", 1)))
        if "inner" in el:  # a lighter inner panel, e.g. window glass
            pad = p.px(el.get("inner_pad", 4))
            p.draw.rectangle((r[0] + pad, r[1] + pad, r[2] - pad, r[3] - pad),
                                fill=p.get(el["inner"]))


def floors(p: Painter, el: dict) -> None:
    """The tile back: one window per floor, lit where the tile may go."""
    x, y, w, h = p.box(el)
    allowed = set(p.get(el["floors"]))
    names = p.get(el["labels"])
    order = el["order"]
    n = len(order)
    gap = p.px(el.get("gap", 16))
    cw = (w - gap * (n - 1)) // n
    for i, floor in enumerate(order):
        cx = x + i * (cw + gap)
        lit = floor in allowed
        p.draw.rounded_rectangle((cx, y, cx + cw, y + h), radius=p.px(el.get("radius", 8)),
                                    fill=p.get(el["lit"] if lit else el["dark"]),
                                    outline=p.get(el["frame"]), width=p.px(el.get("frame_width", 6)))
        # Muntins: the cross that makes a rectangle read as a window.
        fw = p.px(el.get("frame_width", 6))
        p.draw.rectangle((cx + cw // 2 - fw // 2, y, cx + cw // 2 + fw // 2, y + h), fill=p.get(el["frame"]))
        p.draw.rectangle((cx, y + h // 2 - fw // 2, cx + cw, y + h // 2 + fw // 2), fill=p.get(el["frame"]))
        lab = el["label"]
        lx, ly, lw, lh = cx, y + h + p.px(lab["dy"]), cw, p.px(lab["h"])
        laid = text.fit(names[floor], "floor", lw, lh, p.locale, lab.get("font", "bold"),
                        p.px(lab["size"][0]), p.px(lab["size"][1]), 1.2, 1)
        text.draw(p.img, laid, lx, ly, lw, lh, p.locale, lab.get("font", "bold"),
                  p.get(lab["lit"] if lit else lab["dark"]), "center", "middle", p.icon_paths)


def tracks(p: Painter, el: dict) -> None:
    """Four trait tracks: icon + name, the skull, eight values, start ringed."""
    x, y, w, h = p.box(el)
    tracks = p.get(el["tracks"])
    labels = p.get(el["labels"])
    rh = p.px(el["row_height"])
    cell = p.px(el["cell"])
    head = p.px(el["head"])
    gap = p.px(el["label_gap"])
    ink = p.get(el["ink"])
    for r, trait in enumerate(el["order"]):
        ry = y + r * rh
        t = tracks[trait]
        ic = icon_image(p.icon_paths[p.env["symbol_" + trait]], p.px(el["icon"]), ink)
        p.img.alpha_composite(ic, (x, ry + (rh - ic.height) // 2))
        lw = head - ic.width - 2 * gap
        laid = text.fit(labels[trait], "trait", lw, rh, p.locale, "bold",
                        p.px(el["label_size"][0]), p.px(el["label_size"][1]), 1.1, 1)
        text.draw(p.img, laid, x + ic.width + gap, ry, lw, rh, p.locale, "bold",
                  ink, "left", "middle", p.icon_paths)
        cells = ["skull"] + [str(v) for v in t["track"]]
        step = (w - head) / len(cells)
        for c, value in enumerate(cells):
            cx = round(x + head + c * step + (step - cell) / 2)
            cy = ry + (rh - cell) // 2
            is_start = c - 1 == t["start"]
            p.draw.ellipse((cx, cy, cx + cell, cy + cell),
                              fill=p.get(el["start_fill"] if is_start else el["cell_fill"]),
                              outline=ink, width=p.px(el["start_ring" if is_start else "ring"]))
            if value == "skull":
                sk = icon_image(p.icon_paths[p.env["symbol_skull"]], int(cell * el["skull_scale"]), ink)
                p.img.alpha_composite(sk, (cx + (cell - sk.width) // 2, cy + (cell - sk.height) // 2))
                continue
            dmax, dmin = (int(cell * f) for f in el["digit_scale"])
            laid = text.fit(value, "track", cell, cell, "en", "bold", dmax, dmin, 1.0, 1)
            colour = p.get(el["start_ink"]) if is_start else ink
            text.draw(p.img, laid, cx, cy, cell, cell, "en", "bold", colour, "center", "middle",
                      p.icon_paths)


ELEMENTS = {"edges": edges, "floors": floors, "tracks": tracks}
