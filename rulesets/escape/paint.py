"""Escape's own painter elements (`RENDER.elements`): the hazard tape that
marks every escape face and back apart from the house's, a row of symbols
counted out (stamina, hits to eliminate), and a number in a ring (an
item's defence or VP)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from pipeline.render.icons import icon_image
from pipeline.render.paint import Painter


def stripes(p: Painter, el: dict) -> None:
    """Diagonal tape in two colours across the box (a quarantine barrier)."""
    x, y, w, h = p.box(el)
    band = Image.new("RGBA", (w, h), p.get(el["colours"][0]))
    draw = ImageDraw.Draw(band)
    step = max(2, p.px(el.get("width", 14)))
    for i in range(-h, w + h, 2 * step):
        draw.polygon([(i, h), (i + step, h), (i + step + h, 0), (i + h, 0)], fill=p.get(el["colours"][1]))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=p.px(el.get("radius", 0)), fill=255)
    p.img.paste(band, (x, y), mask)


def pips(p: Painter, el: dict) -> None:
    """`count` copies of a symbol in a row, centred in the box, shrinking
    to fit; `of` more (up to a total) drawn faded, to show a maximum."""
    count = int(p.get(el["count"]) or 0)
    total = max(count, int(p.get(el.get("of", 0)) or 0))
    if total <= 0:
        return
    x, y, w, h = p.box(el)
    gap = p.px(el.get("gap", 6))
    side = min(h, (w - gap * (total - 1)) // total)
    start = x + (w - (total * side + gap * (total - 1))) // 2
    path = p.icon_paths[p.get(el["icon"])]
    for i in range(total):
        colour = p.get(el["colour"] if i < count else el.get("faded", el["colour"]))
        ic = icon_image(path, side, colour)
        p.img.alpha_composite(ic, (start + i * (side + gap), y + (h - side) // 2))


def badge(p: Painter, el: dict) -> None:
    """A number in a filled ring with a small symbol above it; nothing when
    the number is 0 (a card without defence or VP)."""
    value = int(p.get(el["value"]) or 0)
    if value <= 0:
        return
    x, y, w, h = p.box(el)
    ring = p.px(el.get("ring", 4))
    p.draw.ellipse((x, y, x + w - 1, y + h - 1), fill=p.get(el["fill"]), outline=p.get(el["ring_colour"]),
                   width=ring)
    side = int(h * 0.3)
    ic = icon_image(p.icon_paths[p.get(el["icon"])], side, p.get(el["ink"]))
    p.img.alpha_composite(ic, (x + (w - side) // 2, y + int(h * 0.1)))
    box = (x + ring, y + int(h * 0.4), w - 2 * ring, int(h * 0.5))
    laid = p.lay("badge", str(value), box, "figure", p.sizes(el.get("size", [32, 22])), 1.0, 1)
    p.put("badge", laid, box, "figure", el["ink"], "center", "middle")


ELEMENTS = {"stripes": stripes, "pips": pips, "badge": badge}
