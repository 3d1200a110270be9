"""Contact sheets for a person to review a build at a glance:
`python -m pipeline proof` → build/proof/<ruleset>.<group>.<locale>.png

One sheet per deck and locale (the faces cut from the very deck sheets TTS
loads, in slot order, with the back last), and one per other group of the
manifest's locale entry (whatever the ruleset lists besides its decks:
its other pieces, extras). Each picture is labelled with its name; one whose
check report has a problem (`checks`) gets a red frame and the problem
count, so a reviewer sees what the tests would say.
"""
from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw

from ..atomic import write_via
from . import checks, text

THUMB_W = 240          # px width of each picture on a sheet
COLS = 8
LABEL_H = 22
GAP = 12
INK, PAPER, BAD = "#1e1a16", "#f4f1ea", "#c62828"


def _cells(sheet: Path, entry: dict) -> list[tuple[str, Image.Image]]:
    cols, rows = entry["num_width"], entry["num_height"]
    with Image.open(sheet) as im:
        cw, ch = im.width // cols, im.height // rows
        return [(cid, im.crop(((i % cols) * cw, (i // cols) * ch, (i % cols + 1) * cw, (i // cols + 1) * ch)))
                for i, cid in enumerate(entry["cards"])]


def _files(node) -> list[tuple[str, str]]:
    """(label, file) for every image named under a manifest node."""
    out: list[tuple[str, str]] = []

    def walk(n, path: list[str]) -> None:
        if isinstance(n, dict):
            for k, v in n.items():
                walk(v, path + [str(k)])
        elif isinstance(n, list):
            for i, v in enumerate(n):
                walk(v, path + [str(i)])
        elif isinstance(n, str) and n.endswith((".png", ".jpg")):
            out.append(("/".join(path), n))
    walk(node, [])
    return out


def _sheet(title: str, items: list[tuple[str, Image.Image, int]]) -> Image.Image:
    """items: (label, picture, number of check problems)."""
    cols = min(COLS, max(1, len(items)))
    th = max(round(THUMB_W * im.height / im.width) for _, im, _ in items)
    rows = -(-len(items) // cols)
    head = 44
    sheet = Image.new("RGBA", (GAP + cols * (THUMB_W + GAP), head + rows * (th + LABEL_H + GAP) + GAP), PAPER)
    d = ImageDraw.Draw(sheet)
    laid = text.fit(title, "title", sheet.width - 2 * GAP, head - 8, "en", "title", [24, 20, 16], 1.1, 1)
    text.draw(sheet, laid, GAP, 4, sheet.width - 2 * GAP, head - 8, "en", "title", INK, "left", "middle", {})
    label_sizes = [12, 11, 10]
    for i, (label, im, bad) in enumerate(items):
        x = GAP + (i % cols) * (THUMB_W + GAP)
        y = head + (i // cols) * (th + LABEL_H + GAP)
        thumb = im.convert("RGB")
        thumb.thumbnail((THUMB_W, th), Image.Resampling.LANCZOS)
        sheet.paste(thumb, (x + (THUMB_W - thumb.width) // 2, y))
        if bad:
            d.rectangle((x - 3, y - 3, x + THUMB_W + 2, y + thumb.height + 2), outline=BAD, width=4)
            label = f"{label} — {bad} problem(s)"
        try:
            laid = text.fit(label, "label", THUMB_W, LABEL_H, "en", "label", label_sizes, 1.1, 1)
        except text.TextOverflow:
            laid = text.fit(label[-28:], "label", THUMB_W, LABEL_H, "en", "label", label_sizes, 1.1, 1)
        text.draw(sheet, laid, x, y + th + 2, THUMB_W, LABEL_H, "en", "label", BAD if bad else INK,
                  "center", "top", {})
    return sheet.convert("RGB")


def _problem_counts(build_dir: Path, ruleset: str) -> dict[tuple, int]:
    """(locale, key…) → problems in that image's report."""
    counts: dict[tuple, int] = {}
    for r in checks.load_reports(build_dir / "cache" / "render", ruleset):
        found, _ = checks.problems([r])
        counts[(r["locale"], *r["key"])] = len(found)
        counts[(r["locale"], r["file"])] = len(found)
    return counts


def build_proofs(ruleset: str, build_dir: Path) -> list[Path]:
    build_dir = Path(build_dir)
    assets = build_dir / "assets"
    manifest = json.loads((assets / f"manifest.{ruleset}.json").read_text(encoding="utf-8"))
    out_dir = build_dir / "proof"
    out_dir.mkdir(parents=True, exist_ok=True)
    bad = _problem_counts(build_dir, ruleset)
    written: list[Path] = []

    def save(name: str, img: Image.Image) -> None:
        target = out_dir / name
        write_via(target, lambda tmp: img.save(tmp, format="PNG", optimize=False))
        written.append(target)

    for loc, entry in manifest["locales"].items():
        for deck, d in entry.get("decks", {}).items():
            items = []
            for sheet in d["sheets"]:
                for cid, im in _cells(assets / sheet["file"], sheet):
                    items.append((cid, im, bad.get((loc, "face", deck, cid), 0)))
            with Image.open(assets / d["back"]) as back:
                items.append(("back", back.copy(), bad.get((loc, d["back"]), 0)))
            save(f"{ruleset}.{deck}.{loc}.png", _sheet(f"{ruleset} · {deck} · {loc} · {len(items) - 1} cards", items))
        for group, node in entry.items():
            if group == "decks":
                continue
            items = []
            for label, name in _files(node):
                with Image.open(assets / name) as im:
                    items.append((label, im.copy(), bad.get((loc, name), 0)))
            if items:
                save(f"{ruleset}.{group}.{loc}.png", _sheet(f"{ruleset} · {group} · {loc}", items))
    return written


def main(argv: list[str]) -> int:
    import argparse
    import rulesets
    ap = argparse.ArgumentParser(prog="python -m pipeline proof", description=__doc__.splitlines()[0])
    ap.add_argument("--build", type=Path, default=Path("build"))
    ap.add_argument("rulesets", nargs="*")
    args = ap.parse_args(argv)
    names = args.rulesets or [n for n in rulesets.names()
                              if (args.build / "assets" / f"manifest.{n}.json").is_file()]
    if not names:
        print("no manifest in build/assets: run `make build` first")
        return 1
    for name in names:
        for path in build_proofs(name, args.build):
            print(f"{name}: {path}")
    return 0
