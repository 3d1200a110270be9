"""The house's own painter elements: a room tile's doors and windows, a tile
back's lit floors, a character board's trait tracks (`RENDER.elements`)."""
from __future__ import annotations

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
    lab = el["label"]
    common = p.common_size([names[f] for f in order], cw, p.px(lab["h"]),
                           lab.get("font", "strong"), p.sizes(lab["size"]), 1)
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
        box = (cx, y + h + p.px(lab["dy"]), cw, p.px(lab["h"]))
        laid = p.lay("floor", names[floor], box, lab.get("font", "strong"), [common], 1.2, 1)
        p.put("floor", laid, box, lab.get("font", "strong"), lab["lit"] if lit else lab["dark"],
              "center", "middle")


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
    # One size for the four trait names (the longest decides).
    head_w = head - p.px(el["icon"]) - 2 * gap
    label_size = p.common_size([labels[t] for t in el["order"]], head_w, rh, "strong",
                               p.sizes(el["label_size"]), 1)
    for r, trait in enumerate(el["order"]):
        ry = y + r * rh
        t = tracks[trait]
        ic = icon_image(p.icon_paths[p.env["symbol_" + trait]], p.px(el["icon"]), ink)
        p.img.alpha_composite(ic, (x, ry + (rh - ic.height) // 2))
        lw = head - ic.width - 2 * gap
        box = (x + ic.width + gap, ry, lw, rh)
        laid = p.lay("trait", labels[trait], box, "strong", [label_size], 1.1, 1)
        p.put("trait", laid, box, "strong", ink, "left", "middle")
        cells = ["skull"] + [str(v) for v in t["track"]]
        step = (w - head) / len(cells)
        for c, value in enumerate(cells):
            cx = round(x + head + c * step + (step - cell) / 2)
            cy = ry + (rh - cell) // 2
            is_start = c - 1 == t["start"]
            fill = p.get(el["start_fill"] if is_start else el["cell_fill"])
            ring = p.colour(el.get("start_ring_ink", ink), (cx, cy, cell, cell)) if is_start else ink
            p.draw.ellipse((cx, cy, cx + cell, cy + cell), fill=fill, outline=ring,
                           width=p.px(el["start_ring" if is_start else "ring"]))
            if value == "skull":
                sk = icon_image(p.icon_paths[p.env["symbol_skull"]], int(cell * el["skull_scale"]), ink)
                p.img.alpha_composite(sk, (cx + (cell - sk.width) // 2, cy + (cell - sk.height) // 2))
                continue
            pad = p.px(el.get("digit_pad", 4))
            dbox = (cx + pad, cy + pad, cell - 2 * pad, cell - 2 * pad)
            laid = p.lay("track", value, dbox, "figure", p.sizes(el["digit_size"]), 1.0, 1)
            p.put("track", laid, dbox, "figure", el["start_ink"] if is_start else ink, "center", "middle")


ELEMENTS = {"edges": edges, "floors": floors, "tracks": tracks}
