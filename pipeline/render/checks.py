"""Checks every rendered face passes, recorded while it is drawn.

The painter keeps, for each text box, the background under it before the
text went on, the ink the text made and the lines it was set in. From that:

- contrast: WCAG 2 contrast ratio between each text colour and the
  background under its ink (the ink dilated by a pixel, antialiasing
  ignored), at least 4.5:1 (AA for normal text);
- ink inside the box: no glyph, icon or accent drawn outside its box;
- line rules: kinsoku both ways, no number/unit split, no "2 / mental",
  no one-character or one-word last line (see `linebreak`);
- art: a digest of each art element's pixels, so tests can tell that no
  two faces share a picture.

The results go into a report per image (`report_name`), which the tests
read for every face of every locale.
"""
from __future__ import annotations

import hashlib
from typing import Iterable

from PIL import Image, ImageFilter

from .linebreak import NO_END, NO_START, UNITS, tokenize

AA = 4.5


def _channel(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb[:3]
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def rgb(colour: str) -> tuple[int, int, int]:
    from PIL import ImageColor
    return ImageColor.getrgb(colour)[:3]


def readable(background: tuple[int, int, int], candidates: Iterable[str]) -> str:
    """The candidate colour with the best contrast on `background`."""
    return max(candidates, key=lambda c: ratio(rgb(c), background))


def legible_fill(fill: str, inks: Iterable[str], target: float = AA + 0.3) -> str:
    """`fill` moved towards black or white, the fewest steps needed for the
    best of `inks` to read on it at `target`: a figure's own colour stays
    recognisable while white or dark digits on it stay legible."""
    base = rgb(fill)
    inks = list(inks)
    for step in range(0, 21):
        t = step / 20
        for toward in ((0, 0, 0), (255, 255, 255)):
            c = tuple(round(b + (o - b) * t) for b, o in zip(base, toward))
            if max(ratio(rgb(i), c) for i in inks) >= target:
                return "#%02x%02x%02x" % c
    return fill


def dominant(img: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The most common colour inside box (x0, y0, x1, y1)."""
    region = img.crop(box).convert("RGB").quantize(16, method=Image.Quantize.MEDIANCUT).convert("RGB")
    return max(region.getcolors(1 << 16))[1]


def ink_contrast(background: Image.Image, mask: Image.Image, colour: str,
                 ignore: float = 0.03) -> float:
    """Worst contrast between `colour` and the background under the ink.
    Background colours covering less than `ignore` of the ink are left out
    (antialiased edges of shapes behind the text)."""
    box = mask.getbbox()
    if box is None:
        return float("inf")
    x0, y0, x1, y1 = box
    pad = 2
    box = (max(0, x0 - pad), max(0, y0 - pad), min(mask.width, x1 + pad), min(mask.height, y1 + pad))
    m = mask.crop(box).point(lambda v: 255 if v > 40 else 0).filter(ImageFilter.MaxFilter(3))
    bg = background.crop(box).convert("RGB")
    # Pixels outside the (dilated) ink become one sentinel colour, not counted.
    sentinel = (255, 0, 255) if rgb(colour) != (255, 0, 255) else (0, 255, 0)
    only = Image.new("RGB", bg.size, sentinel)
    only.paste(bg, (0, 0), m)
    colours = only.getcolors(bg.width * bg.height) or []
    colours = [(n, c) for n, c in colours if c != sentinel]
    total = sum(n for n, _ in colours)
    if not total:
        return float("inf")
    ink = rgb(colour)
    counted = [c for n, c in colours if n >= ignore * total] or [max(colours)[1]]
    return min(ratio(ink, c) for c in counted)


def inside(ink: tuple[int, int, int, int] | None, box: tuple[int, int, int, int]) -> bool:
    """ink and box as (x0, y0, x1, y1), x1/y1 exclusive."""
    if ink is None:
        return True
    return ink[0] >= box[0] and ink[1] >= box[1] and ink[2] <= box[2] and ink[3] <= box[3]


def art_digest(img: Image.Image) -> str:
    return hashlib.sha256(img.convert("RGB").tobytes()).hexdigest()[:16]


# -- line rules ---------------------------------------------------------------
def _units(atoms) -> int:
    return sum(1 for a in atoms if a.kind == "icon"
               or (a.kind == "char" and a.text not in NO_START and a.text not in NO_END
                   and not (len(a.text) == 1 and not a.text.isalnum()))
               or (a.kind == "word" and any(c.isalnum() for c in a.text)))


def line_problems(paragraphs: list[list[str]], cjk: bool) -> list[str]:
    """Problems in lines as set: each paragraph a list of line strings (icons
    as `:token:`). Independent of the breaker: it re-reads the strings."""
    out: list[str] = []
    for para in paragraphs:
        lines = [tokenize(l, cjk) for l in para]
        for i, atoms in enumerate(lines):
            if not atoms:
                continue
            first, last = atoms[0], atoms[-1]
            if i > 0 and first.kind in ("char", "word") and first.text[0] in NO_START:
                out.append(f"line starts with {first.text[0]!r}: {para[i]!r}")
            if i < len(lines) - 1:
                nxt = lines[i + 1][0] if lines[i + 1] else None
                if last.kind in ("char", "word") and last.text[-1] in NO_END:
                    out.append(f"line ends with {last.text[-1]!r}: {para[i]!r}")
                if nxt is not None:
                    if last.is_number and (nxt.kind == "icon" or nxt.text[:1] in UNITS):
                        out.append(f"number split from its unit: {para[i]!r} / {para[i + 1]!r}")
                    if (last.kind == "char" and last.text in UNITS and len(atoms) > 1
                            and atoms[-2].is_number and nxt.kind == "icon"):
                        out.append(f"number and unit split from the icon: {para[i]!r} / {para[i + 1]!r}")
                    if not cjk and last.is_number and nxt.kind in ("word", "icon"):
                        out.append(f"number split from its word: {para[i]!r} / {para[i + 1]!r}")
        if len(lines) > 1 and _units(lines[-1]) <= 1:
            out.append(f"one-{'character' if cjk else 'word'} last line: {para[-1]!r}")
    return out


def report_name(image_name: str) -> str:
    return image_name + ".check.json"


def load_reports(folder, ruleset: str) -> list[dict]:
    import json
    from pathlib import Path
    return [json.loads(p.read_text(encoding="utf-8"))
            for p in sorted(Path(folder).glob(f"{ruleset}.*.check.json"))]


def problems(reports: list[dict]) -> tuple[list[str], dict]:
    """Every check over a build's reports: (problems, figures)."""
    out: list[str] = []
    figures = {"images": len(reports), "boxes": 0, "lines": 0, "min_contrast": float("inf"),
               "min_contrast_at": ""}
    titles: dict[tuple, set] = {}
    art: dict[tuple, dict[str, str]] = {}
    for r in reports:
        where = f"{r['file']} ({r['where']})"
        sizes_here: dict[str, set] = {}
        for b in r["boxes"]:
            figures["boxes"] += 1
            for style, c in b["contrast"].items():
                if c < figures["min_contrast"]:
                    figures["min_contrast"], figures["min_contrast_at"] = c, f"{where} {b['name']}/{style}"
                if c < AA:
                    out.append(f"{where}: box {b['name']}: {style} text contrast {c}:1 < {AA}:1")
            if not inside(tuple(b["ink"]) if b["ink"] else None, tuple(b["box"])):
                out.append(f"{where}: box {b['name']}: ink {b['ink']} outside the box {b['box']}")
            figures["lines"] += sum(len(p) for p in b["paragraphs"])
            out += [f"{where}: box {b['name']}: {p}" for p in line_problems(b["paragraphs"], b["cjk"])]
            sizes_here.setdefault(b["name"], set()).add(b["size"])
            if b["name"] == "title" and r["kind"] == "face":
                titles.setdefault((r["locale"], r["key"][1]), set()).add(b["scale_size"])
        for name, sizes in sorted(sizes_here.items()):
            if len(sizes) > 1:   # labels of one kind on one face (a row of names) share a size
                out.append(f"{where}: the {name} boxes are set in {len(sizes)} sizes {sorted(sizes)}")
        for a in r["art"]:
            obj = "/".join(r["key"])
            seen = art.setdefault((r["locale"], "pixels"), {})
            other = seen.get(a["digest"])
            if other is not None and other != obj:
                out.append(f"{where}: art {a['name']} is the same picture as on {other}")
            seen[a["digest"]] = obj
            if a.get("source"):
                # one main picture per object: the two sides of one piece are two objects here
                by_src = art.setdefault((r["locale"], "source"), {})
                other = by_src.get(a["source"])
                if other is not None and other != obj:
                    out.append(f"{where}: art {a['name']} is drawn from {a['source']}, as on {other}")
                by_src[a["source"]] = obj
    for (loc, deck), sizes in sorted(titles.items()):
        if len(sizes) > 1:
            out.append(f"{loc} {deck}: card titles set in {len(sizes)} sizes {sorted(sizes)}, not one")
    return out, figures


def main(argv: list[str] | None = None) -> int:
    """`python -m pipeline.render.checks [build] [ruleset]`: the check figures."""
    import sys
    argv = sys.argv[1:] if argv is None else argv
    folder = (argv[0] if argv else "build") + "/cache/render"
    ruleset = argv[1] if len(argv) > 1 else "house"
    found, fig = problems(load_reports(folder, ruleset))
    for p in found:
        print(p)
    print(f"{fig['images']} images, {fig['boxes']} text boxes, {fig['lines']} lines checked; "
          f"lowest text contrast {fig['min_contrast']}:1 ({fig['min_contrast_at']}); "
          f"{len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
